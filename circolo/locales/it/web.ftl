## Il client del browser: sala, tavolo, impostazioni, storico, verifica.

web-opt-players = Giocatori
web-opt-players-2 = 1 contro 1
web-opt-players-4 = 2 contro 2
web-opt-target = Partita a
web-opt-target-single_hand = Una sola mano
web-opt-faces = Tipo di carte
web-opt-faces-italian = Italiane
web-opt-faces-french = Francesi
web-opt-hands = Smazzate
# Il campo vuoto di un numero facoltativo: $value, un valore consueto (4 smazzate, 2005 punti).
web-opt-example = es. { $value }
web-opt-seven_opening = Regola della casa: apertura col 7
web-opt-bonus_61_59 = Regola della casa: premio per 61 a 59
web-history = Storico
web-replay = Rivedi
web-history-unavailable = Lo storico delle partite non è ancora disponibile su questo server.
web-no-history = Nessuna partita finita.
web-older = Partite precedenti
web-step = Mossa
web-first = Inizio
web-previous = Indietro
web-next = Avanti
web-last = Fine
web-app = Circolo
web-game-label = Gioco
web-lobby = Sala
web-settings = Impostazioni
web-verify = Verifica un mescolamento
web-language = Lingua
web-game-scopa = Scopa
web-game-bisca = Bisca Capixaba
web-game-burraco = Burraco
web-mode-2 = 1 contro 1
web-mode-4 = 2 contro 2
web-game-scopa-about = Prendi le carte di pari valore o che sommano il valore della tua; spazza il tavolo per fare scopa.
web-game-bisca-about = La briscola brasiliana: vince chi arriva per primo a 4 punti.
web-game-burraco-about = Giochi, burraco e pozzetto.
web-play-now = Gioca subito
web-open-tables = Tavoli aperti
web-no-tables = Nessun tavolo aperto: premi Gioca subito e i bot occupano i posti liberi.
web-create-table = Crea un tavolo
web-create = Crea
web-watch = Guarda
web-join = Siediti
web-speed = Velocità
web-speed-standard = Normale
web-speed-relaxed = Tranquilla
web-speed-untimed = Senza limite di tempo
web-private = Privato (link d'invito)
web-rated = Valida per la classifica (se tutti accettano)
web-seat-label = Posto { $seat }
web-seat-me = Io
web-seat-open = Posto libero
web-seat-bot = Bot
web-level-random = Facile
web-level-greedy = Medio
web-level-expert = Esperto
web-bot = Bot
web-you = tu
web-dealer = Mazziere
web-dealer-tag = M
web-waiting = In attesa di giocatori…
web-waiting-bots = Tra { $seconds } s arrivano i bot, se non viene nessuno.
web-invite-link = Link d'invito
web-copy = Copia
web-copied = Copiato
web-your-turn = Tocca a te
web-turn-of = Tocca a { $name }
web-spectator = Stai guardando
web-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } carte
}
web-points = { $count ->
    [one] { $count } punto
   *[other] { $count } punti
}
web-stock = { $game ->
    [burraco] Tallone
   *[other] Mazzo
}
web-pile = Scarti
web-table = Tavolo
web-scores = Punteggio
web-hand = Le tue carte
web-card-forbidden = non giocabile ora
web-start-match = Inizia la partita
web-continue = Continua
web-rematch = Rivincita
web-table-closed-left = Il tavolo è chiuso: un giocatore è uscito.
web-table-closed-rematch_declined = Il tavolo è chiuso: un giocatore ha rifiutato la rivincita.
web-table-closed-rematch_expired = Il tavolo è chiuso: il tempo per la rivincita è scaduto.
web-leave = Lascia il tavolo
web-back-to-lobby = Torna alla sala
web-offline = Connessione persa — mi ricollego…
web-offline-seat = connessione persa
web-reconnected = Di nuovo in linea
web-chat = Chat
web-send = Invia
web-chat-placeholder = Scrivi un messaggio
web-log = Mosse
web-disconnected-for = { $name } ha perso la connessione: deve tornare entro
web-return-invite = Il tuo tavolo ti aspetta
web-reopen = Riapri il tavolo
web-return-in = { $seconds } s per riaprirlo
web-commitment = Impronta del mescolamento
web-verify-link = Verifica questo mescolamento
web-seed = Codice
web-match-over = Partita finita
web-you-won = Hai vinto!
web-you-lost = Hai perso
web-draw = Pareggio
web-winner = { $count ->
    [one] Vince { $name }
   *[other] Vincono { $name }
}
web-reason = Motivo
web-hand-number = { $game ->
    [burraco] Smazzata { $hand }
   *[other] Mano { $hand }
}
web-match = Partita
web-match-number = Partita { $match }
web-total = Totale
web-reason-score = decisa dal punteggio
web-reason-abandonment = un giocatore ha abbandonato
web-reason-cancelled = annullata prima dell'inizio
web-reason-start_deadline = nessuno ha premuto Inizia la partita in tempo
web-reason-vote = decisa con il voto
web-reason-clock = tempo esaurito
web-reason-disconnection = un giocatore non è tornato
web-reason-target = punteggio raggiunto
web-reason-hands = tutte le smazzate giocate
web-reason-abandon = un giocatore ha abbandonato
web-reason-disconnect = un giocatore non è tornato
web-reason-timeout = tempo esaurito
web-reason-draw = pareggio concordato
web-reason-log_full = partita troppo lunga: pareggio
web-cut = Taglia il mazzo
web-cut-how = Quante carte spostare dalla cima al fondo
web-cut-auto = Se non tagli, tra pochi secondi il mazzo viene tagliato per te.
web-cut-choose = Scegli dove tagliare
web-choose-capture = Scegli la presa
web-lay = Calala sul tavolo
web-cat-carte = Carte
web-cat-denari = Denari
web-cat-settebello = Settebello
web-cat-primiera = Primiera
web-cat-scope = Scope
web-copas = mano a copas, vale doppio
web-sorteio = Sorteggio
web-choose-trump = Scegli la briscola
web-trump = Briscola
web-open-card = Carta scoperta
web-exchange = Scambia il 2
web-pass = Passo
web-exchange-prompt = Hai il 2 di briscola: scambialo con la carta scoperta, oppure tienilo.
web-exchange-waiting = Si attende lo scambio del 2 di briscola: chi ce l'ha può scambiarlo con la carta scoperta.
web-trick = Presa
web-last-trick = Presa precedente
web-won-trick = { $who ->
    [you] La presa è tua
   *[other] { $name } prende
}
web-relo = Relo!
web-vote = Tutti e due al traguardo nella stessa mano
web-vote-replay = Rigioca la mano
web-vote-draw = Pareggio
web-draw-card = Pesca
web-take = Raccogli gli scarti
web-meld = Cala
web-extend = Allunga
web-discard = Scarta
web-melds = Giochi
web-pozzetto = Pozzetto
web-pozzetti = Pozzetti
web-select-cards = Seleziona le carte, poi cala, allunga o scarta
web-wild-where = Dove va la matta?
web-stands-for = come { $card }
web-burraco-clean = burraco pulito
web-burraco-semi = burraco semipulito
web-burraco-dirty = burraco sporco
web-move-sent = Invio…
web-no-answer = Il server non risponde: ricarico il tavolo
web-error-other = Qualcosa non va: { $message }
web-set-faces = Carte
web-faces-auto = Come scelto per il tavolo
web-faces-italian = Italiane (napoletane)
web-faces-french = Francesi
web-set-four-colour = Semi a quattro colori
web-set-letters = Lettera del seme nell'angolo
web-set-back = Dorso
web-back-green = Verde
web-back-red = Rosso
web-back-blue = Blu
web-set-sound = Suoni
web-set-notify = Avvisami quando tocca a me (scheda nascosta)
web-set-motion = Animazioni
web-set-confirm = Conferme: un secondo tocco gioca la carta nella Bisca, e lasciare una partita in corso chiede prima
web-set-shortcuts = Scorciatoie da tastiera (frecce, Invio, numeri)
web-close = Chiudi
web-name = Nome
web-verify-check = Verifica
web-moves = { $count ->
    [one] { $count } mossa
   *[other] { $count } mosse
}
web-sides = Squadre
web-team = Squadra
web-opponents = Avversari
web-your-team = La tua squadra
web-move-queued = Sei offline: la tua mossa partirà quando torna la connessione.
web-move-not-sent = La tua mossa non è stata inviata: il gioco è andato avanti.
web-leave-title = Lasci il tavolo?
web-leave-loses = Se lasci una partita in corso, la perdi.
web-leave-loses-team = Se lasci una partita in corso, la tua squadra la perde.
web-leave-confirm = Lascia e perdi
web-stay = Resta
web-match-number = Partita { $match }
web-chat-not-sent = Non inviato: la connessione è caduta. Il messaggio è ancora nella casella.

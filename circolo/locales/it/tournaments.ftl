## Tornei nel browser: l'elenco della sala, la pagina di un torneo (#/tournament/<id>),
## gli avvisi che raggiungono il giocatore ovunque, e l'Inizia la partita di un turno.

tour-title = Tornei
tour-none = Nessun torneo aperto in questo momento.
tour-finished-list = Conclusi di recente
tour-kind-sit_and_go = Sit and go
tour-kind-scheduled = Con orario
tour-single-hand = partita secca
tour-seats = { $count ->
    [one] { $count } posto
   *[other] { $count } posti
  }
tour-chips = { $count ->
    [one] { $count } gettone
   *[other] { $count } gettoni
  }
tour-free = Gratis
tour-fee = Iscrizione: { $fee }
tour-pool = Montepremi: { $pool }
tour-practice = Allenamento
tour-rated = Valido per la classifica
tour-unrated = Fuori classifica
tour-filled = { $entries }/{ $capacity } iscritti
tour-starts-at = Inizia { $time }
tour-starts-when-full = Inizia quando è pieno
tour-status-registering = Iscrizioni aperte
tour-status-drawing = Sorteggio del tabellone
tour-status-running = Turno { $round } di { $rounds }
tour-status-playing = In corso
tour-status-finished = Concluso
tour-status-cancelled = Annullato
tour-registered = Sei iscritto
tour-register = Iscriviti
tour-unregister = Ritira l'iscrizione
tour-add-bots = Completa i posti liberi con i bot
tour-open = Apri
tour-start-rule = A ogni turno hai { $count ->
    [one] 1 minuto
   *[other] { $count } minuti
  } per premere «Inizia la partita» al tuo tavolo, altrimenti perdi quella partita.
tour-start-rule-seconds = A ogni turno hai { $count ->
    [one] 1 secondo
   *[other] { $count } secondi
  } per premere «Inizia la partita» al tuo tavolo, altrimenti perdi quella partita.
tour-bots-rule = Allenamento: gratis e fuori classifica; i bot possono occupare i posti liberi.
tour-split-title = Come si divide il montepremi
tour-split-under = Con meno di 8 iscritti il vincitore prende tutto.
tour-split-small = Da 8 a 15 iscritti
tour-split-large = 16 iscritti o più
tour-split-now = Con { $count } iscritti
tour-split-share = Quota
tour-split-each = { $share } ciascuno
tour-place = { $place ->
    [1] Vincitore
    [2] Secondo
   *[other] Dal { $place }º al { $last }º posto
  }
tour-entries-title = Iscritti
tour-entries-none = Ancora nessun iscritto.
tour-seed = testa di serie { $seed }
tour-bracket = Tabellone
tour-bracket-none = Il tabellone si sorteggia quando il torneo comincia.
tour-round = Turno { $round }
tour-semi = Semifinali
tour-final = Finale
tour-empty-side = —
tour-how-bye = passa il turno senza giocare
tour-how-walkover = vittoria a tavolino
tour-how-absent = non si è presentato
tour-how-empty = nessuno
tour-how-coin = sorteggio (due bot)
tour-how-both_lost = nessuno dei due si è presentato
tour-how-seed_after_draws = testa di serie migliore dopo i pareggi
tour-how-other = deciso senza giocare
tour-how-start_deadline = non ha premuto Inizia in tempo
tour-how-clock = tempo scaduto
tour-how-abandonment = ha lasciato il tavolo
tour-how-disconnection = non è tornato al tavolo
tour-play = Gioca
tour-your-match = La tua partita
tour-your-match-against = Tu contro { $opponent }
tour-go-table = Vai al tuo tavolo
tour-out = Sei uscito al turno { $round }.
tour-champion = Campione: { $names }
tour-no-champion = Nessun campione: nessuno dei due finalisti si è presentato.
tour-cancelled = Il torneo è stato annullato: tutte le iscrizioni sono state rimborsate.
tour-commitments = Impegni delle distribuzioni
tour-commitments-about = Le carte di ogni turno vengono da un segreto impegnato prima del sorteggio e rivelato alla fine del turno: controlla qualsiasi mano nella pagina di verifica.
tour-secret-later = rivelato alla fine del turno
tour-col-round = Turno
tour-col-commitment = Impegno
tour-col-secret = Segreto
tour-compare = Turno { $round }: le stesse carte a ogni tavolo
tour-compare-more = Altri tavoli
tour-col-hand = Mano
tour-hand-deal = Mano { $hand } (distribuzione { $deal })
tour-payouts = Premi
tour-col-place = Posto
tour-col-player = Giocatore
tour-col-amount = Gettoni
tour-unknown = Questo torneo non esiste.
tour-unavailable = I tornei non sono disponibili in questo momento.
tour-login = Accedi
tour-why-needs_account = I tornei sono per chi ha un account: accedi o creane uno per iscriverti.
tour-why-chips_insufficient = Non hai abbastanza gettoni per l'iscrizione.
tour-why-full = Tutti i posti sono occupati.
tour-why-closed = Le iscrizioni sono chiuse.
tour-why-not_found = Questo torneo non esiste.
tour-why-already_registered = Sei già iscritto.
tour-why-not_registered = Non sei iscritto.
tour-why-no_bots = Solo un torneo di allenamento accetta i bot.
tour-why-registration_closed = Le iscrizioni sono chiuse.
tour-why-rate_limited = Troppe richieste: aspetta un momento e riprova.
tour-why-no_partner = Questo link del compagno non è più valido: chiedine uno nuovo al tuo compagno.
tour-notice-round_started = È iniziato il turno { $round } di { $name }: il tuo tavolo è pronto.
tour-notice-replay = La tua partita di { $name } si rigioca: il tuo tavolo è pronto.
tour-notice-bye = { $name }: passi il turno { $round } senza giocare.
tour-notice-walkover = { $name }: il tuo avversario non si è presentato, passi il turno { $round } a tavolino.
tour-notice-eliminated = { $name }: sei eliminato, al turno { $round }.
tour-notice-won = Hai vinto { $name }!
tour-notice-cancelled = { $name } è stato annullato: la tua iscrizione è rimborsata.
tour-notice-prize = { $name }: il tuo premio è di { $amount }.
tour-notice-go = Vai al tavolo
tour-notice-see = Vedi il torneo
tour-notice-dismiss = Chiudi
tour-match = Partita di torneo
tour-start-within = Premi «Inizia la partita» entro
tour-start-lose = altrimenti perdi questa partita.
tour-ready = Pronti: { $names }
tour-nobody-ready = Nessuno ha ancora premuto «Inizia la partita».
tour-waiting-opponent = Aspettiamo che il tuo avversario prema «Inizia la partita».
tour-waiting-others = Aspettiamo che gli altri giocatori premano «Inizia la partita».
tour-back = Torna al torneo

# 2 v 2: a pair enters through the link one partner sends the other
tour-pair-ask = Iscriviti con un compagno
tour-pair-join = Iscriviti in coppia con il tuo compagno
tour-pair-send = Manda questo link al tuo compagno. La coppia è iscritta quando lo apre e preme “Iscriviti in coppia con il tuo compagno”.
tour-pair-copy = Copia il link
tour-pair-copied = Link copiato
tour-pair-invited = Un compagno ti ha invitato a giocare questo torneo in coppia.

## Verificare una distribuzione: la pagina di verifica, "verifica tutte le mani" dello storico, `circolo verify`.

verify-match = ✓ Il codice coincide con l'impronta: il mescolamento era fissato prima della distribuzione.
verify-mismatch = ✗ Questo codice NON coincide con l'impronta: non è il codice di quella mano.
verify-digest = SHA-256 del codice: { $digest }
verify-seat = { $role ->
    [dealer] Posto { $seat } (mazziere)
    [first] Posto { $seat } (riceve per primo)
   *[other] Posto { $seat }
}
verify-cut = Il taglio: { $count ->
    [one] { $count } carta spostata
   *[other] { $count } carte spostate
} dalla cima al fondo del mazzo.
verify-void = { $count ->
    [one] Una distribuzione nulla (tre o quattro Re in tavola): il mazzo è stato rimescolato.
   *[other] { $count } distribuzioni nulle (tre o quattro Re in tavola): ogni volta il mazzo è stato rimescolato.
}
verify-waiting-cut = Questa distribuzione aspetta il taglio: indica quante carte sono state tagliate (da 4 a 36).
verify-trump = { $choice ->
    [copas] Copas: briscola cuori, nessuna carta girata.
   *[sorteio] Sorteggio: briscola { $suit }.
}
verify-table = In tavola
verify-open = Carta scoperta, sotto il mazzo (si pesca per ultima)
verify-turned = Carta girata: { $card }, un Asso o un Sette: è tornata nel mazzo.
verify-pile = Scarti
verify-pozzetto = Pozzetto { $number }
verify-stock = { $game ->
    [burraco] Tallone, dall'alto
   *[other] Mazzo, dall'alto
}
verify-deck = Il mazzo mescolato, dall'alto

web-verify-title = Verifica una distribuzione
web-verify-lead = Prima di ogni mano il tavolo pubblica lo SHA-256 di un codice segreto: l'impronta. Finita la mano, rivela il codice. Incollali qui tutti e due: se coincidono, il mescolamento era fissato prima della distribuzione, e qui sotto vedi la distribuzione che quel codice dà, carta per carta, da confrontare con le carte che avevi.
web-verify-players = Giocatori
web-verify-dealer = Mazziere
web-verify-first = Primo giocatore
web-verify-cut-label = Carte tagliate
web-verify-choice = Briscola
web-verify-sorteio = Sorteggio
web-verify-copas = Copas
web-verify-unreadable = ✗ Questo codice non si legge: sono 64 cifre esadecimali (0–9, a–f), come le mostra la sala.
web-verify-no-deal = Non si può mostrare la distribuzione: { $reason }
web-verify-yourself = Controlla da te
web-verify-yourself-how = Con Python 3 e nient'altro: incolla queste righe in python3. Stampano l'impronta, poi il mazzo mescolato dall'alto. { $dealing }
web-verify-dealing-scopa = Poi chi taglia sposta le carte tagliate dalla cima al fondo; il mazziere dà tre carte a ogni giocatore, una alla volta, cominciando da chi gli sta dopo, e ne mette quattro in tavola.
web-verify-dealing-bisca = Poi tre carte a ogni giocatore, tre alla volta, cominciando da chi sta dopo il mazziere; col sorteggio si gira la carta seguente.
web-verify-dealing-burraco = Poi undici carte a ogni giocatore, una alla volta, cominciando dal primo giocatore; la carta seguente va scoperta negli scarti; i due pozzetti da undici si prendono dal fondo, una carta alla volta, a turno.
web-verify-all = Verifica tutte le distribuzioni
# $game: scopa, bisca o burraco (nel Burraco la mano è una smazzata).
web-verify-hand = { $game ->
    [burraco] Smazzata { $hand }
   *[other] Mano { $hand }
}
web-verify-hand-ok = codice, impronta e distribuzione coincidono.
web-verify-hand-bad-seed = il codice NON coincide con l'impronta.
web-verify-hand-bad-deal = le carte giocate NON sono quelle che questo codice distribuisce.
web-verify-hand-unknown = ora non si può verificare (riprova fra un minuto).
web-verify-see = Vedi la distribuzione
web-verify-summary = Distribuzioni verificate: { $ok } su { $count }.

error-bad_seed = Questo codice non si legge: sono 64 cifre esadecimali, come le mostra la sala.
error-bad_deal = Questa distribuzione non si può fare così: controlla il gioco, i giocatori, il mazziere e il taglio.
error-bad_game = Questo gioco non esiste.

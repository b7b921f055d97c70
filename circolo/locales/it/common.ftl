## La sala: scelte iniziali, giocatori, turni, domande, risultati di mano e partita.

language-self = Italiano
game-scopa = Scopa
game-bisca = Bisca Capixaba
game-burraco = Burraco
level-random = Facile
level-greedy = Medio
level-expert = Esperto
setup-language = Language / Lingua / Idioma?
setup-game = A che gioco vuoi giocare?
setup-level = Quanto sono forti i bot?
welcome = Circolo — { $game }. Sei al posto { $seat }. Scrivi il numero della tua scelta; Ctrl-D per uscire.
bot-name = { $seat ->
    [1] Bruno
    [2] Carla
    [3] Dario
   *[other] Elena
}
bot-label = { $name } (Bot, { $level })
opponent-one = Giochi contro { $opponent }.
opponent-team = In squadra con te: { $partner }. Avversari: { $opponents }.
you = Tu
seat = posto { $seat }
# Un lato come lo vede il giocatore. $who: you (1 contro 1), we (la tua squadra),
# other (un avversario), they (una squadra di altri); $name: i nomi.
side-name = { $who ->
    [you] Tu
    [we] La tua squadra ({ $name })
   *[other] { $name }
}
your-turn = Tocca a te.
choose = Scegli [1-{ $count }]:
not-a-choice = Scrivi un numero da 1 a { $count }.
go-back = Torna indietro
points = { $points ->
    [one] { $points } punto
   *[other] { $points } punti
}
cards-count = { $count ->
    [one] { $count } carta
   *[other] { $count } carte
}
hand-over = { $game ->
    [burraco] Smazzata finita.
   *[other] Mano finita.
}
hand-points = { $game ->
    [burraco] Punti della smazzata
   *[other] Punti della mano
}
match-score = Punteggio della partita: { $scores }
target-points = La partita è a { $target } punti.
target-single = Si gioca una mano sola.
target-hands = La partita dura { $hands ->
    [one] una smazzata
   *[other] { $hands } smazzate
}: vince chi ha più punti.
to-go-points = vince chi arriva a { $target }
to-go-hands = smazzata { $played } di { $hands }
press-enter = Premi Invio per continuare.
match-won = { $who ->
    [you] Hai vinto la partita!
    [we] La tua squadra ha vinto la partita!
    [they] { $name } vincono la partita.
   *[other] { $name } vince la partita.
}
match-drawn = La partita finisce pari.
decide = Siete arrivati al traguardo insieme, nella stessa mano. Cosa voti?
choice-replay = Rigiocare la mano (si torna al punteggio di prima)
choice-draw = Chiudere la partita in pareggio
goodbye = Arrivederci.

## Eventi comuni a ogni gioco.

event-hand-over = { $game ->
    [burraco] Smazzata finita.
   *[other] Mano finita.
} { $scores }.
event-side-points = { $name }: { points }
event-auto-move = { $who ->
    [you] Tempo scaduto: mossa automatica per te.
   *[other] Tempo scaduto: mossa automatica per { $name }.
}

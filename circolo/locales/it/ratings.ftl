## Ratings: the leaderboards, my ratings, a rated match's change.

rating-title = Classifica
rating-nav = Classifica
rating-about = Le partite tra persone a velocità normale contano per la classifica ai tavoli pubblici, e a quelli privati se tutti la accettano, per gioco e per modalità. Si parte da 1000 punti; il punteggio sale man mano che la sala ti conosce meglio.
rating-mine-none = Non hai ancora un punteggio: finisci una partita contro una persona a un tavolo pubblico.
rating-board = Classifica
rating-mode = Modalità e periodo
rating-period-all = Di sempre
rating-period-month = Di questo mese
rating-unavailable = La classifica ora non è disponibile.
rating-board-empty = Qui non c'è ancora nessuno in classifica.
rating-col-rank = #
rating-col-player = Giocatore
rating-col-rating = Punteggio
rating-col-matches = Partite
rating-col-wins = Vittorie
rating-newer = ← Più in alto
rating-more = Più in basso →
rating-record = { $matches ->
    [one] una partita
   *[other] { $matches } partite
  }, { $wins ->
    [0] nessuna vittoria
    [one] una vittoria
   *[other] { $wins } vittorie
  }
rating-chart = Punteggio da { $from } a { $to } { $matches ->
    [one] nell'ultima partita
   *[other] nelle ultime { $matches } partite
  }
rating-change = Punteggio: { $before } → { $after } ({ $delta })
rating-change-of = { $name }: { $before } → { $after } ({ $delta })
rating-rated = Valida per la classifica
rating-unrated = Non valida per la classifica

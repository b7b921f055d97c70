## Il foglio di fine mano (i conteggi che i giocatori controllano, con i punti che valgono) e il perché della fine della partita.

sheet-hand-title = { $game ->
    [burraco] Smazzata { $hand }
   *[other] Mano { $hand }
}
sheet-hand-points = { $game ->
    [burraco] Punti della smazzata
   *[other] Punti della mano
}
sheet-match-totals = Punteggio della partita
sheet-next-in = Si riparte tra
sheet-waiting = In attesa degli altri giocatori…
sheet-row-carte = Carte
sheet-row-denari = Denari
sheet-row-settebello = Settebello
sheet-row-primiera = Primiera
sheet-row-scope = Scope
sheet-taken = preso
sheet-suits-missing = { $count ->
    [one] manca un seme
   *[other] mancano { $count } semi
}
sheet-row-card_points = Punti delle carte
sheet-row-win = Mano vinta
sheet-row-copas = Copas
sheet-row-capote = Cappotto
sheet-row-relo = Relo
sheet-row-cap = Massimo 4 punti per mano
sheet-row-seven_opening = Apertura col 7
sheet-row-win_61_59 = Premio 61–59
sheet-won = vinta
sheet-copas-hand = mano a copas
sheet-capote-over = cappotto a { $name }
sheet-relos = { $count ->
    [0] nessun relo
    [one] un relo
   *[other] { $count } relo
}
sheet-row-melded = Carte calate
sheet-row-in_hand = Carte rimaste in mano
sheet-row-burraco_clean = Burraco pulito
sheet-row-burraco_semi_clean = Burraco semipulito
sheet-row-burraco_dirty = Burraco sporco
sheet-row-closing = Chiusura
sheet-row-pozzetto = Pozzetto
sheet-burraco-count = { $count ->
    [one] un burraco
   *[other] { $count } burraco
}
sheet-closed = ha chiuso
sheet-pozzetto-taken = preso
sheet-pozzetto-missed = non preso
sheet-ended-closed = { $who ->
    [you] Hai chiuso la smazzata.
   *[other] { $name } ha chiuso la smazzata.
}
sheet-ended-stock = Smazzata finita: nel tallone restano solo due carte.
sheet-why-target = { $who ->
    [you] Hai raggiunto { $target } punti ({ $score }).
    [we] La tua squadra ha raggiunto { $target } punti ({ $score }).
    [they] { $name } hanno raggiunto { $target } punti ({ $score }).
   *[other] { $name } ha raggiunto { $target } punti ({ $score }).
}
sheet-why-single = { $who ->
    [you] Partita di una sola mano: hai fatto più punti ({ $score }).
    [we] Partita di una sola mano: la tua squadra ha fatto più punti ({ $score }).
    [they] Partita di una sola mano: { $name } hanno fatto più punti ({ $score }).
   *[other] Partita di una sola mano: { $name } ha fatto più punti ({ $score }).
}
sheet-why-hands = { $hands ->
    [one] Giocata l'unica smazzata
   *[other] Giocate tutte le { $hands } smazzate
  }: vince chi ha più punti ({ $score }).
sheet-why-vote = Entrambe le parti sono arrivate a { $target } punti nella stessa mano e non tutti hanno votato per rigiocarla: pareggio.
sheet-why-clock = { $who ->
    [you] Hai finito il tempo di riserva.
   *[other] { $name } ha finito il tempo di riserva.
}
sheet-why-abandonment = { $who ->
    [you] Hai abbandonato la partita.
   *[other] { $name } ha abbandonato la partita.
}
sheet-why-disconnection = { $who ->
    [you] Non sei tornato al tavolo in tempo.
   *[other] { $name } non è tornato al tavolo in tempo.
}
sheet-why-other = La partita è finita.

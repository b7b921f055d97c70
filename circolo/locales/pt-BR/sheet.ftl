## A folha do fim da mão (as contagens que os jogadores conferem, com os pontos que valem) e o motivo do fim da partida.

sheet-hand-title = { $game ->
    [burraco] Rodada { $hand }
   *[other] Mão { $hand }
}
sheet-hand-points = { $game ->
    [burraco] Pontos da rodada
   *[other] Pontos da mão
}
sheet-match-totals = Placar da partida
sheet-next-in = Continua em
sheet-waiting = Esperando os outros jogadores…
sheet-row-carte = Cartas
sheet-row-denari = Ouros
sheet-row-settebello = Sete belo
sheet-row-primiera = Primeira
sheet-row-scope = Escopas
sheet-taken = pegou
sheet-suits-missing = { $count ->
    [one] falta um naipe
   *[other] faltam { $count } naipes
}
sheet-row-card_points = Pontos nas cartas
sheet-row-win = Mão ganha
sheet-row-copas = Copas
sheet-row-capote = Capote
sheet-row-relo = Relo
sheet-row-cap = Teto de 4 pontos por mão
sheet-row-seven_opening = 7 de abertura
sheet-row-win_61_59 = Bônus 61–59
sheet-won = ganhou
sheet-copas-hand = mão de copas
sheet-capote-over = capote em { $name }
sheet-relos = { $count ->
    [0] nenhum relo
    [one] um relo
   *[other] { $count } relos
}
sheet-row-melded = Cartas baixadas
sheet-row-in_hand = Cartas na mão
sheet-row-burraco_clean = Canastra limpa
sheet-row-burraco_semi_clean = Canastra semilimpa
sheet-row-burraco_dirty = Canastra suja
sheet-row-closing = Batida
sheet-row-pozzetto = Morto
sheet-burraco-count = { $count ->
    [one] uma canastra
   *[other] { $count } canastras
}
sheet-closed = bateu
sheet-pozzetto-taken = pegou
sheet-pozzetto-missed = não pegou
sheet-ended-closed = { $who ->
    [you] Você bateu.
   *[other] { $name } bateu.
}
sheet-ended-stock = Fim da rodada: só restam duas cartas no monte.
sheet-why-target = { $who ->
    [you] Você chegou a { $target } pontos ({ $score }).
    [we] Sua dupla chegou a { $target } pontos ({ $score }).
    [they] { $name } chegaram a { $target } pontos ({ $score }).
   *[other] { $name } chegou a { $target } pontos ({ $score }).
}
sheet-why-single = { $who ->
    [you] Partida de uma mão só: você fez mais pontos ({ $score }).
    [we] Partida de uma mão só: sua dupla fez mais pontos ({ $score }).
    [they] Partida de uma mão só: { $name } fizeram mais pontos ({ $score }).
   *[other] Partida de uma mão só: { $name } fez mais pontos ({ $score }).
}
sheet-why-hands = { $hands ->
    [one] Jogada a única rodada
   *[other] Jogadas todas as { $hands } rodadas
  }: ganha quem tem mais pontos ({ $score }).
sheet-why-vote = Os dois lados chegaram a { $target } pontos na mesma mão e nem todos votaram para jogá-la de novo: empate.
sheet-why-clock = { $who ->
    [you] Seu tempo de reserva acabou.
   *[other] O tempo de reserva de { $name } acabou.
}
sheet-why-abandonment = { $who ->
    [you] Você abandonou a partida.
   *[other] { $name } abandonou a partida.
}
sheet-why-disconnection = { $who ->
    [you] Você não voltou para a mesa a tempo.
   *[other] { $name } não voltou para a mesa a tempo.
}
sheet-why-other = A partida terminou.

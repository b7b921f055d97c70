## As páginas de regras e as dicas ao lado dos controles da mesa.

web-rules = Regras
web-rules-of = Como jogar { $game }
web-rules-contents = Sumário
web-rules-new-tab = Abrir em outra aba
web-rules-missing = Não foi possível carregar as regras. Tente de novo daqui a pouco.
web-hint-label = Ajuda
web-hint-more = Veja as regras
web-hint-copas = Você corta, então escolhe o trunfo antes de ver as cartas. Copas: o trunfo é copas e a mão vale o dobro. Sorteio: vira-se uma carta e o naipe dela é o trunfo.
web-hint-trump-ace = O Ás do trunfo só pode sair depois que o 7 do trunfo foi jogado, a não ser na vaza final ou quando você joga por último com só o Ás e o 7 do trunfo na mão.
web-hint-trump-seven = Nas duplas, o 7 do trunfo não pode ser a última carta da vaza, a não ser na vaza final ou quando você tem só o Ás e o 7 do trunfo na mão.
web-hint-cut = Antes de cada mão, quem está à esquerda de quem dá as cartas corta: escolha quantas cartas (de 4 a 36) passam de cima para baixo do baralho. Se o tempo acabar, o corte é sorteado.
web-hint-clock = Verde: o tempo da jogada (comprar, baixar e descartar). Laranja: sua reserva, que começa a correr quando o verde acaba e cresce com jogadas rápidas. Reserva zerada: você perde a partida.
web-hint-house = Aqui: no máximo um curinga por jogo, nada de trinca de dois, e só se bate com canastra e descartando uma carta que não seja curinga. Esta partida: { $length }.
web-hint-hands = { $count ->
    [one] uma rodada
   *[other] { $count } rodadas
}
web-hint-to-points = até { $target } pontos

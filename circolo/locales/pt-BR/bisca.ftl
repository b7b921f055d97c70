## Bisca Capixaba: a mesa, as perguntas da vez, os eventos.

bisca-title = Bisca Capixaba — quem dá as cartas: { $dealer }
bisca-choosing = { $who ->
    [you] O trunfo ainda não foi escolhido: você escolhe copas ou sorteio antes de ver as cartas.
   *[other] O trunfo ainda não foi escolhido: { $name } escolhe copas ou sorteio antes de ver as cartas.
}
bisca-trump = Trunfo: { $suit }
bisca-trump-copas = Trunfo: { $suit } — a mão vale o dobro
bisca-turned-back = Virada e devolvida ao monte: { $card }. Sem carta aberta.
bisca-no-open-card = Sem carta aberta: o monte está fechado.
bisca-open-card = Carta aberta debaixo do monte (a última a ser comprada): { $card }
bisca-open-card-drawn = { $who ->
    [you] A carta aberta ({ $card }) ficou com você.
   *[other] A carta aberta ({ $card }) ficou com { $name }.
}
bisca-exchanged = { $who ->
    [you] Você trocou { $two } pela carta aberta ({ $card }).
   *[other] { $name } trocou { $two } pela carta aberta ({ $card }).
}
bisca-last-trick = { $who ->
    [you] Vaza anterior: { $cards } — ficou com você
   *[other] Vaza anterior: { $cards } — ficou com { $name }
}
bisca-trick = Na mesa: { $cards }
bisca-trick-empty = { $who ->
    [you] Na mesa: nada ainda; você abre a vaza.
   *[other] Na mesa: nada ainda; { $name } abre a vaza.
}
bisca-final-trick = Esta é a última vaza.
bisca-hand = Sua mão: { $cards }
bisca-sizes = Cartas na mão: { $sizes }; monte: { $stock }
bisca-score = { $name }: { points } ({ cards-count }), relo: { $relo }
bisca-waiting = Esperando { $name }.
bisca-not-your-turn = Não é a sua vez.
bisca-choose-trump = Você corta: como se escolhe o trunfo?
bisca-choose-copas = Copas: o trunfo é copas, nenhuma carta é virada (a mão vale o dobro)
bisca-choose-sorteio = Sorteio: uma carta é virada e o naipe dela é o trunfo (se sair um ás ou um 7, o trunfo passa para o outro naipe da mesma cor)
bisca-no-two = Você não tem o 2 do trunfo: nada para trocar.
bisca-exchange-question = Você tem o 2 do trunfo. Quer trocá-lo pela carta aberta?
bisca-keep-two = Ficar com { $two }
bisca-exchange = Trocar { $two } e ficar com { $card }
bisca-only-card = Você só pode jogar esta carta: { $card }
bisca-choose-card = Que carta você joga?
bisca-ace-waits = Você ainda não pode jogar { $card }: o ás do trunfo só sai depois do 7 do trunfo (ou por quem joga por último tendo na mão apenas o ás e o 7 do trunfo).
bisca-seven-not-last = Você não pode jogar { $card } agora: o 7 do trunfo não pode fechar a vaza, a não ser na última vaza ou tendo na mão apenas o ás e o 7 do trunfo.
bisca-not-allowed = Agora você não pode jogar { $card }.
bisca-category-card_points = Pontos nas cartas
bisca-category-win = Mão ganha
bisca-category-copas = Copas
bisca-category-capote = Capote
bisca-category-relo = Relo
bisca-category-cap = Teto de 4 pontos por mão
bisca-category-seven_opening = 7 de abertura
bisca-category-win_61_59 = Bônus 61–59

## Eventos da Bisca. $who: you ou other; $name: quem jogou.

bisca-event-trump-choice = { $choice ->
    [copas] { $who ->
        [you] Você escolheu copas: o trunfo é copas e a mão vale o dobro.
       *[other] { $name } escolhe copas: o trunfo é copas e a mão vale o dobro.
    }
   *[sorteio] { $who ->
        [you] Você escolheu sorteio: uma carta é virada para definir o trunfo.
       *[other] { $name } escolhe sorteio: uma carta é virada para definir o trunfo.
    }
}
bisca-event-turned = Carta virada: { $card }.
bisca-event-exchange = { $who ->
    [you] Você trocou { $gave } pela carta aberta, { $took }.
   *[other] { $name } troca { $gave } pela carta aberta, { $took }.
}
bisca-event-card-played = { $who ->
    [you] Você jogou { $card }.
   *[other] { $name } joga { $card }.
}
bisca-event-trick-won = { $who ->
    [you] A vaza é sua: { points }.
   *[other] A vaza fica com { $name }: { points }.
}
bisca-event-relo = { $who ->
    [you] Relo! Seu Ás de trunfo caiu em cima do 7.
   *[other] Relo! O Ás de trunfo de { $name } caiu em cima do 7.
}
bisca-event-dealt-cards = Suas cartas: { $cards }.
bisca-event-dealt-count = { $who ->
    [you] Você recebe { cards-count }.
   *[other] { $name } recebe { cards-count }.
}
bisca-event-draw-card = { $who ->
    [you] Você compra { $card }.
   *[other] { $name } compra { $card }.
}
bisca-event-draw = { $who ->
    [you] Você compra uma carta.
   *[other] { $name } compra uma carta.
}

## Por que uma jogada é recusada (refusal-<reason>): $card é a carta jogada, com o artigo.
refusal-bisca_choose_trump = Primeiro escolha o trunfo: copas ou sorteio.
refusal-bisca_answer_exchange = Primeiro vem a troca do 2 de trunfo.
refusal-bisca_no_trump_two = Você não tem o 2 de trunfo: não há o que trocar.
refusal-bisca_play_a_card = Jogue uma carta.
refusal-bisca_not_in_hand = Você não tem { $card } na mão.
refusal-bisca_ace_before_seven = O Ás de trunfo só pode ser jogado depois que sair o 7 de trunfo.
refusal-bisca_seven_last = O 7 de trunfo não pode fechar a vaza.

## Scopa: a mesa como o jogador a vê, as perguntas da vez, os eventos.

scopa-title = Scopa — quem dá as cartas: { $dealer }; cartas no monte: { $stock }
scopa-voided = { $count ->
    [one] Uma distribuição anulada nesta mão (três ou mais Reis na mesa): cartas embaralhadas de novo.
   *[other] { $count } distribuições anuladas nesta mão (três ou mais Reis na mesa): cartas embaralhadas de novo.
}
scopa-cut-wait = { $who ->
    [you] É você quem corta o baralho.
   *[other] { $name } corta o baralho.
}
scopa-table = Mesa: { $cards }
scopa-table-empty = Mesa: vazia
scopa-hand = Sua mão: { $cards }
scopa-hand-sizes = Cartas na mão: { $sizes }
scopa-pile = { $name }: { $captured ->
    [0] nenhuma carta capturada
    [one] { $captured } carta capturada
   *[other] { $captured } cartas capturadas
}, { $scope ->
    [0] nenhuma escopa
    [one] { $scope } escopa
   *[other] { $scope } escopas
}
scopa-last-capture = { $who ->
    [you] Última captura: você capturou { $cards } com { $card }
   *[other] Última captura: { $name } capturou { $cards } com { $card }
}
scopa-waiting = Esperando { $name }.
scopa-category-carte = Cartas
scopa-category-denari = Ouros
scopa-category-settebello = Sete belo
scopa-category-primiera = Primeira
scopa-category-scope = Escopas
scopa-not-your-turn = Não é a sua vez.
scopa-choose-card = Que carta você joga?
scopa-card-choices = { $card } ({ $count } capturas possíveis)
scopa-choose-capture = O que você captura com { $card }?
scopa-lay = { $card }: jogar na mesa
scopa-capture-with = { $card }: capturar { $cards }
scopa-ask-cut = Corte o baralho: quantas cartas passam de cima para baixo ({ $low }-{ $high }; vazio para um corte ao acaso)?
scopa-bad-cut = Digite um número de { $low } a { $high }, ou deixe vazio para um corte ao acaso.
scopa-only-move = Sua única jogada: { $move }

## Eventos da Scopa. $who: you ou other (de quem é a jogada); $name: quem jogou.

scopa-event-card-played = { $who ->
    [you] Você jogou { $card } na mesa.
   *[other] { $name } joga { $card } na mesa.
}
scopa-event-capture = { $who ->
    [you] Você capturou { $cards } com { $card }.
   *[other] { $name } captura { $cards } com { $card }.
}
scopa-event-scopa = { $who ->
    [you] Escopa! Você limpou a mesa.
   *[other] Escopa! { $name } limpou a mesa.
}
scopa-event-deal = { $count ->
    [0] As cartas são dadas.
   *[other] As cartas são dadas; na mesa: { $cards }.
}
scopa-event-dealt-cards = Suas cartas: { $cards }.
scopa-event-dealt-count = { $who ->
    [you] Você recebe { cards-count }.
   *[other] { $name } recebe { cards-count }.
}
scopa-event-void-deal = { $kings } Reis na mesa: a distribuição é anulada e as cartas são embaralhadas de novo.
scopa-event-sweep = { $who ->
    [you] As últimas cartas da mesa ficam com você: { $cards }.
    [we] As últimas cartas da mesa ficam com a sua dupla: { $cards }.
   *[other] As últimas cartas da mesa ficam com { $name }: { $cards }.
}
scopa-event-cut = { $who ->
    [you] Você cortou o baralho em { $at }.
   *[other] { $name } corta o baralho em { $at }.
}

## Por que uma jogada é recusada (refusal-<reason>): $card é a carta jogada, com o artigo.
refusal-scopa_cut_first = Primeiro corte o baralho.
refusal-scopa_cut_depth = Corte entre { $min } e { $max } cartas.
refusal-scopa_no_cut = O baralho já foi cortado: jogue uma carta.
refusal-scopa_not_in_hand = Você não tem { $card } na mão.
refusal-scopa_not_on_table = Com { $card } você só captura cartas que estão na mesa.
refusal-scopa_take_equal = Há na mesa uma carta do mesmo valor: com { $card } você tem que capturar essa.
refusal-scopa_wrong_sum = As cartas que você captura com { $card } têm que somar { $value }.
refusal-scopa_must_take = Com { $card } você pode capturar cartas que somam { $value }: tem que capturá-las.

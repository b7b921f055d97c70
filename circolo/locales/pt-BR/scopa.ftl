## Scopa: a mesa como o jogador a vê, as perguntas da vez, os eventos.

scopa-title = Scopa — quem dá as cartas: { $dealer }; cartas ainda por dar: { $stock }
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
    [0] 0 escopas
    [one] { $scope } escopa
   *[other] { $scope } escopas
}
scopa-last-capture = Última captura: { $name } capturou { $cards } com { $card }
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
scopa-lay = { $card }: descartar na mesa
scopa-capture-with = { $card }: capturar { $cards }
scopa-ask-cut = Corte o baralho: quantas cartas passam de cima para baixo ({ $low }-{ $high }; vazio para um corte ao acaso)?
scopa-bad-cut = Digite um número de { $low } a { $high }, ou deixe vazio para um corte ao acaso.
scopa-only-move = Sua única jogada: { $move }

## Eventos da Scopa. $who: you ou other (de quem é a jogada); $name: quem jogou.

scopa-event-card-played = { $who ->
    [you] Você descartou { $card } na mesa.
   *[other] { $name } descarta { $card } na mesa.
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

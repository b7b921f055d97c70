## Buraco italiano: a mesa, cada passo da vez, os eventos.

burraco-title = Buraco italiano — monte: { cards-count }; lixo: { $pile ->
    [0] vazio
    [one] { $pile } carta
   *[other] { $pile } cartas
}
burraco-pile = Lixo (a última é a de cima): { $cards }
burraco-pozzetto = { $who ->
    [you] Seu morto: { $state }
    [we] O morto da sua dupla: { $state }
   *[other] O morto de { $name }: { $state }
}
burraco-pozzetto-there = ainda na mesa
burraco-pozzetto-taken = já pego
burraco-melds-of = { $who ->
    [you] Seus jogos:
    [we] Os jogos da sua dupla:
   *[other] Os jogos de { $name }:
}
burraco-no-melds = nenhum ainda
burraco-kind-clean = canastra limpa
burraco-kind-semi-clean = canastra semilimpa
burraco-kind-dirty = canastra suja
burraco-sizes = Cartas na mão: { $sizes }
burraco-recall = Do lixo, { $name } tem na mão: { $cards }
burraco-hand = Sua mão ({ cards-count }):
burraco-taken-single = Você pegou do lixo só esta carta nesta vez (não pode descartá-la, a não ser que tenha outra igual): { $card }
burraco-ended-closed = { $who ->
    [you] Fim da rodada: você bateu.
   *[other] Fim da rodada: { $name } bateu.
}
burraco-ended-stock = Fim da rodada: só restam duas cartas no monte.
burraco-waiting = Esperando { $name }.
burraco-not-your-turn = Não é a sua vez.
burraco-draw-or-take = Comprar do monte ou pegar o lixo?
burraco-draw = Comprar a carta de cima do monte
burraco-take = Pegar o lixo inteiro: { $cards }
burraco-what-now = E agora?
burraco-action-meld = Baixar um jogo novo
burraco-action-extend = Baixar cartas em um dos seus jogos
burraco-action-discard = Descartar uma carta (termina a sua vez)
burraco-meld-cards = Números das cartas do jogo (1-{ $count }, por exemplo 1 4 5; vazio para voltar):
burraco-extend-cards = Números das cartas a baixar (1-{ $count }, por exemplo 2 3; vazio para voltar):
burraco-bad-numbers = Digite números de cartas de 1 a { $count }, sem repetir, separados por espaços.
burraco-no-such-meld = Com essas cartas você não pode baixar nenhum jogo agora.
burraco-no-such-extension = Essas cartas não podem ser baixadas nesse jogo agora.
burraco-which-meld = Em qual jogo você baixa?
burraco-choose-layout = Como você arruma o jogo?
burraco-which-discard = Que carta você descarta?
burraco-cannot-discard = { $why ->
    [taken] Agora você não pode descartar { $card }: é a única carta que você pegou do lixo.
   *[close] Agora você não pode descartar { $card }: você ficaria sem cartas, e assim não pode bater (é preciso ter uma canastra, e o último descarte não pode ser curinga).
}
burraco-category-melded = Cartas baixadas
burraco-category-in_hand = Cartas na mão
burraco-category-burraco_clean = Canastra limpa
burraco-category-burraco_semi_clean = Canastra semilimpa
burraco-category-burraco_dirty = Canastra suja
burraco-category-closing = Batida
burraco-category-no_pozzetto = Morto não pego

## Eventos do Buraco. $who: you, we, other ou they; $name: quem jogou.

burraco-event-draw-card = Você compra do monte: { $card }.
burraco-event-draw = { $who ->
    [you] Você compra do monte.
   *[other] { $name } compra do monte.
}
burraco-event-pile-taken = { $who ->
    [you] Você pega o lixo ({ cards-count }): { $cards }.
   *[other] { $name } pega o lixo ({ cards-count }): { $cards }.
}
burraco-event-meld = { $who ->
    [you] Você baixou um jogo: { $cards }.
   *[other] { $name } baixa um jogo: { $cards }.
}
burraco-event-extend = { $who ->
    [you] Você baixou { $cards } no jogo { $meld }.
   *[other] { $name } baixa { $cards } no jogo { $meld }.
}
burraco-event-burraco = { $who ->
    [you] Você fez uma canastra { $type ->
        [clean] limpa
        [semi-clean] semilimpa
       *[dirty] suja
    }!
    [we] Sua dupla fez uma canastra { $type ->
        [clean] limpa
        [semi-clean] semilimpa
       *[dirty] suja
    }!
    [they] { $name } fizeram uma canastra { $type ->
        [clean] limpa
        [semi-clean] semilimpa
       *[dirty] suja
    }!
   *[other] { $name } fez uma canastra { $type ->
        [clean] limpa
        [semi-clean] semilimpa
       *[dirty] suja
    }!
}
burraco-event-pozzetto-cards = Você pega o seu morto: { $cards }.
burraco-event-pozzetto = { $who ->
    [you] Você pega o seu morto ({ cards-count }).
   *[other] { $name } pega o morto ({ cards-count }).
}
burraco-event-discard = { $who ->
    [you] Você descartou { $card }.
   *[other] { $name } descarta { $card }.
}
burraco-event-close = { $who ->
    [you] Você bateu: fim da rodada!
   *[other] { $name } bateu: fim da rodada!
}

## A mesa no navegador: os curingas, a ordem da mão, a última jogada dos outros.

web-burraco-wild = curinga
# Um dois que vale como curinga numa trinca: $card o nome da carta.
web-burraco-wild-card = { $card }, curinga
# Uma carta que acabou de entrar na sua mão; $from: drawn (comprada), taken (do lixo) ou pozzetto (do morto).
web-burraco-fresh = { $from ->
    [taken] recém-pega do lixo
    [pozzetto] do seu morto
   *[drawn] recém-comprada
}
web-burraco-sort = Organizar a sua mão
web-burraco-sort-suit = Por naipe
web-burraco-sort-rank = Por valor
# $name: o jogador cuja última jogada aparece.
web-burraco-last-of = Última jogada de { $name }
web-burraco-last-drew = comprou do monte
web-burraco-last-took = pegou o lixo
web-burraco-last-meld = baixou um jogo
web-burraco-last-extend = baixou no jogo
web-burraco-last-discard = descartou
web-burraco-last-pozzetto = pegou o morto
web-burraco-last-close = bateu
## Por que uma jogada é recusada (refusal-<reason>): $card é uma carta da jogada, com o artigo.
refusal-burraco_draw_first = Primeiro compre do monte ou pegue o lixo.
refusal-burraco_drawn_already = Você já comprou nesta vez.
refusal-burraco_stock_empty = O monte acabou.
refusal-burraco_pile_empty = O lixo está vazio.
refusal-burraco_not_in_hand = Você não tem { $card } na mão.
refusal-burraco_taken_card = Você não pode descartar { $card }: é a única carta que você acabou de pegar do lixo.
refusal-burraco_close_needs_burraco = Você ainda não pode bater: falta uma canastra.
refusal-burraco_close_wild = Você não pode bater descartando um curinga.
refusal-burraco_keep_a_card = Guarde uma carta para descartar: bate-se descartando.
refusal-burraco_no_such_meld = Esse jogo não está na mesa.
refusal-burraco_not_an_extension = Essas cartas não entram nesse jogo.
refusal-burraco_set_exists = Vocês já têm uma trinca desse valor: baixe nela.

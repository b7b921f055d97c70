## O salão: escolhas iniciais, jogadores, vez, perguntas, resultados da mão e da partida.

language-self = Português (Brasil)
game-scopa = Scopa
game-bisca = Bisca Capixaba
game-burraco = Buraco italiano
level-random = Fácil
level-greedy = Médio
level-expert = Difícil
setup-language = Language / Lingua / Idioma?
setup-game = Que jogo você quer jogar?
setup-level = Qual o nível dos robôs?
welcome = Circolo — { $game }. Você está no lugar { $seat }. Digite o número da sua escolha; Ctrl-D para sair.
bot-name = { $seat ->
    [1] Bruno
    [2] Carla
    [3] Davi
   *[other] Elena
}
bot-label = { $name } (Robô, { $level })
opponent-one = Você joga contra { $opponent }.
opponent-team = Sua dupla: { $partner }. Adversários: { $opponents }.
you = Você
seat = lugar { $seat }
# Um lado como o jogador o vê. $who: you (1 contra 1), we (sua dupla),
# other (um adversário), they (uma dupla de outros); $name: os nomes.
side-name = { $who ->
    [you] Você
    [we] Sua dupla ({ $name })
   *[other] { $name }
}
your-turn = Sua vez.
choose = Escolha [1-{ $count }]:
not-a-choice = Digite um número de 1 a { $count }.
go-back = Voltar
points = { $points ->
    [0] 0 pontos
    [one] { $points } ponto
   *[other] { $points } pontos
}
cards-count = { $count ->
    [0] nenhuma carta
    [one] { $count } carta
   *[other] { $count } cartas
}
hand-over = { $game ->
    [burraco] Fim da rodada.
   *[other] Fim da mão.
}
hand-points = { $game ->
    [burraco] Pontos da rodada
   *[other] Pontos da mão
}
match-score = Placar da partida: { $scores }
target-points = A partida vai até { $target } pontos.
target-single = A partida é de uma mão só.
target-hands = A partida tem { $hands ->
    [one] uma rodada
   *[other] { $hands } rodadas
}: ganha quem fizer mais pontos.
to-go-points = ganha quem chegar a { $target }
to-go-hands = rodada { $played } de { $hands }
press-enter = Aperte Enter para continuar.
match-won = { $who ->
    [you] Você ganhou a partida!
    [we] Sua dupla ganhou a partida!
    [they] { $name } ganharam a partida.
   *[other] { $name } ganhou a partida.
}
match-drawn = A partida terminou empatada.
decide = Todos chegaram aos pontos da partida na mesma mão. Qual é o seu voto?
choice-replay = Jogar a mão de novo (o placar volta ao que era antes dela)
choice-draw = Encerrar a partida empatada
goodbye = Até logo.

## Eventos comuns a todos os jogos.

event-hand-over = { $game ->
    [burraco] Fim da rodada.
   *[other] Fim da mão.
} { $scores }.
event-side-points = { $name }: { points }
event-auto-move = { $who ->
    [you] Tempo esgotado: jogada automática para você.
   *[other] Tempo esgotado: jogada automática para { $name }.
}

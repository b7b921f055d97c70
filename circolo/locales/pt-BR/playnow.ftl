## Jogar agora e as mesas do salão: o nível dos robôs, a espera por pessoas, o que uma mesa mostra.

web-set-bot-level = Robôs do Jogar agora
web-bots-in = Os robôs ocupam os lugares vazios em
web-start-with-bots = Começar já com robôs
web-tables-playing = Partidas em andamento
web-table-playing = Em andamento
web-with-bots = com robôs
web-match-to = { $count ->
    [one] até { $count } ponto
   *[other] até { $count } pontos
}
web-match-hands = { $count ->
    [one] { $count } rodada
   *[other] { $count } rodadas
}

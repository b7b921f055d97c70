## Records: the history's filters, the head-to-head, a player's public profile.

history-filters = Filtrar as partidas
history-game = Jogo
history-any-game = Todos os jogos
history-mode = Modo
history-any-mode = 1 contra 1 e 2 contra 2
history-opponent = Adversário ou parceiro
history-opponent-hint = O nome, exatamente
history-show = Mostrar
history-clear = Mostrar todas as partidas
history-filtered-none = Nenhuma partida terminada com esses filtros.
history-with = Suas partidas com { $name }
history-h2h-title = Você e { $name }
history-h2h-against = Um contra o outro
history-h2h-together = Como dupla
history-h2h-none = Você ainda não terminou nenhuma partida contra { $name }.
history-h2h-profile = Perfil de { $name }
record-col-game = Jogo
record-col-matches = Partidas
record-col-wins = Vitórias
record-col-losses = Derrotas
record-col-draws = Empates
record-col-rating = Pontuação
profile-title = Jogador
profile-account = Conta
profile-guest = Convidado
profile-since = Joga aqui desde { $date }
profile-h2h = Suas partidas com { $name }
profile-records = Partidas terminadas em mesas públicas
profile-none = Ainda nenhuma partida terminada em mesa pública.
profile-recent = Últimas partidas
profile-won = Venceu
profile-lost = Perdeu
profile-unknown = Não há nenhum jogador assim aqui.
profile-unavailable = Este perfil não está disponível agora.
history-matches = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}

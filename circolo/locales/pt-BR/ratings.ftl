## Ratings: the leaderboards, my ratings, a rated match's change.

rating-title = Ranking
rating-nav = Ranking
rating-about = As partidas entre pessoas na velocidade normal contam para o ranking em mesas públicas, e em privadas quando todos aceitam, por jogo e por modo. Todo mundo começa com 1000 pontos; a pontuação sobe à medida que a sala te conhece melhor.
rating-mine-none = Você ainda não tem pontuação: termine uma partida contra uma pessoa numa mesa pública.
rating-board = Ranking
rating-mode = Modo e período
rating-period-all = Geral
rating-period-month = Deste mês
rating-unavailable = O ranking não está disponível agora.
rating-board-empty = Ninguém está no ranking aqui ainda.
rating-col-rank = #
rating-col-player = Jogador
rating-col-rating = Pontuação
rating-col-matches = Partidas
rating-col-wins = Vitórias
rating-newer = ← Mais acima
rating-more = Mais abaixo →
rating-record = { $matches ->
    [one] uma partida
   *[other] { $matches } partidas
  }, { $wins ->
    [0] nenhuma vitória
    [one] uma vitória
   *[other] { $wins } vitórias
  }
rating-chart = Pontuação de { $from } a { $to } { $matches ->
    [one] na última partida
   *[other] nas últimas { $matches } partidas
  }
rating-change = Pontuação: { $before } → { $after } ({ $delta })
rating-change-of = { $name }: { $before } → { $after } ({ $delta })
rating-rated = Vale ranking
rating-unrated = Não vale ranking

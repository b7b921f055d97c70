## Play now and the lobby's tables: the bots' level, the wait for people, what a listed table is.

web-set-bot-level = Bots for Play now
web-bots-in = Bots take the empty seats in
web-start-with-bots = Start now with bots
web-tables-playing = Matches being played
web-table-playing = Playing
web-with-bots = with bots
web-match-to = { $count ->
    [one] to { $count } point
   *[other] to { $count } points
}
web-match-hands = { $count ->
    [one] { $count } hand
   *[other] { $count } hands
}

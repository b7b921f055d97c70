## Records: the history's filters, the head-to-head, a player's public profile.

history-filters = Filter the matches
history-game = Game
history-any-game = All games
history-mode = Mode
history-any-mode = 1 v 1 and 2 v 2
history-opponent = Opponent or partner
history-opponent-hint = Their name, exactly
history-show = Show
history-clear = Show every match
history-filtered-none = No finished match with these filters.
history-with = Your matches with { $name }
history-h2h-title = You and { $name }
history-h2h-against = Against each other
history-h2h-together = As partners
history-h2h-none = You have not finished a match against { $name } yet.
history-h2h-profile = { $name }'s profile
record-col-game = Game
record-col-matches = Matches
record-col-wins = Won
record-col-losses = Lost
record-col-draws = Drawn
record-col-rating = Rating
profile-title = Player
profile-account = Account
profile-guest = Guest
profile-since = Playing here since { $date }
profile-h2h = Your matches with { $name }
profile-records = Finished matches at public tables
profile-none = No finished match at a public table yet.
profile-recent = Last matches
profile-won = Won
profile-lost = Lost
profile-unknown = There is no such player here.
profile-unavailable = This profile is not available right now.
history-matches = { $count ->
    [one] 1 match
   *[other] { $count } matches
}

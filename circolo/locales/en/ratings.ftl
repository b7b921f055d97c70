## Ratings: the leaderboards, my ratings, a rated match's change.

rating-title = Ratings
rating-nav = Ratings
rating-about = Matches between people at the standard speed are rated at public tables, and at private ones when every player accepts rated, per game and mode. A new player starts at 1000; the figure rises as the room grows surer of you.
rating-mine-none = You have no rating yet: finish a match against a person at a public table.
rating-board = Leaderboard
rating-mode = Mode and period
rating-period-all = All time
rating-period-month = This month
rating-unavailable = The leaderboard is not available right now.
rating-board-empty = Nobody is rated here yet.
rating-col-rank = #
rating-col-player = Player
rating-col-rating = Rating
rating-col-matches = Matches
rating-col-wins = Wins
rating-newer = ← Higher
rating-more = Lower →
rating-record = { $matches ->
    [one] one match
   *[other] { $matches } matches
  }, { $wins ->
    [0] no wins
    [one] one win
   *[other] { $wins } wins
  }
rating-chart = Rating from { $from } to { $to } { $matches ->
    [one] over the last match
   *[other] over the last { $matches } matches
  }
rating-change = Rating: { $before } → { $after } ({ $delta })
rating-change-of = { $name }: { $before } → { $after } ({ $delta })
rating-rated = Rated
rating-unrated = Not rated

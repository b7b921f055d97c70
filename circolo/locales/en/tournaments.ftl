## Tournaments in the browser: the lobby's list, a tournament's page (#/tournament/<id>),
## the notices that reach a player anywhere in the room, and the Start match of a round.

tour-title = Tournaments
tour-none = No tournament is open right now.
tour-finished-list = Finished lately
tour-kind-sit_and_go = Sit and go
tour-kind-scheduled = Scheduled
tour-single-hand = single hand
tour-seats = { $count ->
    [one] { $count } seat
   *[other] { $count } seats
  }
tour-chips = { $count ->
    [one] { $count } chip
   *[other] { $count } chips
  }
tour-free = Free
tour-fee = Entry: { $fee }
tour-pool = Prize pool: { $pool }
tour-practice = Practice
tour-rated = Rated
tour-unrated = Unrated
tour-filled = { $entries }/{ $capacity } entries
tour-starts-at = Starts { $time }
tour-starts-when-full = Starts when full
tour-status-registering = Registration open
tour-status-drawing = Drawing the bracket
tour-status-running = Round { $round } of { $rounds }
tour-status-playing = Being played
tour-status-finished = Finished
tour-status-cancelled = Cancelled
tour-registered = You are registered
tour-register = Register
tour-unregister = Withdraw
tour-add-bots = Fill the empty seats with bots
tour-open = Open
tour-start-rule = At each round you have { $count ->
    [one] 1 minute
   *[other] { $count } minutes
  } to press “Start the match” at your table, or you lose that match.
tour-start-rule-seconds = At each round you have { $count ->
    [one] 1 second
   *[other] { $count } seconds
  } to press “Start the match” at your table, or you lose that match.
tour-bots-rule = Practice: free and unrated; bots may fill the empty seats.
tour-split-title = How the prize pool is split
tour-split-under = Under 8 entries the winner takes it all.
tour-split-small = 8 to 15 entries
tour-split-large = 16 entries or more
tour-split-now = With { $count } entries
tour-split-share = Share
tour-split-each = { $share } each
tour-place = { $place ->
    [1] Winner
    [2] Runner-up
   *[other] Places { $place }–{ $last }
  }
tour-entries-title = Entries
tour-entries-none = Nobody has registered yet.
tour-seed = seed { $seed }
tour-bracket = Bracket
tour-bracket-none = The bracket is drawn when the tournament starts.
tour-round = Round { $round }
tour-semi = Semi-finals
tour-final = Final
tour-empty-side = —
tour-how-bye = bye
tour-how-walkover = walkover
tour-how-absent = did not come
tour-how-empty = nobody
tour-how-coin = coin toss (two bots)
tour-how-both_lost = neither came
tour-how-seed_after_draws = better seed after the draws
tour-how-other = decided without playing
tour-how-start_deadline = did not press Start in time
tour-how-clock = out of time
tour-how-abandonment = left the table
tour-how-disconnection = did not come back
tour-play = Play
tour-your-match = Your match
tour-your-match-against = You against { $opponent }
tour-go-table = Go to your table
tour-out = You went out in round { $round }.
tour-champion = Champion: { $names }
tour-no-champion = No champion: neither finalist came.
tour-cancelled = This tournament was cancelled: every entry fee was refunded.
tour-commitments = Deal commitments
tour-commitments-about = Every round's deals come from a secret committed before the draw and revealed when the round ends: check any hand on the verify page.
tour-secret-later = revealed when the round ends
tour-col-round = Round
tour-col-commitment = Commitment
tour-col-secret = Secret
tour-compare = Round { $round }: the same deals at every table
tour-compare-more = More tables
tour-col-hand = Hand
tour-hand-deal = Hand { $hand } (deal { $deal })
tour-payouts = Prizes
tour-col-place = Place
tour-col-player = Player
tour-col-amount = Chips
tour-unknown = There is no such tournament.
tour-unavailable = Tournaments are not available right now.
tour-login = Log in
tour-why-needs_account = Tournaments are for accounts: log in or create one to register.
tour-why-chips_insufficient = You do not have enough chips for the entry fee.
tour-why-full = Every seat is taken.
tour-why-closed = Registration is closed.
tour-why-not_found = There is no such tournament.
tour-why-already_registered = You are registered already.
tour-why-not_registered = You are not registered.
tour-why-no_bots = Only a practice tournament takes bots.
tour-why-registration_closed = Registration is closed.
tour-why-rate_limited = Too many requests: wait a moment and try again.
tour-why-no_partner = This partner's link is no longer valid: ask your partner for a new one.
tour-notice-round_started = Round { $round } of { $name } has started: your table is ready.
tour-notice-replay = Your match in { $name } is played again: your table is ready.
tour-notice-bye = { $name }: you go through round { $round } without playing (a bye).
tour-notice-walkover = { $name }: your opponent did not come, so you go through round { $round }.
tour-notice-eliminated = { $name }: you are out, in round { $round }.
tour-notice-won = You won { $name }!
tour-notice-cancelled = { $name } was cancelled: your entry fee is refunded.
tour-notice-prize = { $name }: your prize is { $amount }.
tour-notice-go = Go to the table
tour-notice-see = See the tournament
tour-notice-dismiss = Dismiss
tour-match = Tournament match
tour-start-within = Press “Start the match” within
tour-start-lose = or you lose this match.
tour-ready = Ready: { $names }
tour-nobody-ready = Nobody has pressed “Start the match” yet.
tour-waiting-opponent = Waiting for your opponent to press “Start the match”.
tour-waiting-others = Waiting for the other players to press “Start the match”.
tour-back = Back to the tournament

# 2 v 2: a pair enters through the link one partner sends the other
tour-pair-ask = Enter with a partner
tour-pair-join = Enter as your partner's pair
tour-pair-send = Send this link to your partner. Your pair is registered when they open it and press “Enter as your partner's pair”.
tour-pair-copy = Copy the link
tour-pair-copied = Link copied
tour-pair-invited = A partner invited you to play this tournament as a pair.

## The browser client: lobby, table, settings, history, verify page.

web-opt-players = Players
web-opt-players-2 = 1 v 1
web-opt-players-4 = 2 v 2
web-opt-target = Match to
web-opt-target-single_hand = Single hand
web-opt-faces = Card faces
web-opt-faces-italian = Italian
web-opt-faces-french = French
web-opt-hands = Hands
# An optional number's empty field: $value, a usual value (4 hands, 2005 points).
web-opt-example = e.g. { $value }
web-opt-seven_opening = House rule: 7 opening
web-opt-bonus_61_59 = House rule: bonus for 61 × 59
web-history = History
web-replay = Replay
web-history-unavailable = Match history is not available on this server yet.
web-no-history = No finished matches yet.
web-older = Older matches
web-step = Move
web-first = First
web-previous = Previous
web-next = Next
web-last = Last
web-app = Circolo
web-game-label = Game
web-lobby = Lobby
web-settings = Settings
web-verify = Verify a shuffle
web-language = Language
web-game-scopa = Scopa
web-game-bisca = Bisca Capixaba
web-game-burraco = Burraco
web-mode-2 = 1 v 1
web-mode-4 = 2 v 2
web-game-scopa-about = Capture by matching values; sweep the table for a scopa.
web-game-bisca-about = Tricks and trumps: the first to 4 points wins.
web-game-burraco-about = Melds, burraco and the pozzetto.
web-play-now = Play now
web-open-tables = Open tables
web-no-tables = No open tables right now: press Play now and bots fill the empty seats.
web-create-table = Create a table
web-create = Create
web-watch = Watch
web-join = Sit down
web-speed = Speed
web-speed-standard = Standard
web-speed-relaxed = Relaxed
web-speed-untimed = Untimed
web-private = Private (invite link)
web-rated = Rated (only if every player accepts)
web-seat-label = Seat { $seat }
web-seat-me = Me
web-seat-open = Open seat
web-seat-bot = Bot
web-level-random = Easy
web-level-greedy = Medium
web-level-expert = Expert
web-bot = Bot
web-you = you
web-dealer = Dealer
web-dealer-tag = D
web-waiting = Waiting for players…
web-waiting-bots = Bots join in { $seconds } s if nobody comes.
web-invite-link = Invite link
web-copy = Copy
web-copied = Copied
web-your-turn = Your turn
web-turn-of = { $name } to play
web-spectator = You are watching
web-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
web-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
web-stock = { $game ->
    [burraco] Stock
   *[other] Stock
}
web-pile = Discard pile
web-table = Table
web-scores = Score
web-hand = Your hand
web-card-forbidden = not allowed now
web-start-match = Start the match
web-continue = Continue
web-rematch = Rematch
web-table-closed-left = The table is closed: a player left.
web-table-closed-rematch_declined = The table is closed: a player declined the rematch.
web-table-closed-rematch_expired = The table is closed: the time for a rematch is over.
web-leave = Leave the table
web-back-to-lobby = Back to the lobby
web-offline = Connection lost — reconnecting…
web-offline-seat = connection lost
web-reconnected = Connected again
web-chat = Chat
web-send = Send
web-chat-placeholder = Write a message
web-log = Moves
web-disconnected-for = { $name } is disconnected, back within
web-return-invite = Your table is waiting for you
web-reopen = Reopen your table
web-return-in = { $seconds } s to reopen it
web-commitment = Shuffle fingerprint
web-verify-link = Verify this shuffle
web-seed = Seed
web-match-over = Match over
web-you-won = You won!
web-you-lost = You lost
web-draw = Draw
web-winner = { $count ->
    [one] { $name } wins
   *[other] { $name } win
}
web-reason = Reason
web-hand-number = { $game ->
    [burraco] Hand { $hand }
   *[other] Hand { $hand }
}
web-match = Match
web-match-number = Match { $match }
web-total = Total
web-reason-score = decided by the score
web-reason-abandonment = a player left the match
web-reason-cancelled = cancelled before the start
web-reason-start_deadline = nobody pressed Start the match in time
web-reason-vote = decided by vote
web-reason-clock = out of time
web-reason-disconnection = a player did not come back
web-reason-target = target reached
web-reason-hands = all hands played
web-reason-abandon = a player left
web-reason-disconnect = a player did not come back
web-reason-timeout = out of time
web-reason-draw = agreed draw
web-reason-log_full = the match grew too long: a draw
web-cut = Cut the deck
web-cut-how = How many cards to move from the top to the bottom
web-cut-auto = If you do not cut, the deck is cut for you in a few seconds.
web-cut-choose = Choose where to cut
web-choose-capture = Choose what to capture
web-lay = Lay it on the table
web-cat-carte = Cards
web-cat-denari = Coins (denari)
web-cat-settebello = Settebello
web-cat-primiera = Primiera
web-cat-scope = Scope
web-copas = copas hand, counts double
web-sorteio = Turn up the trump
web-choose-trump = Choose the trump
web-trump = Trump
web-open-card = Open card
web-exchange = Exchange the 2
web-pass = Pass
web-exchange-prompt = You hold the 2 of trumps: exchange it for the open card, or keep it.
web-exchange-waiting = Waiting for the trump 2 exchange: whoever holds the 2 of trumps may exchange it for the open card.
web-trick = Trick
web-last-trick = Previous trick
web-won-trick = { $who ->
    [you] You take the trick
   *[other] { $name } takes the trick
}
web-relo = Relo!
web-vote = Both sides reached the target in the same hand
web-vote-replay = Replay the hand
web-vote-draw = Record a draw
web-draw-card = Draw
web-take = Take the pile
web-meld = Meld
web-extend = Extend
web-discard = Discard
web-melds = Melds
web-pozzetto = Pozzetto
web-pozzetti = Pozzetti
web-select-cards = Select cards, then meld, extend or discard
web-wild-where = Where does the wild go?
web-stands-for = as { $card }
web-burraco-clean = clean burraco
web-burraco-semi = semi-clean burraco
web-burraco-dirty = dirty burraco
web-move-sent = Sending…
web-no-answer = The server did not answer: reloading the table
web-error-other = Something went wrong: { $message }
web-set-faces = Card faces
web-faces-auto = As set for the table
web-faces-italian = Italian (Neapolitan)
web-faces-french = French
web-set-four-colour = Four-colour suits
web-set-letters = Suit letter in the corner
web-set-back = Card back
web-back-green = Green
web-back-red = Red
web-back-blue = Blue
web-set-sound = Sounds
web-set-notify = Notify me when it is my turn (tab hidden)
web-set-motion = Animations
web-set-confirm = Confirmations: a second tap plays a Bisca card, and leaving a match in play asks first
web-set-shortcuts = Keyboard shortcuts (arrows, Enter, number keys)
web-close = Close
web-name = Name
web-verify-check = Check
web-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
web-sides = Teams
web-team = Team
web-opponents = Opponents
web-your-team = Your team
web-move-queued = You are offline: your move will be sent when the connection is back.
web-move-not-sent = Your move was not sent: the table moved on.
web-leave-title = Leave the table?
web-leave-loses = Leaving a match being played counts as a loss.
web-leave-loses-team = Leaving a match being played counts as a loss for your team.
web-leave-confirm = Leave and lose
web-stay = Stay
web-match-number = Match { $match }
web-chat-not-sent = Not sent: the connection is down. Your message is still in the box.

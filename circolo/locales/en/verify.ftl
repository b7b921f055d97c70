## Checking a deal: the verify page, the history's "verify every hand", `circolo verify`.

verify-match = ✓ The seed matches the fingerprint: the shuffle was fixed before the deal.
verify-mismatch = ✗ This seed does NOT match the fingerprint: it is not the seed of that hand.
verify-digest = SHA-256 of the seed: { $digest }
verify-seat = { $role ->
    [dealer] Seat { $seat } (deals)
    [first] Seat { $seat } (dealt first)
   *[other] Seat { $seat }
}
verify-cut = The cut: { $count ->
    [one] { $count } card moved
   *[other] { $count } cards moved
} from the top to the bottom.
verify-void = { $count ->
    [one] One void deal (three or four Kings on the table): the deck was shuffled again.
   *[other] { $count } void deals (three or four Kings on the table): the deck was shuffled again each time.
}
verify-waiting-cut = This deal waits for the cut: give the number of cards cut (4 to 36).
verify-trump = { $choice ->
    [copas] Copas: hearts are trump, no card is turned.
   *[sorteio] Turn-up: { $suit } are trump.
}
verify-table = On the table
verify-open = Open card, under the stock (drawn last)
verify-turned = Turned card: { $card }, an Ace or a Seven: it went back into the stock.
verify-pile = Discard pile
verify-pozzetto = Pozzetto { $number }
verify-stock = { $game ->
    [burraco] Stock, from the top
   *[other] Stock, from the top
}
verify-deck = The shuffled deck, top first

web-verify-title = Verify a deal
web-verify-lead = Before every hand the table publishes the SHA-256 of a secret seed: the fingerprint. After the hand it reveals the seed. Paste both here: if they match, the shuffle was fixed before the deal, and below you see the deal that seed gives, card by card, to compare with the cards you had.
web-verify-players = Players
web-verify-dealer = Dealer
web-verify-first = First player
web-verify-cut-label = Cards cut
web-verify-choice = Trump
web-verify-sorteio = Turn-up (sorteio)
web-verify-copas = Copas
web-verify-unreadable = ✗ That seed cannot be read: it is 64 hexadecimal digits (0–9, a–f), as the room prints it.
web-verify-no-deal = The deal could not be shown: { $reason }
web-verify-yourself = Check it yourself
web-verify-yourself-how = With Python 3 and nothing else: paste these lines into python3. They print the fingerprint, then the shuffled deck from the top. { $dealing }
web-verify-dealing-scopa = Then the cutter moves the cut cards from the top to the bottom; the dealer gives three cards to each player, one at a time, starting with the player after the dealer, and lays four on the table.
web-verify-dealing-bisca = Then three cards go to each player, three at a time, starting with the player after the dealer; with the turn-up the next card is turned.
web-verify-dealing-burraco = Then eleven cards to each player, one at a time, starting with the first player; the next card face up on the discard pile; the two pozzetti of eleven are taken from the bottom, one card at a time, in turn.
web-verify-all = Verify every hand
# $game: scopa, bisca or burraco (a Burraco hand has its own word in Italian and Portuguese).
web-verify-hand = { $game ->
    [burraco] Hand { $hand }
   *[other] Hand { $hand }
}
web-verify-hand-ok = seed, fingerprint and deal match.
web-verify-hand-bad-seed = the seed does NOT match the fingerprint.
web-verify-hand-bad-deal = the cards played are NOT the ones this seed deals.
web-verify-hand-unknown = it could not be checked now (try again in a minute).
web-verify-see = See the deal
web-verify-summary = Hands verified: { $ok } of { $count }.

error-bad_seed = That seed cannot be read: it is 64 hexadecimal digits, as the room prints it.
error-bad_deal = That deal cannot be made as asked: check the game, the players, the dealer and the cut.
error-bad_game = There is no such game.

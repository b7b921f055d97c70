## The rules pages and the hints beside the table's controls.

web-rules = Rules
web-rules-of = How to play { $game }
web-rules-contents = On this page
web-rules-new-tab = Open in a new tab
web-rules-missing = The rules could not be loaded. Try again in a moment.
web-hint-label = Help
web-hint-more = Read the rules
web-hint-copas = You cut, so you choose the trump before anyone sees a card. Copas: hearts are trumps and the hand is worth double. Turn-up: a card is turned and its suit is trumps.
web-hint-trump-ace = The Ace of trumps may be played only after the 7 of trumps has gone, except in the last trick, or when you play last holding just the Ace and the 7 of trumps.
web-hint-trump-seven = In 2 v 2 the 7 of trumps may not be the last card of a trick, except in the last trick of the hand, or when you hold just the Ace and the 7 of trumps.
web-hint-cut = Before each hand the player on the dealer's left cuts: choose how many cards (4 to 36) go from the top of the deck to the bottom. If your time runs out, the cut is random.
web-hint-clock = Green: the time for this turn (draw, melds and discard). Orange: your reserve, which runs when the green is used up and grows after quick turns. A reserve at zero loses the match.
web-hint-house = Here: at most one wild card in a meld, no sets of 2s, and you go out only with a burraco and a discard that is not wild. This match: { $length }.
web-hint-hands = { $count ->
    [one] { $count } hand
   *[other] { $count } hands
}
web-hint-to-points = first to { $target } points

## Burraco: the table, each step of a turn, the events.

burraco-title = Burraco — stock: { cards-count }; discard pile: { $pile ->
    [one] { $pile } card
   *[other] { $pile } cards
}
burraco-pile = Discard pile (the top card last): { $cards }
burraco-pozzetto = { $who ->
    [you] Your pozzetto: { $state }
    [we] Your team's pozzetto: { $state }
   *[other] { $name }'s pozzetto: { $state }
}
burraco-pozzetto-there = still on the table
burraco-pozzetto-taken = taken
burraco-melds-of = { $who ->
    [you] Your melds:
    [we] Your team's melds:
   *[other] { $name }'s melds:
}
burraco-no-melds = none yet
burraco-kind-clean = clean burraco
burraco-kind-semi-clean = semi-clean burraco
burraco-kind-dirty = dirty burraco
burraco-sizes = Cards in hand: { $sizes }
burraco-recall = From the pile, { $name } holds: { $cards }
burraco-hand = Your hand ({ cards-count }):
burraco-taken-single = Taken from the pile this turn as its only card (you may not discard it unless you hold a matching card): { $card }
burraco-ended-closed = { $who ->
    [you] The hand is over: you went out.
   *[other] The hand is over: { $name } went out.
}
burraco-ended-stock = The hand is over: only two cards are left in the stock.
burraco-waiting = Waiting for { $name }.
burraco-not-your-turn = It is not your turn.
burraco-draw-or-take = Draw from the stock or take the discard pile?
burraco-draw = Draw the top card of the stock
burraco-take = Take the whole discard pile: { $cards }
burraco-what-now = What now?
burraco-action-meld = Lay down a new meld
burraco-action-extend = Extend one of your melds
burraco-action-discard = Discard a card (ends your turn)
burraco-meld-cards = Numbers of the cards to meld (1-{ $count }, e.g. 1 4 5; blank to go back):
burraco-extend-cards = Numbers of the cards to add (1-{ $count }, e.g. 2 3; blank to go back):
burraco-bad-numbers = Type distinct card numbers from 1 to { $count }, separated by spaces.
burraco-no-such-meld = Those cards make no meld you may lay down now.
burraco-no-such-extension = Those cards cannot be added to that meld now.
burraco-which-meld = Which meld do you extend?
burraco-choose-layout = How do you lay it out?
burraco-which-discard = Which card do you discard?
burraco-cannot-discard = { $why ->
    [taken] You may not discard { $card } now: it is the single card you took from the pile.
   *[close] You may not discard { $card } now: it would leave you without cards, and you cannot go out like this (you need a burraco, and the last discard may not be a wild).
}
burraco-category-melded = Melded cards
burraco-category-in_hand = Cards left in hand
burraco-category-burraco_clean = Clean burraco
burraco-category-burraco_semi_clean = Semi-clean burraco
burraco-category-burraco_dirty = Dirty burraco
burraco-category-closing = Going out
burraco-category-no_pozzetto = Pozzetto not taken

## Burraco events. $who: you, we, other or they; $name: who acted.

burraco-event-draw-card = You draw from the stock: { $card }.
burraco-event-draw = { $who ->
    [you] You draw from the stock.
   *[other] { $name } draws from the stock.
}
burraco-event-pile-taken = { $who ->
    [you] You take the discard pile ({ cards-count }): { $cards }.
   *[other] { $name } takes the discard pile ({ cards-count }): { $cards }.
}
burraco-event-meld = { $who ->
    [you] You lay down a meld: { $cards }.
   *[other] { $name } lays down a meld: { $cards }.
}
burraco-event-extend = { $who ->
    [you] You extend meld { $meld } with { $cards }.
   *[other] { $name } extends meld { $meld } with { $cards }.
}
burraco-event-burraco = { $who ->
    [you] Burraco! You complete a { $type ->
        [clean] clean
        [semi-clean] semi-clean
       *[dirty] dirty
    } burraco.
    [we] Burraco! Your team completes a { $type ->
        [clean] clean
        [semi-clean] semi-clean
       *[dirty] dirty
    } burraco.
    [they] Burraco! { $name } complete a { $type ->
        [clean] clean
        [semi-clean] semi-clean
       *[dirty] dirty
    } burraco.
   *[other] Burraco! { $name } completes a { $type ->
        [clean] clean
        [semi-clean] semi-clean
       *[dirty] dirty
    } burraco.
}
burraco-event-pozzetto-cards = You take your pozzetto: { $cards }.
burraco-event-pozzetto = { $who ->
    [you] You take your pozzetto ({ cards-count }).
   *[other] { $name } takes the pozzetto ({ cards-count }).
}
burraco-event-discard = { $who ->
    [you] You discard { $card }.
   *[other] { $name } discards { $card }.
}
burraco-event-close = { $who ->
    [you] You go out: the hand is over!
   *[other] { $name } goes out: the hand is over!
}

## The table in the browser: wilds, the hand's order, the others' last turn.

web-burraco-wild = wild
# A 2 laid as a wild in a set: $card its name.
web-burraco-wild-card = { $card }, wild
# A card that just came into your hand; $from: drawn, taken (the pile) or pozzetto.
web-burraco-fresh = { $from ->
    [taken] just taken from the discard pile
    [pozzetto] from your pozzetto
   *[drawn] just drawn
}
web-burraco-sort = Sort your hand
web-burraco-sort-suit = By suit
web-burraco-sort-rank = By rank
# $name: the player whose last turn is shown.
web-burraco-last-of = Last turn of { $name }
web-burraco-last-drew = drew from the stock
web-burraco-last-took = took the discard pile
web-burraco-last-meld = melded
web-burraco-last-extend = extended a meld
web-burraco-last-discard = discarded
web-burraco-last-pozzetto = took the pozzetto
web-burraco-last-close = went out
## Why a move is refused (refusal-<reason>): $card is a card of your move, with its article.
refusal-burraco_draw_first = First draw from the stock or take the discard pile.
refusal-burraco_drawn_already = You have already drawn this turn.
refusal-burraco_stock_empty = The stock is empty.
refusal-burraco_pile_empty = The discard pile is empty.
refusal-burraco_not_in_hand = You do not hold { $card }.
refusal-burraco_taken_card = You cannot discard { $card }: it is the single card you just took from the pile.
refusal-burraco_close_needs_burraco = You cannot go out yet: your side needs a burraco first.
refusal-burraco_close_wild = You cannot go out by discarding a wild card.
refusal-burraco_keep_a_card = Keep one card to discard: you go out by discarding.
refusal-burraco_no_such_meld = That meld is not on the table.
refusal-burraco_not_an_extension = Those cards do not extend that meld.
refusal-burraco_set_exists = Your side already has a set of that rank: add to it instead.

## Scopa: the table as a player reads it, the questions of a turn, the events.

scopa-title = Scopa — dealer: { $dealer }; cards still to deal: { $stock }
scopa-voided = { $count ->
    [one] One misdeal this hand (three or more Kings on the table): the cards were reshuffled.
   *[other] { $count } misdeals this hand (three or more Kings on the table): the cards were reshuffled.
}
scopa-cut-wait = { $who ->
    [you] Your turn to cut the deck.
   *[other] { $name } cuts the deck.
}
scopa-table = Table: { $cards }
scopa-table-empty = Table: empty
scopa-hand = Your hand: { $cards }
scopa-hand-sizes = Cards in hand: { $sizes }
scopa-pile = { $name }: { $captured ->
    [one] { $captured } card captured
   *[other] { $captured } cards captured
}, { $scope ->
    [one] { $scope } scopa
   *[other] { $scope } scope
}
scopa-last-capture = { $who ->
    [you] Last capture: you took { $cards } with { $card }
   *[other] Last capture: { $name } took { $cards } with { $card }
}
scopa-waiting = Waiting for { $name }.
scopa-category-carte = Cards
scopa-category-denari = Coins (denari)
scopa-category-settebello = Settebello
scopa-category-primiera = Primiera
scopa-category-scope = Scope
scopa-not-your-turn = It is not your turn.
scopa-choose-card = Which card do you play?
scopa-card-choices = { $card } ({ $count } ways to capture)
scopa-choose-capture = What do you capture with { $card }?
scopa-lay = { $card }: lay it on the table
scopa-capture-with = { $card }: capture { $cards }
scopa-ask-cut = Cut the deck: how many cards go from the top to the bottom ({ $low }-{ $high }; blank for a random cut)?
scopa-bad-cut = Type a number from { $low } to { $high }, or leave it blank for a random cut.
scopa-only-move = Your only move: { $move }

## Scopa events. $who: you or other (whose move); $name: who acted.

scopa-event-card-played = { $who ->
    [you] You play { $card } to the table.
   *[other] { $name } plays { $card } to the table.
}
scopa-event-capture = { $who ->
    [you] You capture { $cards } with { $card }.
   *[other] { $name } captures { $cards } with { $card }.
}
scopa-event-scopa = { $who ->
    [you] Scopa! You sweep the table.
   *[other] Scopa! { $name } sweeps the table.
}
scopa-event-deal = { $count ->
    [0] The cards are dealt.
   *[other] The cards are dealt; on the table: { $cards }.
}
scopa-event-dealt-cards = Your cards: { $cards }.
scopa-event-dealt-count = { $who ->
    [you] You get { cards-count }.
   *[other] { $name } gets { cards-count }.
}
scopa-event-void-deal = { $kings } Kings on the table: the deal is void, the cards are reshuffled.
scopa-event-sweep = { $who ->
    [you] The last cards on the table go to you: { $cards }.
    [we] The last cards on the table go to your team: { $cards }.
   *[other] The last cards on the table go to { $name }: { $cards }.
}
scopa-event-cut = { $who ->
    [you] You cut the deck at { $at }.
   *[other] { $name } cuts the deck at { $at }.
}

## Why a move is refused (refusal-<reason>): $card is the card you tried, with its article.
refusal-scopa_cut_first = First cut the deck.
refusal-scopa_cut_depth = Cut between { $min } and { $max } cards.
refusal-scopa_no_cut = The deck is already cut: play a card.
refusal-scopa_not_in_hand = You do not hold { $card }.
refusal-scopa_not_on_table = With { $card } you can only take cards that are on the table.
refusal-scopa_take_equal = A card of the same value is on the table: with { $card } you must take that one.
refusal-scopa_wrong_sum = The cards you take with { $card } must add up to { $value }.
refusal-scopa_must_take = With { $card } you can take cards adding up to { $value }: you must take them.

## Bisca Capixaba: the table, the questions of a turn, the events.

bisca-title = Bisca Capixaba — dealer: { $dealer }
bisca-choosing = { $who ->
    [you] The trump is not chosen yet: you choose copas or the draw before anyone sees a card.
   *[other] The trump is not chosen yet: { $name } chooses copas or the draw before anyone sees a card.
}
bisca-trump = Trump: { $suit }
bisca-trump-copas = Trump: { $suit } — a copas hand (it counts double)
bisca-turned-back = Turned up and put back into the stock: { $card }. No open card.
bisca-no-open-card = No open card: the stock is closed.
bisca-open-card = Open card under the stock (drawn last): { $card }
bisca-open-card-drawn = The open card ({ $card }) was drawn by { $name }.
bisca-exchanged = { $name } exchanged { $two } for the open card ({ $card }).
bisca-last-trick = { $who ->
    [you] Last trick: { $cards } — you won it
   *[other] Last trick: { $cards } — won by { $name }
}
bisca-trick = On the table: { $cards }
bisca-trick-empty = { $who ->
    [you] On the table: nothing yet; you lead.
   *[other] On the table: nothing yet; { $name } leads.
}
bisca-final-trick = This is the last trick.
bisca-hand = Your hand: { $cards }
bisca-sizes = Cards in hand: { $sizes }; stock: { $stock }
bisca-score = { $name }: { $points ->
    [one] { $points } card point
   *[other] { $points } card points
} in { cards-count }, relo: { $relo }
bisca-waiting = Waiting for { $name }.
bisca-not-your-turn = It is not your turn.
bisca-choose-trump = You cut: how is the trump chosen?
bisca-choose-copas = Copas: hearts are trump, no card is turned up (the hand counts double)
bisca-choose-sorteio = Draw: a card is turned up and its suit is trump (an Ace or a 7 switches to the other suit of its colour)
bisca-no-two = You do not hold the Two of trumps: nothing to exchange.
bisca-exchange-question = You hold the Two of trumps. Exchange it for the open card?
bisca-keep-two = Keep { $two }
bisca-exchange = Exchange { $two } for { $card }
bisca-only-card = Only one card may be played: { $card }
bisca-choose-card = Which card do you play?
bisca-ace-waits = { $card } (the trump Ace) may be played only after the trump 7 (or by the last player holding just the trump Ace and 7).
bisca-seven-not-last = { $card } (the trump 7) may not close a trick, except in the last trick or holding just the trump Ace and 7.
bisca-not-allowed = { $card } may not be played now.
bisca-category-card_points = Card points
bisca-category-win = Hand won
bisca-category-copas = Copas
bisca-category-capote = Capote
bisca-category-relo = Relo
bisca-category-cap = At most 4 points a hand
bisca-category-seven_opening = 7 opening
bisca-category-win_61_59 = 61–59 bonus

## Bisca events. $who: you or other; $name: who acted.

bisca-event-trump-choice = { $choice ->
    [copas] { $who ->
        [you] You choose copas: hearts are trump and the hand counts double.
       *[other] { $name } chooses copas: hearts are trump and the hand counts double.
    }
   *[sorteio] { $who ->
        [you] You choose the draw: a card is turned up for trump.
       *[other] { $name } chooses the draw: a card is turned up for trump.
    }
}
bisca-event-turned = Turned up: { $card }.
bisca-event-exchange = { $who ->
    [you] You exchange { $gave } for the open card, { $took }.
   *[other] { $name } exchanges { $gave } for the open card, { $took }.
}
bisca-event-card-played = { $who ->
    [you] You play { $card }.
   *[other] { $name } plays { $card }.
}
bisca-event-trick-won = { $who ->
    [you] You win the trick: { points }.
   *[other] { $name } wins the trick: { points }.
}
bisca-event-relo = { $who ->
    [you] Relo! Your trump Ace falls on the trump 7.
   *[other] Relo! { $name }'s trump Ace falls on the trump 7.
}
bisca-event-dealt-cards = Your cards: { $cards }.
bisca-event-dealt-count = { $who ->
    [you] You get { cards-count }.
   *[other] { $name } gets { cards-count }.
}
bisca-event-draw-card = { $who ->
    [you] You draw { $card }.
   *[other] { $name } draws { $card }.
}
bisca-event-draw = { $who ->
    [you] You draw a card.
   *[other] { $name } draws a card.
}

## Bisca Capixaba: the table, the questions of a turn, the events.

bisca-title = Bisca Capixaba — dealer: { $dealer }
bisca-choosing = { $who ->
    [you] The trump is not chosen yet: you choose copas or the turn-up before anyone sees a card.
   *[other] The trump is not chosen yet: { $name } chooses copas or the turn-up before anyone sees a card.
}
bisca-trump = Trump: { $suit }
bisca-trump-copas = Trump: { $suit } — a copas hand (it counts double)
bisca-turned-back = Turned up and put back into the stock: { $card }. No open card.
bisca-no-open-card = No open card: the stock is closed.
bisca-open-card = Open card under the stock (drawn last): { $card }
bisca-open-card-drawn = { $who ->
    [you] You drew the open card ({ $card }).
   *[other] { $name } drew the open card ({ $card }).
}
bisca-exchanged = { $who ->
    [you] You exchanged { $two } for the open card ({ $card }).
   *[other] { $name } exchanged { $two } for the open card ({ $card }).
}
bisca-last-trick = { $who ->
    [you] Previous trick: { $cards } — you won it
   *[other] Previous trick: { $cards } — won by { $name }
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
bisca-choose-sorteio = Turn-up: a card is turned up and its suit is trump (if an Ace or a 7 turns up, trump switches to the other suit of its colour)
bisca-no-two = You do not hold the 2 of trumps: nothing to exchange.
bisca-exchange-question = You hold the 2 of trumps. Exchange it for the open card?
bisca-keep-two = Keep { $two }
bisca-exchange = Exchange { $two } for { $card }
bisca-only-card = You can play just this card: { $card }
bisca-choose-card = Which card do you play?
bisca-ace-waits = You may not play { $card } yet: the Ace of trumps may be played only after the 7 of trumps (or by the last player of the trick holding just the Ace and the 7 of trumps).
bisca-seven-not-last = You may not play { $card } now: the 7 of trumps may not close a trick, except in the last trick or when you hold just the Ace and the 7 of trumps.
bisca-not-allowed = You may not play { $card } now.
bisca-category-card_points = Card points
bisca-category-win = Hand won
bisca-category-copas = Copas
bisca-category-capote = Capote
bisca-category-relo = Relo
bisca-category-cap = 4-point cap
bisca-category-seven_opening = 7 opening
bisca-category-win_61_59 = 61–59 bonus

## Bisca events. $who: you or other; $name: who acted.

bisca-event-trump-choice = { $choice ->
    [copas] { $who ->
        [you] You choose copas: hearts are trump and the hand counts double.
       *[other] { $name } chooses copas: hearts are trump and the hand counts double.
    }
   *[sorteio] { $who ->
        [you] You choose the turn-up: a card is turned up to set the trump.
       *[other] { $name } chooses the turn-up: a card is turned up to set the trump.
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
    [you] Relo! Your Ace of trumps falls on the 7 of trumps.
   *[other] Relo! { $name }'s Ace of trumps falls on the 7 of trumps.
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

## Why a move is refused (refusal-<reason>): $card is the card you tried, with its article.
refusal-bisca_choose_trump = First choose the trump: copas or sorteio.
refusal-bisca_answer_exchange = The trump 2 exchange comes first.
refusal-bisca_no_trump_two = You do not hold the trump 2: there is nothing to exchange.
refusal-bisca_play_a_card = Play a card.
refusal-bisca_not_in_hand = You do not hold { $card }.
refusal-bisca_ace_before_seven = The trump Ace cannot be played before the trump 7 is out.
refusal-bisca_seven_last = The trump 7 cannot close a trick.

## The end-of-hand sheet (the counts players check, with the points they earn) and why the match ended.

# Burraco's hand has its own word in Italian (smazzata) and Portuguese (rodada); English says hand.
sheet-hand-title = { $game ->
    [burraco] Hand { $hand }
   *[other] Hand { $hand }
}
sheet-hand-points = { $game ->
    [burraco] Points this hand
   *[other] Points this hand
}
sheet-match-totals = Match score
sheet-next-in = Next hand in
sheet-waiting = Waiting for the other players…
sheet-row-carte = Cards
sheet-row-denari = Coins (denari)
sheet-row-settebello = Settebello
sheet-row-primiera = Primiera
sheet-row-scope = Scope
sheet-taken = taken
sheet-suits-missing = { $count ->
    [one] one suit missing
   *[other] { $count } suits missing
}
sheet-row-card_points = Card points
sheet-row-win = Hand won
sheet-row-copas = Copas
sheet-row-capote = Capote
sheet-row-relo = Relo
sheet-row-cap = 4-point cap
sheet-row-seven_opening = 7 opening
sheet-row-win_61_59 = 61–59 bonus
sheet-won = won
sheet-copas-hand = copas hand
sheet-capote-over = capote on { $name }
sheet-relos = { $count ->
    [0] no relo
    [one] one relo
   *[other] { $count } relos
}
sheet-row-melded = Cards melded
sheet-row-in_hand = Cards left in hand
sheet-row-burraco_clean = Clean burraco
sheet-row-burraco_semi_clean = Semi-clean burraco
sheet-row-burraco_dirty = Dirty burraco
sheet-row-closing = Going out
sheet-row-pozzetto = Pozzetto
sheet-burraco-count = { $count ->
    [one] one burraco
   *[other] { $count } burracos
}
sheet-closed = went out
sheet-pozzetto-taken = taken
sheet-pozzetto-missed = not taken
sheet-ended-closed = { $who ->
    [you] You went out.
   *[other] { $name } went out.
}
sheet-ended-stock = The hand is over: only two cards are left in the stock.
sheet-why-target = { $who ->
    [you] You reached { $target } points ({ $score }).
    [we] Your team reached { $target } points ({ $score }).
    [they] { $name } reached { $target } points ({ $score }).
   *[other] { $name } reached { $target } points ({ $score }).
}
sheet-why-single = { $who ->
    [you] A single-hand match: you scored more ({ $score }).
    [we] A single-hand match: your team scored more ({ $score }).
    [they] A single-hand match: { $name } scored more ({ $score }).
   *[other] A single-hand match: { $name } scored more ({ $score }).
}
sheet-why-hands = { $hands ->
    [one] The single hand is played
   *[other] All { $hands } hands played
  }: the higher total wins ({ $score }).
sheet-why-vote = Both sides reached { $target } points in the same hand and not everyone voted to replay it: a draw.
sheet-why-clock = { $who ->
    [you] Your reserve time ran out.
   *[other] { $name }'s reserve time ran out.
}
sheet-why-abandonment = { $who ->
    [you] You left the match.
   *[other] { $name } left the match.
}
sheet-why-disconnection = { $who ->
    [you] You did not come back to the table in time.
   *[other] { $name } did not come back to the table in time.
}
sheet-why-other = The match is over.

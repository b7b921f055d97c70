## Chips: play money for tournaments, kept in a ledger (docs/chips.md). Never bought, never cashed.

web-chips = Chips
web-chips-balance = { $count ->
    [one] You have { $count } chip.
   *[other] You have { $count } chips.
  }
web-chips-about = Chips are for entering tournaments: they cannot be bought or cashed. If you have fewer than { $floor }, you get back up to { $floor } once a day.
web-chips-granted-opening = Welcome: { $count } chips to enter your first tournaments.
web-chips-granted-daily = { $count ->
    [one] Your daily top-up: { $count } chip.
   *[other] Your daily top-up: { $count } chips.
  }
web-chips-guest = Accounts get chips to enter tournaments.
web-chips-recent = Latest movements
web-chips-kind-opening = Welcome chips
web-chips-kind-daily = Daily top-up
web-chips-kind-fee = Tournament entry fee
web-chips-kind-refund = Entry fee refunded
web-chips-kind-prize = Tournament prize
web-chips-kind-rake = House share
error-chips_insufficient = { $count ->
    [one] You need { $count } chip and have { $balance }.
   *[other] You need { $count } chips and have { $balance }.
  }
error-chips_invalid = These chips cannot be moved: the room refused the movement.
error-chips_key_reused = This movement of chips was already made differently: nothing moved.

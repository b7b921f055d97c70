# Card names. $rank: 1 (Ace) to 13 (King), 0 the joker; $suit: H D C S (J: the joker);
# $faces: italian or french.
card-rank = { $rank ->
    [0] Joker
    [1] Ace
    [2] Two
    [3] Three
    [4] Four
    [5] Five
    [6] Six
    [7] Seven
    [8] Eight
    [9] Nine
    [10] Ten
    [11] { $faces ->
        [italian] Knave
       *[french] Jack
    }
    [12] { $faces ->
        [italian] Knight
       *[french] Queen
    }
   *[13] King
}
card-suit = { $faces ->
    [italian] { $suit ->
        [H] cups
        [D] coins
        [C] clubs
       *[S] swords
    }
   *[french] { $suit ->
        [H] hearts
        [D] diamonds
        [C] clubs
       *[S] spades
    }
}
card = { $suit ->
    [J] Joker
   *[other] { card-rank } of { card-suit }
}
card-the = the { card }
card-stands-for = { $card } (as { $natural })

# Nomi delle carte. $rank: da 1 (Asso) a 13 (Re), 0 il jolly; $suit: H D C S (J: il jolly);
# $faces: italian o french.
card-rank = { $rank ->
    [0] Jolly
    [1] Asso
    [2] Due
    [3] Tre
    [4] Quattro
    [5] Cinque
    [6] Sei
    [7] Sette
    [8] Otto
    [9] Nove
    [10] Dieci
    [11] Fante
    [12] { $faces ->
        [italian] Cavallo
       *[french] Donna
    }
   *[13] Re
}
card-suit = { $faces ->
    [italian] { $suit ->
        [H] coppe
        [D] denari
        [C] bastoni
       *[S] spade
    }
   *[french] { $suit ->
        [H] cuori
        [D] quadri
        [C] fiori
       *[S] picche
    }
}
card = { $suit ->
    [J] Jolly
   *[other] { card-rank } di { card-suit }
}
card-the = { $suit ->
    [J] il Jolly
   *[other] { $rank ->
        [1] l'{ card }
        [8] l'{ card }
        [12] { $faces ->
            [italian] il { card }
           *[french] la { card }
        }
       *[other] il { card }
    }
}
card-stands-for = { $card } (come { $natural })

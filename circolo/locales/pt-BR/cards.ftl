# Nomes das cartas. $rank: de 1 (Ás) a 13 (Rei), 0 o curinga; $suit: H D C S (J: o curinga);
# $faces: italian ou french.
card-rank = { $rank ->
    [0] Curinga
    [1] Ás
    [2] Dois
    [3] Três
    [4] Quatro
    [5] Cinco
    [6] Seis
    [7] Sete
    [8] Oito
    [9] Nove
    [10] Dez
    [11] Valete
    [12] { $faces ->
        [italian] Cavalo
       *[french] Dama
    }
   *[13] Rei
}
card-suit = { $suit ->
    [H] copas
    [D] ouros
    [C] paus
   *[S] espadas
}
card = { $suit ->
    [J] Curinga
   *[other] { card-rank } de { card-suit }
}
card-the = { $suit ->
    [J] o Curinga
   *[other] { $rank ->
        [12] { $faces ->
            [italian] o { card }
           *[french] a { card }
        }
       *[other] o { card }
    }
}
card-stands-for = { $card } (valendo { $natural })

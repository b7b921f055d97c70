## A mesa: as últimas jogadas dos outros, à vista até a sua, e a escopa anunciada.
## $who: you ou other (de quem é a jogada); $name: quem jogou.

felt-auto-move = Tempo esgotado: jogada automática
felt-scopa-takes = { $who ->
    [you] Você leva
   *[other] { $name } leva
}
felt-scopa-with = com
felt-scopa-lays = { $who ->
    [you] Você joga na mesa
   *[other] { $name } joga na mesa
}
felt-scopa-scopa = Escopa!

## The felt: the others' last moves, kept in sight until yours, and a scopa called out.
## $who: you or other (whose move); $name: who moved.

felt-auto-move = Time's up: automatic move
felt-scopa-takes = { $who ->
    [you] You take
   *[other] { $name } takes
}
felt-scopa-with = with
felt-scopa-lays = { $who ->
    [you] You lay down
   *[other] { $name } lays down
}
felt-scopa-scopa = Scopa!

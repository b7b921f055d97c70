## Il tavolo: le ultime mosse degli altri, in vista fino alla tua, e la scopa annunciata.
## $who: you o other (di chi è la mossa); $name: chi ha giocato.

felt-auto-move = Tempo scaduto: mossa automatica
felt-scopa-takes = { $who ->
    [you] Hai preso
   *[other] { $name } ha preso
}
felt-scopa-with = con
felt-scopa-lays = { $who ->
    [you] Hai calato
   *[other] { $name } ha calato
}
felt-scopa-scopa = Scopa!

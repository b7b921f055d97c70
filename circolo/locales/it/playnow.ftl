## Gioca subito e i tavoli della sala: il livello dei bot, l'attesa di altri giocatori, cosa mostra un tavolo.

web-set-bot-level = Bot di Gioca subito
web-bots-in = I bot prendono i posti liberi tra
web-start-with-bots = Inizia subito con i bot
web-tables-playing = Partite in corso
web-table-playing = In corso
web-with-bots = con bot
web-match-to = { $count ->
    [one] a { $count } punto
   *[other] a { $count } punti
}
web-match-hands = { $count ->
    [one] { $count } smazzata
   *[other] { $count } smazzate
}

## Records: the history's filters, the head-to-head, a player's public profile.

history-filters = Filtra le partite
history-game = Gioco
history-any-game = Tutti i giochi
history-mode = Modalità
history-any-mode = 1 contro 1 e 2 contro 2
history-opponent = Avversario o compagno
history-opponent-hint = Il suo nome, esatto
history-show = Mostra
history-clear = Mostra tutte le partite
history-filtered-none = Nessuna partita finita con questi filtri.
history-with = Le tue partite con { $name }
history-h2h-title = Tu e { $name }
history-h2h-against = Uno contro l'altro
history-h2h-together = In squadra insieme
history-h2h-none = Non hai ancora finito una partita contro { $name }.
history-h2h-profile = Il profilo di { $name }
record-col-game = Gioco
record-col-matches = Partite
record-col-wins = Vinte
record-col-losses = Perse
record-col-draws = Pari
record-col-rating = Punteggio
profile-title = Giocatore
profile-account = Account
profile-guest = Ospite
profile-since = Gioca qui dal { $date }
profile-h2h = Le tue partite con { $name }
profile-records = Partite finite ai tavoli pubblici
profile-none = Ancora nessuna partita finita a un tavolo pubblico.
profile-recent = Ultime partite
profile-won = Vinta
profile-lost = Persa
profile-unknown = Qui non c'è nessun giocatore così.
profile-unavailable = Questo profilo ora non è disponibile.
history-matches = { $count ->
    [one] 1 partita
   *[other] { $count } partite
}

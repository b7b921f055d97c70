## Link d'invito (un amico che arriva a un tavolo privato) e ritorno dopo una disconnessione.

error-private_table = Questo tavolo è privato: aprilo con il link d'invito che ti hanno mandato i giocatori.
invite-choose = Scegli il tuo posto
invite-joining = Ti stai sedendo…
invite-sit = Siediti qui
invite-free = Posto libero
invite-partner = In coppia con { $name }
invite-opponent = Contro { $name }
invite-opposite = I compagni siedono uno di fronte all'altro.
invite-rated-offer = Chi ti ha invitato propone una partita valida per la classifica: conta solo se tutti accettano.
invite-rated-accept = Gioca valida per la classifica
invite-started = Il tavolo è al completo: la partita è già cominciata.
invite-share-hint = Manda questo link agli amici con cui vuoi giocare: la partita comincia appena tutti i posti sono occupati.
invite-share = Condividi
invite-share-text = Vieni a giocare a { $game } con me su Circolo
invite-paused-title = La partita è in pausa per te
invite-paused-body = { $team ->
    [yes] Hai perso la connessione. Riapri il tavolo prima che scada il tempo, o la tua squadra perde la partita.
   *[no] Hai perso la connessione. Riapri il tavolo prima che scada il tempo, o perdi la partita.
}

## I rifiuti del server e del gioco, uno per codice d'errore (error-<code>), in parole semplici.

error-not_your_turn = Non tocca a te.
error-illegal_move = Questa mossa non è consentita.
error-hand_over = { $game ->
    [burraco] La smazzata è finita: niente più mosse.
   *[other] La mano è finita: niente più mosse.
}
error-hand_not_over = { $game ->
    [burraco] La smazzata non è ancora finita.
   *[other] La mano non è ancora finita.
}
error-bad_seat = Quel posto non è di questo tavolo.
error-bad_notation = Non si capisce questa mossa.
error-bad_option = Questa opzione del tavolo non è valida.
error-bad_card = Questa non è una carta.
error-engine_error = Il gioco non accetta questa mossa.
error-bot_seat = Quel posto è di un bot.
error-not_started = La partita non è ancora cominciata.
error-match_over = La partita è finita.
error-no_hand = { $game ->
    [burraco] La prossima smazzata non è ancora stata distribuita.
   *[other] La prossima mano non è ancora stata distribuita.
}
error-trick_on_display = Aspetta: la presa è ancora sul tavolo.
error-away = Prima riapri il tavolo.
error-stale_move = Il gioco è andato avanti prima che arrivasse la tua mossa: guarda il tavolo e gioca di nuovo.
error-asking = Aspetta: il tavolo attende una risposta.
error-no_start_needed = Questo tavolo comincia da solo quando ci sono tutti.
error-already_started = La partita è già cominciata.
error-already_pressed = Hai già premuto Inizia la partita.
error-no_pause = Non c'è nessun risultato della mano in attesa: il gioco è già ripartito.
error-no_vote = Non c'è nessuna votazione aperta.
error-bad_vote = Non è una delle scelte della votazione.
error-already_voted = Hai già votato.
error-no_rematch = Nessuno ha proposto la rivincita.
error-table_closed = Hai lasciato questo tavolo.
error-no_invitation = Non c'è nessun invito da accettare.
error-no_seed_wanted = Il mescolamento della prossima mano è già fissato.
error-log_mismatch = Non si riesce a ricostruire la partita salvata di questo tavolo.
error-log_version = La registrazione del tavolo è di una versione della sala che questa non sa leggere.
error-bad_command = Il tavolo non ha capito la richiesta.
error-bad_config = Non si può creare un tavolo così.
error-bad_setting = Questa impostazione non è valida.
error-bad_seq = Il tavolo non è ancora a quel punto: lo ricarico.
error-no_table = Questo tavolo non esiste (o è privato).
error-table_over = Questa partita è finita: puoi rivederla.
error-not_seated = Non hai un posto a questo tavolo.
error-seat_taken = Il posto è occupato.
error-table_full = Il tavolo è pieno.
error-too_many_spectators = Questo tavolo ha già tutti gli spettatori che può accogliere: riprova più tardi.
error-too_many_tables = Hai già troppi tavoli in attesa di giocatori: lasciane uno prima.
error-too_many_bot_tables = Giochi già a troppi tavoli con i bot: finiscine uno prima.
error-bad_rated = Solo un tavolo privato di persone a velocità normale può essere proposto valido per la classifica: uno pubblico lo è già.
error-not_rated_table = Questo tavolo non è proposto valido per la classifica: siediti senza.
error-busy = Il server è occupato: non è cambiato niente, riprova.
error-no_answer = Il server non ha risposto in tempo: riprova.
error-internal = Errore del server: non è cambiato niente.
error-rate_limited = { $seconds ->
    [one] Troppo veloce: aspetta un secondo.
   *[other] Troppo veloce: aspetta { $seconds } secondi.
}
error-chat_rate = Troppi messaggi: aspetta un attimo.
error-chat_too_long = Il messaggio è troppo lungo.
error-frame_too_large = La richiesta è troppo grande.
error-bad_json = Il server non ha capito la richiesta.
error-bad_frame = Il server non ha capito la richiesta.
error-unknown_type = Il server non conosce questa richiesta.
error-hello_first = La connessione non è ancora pronta: mi ricollego.
error-protocol_version = Questa pagina non è aggiornata: ricaricala.
error-too_many_open = Hai troppi tavoli aperti insieme: chiudine uno prima.
error-chat_players_only = Solo chi gioca al tavolo può scrivere in chat.
refusal-illegal = Questa mossa ora non è permessa.

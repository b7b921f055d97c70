## I rifiuti del server e del gioco, uno per codice d'errore (error-<code>), in parole semplici.

error-not_your_turn = Non tocca a te.
error-illegal_move = Questa mossa non è consentita.
error-hand_over = La mano è finita: niente più mosse.
error-hand_not_over = La mano non è ancora finita.
error-bad_seat = Quel posto non è di questo tavolo.
error-bad_notation = Non si capisce questa mossa.
error-bad_option = Questa opzione del tavolo non è valida.
error-bad_card = Questa non è una carta.
error-engine_error = Il gioco non accetta questa mossa.
error-bot_seat = Quel posto è di un bot.
error-not_started = La partita non è ancora cominciata.
error-match_over = La partita è finita.
error-no_hand = La prossima mano non è ancora stata distribuita.
error-trick_on_display = Aspetta: la presa è ancora sul tavolo.
error-away = Prima riapri il tavolo.
error-stale_move = Questa mossa era per una posizione precedente.
error-no_start_needed = Questo tavolo comincia da solo quando ci sono tutti.
error-already_started = La partita è già cominciata.
error-already_pressed = Hai già premuto Inizia.
error-no_pause = Non c'è un risultato della mano da chiudere.
error-no_vote = Non c'è nessuna votazione aperta.
error-bad_vote = Non è una delle scelte della votazione.
error-already_voted = Hai già votato.
error-no_rematch = Non c'è nessuna rivincita in offerta.
error-table_closed = Hai lasciato questo tavolo.
error-no_invitation = Non c'è nessun invito da accettare.
error-no_seed_wanted = Il mescolamento della prossima mano è già fissato.
error-log_mismatch = La registrazione del tavolo non si riproduce.
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
error-busy = Il server è occupato: non è cambiato niente, riprova.
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

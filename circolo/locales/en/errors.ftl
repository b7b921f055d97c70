## The server's and the engine's refusals, one per error code (error-<code>), in plain words.

error-not_your_turn = It is not your turn.
error-illegal_move = That move is not allowed.
error-hand_over = { $game ->
    [burraco] The hand is over: no more moves.
   *[other] The hand is over: no more moves.
}
error-hand_not_over = { $game ->
    [burraco] The hand is not over yet.
   *[other] The hand is not over yet.
}
error-bad_seat = That seat is not at this table.
error-bad_notation = That move could not be read.
error-bad_option = That table option is not valid.
error-bad_card = That is not a card.
error-engine_error = The game refused that move.
error-bot_seat = That seat is a bot's.
error-not_started = The match has not started yet.
error-match_over = The match is over.
error-no_hand = { $game ->
    [burraco] The next hand has not been dealt yet.
   *[other] The next hand has not been dealt yet.
}
error-trick_on_display = Wait: the trick is still on display.
error-away = Reopen your table first.
error-stale_move = The game moved on before your move arrived: look at the table and play again.
error-asking = Wait: the table is waiting for an answer.
error-no_start_needed = This table starts by itself when everyone is here.
error-already_started = The match has already started.
error-already_pressed = You already pressed Start the match.
error-no_pause = There is no hand result waiting: play has already moved on.
error-no_vote = No vote is open.
error-bad_vote = That is not one of the choices of the vote.
error-already_voted = You have already voted.
error-no_rematch = No rematch has been offered.
error-table_closed = You have left this table.
error-no_invitation = There is no invitation to accept.
error-no_seed_wanted = The next hand's shuffle is already fixed.
error-log_mismatch = This table's saved match could not be rebuilt.
error-log_version = The table's record was written by a version of the room this one cannot read.
error-bad_command = The table did not understand that request.
error-bad_config = That table cannot be created as set.
error-bad_setting = That setting is not valid.
error-bad_seq = The table is not that far yet: reloading it.
error-no_table = This table does not exist (or is private).
error-table_over = This match is over: you can watch its replay.
error-not_seated = You have no seat at this table.
error-seat_taken = That seat is taken.
error-table_full = The table is full.
error-too_many_spectators = This table has as many spectators as it can take: try again later.
error-too_many_tables = You already have too many tables waiting for players: leave one first.
error-too_many_bot_tables = You already play at too many tables with bots: finish one first.
error-bad_rated = Only a private table of people at the standard speed can be offered rated: a public one is rated anyway.
error-not_rated_table = This table is not offered rated: sit down without rated.
error-busy = The server is busy: nothing changed, try again.
error-no_answer = The server did not answer in time: try again.
error-internal = The server failed: nothing changed.
error-rate_limited = { $seconds ->
    [one] Too fast: wait a second.
   *[other] Too fast: wait { $seconds } seconds.
}
error-chat_rate = Too many messages: wait a moment.
error-chat_too_long = The message is too long.
error-frame_too_large = That request is too large.
error-bad_json = The server could not read that request.
error-bad_frame = The server could not read that request.
error-unknown_type = The server does not know that request.
error-hello_first = The connection is not ready yet: reconnecting.
error-protocol_version = This page is out of date: reload it.
error-too_many_open = You have too many tables open at once: close one first.
error-chat_players_only = Only the players at the table can write in the chat.
refusal-illegal = That move is not allowed now.

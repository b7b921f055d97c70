## As recusas do servidor e do jogo, uma por código de erro (error-<code>), em palavras simples.

error-not_your_turn = Não é a sua vez.
error-illegal_move = Essa jogada não é permitida.
error-hand_over = { $game ->
    [burraco] A rodada acabou: não há mais jogadas.
   *[other] A mão acabou: não há mais jogadas.
}
error-hand_not_over = { $game ->
    [burraco] A rodada ainda não acabou.
   *[other] A mão ainda não acabou.
}
error-bad_seat = Esse lugar não é desta mesa.
error-bad_notation = Não deu para entender essa jogada.
error-bad_option = Essa opção de mesa não é válida.
error-bad_card = Isso não é uma carta.
error-engine_error = O jogo não aceitou essa jogada.
error-bot_seat = Esse lugar é de um robô.
error-not_started = A partida ainda não começou.
error-match_over = A partida acabou.
error-no_hand = { $game ->
    [burraco] A próxima rodada ainda não foi dada.
   *[other] A próxima mão ainda não foi dada.
}
error-trick_on_display = Espere: a vaza ainda está na mesa.
error-away = Volte para a mesa primeiro.
error-stale_move = O jogo andou antes de a sua jogada chegar: veja a mesa e jogue de novo.
error-asking = Espere: a mesa está esperando uma resposta.
error-no_start_needed = Esta mesa começa sozinha quando todos chegam.
error-already_started = A partida já começou.
error-already_pressed = Você já apertou Começar a partida.
error-no_pause = Não há resultado de mão esperando: o jogo já continuou.
error-no_vote = Não há votação aberta.
error-bad_vote = Essa não é uma das opções da votação.
error-already_voted = Você já votou.
error-no_rematch = Ninguém propôs revanche.
error-table_closed = Você saiu desta mesa.
error-no_invitation = Não há convite para aceitar.
error-no_seed_wanted = O embaralhamento da próxima mão já está fixado.
error-log_mismatch = Não foi possível reconstruir a partida salva desta mesa.
error-log_version = O registro da mesa foi escrito por uma versão da sala que esta não sabe ler.
error-bad_command = A mesa não entendeu o pedido.
error-bad_config = Não dá para criar uma mesa assim.
error-bad_setting = Essa configuração não é válida.
error-bad_seq = A mesa ainda não chegou lá: recarregando.
error-no_table = Esta mesa não existe (ou é privada).
error-table_over = Esta partida terminou: você pode revê-la.
error-not_seated = Você não tem lugar nesta mesa.
error-seat_taken = Esse lugar está ocupado.
error-table_full = A mesa está cheia.
error-too_many_spectators = Esta mesa já tem todos os espectadores que comporta: tente mais tarde.
error-too_many_tables = Você já tem mesas demais esperando jogadores: saia de uma antes.
error-too_many_bot_tables = Você já joga em mesas demais com robôs: termine uma antes.
error-bad_rated = Só uma mesa privada de pessoas na velocidade normal pode ser proposta valendo ranking: uma pública já vale.
error-not_rated_table = Esta mesa não foi proposta valendo ranking: sente-se sem valer ranking.
error-busy = O servidor está ocupado: nada mudou, tente de novo.
error-no_answer = O servidor não respondeu a tempo: tente de novo.
error-internal = Falha no servidor: nada mudou.
error-rate_limited = { $seconds ->
    [one] Rápido demais: espere um segundo.
   *[other] Rápido demais: espere { $seconds } segundos.
}
error-chat_rate = Mensagens demais: espere um pouco.
error-chat_too_long = A mensagem é longa demais.
error-frame_too_large = O pedido é grande demais.
error-bad_json = O servidor não entendeu o pedido.
error-bad_frame = O servidor não entendeu o pedido.
error-unknown_type = O servidor não conhece esse pedido.
error-hello_first = A conexão ainda não está pronta: reconectando.
error-protocol_version = Esta página está desatualizada: recarregue.
error-too_many_open = Você tem mesas demais abertas ao mesmo tempo: feche uma antes.
error-chat_players_only = Só quem está jogando na mesa pode escrever no chat.
refusal-illegal = Essa jogada não é permitida agora.

## Torneios no navegador: a lista do salão, a página de um torneio (#/tournament/<id>),
## os avisos que chegam ao jogador em qualquer lugar, e o Começar a partida de uma rodada.

tour-title = Torneios
tour-none = Nenhum torneio aberto agora.
tour-finished-list = Terminados há pouco
tour-kind-sit_and_go = Sit and go
tour-kind-scheduled = Com horário
tour-single-hand = mão única
tour-seats = { $count ->
    [one] { $count } lugar
   *[other] { $count } lugares
  }
tour-chips = { $count ->
    [one] { $count } ficha
   *[other] { $count } fichas
  }
tour-free = Grátis
tour-fee = Inscrição: { $fee }
tour-pool = Premiação: { $pool }
tour-practice = Treino
tour-rated = Vale para o ranking
tour-unrated = Fora do ranking
tour-filled = { $entries }/{ $capacity } inscritos
tour-starts-at = Começa { $time }
tour-starts-when-full = Começa quando lotar
tour-status-registering = Inscrições abertas
tour-status-drawing = Sorteando a chave
tour-status-running = Rodada { $round } de { $rounds }
tour-status-playing = Em andamento
tour-status-finished = Terminado
tour-status-cancelled = Cancelado
tour-registered = Você está inscrito
tour-register = Inscrever-se
tour-unregister = Cancelar inscrição
tour-add-bots = Completar os lugares vazios com robôs
tour-open = Abrir
tour-start-rule = Em cada rodada você tem { $count ->
    [one] 1 minuto
   *[other] { $count } minutos
  } para apertar “Começar a partida” na sua mesa, senão perde essa partida.
tour-start-rule-seconds = Em cada rodada você tem { $count ->
    [one] 1 segundo
   *[other] { $count } segundos
  } para apertar “Começar a partida” na sua mesa, senão perde essa partida.
tour-bots-rule = Treino: grátis e fora do ranking; robôs podem ocupar os lugares vazios.
tour-split-title = Como a premiação é dividida
tour-split-under = Com menos de 8 inscritos o vencedor leva tudo.
tour-split-small = De 8 a 15 inscritos
tour-split-large = 16 inscritos ou mais
tour-split-now = Com { $count } inscritos
tour-split-share = Parte
tour-split-each = { $share } cada
tour-place = { $place ->
    [1] Campeão
    [2] Vice
   *[other] Do { $place }º ao { $last }º lugar
  }
tour-entries-title = Inscritos
tour-entries-none = Ninguém se inscreveu ainda.
tour-seed = cabeça de chave { $seed }
tour-bracket = Chave
tour-bracket-none = A chave é sorteada quando o torneio começa.
tour-round = Rodada { $round }
tour-semi = Semifinais
tour-final = Final
tour-empty-side = —
tour-how-bye = passa sem jogar
tour-how-walkover = W.O.
tour-how-absent = não compareceu
tour-how-empty = ninguém
tour-how-coin = sorteio (dois robôs)
tour-how-both_lost = nenhum dos dois compareceu
tour-how-seed_after_draws = melhor cabeça de chave após os empates
tour-how-other = decidido sem jogar
tour-how-start_deadline = não apertou Começar a tempo
tour-how-clock = tempo esgotado
tour-how-abandonment = saiu da mesa
tour-how-disconnection = não voltou para a mesa
tour-play = Jogar
tour-your-match = Sua partida
tour-your-match-against = Você contra { $opponent }
tour-go-table = Ir para a sua mesa
tour-out = Você saiu na rodada { $round }.
tour-champion = Campeão: { $names }
tour-no-champion = Sem campeão: nenhum dos finalistas compareceu.
tour-cancelled = Este torneio foi cancelado: todas as inscrições foram devolvidas.
tour-commitments = Compromissos das distribuições
tour-commitments-about = As cartas de cada rodada vêm de um segredo comprometido antes do sorteio e revelado quando a rodada termina: confira qualquer mão na página de verificação.
tour-secret-later = revelado quando a rodada terminar
tour-col-round = Rodada
tour-col-commitment = Compromisso
tour-col-secret = Segredo
tour-compare = Rodada { $round }: as mesmas cartas em cada mesa
tour-compare-more = Mais mesas
tour-col-hand = Mão
tour-hand-deal = Mão { $hand } (distribuição { $deal })
tour-payouts = Prêmios
tour-col-place = Lugar
tour-col-player = Jogador
tour-col-amount = Fichas
tour-unknown = Este torneio não existe.
tour-unavailable = Os torneios não estão disponíveis agora.
tour-login = Entrar
tour-why-needs_account = Torneios são para quem tem conta: entre ou crie uma para se inscrever.
tour-why-chips_insufficient = Você não tem fichas suficientes para a inscrição.
tour-why-full = Todos os lugares estão ocupados.
tour-why-closed = As inscrições estão encerradas.
tour-why-not_found = Este torneio não existe.
tour-why-already_registered = Você já está inscrito.
tour-why-not_registered = Você não está inscrito.
tour-why-no_bots = Só um torneio de treino aceita robôs.
tour-why-registration_closed = As inscrições estão encerradas.
tour-why-rate_limited = Pedidos demais: espere um pouco e tente de novo.
tour-why-no_partner = Este link do parceiro não vale mais: peça um novo ao seu parceiro.
tour-notice-round_started = A rodada { $round } de { $name } começou: sua mesa está pronta.
tour-notice-replay = Sua partida de { $name } vai ser jogada de novo: sua mesa está pronta.
tour-notice-bye = { $name }: você passa a rodada { $round } sem jogar.
tour-notice-walkover = { $name }: seu adversário não compareceu, você passa a rodada { $round } por W.O.
tour-notice-eliminated = { $name }: você foi eliminado, na rodada { $round }.
tour-notice-won = Você venceu { $name }!
tour-notice-cancelled = { $name } foi cancelado: sua inscrição foi devolvida.
tour-notice-prize = { $name }: seu prêmio é de { $amount }.
tour-notice-go = Ir para a mesa
tour-notice-see = Ver o torneio
tour-notice-dismiss = Fechar
tour-match = Partida de torneio
tour-start-within = Aperte “Começar a partida” em
tour-start-lose = senão você perde esta partida.
tour-ready = Prontos: { $names }
tour-nobody-ready = Ninguém apertou “Começar a partida” ainda.
tour-waiting-opponent = Esperando seu adversário apertar “Começar a partida”.
tour-waiting-others = Esperando os outros jogadores apertarem “Começar a partida”.
tour-back = Voltar ao torneio

# 2 v 2: a pair enters through the link one partner sends the other
tour-pair-ask = Inscrever-se com um parceiro
tour-pair-join = Inscrever-se em dupla com seu parceiro
tour-pair-send = Mande este link ao seu parceiro. A dupla fica inscrita quando ele abrir o link e tocar em “Inscrever-se em dupla com seu parceiro”.
tour-pair-copy = Copiar o link
tour-pair-copied = Link copiado
tour-pair-invited = Um parceiro convidou você para jogar este torneio em dupla.

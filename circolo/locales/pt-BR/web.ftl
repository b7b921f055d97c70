## O cliente do navegador: salão, mesa, configurações, histórico, verificação.

web-opt-players = Jogadores
web-opt-players-2 = 1 contra 1
web-opt-players-4 = 2 contra 2
web-opt-target = Partida de
web-opt-target-single_hand = Uma mão só
web-opt-faces = Baralho
web-opt-faces-italian = Italiano
web-opt-faces-french = Francês
web-opt-hands = Rodadas
# O campo vazio de um número opcional: $value, um valor comum (4 rodadas, 2005 pontos).
web-opt-example = ex.: { $value }
web-opt-seven_opening = Regra da casa: 7 de abertura
web-opt-bonus_61_59 = Regra da casa: bônus no 61 × 59
web-history = Histórico
web-replay = Rever
web-history-unavailable = O histórico de partidas ainda não está disponível neste servidor.
web-no-history = Nenhuma partida terminada ainda.
web-older = Partidas anteriores
web-step = Jogada
web-first = Início
web-previous = Voltar
web-next = Avançar
web-last = Fim
web-app = Circolo
web-game-label = Jogo
web-lobby = Salão
web-settings = Configurações
web-verify = Verificar um embaralhamento
web-language = Idioma
web-game-scopa = Scopa
web-game-bisca = Bisca Capixaba
web-game-burraco = Buraco italiano
web-mode-2 = 1 contra 1
web-mode-4 = 2 contra 2
web-game-scopa-about = Capture cartas de mesmo valor; limpe a mesa para fazer escopa.
web-game-bisca-about = Vazas e trunfo: ganha quem chegar primeiro a 4 pontos.
web-game-burraco-about = Jogos, canastras e o morto.
web-play-now = Jogar agora
web-open-tables = Mesas abertas
web-no-tables = Nenhuma mesa aberta agora: escolha Jogar agora e os robôs ocupam os lugares vazios.
web-create-table = Criar uma mesa
web-create = Criar
web-watch = Assistir
web-join = Sentar
web-speed = Velocidade
web-speed-standard = Normal
web-speed-relaxed = Lenta
web-speed-untimed = Sem limite de tempo
web-private = Mesa privada (link de convite)
web-rated = Vale ranking (se todos aceitarem)
web-seat-label = Lugar { $seat }
web-seat-me = Eu
web-seat-open = Lugar livre
web-seat-bot = Robô
web-level-random = Fácil
web-level-greedy = Médio
web-level-expert = Difícil
web-bot = Robô
web-you = você
web-dealer = Quem dá as cartas
web-dealer-tag = D
web-waiting = Esperando jogadores…
web-waiting-bots = Em { $seconds } s entram robôs, se ninguém vier.
web-invite-link = Link de convite
web-copy = Copiar
web-copied = Copiado
web-your-turn = Sua vez
web-turn-of = Vez de { $name }
web-spectator = Você está assistindo
web-cards = { $count ->
    [0] nenhuma carta
    [one] { $count } carta
   *[other] { $count } cartas
}
web-points = { $count ->
    [0] 0 pontos
    [one] { $count } ponto
   *[other] { $count } pontos
}
web-stock = { $game ->
    [burraco] Monte
   *[other] Monte
}
web-pile = Lixo
web-table = Mesa
web-scores = Placar
web-hand = Suas cartas
web-card-forbidden = não pode ser jogada agora
web-start-match = Começar a partida
web-continue = Continuar
web-rematch = Revanche
web-table-closed-left = A mesa foi fechada: um jogador saiu.
web-table-closed-rematch_declined = A mesa foi fechada: um jogador recusou a revanche.
web-table-closed-rematch_expired = A mesa foi fechada: o tempo para a revanche acabou.
web-leave = Sair da mesa
web-back-to-lobby = Voltar ao salão
web-offline = Conexão perdida — reconectando…
web-offline-seat = sem conexão
web-reconnected = Conexão restabelecida
web-chat = Chat
web-send = Enviar
web-chat-placeholder = Escreva uma mensagem
web-log = Jogadas
web-disconnected-for = { $name } desconectou, precisa voltar em até
web-return-invite = Sua mesa está esperando por você
web-reopen = Volte para a mesa
web-return-in = { $seconds } s para voltar
web-commitment = Impressão digital do embaralhamento
web-verify-link = Verificar este embaralhamento
web-seed = Semente
web-match-over = Fim da partida
web-you-won = Você ganhou!
web-you-lost = Você perdeu
web-draw = Empate
web-winner = { $count ->
    [one] { $name } ganhou
   *[other] { $name } ganharam
}
web-reason = Motivo
web-hand-number = { $game ->
    [burraco] Rodada { $hand }
   *[other] Mão { $hand }
}
web-match = Partida
web-match-number = Partida { $match }
web-total = Total
web-reason-score = decidida no placar
web-reason-abandonment = um jogador abandonou
web-reason-cancelled = cancelada antes do início
web-reason-start_deadline = ninguém apertou Começar a partida a tempo
web-reason-vote = decidida por votação
web-reason-clock = tempo esgotado
web-reason-disconnection = um jogador não voltou
web-reason-target = pontuação alcançada
web-reason-hands = todas as rodadas jogadas
web-reason-abandon = um jogador saiu
web-reason-disconnect = um jogador não voltou
web-reason-timeout = tempo esgotado
web-reason-draw = empate combinado
web-reason-log_full = partida longa demais: empate
web-cut = Cortar o baralho
web-cut-how = Quantas cartas passar de cima para baixo
web-cut-auto = Se você não cortar, o baralho é cortado para você em poucos segundos.
web-cut-choose = Escolher onde cortar
web-choose-capture = Escolha a captura
web-lay = Jogar na mesa
web-cat-carte = Cartas
web-cat-denari = Ouros
web-cat-settebello = Sete belo
web-cat-primiera = Primeira
web-cat-scope = Escopas
web-copas = a mão vale o dobro
web-sorteio = Sorteio
web-choose-trump = Escolha o trunfo
web-trump = Trunfo
web-open-card = Carta aberta
web-exchange = Trocar o 2
web-pass = Passar
web-exchange-prompt = Você tem o 2 do trunfo: troque pela carta aberta, ou fique com ele.
web-exchange-waiting = Esperando a troca do 2 do trunfo: quem tem o 2 do trunfo pode trocá-lo pela carta aberta.
web-trick = Vaza
web-last-trick = Vaza anterior
web-won-trick = { $who ->
    [you] Você leva a vaza
   *[other] { $name } leva a vaza
}
web-relo = Relo!
web-vote = Todos chegaram aos pontos na mesma mão
web-vote-replay = Jogar a mão de novo
web-vote-draw = Empate
web-draw-card = Comprar
web-take = Pegar o lixo
web-meld = Baixar jogo
web-extend = Baixar no jogo
web-discard = Descartar
web-melds = Jogos
web-pozzetto = Morto
web-pozzetti = Mortos
web-select-cards = Selecione cartas e depois baixe um jogo novo, baixe num jogo da mesa ou descarte
web-wild-where = Onde fica o curinga?
web-stands-for = como { $card }
web-burraco-clean = canastra limpa
web-burraco-semi = canastra semilimpa
web-burraco-dirty = canastra suja
web-move-sent = Enviando…
web-no-answer = O servidor não respondeu: recarregando a mesa
web-error-other = Algo deu errado: { $message }
web-set-faces = Cartas
web-faces-auto = Como escolhido para a mesa
web-faces-italian = Italianas (napolitanas)
web-faces-french = Francesas
web-set-four-colour = Naipes em quatro cores
web-set-letters = Letra do naipe no canto
web-set-back = Verso
web-back-green = Verde
web-back-red = Vermelho
web-back-blue = Azul
web-set-sound = Sons
web-set-notify = Avisar quando for minha vez (aba oculta)
web-set-motion = Animações
web-set-confirm = Confirmações: um segundo toque joga a carta na Bisca, e sair de uma partida em andamento pergunta antes
web-set-shortcuts = Atalhos de teclado (setas, Enter, números)
web-close = Fechar
web-name = Nome
web-verify-check = Verificar
web-moves = { $count ->
    [0] nenhuma jogada
    [one] { $count } jogada
   *[other] { $count } jogadas
}
web-sides = Duplas
web-team = Dupla
web-opponents = Adversários
web-your-team = Sua dupla
web-move-queued = Você está sem conexão: sua jogada vai ser enviada quando a conexão voltar.
web-move-not-sent = Sua jogada não foi enviada: o jogo já seguiu.
web-leave-title = Sair da mesa?
web-leave-loses = Sair de uma partida em andamento conta como derrota.
web-leave-loses-team = Sair de uma partida em andamento conta como derrota para a sua dupla.
web-leave-confirm = Sair e perder
web-stay = Ficar
web-match-number = Partida { $match }
web-chat-not-sent = Não enviada: a conexão caiu. Sua mensagem continua na caixa.

## O cliente do navegador: salão, mesa, configurações, histórico, verificação.

web-opt-players = Jogadores
web-opt-players-2 = 1 contra 1
web-opt-players-4 = 2 contra 2
web-opt-target = Partida de
web-opt-target-single_hand = Uma mão só
web-opt-faces = Cartas
web-opt-faces-italian = Italianas
web-opt-faces-french = Francesas
web-opt-hands = Rodadas
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
web-game-bisca-about = Vazas e trunfo: ganha a primeira dupla a 4 pontos.
web-game-burraco-about = Jogos, canastras e o morto.
web-play-now = Jogar agora
web-open-tables = Mesas abertas
web-no-tables = Nenhuma mesa aberta agora: toque em Jogar agora e robôs ocupam os lugares vazios.
web-create-table = Criar uma mesa
web-create = Criar
web-watch = Assistir
web-join = Sentar
web-speed = Velocidade
web-speed-standard = Normal
web-speed-relaxed = Tranquila
web-speed-untimed = Sem tempo
web-private = Privada (link de convite)
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
web-stock = Monte
web-pile = Lixo
web-table = Mesa
web-scores = Placar
web-hand = Sua mão
web-card-forbidden = não pode agora
web-start-match = Começar a partida
web-continue = Continuar
web-rematch = Revanche
web-leave = Sair da mesa
web-back-to-lobby = Voltar ao salão
web-offline = Conexão perdida — reconectando…
web-offline-seat = sem conexão
web-reconnected = Conectado de novo
web-chat = Chat
web-send = Enviar
web-chat-placeholder = Escreva uma mensagem
web-log = Jogadas
web-disconnected-for = { $name } desconectou, precisa voltar em
web-return-invite = Sua mesa está esperando por você
web-reopen = Volte para a mesa
web-return-in = { $seconds } s para voltar
web-times-up = Tempo esgotado: jogada automática
web-commitment = Compromisso do embaralhamento
web-verify-link = Verificar este embaralhamento
web-seed = Semente
web-match-over = Fim da partida
web-you-won = Você ganhou!
web-you-lost = Você perdeu
web-draw = Empate
web-winner = { $name } ganhou
web-reason = Motivo
web-hand-number = Mão { $hand }
web-match = Partida
web-match-number = Partida { $match }
web-total = Total
web-reason-score = decidida no placar
web-reason-abandonment = um jogador abandonou
web-reason-cancelled = cancelada antes do início
web-reason-start_deadline = início não confirmado a tempo
web-reason-vote = decidida por votação
web-reason-clock = tempo esgotado
web-reason-disconnection = um jogador não voltou
web-reason-target = pontuação alcançada
web-reason-hands = todas as mãos jogadas
web-reason-abandon = um jogador saiu
web-reason-disconnect = um jogador não voltou
web-reason-timeout = tempo esgotado
web-reason-draw = empate combinado
web-reason-log_full = partida longa demais: empate
web-cut = Cortar o baralho
web-cut-how = Quantas cartas passar de cima para baixo
web-choose-capture = Escolha a captura
web-lay = Baixar na mesa
web-cat-carte = Cartas
web-cat-denari = Ouros
web-cat-settebello = Sete belo
web-cat-primiera = Primeira
web-cat-scope = Escopas
web-scopa = Escopa!
web-copas = Copas
web-sorteio = Sorteio
web-choose-trump = Escolha o trunfo
web-trump = Trunfo
web-open-card = Carta aberta
web-exchange = Trocar o 2
web-pass = Passar
web-exchange-prompt = Você tem o 2 de trunfo: troque pela carta aberta, ou fique com ele.
web-exchange-none = Antes da primeira vaza, o 2 de trunfo pode ser trocado pela carta aberta. Você não o tem.
web-trick = Vaza
web-last-trick = Última vaza
web-won-trick = { $name } leva a vaza
web-relo = Relo!
web-vote = As duas duplas chegaram a 4 pontos
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
web-select-cards = Selecione cartas e depois baixe um jogo, baixe no jogo ou descarte
web-wild-where = Onde fica o curinga?
web-stands-for = como { $card }
web-burraco-clean = canastra limpa
web-burraco-semi = canastra semilimpa
web-burraco-dirty = canastra suja
web-move-sent = Enviando…
web-no-answer = O servidor não respondeu: recarregando a mesa
web-error-other = Algo deu errado: { $message }
web-set-faces = Cartas
web-faces-auto = Conforme o jogo
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
web-set-shortcuts = Atalhos de teclado (setas, Enter, números)
web-close = Fechar
web-name = Nome
web-verify-check = Verificar
web-moves = { $count ->
    [0] nenhuma jogada
    [one] { $count } jogada
   *[other] { $count } jogadas
}
web-ev-play = { $you ->
        [yes] Você joga { $card }
       *[no] { $name } joga { $card }
    }
web-ev-capture = { $you ->
        [yes] Você captura { $took } com { $card }
       *[no] { $name } captura { $took } com { $card }
    }
web-ev-draw = { $you ->
        [yes] Você compra
       *[no] { $name } compra
    }
web-ev-take = { $you ->
        [yes] Você pega o lixo
       *[no] { $name } pega o lixo
    }
web-ev-meld = { $you ->
        [yes] Você baixa { $cards }
       *[no] { $name } baixa { $cards }
    }
web-ev-extend = { $you ->
        [yes] Você baixa no jogo { $cards }
       *[no] { $name } baixa no jogo { $cards }
    }
web-ev-discard = { $you ->
        [yes] Você descarta { $card }
       *[no] { $name } descarta { $card }
    }
web-ev-copas = { $you ->
        [yes] Você escolhe copas
       *[no] { $name } escolhe copas
    }
web-ev-sorteio = { $you ->
        [yes] Você escolhe sorteio
       *[no] { $name } escolhe sorteio
    }
web-ev-exchange = { $you ->
        [yes] Você troca o 2
       *[no] { $name } troca o 2
    }
web-ev-pass = { $you ->
        [yes] Você passa
       *[no] { $name } passa
    }
web-ev-cut = { $you ->
        [yes] Você corta o baralho
       *[no] { $name } corta o baralho
    }
web-sides = Duplas
web-team = Dupla
web-opponents = Adversários
web-your-team = Sua dupla

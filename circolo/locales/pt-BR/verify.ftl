## Conferir uma distribuição: a página de verificação, o "verificar todas as mãos" do histórico, `circolo verify`.

verify-match = ✓ A semente bate com a impressão digital: o embaralhamento foi fixado antes de dar as cartas.
verify-mismatch = ✗ Esta semente NÃO bate com a impressão digital: não é a semente daquela mão.
verify-digest = SHA-256 da semente: { $digest }
verify-seat = { $role ->
    [dealer] Lugar { $seat } (dá as cartas)
    [first] Lugar { $seat } (recebe primeiro)
   *[other] Lugar { $seat }
}
verify-cut = O corte: { $count ->
    [one] { $count } carta passada
   *[other] { $count } cartas passadas
} de cima para baixo do monte.
verify-void = { $count ->
    [one] Uma distribuição anulada (três ou quatro Reis na mesa): o monte foi embaralhado de novo.
   *[other] { $count } distribuições anuladas (três ou quatro Reis na mesa): o monte foi embaralhado de novo a cada vez.
}
verify-waiting-cut = Esta distribuição espera o corte: informe quantas cartas foram cortadas (de 4 a 36).
verify-trump = { $choice ->
    [copas] Copas: trunfo de copas, nenhuma carta virada.
   *[sorteio] Sorteio: trunfo de { $suit }.
}
verify-table = Na mesa
verify-open = Carta aberta, embaixo do monte (a última a ser comprada)
verify-turned = Carta virada: { $card }, um Ás ou um Sete: voltou para o monte.
verify-pile = Lixo
verify-pozzetto = Morto { $number }
verify-stock = { $game ->
    [burraco] Monte, de cima para baixo
   *[other] Monte, de cima para baixo
}
verify-deck = O baralho embaralhado, de cima para baixo

web-verify-title = Conferir uma distribuição
web-verify-lead = Antes de cada mão a mesa publica o SHA-256 de uma semente secreta: a impressão digital. Depois da mão, revela a semente. Cole os dois aqui: se baterem, o embaralhamento foi fixado antes de dar as cartas, e logo abaixo você vê as cartas que essa semente dá, uma por uma, para comparar com as que você recebeu.
web-verify-players = Jogadores
web-verify-dealer = Quem dá as cartas
web-verify-first = Primeiro a jogar
web-verify-cut-label = Cartas cortadas
web-verify-choice = Trunfo
web-verify-sorteio = Sorteio
web-verify-copas = Copas
web-verify-unreadable = ✗ Não dá para ler esta semente: são 64 dígitos hexadecimais (0–9, a–f), como a sala mostra.
web-verify-no-deal = Não foi possível mostrar a distribuição: { $reason }
web-verify-yourself = Confira você mesmo
web-verify-yourself-how = Com Python 3 e mais nada: cole estas linhas no python3. Elas mostram a impressão digital e depois o baralho embaralhado, de cima para baixo. { $dealing }
web-verify-dealing-scopa = Depois quem corta passa as cartas cortadas de cima para baixo; quem dá as cartas dá três a cada jogador, uma de cada vez, começando pelo jogador seguinte, e põe quatro na mesa.
web-verify-dealing-bisca = Depois três cartas para cada jogador, as três de uma vez, começando pelo jogador depois de quem dá as cartas; no sorteio a carta seguinte é virada.
web-verify-dealing-burraco = Depois onze cartas para cada jogador, uma de cada vez, começando pelo primeiro a jogar; a carta seguinte vai aberta para o lixo; os dois mortos de onze saem de baixo do monte, uma carta de cada vez, alternando.
web-verify-all = Verificar todas as distribuições
# $game: scopa, bisca ou burraco (no Buraco a mão é uma rodada).
web-verify-hand = { $game ->
    [burraco] Rodada { $hand }
   *[other] Mão { $hand }
}
web-verify-hand-ok = semente, impressão digital e distribuição batem.
web-verify-hand-bad-seed = a semente NÃO bate com a impressão digital.
web-verify-hand-bad-deal = as cartas jogadas NÃO são as que esta semente dá.
web-verify-hand-unknown = não foi possível verificar agora (tente de novo em um minuto).
web-verify-see = Ver a distribuição
web-verify-summary = Distribuições verificadas: { $ok } de { $count }.

error-bad_seed = Não dá para ler esta semente: são 64 dígitos hexadecimais, como a sala mostra.
error-bad_deal = Não dá para fazer esta distribuição assim: confira o jogo, os jogadores, quem dá as cartas e o corte.
error-bad_game = Este jogo não existe.

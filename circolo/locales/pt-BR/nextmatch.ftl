## A sua próxima partida contra uma pessoa que também apertou Jogar agora no mesmo jogo e modo.

web-next-match = { $name } também joga este jogo contra robôs: jogar a sua próxima partida contra { $name }?
web-next-match-accept = Jogar com { $name }
web-next-match-decline = Não, obrigado
web-next-match-waiting = Esperando { $name } terminar a partida…
web-next-match-off = { $name } não vai jogar a próxima partida.
error-no_offer = Não há próxima partida contra uma pessoa oferecida aqui.
error-not_over = A sua partida ainda não acabou.

## Fair play: the wait before Play now after repeated abandonments.

error-play_now_delayed = Você abandonou { $abandoned } partidas antes do fim: o «Jogar agora» volta às { $until }. Termine algumas partidas e tudo volta ao normal.

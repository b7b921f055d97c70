## Links de convite (um amigo chegando a uma mesa privada) e a volta depois de uma desconexão.

error-private_table = Esta mesa é privada: abra pelo link de convite que os jogadores mandaram para você.
invite-choose = Escolha seu lugar
invite-joining = Sentando…
invite-sit = Sentar aqui
invite-free = Lugar livre
invite-partner = Em dupla com { $name }
invite-opponent = Contra { $name }
invite-opposite = Os parceiros sentam frente a frente.
invite-rated-offer = Quem te convidou propõe uma partida que vale ranking: só conta se todos aceitarem.
invite-rated-accept = Jogar valendo ranking
invite-started = A mesa está completa: a partida já começou.
invite-share-hint = Mande este link para os amigos com quem você quer jogar: a partida começa assim que todos os lugares estiverem ocupados.
invite-share = Compartilhar
invite-share-text = Venha jogar { $game } comigo no Circolo
invite-paused-title = A partida está pausada para você
invite-paused-body = { $team ->
    [yes] Você perdeu a conexão. Volte para a mesa antes que o tempo acabe, ou sua dupla perde a partida.
   *[no] Você perdeu a conexão. Volte para a mesa antes que o tempo acabe, ou você perde a partida.
}

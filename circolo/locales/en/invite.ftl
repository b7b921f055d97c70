## Invite links (a friend coming to a private table) and coming back after a disconnection.

error-private_table = This table is private: open it with the invite link its players sent you.
invite-choose = Choose your seat
invite-joining = Taking your seat…
invite-sit = Sit here
invite-free = Free seat
invite-partner = Partner: { $name }
invite-opponent = Against { $name }
invite-opposite = Partners sit opposite each other.
invite-rated-offer = Your host offers this match rated: it counts for the ratings only if every player accepts.
invite-rated-accept = Play it rated
invite-started = This table is full: its match has already started.
invite-share-hint = Send this link to the friends you want to play with: the match starts as soon as every seat is taken.
invite-share = Share
invite-share-text = Come and play { $game } with me at Circolo
invite-paused-title = The match is paused for you
invite-paused-body = { $team ->
    [yes] You lost the connection. Reopen your table before the time runs out, or your team loses the match.
   *[no] You lost the connection. Reopen your table before the time runs out, or you lose the match.
}

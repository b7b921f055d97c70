## Burraco: il tavolo, ogni passo del turno, gli eventi.

burraco-title = Burraco — tallone: { cards-count }; scarti: { $pile ->
    [one] { $pile } carta
   *[other] { $pile } carte
}
burraco-pile = Scarti (l'ultima è quella sopra): { $cards }
burraco-pozzetto = { $who ->
    [you] Il tuo pozzetto: { $state }
    [we] Il pozzetto della tua squadra: { $state }
   *[other] Il pozzetto di { $name }: { $state }
}
burraco-pozzetto-there = ancora in tavola
burraco-pozzetto-taken = preso
burraco-melds-of = { $who ->
    [you] I tuoi giochi:
    [we] I giochi della tua squadra:
   *[other] I giochi di { $name }:
}
burraco-no-melds = ancora nessuno
burraco-kind-clean = burraco pulito
burraco-kind-semi-clean = burraco semipulito
burraco-kind-dirty = burraco sporco
burraco-sizes = Carte in mano: { $sizes }
burraco-recall = Dagli scarti, { $name } ha in mano: { $cards }
burraco-hand = In mano ({ cards-count }):
burraco-taken-single = Presa dagli scarti in questo turno, unica carta (non puoi scartarla, a meno di averne un'altra uguale): { $card }
burraco-ended-closed = { $who ->
    [you] Smazzata finita: hai chiuso tu.
   *[other] Smazzata finita: ha chiuso { $name }.
}
burraco-ended-stock = Smazzata finita: nel tallone restano solo due carte.
burraco-waiting = Si aspetta { $name }.
burraco-not-your-turn = Non tocca a te.
burraco-draw-or-take = Peschi dal tallone o raccogli gli scarti?
burraco-draw = Pesca la prima carta del tallone
burraco-take = Raccogli tutti gli scarti: { $cards }
burraco-what-now = E ora?
burraco-action-meld = Cala un nuovo gioco
burraco-action-extend = Allunga un gioco già calato
burraco-action-discard = Scarta una carta (finisce il turno)
burraco-meld-cards = Numeri delle carte da calare (1-{ $count }, per esempio 1 4 5; vuoto per tornare indietro):
burraco-extend-cards = Numeri delle carte da aggiungere (1-{ $count }, per esempio 2 3; vuoto per tornare indietro):
burraco-bad-numbers = Scrivi numeri di carte da 1 a { $count }, tutti diversi, separati da spazi.
burraco-no-such-meld = Con queste carte ora non puoi calare nessun gioco.
burraco-no-such-extension = Queste carte ora non si possono aggiungere a quel gioco.
burraco-which-meld = Quale gioco allunghi?
burraco-choose-layout = Come lo disponi?
burraco-which-discard = Quale carta scarti?
burraco-cannot-discard = { $why ->
    [taken] Ora non puoi scartare { $card }: è l'unica carta che hai preso dagli scarti.
   *[close] Ora non puoi scartare { $card }: resteresti senza carte, e così non puoi chiudere (serve almeno un burraco, e l'ultimo scarto non può essere una matta).
}
burraco-category-melded = Carte calate
burraco-category-in_hand = Carte rimaste in mano
burraco-category-burraco_clean = Burraco pulito
burraco-category-burraco_semi_clean = Burraco semipulito
burraco-category-burraco_dirty = Burraco sporco
burraco-category-closing = Chiusura
burraco-category-no_pozzetto = Pozzetto non preso

## Eventi del Burraco. $who: you, we, other o they; $name: chi ha mosso.

burraco-event-draw-card = Peschi dal tallone: { $card }.
burraco-event-draw = { $who ->
    [you] Peschi dal tallone.
   *[other] { $name } pesca dal tallone.
}
burraco-event-pile-taken = { $who ->
    [you] Raccogli gli scarti ({ cards-count }): { $cards }.
   *[other] { $name } raccoglie gli scarti ({ cards-count }): { $cards }.
}
burraco-event-meld = { $who ->
    [you] Hai calato un gioco: { $cards }.
   *[other] { $name } cala un gioco: { $cards }.
}
burraco-event-extend = { $who ->
    [you] Hai allungato il gioco { $meld } con { $cards }.
   *[other] { $name } allunga il gioco { $meld } con { $cards }.
}
burraco-event-burraco = { $who ->
    [you] Hai fatto un burraco { $type ->
        [clean] pulito
        [semi-clean] semipulito
       *[dirty] sporco
    }!
    [we] La tua squadra ha fatto un burraco { $type ->
        [clean] pulito
        [semi-clean] semipulito
       *[dirty] sporco
    }!
    [they] { $name } hanno fatto un burraco { $type ->
        [clean] pulito
        [semi-clean] semipulito
       *[dirty] sporco
    }!
   *[other] { $name } ha fatto un burraco { $type ->
        [clean] pulito
        [semi-clean] semipulito
       *[dirty] sporco
    }!
}
burraco-event-pozzetto-cards = Prendi il tuo pozzetto: { $cards }.
burraco-event-pozzetto = { $who ->
    [you] Prendi il tuo pozzetto ({ cards-count }).
   *[other] { $name } prende il pozzetto ({ cards-count }).
}
burraco-event-discard = { $who ->
    [you] Hai scartato { $card }.
   *[other] { $name } scarta { $card }.
}
burraco-event-close = { $who ->
    [you] Hai chiuso: smazzata finita!
   *[other] { $name } chiude: smazzata finita!
}

## Il tavolo nel browser: le matte, l'ordine della mano, l'ultimo turno degli altri.

web-burraco-wild = matta
# Una pinella in una combinazione: $card il suo nome.
web-burraco-wild-card = { $card }, matta
# Una carta appena entrata nella tua mano; $from: drawn (pescata), taken (dagli scarti) o pozzetto.
web-burraco-fresh = { $from ->
    [taken] appena raccolta dagli scarti
    [pozzetto] dal tuo pozzetto
   *[drawn] appena pescata
}
web-burraco-sort = Ordina la tua mano
web-burraco-sort-suit = Per seme
web-burraco-sort-rank = Per valore
# $name: il giocatore di cui si vede l'ultimo turno.
web-burraco-last-of = Ultimo turno di { $name }
web-burraco-last-drew = ha pescato dal tallone
web-burraco-last-took = ha raccolto gli scarti
web-burraco-last-meld = ha calato
web-burraco-last-extend = ha allungato un gioco
web-burraco-last-discard = ha scartato
web-burraco-last-pozzetto = ha preso il pozzetto
web-burraco-last-close = ha chiuso
## Perché una mossa è rifiutata (refusal-<reason>): $card è una carta della mossa, con l'articolo.
refusal-burraco_draw_first = Prima pesca dal tallone o raccogli gli scarti.
refusal-burraco_drawn_already = Hai già pescato in questo turno.
refusal-burraco_stock_empty = Il tallone è finito.
refusal-burraco_pile_empty = Non ci sono scarti da raccogliere.
refusal-burraco_not_in_hand = Non hai in mano { $card }.
refusal-burraco_taken_card = Non puoi scartare { $card }: è l'unica carta che hai appena raccolto dagli scarti.
refusal-burraco_close_needs_burraco = Non puoi ancora chiudere: prima serve un burraco.
refusal-burraco_close_wild = Non puoi chiudere scartando una matta.
refusal-burraco_keep_a_card = Tieni una carta da scartare: si chiude scartando.
refusal-burraco_no_such_meld = Quel gioco non è in tavola.
refusal-burraco_not_an_extension = Queste carte non allungano quel gioco.
refusal-burraco_set_exists = Hai già una combinazione di quel valore: aggiungi lì.

## Scopa: il tavolo come lo legge il giocatore, le domande del turno, gli eventi.

scopa-title = Scopa — mazziere: { $dealer }; carte ancora da distribuire: { $stock }
scopa-voided = { $count ->
    [one] Una distribuzione annullata in questa mano (tre o più Re in tavola): carte rimescolate.
   *[other] { $count } distribuzioni annullate in questa mano (tre o più Re in tavola): carte rimescolate.
}
scopa-cut-wait = { $who ->
    [you] Tocca a te tagliare il mazzo.
   *[other] { $name } taglia il mazzo.
}
scopa-table = In tavola: { $cards }
scopa-table-empty = In tavola: nessuna carta
scopa-hand = In mano: { $cards }
scopa-hand-sizes = Carte in mano: { $sizes }
scopa-pile = { $name }: { $captured ->
    [one] { $captured } carta presa
   *[other] { $captured } carte prese
}, { $scope ->
    [one] { $scope } scopa
   *[other] { $scope } scope
}
scopa-last-capture = { $who ->
    [you] Ultima presa: con { $card } hai preso { $cards }
   *[other] Ultima presa: { $name } con { $card } ha preso { $cards }
}
scopa-waiting = Si aspetta { $name }.
scopa-category-carte = Carte
scopa-category-denari = Denari
scopa-category-settebello = Settebello
scopa-category-primiera = Primiera
scopa-category-scope = Scope
scopa-not-your-turn = Non tocca a te.
scopa-choose-card = Quale carta giochi?
scopa-card-choices = { $card } ({ $count } prese possibili)
scopa-choose-capture = Cosa prendi con { $card }?
scopa-lay = { $card }: calala in tavola
scopa-capture-with = { $card }: prendi { $cards }
scopa-ask-cut = Taglia il mazzo: quante carte passano da sopra a sotto ({ $low }-{ $high }; vuoto per un taglio a caso)?
scopa-bad-cut = Scrivi un numero da { $low } a { $high }, o lascia vuoto per un taglio a caso.
scopa-only-move = Hai una sola mossa: { $move }

## Eventi della Scopa. $who: you o other (chi ha mosso); $name: chi ha mosso.

scopa-event-card-played = { $who ->
    [you] Hai calato { $card }.
   *[other] { $name } cala { $card }.
}
scopa-event-capture = { $who ->
    [you] Hai preso { $cards } con { $card }.
   *[other] { $name } prende { $cards } con { $card }.
}
scopa-event-scopa = { $who ->
    [you] Scopa! Hai spazzato il tavolo.
   *[other] Scopa! { $name } spazza il tavolo.
}
scopa-event-deal = { $count ->
    [0] Si distribuiscono le carte.
   *[other] Si distribuiscono le carte; in tavola: { $cards }.
}
scopa-event-dealt-cards = Le tue carte: { $cards }.
scopa-event-dealt-count = { $who ->
    [you] Ricevi { cards-count }.
   *[other] { $name } riceve { cards-count }.
}
scopa-event-void-deal = { $kings } Re in tavola: la mano non vale, si rimescolano le carte.
scopa-event-sweep = { $who ->
    [you] Le ultime carte in tavola vanno a te: { $cards }.
    [we] Le ultime carte in tavola vanno alla tua squadra: { $cards }.
   *[other] Le ultime carte in tavola vanno a { $name }: { $cards }.
}
scopa-event-cut = { $who ->
    [you] Hai tagliato il mazzo a { $at }.
   *[other] { $name } taglia il mazzo a { $at }.
}

## Perché una mossa è rifiutata (refusal-<reason>): $card è la carta giocata, con l'articolo.
refusal-scopa_cut_first = Prima devi tagliare il mazzo.
refusal-scopa_cut_depth = Taglia tra { $min } e { $max } carte.
refusal-scopa_no_cut = Il mazzo è già tagliato: gioca una carta.
refusal-scopa_not_in_hand = Non hai in mano { $card }.
refusal-scopa_not_on_table = Con { $card } puoi prendere solo carte che sono in tavola.
refusal-scopa_take_equal = In tavola c'è una carta dello stesso valore: con { $card } devi prendere quella.
refusal-scopa_wrong_sum = Le carte che prendi con { $card } devono fare { $value }.
refusal-scopa_must_take = Con { $card } puoi prendere carte che fanno { $value }: devi prenderle.

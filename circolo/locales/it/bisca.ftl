## Bisca Capixaba: il tavolo, le domande del turno, gli eventi.

bisca-title = Bisca Capixaba — mazziere: { $dealer }
bisca-choosing = { $who ->
    [you] La briscola non è ancora stata scelta: tocca a te scegliere copas o sorteggio prima di vedere le carte.
   *[other] La briscola non è ancora stata scelta: { $name } sceglie copas o sorteggio prima di vedere le carte.
}
bisca-trump = Briscola: { $suit }
bisca-trump-copas = Briscola: { $suit } — mano a copas (vale doppio)
bisca-turned-back = Girata e rimessa nel mazzo: { $card }. Nessuna carta scoperta.
bisca-no-open-card = Nessuna carta scoperta: il mazzo è chiuso.
bisca-open-card = Carta scoperta sotto il mazzo (si pesca per ultima): { $card }
bisca-open-card-drawn = { $who ->
    [you] La carta scoperta ({ $card }) l'hai pescata tu.
   *[other] La carta scoperta ({ $card }) l'ha pescata { $name }.
}
bisca-exchanged = { $who ->
    [you] Hai scambiato { $two } con la carta scoperta ({ $card }).
   *[other] { $name } ha scambiato { $two } con la carta scoperta ({ $card }).
}
bisca-last-trick = { $who ->
    [you] Presa precedente: { $cards } — l'hai presa tu
   *[other] Presa precedente: { $cards } — l'ha presa { $name }
}
bisca-trick = In tavola: { $cards }
bisca-trick-empty = { $who ->
    [you] In tavola: ancora niente; sei di mano tu.
   *[other] In tavola: ancora niente; è di mano { $name }.
}
bisca-final-trick = È l'ultima presa.
bisca-hand = In mano: { $cards }
bisca-sizes = Carte in mano: { $sizes }; mazzo: { $stock }
bisca-score = { $name }: { points } in { cards-count }, relo: { $relo }
bisca-waiting = Si aspetta { $name }.
bisca-not-your-turn = Non tocca a te.
bisca-choose-trump = Tagli tu: come si sceglie la briscola?
bisca-choose-copas = Copas: briscola cuori, non si gira nessuna carta (la mano vale doppio)
bisca-choose-sorteio = Sorteggio: si gira una carta e il suo seme è briscola (se esce un Asso o un 7, la briscola passa all'altro seme dello stesso colore)
bisca-no-two = Non hai il Due di briscola: niente da cambiare.
bisca-exchange-question = Hai il Due di briscola. Lo cambi con la carta scoperta?
bisca-keep-two = Tieni { $two }
bisca-exchange = Scambia { $two } con { $card }
bisca-only-card = Puoi giocare una carta sola: { $card }
bisca-choose-card = Quale carta giochi?
bisca-ace-waits = Non puoi ancora giocare { $card }: l'Asso di briscola si gioca solo dopo il 7 di briscola (o da ultimo di mano, se in mano hai solo l'Asso e il 7 di briscola).
bisca-seven-not-last = Non puoi giocare { $card } adesso: il 7 di briscola non può chiudere la presa, tranne nell'ultima presa o se in mano hai solo l'Asso e il 7 di briscola.
bisca-not-allowed = Ora non puoi giocare { $card }.
bisca-category-card_points = Punti delle carte
bisca-category-win = Mano vinta
bisca-category-copas = Copas
bisca-category-capote = Cappotto
bisca-category-relo = Relo
bisca-category-cap = Massimo 4 punti per mano
bisca-category-seven_opening = Apertura col 7
bisca-category-win_61_59 = Premio 61–59

## Eventi della Bisca. $who: you o other; $name: chi ha mosso.

bisca-event-trump-choice = { $choice ->
    [copas] { $who ->
        [you] Hai scelto copas: briscola cuori, la mano vale doppio.
       *[other] { $name } sceglie copas: briscola cuori, la mano vale doppio.
    }
   *[sorteio] { $who ->
        [you] Hai scelto il sorteggio: si gira una carta per la briscola.
       *[other] { $name } sceglie il sorteggio: si gira una carta per la briscola.
    }
}
bisca-event-turned = Si gira { $card }.
bisca-event-exchange = { $who ->
    [you] Hai scambiato { $gave } con la carta scoperta, { $took }.
   *[other] { $name } scambia { $gave } con la carta scoperta, { $took }.
}
bisca-event-card-played = { $who ->
    [you] Hai giocato { $card }.
   *[other] { $name } gioca { $card }.
}
bisca-event-trick-won = { $who ->
    [you] La presa è tua: { points }.
   *[other] La presa va a { $name }: { points }.
}
bisca-event-relo = { $who ->
    [you] Relo! Il tuo Asso di briscola cade sul 7.
   *[other] Relo! L'Asso di briscola di { $name } cade sul 7.
}
bisca-event-dealt-cards = Le tue carte: { $cards }.
bisca-event-dealt-count = { $who ->
    [you] Ricevi { cards-count }.
   *[other] { $name } riceve { cards-count }.
}
bisca-event-draw-card = { $who ->
    [you] Peschi { $card }.
   *[other] { $name } pesca { $card }.
}
bisca-event-draw = { $who ->
    [you] Peschi una carta.
   *[other] { $name } pesca una carta.
}

## Perché una mossa è rifiutata (refusal-<reason>): $card è la carta giocata, con l'articolo.
refusal-bisca_choose_trump = Prima scegli la briscola: copas o sorteggio.
refusal-bisca_answer_exchange = Prima c'è lo scambio del 2 di briscola.
refusal-bisca_no_trump_two = Non hai il 2 di briscola: non c'è niente da scambiare.
refusal-bisca_play_a_card = Gioca una carta.
refusal-bisca_not_in_hand = Non hai in mano { $card }.
refusal-bisca_ace_before_seven = L'Asso di briscola non si gioca prima che sia uscito il 7 di briscola.
refusal-bisca_seven_last = Il 7 di briscola non può chiudere la presa.

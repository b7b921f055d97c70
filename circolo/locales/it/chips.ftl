## Chips: play money for tournaments, kept in a ledger (docs/chips.md). Never bought, never cashed.

web-chips = Fiches
web-chips-balance = { $count ->
    [one] Hai { $count } fiche.
   *[other] Hai { $count } fiches.
  }
web-chips-about = Le fiches servono per iscriversi ai tornei: non si comprano e non si incassano. Se ne hai meno di { $floor }, una volta al giorno torni a { $floor }.
web-chips-granted-opening = Ti diamo il benvenuto con { $count } fiches per iscriverti ai primi tornei.
web-chips-granted-daily = { $count ->
    [one] La tua ricarica di oggi: { $count } fiche.
   *[other] La tua ricarica di oggi: { $count } fiches.
  }
web-chips-guest = Con un account ricevi le fiches per iscriverti ai tornei.
web-chips-recent = Ultimi movimenti
web-chips-kind-opening = Fiches di benvenuto
web-chips-kind-daily = Ricarica giornaliera
web-chips-kind-fee = Iscrizione a un torneo
web-chips-kind-refund = Iscrizione rimborsata
web-chips-kind-prize = Premio di un torneo
web-chips-kind-rake = Quota della casa
error-chips_insufficient = { $count ->
    [one] Serve { $count } fiche e ne hai { $balance }.
   *[other] Servono { $count } fiches e ne hai { $balance }.
  }
error-chips_invalid = Queste fiches non si possono spostare: la sala ha rifiutato il movimento.
error-chips_key_reused = Questo movimento di fiches è già stato fatto in un altro modo: nulla è cambiato.

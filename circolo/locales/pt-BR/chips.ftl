## Chips: play money for tournaments, kept in a ledger (docs/chips.md). Never bought, never cashed.

web-chips = Fichas
web-chips-balance = { $count ->
    [one] Você tem { $count } ficha.
   *[other] Você tem { $count } fichas.
  }
web-chips-about = As fichas servem para entrar em torneios: não se compram nem se trocam por dinheiro. Se você tiver menos de { $floor }, volta a ter { $floor } uma vez por dia.
web-chips-granted-opening = Boas-vindas: { $count } fichas para entrar nos seus primeiros torneios.
web-chips-granted-daily = { $count ->
    [one] Sua recarga de hoje: { $count } ficha.
   *[other] Sua recarga de hoje: { $count } fichas.
  }
web-chips-guest = Com uma conta você ganha fichas para entrar em torneios.
web-chips-recent = Últimas movimentações
web-chips-kind-opening = Fichas de boas-vindas
web-chips-kind-daily = Recarga diária
web-chips-kind-fee = Inscrição em torneio
web-chips-kind-refund = Inscrição devolvida
web-chips-kind-prize = Prêmio de torneio
web-chips-kind-rake = Parte da casa
error-chips_insufficient = { $count ->
    [one] Você precisa de { $count } ficha e tem { $balance }.
   *[other] Você precisa de { $count } fichas e tem { $balance }.
  }
error-chips_invalid = Essas fichas não podem ser movidas: a sala recusou a movimentação.
error-chips_key_reused = Essa movimentação de fichas já foi feita de outro jeito: nada mudou.

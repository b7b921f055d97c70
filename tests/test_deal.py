"""The deal a revealed seed gives: ``circolo.deal`` against the engines, ``GET /api/deal``
(every parameter checked, rate-limited per address), ``circolo verify`` in words, and the
worked example of docs/verify.md against the code."""

from __future__ import annotations

import asyncio
import hashlib
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from starlette.applications import Starlette

from circolo.cards import commitment, parse_seed, seed_text, shuffled
from circolo.cli import main
from circolo.deal import DealError, deal_of
from circolo.games import make_rules
from circolo.server import deals
from circolo.server.settings import Settings

SEED = "1111111111111111111111111111111111111111111111111111111111111111"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "verify.md"


def test_a_seed_reads_as_the_room_prints_it() -> None:
    number = parse_seed(SEED)
    assert seed_text(number) == SEED and parse_seed("0x" + SEED.upper()) == number
    assert parse_seed(" 255 ") == 255 and parse_seed("0x" + "0" * 62 + "ff") == 255
    for bad in ("", "0x", "12x", "-1", "9" * 78, "0x1" + "0" * 64, "٣"):
        with pytest.raises(ValueError):
            parse_seed(bad)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2**255 + 12345, parse_seed(SEED)])
def test_each_game_deals_what_its_engine_deals(players: int, seed: int) -> None:
    """Every card is somewhere exactly once; hands are the engine's own."""
    for first in range(players):
        scopa = deal_of("scopa", seed, players, first, cuts=[17])
        hand = make_rules("scopa", {"players": players}).new_hand(seed, first)
        hand.play(hand.to_move(), "cut 17")
        if not scopa.void_deals:
            assert [sorted(h) for h in scopa.hands] == [
                sorted(str(c) for c in hand.hand_cards(s)) for s in range(players)
            ]
            assert sorted(scopa.table) == sorted(str(c) for c in hand.table_cards())
        bisca = deal_of("bisca", seed, players, first)
        burraco = deal_of("burraco", seed, players, first)
        for deal in (scopa, bisca, burraco):
            places = [*deal.hands, deal.table, deal.pile, *deal.pozzetti, deal.stock]
            assert sorted(c for place in places for c in place) == sorted(deal.deck)
            assert deal.commitment == commitment(seed) and deal.seed == seed_text(seed)
        assert burraco.order[0] == first and bisca.order[0] == (first + 1) % players
        # Burraco deals one card at a time from the top: the first player's first card.
        assert burraco.hands[first][0] == burraco.deck[0] and burraco.pile == [
            burraco.deck[11 * players]
        ]


def test_bisca_deals_three_at_a_time_and_the_choice_turns_a_card_or_not() -> None:
    sorteio, copas = deal_of("bisca", SEED), deal_of("bisca", SEED, choice="copas")
    assert sorteio.hands == copas.hands
    assert sorteio.hands[1] == sorteio.deck[:3] and sorteio.hands[0] == sorteio.deck[3:6]
    assert copas.trump == "H" and copas.open_card is None and copas.turned is None
    assert sorteio.turned == sorteio.deck[6] == "7C" and sorteio.trump == "S"


def test_scopa_without_its_cut_waits_for_it_and_a_void_deal_needs_another() -> None:
    waiting = deal_of("scopa", SEED)
    assert waiting.waiting == "cut" and waiting.hands == [[], []] and waiting.stock == waiting.deck
    cut = deal_of("scopa", SEED, cuts=[17])
    # 17 cards from the top to the bottom; one at a time from the seat after the dealer
    assert cut.hands[1] == cut.deck[17:23:2] and cut.hands[0] == cut.deck[18:23:2]
    assert cut.table == cut.deck[23:27] and cut.stock == cut.deck[27:] + cut.deck[:17]
    with pytest.raises(DealError, match="not void"):
        deal_of("scopa", SEED, cuts=[17, 20])
    void = next(
        (seed, n) for seed in range(1, 5000) for n in (4, 20)
        if deal_of("scopa", seed, cuts=[n]).void_deals
    )  # fmt: skip
    seed, n = void
    again = deal_of("scopa", seed, cuts=[n])
    assert again.waiting == "cut" and again.void_deals == 1
    dealt = deal_of("scopa", seed, cuts=[n, 10])
    assert dealt.cuts == [n, 10] and dealt.void_deals == 1 and dealt.deck == again.deck
    assert dealt.hands[0] == dealt.deck[11:16:2]  # the reshuffled deck, cut by 10


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "poker", "seed": SEED}, "bad_game"),
        ({"game": "scopa", "seed": "zz"}, "bad_seed"),
        ({"game": "scopa", "seed": SEED, "players": 3}, "bad_deal"),
        ({"game": "scopa", "seed": SEED, "first": 2}, "bad_deal"),
        ({"game": "scopa", "seed": SEED, "cuts": [3]}, "bad_deal"),
        ({"game": "scopa", "seed": SEED, "cuts": [17] * 9}, "bad_deal"),
        ({"game": "bisca", "seed": SEED, "cuts": [17]}, "bad_deal"),
        ({"game": "bisca", "seed": SEED, "choice": "hearts"}, "bad_deal"),
    ],
)
def test_a_deal_that_cannot_be_made_says_why(kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(DealError) as caught:
        deal_of(**kwargs)
    assert caught.value.code == code


def get(path: str, requests: int = 120) -> list[httpx.Response]:
    """``path`` asked ``requests`` times of an app with only the deal route, as app.py
    mounts it."""
    app = Starlette(routes=deals.ROUTES)
    app.state.server = SimpleNamespace(deals=deals.DealRate(Settings(deal_requests=3)))

    async def fetch() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as http:
            return [await http.get(path) for _ in range(requests)]

    return asyncio.run(fetch())


def test_the_route_deals_as_the_engine_does() -> None:
    (answer,) = get(f"/api/deal?game=scopa&seed={SEED}&players=2&first=1&cut=17", 1)
    assert answer.status_code == 200 and "max-age" in answer.headers["cache-control"]
    assert answer.json() == deal_of("scopa", SEED, 2, 1, [17]).to_json()
    (answer,) = get(f"/api/deal?game=burraco&seed=0x{SEED}&players=4&first=3", 1)
    assert answer.json()["pozzetti"] and len(answer.json()["hands"][3]) == 11


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("game=scopa", "bad_seed"),
        (f"game=scopa&seed={SEED}x", "bad_seed"),
        (f"game=scopa&seed={'1' * 200}", "bad_deal"),
        (f"seed={SEED}", "bad_game"),
        (f"game=scopa&seed={SEED}&players=x", "bad_deal"),
        (f"game=scopa&seed={SEED}&players=999", "bad_deal"),
        (f"game=scopa&seed={SEED}&cut=17,,3", "bad_deal"),
        (f"game=scopa&seed={SEED}&cut={','.join(['17'] * 9)}", "bad_deal"),
        (f"game=bisca&seed={SEED}&choice=both", "bad_deal"),
        (f"game=bisca&seed={SEED}&table=1", "bad_deal"),
    ],
)
def test_the_route_refuses_what_it_cannot_deal(query: str, code: str) -> None:
    (answer,) = get(f"/api/deal?{query}", 1)
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
    assert answer.json()["message"]


def test_the_route_is_rate_limited_per_address() -> None:
    answers = get(f"/api/deal?game=bisca&seed={SEED}", 4)
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[-1].json()["code"] == "rate_limited"
    assert int(answers[-1].headers["retry-after"]) > 0


def test_the_app_serves_the_route() -> None:
    source = (Path(deals.__file__).parent / "app.py").read_text()
    assert "*DEAL_ROUTES" in source and "DealRate(settings)" in source


def verify(*args: str) -> Any:
    return CliRunner().invoke(main, ["verify", *args])


def test_the_cli_takes_the_seed_as_printed_and_tells_the_deal_in_words() -> None:
    digest = commitment(parse_seed(SEED))
    run = verify("scopa", "--seed", SEED, "--commitment", digest, "--cut", "17", "--lang", "it")
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert lines[0].startswith("✓ Il codice coincide con l'impronta")
    assert "Posto 2 (riceve per primo): Due di bastoni, Tre di denari e Cavallo di bastoni" in lines
    assert (
        "In tavola: Sei di bastoni, Quattro di coppe, Cinque di denari e Quattro di bastoni"
        in lines
    )
    run = verify("bisca", "--seed", "0x" + SEED, "--lang", "pt-BR", "--choice", "copas")
    assert "Copas: trunfo de copas, nenhuma carta virada." in run.output
    assert "Lugar 1 (dá as cartas): Ás de espadas, Dama de ouros e Valete de paus" in run.output
    run = verify("burraco", "--seed", SEED, "--players", "4", "--first", "2")
    assert "Seat 3 (dealt first): " in run.output and "Pozzetto 2: " in run.output
    assert "Discard pile: Jack of clubs" in verify("burraco", "--seed", SEED).output


def test_the_cli_says_a_tampered_seed_does_not_match() -> None:
    digest = commitment(parse_seed(SEED))
    run = verify("scopa", "--seed", "2" + SEED[1:], "--commitment", digest, "--lang", "en")
    assert run.exit_code == 1
    assert run.output.startswith("✗ This seed does NOT match the fingerprint")
    run = verify("scopa", "--seed", "12x", "--lang", "pt-BR")
    assert run.exit_code == 2 and "64 dígitos hexadecimais" in run.output


def test_the_worked_example_of_docs_verify_md_is_the_code_s() -> None:
    """The seed, its bytes' SHA-256 and the first cards written in docs/verify.md."""
    text = DOCS.read_text(encoding="utf-8")
    seed = re.search(r"^seed:\s+([0-9a-f]{64})$", text, re.M)
    digest = re.search(r"^commitment:\s+([0-9a-f]{64})$", text, re.M)
    assert seed and digest
    assert hashlib.sha256(bytes.fromhex(seed[1])).hexdigest() == digest[1]
    assert commitment(parse_seed(seed[1])) == digest[1]
    for game in ("scopa", "burraco"):
        written = re.search(rf"^{game} deck:\s+(.+)$", text, re.M)
        assert written, game
        first = written[1].split()
        assert first[-1] == "…" and deal_of(game, seed[1]).deck[: len(first) - 1] == first[:-1]
    shuffle = re.search(r"^shuffled\(40\):\s+(.+)$", text, re.M)
    assert shuffle
    numbers = shuffle[1].split()
    assert [str(i) for i in shuffled(parse_seed(seed[1]), 40)[: len(numbers) - 1]] == numbers[:-1]
    scopa, bisca = deal_of("scopa", seed[1], cuts=[17]), deal_of("bisca", seed[1])
    said = " ".join(text.split())
    assert (
        f"seat 1 (dealt first) {' '.join(scopa.hands[1])}, seat 0 {' '.join(scopa.hands[0])}"
        in said
    )
    assert f"and {' '.join(scopa.table)} on the table" in said
    assert f"seat 1 {' '.join(bisca.hands[1])} and seat 0 {' '.join(bisca.hands[0])}" in said
    assert f"turns {bisca.open_card}: clubs are trump" in said and bisca.trump == "C"


def test_the_checker_of_docs_verify_md_prints_the_commitment_and_the_deck() -> None:
    text = DOCS.read_text(encoding="utf-8")
    code = text.split("```python\n")[1].split("```")[0]
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seed = re.search(r'fromhex\("([0-9a-f]{64})"\)', code)
    assert seed
    assert run.stdout.split("\n")[:2] == [
        commitment(parse_seed(seed[1])),
        " ".join(deal_of("scopa", seed[1]).deck),
    ]

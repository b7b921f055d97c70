"""Every event kind of every game told in words, in every language: samples of each
kind, and every event of random hands played on the engine's checked path."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from fluent.runtime import FluentBundle

from circolo import describe
from circolo.cards import Faces
from circolo.describe import COMMON_KINDS, KINDS, describe_event, describe_events
from circolo.games import GAMES, make_rules
from circolo.i18n import LANGUAGES, resource
from circolo.terminal.common import default_names

NAMES = {0: "Tu", 1: "Marco"}
TEAMS = {0: "Tu", 1: "Marco", 2: "Anna", 3: "Luca"}
HAND_OVER = {"points": [1, 3], "breakdown": [{}, {}], "details": {}}
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "scopa": [
        {"kind": "card_played", "seat": 1, "card": "7D"},
        {"kind": "capture", "seat": 1, "card": "7D", "cards": ["3C", "4D"]},
        {"kind": "scopa", "seat": 1, "side": 1},
        {"kind": "deal", "deal": 1, "table": ["3C", "4D", "5S", "KH"]},
        {"kind": "deal", "deal": 2, "table": []},
        {"kind": "dealt", "seat": 0, "cards": ["AD", "2D", "3D"]},
        {"kind": "dealt", "seat": 1, "count": 3},
        {"kind": "void_deal", "kings": 3},
        {"kind": "sweep", "side": 1, "cards": ["5S"]},
        {"kind": "cut", "seat": 1, "at": 20},
    ],
    "bisca": [
        {"kind": "trump_choice", "seat": 1, "choice": "copas"},
        {"kind": "trump_choice", "seat": 1, "choice": "sorteio"},
        {"kind": "dealt", "seat": 0, "cards": ["AD", "2D", "3D"]},
        {"kind": "dealt", "seat": 1, "count": 3},
        {"kind": "turned", "card": "KS"},
        {"kind": "exchange", "seat": 1, "gave": "2S", "took": "KS"},
        {"kind": "card_played", "seat": 1, "card": "AH"},
        {"kind": "trick_won", "seat": 1, "cards": ["AH", "3H"], "points": 11},
        {"kind": "relo", "seat": 1, "side": 1},
        {"kind": "draw", "seat": 0, "card": "QC"},
        {"kind": "draw", "seat": 1, "card": "6C"},  # the open card: everyone sees it
        {"kind": "draw", "seat": 1},
    ],
    "burraco": [
        {"kind": "draw", "seat": 0, "card": "QC"},
        {"kind": "draw", "seat": 1},
        {"kind": "pile_taken", "seat": 1, "cards": ["QC", "5H"]},
        {"kind": "meld", "seat": 1, "side": 1, "meld": 0, "cards": ["3S", "4S", "2C=5S"]},
        {"kind": "extend", "seat": 1, "side": 1, "meld": 0, "cards": ["6S"]},
        {"kind": "burraco", "side": 1, "meld": 0, "type": "clean"},
        {"kind": "burraco", "side": 1, "meld": 0, "type": "semi-clean"},
        {"kind": "burraco", "side": 1, "meld": 0, "type": "dirty"},
        {"kind": "pozzetto_taken", "seat": 0, "cards": ["QC"] * 11},
        {"kind": "pozzetto_taken", "seat": 1, "count": 11},
        {"kind": "discard", "seat": 1, "card": "7H"},
        {"kind": "close", "seat": 1, "side": 1},
    ],
}
COMMON = [{"kind": "hand_over", **HAND_OVER}, {"kind": "auto_move", "seat": 1}]


def test_every_kind_of_every_game_has_a_sample() -> None:
    for game, kinds in KINDS.items():
        assert {e["kind"] for e in SAMPLES[game]} == set(kinds), game
    assert {e["kind"] for e in COMMON} == set(COMMON_KINDS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(KINDS))
@pytest.mark.parametrize("you", [0, 1, None])
def test_every_event_is_a_sentence_in_every_language(lang: str, game: str, you: int) -> None:
    seen = set()
    for event in SAMPLES[game] + COMMON:
        text = describe_event(lang, game, event, NAMES, Faces.FRENCH, you)
        assert text and "{" not in text and "event-" not in text, (event, text)
        assert text.strip()[-1] in ".!:", text
        if event.get("seat") == 1 and you != 1:
            assert "Marco" in text, text
        for code in [event.get("card"), *list(event.get("cards", []))[:1]]:
            if code == "7D":
                assert {"it": "Sette", "pt-BR": "Sete", "en": "Seven"}[lang] in text
        seen.add(text)
    assert len(seen) == len(SAMPLES[game] + COMMON), "each event says something of its own"


def test_a_capture_and_a_scopa_as_the_glossary_says_them() -> None:
    capture = {"kind": "capture", "seat": 1, "card": "7D", "cards": ["3C", "4D"]}
    events = [{"kind": "card_played", "seat": 1, "card": "7D"}, capture]
    events.append({"kind": "scopa", "seat": 1, "side": 1})
    lines = describe_events("it", "scopa", events, NAMES, Faces.ITALIAN, 0)
    assert lines == [
        "Marco prende il Tre di bastoni e il Quattro di denari con il Sette di denari.",
        "Scopa! Marco spazza il tavolo.",
    ]
    mine = describe_event("pt-BR", "scopa", {**capture, "seat": 0}, NAMES, Faces.ITALIAN, 0)
    assert mine == "Você capturou o Três de paus e o Quatro de ouros com o Sete de ouros."


def test_sides_are_named_as_the_viewer_sees_them() -> None:
    clean = {"kind": "burraco", "side": 0, "meld": 0, "type": "clean"}
    assert describe_event("it", "burraco", clean, TEAMS, Faces.FRENCH, 0) == (
        "La tua squadra ha fatto un burraco pulito!"
    )
    assert describe_event("it", "burraco", clean, TEAMS, Faces.FRENCH, 1) == (
        "Tu e Anna hanno fatto un burraco pulito!"
    )
    dirty = {"kind": "burraco", "side": 1, "meld": 0, "type": "dirty"}
    assert describe_event("en", "burraco", dirty, TEAMS, Faces.FRENCH, 0) == (
        "Burraco! Marco and Luca complete a dirty burraco."
    )
    semi = {**dirty, "type": "semi-clean"}
    assert describe_event("pt-BR", "burraco", semi, TEAMS, Faces.FRENCH, 0) == (
        "Marco e Luca fizeram uma canastra semilimpa!"
    )
    over = describe_event(
        "pt-BR", "scopa", {"kind": "hand_over", **HAND_OVER}, NAMES, Faces.ITALIAN, 0
    )
    assert over == "Fim da mão. Você: 1 ponto e Marco: 3 pontos."
    timeout = describe_event(
        "it", "bisca", {"kind": "auto_move", "seat": 0}, NAMES, Faces.FRENCH, 0
    )
    assert timeout == "Tempo scaduto: mossa automatica per te."


def test_counts_in_events_agree() -> None:
    one = {"kind": "trick_won", "seat": 1, "cards": ["2C", "3C"], "points": 0}
    assert describe_event("pt-BR", "bisca", one, NAMES, Faces.FRENCH, 0).endswith("0 pontos.")
    pile = {"kind": "pile_taken", "seat": 1, "cards": ["QC"]}
    assert "(1 carta)" in describe_event("it", "burraco", pile, NAMES, Faces.FRENCH, 0)


@cache
def bundle(lang: str) -> FluentBundle:
    found = FluentBundle([lang], use_isolating=False)
    found.add_resource(resource(lang))
    return found


def strict_translate(lang: str, key: str, **params: object) -> str:
    """``translate`` without its fallbacks: the message must be in ``lang`` itself, and
    every variable it uses given (Fluent would print a missing one as its bare name)."""
    assert bundle(lang).has_message(key), f"{lang} has no message {key}"
    message = bundle(lang).get_message(key)
    assert message.value is not None, key
    text, errors = bundle(lang).format_pattern(message.value, dict(params))
    assert not errors, (lang, key, params, errors)
    return str(text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_every_event_of_random_hands_in_every_language(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random hands on the checked path: every event of every seat's copy (and the
    spectator's) told in every language, from that language's own messages, each with
    every variable it needs."""
    monkeypatch.setattr(describe, "translate", strict_translate)
    seen: set[str] = set()
    for seed in range(3):
        hand = make_rules(game, {"players": players}).new_hand(seed, seed % players)
        rng = random.Random(seed)
        while not hand.is_over():
            seat = hand.to_move()
            assert seat is not None
            played = hand.play(seat, rng.choice(hand.legal_moves()))
            for you in [None, *range(players)]:
                events = played.for_seat(you).to_json()["events"]
                seen |= {event["kind"] for event in events}
                for lang in LANGUAGES:
                    names = default_names(lang, players, you)
                    for text in describe_events(lang, game, events, names, Faces.FRENCH, you):
                        assert text.strip()[-1] in ".!:" and "{" not in text, (events, text)
    assert seen <= set(KINDS[game]) | set(COMMON_KINDS), seen - set(KINDS[game])
    assert "hand_over" in seen

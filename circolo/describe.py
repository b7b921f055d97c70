"""Every event of a move record told in words, in each language.

An event is JSON: ``{"kind": ..., **data}``, as ``Event.to_json`` gives it (the kinds and
their data are in docs/notation.md); cards are card codes ("7D", a wild laid as "2C=4H").
The terminal prints these sentences; the browser tells the same events with the same
messages (``circolo/web/js/table/narrate.js``, a line for line port of this module), so a
move reads the same in both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from circolo.cards import Faces
from circolo.i18n import card_list, card_name, join, translate

Seat = int
Names = Mapping[Seat, str]

# The kinds each game's engine emits, with the common ones (see the engine's Played record).
KINDS: dict[str, tuple[str, ...]] = {
    "scopa": ("card_played", "capture", "scopa", "deal", "dealt", "void_deal", "sweep", "cut"),
    "bisca": (
        "trump_choice",
        "dealt",
        "turned",
        "exchange",
        "card_played",
        "trick_won",
        "relo",
        "draw",
    ),
    "burraco": (
        "draw",
        "pile_taken",
        "meld",
        "extend",
        "burraco",
        "pozzetto_taken",
        "discard",
        "close",
    ),
}
COMMON_KINDS = ("hand_over", "auto_move")


def seat_ref(seat: Seat, names: Names, you: Seat | None) -> dict[str, str]:
    """How a sentence names one player: ``who`` (you/other) and ``name``."""
    return {"who": "you" if seat == you else "other", "name": names.get(seat, str(seat + 1))}


def side_ref(lang: str, side: int, names: Names, you: Seat | None) -> dict[str, str]:
    """How a sentence names a side: ``who`` is you (1 v 1), we (your team), other (one
    opponent) or they (a team); ``name`` the players' names (for "we": your partners')."""
    sides = 2
    members = [seat for seat in sorted(names) if seat % sides == side]
    if you in members:
        others = [names[s] for s in members if s != you]
        return {"who": "we" if others else "you", "name": join(lang, others)}
    who = "they" if len(members) > 1 else "other"
    return {"who": who, "name": join(lang, [names[s] for s in members])}


def side_name(lang: str, side: int, names: Names, you: Seat | None) -> str:
    """A side as a label: "You", "Your team (Carla)", "Bruno", "Bruno and Dario"."""
    return translate(lang, "side-name", **side_ref(lang, side, names, you))


def describe_event(
    lang: str,
    game: str,
    event: Mapping[str, Any],
    names: Names,
    faces: Faces,
    you: Seat | None = None,
) -> str:
    """One event in words, as ``you`` (a seat, or None for a spectator) reads it."""
    kind = str(event["kind"])
    params: dict[str, object] = {}
    if "seat" in event:
        params.update(seat_ref(int(event["seat"]), names, you))
    elif "side" in event:
        params.update(side_ref(lang, int(event["side"]), names, you))
    if "card" in event:
        params["card"] = card_name(lang, str(event["card"]), faces, article=True)
    if "cards" in event:
        params["cards"] = card_list(lang, event["cards"], faces, article=True)
        params["count"] = len(event["cards"])
    if "count" in event:
        params["count"] = int(event["count"])
    if kind == "hand_over":
        return _hand_over(lang, game, event, names, you)
    if kind == "auto_move":
        return translate(lang, "event-auto-move", **params)
    key = f"{game}-event-{kind.replace('_', '-')}"
    if kind == "deal":
        table = list(event["table"])
        params.update(
            deal=int(event["deal"]),
            cards=card_list(lang, table, faces, article=True),
            count=len(table),
        )
    elif kind == "dealt":
        key += "-cards" if "cards" in event else "-count"
    elif kind == "pozzetto_taken":
        key = "burraco-event-pozzetto" + ("-cards" if "cards" in event else "")
    elif kind == "draw" and "card" in event:
        key += "-card"
    elif kind == "void_deal":
        params["kings"] = int(event["kings"])
    elif kind == "exchange":
        params["gave"] = card_name(lang, str(event["gave"]), faces, article=True)
        params["took"] = card_name(lang, str(event["took"]), faces, article=True)
    elif kind == "extend":
        params["meld"] = int(event["meld"]) + 1  # the index from 0; the table counts from 1
    elif kind == "burraco":
        params["type"] = str(event["type"])  # clean, semi-clean or dirty
    for name in ("at", "points", "choice"):
        if name in event:
            params[name] = event[name]
    return translate(lang, key, **params)


def _hand_over(
    lang: str, game: str, data: Mapping[str, Any], names: Names, you: Seat | None
) -> str:
    scores = [
        translate(lang, "event-side-points", name=side_name(lang, side, names, you), points=p)
        for side, p in enumerate(data.get("points", []))
    ]
    return translate(lang, "event-hand-over", game=game, scores=join(lang, scores))


def describe_events(
    lang: str,
    game: str,
    events: Sequence[Mapping[str, Any]],
    names: Names,
    faces: Faces,
    you: Seat | None = None,
) -> list[str]:
    """A move's events in words; a Scopa card that captures is told once, as the capture."""
    lines = []
    for number, event in enumerate(events):
        following = events[number + 1] if number + 1 < len(events) else None
        if (
            event["kind"] == "card_played"
            and following is not None
            and following["kind"] == "capture"
            and following.get("card") == event.get("card")
        ):
            continue
        lines.append(describe_event(lang, game, event, names, faces, you))
    return lines

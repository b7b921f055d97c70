"""The preferences an account keeps for its player (a guest's stay in the browser): the
same names and values as the page's settings (web/js/settings.js), each checked, so the
store holds nothing a page did not offer.

Card faces are chosen per game (``faces``: game -> "auto" or a face its deck is drawn
with; "auto" is the table's own). Accounts saved before that hold one ``faces`` for every
game: ``migrated`` reads it as that choice for each game whose deck has it ("auto" for
the others, as the page drew them), and ``check`` takes it so from a page still open from
before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from circolo.games import GAMES
from circolo.levels import LEVELS

CHOICES: dict[str, tuple[Any, ...]] = {
    "lang": (None, "it", "pt-BR", "en"),
    "back": ("green", "red", "blue"),
    "botLevel": LEVELS,
}
SWITCHES = ("fourColour", "letters", "sound", "notify", "motion", "shortcuts", "confirm")
FACES: dict[str, tuple[str, ...]] = {
    game: ("auto", *(faces.value for faces in rules.card_faces)) for game, rules in GAMES.items()
}
"""Each game's faces a player may choose: "auto" (the table's), or one its deck has."""
OLD_FACES = ("auto", "italian", "french")
"""The single ``faces`` of every game, as accounts saved it before faces were per game."""


class PrefsProblem(ValueError):
    """A preference the page never offers: its name says which."""


def faces_of(old: str) -> dict[str, str]:
    """Each game's faces from the one ``faces`` saved for every game before."""
    return {game: old if old in offered else "auto" for game, offered in FACES.items()}


def migrated(saved: Mapping[str, Any] | None) -> dict[str, Any]:
    """An account's stored preferences as the page reads them now (the one ``faces`` of
    before, per game)."""
    prefs = dict(saved or {})
    if isinstance(prefs.get("faces"), str):
        old = prefs["faces"]
        prefs["faces"] = faces_of(old) if old in OLD_FACES else {}
    return prefs


def _faces(value: object) -> dict[str, str]:
    if isinstance(value, str) and value in OLD_FACES:  # a page open from before
        return faces_of(value)
    if not isinstance(value, dict):
        raise PrefsProblem("faces: a game's faces, as {game: faces}")
    for game, faces in value.items():
        if game not in FACES:
            raise PrefsProblem(f"faces: {str(game)[:40]} is not a game ({', '.join(FACES)})")
        if not isinstance(faces, str) or faces not in FACES[game]:
            raise PrefsProblem(f"faces.{game}: one of {', '.join(FACES[game])}")
    return dict(value)


def check(raw: object) -> dict[str, Any]:
    """The preferences in ``raw`` (any of them; others keep what they were), or
    ``PrefsProblem`` naming the first unknown name or value."""
    if not isinstance(raw, dict):
        raise PrefsProblem("settings: a JSON object expected")
    kept: dict[str, Any] = {}
    for name, value in raw.items():
        if name == "faces":
            value = _faces(value)
        elif name in CHOICES:
            if value not in CHOICES[name] or isinstance(value, bool):
                raise PrefsProblem(f"{name}: one of {', '.join(map(str, CHOICES[name]))}")
        elif name in SWITCHES:
            if not isinstance(value, bool):
                raise PrefsProblem(f"{name}: true or false")
        else:
            raise PrefsProblem(f"{str(name)[:40]}: not a setting")
        kept[name] = value
    return kept


def merge(saved: Mapping[str, Any] | None, changed: Mapping[str, Any]) -> dict[str, Any]:
    """``changed`` (checked) over the account's ``saved`` preferences: a game's faces
    change that game's only."""
    merged = migrated(saved)
    for name, value in changed.items():
        merged[name] = {**merged.get("faces", {}), **value} if name == "faces" else value
    return merged

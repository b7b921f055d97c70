"""Every setting per account (the browser's for a guest), checked as the page offers it:
card faces per game ("auto": the table's, or a face the game's deck has), confirmations
on or off; one ``faces`` saved for every game before is read per game; anything the page
never offers is refused, naming it."""

from __future__ import annotations

from typing import Any

import pytest

from circolo.server import prefs


def test_card_faces_are_chosen_per_game_from_each_games_deck() -> None:
    assert prefs.FACES == {
        "scopa": ("auto", "italian", "french"),
        "bisca": ("auto", "french", "italian"),
        "burraco": ("auto", "french"),
    }
    chosen = {"faces": {"scopa": "french", "bisca": "italian", "burraco": "auto"}}
    assert prefs.check(chosen) == chosen


def test_confirmations_are_a_setting() -> None:
    assert prefs.check({"confirm": False}) == {"confirm": False}


def test_one_faces_saved_for_every_game_before_is_read_per_game() -> None:
    """Burraco has no Italian deck: the one "italian" of before drew it with the table's."""
    saved = {"faces": "italian", "sound": False}
    assert prefs.migrated(saved) == {
        "faces": {"scopa": "italian", "bisca": "italian", "burraco": "auto"},
        "sound": False,
    }
    assert prefs.migrated({"faces": "auto"})["faces"] == dict.fromkeys(prefs.FACES, "auto")
    assert prefs.migrated({"faces": "lost"}) == {"faces": {}}  # read as the page's defaults
    assert prefs.migrated(None) == {}
    assert saved == {"faces": "italian", "sound": False}  # what was stored is not changed


def test_a_page_open_from_before_may_send_one_faces_for_every_game() -> None:
    assert prefs.check({"faces": "french"}) == {"faces": dict.fromkeys(prefs.FACES, "french")}


def test_a_games_faces_change_that_games_only() -> None:
    merged = prefs.merge({"faces": "italian", "motion": False}, {"faces": {"burraco": "french"}})
    assert merged == {
        "faces": {"scopa": "italian", "bisca": "italian", "burraco": "french"},
        "motion": False,
    }


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        ({"faces": {"burraco": "italian"}}, "faces.burraco"),
        ({"faces": {"chess": "auto"}}, "faces: chess"),
        ({"faces": {"scopa": ["italian"]}}, "faces.scopa"),
        ({"faces": "<script>"}, "faces"),
        ({"faces": 3}, "faces"),
        ({"confirm": "yes"}, "confirm"),
        ({"lang": "fr"}, "lang"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_value_the_page_never_offers_is_refused_naming_it(raw: Any, named: str) -> None:
    with pytest.raises(prefs.PrefsProblem) as problem:
        prefs.check(raw)
    assert str(problem.value).startswith(named)

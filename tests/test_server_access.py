"""Who sits where and who may see a table: the one rule the room uses for waiting, live
and stored tables (a private table's replay shows every card, so a stranger must not
see it, even one stored before tables kept their invite codes)."""

from __future__ import annotations

import pytest

from circolo.server.access import may_see, may_see_stored, seat_of
from circolo.store import TableRecord
from circolo.table import SeatConfig, TableConfig

ANN = SeatConfig.human("p_ann", "Ann")
BOB = SeatConfig.human("p_bob", "Bob")


def test_a_seat_is_found_among_open_seats_and_bots() -> None:
    seats = [None, SeatConfig.bot("greedy"), BOB]
    assert seat_of(seats, "p_bob") == 2
    assert seat_of(seats, "p_ann") is None
    assert seat_of((ANN, BOB), "p_ann") == 0


@pytest.mark.parametrize(
    ("private", "seated", "invite", "code", "seen"),
    [
        (False, False, None, None, True),
        (True, True, None, "k3y", True),
        (True, False, "k3y", "k3y", True),
        (True, False, "kEy", "k3y", False),
        (True, False, None, "k3y", False),
        (True, False, "k3y", None, False),
        (True, False, None, None, False),
    ],
)
def test_who_may_see_a_table(
    private: bool, seated: bool, invite: str | None, code: str | None, seen: bool
) -> None:
    assert may_see(private=private, seated=seated, invite=invite, code=code) is seen


def stored(private: bool, invite: str | None) -> TableRecord:
    config = TableConfig("scopa", (ANN, SeatConfig.bot("random")), private=private)
    return TableRecord(
        "t_1", "scopa", config.to_json(), "finished", {}, 1.0, 2.0, ("p_ann",), invite
    )


def test_a_stored_table_is_seen_by_its_players_and_its_invite() -> None:
    secret = stored(private=True, invite="k3y")
    assert may_see_stored(secret, "p_ann", None)
    assert may_see_stored(secret, "p_bob", "k3y")
    assert not may_see_stored(secret, "p_bob", None)
    assert not may_see_stored(secret, "p_bob", "wrong")
    assert may_see_stored(stored(private=False, invite=None), "p_bob", None)


def test_a_private_table_stored_without_its_code_stays_private() -> None:
    """Tables stored before migration 0003 have no invite code: only their players see them."""
    old = stored(private=True, invite=None)
    assert may_see_stored(old, "p_ann", None)
    assert not may_see_stored(old, "p_bob", None)
    assert not may_see_stored(old, "p_bob", "anything")

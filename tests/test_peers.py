"""Requests between processes (``peers.py``), over an in-process bus: answers, the errors a
local call raises (rebuilt on the asking side with their codes), broadcasts, and a process
that does not answer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from circolo.chips import Overdraft
from circolo.server.bus import LocalBus
from circolo.server.peers import Peers, RemoteChipsError, Unreachable
from circolo.server.protocol import ProtocolError
from circolo.table import TableError
from circolo.tournaments import TournamentError

pytestmark = pytest.mark.anyio


def pair() -> tuple[Peers, Peers]:
    bus = LocalBus()
    return Peers(bus, "one", timeout=0.5), Peers(bus, "two", timeout=0.5)


async def test_an_answer_comes_back_to_the_asker() -> None:
    one, two = pair()

    async def add(origin: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"sum": args["a"] + args["b"], "asked_by": origin}

    two.serve("add", add)
    assert await one.call("two", "add", a=2, b=3) == {"sum": 5, "asked_by": "one"}
    assert await two.call("two", "add", a=1, b=1) == {"sum": 2, "asked_by": "two"}  # itself


async def test_errors_cross_with_their_codes() -> None:
    one, two = pair()
    errors: dict[str, Exception] = {
        "table": TableError("illegal_move", "not allowed", "must_follow", {"suit": "H"}),
        "protocol": ProtocolError("not_seated", "no seat", free=[1]),
        "tournament": TournamentError("full", "the tournament is full"),
        "chips": Overdraft("p_1", 10, 100),
    }

    def raising(kind: str) -> Any:
        async def handler(_origin: str, _args: dict[str, Any]) -> None:
            raise errors[kind]

        return handler

    for kind in errors:
        two.serve(kind, raising(kind))
    with pytest.raises(TableError) as table:
        await one.call("two", "table")
    assert (table.value.code, table.value.reason, table.value.params) == (
        "illegal_move", "must_follow", {"suit": "H"}
    )  # fmt: skip
    with pytest.raises(ProtocolError) as protocol:
        await one.call("two", "protocol")
    assert (protocol.value.code, protocol.value.extra) == ("not_seated", {"free": [1]})
    with pytest.raises(TournamentError) as tournament:
        await one.call("two", "tournament")
    assert tournament.value.code == "full"
    with pytest.raises(RemoteChipsError) as chips:
        await one.call("two", "chips")
    assert chips.value.answer() == errors["chips"].answer()  # type: ignore[attr-defined]
    with pytest.raises(ProtocolError) as unknown:
        await one.call("two", "steal")
    assert unknown.value.code == "busy"  # a process of another version, in a rolling restart


async def test_a_process_that_does_not_answer_is_unreachable() -> None:
    one, _two = pair()
    with pytest.raises(Unreachable):
        await one.call("three", "anything")


async def test_a_broadcast_reaches_every_process_this_one_too() -> None:
    one, two = pair()
    heard: list[tuple[str, str]] = []

    async def hear(origin: str, args: dict[str, Any]) -> None:
        heard.append((origin, args["table_id"]))

    for peers in (one, two):
        peers.serve("moved", hear)
    one.broadcast("moved", table_id="t_1")
    for _ in range(10):  # the handlers run on tasks of their own
        if len(heard) == 2:
            break
        await asyncio.sleep(0.01)
    assert heard == [("one", "t_1"), ("one", "t_1")]

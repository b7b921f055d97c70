"""The server on PostgreSQL (a fresh database for this module, dropped after): whole
matches over the wire and kill -9 restarts. Skipped when no PostgreSQL is reachable."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ServerProcess, game_ready, postgres_database, stored
from tests.test_server_games import BISCA, BURRACO, FAST, SCOPA, full_match
from tests.test_server_restart import cycles
from tests.test_table_support import tricks_game as tricks_game

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.fixture(scope="module")
def pg_server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(
        tmp_path_factory.mktemp("pg"), {**FAST, "CIRCOLO_DATABASE_URL": database}
    )
    process.start()
    yield process
    process.stop()


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("scopa", SCOPA, ["me", "greedy"]),
        ("bisca", BISCA, ["me", "human", "random", "greedy"]),
        ("burraco", BURRACO, ["greedy", "me"]),
    ],
    ids=["scopa-1v1", "bisca-2v2", "burraco-1v1"],
)
async def test_a_match_on_postgres(
    pg_server: ServerProcess, game: str, options: dict[str, object], seats: list[str]
) -> None:
    if not game_ready(game):
        pytest.skip(f"{game} is not ported to the engine yet")
    tables = await full_match(pg_server, game, options, seats)
    status, entries = stored(pg_server, tables[0].table_id)
    assert status == "finished"
    assert len(entries) >= tables[0].seq  # and a "disconnected" once the client left
    assert all("command" in json.loads(entry) for entry in entries)


@pytest.mark.usefixtures("tricks_game")
async def test_kill_9_and_restart_on_postgres(database: str, tmp_path: Path) -> None:
    count = int(os.environ.get("CIRCOLO_TEST_RESTARTS", "1"))
    figures = await cycles(tmp_path, count, env={"CIRCOLO_DATABASE_URL": database})
    assert figures["accepted_moves"] > 0
    print(figures)

"""Golden table logs (``tests/golden_logs.py`` says what each holds): every log ever
written still replays, to the same result, and exactly as it did when it was kept.

``*.v1.json`` were written before log entries carried a version (their auto-moves are
computed again on replay); they are never rewritten. A failing digest means the replay of
a stored table changed: if that is meant, rewrite the digests
(``python -m tests.golden_logs digests``) and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from circolo.engine import Rules
from circolo.games import GAMES, rules_class
from circolo.server.history import replay_steps
from circolo.table import Table, TableConfig, TableError
from tests.golden_logs import LOGS, digests
from tests.tables import dump

FILES = sorted(LOGS.glob("*.json"))
NEW = [path for path in FILES if path.name.endswith(".v2.json")]


def load(path: Path) -> tuple[TableConfig, list[dict[str, Any]], dict[str, Any]]:
    golden = json.loads(path.read_text(encoding="utf-8"))
    config = TableConfig.from_json(golden["table"]["config"])
    seqs = [event["seq"] for event in golden["events"]]
    assert seqs == list(range(1, len(seqs) + 1)), "the store's rows, in seq order"
    return config, [event["data"] for event in golden["events"]], golden


def test_there_are_old_and_new_logs_of_every_game_and_mode() -> None:
    names = {path.name for path in FILES}
    for game in ("scopa", "bisca", "burraco"):
        for mode in ("1v1", "2v2"):
            assert f"{game}_{mode}.v1.json" in names
            assert f"{game}_{mode}.v2.json" in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_golden_log_replays_to_its_result(path: Path) -> None:
    config, entries, golden = load(path)
    table = Table.replay(config, entries)
    assert table.status == golden["expected"]["status"] == golden["table"]["status"]
    assert table.results == golden["expected"]["results"]
    assert table.result == golden["expected"]["result"]
    stored = golden["table"]["result"]  # as the store kept it when the log was written
    for key in ("winner", "losers", "reason", "totals", "match"):
        assert table.result[key] == stored[key]
    assert dump(table)["results"] == golden["expected"]["results"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_golden_log_replays_exactly_as_it_did(path: Path) -> None:
    """Every step's machine state and every audience's messages and screens, digested."""
    config, entries, golden = load(path)
    assert digests(config, entries) == golden["digests"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_golden_log_has_its_replay_page(path: Path) -> None:
    config, entries, golden = load(path)
    steps = replay_steps(config, entries)
    assert steps and steps[-1]["match"] == len(golden["expected"]["results"])


@pytest.mark.parametrize("path", NEW, ids=lambda p: p.name)
def test_no_replay_of_a_new_log_asks_how_to_move(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tuning a bot, or the room's auto-move itself, cannot change a stored table: a
    replay applies the moves the log recorded and never runs an evaluation."""

    def tuned(self: Rules, view: Any, rng: Any) -> Any:
        raise AssertionError("a replay asked for an auto-move")

    def greedy(*args: Any, **kwargs: Any) -> float:
        raise AssertionError("a replay ran the greedy evaluation")

    for game in GAMES:
        monkeypatch.setattr(rules_class(game), "auto_move", tuned)
    monkeypatch.setattr("circolo.games.scopa.evaluation.greedy_value", greedy)
    monkeypatch.setattr("circolo.games.scopa.rules.greedy_value", greedy)
    monkeypatch.setattr("circolo.bots.scopa.greedy_value", greedy)
    monkeypatch.setattr("circolo.games.burraco.evaluation.discard_cost", greedy)
    monkeypatch.setattr("circolo.bots.burraco.discard_cost", greedy)
    config, entries, golden = load(path)
    assert digests(config, entries) == golden["digests"]
    assert Table.replay(config, entries).results == golden["expected"]["results"]


def _auto_moved(entries: list[dict[str, Any]]) -> int:
    return next(n for n, e in enumerate(entries) if any(
        note["fact"] == "auto_move" for note in e["notes"]))  # fmt: skip


def test_an_old_log_computes_its_auto_moves_again() -> None:
    """The reader of version-1 logs: their entries recorded the move only as text to
    compare, so the game's auto-move is asked again, and must give the same move."""
    config, entries, _ = load(LOGS / "scopa_2v2.v1.json")
    n = _auto_moved(entries)
    assert "v" not in entries[n]
    entries[n] = {**entries[n], "notes": [{**entries[n]["notes"][0], "move": "KD"}]}
    with pytest.raises(TableError, match=f"entry {n} replays differently"):
        Table.replay(config, entries)


@pytest.mark.parametrize(
    "change",
    [
        {"move": "not a move"},  # no such move
        {"move": None},  # no move recorded
        {"fact": "timeout"},  # an auto-move the entry did not record
    ],
)
def test_a_new_log_whose_recorded_auto_move_does_not_play_is_refused(
    change: dict[str, Any],
) -> None:
    config, entries, _ = load(LOGS / "scopa_2v2.v2.json")
    n = _auto_moved(entries)
    entries[n] = {**entries[n], "notes": [{**entries[n]["notes"][0], **change}]}
    with pytest.raises(TableError) as refused:
        Table.replay(config, entries)
    assert refused.value.code == "log_mismatch" and f"entry {n} " in refused.value.message


def test_an_entry_of_an_unknown_version_is_refused() -> None:
    config, entries, _ = load(LOGS / "bisca_1v1.v2.json")
    entries[3] = {**entries[3], "v": 3}
    with pytest.raises(TableError) as refused:
        Table.replay(config, entries)
    assert refused.value.code == "log_mismatch" and "version 3" in refused.value.message
    with pytest.raises(TableError):
        replay_steps(config, entries)

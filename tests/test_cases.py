"""Every rule test vector in shared/cases (and in $CIRCOLO_EXTRA_CASES) through the engines.

Each game's kinds live in ``tests/case_kinds/<game>.py`` as ``KINDS[kind](input, expect)``.
A kind the runner does not know fails, and so does a game without a runner.
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

SHARED_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"

Check = Callable[[dict[str, Any], dict[str, Any]], None]


def case_files() -> list[Path]:
    files = sorted(SHARED_CASES.glob("*.json"))
    extra = os.environ.get("CIRCOLO_EXTRA_CASES")
    if extra:
        files += sorted(Path(extra).glob("*.json"))
    return files


def all_cases() -> Iterator[Any]:
    for path in case_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            yield pytest.param(data["game"], case, id=f"{path.name}:{case['id']}")


def kinds_for(game: str) -> dict[str, Check] | None:
    try:
        module = importlib.import_module(f"tests.case_kinds.{game}")
    except ModuleNotFoundError as error:
        if error.name == f"tests.case_kinds.{game}":
            return None
        raise
    kinds: dict[str, Check] = module.KINDS
    return kinds


def test_shared_cases_are_present() -> None:
    assert {p.stem for p in SHARED_CASES.glob("*.json")} >= {"scopa", "bisca", "burraco"}


@pytest.mark.parametrize(("game", "case"), list(all_cases()))
def test_case(game: str, case: dict[str, Any]) -> None:
    kinds = kinds_for(game)
    if kinds is None:
        pytest.fail(f"no case runner for game {game!r}")
    check = kinds.get(case["kind"])
    if check is None:
        pytest.fail(f"unknown case kind {case['kind']!r} for {game} ({case['id']})")
    check(case["input"], case["expect"])

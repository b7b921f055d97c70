"""The doctests of every module in the package run, so examples in docstrings stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import circolo

# Alembic's migration scripts run when imported: they are not modules to import.
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(circolo.__path__, prefix="circolo.")
    if ".migrations" not in info.name
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_every_module_is_found() -> None:
    assert {"circolo.cards", "circolo.games.burraco.melds", "circolo.engine"} <= set(MODULES)

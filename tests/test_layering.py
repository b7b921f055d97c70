"""Data flows one way: the engines import nothing from the room around them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "circolo"
ENGINE_FILES = [PACKAGE / "cards.py", PACKAGE / "engine.py", PACKAGE / "match.py"]
FORBIDDEN = ("table", "server", "store", "web", "terminal", "bots", "cli", "tournaments")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def engine_sources() -> list[Path]:
    return ENGINE_FILES + sorted((PACKAGE / "games").rglob("*.py"))


def test_engines_import_nothing_from_the_room() -> None:
    bad = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in engine_sources()
        for name in imported_modules(path)
        if any(
            name == f"circolo.{part}" or name.startswith(f"circolo.{part}.") for part in FORBIDDEN
        )
    ]
    assert bad == []


def test_engines_use_no_clock_and_no_global_random() -> None:
    """Engines are pure: no time, no I/O, and randomness only through a seeded Random."""
    assert impure(engine_sources()) == []


def test_tournaments_use_no_clock_and_no_global_random() -> None:
    """Tournaments are pure like the table: "now" and the draw's secrets come in as inputs."""
    assert impure(sorted((PACKAGE / "tournaments").rglob("*.py"))) == []


def impure(paths: list[Path]) -> list[str]:
    bad = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random" and node.attr not in ("Random",):
                    bad.append(f"{path.name}: random.{node.attr}")
                if node.value.id in ("time", "datetime", "os", "socket"):
                    bad.append(f"{path.name}: {node.value.id}.{node.attr}")
            if isinstance(node, ast.Name) and node.id == "open":
                bad.append(f"{path.name}: open")
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                if any(n.split(".")[0] in ("time", "datetime", "secrets", "socket") for n in names):
                    bad.append(f"{path.name}: imports {', '.join(n for n in names if n)}")
    return bad


LAYERS = {
    # package: what it must never import (data flows one way: server -> table -> engines)
    "table": ("server", "store", "web", "terminal", "bots", "cli", "tournaments"),
    "store": ("server", "table", "web", "terminal", "bots", "cli"),
    "bots": ("table", "server", "store", "web", "terminal", "cli"),
    "tournaments": ("server", "store", "web", "terminal", "bots", "cli", "table"),
}


def test_the_room_is_layered() -> None:
    bad = []
    for package, forbidden in LAYERS.items():
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for name in imported_modules(path):
                for part in forbidden:
                    if name == f"circolo.{part}" or name.startswith(f"circolo.{part}."):
                        bad.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert bad == []


def test_the_tables_modules_import_each_other_one_way() -> None:
    """No circle inside the table (as ``screen`` ↔ ``table`` once was), type-only imports
    included: each concern reads the state, the table drives them, the presenter reads
    the table."""
    folder = PACKAGE / "table"
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "circolo.table":
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "circolo.table."
            ):
                names.add(str(node.module).split(".")[2])
        graph[path.stem] = {name for name in names if (folder / f"{name}.py").exists()}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for name in graph.get(start, ()):
            if name == goal or (name not in seen and reaches(name, goal, seen | {name})):
                return True
        return False

    assert [module for module in graph if reaches(module, module, set())] == []

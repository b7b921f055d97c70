"""The browser client's files, checked without a browser: size budget, module imports that
resolve, and the same string keys in every language of the client's catalogue."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "circolo" / "web"
BUDGET = 250_000  # bytes of JavaScript and CSS together, uncompressed (issue 14)


def test_javascript_and_css_fit_the_budget() -> None:
    files = [*WEB.rglob("*.js"), *WEB.rglob("*.css")]
    total = sum(f.stat().st_size for f in files)
    assert files and total < BUDGET, f"{total} bytes of JS and CSS"


def test_every_relative_import_resolves() -> None:
    for module in WEB.rglob("*.js"):
        for target in re.findall(r'from\s+"(\.{1,2}/[^"]+)"', module.read_text()):
            assert (module.parent / target).resolve().is_file(), f"{module.name}: {target}"


def test_page_loads_only_files_that_exist() -> None:
    page = (WEB / "index.html").read_text()
    for ref in re.findall(r'(?:href|src)="/web/([^"]+)"', page):
        assert (WEB / ref).is_file(), ref


TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\w.\-]+|[{}:,]')


def catalogue_keys() -> dict[str, set[str]]:
    """Each language's keys (plural forms as ``key.one``), read token by token."""
    text = (WEB / "js" / "strings.js").read_text()
    tokens = TOKEN.findall(text[text.index("export const STRINGS") :])
    keys: dict[str, set[str]] = {}
    path: list[str] = []
    for i, tok in enumerate(tokens[:-1]):
        if tok == "}" and path:
            path.pop()
        elif tokens[i + 1] == ":" and tokens[i - 1] in "{,":
            name = tok.strip('"')
            if tokens[i + 2] == "{":
                path.append(name)
            if len(path) >= 1 and name != path[0]:
                keys.setdefault(path[0], set()).add(".".join([*path[1:], name]))
    return keys


def test_every_language_has_every_string() -> None:
    keys = catalogue_keys()
    assert set(keys) == {"en", "it", "pt-BR"}
    for lang, have in keys.items():
        assert not keys["en"] - have, f"{lang} lacks {sorted(keys['en'] - have)}"
        assert not have - keys["en"], f"{lang} has extra {sorted(have - keys['en'])}"

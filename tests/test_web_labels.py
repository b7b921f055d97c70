"""No aria-label in the browser client is a fixed English word: every one is translated
(``t(...)``) or built from translated parts, so a screen reader speaks the page's language."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "circolo" / "web"
LITERAL = re.compile(
    r"""["']aria-label["']\s*:\s*["'][^"']*[A-Za-z][^"']*["']|aria-label="[A-Za-z][^"$]*\""""
)


def test_no_aria_label_is_a_literal() -> None:
    found = []
    for path in sorted([*WEB.rglob("*.js"), *WEB.rglob("*.html")]):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if LITERAL.search(line):
                found.append(f"{path.relative_to(WEB)}:{number}: {line.strip()[:90]}")
    assert not found, found


def test_the_check_sees_a_literal() -> None:
    assert LITERAL.search('h("div", { "aria-label": "actions" })')
    assert not LITERAL.search('h("div", { "aria-label": t("web-actions") })')

"""The browser client's files, checked without a browser: size budget, module imports that
resolve, and every message the client names present in every language's catalogue."""

from __future__ import annotations

import re
from pathlib import Path

from circolo.i18n import LANGUAGES, LOCALES, compile_messages

WEB = Path(__file__).resolve().parent.parent / "circolo" / "web"
BUDGET = 360_000  # bytes of JavaScript and CSS together, uncompressed (issue 14; raised from
# 250,000 for accounts, ratings, the felt's last moves and motion, keyboard focus, Burraco's
# hand; then from 300,000 for profiles, history filters, reports, mutes, privacy, rated tables;
# then from 330,000 and 350,000 for tournaments: the lobby's list, the page and bracket, the
# notices, the rounds' deals, a pair's link)


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


WEB_IDS = re.compile(r'(?<![\w.$])(?:t|has)\("([a-z]+-[^"]+)"')
WEB_PREFIXES = re.compile(r"(?<![\w.$])(?:t|has)\(`([a-z]+-[^`$]*)\$\{")


def test_the_client_keeps_no_strings_of_its_own() -> None:
    """Its words come from the server's catalogues (GET /i18n/<lang>), plurals included."""
    assert not (WEB / "js" / "strings.js").exists()
    i18n = (WEB / "js" / "i18n.js").read_text()
    assert "/i18n/" in i18n and "Intl.PluralRules" in i18n


def test_every_message_the_client_names_is_in_every_catalogue() -> None:
    sources = "\n".join(f.read_text() for f in WEB.rglob("*.js"))
    named, prefixes = set(WEB_IDS.findall(sources)), set(WEB_PREFIXES.findall(sources))
    assert len(named) > 100 and prefixes
    for lang in LANGUAGES:
        ids = set(compile_messages(lang))
        assert named <= ids, f"{lang} lacks {sorted(named - ids)}"
        for prefix in prefixes:
            assert any(i.startswith(prefix) for i in ids), f"{lang}: nothing like {prefix}…"


def test_the_web_catalogue_ids_begin_with_web() -> None:
    for path in LOCALES.glob("*/web.ftl"):
        ids = [
            line.split("=")[0].strip()
            for line in path.read_text().splitlines()
            if line[:1].isalpha()
        ]
        assert ids and all(i.startswith("web-") for i in ids), path

"""The rules pages (circolo/web/rules/<lang>/<game>.md, GET /api/rules/<lang>/<game>):
every game has a page in every language, the same sections everywhere (the table's hints
link to them), the room's own numbers filled in, valid card images, no English in the
Italian and Brazilian pages, and the routes answer only what exists."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from circolo.cards import parse_cards
from circolo.games import GAMES
from circolo.i18n import LANGUAGES
from circolo.server.app import create_app
from circolo.server.rules import PAGES, PLACEHOLDER, page_text
from circolo.server.settings import load_settings
from circolo.table import TableSettings

pytestmark = pytest.mark.anyio

HINTED = {"scopa": {"cut", "house-rules", "timers"}, "bisca": {"copas", "trump-ace", "house-rules"},
          "burraco": {"clock", "house-rules"}}  # fmt: skip
"""The sections the table's "?" hints open (circolo/web/js/table/*.js)."""
ROOM = {"disconnection", "leaving", "speeds", "fair"}
ENGLISH = re.compile(r"\b(the|and|your|with|points?|trick|player|cards?|hand)\b", re.I)
SECTION = re.compile(r"^#{1,3} .*\{#([\w-]+)\}\s*$", re.M)
CARDS = re.compile(r"^\{cards ([^}]+)\}\s*$", re.M)


def sections(text: str) -> list[str]:
    return SECTION.findall(text)


def test_every_game_has_a_page_in_every_language() -> None:
    for lang in LANGUAGES:
        for game in GAMES:
            path = PAGES / lang / f"{game}.md"
            assert path.is_file(), path
            text = page_text(lang, game, TableSettings())
            assert text.startswith("# "), path
            assert len(text) > 3000, f"{path}: {len(text)} characters"
    assert {p.stem for p in PAGES.glob("*/*.md")} == {*GAMES, "room"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_language_has_the_same_sections(game: str) -> None:
    found = {lang: sections(page_text(lang, game, TableSettings())) for lang in LANGUAGES}
    assert found["it"] == found["pt-BR"] == found["en"], found
    names = found["en"]
    assert len(names) == len(set(names)), f"{game}: a section twice"
    assert HINTED[game] | ROOM <= set(names), f"{game} lacks {HINTED[game] | ROOM - set(names)}"


def test_the_room_numbers_are_filled_in_and_follow_the_settings() -> None:
    for lang in LANGUAGES:
        for game in GAMES:
            raw = (PAGES / lang / f"{game}.md").read_text()
            assert "{{room}}" in raw
            text = page_text(lang, game, TableSettings())
            assert "{{" not in text and "}}" not in text, (lang, game)
    standard = page_text("it", "scopa", TableSettings())
    assert "30\u00a0s" in standard and "2\u00a0min" in standard  # move timer, countdown
    slower = page_text("it", "scopa", TableSettings(move_timer=45, disconnect_countdown=180))
    assert "Hai 45\u00a0s per ogni mossa" in slower and "3\u00a0min" in slower
    clock = page_text("pt-BR", "burraco", TableSettings())
    for number in ("15\u00a0s", "30\u00a0s", "5\u00a0s", "2\u00a0min", "10\u00a0s"):
        assert number in clock


def test_every_placeholder_names_a_setting() -> None:
    names = set(TableSettings().to_json()) | {"room"}
    for page in PAGES.glob("*/*.md"):
        unknown = set(PLACEHOLDER.findall(page.read_text())) - names
        assert not unknown, f"{page}: {unknown}"


def test_card_images_name_real_cards() -> None:
    for page in PAGES.glob("*/*.md"):
        for row in CARDS.findall(page.read_text()):
            assert parse_cards(row), page  # raises on a card that does not exist


@pytest.mark.parametrize("lang", ["it", "pt-BR"])
def test_no_english_on_the_italian_and_brazilian_pages(lang: str) -> None:
    for game in GAMES:
        text = page_text(lang, game, TableSettings())
        text = re.sub(r"\{#[\w-]+\}", "", CARDS.sub("", text))  # the markup is code
        assert not ENGLISH.findall(text), (game, ENGLISH.findall(text)[:5])


def test_the_words_of_each_country() -> None:
    """A few glossary words that must be there (shared/glossary.md)."""
    expected = {
        ("it", "scopa"): ["presa", "mazziere", "settebello", "primiera", "Fante", "Cavallo"],
        ("pt-BR", "scopa"): ["captura", "escopa", "sete belo", "primeira", "Valete"],
        ("it", "bisca"): ["briscola", "sorteggio", "carta scoperta", "cappotto", "presa"],
        ("pt-BR", "bisca"): ["vaza", "trunfo", "sorteio", "carta aberta", "capote", "dupla"],
        ("it", "burraco"): ["tallone", "scarti", "scala", "combinazione", "pinella", "pozzetto"],
        ("pt-BR", "burraco"): ["lixo", "trinca", "curinga", "morto", "canastra", "bater"],
    }
    for (lang, game), words in expected.items():
        text = page_text(lang, game, TableSettings()).lower()
        missing = [w for w in words if w.lower() not in text]
        assert not missing, (lang, game, missing)


async def test_the_routes_answer_only_what_exists(tmp_path: Path) -> None:
    settings = load_settings(data_dir=tmp_path, secret_key="k", table={"move_timer": 40})
    transport = httpx.ASGITransport(app=create_app(settings))
    async with httpx.AsyncClient(transport=transport, base_url="http://room") as http:
        page = await http.get("/api/rules/pt-BR/bisca")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/markdown")
        assert "Você tem 40\u00a0s para cada jogada" in page.text  # this room's move timer
        for bad in ("/api/rules/fr/scopa", "/api/rules/it/poker", "/api/rules/it/room",
                    "/api/rules/it/..%2Fscopa", "/rules/poker"):  # fmt: skip
            answer = await http.get(bad)
            assert answer.status_code == 404, bad
        for path in ("/rules", "/rules/scopa", "/rules/burraco", "/help"):
            answer = await http.get(path)
            assert answer.status_code == 200 and "/web/js/main.js" in answer.text, path
            assert "script-src 'self';" in answer.headers["content-security-policy"], path

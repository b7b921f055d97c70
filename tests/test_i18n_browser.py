"""The browser's form of the catalogues (``compile_messages``, served at GET /i18n/<lang>):
formatted by a reference of the browser's rules it gives fluent.runtime's text for every
message; every error code the server and the engine send has a message."""

from __future__ import annotations

import ast as pyast
import asyncio
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel import Locale
from starlette.applications import Starlette

from circolo.i18n import LANGUAGES, Part, compile_messages, translate
from circolo.server import words

NUMBERS = [0, 1, 2, 5, 21]
PACKAGE = Path(__file__).resolve().parent.parent / "circolo"


def plural_category(lang: str, number: int) -> str:
    """What ``Intl.PluralRules(lang).select(number)`` gives: CLDR's rule, here Babel's."""
    return str(Locale.parse(lang.replace("-", "_")).plural_form(number))


def reference_format(lang: str, parts: list[Part], args: dict[str, object]) -> str:
    """The formatter of circolo/web/js/i18n.js, in Python."""
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif "var" in part:
            out.append(str(args[part["var"]]))
        elif "msg" in part:
            out.append(reference_format(lang, compile_messages(lang)[part["msg"]], args))
        else:
            out.append(reference_format(lang, choose(lang, part, args[part["select"]]), args))
    return "".join(out)


def choose(lang: str, select: dict[str, Any], value: object) -> list[Part]:
    variants: dict[str, list[Part]] = select["variants"]
    if isinstance(value, int):
        exact = [k for k in variants if k[:1].isdigit() and int(k) == value]
        key = exact[0] if exact else plural_category(lang, value)
    else:
        key = str(value)
    return variants.get(key, variants[select["default"]])


def walk(lang: str, parts: list[Part]) -> Iterator[dict[str, Any]]:
    """Every variable and select of a message, with those of the messages it references."""
    for part in parts:
        if isinstance(part, dict):
            yield part
            if "msg" in part:
                yield from walk(lang, compile_messages(lang)[part["msg"]])
            for inner in part.get("variants", {}).values():
                yield from walk(lang, inner)


def sample_args(lang: str, parts: list[Part]) -> Iterator[dict[str, object]]:
    """Every variable a number (0, 1, 2, 5, 21), then each text select at each of its keys."""
    found = list(walk(lang, parts))
    names = {p.get("var") or p.get("select") for p in found} - {None}
    for number in NUMBERS:
        yield dict.fromkeys(map(str, names), number)
    # A text against number keys is left out: fluent.runtime matches "other" to [2] there
    # by 2's plural category, which @fluent/bundle and the browser do not.
    for select in (p for p in found if "select" in p):
        if not any(key[:1].isdigit() for key in select["variants"]):
            for key in select["variants"]:
                yield {**dict.fromkeys(map(str, names), "x"), select["select"]: key}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_form_formats_as_fluent_runtime_does(lang: str) -> None:
    compiled = compile_messages(lang)
    checked = 0
    for key, parts in compiled.items():
        for args in sample_args(lang, parts):
            assert reference_format(lang, parts, args) == translate(lang, key, **args), (key, args)
            checked += 1
    assert checked > 2000


def test_the_reference_picks_plurals_as_the_languages_do() -> None:
    cards = compile_messages("pt-BR")["web-cards"]
    texts = [reference_format("pt-BR", cards, {"count": n}) for n in NUMBERS]
    assert texts == ["nenhuma carta", "1 carta", "2 cartas", "5 cartas", "21 cartas"]
    points = compile_messages("it")["web-points"]
    assert [reference_format("it", points, {"count": n}) for n in (1, 2)] == ["1 punto", "2 punti"]


def test_the_browser_form_is_plain_parts() -> None:
    (select,) = compile_messages("en")["points"]
    assert select == {
        "select": "points",
        "variants": {"one": [{"var": "points"}, " point"], "other": [{"var": "points"}, " points"]},
        "default": "other",
    }


@cache
def error_codes() -> set[str]:
    """The codes the server, the table and the engine raise, read from their source (and
    those of the room's JSON forms, ``FormProblem``)."""
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, pyast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                first = node.args[0] if node.args else None
                if name in ("ProtocolError", "TableError") and isinstance(first, pyast.Constant):
                    codes.add(str(first.value))
                second = node.args[1] if len(node.args) > 1 else None  # (status, code, ...)
                if name == "FormProblem" and isinstance(second, pyast.Constant):
                    codes.add(str(second.value))
            elif isinstance(node, pyast.Assign) and isinstance(node.value, pyast.Constant):
                names = [getattr(t, "id", "") for t in node.targets]
                codes |= {str(node.value.value)} if names == ["code"] else set()
    return codes


def test_every_error_code_has_plain_words_in_every_language() -> None:
    codes = error_codes()
    engine = {
        "bad_seat",
        "not_your_turn",
        "illegal_move",
        "hand_over",
        "bad_notation",
        "bad_option",
    }
    assert engine | {"no_table", "rate_limited", "bad_frame", "stale_move"} <= codes
    for lang in LANGUAGES:
        missing = {c for c in codes if f"error-{c}" not in compile_messages(lang)}
        assert not missing, f"{lang} lacks error-{sorted(missing)}"


def get(path: str) -> httpx.Response:
    """One request to an app with only the words route, as the lead mounts it."""

    async def fetch() -> httpx.Response:
        transport = httpx.ASGITransport(app=Starlette(routes=words.routes))
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as http:
            return await http.get(path)

    return asyncio.run(fetch())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_route_serves_each_language_with_a_cache_header(lang: str) -> None:
    answer = get(f"/i18n/{lang}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/json")
    assert "max-age" in answer.headers["cache-control"]
    document = answer.json()
    assert document["lang"] == lang and document["messages"] == compile_messages(lang)


def test_an_unknown_language_is_a_json_404() -> None:
    answer = get("/i18n/fr")
    assert answer.status_code == 404
    assert answer.json()["code"] == "unknown_language"

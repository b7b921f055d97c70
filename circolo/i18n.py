"""Interface text in Italian, Brazilian Portuguese and English, on Project Fluent.

One set of catalogues, ``locales/<lang>/*.ftl``, serves the terminal now and the server
and browser: ``export`` gives a language's messages as Fluent source, ``compile_messages``
as the small JSON form the browser formats (``circolo/web/js/i18n.js``). Plural and select
rules are Fluent's and CLDR's (through Babel; ``Intl.PluralRules`` in the browser); a
missing message falls back to English, then to its id, so a gap never crashes the interface.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentSerializer, ast

from circolo.cards import Card, Faces

LANGUAGES = ("it", "pt-BR", "en")
DEFAULT_LANGUAGE = "en"
LOCALES = Path(__file__).parent / "locales"


def catalogue_files(lang: str) -> list[Path]:
    """The ``.ftl`` files of one language, in a fixed order."""
    return sorted((LOCALES / lang).glob("*.ftl"))


@cache
def resource(lang: str) -> ast.Resource:
    """All of a language's catalogues parsed as one Fluent resource."""
    body: list[ast.EntryType] = []
    for path in catalogue_files(lang):
        body += FluentResource(path.read_text(encoding="utf-8")).body
    return ast.Resource(body)


@cache
def _bundle(lang: str) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(resource(lang))
    return bundle


def translate(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` with its variables filled (plurals and selects
    resolved by the language's rules)."""
    for bundle in (_bundle(lang), _bundle(DEFAULT_LANGUAGE)):
        if bundle.has_message(key):
            message = bundle.get_message(key)
            if message.value is None:
                break
            text, _errors = bundle.format_pattern(message.value, dict(params))
            return str(text)
    return key


def export(lang: str) -> dict[str, str]:
    """A language's messages as ``{id: Fluent source}``: what the server sends the browser."""
    serializer = FluentSerializer()
    return {
        entry.id.name: serializer.serialize_entry(entry).split("=", 1)[1].strip()
        for entry in resource(lang).body
        if isinstance(entry, ast.Message)
    }


# One part of a compiled message: a text, {"var": name}, {"msg": id}, or
# {"select": name, "variants": {key: [parts]}, "default": key}, where a key is a plural
# category or a selector value ("one", "you") or a number written as digits ("0").
Part = str | dict[str, Any]


def compile_messages(lang: str) -> dict[str, list[Part]]:
    """A language's messages, English's where it has none, as lists of parts for the
    browser: compiled from the ``fluent.syntax`` tree, the one ``translate`` formats."""
    compiled = {} if lang == DEFAULT_LANGUAGE else compile_messages(DEFAULT_LANGUAGE)
    for entry in resource(lang).body:
        if isinstance(entry, ast.Message) and entry.value is not None:
            compiled[entry.id.name] = _parts(entry.value)
    return compiled


def _parts(pattern: ast.Pattern) -> list[Part]:
    parts: list[Part] = []
    for element in pattern.elements:
        part = element.value if isinstance(element, ast.TextElement) else _part(element.expression)
        if isinstance(part, str) and parts and isinstance(parts[-1], str):
            parts[-1] += part
        elif part != "":
            parts.append(part)
    return parts


def _part(expression: ast.InlineExpression | ast.SelectExpression | ast.Placeable) -> Part:
    match expression:
        case ast.VariableReference():
            return {"var": expression.id.name}
        case ast.MessageReference(attribute=None):
            return {"msg": expression.id.name}
        case ast.StringLiteral() | ast.NumberLiteral():
            return str(expression.parse()["value"])
        case ast.SelectExpression(selector=ast.VariableReference(id=selector)):
            variants = {_key(v.key): _parts(v.value) for v in expression.variants}
            (default,) = (_key(v.key) for v in expression.variants if v.default)
            return {"select": selector.name, "variants": variants, "default": default}
    raise ValueError(f"the browser form has no {type(expression).__name__}")


def _key(key: ast.Identifier | ast.NumberLiteral) -> str:
    return key.name if isinstance(key, ast.Identifier) else key.value


def join(lang: str, words: Iterable[str]) -> str:
    """A list in the language's own words: "A, B e C", "A, B and C"."""
    items = list(words)
    return format_list(items, locale=_locale(lang)) if items else "—"


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def card_name(lang: str, card: Card | str, faces: Faces, article: bool = False) -> str:
    """A card's name ("Sette di denari"); with ``article``, as a sentence says it
    ("il Sette di denari", "o Sete de ouros", "the Seven of coins"). A wild laid in a
    place of another card ("2C=4H") says which it stands for."""
    if isinstance(card, str):
        code, _, natural = card.partition("=")
        name = card_name(lang, Card.parse(code), faces, article)
        if natural:
            other = card_name(lang, Card.parse(natural), faces, article=True)
            return translate(lang, "card-stands-for", card=name, natural=other)
        return name
    params: Mapping[str, object] = {
        "rank": card.rank,
        "suit": "J" if card.suit is None else card.suit.letter,
        "faces": Faces(faces).value,
    }
    return translate(lang, "card-the" if article else "card", **params)


def card_list(lang: str, cards: Iterable[Card | str], faces: Faces, article: bool = False) -> str:
    """Several cards joined as the language joins a list."""
    return join(lang, (card_name(lang, c, faces, article) for c in cards))

"""The catalogues: every language has every message, the same variables, valid plurals."""

from __future__ import annotations

import pytest
from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast, visitor

from circolo.cards import Faces, burraco_deck
from circolo.i18n import LANGUAGES, LOCALES, card_name, export, resource, translate
from circolo.words import WORDS_PATH, words_markdown

CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
NUMERIC = {"count", "points", "captured", "scope", "pile", "hands", "played", "target"}
NUMERIC |= {"stock", "seat", "rank", "kings", "at", "deal", "relo", "low", "high", "meld"}
NUMERIC |= {"seconds", "matches", "wins"}


# Variables a language has no use for: pt-BR names the suits alike on both faces.
UNUSED = {("pt-BR", "card-suit"): {"$faces"}}


class _Refs(visitor.Visitor):
    """The variables and message references of one message, and its select expressions."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.selects: list[ast.SelectExpression] = []

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add("$" + node.id.name)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        self.selects.append(node)
        self.generic_visit(node)


def messages(lang: str) -> dict[str, ast.Message]:
    return {e.id.name: e for e in resource(lang).body if isinstance(e, ast.Message)}


def refs(message: ast.Message) -> _Refs:
    found = _Refs()
    found.visit(message)
    return found


def variables(lang: str, key: str) -> set[str]:
    """A message's variables, with those of the messages it references."""
    names = refs(messages(lang)[key]).names
    inner = {n for n in names if not n.startswith("$")}
    return {n for n in names if n.startswith("$")}.union(*(variables(lang, n) for n in inner))


def is_plural(select: ast.SelectExpression) -> bool:
    keys = {v.key.name for v in select.variants if isinstance(v.key, ast.Identifier)}
    return bool(keys & (CATEGORIES - {"other"}))


def test_the_catalogues_parse_without_junk() -> None:
    for lang in LANGUAGES:
        junk = [e.content for e in resource(lang).body if isinstance(e, ast.Junk)]
        assert junk == [], lang
    assert not list(LOCALES.rglob("*.json")), "the JSON catalogues are gone"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_in_every_language_with_the_same_variables(lang: str) -> None:
    english, other = messages("en"), messages(lang)
    assert set(other) == set(english)
    for key in other:
        expected = variables("en", key) - UNUSED.get((lang, key), set())
        assert variables(lang, key) == expected, f"{lang} {key}"


def test_the_variable_check_catches_a_missing_or_an_extra_placeholder() -> None:
    (good,) = FluentResource("m = { $name } has { $count }").body
    (missing,) = FluentResource("m = { $name } has").body
    (extra,) = FluentResource("m = { $name } has { $count } { $more }").body
    assert isinstance(good, ast.Message) and isinstance(missing, ast.Message)
    assert isinstance(extra, ast.Message)
    assert refs(missing).names != refs(good).names != refs(extra).names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_variants_are_the_languages_own_categories(lang: str) -> None:
    allowed = set(Locale.parse(lang.replace("-", "_")).plural_form.tags) | {"other"}
    plural = 0
    for key, message in messages(lang).items():
        for select in refs(message).selects:
            if is_plural(select):
                plural += 1
                names = {v.key.name for v in select.variants if isinstance(v.key, ast.Identifier)}
                assert names <= allowed, f"{lang} {key}: {names - allowed}"
                assert isinstance(select.selector, ast.VariableReference)
                assert select.selector.id.name in NUMERIC, f"{lang} {key}"
    assert plural >= 5


def sample_args(lang: str, key: str, number: int) -> dict[str, object]:
    return {n[1:]: number if n[1:] in NUMERIC else "x" for n in variables(lang, key)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", [0, 1, 2, 5, 21])
def test_every_message_formats_at_0_1_2_5_21_without_errors(lang: str, number: int) -> None:
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(resource(lang))
    for key in messages(lang):
        compiled = bundle.get_message(key)
        assert compiled.value is not None, key
        text, errors = bundle.format_pattern(compiled.value, sample_args(lang, key, number))
        assert errors == [] and "{" not in str(text), f"{lang} {key}: {errors}"


PLURALS = {
    "it": ["0 punti", "1 punto", "2 punti", "5 punti", "21 punti"],
    "pt-BR": ["0 pontos", "1 ponto", "2 pontos", "5 pontos", "21 pontos"],
    "en": ["0 points", "1 point", "2 points", "5 points", "21 points"],
}
CARDS = {
    "it": ["0 carte", "1 carta", "2 carte", "5 carte", "21 carte"],
    "pt-BR": ["nenhuma carta", "1 carta", "2 cartas", "5 cartas", "21 cartas"],
    "en": ["0 cards", "1 card", "2 cards", "5 cards", "21 cards"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_agree_with_their_number(lang: str) -> None:
    numbers = [0, 1, 2, 5, 21]
    assert [translate(lang, "points", points=n) for n in numbers] == PLURALS[lang]
    assert [translate(lang, "cards-count", count=n) for n in numbers] == CARDS[lang]
    scope = [translate(lang, "scopa-pile", name="A", captured=n, scope=n) for n in (1, 2)]
    assert scope[0] != scope[1].replace("2", "1")


def test_translate_falls_back_to_english_then_to_the_id() -> None:
    assert translate("it", "choose", count=3) == "Scegli [1-3]:"
    assert translate("pt-BR", "no-such-message") == "no-such-message"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("faces", list(Faces))
def test_every_card_has_a_name_of_its_own(lang: str, faces: Faces) -> None:
    names = {card_name(lang, card, faces) for card in set(burraco_deck())}
    assert len(names) == 53 and not any("{" in name or "card" in name for name in names)


@pytest.mark.parametrize(
    ("text", "lang", "faces", "name"),
    [
        ("7D", "it", Faces.ITALIAN, "Sette di denari"),
        ("AH", "it", Faces.ITALIAN, "Asso di coppe"),
        ("JS", "it", Faces.ITALIAN, "Fante di spade"),
        ("QS", "it", Faces.ITALIAN, "Cavallo di spade"),
        ("KC", "it", Faces.ITALIAN, "Re di bastoni"),
        ("JH", "it", Faces.FRENCH, "Fante di cuori"),  # as Italian players say, not "Jack"
        ("QH", "it", Faces.FRENCH, "Donna di cuori"),
        ("KD", "it", Faces.FRENCH, "Re di quadri"),
        ("QC", "pt-BR", Faces.ITALIAN, "Cavalo de paus"),
        ("JD", "pt-BR", Faces.FRENCH, "Valete de ouros"),
        ("QH", "pt-BR", Faces.FRENCH, "Dama de copas"),
        ("KS", "pt-BR", Faces.FRENCH, "Rei de espadas"),
        ("AS", "pt-BR", Faces.FRENCH, "Ás de espadas"),
        ("JD", "en", Faces.ITALIAN, "Knave of coins"),
        ("QD", "en", Faces.ITALIAN, "Knight of coins"),
        ("JS", "en", Faces.FRENCH, "Jack of spades"),
        ("KS", "en", Faces.FRENCH, "King of spades"),
        ("TH", "en", Faces.FRENCH, "Ten of hearts"),
        ("JK", "pt-BR", Faces.FRENCH, "Curinga"),
    ],
)
def test_card_names_for_each_face_set(text: str, lang: str, faces: Faces, name: str) -> None:
    """The catalogue is the one place cards are named (the terminal's and the browser's)."""
    assert card_name(lang, text, faces) == name


def test_card_names_with_articles() -> None:
    assert card_name("it", "AD", Faces.ITALIAN, article=True) == "l'Asso di denari"
    assert card_name("it", "QH", Faces.FRENCH, article=True) == "la Donna di cuori"
    assert card_name("pt-BR", "QH", Faces.FRENCH, article=True) == "a Dama de copas"
    assert card_name("en", "2C=4H", Faces.FRENCH) == "Two of clubs (as the Four of hearts)"
    assert card_name("it", "2C=4H", Faces.FRENCH) == "Due di fiori (come il Quattro di cuori)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_export_gives_every_message_as_fluent_source(lang: str) -> None:
    exported = export(lang)
    assert set(exported) == set(messages(lang))
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(FluentResource("\n".join(f"{k} = {v}" for k, v in exported.items())))
    message = bundle.get_message("points")
    assert message.value is not None
    assert bundle.format_pattern(message.value, {"points": 1})[0] == PLURALS[lang][1]


def test_docs_words_md_is_current() -> None:
    """Regenerate it with ``circolo words`` after changing a catalogue."""
    page = words_markdown()  # made once: it parses every catalogue
    assert WORDS_PATH.read_text(encoding="utf-8") == page
    for key in messages("it"):
        assert f"`{key}`" in page

"""Chosen names: what is valid, what impersonates a bot or the room (look-alikes too),
what two players may not share, the room's suggestions in each language, and the name
signed into the guest's token."""

from __future__ import annotations

import pytest

from circolo.server import names
from circolo.server.identity import Guest, Identities, new_guest
from circolo.server.names import NameProblem, check_name


def refused(name: object) -> str:
    with pytest.raises(NameProblem) as problem:
        check_name(name)
    return problem.value.code


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Marco", "Marco"),
        ("  Marco   Rossi ", "Marco Rossi"),
        ("Zé", "Zé"),
        ("João da Silva", "João da Silva"),
        ("Ｍａｒｃｏ", "Marco"),  # full-width letters are plain ones once normalised
        ("e\u0301lodie", "élodie"),  # a letter and its accent become one
        ("O'Neil", "O'Neil"),
        ("Jean-Luc", "Jean-Luc"),
        ("marco_99", "marco_99"),
        ("Botafogo", "Botafogo"),  # a word that begins like "bot" is not "Bot"
        ("La Volpe", "La Volpe"),
        ("Robin", "Robin"),
        ("Modesto", "Modesto"),
        ("Ελένη", "Ελένη"),
        ("Соня", "Соня"),
        ("x" * 20, "x" * 20),
    ],
)
def test_valid_names_are_shown_normalised(raw: str, shown: str) -> None:
    assert check_name(raw) == shown


@pytest.mark.parametrize("raw", ["", "A", " A ", "x" * 21, "a" * 500, None, 42, ["Marco"]])
def test_too_short_too_long_or_not_text(raw: object) -> None:
    assert refused(raw) == "name_length"


@pytest.mark.parametrize(
    "raw",
    [
        "Ma\u202ercо",  # right-to-left override
        "Ma\u2066rco",  # left-to-right isolate
        "Ma\u200bco",  # zero-width space
        "Ma\u200drco",  # zero-width joiner
        "Mar\u00adco",  # soft hyphen
        "\u3164\u3164",  # Hangul fillers: letters that show nothing
        "Marco\u115f",
        "Ma\ufe0frco",  # variation selector
        "Mar\u034fco",  # combining grapheme joiner
        "Mar\nco",
        "Mar\x00co",
        "Marco\u2028",
    ],
)
def test_invisible_and_direction_characters_are_refused(raw: str) -> None:
    assert refused(raw) == "name_invisible"


@pytest.mark.parametrize("raw", ["Marco!", "Mar😀co", "<b>Marco</b>", "Marco@home", "\u0301Marco"])
def test_only_letters_digits_spaces_and_a_few_marks(raw: str) -> None:
    assert refused(raw) == "name_characters"


@pytest.mark.parametrize("raw", ["12", "...", "-_-", "42 42"])
def test_a_name_has_a_letter(raw: str) -> None:
    assert refused(raw) == "name_letter"


@pytest.mark.parametrize(
    "raw",
    [
        "Bot", "bot", "BOT", "Robô", "Robo", "Robot", "Bot 2", "Bot2", "Bot Esperto",
        "BotEsperto", "Il Bot", "Circolo", "CIRCOLO", "Admin", "Sistema", "System",
        "Moderatore", "Suporte", "Staff",
        # look-alikes: digits, accents, spacing, full width, Cyrillic and Greek letters
        "B0t", "R0b0", "Rоbô", "Вот", "ΒΟΤ", "B o t", "B.o.t", "Ad min", "ADM1N", "Adrnin",
        "Círcolo", "CIRC0L0", "Circoio", "ｂｏｔ", "Sístema",
    ],
)  # fmt: skip
def test_names_that_pass_for_a_bot_or_the_room(raw: str) -> None:
    assert refused(raw) == "name_reserved"


def test_names_that_look_the_same_share_a_key() -> None:
    same = ["Marco", "marco", "MARCO", "Márco", "Mаrco", "M a r c o", "Marc0", "Ｍａｒｃｏ"]
    assert {names.key(name) for name in same} == {names.key("Marco")}
    assert names.key("Marco") != names.key("Marta")


@pytest.mark.parametrize("lang", names.LANGUAGES)
def test_every_suggestion_is_a_valid_name_in_its_language(lang: str) -> None:
    for animal in names._ANIMALS[lang]:
        for word in names._WORDS[lang]:
            pair = f"{word} {animal}" if lang in names._ADJECTIVE_FIRST else f"{animal} {word}"
            assert check_name(pair) == pair
    assert check_name(names.generated(lang))
    free = names.suggestion(lang, lambda name: False)
    assert len(free.split()) == 2  # no number while a pair is free
    assert free.split()[0 if lang != "en" else 1] in names._ANIMALS[lang]
    crowded = names.suggestion(lang, lambda name: not name[-1].isdigit())
    assert crowded[-2:].isdigit()


def test_the_browser_language_picks_the_suggestions() -> None:
    assert names.language("pt-BR,pt;q=0.9,en;q=0.5") == "pt-BR"
    assert names.language("it-IT") == "it"
    assert names.language("de-DE,en;q=0.5") == "en"
    assert names.language("") == "en"
    assert new_guest("pt-BR").name.split()[0] in names._ANIMALS["pt-BR"]


def test_the_chosen_name_is_signed_into_the_token() -> None:
    identities = Identities("secret")
    guest = Guest("g_1", "Zé Carioca", named=True)
    read = identities.guest(identities.token(guest))
    assert read is not None and (read.name, read.named) == ("Zé Carioca", True)
    assert read.to_json() == {"id": "g_1", "name": "Zé Carioca", "named": True}
    made_up = identities.guest(identities.token(new_guest()))
    assert made_up is not None and not made_up.named


def test_a_token_signed_before_names_is_still_read() -> None:
    identities = Identities("secret")
    old = identities._serializer.dumps(["g_1", "Volpe Gentile 42", 1.0])
    read = identities.guest(old)
    assert read is not None and not read.named
    assert (read.id, read.name) == ("g_1", "Volpe Gentile 42")
    forged = identities._serializer.dumps(["g_1", "Marco", 1.0, "yes"])
    assert identities.guest(forged) is None

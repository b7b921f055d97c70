"""Display names: the ones a guest chooses (validated) and the ones the room suggests.

A chosen name is 2 to 20 characters once normalised (NFKC: full-width letters, ligatures
and odd spaces become plain ones): letters, digits, spaces and ``. - _ '``, with at least
one letter. Invisible and direction-changing characters are refused, not silently dropped
(a name must read the same to everyone). A name may not pass for a bot or for the room:
each word, and the name run together, is compared as a "skeleton" (case folded, accents
dropped, look-alike letters and digits of other scripts mapped to Latin ones), so "B0t",
"Rоbô" with a Cyrillic о, "Ad min" and "CIRCOLO" are refused like "Bot". Two players
whose names have the same skeleton would look the same at a table: that is "taken".
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable

SHORTEST = 2
LONGEST = 20
PUNCTUATION = frozenset(".-_'’")

_INVISIBLE_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
_BLANK = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)  # letters and marks that show nothing: Hangul fillers, variation selectors, braille blank
_MARKS = 2

_LOOKALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "г": "r", "к": "k", "м": "m", "н": "h", "о": "o",
        "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j",
        "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b", "ы": "bi", "з": "e",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u",
        "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ς": "c",
        # Latin look-alikes and digits
        "ı": "i", "ɩ": "i", "ł": "i", "l": "i", "ø": "o", "đ": "d", "ħ": "h", "ŧ": "t",
        "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
    }
)  # fmt: skip

_RESERVED_WORDS = (
    # bots, as each language calls them
    "bot", "bots", "robo", "robos", "robot", "robots", "cpu",
    # the room and whoever speaks for it
    "circolo", "admin", "admins", "administrator", "administrador", "amministratore",
    "sistema", "system", "moderator", "moderador", "moderatore", "mod", "staff",
    "server", "servidor", "support", "suporte", "supporto", "assistenza", "official",
    "oficial", "ufficiale", "root", "owner", "dono", "gestore",
)  # fmt: skip


class NameProblem(ValueError):
    """A name refused: ``code`` (``name_*``) and a message in English for logs and scripts."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def skeleton(text: str) -> str:
    """What ``text`` looks like, for comparing: case folded, accents dropped, look-alike
    letters of other scripts and digits mapped to the Latin letter they resemble."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    plain = "".join(ch for ch in folded if not unicodedata.category(ch).startswith("M"))
    return plain.translate(_LOOKALIKES).replace("rn", "m").replace("vv", "w")


def _compact(text: str) -> str:
    return "".join(ch for ch in skeleton(text) if ch.isalnum())


RESERVED = frozenset(_compact(word) for word in _RESERVED_WORDS)


def _words(name: str) -> list[str]:
    """The name's words: split at spaces and punctuation, and where a lower-case letter is
    followed by a capital ("BotEsperto" is "Bot" and "Esperto")."""
    spaced = "".join(
        " " + ch if i and ch.isupper() and name[i - 1].islower() else ch
        for i, ch in enumerate(name)
    )
    return [w for w in re.split(r"[\s.\-_'’]+", spaced) if w]


def key(name: str) -> str:
    """Two names with the same key look the same at a table (case, accents, look-alikes,
    spaces and punctuation aside): only one of them may be in use at a time."""
    return _compact(name)


def impersonates(name: str) -> bool:
    """Does ``name`` pass for a bot or for the room (a word of it, digits aside, or all of
    it run together)?"""
    candidates = {_compact(name)}
    for word in _words(name):
        compact = _compact(word)
        candidates.add(compact)
        candidates.add(_compact("".join(ch for ch in word if not ch.isdigit())))
    return bool(candidates & RESERVED)


def check_name(raw: object) -> str:
    """The name as it will be shown (NFKC, spaces collapsed), or ``NameProblem``."""
    if not isinstance(raw, str):
        raise NameProblem("name_length", "a name is text")
    if len(raw) > 4 * LONGEST:
        raise NameProblem("name_length", f"a name is {SHORTEST} to {LONGEST} characters")
    text = unicodedata.normalize("NFKC", raw)
    if any(unicodedata.category(ch) in _INVISIBLE_CATEGORIES or ch in _BLANK for ch in text):
        raise NameProblem("name_invisible", "a name has no invisible or direction characters")
    name = " ".join(text.split())
    if not SHORTEST <= len(name) <= LONGEST:
        raise NameProblem("name_length", f"a name is {SHORTEST} to {LONGEST} characters")
    marks = 0
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        if category.startswith("M"):
            marks += 1
            if i == 0 or marks > _MARKS or (marks == 1 and not name[i - 1].isalnum()):
                raise NameProblem("name_characters", "an accent must follow a letter")
            continue
        marks = 0
        if not (category.startswith("L") or category == "Nd" or ch == " " or ch in PUNCTUATION):
            raise NameProblem(
                "name_characters", "a name has letters, digits, spaces and . - _ ' only"
            )
    if not any(unicodedata.category(ch).startswith("L") for ch in name):
        raise NameProblem("name_letter", "a name has at least one letter")
    if impersonates(name):
        raise NameProblem("name_reserved", "a name may not pass for a bot or for the room")
    return name


# -- suggestions ----------------------------------------------------------------------------

_ANIMALS = {
    "it": (
        "Volpe", "Lupo", "Gufo", "Falco", "Riccio", "Tasso", "Cervo", "Airone", "Delfino",
        "Lince", "Passero", "Merlo", "Orso", "Castoro", "Gabbiano", "Coniglio", "Camoscio",
        "Scoiattolo", "Cinghiale", "Pettirosso",
    ),
    "pt-BR": (
        "Onça", "Tucano", "Sabiá", "Arara", "Capivara", "Tatu", "Jabuti", "Mico", "Boto",
        "Quati", "Tamanduá", "Preguiça", "Curió", "Jacaré", "Sagui", "Gavião", "Coruja",
        "Seriema", "Bem-te-vi", "Beija-flor",
    ),
    "en": (
        "Fox", "Wolf", "Owl", "Falcon", "Hedgehog", "Badger", "Deer", "Heron", "Dolphin",
        "Lynx", "Sparrow", "Robin", "Bear", "Beaver", "Gull", "Rabbit", "Otter", "Squirrel",
        "Puffin", "Kestrel",
    ),
}  # fmt: skip
_WORDS = {
    # adjectives of one form for both genders, so every pair agrees
    "it": (
        "Gentile", "Audace", "Veloce", "Brillante", "Tenace", "Cortese", "Vivace", "Paziente",
        "Felice", "Agile", "Fedele", "Nobile", "Forte", "Sagace", "Vigile", "Elegante",
    ),
    "pt-BR": (
        "Valente", "Alegre", "Gentil", "Feliz", "Veloz", "Sagaz", "Tenaz", "Leal", "Forte",
        "Nobre", "Paciente", "Brilhante", "Elegante", "Ágil", "Fiel", "Audaz",
    ),
    "en": (
        "Gentle", "Bold", "Wise", "Merry", "Clever", "Calm", "Proud", "Swift", "Steady",
        "Curious", "Bright", "Brave", "Kind", "Lively", "Patient", "Honest",
    ),
}  # fmt: skip
_ADJECTIVE_FIRST = {"en"}
LANGUAGES = tuple(_ANIMALS)


def language(accept: str) -> str:
    """The suggestions' language for an ``Accept-Language`` header (or a language tag):
    the first of Portuguese, Italian and English it names, English otherwise."""
    for part in accept.split(",")[:20]:
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("pt"):
            return "pt-BR"
        if tag.startswith("it"):
            return "it"
        if tag.startswith("en"):
            return "en"
    return "en"


def _pair(lang: str) -> str:
    lang = lang if lang in _ANIMALS else "en"
    animal, word = secrets.choice(_ANIMALS[lang]), secrets.choice(_WORDS[lang])
    return f"{word} {animal}" if lang in _ADJECTIVE_FIRST else f"{animal} {word}"


def generated(lang: str) -> str:
    """A name of the room's making in ``lang`` ("Onça Valente 42"), valid as a chosen one."""
    while True:
        name = f"{_pair(lang)} {secrets.randbelow(90) + 10}"
        if len(name) <= LONGEST:
            return name


def suggestion(lang: str, taken: Callable[[str], bool]) -> str:
    """A name for a guest to choose in ``lang``: a pair alone when one is free
    ("Tucano Alegre"), else with a number; never one ``taken``."""
    for attempt in range(40):
        name = _pair(lang) if attempt < 8 else generated(lang)
        if len(name) <= LONGEST and not taken(name):
            return name
    return generated(lang)

"""Interface text: every catalog speaks Italian, Brazilian Portuguese and English alike."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from circolo.i18n import LANGUAGES, translate

LOCALES = Path(__file__).resolve().parents[1] / "circolo" / "locales"
DOMAINS = sorted(p.stem for p in (LOCALES / "en").glob("*.json"))


def catalog(lang: str, domain: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((LOCALES / lang / f"{domain}.json").read_text("utf-8"))
    return data


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_has_every_key_with_the_same_placeholders(domain: str) -> None:
    english = catalog("en", domain)
    assert all(key.startswith(f"{domain}.") for key in english)
    for lang in LANGUAGES:
        texts = catalog(lang, domain)
        assert set(texts) == set(english), lang
        for key, text in texts.items():
            assert text.strip(), f"{lang} {key} is empty"
            assert placeholders(text) == placeholders(english[key]), f"{lang} {key}"


def test_translate_fills_placeholders_and_falls_back() -> None:
    assert translate("it", "common.choose", count=3) == "Scegli [1-3]: "
    assert translate("pt-BR", "common.no.such.key") == "common.no.such.key"

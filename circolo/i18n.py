"""Interface text in Italian, Brazilian Portuguese and English.

Catalogs are JSON files, ``locales/<lang>/<domain>.json``; a key's domain is the part
before its first dot ("scopa.capture_with" lives in ``scopa.json``). A missing key
falls back to English, then to the key itself, so a gap never crashes the interface.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

LANGUAGES = ("it", "pt-BR", "en")
DEFAULT_LANGUAGE = "en"
_LOCALES = Path(__file__).parent / "locales"


@cache
def _catalog(lang: str, domain: str) -> dict[str, str]:
    path = _LOCALES / lang / f"{domain}.json"
    if not path.exists():
        return {}
    catalog: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return catalog


def translate(lang: str, key: str, **params: object) -> str:
    """The text for ``key`` in ``lang``, with ``{name}`` placeholders filled."""
    domain = key.split(".", 1)[0]
    text = _catalog(lang, domain).get(key) or _catalog(DEFAULT_LANGUAGE, domain).get(key) or key
    return text.format(**params) if params else text

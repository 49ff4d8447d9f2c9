"""The ``.po`` catalogues: where they are, read with Babel and compiled in memory once per language."""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN: Final = "tikal"
LOCALE_DIR: Final = Path(__file__).resolve().with_name("locale")


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def read_catalogue(locale: str) -> Catalog:
    """The language's catalogue as Babel reads it (with its plural rule)."""
    with po_path(locale).open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


@cache
def translations(locale: str) -> gettext.GNUTranslations:
    """The catalogue compiled to gettext's form in memory; a missing or fuzzy entry is left out, so gettext
    falls back to the English."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalogue(locale))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)

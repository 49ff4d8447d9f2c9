"""The languages the game speaks and how a requested language resolves to one of them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

LOCALES: Final = ("en", "de", "fr", "es", "it", "nl")
"""The languages of the rulebooks (docs/glossary.md), English first."""

DEFAULT_LOCALE: Final = "en"

AUTONYMS: Final = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",
                   "nl": "Nederlands"}
"""Each language named in itself, as a menu of languages shows it to everyone."""

ENVIRONMENT_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal says its language, the first set one wins (GNU gettext's order)."""


def known(tag: str) -> str | None:
    """The supported language a tag names (``de``, ``es-419``, ``fr_FR.UTF-8`` …), or ``None`` for any other."""
    base = re.split(r"[-_.@:]", tag.strip().lower(), maxsplit=1)[0]
    return base if base in LOCALES else None


def resolve(tag: str | None) -> str:
    """The supported language for a language tag: ``de`` → ``de``, ``es-419`` and ``es_ES.UTF-8`` → ``es``,
    ``pt-BR``, ``C``, empty or ``None`` → ``en``. Discord's locales (``en-US``, ``es-ES``, ``nl`` …) resolve
    by their language part."""
    return (known(tag) if tag else None) or DEFAULT_LOCALE


def locale_from_environment(environ: Mapping[str, str]) -> str:
    """The language a terminal's environment asks for (``LANGUAGE=de:en``, ``LANG=fr_FR.UTF-8`` …)."""
    for name in ENVIRONMENT_VARIABLES:
        value = environ.get(name, "")
        if value:
            return resolve(value.split(":", 1)[0])
    return DEFAULT_LOCALE

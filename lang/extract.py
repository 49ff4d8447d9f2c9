"""``python -m lang.extract``: bring the six catalogues up to date with the sources (``make messages``).

The template is every entry of ``engine.messages.CATALOGUE`` (msgctxt = the code) plus every call
``tr(context, english, …)``, ``ntr(context, one, many, n, …)`` and ``cmd(context, english)`` (a slash command's
words) that Babel finds in ``engine/``, ``render/`` and ``bot/``, and the texts of the tutorial's lessons
(``bot/core/tutorial/lessons/*.toml``: ``tutorial.<lesson>.<key>``). Each ``.po`` keeps its translations; a new or
changed English text arrives untranslated (the tests then fail until it is translated), and entries no longer in
the sources are dropped. ``--check`` only reports whether a catalogue is out of date.
"""

from __future__ import annotations

import argparse
import copy
import sys
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from engine.messages import CATALOGUE

from .catalogue import DOMAIN, po_path
from .locales import LOCALES

ROOT: Final = Path(__file__).resolve().parent.parent
SOURCES: Final = ("engine", "render", "bot")
KEYWORDS: Final = {"tr": ((1, "c"), 2), "ntr": ((1, "c"), 2, 3), "cmd": ((1, "c"), 2)}
"""Babel keyword specs: the context is argument 1, the English (and its plural) the next ones; ``cmd`` is a
description of the slash commands."""
FIXED_DATE: Final = datetime(2025, 1, 1, tzinfo=UTC)
"""Header dates stay fixed, so a catalogue changes only when its messages do."""

Entry = tuple[str | tuple[str, ...], str | None]
"""A template entry: the msgid (or singular and plural) and its context."""


LESSONS: Final = "**/tutorial/lessons/*.toml"
LESSON_TEXTS: Final = ("intro", "end_title", "end")


def extract_lessons(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method for a lesson file: each text as a ``tr(context, english)`` of the lesson (context
    ``tutorial.<lesson>.<key>``; a step's title ``….<key>.title``)."""
    lesson = Path(getattr(fileobj, "name", "lesson")).stem
    data = tomllib.load(fileobj)
    for key in LESSON_TEXTS:
        yield 0, "tr", (f"tutorial.{lesson}.{key}", str(data[key])), []
    for step in data.get("steps", ()):
        yield 0, "tr", (f"tutorial.{lesson}.{step['key']}.title", str(step["title"])), []
        yield 0, "tr", (f"tutorial.{lesson}.{step['key']}", str(step["text"])), []


def source_entries() -> list[Entry]:
    """Every ``tr``/``ntr`` call of the sources and every text of the lessons, in file order."""
    out: list[Entry] = []
    for folder in SOURCES:
        methods = [("**.py", "python"), (LESSONS, "lang.extract:extract_lessons")]
        found = extract_from_dir(ROOT / folder, method_map=methods, keywords=KEYWORDS, comment_tags=(),
                                 strip_comment_tags=True)
        for _, _, message, _, context in found:
            out.append((message, context))
    return out


def template() -> Catalog:
    """The catalogue every language translates: the engine's messages, then the sources' words."""
    catalog = Catalog(domain=DOMAIN, project="Tikal for Discord", creation_date=FIXED_DATE, fuzzy=False)
    for code, text in CATALOGUE.items():
        catalog.add(text.one if text.many is None else (text.one, text.many), context=code)
    for message, context in source_entries():
        catalog.add(message, context=context)
    return catalog


def updated(locale: str, base: Catalog) -> Catalog:
    """The language's catalogue with the template's entries; English translates every entry as itself."""
    path = po_path(locale)
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=locale, domain=DOMAIN)
    else:
        catalog = Catalog(locale=locale, domain=DOMAIN, project="Tikal for Discord", creation_date=FIXED_DATE,
                          revision_date=FIXED_DATE, fuzzy=False)
    # update() may adopt the template's message objects: give it a copy, English fills its own in below
    catalog.update(copy.deepcopy(base), no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.revision_date = FIXED_DATE
    if locale == "en":
        for message in catalog:
            if message.id:
                message.string = message.id if isinstance(message.id, str) else tuple(message.id)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=120, no_location=True, omit_header=False, ignore_obsolete=True)


def keys(catalog: Catalog) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lang.extract", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a catalogue lacks or has extra entries")
    args = parser.parse_args(argv)
    base = template()
    stale = []
    for locale in LOCALES:
        if args.check:
            current = updated(locale, base) if po_path(locale).exists() else None
            with po_path(locale).open("rb") as f:
                before = read_po(f, locale=locale, domain=DOMAIN)
            if current is None or keys(before) != keys(base):
                stale.append(locale)
            continue
        write(updated(locale, base), po_path(locale))
    if stale:
        print(f"out of date: {', '.join(stale)}; run `make messages`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

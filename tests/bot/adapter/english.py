"""Is any English left in a text that should be in another language? Checked against the catalogues: a word is
English-only for a language when some English text of the catalogue uses it and no translation of that language
does (``turn``, ``your``, ``the`` … but not ``Tikal``, ``AP`` or ``temple`` in French). Notation and commands in
backticks, Discord's markup (mentions, timestamps, links) and the names given are left out."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from lang.catalogue import read_catalogue

WORD = re.compile(r"[^\W\d_]{3,}")
SKIPPED = re.compile(r"`[^`]*`|<[^>]*>|https?://\S+|\{[a-z_0-9]+\}|\*\*")


def words(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(SKIPPED.sub(" ", text))}


def _texts(message_id: str | tuple[str, ...] | None) -> Iterable[str]:
    if message_id is None:
        return ()
    return (message_id,) if isinstance(message_id, str) else tuple(message_id)


@cache
def english_only(locale: str) -> frozenset[str]:
    """The words of the English texts that no text of ``locale``'s catalogue uses."""
    english: set[str] = set()
    translated: set[str] = set()
    for message in read_catalogue(locale):
        if not message.id:
            continue
        for text in _texts(message.id):
            english |= words(text)
        for text in _texts(message.string):
            translated |= words(text)
    return frozenset(english - translated)


def english_left(text: str, locale: str, names: Iterable[str] = ()) -> set[str]:
    """The English-only words of ``text`` for ``locale`` (none: the text reads as that language)."""
    known = {n.casefold() for n in names}
    return {w for w in words(text) if w in english_only(locale) and w not in known}


__all__ = ["english_left", "english_only", "words"]

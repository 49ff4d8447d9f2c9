"""Every word the pictures and the alt text use, as the methods of ``Words``, written in English and
translated through the reader's catalogue (``lang``): ``words_for("de").turn(7)`` → ``Zug 7``.

``Words`` is made of one part per kind of words (the status, a caption, a replay's frames, the players' panel, the
legend, the alt text, the variants), each a module here. Nothing else in ``render`` assembles words. Lengths vary by
language (German runs about 30% longer), so callers measure what they draw and shrink or wrap it by rule; the layout
tests draw every language.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from lang import translator

from .alt import AltWords
from .caption import CaptionWords
from .legend import LegendWords
from .players import PlayerWords
from .replay import ReplayWords
from .status import StatusWords
from .variants import VariantWords

SEP: Final = " · "
ELLIPSIS: Final = "…"
ARROW: Final = "→"


class Words(CaptionWords, ReplayWords, AltWords, StatusWords, PlayerWords, LegendWords, VariantWords):
    """The pictures' words in one language, spoken by ``t`` (``engine.messages.ENGLISH`` or a ``lang.Translator``)."""


@cache
def words_for(locale: str | None = None) -> Words:
    """The pictures' words in the language of ``locale`` (resolved by ``lang``: ``es-419`` → Spanish)."""
    return Words(translator(locale))

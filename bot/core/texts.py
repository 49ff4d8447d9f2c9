"""The bot's words, written in English where they are said and rendered later in the reader's language.

``tr(context, english, **params)`` and ``ntr(context, one, many, n, **params)`` build a ``Said`` (a message
with its own English): the core raises and returns them without knowing who reads, and the adapter renders
them with the reader's ``Speaker`` (``speaker.message(said)``). ``python -m lang.extract`` finds these calls
like any ``tr``/``ntr``, so each context is an entry of the six catalogues. ``str(said)`` is the English.
"""

from __future__ import annotations

from engine.messages import Param, Said


def tr(context: str, english: str, /, **params: Param) -> Said:
    return Said(context, english, **params)


def ntr(context: str, one: str, many: str, n: int, /, **params: Param) -> Said:
    return Said(context, one, many, n=n, **params)

"""What every part of ``Words`` stands on: the reader's speaker (``engine.messages.ENGLISH`` or a ``lang.Translator``),
its locale, ordinals and the game's treasure words."""

from __future__ import annotations

from engine.messages import Msg, Speaker


class WordsBase:
    """The pictures' words in one language, spoken by ``t``."""

    def __init__(self, t: Speaker) -> None:
        self.t = t

    @property
    def locale(self) -> str:
        return self.t.locale

    def ordinal(self, n: int) -> str:
        form = self.t.ordinal_form(n)
        if form == "one":
            return self.t.tr("render.ordinal.one", "{n}st", n=n)
        if form == "two":
            return self.t.tr("render.ordinal.two", "{n}nd", n=n)
        if form == "few":
            return self.t.tr("render.ordinal.few", "{n}rd", n=n)
        return self.t.tr("render.ordinal.other", "{n}th", n=n)

    def treasure(self, kind: str) -> str:
        """A treasure kind of the notation (``mask``) as the game's word."""
        return self.t.message(Msg(f"treasure.{kind}"))

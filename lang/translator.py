"""``Translator``: the engine's ``Speaker`` for one language, backed by its gettext catalogue."""

from __future__ import annotations

import gettext
from functools import cache

from babel import Locale

from engine.errors import EngineError
from engine.messages import Msg, Param, fill

from .catalogue import translations
from .locales import resolve


class Translator:
    """Words in one language: inline English by context (``tr``, ``ntr``) and the engine's messages
    (``render``). Parameters that are messages themselves are translated too; lists join with ``, ``."""

    def __init__(self, locale: str, catalogue: gettext.NullTranslations) -> None:
        self._locale = locale
        self._catalogue = catalogue
        self._cldr = Locale.parse(locale)

    def __repr__(self) -> str:
        return f"Translator({self._locale!r})"

    @property
    def locale(self) -> str:
        return self._locale

    def tr(self, context: str, english: str, /, **params: Param) -> str:
        return fill(self._catalogue.pgettext(context, english), params, self.value)

    def ntr(self, context: str, one: str, many: str, n: int, /, **params: Param) -> str:
        return fill(self._catalogue.npgettext(context, one, many, n), {**params, "n": n}, self.value)

    def message(self, message: Msg) -> str:
        entry = message.entry()
        if entry is None:
            return message.code
        params = dict(message.params)
        if entry.many is None:
            return self.tr(message.code, entry.one, **params)
        n = params.pop("n")
        assert isinstance(n, int), message
        return self.ntr(message.code, entry.one, entry.many, n, **params)

    def render(self, what: Msg | EngineError) -> str:
        """An engine error or message in this language."""
        return self.message(what.message if isinstance(what, EngineError) else what)

    def value(self, param: Param) -> str:
        if isinstance(param, Msg):
            return self.message(param)
        if isinstance(param, tuple):
            return ", ".join(self.value(p) for p in param)
        return str(param)

    def ordinal_form(self, n: int) -> str:
        return str(self._cldr.ordinal_form(n))


@cache
def _translator(locale: str) -> Translator:
    return Translator(locale, translations(locale))


def translator(locale: str | None = None) -> Translator:
    """The translator of a language tag (resolved: ``es-419`` → Spanish, unknown → English), cached."""
    return _translator(resolve(locale))


def render(what: Msg | EngineError, locale: str | None = None) -> str:
    """An engine error or message in the language of ``locale``."""
    return translator(locale).render(what)

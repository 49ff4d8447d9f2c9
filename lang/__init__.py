"""Tikal in the languages of its rulebooks: English, German, French, Spanish, Italian and Dutch.

One gettext catalogue (domain ``tikal``) per language under ``lang/locale/<xx>/LC_MESSAGES/tikal.po``
holds the engine's messages, the pictures' words and the consoles' text; each entry's msgctxt is a
stable id and its msgid the English. The ``.po`` files are read with Babel and compiled in memory
when a language is first used (no ``.mo`` in the repository); ``python -m lang.extract`` brings them
up to date with the sources. The game's words come from each rulebook (``docs/glossary.md``)::

    t = translator(resolve("es-419"))          # a Translator for Spanish
    t.render(error)                            # an EngineError in Spanish
    t.tr("bot.welcome", "Welcome, {name}!", name="Ana")
    t.ntr("bot.left", "{n} hexagon left", "{n} hexagons left", 3)
"""

from .locales import AUTONYMS, DEFAULT_LOCALE, LOCALES, known, locale_from_environment, resolve
from .translator import Translator, render, translator

__all__ = ["AUTONYMS", "DEFAULT_LOCALE", "LOCALES", "Translator", "known", "locale_from_environment", "render",
           "resolve", "translator"]

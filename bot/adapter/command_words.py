"""The slash commands in the client's language: discord.py asks a ``Translator`` for every name,
description and choice of the tree in every Discord locale when it syncs, and Discord shows each member the
words of their client.

A description is written ``cmd(context, english)`` where the command is declared (``lang.extract`` finds it
like a ``tr`` call); a name (of a group, a command, an option or a choice) is one word of the tree, shared by
every place that uses it, and its translations are listed once in ``bot.adapter.command_names``. The canonical
English names stay what interactions carry, so nothing else changes with the language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import Locale, app_commands

from lang import DEFAULT_LOCALE, resolve, translator


def cmd(context: str, english: str) -> app_commands.locale_str:
    """A description of the command tree: its English and the catalogue's context."""
    return app_commands.locale_str(english, context=context)


def name_context(english: str) -> str:
    """The catalogue's context of a name of the tree (``move`` → ``name.move``)."""
    return f"name.{english}"


def localized(text: app_commands.locale_str, language: str) -> str:
    """A word of the tree in one of the six languages (the English when the catalogue lacks it)."""
    context = text.extras.get("context") or name_context(text.message)
    return translator(language).tr(context, text.message)


class CommandTranslator(app_commands.Translator):
    """The tree's words from the catalogues; ``None`` (Discord's default, the English) for the locales that fall
    back to English."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = resolve(locale.value)
        if language == DEFAULT_LOCALE or string.extras.get("fixed"):  # fixed: a language's own name, everywhere
            return None
        return localized(string, language)


async def serialized_tree(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None = None
                          ) -> list[dict[str, Any]]:
    """The commands as ``tree.sync`` sends them to Discord: with every locale's words when a translator is set."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


__all__ = ["CommandTranslator", "cmd", "localized", "name_context", "serialized_tree"]

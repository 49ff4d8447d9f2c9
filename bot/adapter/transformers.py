"""Slash-command option types: a hex (``C2``) and a number of figures (``3`` or ``leader``).

They only check the form; whether the value is legal is the engine's question, asked when the
move is applied (autocomplete is advice, and anyone can type anything).
"""

from __future__ import annotations

import re
from typing import Final

import discord
from discord import app_commands

import engine
from bot.adapter.speech import reader
from bot.core.table.autocomplete import option_choices, zoom_choices
from bot.core.table.plans import Place
from bot.core.words.errors import quoted
from bot.core.words.texts import ntr, tr
from engine import EngineError
from engine.messages import Said, listed


class NotASpace(app_commands.TransformerError):
    """A typed space that is none; ``legal``: the spaces the option may take now (empty when unknown)."""

    def __init__(self, value: str, transformer: app_commands.Transformer, legal: list[str]) -> None:
        super().__init__(value, discord.AppCommandOptionType.string, transformer)
        self.legal = legal


MOST_NAMED: Final = 12
"""At most this many legal spaces are named in a refusal (then "and 7 more")."""


async def legal_spaces(interaction: discord.Interaction, value: str) -> list[str]:
    """The values the option given ``value`` may take now for the member (their legal moves, as its autocomplete
    offers them; the explored spaces for a zoom), or none if that cannot be told."""
    core = getattr(interaction.client, "core", None)
    command = interaction.command
    option = next((name for name, raw in iter(interaction.namespace) if raw == value), None)
    if core is None or command is None or option is None or interaction.guild_id is None \
            or interaction.channel_id is None:
        return []
    try:
        view, entries = await core.turns.view_and_moves(interaction.guild_id, Place(interaction.channel_id),
                                                          interaction.user.id)
    except EngineError:
        return []
    found = zoom_choices(view, limit=40) if command.name == "board" else option_choices(
        view, entries, command.name, option, {}, limit=40)
    return [str(o.value) for o in found]


class HexTransformer(app_commands.Transformer):
    """A space name, returned in canonical form (``c2`` → ``C2``)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def max_value(self) -> int:
        return 3

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        space = engine.parse_space(value.strip())
        if space is None:
            raise NotASpace(value, self, await legal_spaces(interaction, value))
        return engine.space_name(space)


class FiguresTransformer(app_commands.Transformer):
    """A number of workers in digits, or ``leader``; returned as the notation's word."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def max_value(self) -> int:
        return 6

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        word = value.strip().lower()
        if word == leader_word(interaction):  # typed in the member's language: the notation's word
            word = "leader"
        if word != "leader" and not re.fullmatch(r"[1-9][0-9]?", word):
            raise app_commands.TransformerError(value, self.type, self)
        return word


Hex = app_commands.Transform[str, HexTransformer]
Figures = app_commands.Transform[str, FiguresTransformer]
Count = app_commands.Range[int, 1, 99]

class TextTransformer(app_commands.Transformer):
    """A typed string of at most ``longest`` characters. Discord refuses longer ones itself (``max_length``);
    the check here keeps a client that ignores it from having a page of text echoed back."""

    def __init__(self, longest: int, what: Said) -> None:
        self.longest = longest
        self.what = what

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.string

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return self.longest

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        if len(value) > self.longest:
            raise app_commands.TransformerError(value, self.type, self)
        return value


# Every string option has a maximum length, so Discord itself refuses a pasted wall of text.
Word = app_commands.Transform[str, TextTransformer(32, tr("transform.word", "a word of at most 32 characters"))]
"""A short word: a treasure kind, a seat name, a standing order (``bid up to 12``)."""
ClockTime = app_commands.Transform[str, TextTransformer(8, tr("transform.clock", "a time of day like 22:30"))]
ZoneName = app_commands.Transform[str, TextTransformer(64, tr("transform.zone", "a time zone like Europe/Berlin"))]
"""An IANA time zone (the longest is 32 characters)."""


def leader_word(interaction: discord.Interaction) -> str:
    """The leader as the member's language writes it (``expeditionsleiter``), accepted beside ``leader``."""
    return reader(interaction).tr("label.the_leader", "leader").strip().lower()


def describe_bad_value(error: app_commands.TransformerError) -> Said:
    """What an unreadable option value should have been."""
    value = quoted(error.value)
    if isinstance(error, NotASpace) and error.legal:
        named = listed(tuple(error.legal), MOST_NAMED)
        return ntr("transform.not_space_legal", "{value} is not a space. This one works now: {spaces} (the list "
                                                "offers it).", "{value} is not a space. These work now: {spaces} (the "
                                                               "list offers them).", len(error.legal), value=value,
                   spaces=named)
    if isinstance(error.transformer, HexTransformer):
        return tr("transform.not_space", "{value} is not a space: spaces are A1 … H5 (pick one from the list).",
                  value=value)
    if isinstance(error.transformer, FiguresTransformer):
        return tr("transform.not_figures", "{value} is not a number of figures: write a number of workers or "
                                           "`leader`.", value=value)
    if isinstance(error.transformer, TextTransformer):
        return tr("transform.not_text", "{value} is not {what}.", value=value, what=error.transformer.what)
    return tr("transform.not_valid", "{value} is not a valid value here.", value=value)

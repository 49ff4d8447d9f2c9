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
from bot.core.autocomplete import option_choices, zoom_choices
from bot.core.errors import quoted
from bot.core.service import Place
from engine import EngineError


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
        view, entries = await core.service.view_and_moves(interaction.guild_id, Place(interaction.channel_id),
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
        if word != "leader" and not re.fullmatch(r"[1-9][0-9]?", word):
            raise app_commands.TransformerError(value, self.type, self)
        return word


Hex = app_commands.Transform[str, HexTransformer]
Figures = app_commands.Transform[str, FiguresTransformer]
Count = app_commands.Range[int, 1, 99]

class TextTransformer(app_commands.Transformer):
    """A typed string of at most ``longest`` characters. Discord refuses longer ones itself (``max_length``);
    the check here keeps a client that ignores it from having a page of text echoed back."""

    def __init__(self, longest: int, what: str) -> None:
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
Word = app_commands.Transform[str, TextTransformer(32, "a word of at most 32 characters")]
"""A short word: a treasure kind, a seat name, a standing order (``bid up to 12``)."""
ClockTime = app_commands.Transform[str, TextTransformer(8, "a time of day like 22:30")]
ZoneName = app_commands.Transform[str, TextTransformer(64, "a time zone like Europe/Berlin")]
"""An IANA time zone (the longest is 32 characters)."""


def describe_bad_value(error: app_commands.TransformerError) -> str:
    """What an unreadable option value should have been."""
    if isinstance(error, NotASpace) and error.legal:
        named = ", ".join(error.legal[:MOST_NAMED])
        more = f" and {len(error.legal) - MOST_NAMED} more" if len(error.legal) > MOST_NAMED else ""
        which = "This one works now" if len(error.legal) == 1 else "These work now"
        return f"{quoted(error.value)} is not a space. {which}: {named}{more} (the list offers them)."
    if isinstance(error.transformer, HexTransformer):
        return f"{quoted(error.value)} is not a space: spaces are A1 … H5 (pick one from the list)."
    if isinstance(error.transformer, FiguresTransformer):
        return f"{quoted(error.value)} is not a number of figures: write a number of workers or `leader`."
    if isinstance(error.transformer, TextTransformer):
        return f"{quoted(error.value)} is not {error.transformer.what}."
    return f"{quoted(error.value)} is not a valid value here."

"""Slash-command option types: a hex (``C2``) and a number of figures (``3`` or ``leader``).

They only check the form; whether the value is legal is the engine's question, asked when the
move is applied (autocomplete is advice, and anyone can type anything).
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

import engine


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
            raise app_commands.TransformerError(value, self.type, self)
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

# Every string option has a maximum length, so Discord itself refuses a pasted wall of text.
Word = app_commands.Range[str, 1, 32]
"""A short word: a treasure kind, a seat name, a standing order (``bid up to 12``)."""
ClockTime = app_commands.Range[str, 1, 8]
"""A time of day as typed: ``22:30``, ``7``."""
ZoneName = app_commands.Range[str, 1, 64]
"""An IANA time zone (the longest is 32 characters)."""


def describe_bad_value(error: app_commands.TransformerError) -> str:
    """What an unreadable option value should have been."""
    if isinstance(error.transformer, HexTransformer):
        return f"“{error.value}” is not a space: spaces are A1 … H5 (pick one from the list)."
    if isinstance(error.transformer, FiguresTransformer):
        return f"“{error.value}” is not a number of figures: write a number of workers or `leader`."
    return f"“{error.value}” is not a valid value here."

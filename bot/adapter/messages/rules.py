"""``/tikal-game rules``: the short rules, the channel's game's variant and options, the board picture's legend."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.adapter.messages.parts import NEUTRAL
from bot.core.table.game_options import GameSetup, explain
from bot.core.words.help import OPTIONS_OVERVIEW, RULES, rules_for
from engine.messages import ENGLISH, Speaker


def rules_embed(legend: Sequence[str] = (), setup: GameSetup | None = None, t: Speaker = ENGLISH) -> discord.Embed:
    """The short rules, with the board picture's legend (``render.legend_lines()``) at the end; ``setup``: the
    variant and options of the channel's game, each explained in two lines (and only the rules of its variant: a
    Rápido game has no basic turn)."""
    embed = discord.Embed(title=t.tr("fmt.rules_title", "Tikal — the short rules"), colour=NEUTRAL,
                          description=t.tr("fmt.rules_head", "Every option is autocompleted with what is legal now, "
                                                             "cost included."))
    for name, value in (rules_for(setup.variant) if setup is not None else RULES):
        embed.add_field(name=t.message(name), value=t.message(value), inline=False)
    chosen = explain(setup) if setup is not None else []
    for name, value in chosen:
        embed.add_field(name=t.tr("fmt.this_game", "This game: {name}", name=t.message(name)), value=t.message(value),
                        inline=False)
    if not chosen:
        embed.add_field(name=t.message(OPTIONS_OVERVIEW[0]), value=t.message(OPTIONS_OVERVIEW[1]), inline=False)
    if legend:
        embed.add_field(name=t.tr("fmt.reading", "Reading the board picture"),
                        value="\n".join(f"• {line}" for line in legend)[:1024], inline=False)
    return embed

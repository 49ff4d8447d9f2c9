"""Every autocomplete of the slash commands: the options of a move from the member's legal moves (worded by
``bot.core.table.autocomplete``), the hexes to zoom on, the server's games, a game's seats, time zones and
standing orders."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.adapter.speech import reader
from bot.core.clocks.members import Members
from bot.core.storage.rows import Status
from bot.core.storage.seats import is_absent_member
from bot.core.table.autocomplete import jump_choices, option_choices, zoom_choices
from bot.core.words.labels import square
from engine import EngineError

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

MAX: int = 25


def _bot(interaction: discord.Interaction) -> TikalBot:
    return interaction.client  # type: ignore[return-value]


Completer = Callable[[discord.Interaction, str], Coroutine[Any, Any, Any]]


def legal(verb: str, option: str) -> Completer:
    """Autocomplete ``option`` of ``/tikal <verb>`` from the member's legal moves (none if not their turn)."""

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[Any]]:
        bot = _bot(interaction)
        try:
            guild, here = bot.table.guild_id(interaction), bot.table.here(interaction)
            view, entries = await bot.core.turns.view_and_moves(guild, here, interaction.user.id)
        except EngineError:
            return []
        options = option_choices(view, entries, verb, option, dict(iter(interaction.namespace)), str(current or ""),
                                 t=reader(interaction))
        return [app_commands.Choice(name=o.label, value=o.value) for o in options]

    return complete


async def complete_jump(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """``/tikal jump chips``: 1 … the most the member may take now (the one they chose marked, for them only)."""
    bot = _bot(interaction)
    try:
        guild, here = bot.table.guild_id(interaction), bot.table.here(interaction)
        most, own = await bot.core.jumps.jump_chips(guild, here, interaction.user.id)
    except EngineError:
        return []
    options = jump_choices(most, own, str(current or ""), t=reader(interaction))
    return [app_commands.Choice(name=o.label, value=int(o.value)) for o in options]


async def complete_zoom(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    bot = _bot(interaction)
    """The explored hexes, for ``/tikal board zoom``."""
    try:
        view = await bot.core.games.view(bot.table.guild_id(interaction), bot.table.here(interaction))
    except EngineError:
        return []
    options = zoom_choices(view, current or "", t=reader(interaction))
    return [app_commands.Choice(name=o.label, value=str(o.value)) for o in options]


async def complete_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The server's games, running and open first, then the latest ended: ``#12 · running · Ana, Ben``."""
    bot = _bot(interaction)
    if interaction.guild_id is None:
        return []
    games = await bot.core.history.games(interaction.guild_id)
    typed = str(current or "").strip().lstrip("#").lower()
    found = []
    for g in (*reversed(games.active), *games.recent):
        names = ", ".join(s.name or s.display_name for s in g.seats)
        label = f"#{g.id} · {g.status.value} · {g.variant} · {names}"
        if not typed or str(g.id).startswith(typed) or typed in label.lower():
            found.append(app_commands.Choice(name=label[:100], value=g.id))
    return found[:MAX]


async def complete_seat(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The seats of the game named by the ``game`` option (or the channel's): ``🟦 Ana``, value the seat name."""
    bot = _bot(interaction)
    game_id = getattr(interaction.namespace, "game", None)
    try:
        game = await bot.table.game_or_latest(interaction, int(game_id) if game_id else None)
    except (EngineError, ValueError):
        return []
    typed = str(current or "").strip().lower()
    found = []
    for s in game.seats:
        if s.seat is None or s.name is None or game.status is not Status.RUNNING:
            continue
        label = f"{square(s.seat)} {s.name}" + (" (played by the bot)" if is_absent_member(s.member_id) else "")
        if not typed or typed in label.lower():
            found.append(app_commands.Choice(name=label[:100], value=s.name))
    return found[:MAX]


async def complete_zone(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """IANA time zones matching what was typed (``berl`` → ``Europe/Berlin``)."""
    return [app_commands.Choice(name=z, value=z) for z in Members.zone_choices(str(current or ""), MAX)]


async def complete_order(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """``pass``, ``bid up to N`` for what the member could bid (their score), and ``cancel``."""
    bot = _bot(interaction)
    options = ["pass"]
    try:
        game = await bot.table.game_or_latest(interaction)
        view = await bot.core.games.view(game.guild_id, game.id)
        me = game.seat_of(interaction.user.id)
        if me is not None and me.seat is not None:
            score = view.players[me.seat].score
            options += [f"bid up to {n}" for n in range(1, min(score, 40) + 1)]
    except EngineError:
        pass
    options.append("cancel")
    typed = str(current or "").strip().lower()
    found = [o for o in options if not typed or typed in o or o.endswith(f" {typed}")]
    if typed.isdigit() and f"bid up to {typed}" not in found:
        found.insert(0, f"bid up to {typed}")
    return [app_commands.Choice(name=o, value=o) for o in found[:MAX]]

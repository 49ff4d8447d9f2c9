"""The players' commands of games that live for days: settings, resign, standing orders, the server's games,
history and export (statistics and ratings: ``bot.adapter.rankings``). Every answer is private (UX.md);
refusals raise ``EngineError`` before anything is answered, so the tree's handler can still answer privately.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord

from bot.adapter import overviews
from bot.adapter.replies import reply
from bot.adapter.ui import history_view, resign_view
from bot.core.errors import BadOption
from bot.core.history import GuildGames
from bot.core.storage import Status

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def settings(bot: TikalBot, interaction: discord.Interaction, *, delivery: str | None, time_zone: str | None,
                   quiet_from: str | None, quiet_to: str | None, quiet_off: bool, forget: bool) -> None:
    members = bot.core.members
    user = interaction.user.id
    if forget:
        gone = await members.forget(user)
        await reply(interaction, "Done: your reminder settings are deleted; you get channel pings and no quiet "
                                 "hours." if gone else "There was nothing stored about your settings.")
        return
    if (quiet_from is None) != (quiet_to is None):
        raise BadOption("Quiet hours need both `quiet_from` and `quiet_to` (e.g. 22:00 and 7:30).")
    changing = any(v is not None for v in (delivery, time_zone, quiet_from)) or quiet_off
    if not changing:
        current = await members.get(user)
        await reply(interaction, embed=overviews.settings_embed(current, changed=False))
        return
    quiet = (quiet_from, quiet_to) if quiet_from is not None and quiet_to is not None else None
    saved = await members.update(user, delivery=delivery, time_zone=time_zone, quiet=quiet, clear_quiet=quiet_off)
    await reply(interaction, embed=overviews.settings_embed(saved, changed=True))


async def resign(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """Ask first: resigning cannot be undone (the button does it)."""
    game = await bot.table.game_or_latest(interaction, game_id)
    me = game.seat_of(interaction.user.id)
    if me is None or me.seat is None or game.status is not Status.RUNNING:
        raise BadOption(f"You are not playing in a running game #{game.id}.")
    await reply(interaction, f"Resign from game #{game.id}? The bot plays your seat to the end (it keeps its "
                             "figures and score); this cannot be undone.", view=resign_view(game.id))


async def order(bot: TikalBot, interaction: discord.Interaction, text: str, game_id: int | None) -> None:
    orders = bot.core.orders
    game = await bot.table.game_or_latest(interaction, game_id)
    if text.strip().lower() in ("cancel", "none", "off"):
        gone = await orders.cancel(game.guild_id, game.id, interaction.user.id)
        await reply(interaction, "Your standing order is cancelled." if gone else "You had no standing order.")
        return
    left, moved = await orders.leave(game.guild_id, game.id, interaction.user.id, text)
    now = " It was your bid, so it is played now." if moved is not None else \
        " The bot plays it when your bid is due."
    await reply(interaction, f"🔨 Standing order for round {left.round} of game #{game.id}: **{left.text}**.{now} "
                             "`/tikal-game order cancel` takes it back.")
    if moved is not None:
        await bot.table.sync(game.guild_id, game.id)


async def games(bot: TikalBot, interaction: discord.Interaction, only_mine: bool) -> None:
    guild = bot.table.guild_id(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a server with many games takes a moment
    listed = GuildGames((), ()) if only_mine else await bot.core.history.games(guild)
    mine = await bot.core.moderation.my_games(guild, interaction.user.id)
    await reply(interaction, embed=overviews.games_embed(listed, mine, only_mine=only_mine))


async def history(bot: TikalBot, interaction: discord.Interaction, page: int | None, game_id: int | None) -> None:
    game = await bot.table.game_or_latest(interaction, game_id)
    shown = await bot.core.history.history(game.guild_id, game.id, page)
    await reply(interaction, embed=overviews.history_embed(shown), view=history_view(shown))


async def export(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    game = await bot.table.game_or_latest(interaction, game_id)
    done = await bot.core.history.export(game.guild_id, game.id)
    data = json.dumps(done.data, indent=1).encode()
    file = discord.File(io.BytesIO(data), filename=done.filename,
                        description="The game record" if done.complete else "The public log of moves")
    text = (f"The full record of game #{game.id} (seed and both orders): `python -m engine replay` replays it."
            if done.complete else
            f"The public log of game #{game.id} so far: who played what and when. It reveals nothing hidden and "
            "does not replay; the full record comes when the game is over.")
    await reply(interaction, text, files=[file])


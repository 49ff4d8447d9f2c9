"""The players' commands of games that live for days: how they are told, settings, resign, standing orders, the
server's games,
history and export (statistics and ratings: ``bot.adapter.rankings``). Every answer is private (docs/channel.md,
principle 1); refusals raise ``EngineError`` before anything is answered, so the tree's handler can still answer
privately.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord

from bot.adapter.messages import overviews
from bot.adapter.replies import reply
from bot.adapter.speech import reader
from bot.adapter.ui import history_view, resign_view
from bot.core.league.history import GuildGames
from bot.core.storage.rows import Status
from bot.core.words.errors import BadOption
from bot.core.words.texts import tr

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


async def notify(bot: TikalBot, interaction: discord.Interaction, how: str | None) -> None:
    """How the member is told that a game waits for them (``channel``, ``dm``, ``both``): the wait's message and its
    reminders alike; no option shows it."""
    members = bot.core.members
    user = interaction.user.id
    t = reader(interaction)
    settings = await members.get(user) if how is None else await members.update(user, delivery=how)
    await reply(interaction, overviews.notify_text(settings.delivery, t, changed=how is not None))


async def settings(bot: TikalBot, interaction: discord.Interaction, *, time_zone: str | None,
                   quiet_from: str | None, quiet_to: str | None, quiet_off: bool, forget: bool) -> None:
    members = bot.core.members
    user = interaction.user.id
    t = reader(interaction)
    if forget:
        gone = await members.forget(user)
        bot.core.languages.forget_member(user)
        await reply(interaction, t.tr("settings.forgotten", "Done: your reminder settings are deleted; you get channel "
                                                            "pings and no quiet hours.") if gone else
                    t.tr("settings.nothing", "There was nothing stored about your settings."))
        return
    if (quiet_from is None) != (quiet_to is None):
        raise BadOption(tr("settings.quiet_both", "Quiet hours need both `quiet_from` and `quiet_to` (e.g. 22:00 and "
                                                  "7:30)."))
    changing = any(v is not None for v in (time_zone, quiet_from)) or quiet_off
    if not changing:
        current = await members.get(user)
        await reply(interaction, embed=overviews.settings_embed(current, t, changed=False))
        return
    quiet = (quiet_from, quiet_to) if quiet_from is not None and quiet_to is not None else None
    saved = await members.update(user, time_zone=time_zone, quiet=quiet, clear_quiet=quiet_off)
    await reply(interaction, embed=overviews.settings_embed(saved, t, changed=True))


async def resign(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """Ask first: resigning cannot be undone (the button does it)."""
    game = await bot.table.game_or_latest(interaction, game_id)
    me = game.seat_of(interaction.user.id)
    if me is None or me.seat is None or game.status is not Status.RUNNING:
        raise BadOption(tr("resign.not_playing", "You are not playing in a running game #{game}.", game=game.id))
    t = reader(interaction)
    await reply(interaction, t.tr("resign.ask", "Resign from game #{game}? The bot plays your seat to the end (it "
                                                "keeps its figures and score); this cannot be undone.", game=game.id),
                view=resign_view(game.id, t))


async def order(bot: TikalBot, interaction: discord.Interaction, text: str, game_id: int | None) -> None:
    orders = bot.core.orders
    t = reader(interaction)
    game = await bot.table.game_or_latest(interaction, game_id)
    if text.strip().lower() in ("cancel", "none", "off"):
        gone = await orders.cancel(game.guild_id, game.id, interaction.user.id)
        await reply(interaction, t.tr("order.cancelled", "Your standing order is cancelled.") if gone else
                    t.tr("order.none", "You had no standing order."))
        return
    await bot.table.standing_order(interaction, text, game.id)


async def games(bot: TikalBot, interaction: discord.Interaction, only_mine: bool) -> None:
    guild = bot.table.guild_id(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a server with many games takes a moment
    listed = GuildGames((), ()) if only_mine else await bot.core.history.games(guild)
    mine = await bot.core.moderation.my_games(guild, interaction.user.id)
    await reply(interaction, embed=overviews.games_embed(listed, mine, reader(interaction), only_mine=only_mine))


async def history(bot: TikalBot, interaction: discord.Interaction, page: int | None, game_id: int | None) -> None:
    game = await bot.table.game_or_latest(interaction, game_id)
    shown = await bot.core.history.history(game.guild_id, game.id, page)
    t = reader(interaction)
    await reply(interaction, embed=overviews.history_embed(shown, t), view=history_view(shown, t))


async def export(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    game = await bot.table.game_or_latest(interaction, game_id)
    done = await bot.core.history.export(game.guild_id, game.id)
    t = reader(interaction)
    data = json.dumps(done.data, indent=1).encode()
    file = discord.File(io.BytesIO(data), filename=done.filename,
                        description=t.tr("export.record_alt", "The game record") if done.complete else
                        t.tr("export.log_alt", "The public log of moves"))
    text = (t.tr("export.record", "The full record of game #{game} (seed and both orders): `python -m engine "
                                  "replay` replays it.", game=game.id)
            if done.complete else
            t.tr("export.log", "The public log of game #{game} so far: who played what and when. It reveals nothing "
                               "hidden and does not replay; the full record comes when the game is over.",
                 game=game.id))
    await reply(interaction, text, files=[file])


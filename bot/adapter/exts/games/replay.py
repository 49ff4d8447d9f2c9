"""``/tikal-game replay`` (issue 16): a finished game's whole animated replay, or a running or stopped game's so
far, drawn from what everyone sees (``bot.core.replays``); privately, like every answer."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.adapter.replays import TIMEOUT, gif_file, upload_limit
from bot.adapter.replies import reply
from bot.core import replays
from bot.core.errors import WrongStatus

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

log = logging.getLogger(__name__)


async def replay(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """``/tikal-game replay``: a finished game's whole replay, or a running or stopped game's public part so far;
    private, like every answer."""
    game = await bot.table.game_or_latest(interaction, game_id)
    svc = bot.core.service
    if game.started_at is None:
        raise WrongStatus(f"Game #{game.id} has not started yet: there is nothing to replay.")
    bot.table.cooldowns.check("replay", interaction.user.id)
    record = await replays.finished_record(svc, game.guild_id, game.id)
    frames = None if record is not None else await replays.public_frames(svc, game.guild_id, game.id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a whole game takes a second or more
    try:
        if record is not None:
            gif = await bot.core.pool.run(replays.gif_of_record, record, timeout=TIMEOUT)
        else:
            gif = await bot.core.pool.run(replays.gif_of_frames, frames, timeout=TIMEOUT)
    except Exception:
        log.warning("the replay of game %s could not be drawn", game.id, exc_info=True)
        await reply(interaction, "The replay could not be drawn just now; try again in a minute.")
        return
    limit = upload_limit(interaction.guild)
    if len(gif) > limit:
        await reply(interaction, f"The replay of game #{game.id} is {len(gif) / 1e6:.1f} MB, over the "
                                 f"{limit / 1e6:.0f} MB I may attach in this server.")
        return
    what = ("The whole game, turn by turn." if record is not None else
            "The game so far, as everyone sees it (nothing hidden), turn by turn.")
    await reply(interaction, f"🎞️ Replay of game #{game.id}: {what}", files=[gif_file(gif, game.id)])

"""``/tikal-game replay`` (issue 16): a finished game's whole animated replay, or a running or stopped game's so
far, drawn from what everyone sees (``bot.core.replays``) in the worker pool; privately, like every answer."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.adapter.replays import TIMEOUT, gif_file, upload_limit
from bot.adapter.replies import reply
from bot.core.replays import replay_source
from render import replay_frames
from render.replay_jobs import gif_of_frames, gif_of_record

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

log = logging.getLogger(__name__)


async def replay(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """``/tikal-game replay``: a finished game's whole replay, or a running or stopped game's public part so far;
    private, like every answer."""
    game = await bot.table.game_or_latest(interaction, game_id)
    source = await replay_source(bot.core.service, game.guild_id, game.id)
    bot.table.cooldowns.check("replay", interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a whole game takes a second or more
    try:
        if source.public:
            gif = await bot.core.pool.run(gif_of_record, source.record, timeout=TIMEOUT)
        else:  # the record stays here; the worker gets what everyone sees
            frames = await asyncio.to_thread(replay_frames, source.record)
            gif = await bot.core.pool.run(gif_of_frames, frames, timeout=TIMEOUT)
    except Exception:
        log.warning("the replay of game %s could not be drawn", game.id, exc_info=True)
        await reply(interaction, "The replay could not be drawn just now; try again in a minute.")
        return
    limit = upload_limit(interaction.guild)
    if len(gif) > limit:
        await reply(interaction, f"The replay of game #{game.id} is {len(gif) / 1e6:.1f} MB, over the "
                                 f"{limit / 1e6:.0f} MB I may attach in this server.")
        return
    what = ("The whole game, turn by turn." if source.public else
            "The game so far, as everyone sees it (nothing hidden), turn by turn.")
    await reply(interaction, f"🎞️ Replay of game #{game.id}: {what}", files=[gif_file(gif, game.id)])

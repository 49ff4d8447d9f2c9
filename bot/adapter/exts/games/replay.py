"""``/tikal-game replay`` (issue 16): a finished game's whole animated replay, or a running or stopped game's so
far, drawn from what everyone sees (``bot.core.replays``) in the worker pool; privately, like every answer."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.adapter.replays import TIMEOUT, gif_file, upload_limit
from bot.adapter.replies import reply
from bot.adapter.speech import reader
from bot.core.replays import replay_source
from render import replay_frames
from render.replay_jobs import gif_of_frames, gif_of_record

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

log = logging.getLogger(__name__)


async def replay(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """``/tikal-game replay``: a finished game's whole replay, or a running or stopped game's public part so far;
    private, like every answer, and in the member's language (the frames' captions too)."""
    game = await bot.table.game_or_latest(interaction, game_id)
    source = await replay_source(bot.core.service, game.guild_id, game.id)
    bot.table.cooldowns.check("replay", interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a whole game takes a second or more
    t = reader(interaction)
    try:
        if source.public:
            gif = await bot.core.pool.run(gif_of_record, source.record, t.locale, timeout=TIMEOUT)
        else:  # the record stays here; the worker gets what everyone sees
            frames = await asyncio.to_thread(replay_frames, source.record)
            gif = await bot.core.pool.run(gif_of_frames, frames, t.locale, timeout=TIMEOUT)
    except Exception:
        log.warning("the replay of game %s could not be drawn", game.id, exc_info=True)
        await reply(interaction, t.tr("replay.failed", "The replay could not be drawn just now; try again in a "
                                                       "minute."))
        return
    limit = upload_limit(interaction.guild)
    if len(gif) > limit:
        await reply(interaction, t.tr("replay.too_large", "The replay of game #{game} is {size} MB, over the {limit} "
                                                          "MB I may attach in this server.", game=game.id,
                                      size=f"{len(gif) / 1e6:.1f}", limit=f"{limit / 1e6:.0f}"))
        return
    text = t.tr("replay.whole", "🎞️ Replay of game #{game}: the whole game, turn by turn.", game=game.id) \
        if source.public else \
        t.tr("replay.so_far", "🎞️ Replay of game #{game}: the game so far, as everyone sees it (nothing hidden), turn "
                              "by turn.", game=game.id)
    await reply(interaction, text, files=[gif_file(gif, game.id, t)])

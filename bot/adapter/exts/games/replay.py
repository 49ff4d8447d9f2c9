"""``/tikal-game replay``: a finished game's whole animated replay, or a running or stopped game's so
far, drawn from what everyone sees (``bot.core.league.replays``) in the worker pool; privately, like every answer.

A GIF over the server's upload limit, or one Discord refuses as too large (413: the limit is lower than discord.py
knows), is drawn again smaller; when even the smallest does not fit, the answer is what the end post gives then: a
finished game's record and a sentence."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final

import discord

from bot.adapter.replays import TIMEOUT, gif_file, record_file, upload_limit
from bot.adapter.replies import reply
from bot.adapter.send_failures import too_large
from bot.adapter.speech import reader
from bot.core.league.replays import replay_source
from engine.messages import Speaker
from render import replay_frames
from render.channel import WIDTH
from render.replay import gif_width, narrower
from render.replay_jobs import gif_of_frames, gif_of_record

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

log = logging.getLogger(__name__)

SMALLER: Final = 2
"""How many times a GIF too large is drawn again, each time at most half the size of the last."""


async def replay(bot: TikalBot, interaction: discord.Interaction, game_id: int | None) -> None:
    """``/tikal-game replay``: a finished game's whole replay, or a running or stopped game's public part so far;
    private, like every answer, and in the member's language (the frames' captions too)."""
    game = await bot.table.game_or_latest(interaction, game_id)
    source = await replay_source(bot.core.games, game.guild_id, game.id)
    bot.table.cooldowns.check("replay", interaction.user.id)
    await interaction.response.defer(ephemeral=True, thinking=True)  # a whole game takes a second or more
    t = reader(interaction)
    frames = None if source.public else await asyncio.to_thread(replay_frames, source.record)

    async def draw(most: int, too_large: bytes | None) -> bytes:
        width = WIDTH if too_large is None else narrower(gif_width(too_large), len(too_large), most)
        if frames is None:
            return await bot.core.pool.run(gif_of_record, source.record, t.locale, most, width, timeout=TIMEOUT)
        return await bot.core.pool.run(gif_of_frames, frames, t.locale, most, width, timeout=TIMEOUT)  # nothing hidden

    text = t.tr("replay.whole", "🎞️ Replay of game #{game}: the whole game, turn by turn.", game=game.id) \
        if source.public else \
        t.tr("replay.so_far", "🎞️ Replay of game #{game}: the game so far, as everyone sees it (nothing hidden), turn "
                              "by turn.", game=game.id)

    async def send(gif: bytes) -> None:
        await reply(interaction, text, files=[gif_file(gif, game.id, t)])

    try:
        sent = await send_fitting(send, draw, upload_limit(interaction.guild), game.id)
    except Exception:
        log.warning("the replay of game %s could not be drawn", game.id, exc_info=True)
        await reply(interaction, t.tr("replay.failed", "The replay could not be drawn just now; try again in a "
                                                       "minute."))
        return
    if not sent:
        answer, files = too_large_answer(game.id, source.record if source.public else None, t)
        await reply(interaction, answer, files=files)


async def send_fitting(send: Callable[[bytes], Awaitable[None]],
                       draw: Callable[[int, bytes | None], Awaitable[bytes]], limit: int, game_id: int) -> bool:
    """Draw the GIF to fit ``limit`` and send it; when it is over the limit or Discord refuses it as too large,
    draw it again at most half as large (narrower, starting from the GIF too large: ``draw(most, too_large)``),
    ``SMALLER`` times at most. False when none could be sent."""
    gif = await draw(limit, None)
    for tried in range(SMALLER + 1):
        if len(gif) <= limit:
            try:
                await send(gif)
                return True
            except discord.HTTPException as error:
                if not too_large(error):
                    raise
                log.info("game %s: Discord refused a replay of %d bytes as too large", game_id, len(gif))
        if tried == SMALLER:
            break
        smaller = await draw(min(limit, len(gif)) // 2, gif)
        if len(smaller) >= len(gif):  # already as narrow as a replay is drawn
            return False
        gif, limit = smaller, min(limit, len(gif) - 1)
    return False


def too_large_answer(game_id: int, record: dict[str, object] | None, t: Speaker) -> tuple[str, list[discord.File]]:
    """What the end post gives when its GIF does not fit: the record (a finished game's) and a sentence."""
    if record is None:
        return t.tr("replay.too_large_so_far", "🎞️ The replay of game #{game} is too large for this server even "
                                               "drawn smaller; its record comes with the result when the game ends.",
                    game=game_id), []
    return t.tr("replay.too_large_record", "🎞️ The replay of game #{game} is too large for this server even drawn "
                                           "smaller; here is the game's record instead.", game=game_id), \
        [record_file(record, game_id, t)]

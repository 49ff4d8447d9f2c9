"""The animated replay in Discord: attached to the end-of-game post (``/tikal-game replay``:
``bot.adapter.exts.games.replay``).

Every GIF is drawn in the worker pool (``bot.core.table.cpu_pool``), never in the event loop and never under a game's
lock. The end-of-game post is an outbox post like any other: its GIF is drawn when the post is sent (again after
a crash or a failed try), from the record the post carries. A GIF that cannot be drawn (the pool failed or took
too long) or is over the server's upload limit is left out, and the post goes without it (``notices``); the
replay command draws it again on demand.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

import discord

from bot.core.table.cpu_pool import CpuPool
from bot.core.table.posts import PostKind
from bot.core.table.results import Post
from engine.messages import ENGLISH, Speaker
from render.replay import DISCORD_SAFE_BYTES
from render.replay_jobs import gif_of_record

log = logging.getLogger(__name__)

TIMEOUT: Final = 300.0
"""Seconds a whole game's GIF may take in a worker (about 1–3 s on a quiet core)."""
ALONGSIDE: Final = 2_000_000
"""Room left in the upload limit for what goes with the GIF (the board's PNG and the record)."""


def upload_limit(guild: discord.Guild | None) -> int:
    """The largest GIF the bot attaches in ``guild``: its upload limit (10 MB, more with boosts) less room for what
    goes with it, and at most the 8 MB a replay is drawn for."""
    limit = guild.filesize_limit if guild is not None else discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
    return min(DISCORD_SAFE_BYTES, limit - ALONGSIDE)


def gif_file(gif: bytes, game_id: int, t: Speaker = ENGLISH) -> discord.File:
    return discord.File(io.BytesIO(gif), filename=f"tikal-game-{game_id}.gif",
                        description=t.tr("replay.alt", "The animated replay of the game, turn by turn"))


def record_name(game_id: int) -> str:
    """The record's file name: it also marks the end post in the channel (``notices.post_marker``)."""
    return f"tikal-game-{game_id}.json"


def record_file(record: Mapping[str, Any], game_id: int, t: Speaker = ENGLISH) -> discord.File:
    """A game's record (rules.md §6) as a JSON attachment: the end post's, and the replay's when no GIF fits."""
    return discord.File(io.BytesIO(json.dumps(record, indent=1).encode()), filename=record_name(game_id),
                        description=t.tr("notice.record_alt", "The game record: every move, to replay or study the "
                                                              "game"))


async def _english(guild_id: int) -> str:
    return "en"


class Animations:
    """The GIFs of end-of-game posts: one job per post, started before the post is sent (``prepare``), so the
    outbox waits for it without holding its place's lock, and taken by the post's composer (``attachment``). Its
    captions are in the language of the server's channels (``language``: a guild's locale)."""

    def __init__(self, pool: CpuPool, *, timeout: float = TIMEOUT,
                 language: Callable[[int], Awaitable[str]] = _english) -> None:
        self.pool = pool
        self.timeout = timeout
        self.language = language
        self._jobs: dict[int, asyncio.Task[bytes | None]] = {}

    def _job(self, post: Post) -> asyncio.Task[bytes | None]:
        job = self._jobs.get(post.id)
        if job is None:
            # Background work of the post: whoever sends the post awaits it, nobody else waits for it.
            job = asyncio.create_task(self._draw(post), name=f"tikal-background-replay-post-{post.id}")
            self._jobs[post.id] = job
        return job

    async def _draw(self, post: Post) -> bytes | None:
        try:
            locale = await self.language(post.guild_id)
            return await self.pool.run(gif_of_record, post.payload["record"], locale, timeout=self.timeout)
        except Exception:  # the post goes out without it; the replay command can draw it later
            log.warning("the animated replay of game %s (post %s) could not be drawn", post.game_id, post.id,
                        exc_info=True)
            return None

    async def prepare(self, posts: Sequence[Post]) -> None:
        """Draw the GIFs of the end-of-game posts among ``posts`` (and wait for them)."""
        jobs = [self._job(p) for p in posts if p.kind == PostKind.FINISHED]
        if jobs:
            await asyncio.gather(*jobs)

    async def attachment(self, post: Post, guild: discord.Guild | None, t: Speaker = ENGLISH) -> discord.File | None:
        """The GIF of an end-of-game post as a file (its description in ``t``'s language), or None if it could not
        be drawn or is over the limit."""
        job = self._job(post)
        try:
            gif = await job
        finally:
            self._jobs.pop(post.id, None)
        if gif is None:
            return None
        limit = upload_limit(guild)
        if len(gif) > limit:
            log.warning("the animated replay of game %s is %d bytes, over the %d allowed: the post goes without it",
                        post.game_id, len(gif), limit)
            return None
        return gif_file(gif, post.game_id, t)


__all__ = ["TIMEOUT", "Animations", "gif_file", "record_file", "upload_limit"]

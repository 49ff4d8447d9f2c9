"""The outbox sender: delivers the posts committed with the moves, exactly once as far as Discord can tell.

Every post carries the nonce stored with it and asks Discord to enforce it, so a post that reached
Discord just before a crash (sent, but not yet marked sent) is not duplicated when it is sent again
after the restart. Posts of one game go out in order: a failure holds back that game's later posts
until the next round (every ``RETRY_SECONDS``); a post that keeps failing is given up after
``MAX_ATTEMPTS``, and one whose channel is gone at once.

A command hands the posts it committed straight to ``send`` (no read of the queue); the background
worker sends whatever is left: posts held back by a failure, and after a restart what a crash left.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Final

import discord

from bot.adapter.notices import COMPOSERS, Context, Outgoing
from bot.adapter.replies import mentions
from bot.core.assembly import Core
from bot.core.posts import PostKind
from bot.core.results import Post
from engine import GameView

log = logging.getLogger(__name__)

MAX_ATTEMPTS: Final = 8
RETRY_SECONDS: Final = 30.0
BATCH: Final = 100

CatchUp = Callable[[int, int], Awaitable[None]]
"""Brings a game's channel up to date (the table's ``sync``), after a held-back post finally went out."""


class UnknownKind(Exception):
    """A post kind the adapter has no message for."""


class Outbox:
    """Sends queued posts; ``run`` is the background worker that also resumes every game after a restart."""

    def __init__(self, client: discord.Client, core: Core) -> None:
        self.client = client
        self.core = core
        self.catch_up: CatchUp | None = None
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._held: set[int] = set()
        """Games with a post that failed: their later posts wait for the worker, to keep the order."""
        self.resumed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    # --- the worker ---------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None or self._task.done():
            self.resumed.clear()
            self._task = asyncio.create_task(self.run(), name="tikal-background-outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        try:
            await self.resume()
        except Exception:
            log.exception("resuming the games after the start failed")
        finally:
            self.resumed.set()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=RETRY_SECONDS)
            self._wake.clear()
            try:
                # A retried post may end a turn whose live message could not be posted then: catch up.
                for guild_id, game_id in await self._flush():
                    if self.catch_up is not None:
                        await self.catch_up(guild_id, game_id)
            except Exception:
                log.exception("the outbox round failed")

    async def resume(self) -> None:
        """After a start: send what a crash left unsent, and give every running game its live message."""
        svc = self.core.service
        pending = {(p.guild_id, p.game_id) for p in await svc.pending_posts(BATCH)}
        await self.flush()
        for guild_id, game_id in await svc.running_games():
            game = await svc.game(guild_id, game_id)
            if self.catch_up is not None and (game.turn_message_id is None or (guild_id, game_id) in pending):
                await self.catch_up(guild_id, game_id)

    # --- sending ------------------------------------------------------------------------------

    async def send(self, posts: Sequence[Post], views: Mapping[int, GameView] | None = None) -> None:
        """Send posts a command has just committed, in order; ``views``: public views by version, known to
        the caller, so that the board is not loaded again.

        Before the worker has resumed after a start, or while the game has a failed post, the whole queue
        is flushed instead, so a game's posts never overtake each other.
        """
        if not posts:
            return
        if not self.resumed.is_set() or any(p.game_id in self._held for p in posts):
            await self.flush()
            return
        async with self._lock:
            for post in posts:
                if post.game_id not in self._held:  # else it waits for the worker's next round
                    await self._deliver(post, views or {})

    async def flush(self) -> int:
        """Send every pending post (oldest first); return how many went out."""
        return len(await self._flush(count=True))

    async def _flush(self, *, count: bool = False) -> list[tuple[int, int]]:
        """Send every pending post; return the ``(guild, game)`` of each post sent (one entry per game
        unless ``count``)."""
        sent: list[tuple[int, int]] = []
        async with self._lock:
            self._held.clear()
            for post in await self.core.service.pending_posts(BATCH):
                if post.game_id in self._held:
                    continue
                if await self._deliver(post, {}) and (count or (post.guild_id, post.game_id) not in sent):
                    sent.append((post.guild_id, post.game_id))
        return sent

    async def _deliver(self, post: Post, views: Mapping[int, GameView]) -> bool:
        """Send one post and record it; False if it failed and holds back its game's later posts."""
        svc = self.core.service
        try:
            message_id = await self._send(post, views)
        except UnknownKind:
            # A kind this adapter cannot show yet: skipped rather than holding back the game's posts.
            log.warning("post %s of game %s has a kind this bot cannot show: %s", post.id, post.game_id, post.kind)
            await svc.mark_sent(post.id, None)
            return False
        except Exception as error:  # Discord refused, or the post could not be composed
            status = error.status if isinstance(error, discord.HTTPException) else None
            detail = f"{status} {error.text}" if isinstance(error, discord.HTTPException) else repr(error)
            await svc.mark_failed(post.id, detail)
            if status == 404 or post.attempts + 1 >= MAX_ATTEMPTS:
                # The channel is gone, or Discord keeps refusing: give the post up so it does not
                # hold back the queue forever (the row keeps its last error).
                log.error("giving up post %s of game %s: %s", post.id, post.game_id, error)
                await svc.mark_sent(post.id, None)
                return False
            log.warning("post %s of game %s failed, will retry: %s", post.id, post.game_id, error)
            self._held.add(post.game_id)
            return False
        await svc.mark_sent(post.id, message_id)
        return True

    async def _send(self, post: Post, views: Mapping[int, GameView]) -> int:
        svc = self.core.service
        try:
            kind = PostKind(post.kind)
        except ValueError:
            raise UnknownKind(post.kind) from None
        game = await svc.game(post.guild_id, post.game_id)

        async def view() -> GameView:
            known = views.get(post.version)
            return known if known is not None else await svc.view_at(game.guild_id, game.id, post.version)

        async def siblings() -> list[Post]:
            return [p for p in await svc.posts_of(post.guild_id, post.game_id) if p.version == post.version]

        guild = self.client.get_guild(game.guild_id)
        out = await COMPOSERS[kind](Context(game, post, guild.name if guild is not None else None, view, siblings))
        return await self._post(post, out)

    async def _post(self, post: Post, out: Outgoing) -> int:
        if out.dm and out.member is not None:
            try:
                dm = await self.client.create_dm(discord.Object(id=out.member))
                message = await dm.send(out.content, allowed_mentions=discord.AllowedMentions.none(),
                                        nonce=post.nonce)
                return message.id
            except discord.Forbidden:  # DMs closed (or no shared server): the channel, with a ping
                log.info("member %s takes no DMs: reminder of game %s goes to the channel", out.member, post.game_id)
                out.content, out.dm = out.fallback, False
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions(out.member, role=out.role), "nonce": post.nonce}
        if out.embed is not None:
            kwargs["embed"] = out.embed
        if out.files:
            kwargs["files"] = out.files
        if out.reply_to is not None:
            kwargs["reference"] = discord.MessageReference(
                message_id=out.reply_to, channel_id=post.channel_id, guild_id=post.guild_id, fail_if_not_exists=False)
        message = await channel.send(out.content or None, **kwargs)
        return message.id

"""The post queue: the posts waiting in the outbox, each written in the transaction of what caused it, as the
adapter's sender works through them — claimed (when processes share the database), marked sent, tried again
later, given up with one notice for the moderators, queued again by a moderator — and the wait's message queued
once more when a game has none."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.outbox.mod_notices import queue_for_moderators
from bot.core.storage.rows import Status
from bot.core.table.posts import DeliveryFailed, NewPost, PostKind, stamp_deadline
from bot.core.table.results import Post
from bot.core.table.store import GameStore
from bot.core.table.waits import LATEST, next_wait
from bot.core.words.texts import stored
from engine.messages import Msg


class PostQueue:
    """The outbox of every guild this process serves (``GameStore`` underneath)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.storage = store.storage

    async def pending_posts(self, limit: int = 50) -> list[Post]:
        """Unsent posts of this process's guilds (``shards``), oldest first (after a restart: the ones a crash
        left behind)."""
        async with self.storage.read() as r:
            return await r.outbox_pending(limit, self.store.shards)

    async def claim(self, post_ids: Sequence[int], until: float) -> set[int]:
        """Claim posts for sending until ``until`` (a lease: a sender that dies lets it run out); the ids claimed.

        Only where other processes share the database (``Storage.shared``): a post another process holds or
        has claimed is not claimed. With SQLite's one process every post is this process's, and claiming costs
        no transaction."""
        if not post_ids:
            return set()
        if not self.storage.shared:
            return set(post_ids)
        async with self.storage.transaction() as tx:
            return await tx.claim_posts(post_ids, until)

    async def release(self, post_ids: Sequence[int]) -> None:
        """Give back claimed posts that were not tried (their lease ends now)."""
        if post_ids and self.storage.shared:
            async with self.storage.transaction() as tx:
                await tx.release_posts(post_ids)

    async def latest_post(self, guild_id: int, game_id: int, kind: str, *, before: int) -> Post | None:
        """The game's last post of ``kind`` queued before the post ``before`` (what a later post continues)."""
        async with self.storage.read() as r:
            return await r.latest_post(guild_id, game_id, kind, before)

    async def posts_of(self, guild_id: int, game_id: int) -> list[Post]:
        async with self.storage.read() as r:
            return await r.outbox_of_game(guild_id, game_id)

    async def mark_sent(self, post_id: int, message_id: int | None = None) -> bool:
        """Record a post as delivered; False if it already was."""
        async with self.storage.transaction() as tx:
            return await tx.mark_sent(post_id, message_id)

    async def mark_failed(self, post_id: int, error: str, retry_at: float) -> None:
        """Count a failed try of a post; it is not tried again before ``retry_at``."""
        async with self.storage.transaction() as tx:
            await tx.mark_failed(post_id, error, retry_at)

    async def give_up(self, post: Post, reason: str | Msg) -> Post | None:
        """Give up ``post`` and its game's later unsent posts in the same channel or thread (they could not be
        delivered: ``reason``, in words for a person), and queue one ``delivery_failed`` notice for the
        moderators on their route (``bot.core.outbox.mod_notices``), never in the channel that failed unless only the
        creator's DMs are left. Returns the notice (None for a notice given up)."""
        async with self.storage.transaction() as tx:
            count = await tx.give_up(post.game_id, post.channel_id)
            row = await tx.game(post.guild_id, post.game_id)
            if row is None or count == 0 or post.kind == PostKind.DELIVERY_FAILED:
                return None
            failed = DeliveryFailed(
                game_id=row.id, channel_id=post.channel_id, count=count, since=post.first_failed_at or post.created_at,
                reason=str(reason), moderator_role_id=None)
            if isinstance(reason, Msg):
                failed["said"] = stored(reason)
            notice = NewPost(PostKind.DELIVERY_FAILED, failed)
            return await queue_for_moderators(tx, row, row.version, notice, not_in=post.channel_id)

    async def resend(self, guild_id: int, game_id: int) -> int:
        """Queue the game's given-up posts again, and try its waiting ones at once; return how many there are."""
        async with self.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            return await tx.requeue(row.id)

    async def undelivered(self, guild_id: int, game_id: int) -> list[Post]:
        """The game's posts not delivered: waiting after a failure, or given up."""
        async with self.storage.read() as r:
            return [p for p in await r.outbox_of_game(guild_id, game_id)
                    if p.sent_at is None and (p.given_up_at is not None or p.first_failed_at is not None)]

    async def announce(self, guild_id: int, game_id: int, *, again: bool = False) -> bool:
        """Queue the message of the wait under way if the game has none yet (a game from before one message per
        wait), or once more without a ping (``again``: someone deleted it); False when there is nothing to queue
        (it has one, or the bot plays the seats waited for)."""
        loaded = await self.store.load(guild_id, game_id)
        async with self.store.game_lock(loaded.row.id), self.storage.transaction() as tx:
            row = await tx.game(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.version != loaded.state.version or (
                    not again and await tx.latest_post(guild_id, game_id, PostKind.WAIT, LATEST) is not None):
                return False
            wait = await next_wait(tx, row, loaded.state, loaded.state, loaded.member_of, loaded.played_by_bot,
                                   loaded.computers, again=again)
            if wait is None:
                return False
            stamp_deadline(wait, row.deadline_at)
            await tx.add_post(row, row.version, wait)
        return True


__all__ = ["PostQueue"]

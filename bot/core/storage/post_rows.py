"""The outbox's rows: the posts queued with the moves, claimed, sent, failed, given up and queued again. Nothing here
knows what a post says: a kind and a JSON payload (``bot.core.table.posts``); ``bot.core.outbox.queue`` is the
service over these queries."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence

from bot.core.storage.connection import Queries, Statements
from bot.core.storage.rows import OUTBOX_COLUMNS, GameRow, OutboxRow, PostToQueue, outbox_row
from bot.core.storage.shards import EVERY_GUILD, Shards


class PostReads(Queries):
    """The outbox's reads."""

    async def outbox_pending(self, limit: int = 50, shards: Shards = EVERY_GUILD) -> list[OutboxRow]:
        """Unsent posts of the guilds ``shards`` owns, oldest first (for the process's one sender loop)."""
        rows = await self._all(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE sent_at IS NULL AND given_up_at IS NULL"
                               f"{shards.where()} ORDER BY id LIMIT ?", (limit,))
        return [outbox_row(r) for r in rows]

    async def outbox_of_game(self, guild_id: int, game_id: int) -> list[OutboxRow]:
        rows = await self._all(
            f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE guild_id = ? AND game_id = ? ORDER BY id", (guild_id, game_id)
        )
        return [outbox_row(r) for r in rows]

    async def latest_post(self, guild_id: int, game_id: int, kind: str, before: int) -> OutboxRow | None:
        """The game's last post of ``kind`` queued before the post ``before`` (e.g. the scoring round it continues)."""
        row = await self._one(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE guild_id = ? AND game_id = ? AND kind = ? "
                              "AND id < ? ORDER BY id DESC LIMIT 1", (guild_id, game_id, kind, before))
        return None if row is None else outbox_row(row)


class PostWrites(Statements):
    """The outbox's writes, inside a transaction."""

    async def add_post(self, game: GameRow, version: int, post: PostToQueue, place_id: int | None = None) -> OutboxRow:
        """Queue a post in the game's channel or thread (``place_id``, default its current one)."""
        nonce = secrets.token_hex(10)  # Discord takes nonces of up to 25 characters
        channel = game.place_id if place_id is None else place_id
        now = self._clock()
        payload = json.dumps(post.payload)
        post_id = await self._db.insert(
            "INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (game.id, game.guild_id, channel, post.kind, version, payload, nonce, now),
        )
        return OutboxRow(post_id, game.id, game.guild_id, channel, post.kind, version, json.loads(payload), nonce, now,
                         None, None, 0, None)

    async def add_posts(self, posts: Sequence[tuple[GameRow, int, PostToQueue]]) -> list[OutboxRow]:
        """Queue many posts at once, each ``(game, version, post)`` in its game's current channel or thread: one
        statement (the scheduler's batches), the rows in the order given."""
        if not posts:
            return []
        now = self._clock()
        rows = [(game, version, post, secrets.token_hex(10), json.dumps(post.payload)) for game, version, post in posts]
        returned = dict(await self._all(
            "INSERT INTO outbox (game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * len(rows)) + " RETURNING nonce, id",
            [value for game, version, post, nonce, payload in rows
             for value in (game.id, game.guild_id, game.place_id, post.kind, version, payload, nonce, now)]))
        return [OutboxRow(int(returned[nonce]), game.id, game.guild_id, game.place_id, post.kind, version,
                          json.loads(payload), nonce, now, None, None, 0, None)
                for game, version, post, nonce, payload in rows]

    async def mark_sent(self, post_id: int, message_id: int | None) -> bool:
        """Record a post as sent; return False if it already was."""
        return await self._run(
            "UPDATE outbox SET sent_at = ?, message_id = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL",
            (self._clock(), message_id, post_id),
        ) == 1

    async def claim_posts(self, post_ids: Sequence[int], until: float) -> set[int]:
        """Claim unsent posts for sending until ``until``: the ones no other process holds (rows locked by another
        transaction are skipped, ``FOR UPDATE SKIP LOCKED``) and none claimed before (``retry_at`` in the future:
        another sender's claim, or a backoff). Returns the ids claimed; the others are not this sender's now."""
        if not post_ids:
            return set()
        marks = ", ".join("?" * len(post_ids))
        rows = await self._all(
            f"SELECT id FROM outbox WHERE id IN ({marks}) AND sent_at IS NULL AND given_up_at IS NULL "
            f"AND (retry_at IS NULL OR retry_at <= ?){self.dialect.skip_locked}", (*post_ids, self._clock()))
        claimed = {int(r[0]) for r in rows}
        if claimed:
            await self._run(f"UPDATE outbox SET retry_at = ? WHERE id IN ({', '.join('?' * len(claimed))})",
                            (until, *sorted(claimed)))
        return claimed

    async def release_posts(self, post_ids: Sequence[int]) -> None:
        """End the claims of posts not tried after all (failed ones keep their backoff: ``mark_failed``)."""
        await self._run(f"UPDATE outbox SET retry_at = NULL WHERE id IN ({', '.join('?' * len(post_ids))}) "
                        "AND sent_at IS NULL", tuple(post_ids))

    async def mark_failed(self, post_id: int, error: str, retry_at: float) -> None:
        """Count a failed try; the post waits until ``retry_at`` (its run of failures starts now, if new)."""
        now = self._clock()
        await self._run("UPDATE outbox SET attempts = attempts + 1, last_error = ?, "
                        "first_failed_at = COALESCE(first_failed_at, ?), retry_at = ? WHERE id = ?",
                        (error[:500], now, retry_at, post_id))

    async def give_up(self, game_id: int, channel_id: int) -> int:
        """Give up every unsent post of the game in that channel or thread; return how many."""
        return await self._run(
            "UPDATE outbox SET given_up_at = ? WHERE game_id = ? AND channel_id = ? AND sent_at IS NULL "
            "AND given_up_at IS NULL", (self._clock(), game_id, channel_id))

    async def requeue(self, game_id: int) -> int:
        """Send the game's given-up and waiting posts again at once (their runs of failures start over)."""
        return await self._run(
            "UPDATE outbox SET given_up_at = NULL, retry_at = NULL, first_failed_at = NULL "
            "WHERE game_id = ? AND sent_at IS NULL", (game_id,))

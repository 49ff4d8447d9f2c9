"""Guilds that remove the bot: their games are deleted after a grace period, unless the bot comes back.

The adapter calls ``removed(guild_id)`` on ``guild_remove`` (and, at start, for every guild with data the
bot is no longer in: ``known_guilds()``), and ``added(guild_id)`` on ``guild_join`` / for every guild it
is in at start, which cancels a pending purge. While a guild is removed its games are frozen (nothing is
due). ``Scheduler.tick`` calls ``purge_due``; moderators see the grace period with ``/tikal-mod config``
(``GuildConfig.grace_days``) and a pending purge with ``pending(guild_id)``.

A purge deletes every row of the guild: games and their seats, move logs (the only deletion the log
allows, through ``purge_permits``), snapshots, outbox, clocks, results, reviews, ratings and their history,
seasons, and the guild's settings.
Members' own settings are not guild data and stay (``Members.forget`` deletes them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Transaction
from bot.core.table.store import GameStore

GRACE: Final = timedelta(days=30)

_GAME_TABLES: Final = (
    "outbox", "snapshots", "moves", "seats", "absent_seats", "game_results", "game_clocks", "standing_orders",
    "computer_seats", "computer_lobbies", "game_options", "jump_choices", "rated_games", "rating_history", "tutorials",
    "web_links", "web_member_links", "web_sessions", "game_reviews",
)


async def _purge(tx: Transaction, guild_id: int) -> list[int]:
    games = [int(g) for (g,) in await sql.rows(tx, "SELECT id FROM games WHERE guild_id = ?", (guild_id,))]
    await sql.run(tx, "INSERT INTO purge_permits (game_id) SELECT id FROM games WHERE guild_id = ? "
                      "ON CONFLICT DO NOTHING",
                  (guild_id,))
    for table in _GAME_TABLES:
        await sql.run(tx, f"DELETE FROM {table} WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                      (guild_id,))
    await sql.run(tx, "DELETE FROM games WHERE guild_id = ?", (guild_id,))
    await sql.run(tx, "DELETE FROM purge_permits")
    for table in ("guild_settings", "guild_timing", "guild_rating", "seasons", "ratings", "guild_removals",
                  "guild_languages"):
        await sql.run(tx, f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
    return games


async def purge_due(store: GameStore, now: float) -> list[int]:
    """Purge every guild whose grace period is over; return their ids."""
    async with store.storage.read() as r:
        due = [int(g) for (g,) in await sql.rows(
            r, f"SELECT guild_id FROM guild_removals WHERE purge_at <= ?{store.shards.where()}", (now,))]
    purged = []
    for guild_id in due:
        async with store.storage.transaction() as tx:
            still = await sql.one(tx, "SELECT 1 FROM guild_removals WHERE guild_id = ? AND purge_at <= ?",
                                  (guild_id, now))
            if still is None:  # added back meanwhile
                continue
            games = await _purge(tx, guild_id)
        for game_id in games:
            store.forget(game_id)
        purged.append(guild_id)
    return purged


@dataclass(frozen=True, slots=True)
class Reconciled:
    """What ``GuildRemoval.reconcile`` changed at start."""

    back: tuple[int, ...]
    """Guilds whose pending purge was cancelled: the bot is in them again."""
    removed: tuple[int, ...]
    """Guilds newly marked removed: data stored, but the bot is no longer in them."""


class GuildRemoval:
    def __init__(self, store: GameStore, *, grace: timedelta = GRACE) -> None:
        self.store = store
        self.grace = grace

    async def removed(self, guild_id: int) -> float:
        """The bot left the guild (or was removed): freeze its games, purge them after the grace period.

        Returns when the purge happens (Unix s). Calling it again keeps the first date.
        """
        async with self.store.storage.transaction() as tx:
            now = sql.now(tx)
            await sql.run(tx, "INSERT INTO guild_removals (guild_id, removed_at, purge_at) VALUES (?, ?, ?) "
                              "ON CONFLICT (guild_id) DO NOTHING",
                          (guild_id, now, now + self.grace.total_seconds()))
            await sql.run(tx, "UPDATE game_clocks SET next_due = NULL WHERE guild_id = ?", (guild_id,))
            row = await sql.one(tx, "SELECT purge_at FROM guild_removals WHERE guild_id = ?", (guild_id,))
        assert row is not None
        return float(row[0])

    async def added(self, guild_id: int) -> bool:
        """The bot is in the guild (again): cancel a pending purge and wake its games. True if one was pending."""
        async with self.store.storage.transaction() as tx:
            gone = await sql.run(tx, "DELETE FROM guild_removals WHERE guild_id = ?", (guild_id,))
            if gone:
                await sql.run(
                    tx, "UPDATE game_clocks SET next_due = ? WHERE guild_id = ? AND paused_at IS NULL AND game_id IN "
                        "(SELECT id FROM games WHERE guild_id = ? AND status = 'running')",
                    (sql.now(tx), guild_id, guild_id))
        return gone > 0

    async def pending(self, guild_id: int) -> float | None:
        """When the guild's games will be purged (Unix s), or None if no purge is pending."""
        async with self.store.storage.read() as r:
            row = await sql.one(r, "SELECT purge_at FROM guild_removals WHERE guild_id = ?", (guild_id,))
        return None if row is None else float(row[0])

    async def known_guilds(self) -> set[int]:
        """Every guild of this process's shards with games or settings stored (to reconcile with the guilds the
        bot is in at start)."""
        where = self.store.shards.where()
        async with self.store.storage.read() as r:
            found = await sql.rows(r, f"SELECT DISTINCT guild_id FROM games WHERE TRUE{where} UNION "
                                      f"SELECT guild_id FROM guild_settings WHERE TRUE{where} UNION "
                                      f"SELECT guild_id FROM guild_timing WHERE TRUE{where} UNION "
                                      f"SELECT guild_id FROM guild_rating WHERE TRUE{where} UNION "
                                      f"SELECT guild_id FROM seasons WHERE TRUE{where} UNION "
                                      f"SELECT guild_id FROM guild_languages WHERE TRUE{where}")
        return {int(g) for (g,) in found}

    async def reconcile(self, present: Iterable[int]) -> Reconciled:
        """At start: the bot is in the guilds ``present`` (of this process's shards). Cancel their pending purges
        and start one for every guild of these shards with data the bot is no longer in: in one transaction,
        whatever the number of guilds. A guild of another process's shards is never touched, even if named."""
        shards = self.store.shards
        here = {g for g in present if shards.owns(g)}
        known = await self.known_guilds()
        async with self.store.storage.transaction() as tx:
            now = sql.now(tx)
            pending = {int(g) for (g,) in await sql.rows(
                tx, f"SELECT guild_id FROM guild_removals WHERE TRUE{shards.where()}")}
            back = sorted(pending & here)
            gone = sorted(known - here)
            if back:
                await sql.run_many(tx, "DELETE FROM guild_removals WHERE guild_id = ?", [(g,) for g in back])
                await sql.run_many(
                    tx, "UPDATE game_clocks SET next_due = ? WHERE guild_id = ? AND paused_at IS NULL AND game_id IN "
                        "(SELECT id FROM games WHERE guild_id = ? AND status = 'running')",
                    [(now, g, g) for g in back])
            if gone:
                await sql.run_many(tx, "INSERT INTO guild_removals (guild_id, removed_at, purge_at) VALUES (?, ?, ?) "
                                       "ON CONFLICT (guild_id) DO NOTHING",
                                   [(g, now, now + self.grace.total_seconds()) for g in gone])
                await sql.run_many(tx, "UPDATE game_clocks SET next_due = NULL WHERE guild_id = ?",
                                   [(g,) for g in gone])
        return Reconciled(tuple(back), tuple(g for g in gone if g not in pending))


__all__ = ["GRACE", "GuildRemoval", "Reconciled", "purge_due"]

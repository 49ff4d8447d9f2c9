"""Whether this bot process can do its work now (``Health.ready``), and the figures read at each metrics scrape
(``Health.figures``): games by state, the outbox's queue, the worker pool's starts.

Everything is read for the guilds of this process's shards, in one read each; nothing names a member or a game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Storage
from bot.core.storage.shards import EVERY_GUILD, Shards
from bot.core.table.cpu_pool import CpuPool

STUCK_AFTER: Final = 900.0
"""Seconds an unsent post may wait before the outbox counts as stuck (a post normally leaves within seconds; a
Discord outage holds posts back in their backoff for a few minutes)."""
DATABASE_TIMEOUT: Final = 5.0
"""Seconds the database has to answer a health check."""


@dataclass(frozen=True, slots=True)
class Check:
    """One part of readiness: its name, whether it is fine, and a short reason in English for the host's logs."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Readiness:
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    def as_json(self) -> dict[str, object]:
        return {"ready": self.ok, "checks": {c.name: {"ok": c.ok, "detail": c.detail} for c in self.checks}}


@dataclass(frozen=True, slots=True)
class Outbox:
    """The posts not sent yet (nor given up) and the age of the oldest, in seconds (0 when none waits)."""

    pending: int
    oldest_seconds: float


@dataclass(frozen=True, slots=True)
class Figures:
    """What a metrics scrape reports beside the counters: games by state, the outbox, the worker pool's starts."""

    games: dict[str, int]
    outbox: Outbox
    pool_starts: int


class Health:
    """Readiness and figures over a storage; ``connected`` is the adapter's word on its connection (Discord's
    gateway), None when it has none."""

    def __init__(self, storage: Storage, *, shards: Shards = EVERY_GUILD, pool: CpuPool | None = None,
                 connected: Callable[[], bool] | None = None, stuck_after: float = STUCK_AFTER) -> None:
        self.storage = storage
        self.shards = shards
        self.pool = pool
        self.connected = connected
        self.stuck_after = stuck_after

    async def outbox(self) -> Outbox:
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT COUNT(*), MIN(created_at) FROM outbox WHERE sent_at IS NULL "
                                   f"AND given_up_at IS NULL{self.shards.where()}")
            now = sql.now(r)
        count, oldest = row if row is not None else (0, None)
        return Outbox(int(count or 0), 0.0 if oldest is None else max(0.0, now - float(oldest)))

    async def games(self) -> dict[str, int]:
        async with self.storage.read() as r:
            rows = await sql.rows(r, f"SELECT status, COUNT(*) FROM games WHERE 1 = 1{self.shards.where()} "
                                     "GROUP BY status")
        return {str(status): int(count) for status, count in rows}

    async def figures(self) -> Figures:
        return Figures(await self.games(), await self.outbox(), self.pool.started if self.pool is not None else 0)

    async def _database(self) -> Check:
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT):
                async with self.storage.read() as r:
                    await r.schema_version()
        except Exception as error:  # any failure of the driver, the network or the file is "not ready"
            return Check("database", False, f"no answer: {type(error).__name__}")
        return Check("database", True, "answers")

    async def _outbox(self) -> Check:
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT):
                queue = await self.outbox()
        except Exception as error:
            return Check("outbox", False, f"cannot be read: {type(error).__name__}")
        if queue.pending and queue.oldest_seconds > self.stuck_after:
            return Check("outbox", False, f"{queue.pending} posts waiting, the oldest for "
                                          f"{queue.oldest_seconds:.0f} s")
        return Check("outbox", True, f"{queue.pending} posts waiting")

    async def ready(self) -> Readiness:
        checks = [await self._database(), await self._outbox()]
        if self.connected is not None:
            up = self.connected()
            checks.insert(0, Check("discord", up, "connected" if up else "not connected"))
        return Readiness(tuple(checks))


__all__ = ["STUCK_AFTER", "Check", "Figures", "Health", "Outbox", "Readiness"]

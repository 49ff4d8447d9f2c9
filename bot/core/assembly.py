"""The discord-free core put together: one storage and the services built on it.

An adapter (the Discord bot, a test, a benchmark) opens a ``Core`` and reaches every capability
through it; nothing in the core knows who is calling.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.core.clocks.members import Members
from bot.core.days.guild_removal import GuildRemoval
from bot.core.days.reminders import Scheduler
from bot.core.days.standing_orders import StandingOrders
from bot.core.guilds.languages import Languages
from bot.core.guilds.moderation import Moderation
from bot.core.league.history import History
from bot.core.league.standings import Standings
from bot.core.storage.app_state import AppState
from bot.core.storage.backends import open_storage
from bot.core.storage.base import Storage
from bot.core.storage.shards import EVERY_GUILD, Shards
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.service import TikalService


@dataclass(frozen=True, slots=True)
class Core:
    """Games, moves and posts (``service``) and what keeps games alive for days around them."""

    storage: Storage
    service: TikalService
    scheduler: Scheduler
    moderation: Moderation
    members: Members
    history: History
    orders: StandingOrders
    removal: GuildRemoval
    state: AppState
    standings: Standings
    """Seasons, leaderboards and members' ratings (issue 16)."""
    pool: CpuPool
    """Worker processes for CPU-bound jobs (``bot.core.table.cpu_pool``): started on the first job."""
    languages: Languages

    @classmethod
    def build(cls, storage: Storage, clock: Callable[[], float] = time.time, shards: Shards = EVERY_GUILD, *,
              workers: int = 1) -> Core:
        """The core over an open storage (``clock``: the scheduler's time, as the storage's), doing the work of the
        guilds ``shards`` owns (default: every guild), with ``workers`` processes for CPU-bound jobs."""
        pool = CpuPool(workers)
        service = TikalService(storage, shards=shards, pool=pool)
        languages = Languages(storage)
        return cls(storage, service, Scheduler(service, clock=clock), Moderation(service, languages),
                   Members(storage), History(service), StandingOrders(service), GuildRemoval(service),
                   AppState(storage), Standings(service), pool, languages)

    @classmethod
    async def open(cls, database: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                   busy_timeout_ms: int = 5000, shards: Shards = EVERY_GUILD, workers: int = 1) -> Core:
        """Open (and migrate) the database (a SQLite path or a ``postgresql://`` URL) and build the core on it.
        Raises ``DatabaseInUse`` for a SQLite file another process holds."""
        storage = await open_storage(database, clock=clock, busy_timeout_ms=busy_timeout_ms)
        return cls.build(storage, clock, shards, workers=workers)

    async def close(self) -> None:
        await self.pool.close()
        await self.storage.close()

"""The discord-free core put together: one storage and the services built on it.

An adapter (the Discord bot, a test, a benchmark) opens a ``Core`` and reaches every capability
through it; nothing in the core knows who is calling.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.core.app_state import AppState
from bot.core.backends import open_storage
from bot.core.guild_removal import GuildRemoval
from bot.core.history import History
from bot.core.members import Members
from bot.core.moderation import Moderation
from bot.core.reminders import Scheduler
from bot.core.service import TikalService
from bot.core.shards import EVERY_GUILD, Shards
from bot.core.standing_orders import StandingOrders
from bot.core.storage import Storage


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

    @classmethod
    def build(cls, storage: Storage, clock: Callable[[], float] = time.time, shards: Shards = EVERY_GUILD) -> Core:
        """The core over an open storage (``clock``: the scheduler's time, as the storage's), doing the work of the
        guilds ``shards`` owns (default: every guild)."""
        service = TikalService(storage, shards=shards)
        return cls(storage, service, Scheduler(service, clock=clock), Moderation(service), Members(storage),
                   History(service), StandingOrders(service), GuildRemoval(service), AppState(storage))

    @classmethod
    async def open(cls, database: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                   busy_timeout_ms: int = 5000, shards: Shards = EVERY_GUILD) -> Core:
        """Open (and migrate) the database (a SQLite path or a ``postgresql://`` URL) and build the core on it.
        Raises ``DatabaseInUse`` for a SQLite file another process holds."""
        storage = await open_storage(database, clock=clock, busy_timeout_ms=busy_timeout_ms)
        return cls.build(storage, clock, shards)

    async def close(self) -> None:
        await self.storage.close()

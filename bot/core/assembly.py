"""The discord-free core put together: one storage, the game store on it and the services built on those.

An adapter (the Discord bot, a test, a benchmark) opens a ``Core`` and reaches every capability
through it; nothing in the core knows who is calling.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.core.clocks import timing
from bot.core.clocks.members import Members
from bot.core.days.guild_removal import GuildRemoval
from bot.core.days.reminders import Scheduler
from bot.core.days.standing_orders import StandingOrders
from bot.core.guilds.languages import Languages
from bot.core.guilds.moderation import Moderation
from bot.core.guilds.settings import ServerSettings
from bot.core.league import ratings
from bot.core.league.history import History
from bot.core.league.review import Reviews
from bot.core.league.standings import Standings
from bot.core.outbox.queue import PostQueue
from bot.core.spectators.pages import Spectators
from bot.core.storage.app_state import AppState
from bot.core.storage.backends import open_storage
from bot.core.storage.base import Storage
from bot.core.storage.shards import EVERY_GUILD, Shards
from bot.core.table.computers import Computers
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.games import Games
from bot.core.table.jumps import Jumps
from bot.core.table.lobby import Lobby
from bot.core.table.store import GameStore
from bot.core.table.turns import Turns
from bot.core.tutorial import judge
from bot.core.tutorial.service import Tutorials
from bot.core.web_play.play import WebPlay


@dataclass(frozen=True, slots=True)
class Core:
    """The game table's services over one game store, and what keeps games alive for days around them."""

    storage: Storage
    store: GameStore
    """Every game loaded in one read, its moves committed in one transaction: what the services below share."""
    games: Games
    lobby: Lobby
    turns: Turns
    jumps: Jumps
    computers: Computers
    outbox: PostQueue
    settings: ServerSettings
    scheduler: Scheduler
    moderation: Moderation
    members: Members
    history: History
    orders: StandingOrders
    removal: GuildRemoval
    state: AppState
    standings: Standings
    """Seasons, leaderboards and members' ratings."""
    pool: CpuPool
    """Worker processes for CPU-bound jobs (``bot.core.table.cpu_pool``): started on the first job."""
    languages: Languages
    tutorials: Tutorials
    """Members' guided first games."""
    spectators: Spectators
    """Games as their web pages show them: the pages' tokens, the cheap read live updates poll."""
    web_play: WebPlay
    """Members playing from their own web page: their links and sessions, their seat's page, their moves."""
    reviews: Reviews
    """Finished games' reviews: the turns that lost the most points by the strong player's judgement."""

    @classmethod
    def build(cls, storage: Storage, clock: Callable[[], float] = time.time, shards: Shards = EVERY_GUILD, *,
              workers: int = 1, rng: random.Random | None = None, seed_source: Callable[[], int] | None = None,
              retries: int = 3) -> Core:
        """The core over an open storage (``clock``: the scheduler's time, as the storage's), doing the work of the
        guilds ``shards`` owns (default: every guild), with ``workers`` processes for CPU-bound jobs. ``rng`` shuffles
        seats and ``seed_source`` makes games' seeds (default: the system's randomness); ``retries``: how often a
        move is tried again when other commands keep committing first."""
        pool = CpuPool(workers)
        # The clocks (reminders, deadlines, pause, results), the ratings and the tutorial's
        # steps: in the move's transaction.
        store = GameStore(storage, shards=shards, retries=retries,
                          commit_hooks=(timing.on_commit, ratings.on_commit, judge.on_commit))
        games, jumps = Games(store), Jumps(store)
        computers = Computers(store, jumps, pool=pool)
        languages = Languages(storage)
        lobby = Lobby(store, rng=rng, seed_source=seed_source)
        turns = Turns(store)
        return cls(
            storage, store, games, lobby, turns, jumps, computers,
            PostQueue(store), ServerSettings(storage), Scheduler(store, games, jumps, computers, clock=clock),
            Moderation(store, games, jumps, computers, languages), Members(storage), History(store, games),
            StandingOrders(store, games, computers), GuildRemoval(store), AppState(storage), Standings(storage), pool,
            languages, Tutorials(store, lobby), Spectators(games, languages), WebPlay(store, turns, jumps),
            Reviews(games, pool))

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

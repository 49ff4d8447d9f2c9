"""Helpers for the tests of reminders, deadlines and moderation: a fake clock and the core on it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.core.assembly import Core
from bot.core.clocks.members import Members
from bot.core.days.reminders import Scheduler
from bot.core.guilds.moderation import Moderation
from bot.core.league.history import History
from bot.core.storage.backends import open_storage
from bot.core.table.results import GameInfo, Moved
from engine import Phase
from tests.bot.core.servicekit import GUILD, core_on

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC).timestamp()  # a Monday, 09:00 UTC
HOUR = 3600.0
MOD = 77


class FakeClock:
    """Unix seconds that only move when told to."""

    def __init__(self, start: float = T0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def at(self, hours: float) -> float:
        """Set the time to ``hours`` after T0; return it."""
        self.now = T0 + hours * HOUR
        return self.now


@dataclass
class Kit:
    clock: FakeClock
    svc: Core
    scheduler: Scheduler
    mod: Moderation
    members: Members
    history: History

    async def tick(self, hours: float) -> list[str]:
        """Tick at ``hours`` after T0; return the kinds of the posts it queued."""
        report = await self.scheduler.tick(self.clock.at(hours))
        return [p.kind for p in report.posts]


@asynccontextmanager
async def open_kit(path: Path | str, *, seed: int = 7, clock: FakeClock | None = None) -> AsyncIterator[Kit]:
    clock = clock or FakeClock()
    storage = await open_storage(path, clock=clock)
    try:
        svc = core_on(storage, seed=seed, clock=clock)
        yield Kit(clock, svc, svc.scheduler, svc.moderation, svc.members, svc.history)
    finally:
        await storage.close()


async def finish_obligation(svc: Core, game: GameInfo, *, guild: int = GUILD) -> list[Moved]:
    """The player to act (or to bid) does the least: places on the first legal space, ends; passes; picks 1."""
    done: list[Moved] = []
    view = await svc.games.view(guild, game.id)
    seat = view.to_act
    while view.to_act == seat and not view.finished:
        info = await svc.games.game(guild, game.id)
        member = info.at_seat(view.to_act or 0)
        assert member is not None
        if view.phase is Phase.PLACE:
            entries = await svc.turns.legal_moves(guild, game.id, member.member_id)
            move = next(str(e.move) for e in entries if str(e.move).startswith("place"))
        elif view.phase is Phase.BID:
            move = "pass"
        elif view.phase is Phase.PICK:
            move = "pick 1"
        else:
            move = "end"
        done.append(await svc.turns.act(guild, game.id, member.member_id, move))
        view = done[-1].view
    return done

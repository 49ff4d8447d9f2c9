"""The scheduler's batches (``bot.core.days.batches``): the same reminders, clocks and deadlines as one game at a time,
thousands due in one tick, and never a reminder twice when two schedulers (two processes on PostgreSQL) tick the
same games at once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import bot.core.days.batches
import engine
from bot.core.clocks.timing import read_clock
from bot.core.storage import sql
from bot.core.storage.backends import is_postgres, open_storage
from tests.bot.core.clockkit import MOD, FakeClock, finish_obligation, open_kit
from tests.bot.core.servicekit import GUILD, MEMBERS, core_on
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, _ = MEMBERS


async def another_database(database: Path | str, request: pytest.FixtureRequest) -> Path | str:
    """A second fresh database of the same backend."""
    if is_postgres(database):
        return str(await request.getfixturevalue("pg_cluster").create_database())
    return Path(database).with_name("other.sqlite3")


async def story(database: Path | str, *, batches: bool) -> list[tuple[Any, ...]]:
    """Three games over three days, ticked every hour: every post the scheduler queued (without the game's number),
    and each game's clock after each tick."""
    told: list[tuple[Any, ...]] = []
    async with open_kit(database) as k:
        k.scheduler.batches = batches
        await k.members.update(BEN, time_zone="America/New_York", quiet=("22:00", "7:00"), delivery="dm")
        games = [await start(k.svc, 2, channel=1), await start(k.svc, 3, "auction", channel=2),
                 await start(k.svc, 3, channel=3)]
        await k.mod.set_timing(GUILD, games[0].id, MOD, is_moderator=True, turn_hours=30, policy="skip")
        await k.mod.set_timing(GUILD, games[1].id, MOD, is_moderator=True, bid_hours=20, turn_hours=40,
                               policy="skip")
        await k.mod.set_timing(GUILD, games[2].id, MOD, is_moderator=True, turn_hours=None)
        number = {g.id: n for n, g in enumerate(games)}
        for hour in range(1, 80):
            if hour in (26, 51):  # someone plays now and then: the wait moves on, its reminders start over
                await finish_obligation(k.svc, games[1])
            report = await k.scheduler.tick(k.clock.at(hour))
            for post in sorted(report.posts, key=lambda p: number[p.game_id]):  # the games' order may differ
                payload = {k: v for k, v in post.payload.items() if k not in ("game_id", "reply_to")}
                told.append((hour, number[post.game_id], post.kind, post.version, sorted(payload.items())))
            async with k.svc.storage.read() as r:
                for game in games:
                    clock = await read_clock(r, game.id)
                    assert clock is not None
                    told.append((hour, number[game.id], clock.wait_key, clock.phase, clock.reminder_step,
                                 clock.reminded_at, clock.remind_at, clock.deadline_at, clock.deadline_done,
                                 clock.next_due))
    return told


@pytest.mark.backends
async def test_batches_queue_the_same_reminders_and_plan_the_same_clocks_as_one_game_at_a_time(
        database: Path | str, request: pytest.FixtureRequest) -> None:
    batched = await story(database, batches=True)
    one_by_one = await story(await another_database(database, request), batches=False)
    assert batched == one_by_one
    reminders = [entry for entry in batched if entry[2] == "reminder"]
    assert len(reminders) >= 10
    phases = {dict(entry[4])["phase"] for entry in reminders}
    assert {"bid", "place"} <= phases
    assert any(dict(entry[4])["delivery"] == "dm" for entry in reminders)  # Ben's own settings
    assert any(entry[2] == "deadline_skipped" for entry in batched)


async def test_a_pick_is_reminded_as_a_pick_from_the_clock_alone(tmp_path: Path) -> None:
    async with open_kit(tmp_path / "t.sqlite3") as k:
        game = await start(k.svc, 2, "auction")
        while (await k.svc.games.view(GUILD, game.id)).phase is not engine.Phase.PICK:
            await finish_obligation(k.svc, game)
        async with k.svc.storage.read() as r:
            clock = await read_clock(r, game.id)
        assert clock is not None and clock.phase == "pick"
        k.svc.store.forget()
        loads = k.svc.store.loads
        report = await k.scheduler.tick(k.clock.at(24))  # half-way through the pick's 48 hours
        assert [(p.kind, p.payload.get("phase")) for p in report.posts] == [("reminder", "pick")]
        assert k.svc.store.loads == loads  # the game was not loaded


@pytest.mark.backends
async def test_many_reminders_due_at_once_go_in_batches_and_the_next_tick_follows_at_once(
        database: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.core.days.batches, "CHUNK", 25)
    async with open_kit(database) as k:
        games = [await start(k.svc, 2, channel=n) for n in range(1, 151)]
        k.scheduler.batch = 60
        k.svc.store.forget()
        loads = k.svc.store.loads
        sizes, full = [], []
        while True:
            report = await k.scheduler.tick(k.clock.at(24))
            sizes.append(len(report.posts))
            full.append(report.full)
            if not report.anything:
                break
        assert sizes == [60, 60, 30, 0] and full == [True, True, False, False]
        assert k.svc.store.loads == loads  # no game was loaded
        async with k.svc.storage.read() as r:
            reminded = dict(await sql.rows(r, "SELECT game_id, COUNT(*) FROM outbox WHERE kind = 'reminder' "
                                              "GROUP BY game_id"))
        assert reminded == {g.id: 1 for g in games}


@pytest.mark.backends
@pytest.mark.parametrize("other_batches", [True, False], ids=["both-batched", "one-one-by-one"])
async def test_two_schedulers_ticking_the_same_games_at_once_remind_each_player_once(
        database: Path | str, monkeypatch: pytest.MonkeyPatch, other_batches: bool) -> None:
    monkeypatch.setattr(bot.core.days.batches, "CHUNK", 7)
    clock = FakeClock()
    async with open_kit(database, clock=clock) as k:
        games = [await start(k.svc, 2, channel=n) for n in range(1, 41)]
        # on PostgreSQL a second process's own connections; SQLite has one process, so a second scheduler in it
        storage = await open_storage(database, clock=clock) if is_postgres(database) else k.svc.storage
        try:
            other = core_on(storage, clock=clock).scheduler
            other.batches = other_batches
            for hour in (24.0, 44.0):
                clock.at(hour)
                reports = await asyncio.gather(k.scheduler.tick(), other.tick(), k.scheduler.tick(), other.tick())
                assert sum(len(r.posts) for r in reports) == len(games)
        finally:
            if storage is not k.svc.storage:
                await storage.close()
        async with k.svc.storage.read() as r:
            reminded = await sql.rows(r, "SELECT game_id, payload_json FROM outbox WHERE kind = 'reminder'")
        numbers: dict[int, list[int]] = {}
        for game_id, payload in reminded:
            numbers.setdefault(int(game_id), []).append(_number(payload))
        assert {g: sorted(n) for g, n in numbers.items()} == {g.id: [1, 2] for g in games}
        assert not (await k.scheduler.tick(clock.at(44.5))).anything


def _number(payload: Any) -> int:
    import json

    return int((json.loads(payload) if isinstance(payload, str) else payload)["number"])

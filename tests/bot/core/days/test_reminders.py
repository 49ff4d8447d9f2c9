"""The scheduler with a fake clock: reminder schedule, quiet hours, turns moving on, deadlines, pause, restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.core.days.batches
import bot.core.days.reminders
import engine
from bot.core.clocks import timing
from bot.core.clocks.timing import GamePaused
from bot.core.storage.base import Transaction
from bot.core.words.errors import NotAllowed
from tests.bot.core.clockkit import HOUR, MOD, T0, Kit, finish_obligation, open_kit
from tests.bot.core.servicekit import GUILD, MEMBERS, as_before_options, as_before_waits, replay_from_file
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, _ = MEMBERS


async def reminders_of(kit: object, game_id: int) -> list[dict[str, object]]:
    svc = kit.svc  # type: ignore[attr-defined]
    return [p.payload for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "reminder"]


@pytest.mark.backends
async def test_the_default_clock_reminds_twice_then_a_computer_takes_the_turn_and_the_moderators_are_told(
        kit: Kit) -> None:
    game = await start(kit.svc, 2)  # a server that chose nothing: 48 h a turn, then a computer player
    assert (await kit.svc.games.game(GUILD, game.id)).deadline_at == T0 + 48 * HOUR
    assert await kit.tick(23.9) == []
    assert await kit.tick(24) == ["reminder"]  # half-way: "1 day left"
    assert await kit.tick(43.9) == []
    assert await kit.tick(44) == ["reminder"]  # the last call, 4 h before
    first, last = await reminders_of(kit, game.id)
    assert first["deadline_at"] == last["deadline_at"] == T0 + 48 * HOUR and last["policy"] == "computer"
    assert await kit.tick(47.9) == []
    assert await kit.tick(48) == ["deadline_waiting", "deadline_skipped", "wait"]
    notice = [p for p in await kit.svc.outbox.posts_of(GUILD, game.id) if p.kind == "deadline_waiting"]
    assert [(p.payload["policy"], p.payload["to"], p.payload["creator_id"]) for p in notice] == [
        ("computer", "creator", ANA)]
    assert (await kit.svc.games.view(GUILD, game.id)).to_act == 1  # Ana's seat is still hers; Ben's turn now
    assert await kit.tick(48.1) == []


@pytest.mark.backends
async def test_without_a_deadline_reminders_thin_out_and_catch_up_after_downtime(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=None)
    assert await kit.tick(23.9) == []
    assert await kit.tick(24) == ["reminder"]
    assert await kit.tick(24.1) == [] and await kit.tick(71.9) == []
    assert await kit.tick(72) == ["reminder"]
    # the bot was down for two weeks: one reminder when it is back, then the weekly rhythm again
    assert await kit.tick(400) == ["reminder"]
    assert await kit.tick(401) == [] and await kit.tick(503.9) == []
    assert await kit.tick(504) == ["reminder"]
    sent = await reminders_of(kit, game.id)
    assert [p["number"] for p in sent] == [1, 2, 3, 5]  # step 4 (at 336 h) fell in the downtime
    first = sent[0]
    assert first["member_id"] == ANA and first["player"] == "Ana" and first["delivery"] == "channel"
    assert first["kind"] == "turn" and first["waiting_since"] == T0 and first["deadline_at"] is None
    assert first["since"] == f"<t:{int(T0)}:R>"


@pytest.mark.backends
async def test_no_reminder_once_the_turn_has_moved_on(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    kit.clock.at(23)
    await finish_obligation(kit.svc, game)  # Ana ends her turn an hour before her reminder
    assert await kit.tick(24) == []
    assert await kit.tick(46.9) == []
    assert await kit.tick(47) == ["reminder"]  # Ben's wait began at 23 h
    kit.clock.at(50)
    await finish_obligation(kit.svc, game)
    assert await kit.tick(55) == [] and await kit.tick(73.9) == []
    assert [p["member_id"] for p in await reminders_of(kit, game.id)] == [BEN]
    assert await kit.tick(74) == ["reminder"]
    assert [p["member_id"] for p in await reminders_of(kit, game.id)] == [BEN, ANA]


@pytest.mark.backends
async def test_quiet_hours_in_two_time_zones_delay_reminders_and_deadlines(kit: Kit) -> None:
    await kit.members.update(ANA, time_zone="Asia/Tokyo", quiet=("23:00", "8:00"))  # UTC+9
    await kit.members.update(BEN, time_zone="America/New_York", quiet=("22", "7"), delivery="dm")  # UTC-5
    game = await start(kit.svc, 2)  # 09:00 UTC = 18:00 in Tokyo
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=16)
    # Ana: reminder due 21:00 UTC = 06:00 Tokyo, quiet until 08:00 Tokyo = 23:00 UTC (14 h);
    # deadline due 01:00 UTC = 10:00 Tokyo, not quiet
    assert (await kit.svc.games.game(GUILD, game.id)).deadline_at == T0 + 16 * HOUR
    assert await kit.tick(12) == [] and await kit.tick(13.9) == []
    assert await kit.tick(14) == ["reminder"]
    kit.clock.at(14)
    await finish_obligation(kit.svc, game)  # Ben's turn from 23:00 UTC = 18:00 in New York
    # Ben: reminder due 11:00 UTC = 06:00 New York → 07:00 (27 h); deadline 15:00 UTC = 10:00, not quiet
    assert (await kit.svc.games.game(GUILD, game.id)).deadline_at == T0 + 30 * HOUR
    assert await kit.tick(26) == [] and await kit.tick(26.9) == []
    assert await kit.tick(27) == ["reminder"]
    ben = (await reminders_of(kit, game.id))[-1]
    assert ben["member_id"] == BEN and ben["delivery"] == "dm"
    assert ben["deadline_at"] == T0 + 30 * HOUR and ben["deadline"] == f"<t:{int(T0 + 30 * HOUR)}:R>"
    # Ben moves his quiet hours over his deadline: it moves to their end (12:00 New York = 17:00 UTC)
    kit.clock.at(28)
    await kit.members.update(BEN, quiet=("9:00", "12:00"))
    assert await kit.tick(28) == []
    assert (await kit.svc.games.game(GUILD, game.id)).deadline_at == T0 + 32 * HOUR


async def test_deadline_policy_skip_plays_ruling_14_moves_and_marks_them(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 2)
        await k.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=24, policy="skip")
        assert await k.tick(12) == ["reminder"]
        assert await k.tick(20) == ["reminder"]  # the last call
        before = replay_from_file(path, game.id)
        expected = [str(m) for m in engine.absent_moves(before)]
        assert await k.tick(23.9) == []
        report = await k.scheduler.tick(k.clock.at(24))
        assert [p.kind for p in report.posts] == ["deadline_waiting", "deadline_skipped", "wait"]
        (moved,) = report.moved
        assert list(moved.moves) == expected and moved.to_act is not None and moved.to_act.member_id == BEN
        skipped = report.posts[1].payload
        assert skipped["player"] == "Ana" and skipped["member_id"] == ANA and skipped["moves"] == expected
        assert skipped["deadline_at"] == T0 + 24 * HOUR
        page = await k.history.history(GUILD, game.id)
        assert [e.actor_id for e in page.entries] == [None] * len(expected)
        assert engine.view(replay_from_file(path, game.id), None) == await k.svc.games.view(GUILD, game.id)
        # Ben's own wait started at the skip: reminders at 36 h and 44 h, deadline at 48 h
        assert (await k.svc.games.game(GUILD, game.id)).deadline_at == T0 + 48 * HOUR
        assert await k.tick(35.9) == []
        assert await k.tick(36) == ["reminder"] and await k.tick(44) == ["reminder"]
        assert await k.tick(48) == ["deadline_waiting", "deadline_skipped", "wait"]


async def test_bid_deadline_applies_to_bids_in_an_auction(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 3, "auction")
        await k.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, reminders=False, bid_hours=2, turn_hours=None,
                               policy="skip")
        view = await k.svc.games.view(GUILD, game.id)
        assert view.phase is engine.Phase.BID
        assert (await k.svc.games.game(GUILD, game.id)).deadline_at == T0 + 2 * HOUR
        assert await k.tick(1.9) == []
        report = await k.scheduler.tick(k.clock.at(2))
        assert [p.kind for p in report.posts[:2]] == ["deadline_waiting", "deadline_skipped"]
        assert report.posts[0].payload["kind"] == "bid" and report.posts[1].payload["moves"] == ["pass"]
        assert (await k.svc.games.view(GUILD, game.id)).to_act != view.to_act
        assert await k.tick(3) == []  # the next bidder's deadline counts from the pass


@pytest.mark.backends
async def test_deadline_policy_wait_tells_the_moderators_once(kit: Kit) -> None:
    await kit.mod.configure(GUILD, MOD, is_moderator=True, moderator_role_id=555)
    game = await start(kit.svc, 2)
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=24, policy="wait")
    assert await kit.tick(12) == ["reminder"]
    assert await kit.tick(24) == ["deadline_waiting"]  # the last call (due at 20 h) was missed: not sent late
    waiting = (await kit.svc.outbox.posts_of(GUILD, game.id))[-1].payload
    assert waiting["moderator_role_id"] == 555 and waiting["member_id"] == ANA and waiting["player"] == "Ana"
    assert waiting["to"] == "role" and waiting["policy"] == "wait"
    assert await kit.tick(24.1) == ["reminder"]  # the reminder due with the deadline comes right after
    # then further apart: a day after the deadline, three days, a week
    assert await kit.tick(30) == [] and await kit.tick(48) == ["reminder"] and await kit.tick(95.9) == []
    assert await kit.tick(96) == ["reminder"]
    assert (await kit.svc.games.view(GUILD, game.id)).to_act == 0  # nothing was played for Ana
    kinds = [p.kind for p in await kit.svc.outbox.posts_of(GUILD, game.id)]
    assert kinds.count("deadline_waiting") == 1


@pytest.mark.backends
async def test_pause_stops_moves_reminders_and_deadlines_and_resume_starts_the_wait_over(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    await kit.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=24, policy="skip")
    with pytest.raises(NotAllowed):
        await kit.mod.pause(GUILD, game.id, BEN, is_moderator=False)
    kit.clock.at(5)
    paused = await kit.mod.pause(GUILD, game.id, MOD, is_moderator=True)
    assert paused.post is not None and paused.post.payload["action"] == "pause"
    assert paused.game.deadline_at is None
    with pytest.raises(GamePaused, match="paused"):
        await finish_obligation(kit.svc, game)
    assert await kit.tick(12) == [] and await kit.tick(100) == []
    assert (await kit.svc.games.view(GUILD, game.id)).version == 0
    kit.clock.at(100)
    resumed = await kit.mod.resume(GUILD, game.id, MOD, is_moderator=True)
    assert resumed.post is not None and resumed.game.deadline_at == T0 + 124 * HOUR
    assert await kit.tick(111.9) == []
    assert await kit.tick(112) == ["reminder"] and await kit.tick(120) == ["reminder"]
    assert await kit.tick(124) == ["deadline_waiting", "deadline_skipped", "wait"]


async def test_a_crash_inside_the_tick_queues_nothing_and_the_next_tick_sends_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with open_kit(tmp_path / "t.sqlite3") as k:
        game = await start(k.svc, 2)
        for method in ("add_post", "add_posts"):  # one by one, and the batches
            original = getattr(Transaction, method)

            async def crash(self: Transaction, *args: object, original: Any = original, **kwargs: object) -> object:
                await original(self, *args, **kwargs)
                raise OSError("power cut")

            monkeypatch.setattr(Transaction, method, crash)
        assert await k.tick(24) == []
        assert await reminders_of(k, game.id) == []
        monkeypatch.undo()
        assert await k.tick(24.01) == []  # a game whose work failed is looked at again after RETRY_AFTER
        assert await k.tick(24.1) == ["reminder"]
        assert await k.tick(24.2) == []
        assert len(await reminders_of(k, game.id)) == 1


async def test_a_restart_after_queuing_a_reminder_sends_it_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 2)
        for post in await k.svc.outbox.pending_posts():
            await k.svc.outbox.mark_sent(post.id, 1)
        assert await k.tick(24) == ["reminder"]
        clock = k.clock
    # the process dies before the outbox marked the reminder sent
    async with open_kit(path, clock=clock) as k:
        pending = await k.svc.outbox.pending_posts()
        assert [p.kind for p in pending] == ["reminder"]  # the outbox sends it (with its nonce) after the restart
        assert await k.tick(24) == [] and await k.tick(24.5) == []
        assert len(await reminders_of(k, game.id)) == 1
        assert await k.svc.outbox.mark_sent(pending[0].id, 2)
        assert await k.tick(43.9) == [] and await k.svc.outbox.pending_posts() == []
        assert await k.tick(44) == ["reminder"]


@pytest.mark.parametrize("policy", ["skip", "wait"])
async def test_a_move_committed_while_the_scheduler_decides_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, policy: str
) -> None:
    async with open_kit(tmp_path / "t.sqlite3") as k:
        game = await start(k.svc, 2)
        await k.mod.set_timing(GUILD, game.id, MOD, is_moderator=True, turn_hours=12, policy=policy)
        original = k.svc.games.view

        async def look_then_ana_moves(guild_id: int, game_id: int) -> engine.GameView:
            seen = await original(guild_id, game_id)
            monkeypatch.setattr(k.svc.games, "view", original)
            await finish_obligation(k.svc, game)  # Ana ends her turn while the tick decides on what it saw
            return seen

        monkeypatch.setattr(k.svc.games, "view", look_then_ana_moves)
        assert await k.tick(12) == []  # neither a reminder nor the deadline for a turn that has moved on
        kinds = [p.kind for p in await k.svc.outbox.posts_of(GUILD, game.id)]
        assert kinds == ["wait", "mod_action", "wait"]
        page = await k.history.history(GUILD, game.id)
        assert {e.actor_id for e in page.entries} == {ANA}
        assert (await k.svc.games.game(GUILD, game.id)).deadline_at == T0 + 24 * HOUR  # Ben's, from 12 h
        assert await k.tick(17.9) == []  # his first reminder is half-way, at 18 h


async def test_the_tick_finds_due_games_through_the_index_and_a_failing_game_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        broken = await start(k.svc, 2, channel=1)
        fine = await start(k.svc, 2, channel=2)
        original = timing.after_reminder

        def after_reminder(clock: timing.Clock, now: float) -> timing.Clock:
            if clock.game_id == broken.id:
                raise RuntimeError("unplannable clock")
            return original(clock, now)

        # it fails in the batch, then one by one
        monkeypatch.setattr(bot.core.days.batches, "after_reminder", after_reminder)
        monkeypatch.setattr(bot.core.days.reminders, "after_reminder", after_reminder)
        assert await k.tick(24) == ["reminder"]  # the other game is not held back
        assert [p.game_id for p in await k.svc.outbox.pending_posts() if p.kind == "reminder"] == [fine.id]
        assert await k.tick(24.05) == []  # the failing game waits RETRY_AFTER instead of spinning
        monkeypatch.undo()
        assert await k.tick(24.1) == ["reminder"]
        assert [p.game_id for p in await k.svc.outbox.pending_posts() if p.kind == "reminder"] == [fine.id, broken.id]
    with sqlite3.connect(path) as db:
        plan = db.execute("EXPLAIN QUERY PLAN SELECT game_id FROM game_clocks WHERE next_due <= ? "
                          "ORDER BY next_due LIMIT ?", (T0, 10)).fetchall()
    assert any("game_clocks_due" in str(row) for row in plan), plan


async def test_games_started_before_the_clocks_existed_get_them_on_upgrade(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.core.storage.sqlite
    from bot.core.storage.migrations import MIGRATIONS

    path = tmp_path / "t.sqlite3"
    import bot.core.clocks.timing
    import bot.core.table.games
    import bot.core.table.lobby
    import bot.core.table.store

    async def no_computers(*_: object) -> dict[int, object]:
        return {}

    async def no_clock(*_: object) -> None:
        return None

    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", MIGRATIONS[:1])
    for module in (bot.core.table.store, bot.core.table.lobby, bot.core.table.games):  # nor computer players (3)
        monkeypatch.setattr(module, "computer_seats", no_computers)
    monkeypatch.setattr(bot.core.clocks.timing, "clock_of", no_clock)  # nor a clock written with a new game (11)
    as_before_options(monkeypatch)  # nor options (migration 7)
    as_before_waits(monkeypatch)  # nor a wait's message and its moves' facts (migration 12)
    async with open_kit(path) as k:
        k.svc.store.commit_hooks.clear()  # the old service had no clocks
        game = await start(k.svc, 2)
        k.clock.at(3)
        await finish_obligation(k.svc, game)  # Ben's turn from 3 h
        clock = k.clock
    monkeypatch.undo()
    async with open_kit(path, clock=clock) as k:
        assert await k.tick(3.5) == []  # the first tick plans the old game's wait from the turn's start
        assert await k.tick(26.9) == []  # it keeps the clock it had: no deadline, the first reminder after a day
        assert await k.tick(27) == ["reminder"]
        assert (await reminders_of(k, game.id))[0]["member_id"] == BEN


@pytest.mark.backends
async def test_a_process_killed_inside_the_ticks_transaction_sends_the_reminder_once_after_restart(
    database: Path | str,
) -> None:
    import subprocess
    import sys
    import textwrap

    async with open_kit(database) as k:
        game = await start(k.svc, 2)
    child = textwrap.dedent(f"""
        import asyncio, os
        from bot.core.storage.backends import open_storage
        from bot.core.assembly import Core
        from bot.core.storage.base import Transaction

        original = Transaction.add_posts

        async def add_posts_then_die(self, *args, **kwargs):
            await original(self, *args, **kwargs)
            os._exit(9)  # killed after queuing the reminder, before the commit

        async def main():
            storage = await open_storage({str(database)!r}, clock=lambda: {T0 + 24 * HOUR!r})
            Transaction.add_posts = add_posts_then_die
            await Core.build(storage).scheduler.tick({T0 + 24 * HOUR!r})

        asyncio.run(main())
    """)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=60)
    assert done.returncode == 9, done.stderr
    async with open_kit(database) as k:
        assert await reminders_of(k, game.id) == []
        assert await k.tick(24.01) == ["reminder"]
        assert await k.tick(24.02) == [] and len(await reminders_of(k, game.id)) == 1

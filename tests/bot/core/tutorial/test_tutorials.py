"""The ``Tutorials`` service on each storage backend: a lesson is a real game started in one transaction, private to
its member; the member's moves are judged in their own transaction; the lesson's computer player plays its written
turns; a restart, a skip, another lesson and the end close the game quietly; and a tutorial counts for nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.storage import sql
from bot.core.storage.rows import Status
from bot.core.tutorial.lesson import lesson
from bot.core.tutorial.service import private_place
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, open_service, started_game

ANA = MEMBERS[0]
THREAD = 777


async def play_step(svc: object, game_id: int, text: str) -> None:
    from bot.core.assembly import Core

    assert isinstance(svc, Core)
    await svc.turns.act(GUILD, game_id, ANA, text)
    await svc.tutorials.play_opponent(GUILD, game_id)


@pytest.mark.backends
async def test_a_lesson_is_a_real_game_in_its_place_judged_move_by_move(database: Path | str) -> None:
    async with open_service(database) as svc:
        tutorial = await svc.tutorials.start(GUILD, ANA, NAMES[0], "basic", CHANNEL, THREAD)
        game = await svc.games.game(GUILD, tutorial.game_id)
        assert game.lesson == "basic" and game.place_id == THREAD and game.status is Status.RUNNING
        assert [s.name for s in sorted(game.seats, key=lambda s: s.seat or 0)] == ["Ana", "Bot"]
        assert (await svc.games.game_here(GUILD, THREAD)).id == game.id
        guided = await svc.tutorials.guide(GUILD, game.id)
        assert guided.number == 1 and guided.shown is not None and str(guided.shown.move) == "place C2 0"
        await svc.turns.act(GUILD, game.id, ANA, "place B3 0")  # legal, but not the temple's place the text means
        assert (await svc.tutorials.of_game(game.id)).step == 1  # type: ignore[union-attr]  # any placement counts
        await svc.turns.act(GUILD, game.id, ANA, "deploy A1 3")
        now = await svc.tutorials.of_game(game.id)
        assert now is not None and now.step == 2 and now.outcome == "advanced"
        await svc.turns.act(GUILD, game.id, ANA, "deploy A1 1")  # not a walk: the step waits
        now = await svc.tutorials.of_game(game.id)
        assert now is not None and now.step == 2 and now.outcome == "other"
        clock = await svc.moderation.clock(GUILD, game.id)
        assert not clock.timing.reminders and clock.timing.turn_hours is None  # nobody is chased in a tutorial


@pytest.mark.backends
async def test_the_computer_plays_the_lessons_turns_and_the_end_closes_the_game_quietly(database: Path | str) -> None:
    async with open_service(database) as svc:
        tutorial = await svc.tutorials.start(GUILD, ANA, NAMES[0], "basic", CHANNEL, None)
        game_id = tutorial.game_id
        assert (await svc.games.game(GUILD, game_id)).place_id == private_place(ANA)
        for step in lesson("basic").steps:
            guided = await svc.tutorials.guide(GUILD, game_id)
            assert guided.step == step and guided.shown is not None and guided.shown.lead == "try"
            await play_step(svc, game_id, str(guided.shown.move))
        done = await svc.tutorials.of_game(game_id)
        assert done is not None and done.closed and done.finished_at is not None and not done.skipped
        assert done.opponent_turn == 4  # its four written turns, the scoring turn among them
        game = await svc.games.game(GUILD, game_id)
        assert game.status is Status.ABORTED
        moves = [m.move for m in (await svc.history.history(GUILD, game_id, 1)).entries]
        assert moves[5:9] == ["place A3 0", "deploy A1 2", "move A1 A3 1", "end"]
        async with svc.storage.read() as r:
            assert await sql.rows(r, "SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)) == []
            assert await sql.rows(r, "SELECT 1 FROM game_results WHERE game_id = ?", (game_id,)) == []
        assert (await svc.tutorials.guide(GUILD, game_id)).step is None
        assert [(c.lesson, c.started, c.finished) for c in await svc.tutorials.counts(GUILD)] == [("basic", 1, 1)]


@pytest.mark.backends
async def test_one_tutorial_under_way_per_member_a_restart_or_a_skip_closes_it(database: Path | str) -> None:
    async with open_service(database) as svc:
        first = await svc.tutorials.start(GUILD, ANA, NAMES[0], "basic", CHANNEL, THREAD)
        await svc.turns.act(GUILD, first.game_id, ANA, "place C2 0")
        again = await svc.tutorials.start(GUILD, ANA, NAMES[0], "basic", CHANNEL, THREAD)  # a restart, same thread
        assert again.game_id != first.game_id and again.step == 0 and again.started_at == first.started_at
        assert (await svc.games.game(GUILD, first.game_id)).status is Status.ABORTED
        other = await svc.tutorials.start(GUILD, MEMBERS[1], NAMES[1], "basic", CHANNEL, None)  # another member
        auction = await svc.tutorials.start(GUILD, ANA, NAMES[0], "auction", CHANNEL, THREAD)
        assert (await svc.games.game(GUILD, again.game_id)).status is Status.ABORTED
        assert (await svc.tutorials.under_way(GUILD, ANA)).lesson == "auction"  # type: ignore[union-attr]
        skipped = await svc.tutorials.stop(GUILD, ANA, skipped=True)
        assert skipped is not None and skipped.game_id == auction.game_id
        assert await svc.tutorials.under_way(GUILD, ANA) is None
        assert (await svc.tutorials.latest(GUILD, ANA)).skipped  # type: ignore[union-attr]
        assert (await svc.games.game(GUILD, other.game_id)).status is Status.RUNNING
        counts = {c.lesson: (c.started, c.finished) for c in await svc.tutorials.counts(GUILD)}
        assert counts == {"basic": (2, 0), "auction": (1, 0)}


@pytest.mark.backends
async def test_a_tutorial_is_in_no_list_and_no_rating(database: Path | str) -> None:
    async with open_service(database) as svc:
        real = await started_game(svc, 2)
        tutorial = await svc.tutorials.start(GUILD, ANA, NAMES[0], "basic", CHANNEL + 1, None)
        listed = await svc.history.games(GUILD)
        assert [g.id for g in listed.active] == [real.id]
        assert [g.game.id for g in await svc.moderation.my_games(GUILD, ANA)] == [real.id]
        game = await svc.games.game(GUILD, tutorial.game_id)
        async with svc.storage.transaction() as tx:  # even a moderator's stop of it under a "rate stopped" rule
            from bot.core.league import ratings

            row = await tx.game(GUILD, game.id)
            assert row is not None
            assert await ratings.rate_game(tx, row, [5, 1], stopped=True) == []

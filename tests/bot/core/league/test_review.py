"""The review of a finished game in the core (``bot.core.league.review``): the alternatives it names are moves the
engine accepts from the position each turn began in, the worst turns come first, a lobby, a running game and a
stopped one are refused in the reader's words, and a review is made once: kept in the database (both backends),
shared by two requests at once, made again only under another judgement. The strong player searches with a small
budget here (``QUICK``)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage import sql
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.results import GameInfo
from bot.core.words.errors import BadOption, NoGame, WrongStatus
from engine.ai.review import KEEP, LEAST
from lang import translator
from tests.bot.core.servicekit import GUILD, MEMBERS, OTHER_GUILD, open_service, play_to_end
from tests.bot.core.servicekit import started_game as start
from tests.engine.test_ai_review import QUICK

ANA = MEMBERS[0]


async def finished(svc: Core, seed: int = 3) -> GameInfo:
    game = await start(svc, 2)
    await play_to_end(svc, game, random.Random(seed))
    svc.reviews.settings = QUICK
    return await svc.games.game(GUILD, game.id)


def states_of(record: dict[str, object]) -> list[engine.GameState]:
    read = engine.read_record(record)
    states = [read.start()]
    for text in read.moves:
        states.append(engine.apply(states[-1], engine.parse_move(text)))
    return states


@pytest.mark.backends
async def test_a_finished_game_is_reviewed_once_and_kept(database: Path | str) -> None:
    async with open_service(database) as svc:
        game = await finished(svc)
        review = await svc.reviews.review(GUILD, game.id)
        assert review.players == ("Ana", "Ben") and svc.reviews.made == 1
        states = states_of(await svc.games.record(GUILD, game.id))
        assert len(review.turns) > 20 and [t.start for t in review.turns] == sorted(t.start for t in review.turns)
        worst = review.worst()
        assert set(worst) == {0, 1} and any(worst.values())
        for seat, turns in worst.items():
            assert len(turns) <= KEEP and [t.loss for t in turns] == sorted((t.loss for t in turns), reverse=True)
            for turn in turns:
                assert turn.seat == seat and turn.loss >= LEAST and turn.played != turn.better
                state = states[turn.start]
                for move in turn.better:  # the alternative: a turn the engine accepts from where this one began
                    state = engine.apply(state, engine.parse_move(move), player=seat)
        assert review.worst(1) == {1: worst[1]} and review.seat_named("ben") == 1
        with pytest.raises(BadOption, match="Ana, Ben"):
            review.seat_named("Zed")
        # kept: asked again, even by another process on the same database, it is read back, not made
        again = await svc.reviews.review(GUILD, game.id)
        assert again.turns == review.turns and svc.reviews.made == 1
        assert (await svc.reviews.kept(GUILD, game.id)) == again
    async with open_service(database) as other:
        other.reviews.settings = QUICK
        assert (await other.reviews.review(GUILD, game.id)).turns == review.turns and other.reviews.made == 0
        other.reviews.settings = None  # the bot's own judgement: the review kept was made with another one
        assert await other.reviews.kept(GUILD, game.id) is None
        async with other.storage.read() as r:
            assert await sql.one(r, "SELECT COUNT(*) FROM game_reviews") == (1,)


async def test_lobbies_running_and_stopped_games_are_refused_in_the_readers_words(tmp_path: Path) -> None:
    async with open_service(tmp_path / "t.sqlite3") as svc:
        svc.reviews.settings = QUICK
        lobby = await svc.lobby.new_game(GUILD, 600, ANA, "Ana")
        running = await start(svc, 2)
        await play_to_end(svc, running, random.Random(1), limit=30)
        stopped = await start(svc, 2, channel=700)
        await svc.moderation.abort(GUILD, stopped.id, ANA, is_moderator=True)
        for game, words, german in ((lobby, "has not started yet", "hat noch nicht begonnen"),
                                    (running, "still being played", "wird noch gespielt"),
                                    (stopped, "stopped before its end", "vor ihrem Ende abgebrochen")):
            with pytest.raises(WrongStatus, match=words) as refused:
                await svc.reviews.review(GUILD, game.id)
            assert german in translator("de").render(refused.value) and f"#{game.id}" in str(refused.value)
            assert await svc.reviews.kept(GUILD, game.id) is None
        with pytest.raises(NoGame):
            await svc.reviews.review(OTHER_GUILD, running.id)  # another server's game is not there
        assert svc.reviews.made == 0
        async with svc.storage.read() as r:
            assert await sql.one(r, "SELECT COUNT(*) FROM game_reviews") == (0,)


async def test_two_requests_at_once_share_one_review_and_reviews_queue_one_job_per_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.core.league.review

    running, most = 0, 0
    off_loop = bot.core.league.review.thinking.off_loop

    async def counted(*args: object, **kwargs: object) -> object:
        nonlocal running, most
        running += 1
        most = max(most, running)
        try:
            return await off_loop(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            running -= 1

    monkeypatch.setattr(bot.core.league.review.thinking, "off_loop", counted)
    async with open_service(tmp_path / "t.sqlite3") as svc:
        game = await finished(svc, seed=4)
        other = await finished(svc, seed=6)
        first, second, third = await asyncio.gather(svc.reviews.review(GUILD, game.id),
                                                    svc.reviews.review(GUILD, game.id),
                                                    svc.reviews.review(GUILD, other.id))
        assert first.turns == second.turns != third.turns and svc.reviews.made == 2
        assert most == 1  # no pool here: one job at a time, for both games' reviews together


@pytest.mark.slow
async def test_a_review_is_made_in_the_worker_pool(tmp_path: Path, pool: CpuPool) -> None:
    async with open_service(tmp_path / "t.sqlite3") as svc:
        game = await finished(svc, seed=5)
        svc.reviews.pool = pool
        in_pool = await svc.reviews.review(GUILD, game.id)
        assert pool.started == 1 and svc.reviews.made == 1
        async with svc.storage.transaction() as tx:
            await sql.run(tx, "DELETE FROM game_reviews")
        svc.reviews.pool = None
        assert (await svc.reviews.review(GUILD, game.id)).turns == in_pool.turns  # the same in a thread

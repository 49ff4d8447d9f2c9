"""Ratings: the library's Plackett–Luce update on hand-computed examples, who is rated at which place,
the update written once in the transaction that ends a game (on both backends, and after a crash), the server's
rules for seats that left and stopped games, computer levels, seasons and the leaderboard."""

from __future__ import annotations

import asyncio
import math
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

import bot.core.storage.sqlite
from bot.core.assembly import Core
from bot.core.league import ratings
from bot.core.league.ratings import COMPUTER_PLAYERS, Rating, RatingRules, SeatResult, places, rate
from bot.core.league.standings import Season
from bot.core.storage import postgres as postgres_storage
from bot.core.storage import sql
from bot.core.storage.backends import open_storage
from bot.core.storage.base import Storage, Transaction
from bot.core.storage.migrations import MIGRATIONS
from bot.core.storage.migrations_pg import POSTGRES_MIGRATIONS
from bot.core.storage.rows import GameRow, Status
from bot.core.table.results import GameInfo
from bot.core.words.errors import BadOption, NotAllowed, WrongStatus
from engine import GameState
from lang import translator
from tests.bot.core.clockkit import MOD, Kit
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, OTHER_GUILD, open_service, play_to_end
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, DEE = MEMBERS

# --- the update itself ---------------------------------------------------------------------------------------

BETA, KAPPA, TAU = 25 / 6, 0.0001, 25 / 300


def by_hand(ratings_: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """Weng & Lin (2011), Algorithm 4 (Plackett–Luce), written out: σ first grows by τ; c² = Σ(σᵢ² + β²);
    Σ_q = Σ_{i: rᵢ ≥ r_q} e^{μᵢ/c}; A_q = |{s: r_s = r_q}|; for each i, over every q with r_q ≤ rᵢ:
    Ω += (𝟙[q = i] − e^{μᵢ/c}/Σ_q)/A_q and Δ += (e^{μᵢ/c}/Σ_q)(1 − e^{μᵢ/c}/Σ_q)/A_q; then μᵢ += σᵢ²/c · Ω and
    σᵢ ·= √max(1 − σᵢ/c · σᵢ²/c² · Δ, κ)."""
    sig2 = [s * s + TAU * TAU for _, s in ratings_]
    c = math.sqrt(sum(v + BETA * BETA for v in sig2))
    e = [math.exp(mu / c) for mu, _ in ratings_]
    k = len(ratings_)
    sum_q = [sum(e[i] for i in range(k) if ranks[i] >= ranks[q]) for q in range(k)]
    a = [sum(1 for s in range(k) if ranks[s] == ranks[q]) for q in range(k)]
    out = []
    for i, (mu, _) in enumerate(ratings_):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = e[i] / sum_q[q]
                omega += ((1 if q == i else 0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        sigma = math.sqrt(sig2[i])
        out.append((mu + sig2[i] / c * omega,
                    sigma * math.sqrt(max(1 - sigma / c * sig2[i] / c ** 2 * delta, KAPPA))))
    return out


def library(ratings_: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings_]
    return [(t[0].mu, t[0].sigma) for t in model.rate(teams, ranks=[float(r) for r in ranks])]


EXAMPLES = {
    "2 players": ([(25.0, 25 / 3)] * 2, [1, 2]),
    "2 players tied": ([(25.0, 25 / 3), (31.0, 5.0)], [1, 1]),
    "3 players": ([(25.0, 25 / 3), (28.0, 6.0), (20.0, 7.5)], [2, 1, 3]),
    "3 players, a shared win": ([(25.0, 25 / 3), (28.0, 6.0), (20.0, 7.5)], [1, 1, 3]),
    "4 players": ([(25.0, 25 / 3), (30.0, 4.0), (18.0, 6.0), (26.0, 8.0)], [4, 2, 1, 3]),
    "4 players, ties": ([(25.0, 25 / 3), (30.0, 4.0), (18.0, 6.0), (26.0, 8.0)], [2, 1, 2, 4]),
    "4 players, a resignation counted last among ties": ([(27.0, 3.0)] * 4, [1, 2, 2, 4]),
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_update_is_the_librarys_and_matches_the_hand_computed_formulas(name: str) -> None:
    start_, ranks = EXAMPLES[name]
    ours = rate([Rating(mu, sigma) for mu, sigma in start_], ranks)
    for (mu, sigma), theirs, hand in zip([(r.mu, r.sigma) for r in ours], library(start_, ranks),
                                         by_hand(start_, ranks), strict=True):
        assert mu == pytest.approx(theirs[0], abs=1e-12) and sigma == pytest.approx(theirs[1], abs=1e-12)
        assert mu == pytest.approx(hand[0], abs=1e-9) and sigma == pytest.approx(hand[1], abs=1e-9)
    tied = [i for i in range(len(ranks)) if ranks.count(ranks[i]) > 1]
    for i in tied:  # equal ratings that tie move alike
        for j in tied:
            if ranks[i] == ranks[j] and start_[i] == start_[j]:
                assert ours[i] == ours[j]


def test_two_new_players_by_hand() -> None:
    """On paper: σ² = 625/9 + (1/12)², c² = 2(σ² + 625/36) = 173.625; the winner's Ω = ½, Δ = ¼; so μ = 25 ± ½σ²/c
    = 25 ± 2.6354, σ = σ√(1 − ¼·σ³/c³) = 8.0659; and the ordinals μ − 3σ."""
    winner, loser = rate([Rating(), Rating()], [1, 2])
    assert (round(winner.mu, 4), round(winner.sigma, 4)) == (27.6354, 8.0659)
    assert (round(loser.mu, 4), round(loser.sigma, 4)) == (22.3646, 8.0659)
    assert winner.ordinal == pytest.approx(winner.mu - 3 * winner.sigma) and Rating().ordinal == pytest.approx(0)


def test_places_by_score_with_ties_and_the_seats_that_left() -> None:
    seats = [SeatResult(0, 1, 40), SeatResult(1, 2, 55), SeatResult(2, 3, 40), SeatResult(3, 4, 70, "resigned")]
    got = {p.seat.seat: (p.place, p.counted) for p in places(seats, RatingRules())}
    assert got == {1: (1, "score"), 0: (2, "score"), 2: (2, "score"), 3: (4, "last")}  # a resignation: last
    by_score = {p.seat.seat: p.place for p in places(seats, RatingRules(resigned="score"))}
    assert by_score == {3: 1, 1: 2, 0: 3, 2: 3}
    kicked = [*seats[:3], SeatResult(3, 4, 70, "kicked")]
    def shown(found: list[ratings.Placed]) -> list[tuple[int, int, str]]:
        return [(p.seat.seat, p.place, p.counted) for p in found]

    assert shown(places(kicked, RatingRules())) == shown(places(seats, RatingRules()))  # kicked: as resigned
    assert [p.seat.seat for p in places(kicked, RatingRules(kicked="unrated"))] == [0, 1, 2]
    assert {p.seat.seat: p.place for p in places(kicked, RatingRules(resigned="unrated", kicked="last"))}[3] == 4
    two_left = [SeatResult(0, 1, 10, "resigned"), SeatResult(1, 2, 0), SeatResult(2, 3, 30, "kicked")]
    assert [(p.place, p.counted) for p in places(two_left, RatingRules())] == [(2, "last"), (1, "score"),
                                                                              (2, "last")]


def test_the_rules_are_checked() -> None:
    with pytest.raises(BadOption):
        RatingRules(resigned="resigned").validated()
    with pytest.raises(BadOption):
        RatingRules(aborted="last").validated()
    assert str(ratings.rules_text(RatingRules())) == \
        "A resignation: last place · a kicked seat: as a resignation · a stopped game: not rated."
    assert translator("fr").message(ratings.rules_text(RatingRules(aborted="scores"))).endswith(
        "une partie arrêtée : classée selon ses scores d’alors.")


# --- stored, once, at the end of a game ----------------------------------------------------------------------

async def stored(svc: Core, guild: int = GUILD, season: int = 0) -> dict[int, tuple[Rating, int, int]]:
    """player → (rating, games, wins)."""
    async with svc.storage.read() as r:
        rows = await sql.rows(r, "SELECT player_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND "
                                 "season_id = ?", (guild, season))
    return {int(p): (Rating(float(mu), float(s)), int(g), int(w)) for p, mu, s, g, w in rows}


async def outcome(svc: Core, game_id: int) -> str | None:
    async with svc.storage.read() as r:
        row = await sql.one(r, "SELECT outcome FROM rated_games WHERE game_id = ?", (game_id,))
    return None if row is None else str(row[0])


async def finished(svc: Core, players: int = 2, *, channel: int = CHANNEL, seed: int = 3) -> GameState:
    game = await start(svc, players, channel=channel)
    await play_to_end(svc, game, random.Random(seed))
    loaded = await svc.store.load(GUILD, game.id)
    return loaded.state


def expected(scores: Sequence[int], before: Sequence[Rating] | None = None) -> list[Rating]:
    best = sorted(scores, reverse=True)
    return rate(list(before or [Rating()] * len(scores)), [1 + best.index(s) for s in scores])


@pytest.mark.slow
@pytest.mark.backends
async def test_a_finished_game_is_rated_once_in_its_last_moves_transaction(svc: Core) -> None:
    first = await finished(svc, 2)
    want = expected(first.score)
    got = await stored(svc)
    assert {p: (r.mu, r.sigma) for p, (r, _, _) in got.items()} == \
        {m: (w.mu, w.sigma) for m, w in zip(MEMBERS, want, strict=False)}
    assert all(games == 1 for _, games, _ in got.values())
    assert sum(wins for _, _, wins in got.values()) == sum(1 for s in first.score if s == max(first.score))
    game_id = max(g.id for g in await svc.games.games(GUILD, (Status.FINISHED,)))
    assert await outcome(svc, game_id) == "rated"
    async with svc.storage.read() as r:
        history = await sql.rows(r, "SELECT seat, player_id, place, seats, counted, mu_after FROM rating_history "
                                    "WHERE game_id = ? ORDER BY seat", (game_id,))
    assert [(s, p, n, c) for s, p, _, n, c, _ in history] == [(0, ANA, 2, "score"), (1, BEN, 2, "score")]
    # Rating it again (a second hook, a replayed transaction) changes nothing.
    async with svc.storage.transaction() as tx:
        row = await tx.game(GUILD, game_id)
        assert row is not None
        assert await ratings.rate_game(tx, row, first.score) == []
    assert await stored(svc) == got
    # The next game starts from the stored ratings.
    second = await finished(svc, 2, channel=CHANNEL + 1, seed=4)
    again = expected(second.score, [got[ANA][0], got[BEN][0]])
    now = await stored(svc)
    assert (now[ANA][0], now[BEN][0]) == (again[0], again[1]) and now[ANA][1] == 2


@pytest.mark.slow
@pytest.mark.backends
async def test_a_crash_in_the_last_moves_transaction_loses_no_rating_and_counts_none_twice(
        database: Path | str) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 2)

        async def crash(tx: Transaction, row: GameRow, before: GameState | None, after: GameState) -> None:
            if after.finished:
                raise RuntimeError("the process died here")

        svc.store.commit_hooks.append(crash)  # after the ratings' hook: they were written, then the transaction dies
        with pytest.raises(RuntimeError, match="died"):
            await play_to_end(svc, game, random.Random(3))
        assert await stored(svc) == {} and await outcome(svc, game.id) is None
        assert (await svc.games.game(GUILD, game.id)).status is Status.RUNNING
    async with open_service(database) as svc:  # a restart: the last move is made again
        await play_to_end(svc, game, random.Random(5))
        state = (await svc.store.load(GUILD, game.id)).state
        got = await stored(svc)
        assert {p: games for p, (_, games, _) in got.items()} == {ANA: 1, BEN: 1}
        assert [got[ANA][0], got[BEN][0]] == expected(state.score)
        assert await outcome(svc, game.id) == "rated"


async def rate_now(svc: Core, game: GameInfo, scores: Sequence[int]) -> list[ratings.Change]:
    """Rate a running game as if it had ended with ``scores`` (the exact places a test wants)."""
    async with svc.storage.transaction() as tx:
        row = await tx.game(GUILD, game.id)
        assert row is not None
        return await ratings.rate_game(tx, row, scores)


@pytest.mark.backends
async def test_three_and_four_players_with_ties_are_rated_as_the_library_rates_them(svc: Core) -> None:
    three = await start(svc, 3)
    await rate_now(svc, three, [40, 52, 40])
    got = await stored(svc)
    want = rate([Rating()] * 3, [2, 1, 2])
    assert [got[m][0] for m in MEMBERS[:3]] == want
    assert [got[m][2] for m in MEMBERS[:3]] == [0, 1, 0]
    four = await start(svc, 4, channel=CHANNEL + 1)
    await rate_now(svc, four, [61, 61, 30, 45])  # a shared win
    now = await stored(svc)
    want4 = rate([got[ANA][0], got[BEN][0], got[CY][0], Rating()], [1, 1, 4, 3])
    assert [now[m][0] for m in MEMBERS] == want4
    assert [now[m][2] for m in MEMBERS] == [1, 2, 0, 0]  # a shared win is a win for both


async def test_computer_levels_are_rated_one_rating_per_level(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", seats=4, computers=2, computer_level="easy")
    await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    started = (await svc.lobby.start(GUILD, game.id, ANA)).game
    changes = await rate_now(svc, started, [30, 50, 40, 20])  # seats: Ana, Bot1, Bot2, Ben
    got = await stored(svc)
    easy = COMPUTER_PLAYERS["easy"]
    assert set(got) == {ANA, BEN, easy}
    per_seat = rate([Rating()] * 4, [3, 1, 2, 4])
    assert got[ANA][0] == per_seat[0] and got[BEN][0] == per_seat[3]
    # The level held two seats: its μ moves by both seats' changes, its σ is the smaller one.
    assert got[easy][0].mu == pytest.approx(25 + (per_seat[1].mu - 25) + (per_seat[2].mu - 25))
    assert got[easy][0].sigma == min(per_seat[1].sigma, per_seat[2].sigma)
    assert got[easy][1:] == (1, 1)
    assert sorted(c.placed.seat.seat for c in changes) == [0, 1, 2, 3]


async def test_a_seat_handed_to_a_computer_midgame_stays_its_members(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    await kit.mod.computer(GUILD, game.id, BEN, "random", MOD, is_moderator=True)
    await rate_now(kit.svc, game, [10, 20])
    assert set(await stored(kit.svc)) == {ANA, BEN}


# --- the server's rules --------------------------------------------------------------------------------------

@pytest.mark.backends
async def test_a_resignation_is_a_last_place_and_a_kick_a_resignation_by_default(kit: Kit) -> None:
    game = await start(kit.svc, 3)
    await kit.mod.resign(GUILD, game.id, CY)
    await rate_now(kit.svc, game, [10, 20, 99])
    got = await stored(kit.svc)
    assert [got[m][0] for m in (ANA, BEN, CY)] == rate([Rating()] * 3, [2, 1, 3])
    other = await start(kit.svc, 3, channel=CHANNEL + 1)
    await kit.mod.kick(GUILD, other.id, BEN, MOD, is_moderator=True)
    await rate_now(kit.svc, other, [10, 99, 5])
    now = await stored(kit.svc)
    assert [now[m][0] for m in (ANA, BEN, CY)] == rate([got[ANA][0], got[BEN][0], got[CY][0]], [1, 3, 2])


async def test_the_moderators_choose_how_seats_that_left_count(kit: Kit) -> None:
    config = await kit.mod.configure(GUILD, MOD, is_moderator=True, rate_resigned="score", rate_kicked="unrated")
    assert config.rating == RatingRules("score", "unrated", "unrated")
    with pytest.raises(NotAllowed):
        await kit.mod.configure(GUILD, BEN, is_moderator=False, rate_kicked="last")
    with pytest.raises(BadOption):
        await kit.mod.configure(GUILD, MOD, is_moderator=True, rate_aborted="last")
    assert (await kit.mod.config(GUILD)).rating == config.rating
    assert (await kit.mod.config(OTHER_GUILD)).rating == RatingRules()  # per server
    game = await start(kit.svc, 4)
    await kit.mod.resign(GUILD, game.id, CY)
    await kit.mod.kick(GUILD, game.id, DEE, MOD, is_moderator=True)
    await rate_now(kit.svc, game, [10, 20, 99, 50])
    got = await stored(kit.svc)
    assert set(got) == {ANA, BEN, CY}  # the kicked seat is left out; the resigned one counts by its score
    assert [got[m][0] for m in (ANA, BEN, CY)] == rate([Rating()] * 3, [3, 2, 1])


@pytest.mark.slow
@pytest.mark.backends
async def test_a_stopped_game_is_not_rated_unless_the_moderators_say_so(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    await play_to_end(kit.svc, game, random.Random(3), limit=30)
    await kit.mod.abort(GUILD, game.id, MOD, is_moderator=True)
    assert await stored(kit.svc) == {} and await outcome(kit.svc, game.id) == "aborted"
    await kit.mod.configure(GUILD, MOD, is_moderator=True, rate_aborted="scores")
    other = await start(kit.svc, 2, channel=CHANNEL + 1)
    moved = await play_to_end(kit.svc, other, random.Random(4), limit=200)
    scores = [p.score for p in moved[-1].view.players]
    await kit.mod.abort(GUILD, other.id, MOD, is_moderator=True)
    got = await stored(kit.svc)
    assert [got[ANA][0], got[BEN][0]] == expected(scores) and await outcome(kit.svc, other.id) == "rated"
    # A lobby closed is no game at all.
    lobby = await kit.svc.lobby.new_game(GUILD, CHANNEL + 2, ANA, "Ana")
    await kit.mod.abort(GUILD, lobby.id, ANA, is_moderator=False)
    assert await outcome(kit.svc, lobby.id) is None


async def test_a_game_everyone_left_follows_the_rule_for_stopped_games(kit: Kit) -> None:
    await kit.mod.configure(GUILD, MOD, is_moderator=True, rate_aborted="scores", rate_resigned="score")
    game = await start(kit.svc, 2)
    await kit.mod.resign(GUILD, game.id, ANA)
    await kit.mod.resign(GUILD, game.id, BEN)
    assert (await kit.svc.games.game(GUILD, game.id)).status is Status.ABORTED
    assert set(await stored(kit.svc)) == {ANA, BEN} and await outcome(kit.svc, game.id) == "rated"


# --- seasons and the leaderboard -----------------------------------------------------------------------------

@pytest.mark.backends
async def test_a_season_counts_the_games_that_end_while_it_is_open(kit: Kit) -> None:
    standings = kit.svc.standings
    early = await start(kit.svc, 2)
    await rate_now(kit.svc, early, [10, 20])
    with pytest.raises(NotAllowed):
        await standings.start_season(GUILD, "Spring", BEN, is_moderator=False)
    spring = await standings.start_season(GUILD, "  Spring   2026 ", MOD, is_moderator=True)
    assert spring.name == "Spring 2026" and spring.open
    with pytest.raises(WrongStatus, match="end it first"):
        await standings.start_season(GUILD, "Summer", MOD, is_moderator=True)
    during = await start(kit.svc, 3, channel=CHANNEL + 1)
    await rate_now(kit.svc, during, [30, 20, 10])
    in_season = await stored(kit.svc, season=spring.id)
    assert {p: g for p, (_, g, _) in in_season.items()} == {ANA: 1, BEN: 1, CY: 1}
    assert [in_season[m][0] for m in (ANA, BEN, CY)] == rate([Rating()] * 3, [1, 2, 3])  # the season starts afresh
    assert (await stored(kit.svc))[BEN][1] == 2  # all time counts both
    ended = await standings.end_season(GUILD, MOD, is_moderator=True)
    assert ended.id == spring.id and not ended.open
    with pytest.raises(WrongStatus):
        await standings.end_season(GUILD, MOD, is_moderator=True)
    with pytest.raises(BadOption, match="already had"):
        await standings.start_season(GUILD, "spring 2026", MOD, is_moderator=True)
    after = await start(kit.svc, 2, channel=CHANNEL + 2)
    await rate_now(kit.svc, after, [5, 1])
    assert await stored(kit.svc, season=spring.id) == in_season
    board = await standings.leaderboard(GUILD, await standings.season_named(GUILD, "SPRING 2026"))
    assert board.total == 3 and board.entries[0].player_id == ANA
    assert (await standings.leaderboard(GUILD)).total == 3
    assert [s.name for s in await standings.seasons(GUILD)] == ["Spring 2026"]
    assert await standings.seasons(OTHER_GUILD) == []
    with pytest.raises(BadOption):
        await standings.season_named(OTHER_GUILD, "Spring 2026")


def after_the_next_commit(storage: Storage, then: Callable[[], Awaitable[object]]) -> list[object]:
    """Run ``then`` right after the storage's next transaction commits, before its caller goes on (a second
    moderator's command landing at that moment); its outcome, a value or a refusal, goes into the list returned."""
    original = storage.transaction
    outcome: list[object] = []

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Transaction]:
        storage.transaction = original  # type: ignore[method-assign]
        async with original() as tx:
            yield tx
        try:
            outcome.append(await then())
        except WrongStatus as refused:
            outcome.append(refused)

    storage.transaction = transaction  # type: ignore[method-assign]
    return outcome


@pytest.mark.backends
async def test_a_season_ended_the_moment_it_was_started_is_told_to_both_moderators(kit: Kit) -> None:
    standings = kit.svc.standings
    ended = after_the_next_commit(kit.svc.storage, lambda: standings.end_season(GUILD, BEN, is_moderator=True))
    started = await standings.start_season(GUILD, "Spring", MOD, is_moderator=True)
    (end,) = ended
    assert isinstance(end, Season) and end.id == started.id and not end.open and end.ended_by == BEN
    assert (started.name, started.started_by) == ("Spring", MOD)
    assert await standings.current_season(GUILD) is None


@pytest.mark.backends
@pytest.mark.parametrize("first", ["start", "end"])
async def test_a_season_started_and_ended_at_once_answers_both_moderators_truly_in_either_order(
        kit: Kit, first: str) -> None:
    standings = kit.svc.standings

    async def end() -> Season | WrongStatus:
        try:
            return await standings.end_season(GUILD, BEN, is_moderator=True)
        except WrongStatus as refused:
            return refused

    starting = standings.start_season(GUILD, "Spring", MOD, is_moderator=True)
    if first == "start":
        started, ended = await asyncio.gather(starting, end())
    else:
        ended, started = await asyncio.gather(end(), starting)
    now = await standings.current_season(GUILD)
    if isinstance(ended, Season):  # the end came second: it ended the season just started
        assert ended.id == started.id and not ended.open and now is None
    else:  # the end came first: there was nothing to end, and the season runs
        assert "No season is running" in str(ended) and now == started


@pytest.mark.backends
async def test_the_leaderboard_pages_by_ordinal(svc: Core) -> None:
    async with svc.storage.transaction() as tx:
        await sql.run_many(tx, "INSERT INTO ratings (guild_id, season_id, player_id, mu, sigma, ordinal, games, "
                               "wins, last_played) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?)",
                           [(GUILD, 1000 + k, 20 + k / 2, 5.0, Rating(20 + k / 2, 5.0).ordinal, 1 + k % 3, k % 2,
                             1000.0 + k) for k in range(23)]
                           + [(GUILD, 999, 50.0, 1.0, Rating(50.0, 1.0).ordinal, 0, 0, 1.0),  # no game: not shown
                              (OTHER_GUILD, 998, 50.0, 1.0, Rating(50.0, 1.0).ordinal, 3, 3, 1.0)])
    standings = svc.standings
    first = await standings.leaderboard(GUILD)
    assert (first.page, first.pages, first.total) == (1, 3, 23)
    assert [e.player_id for e in first.entries] == [1022 - k for k in range(10)]
    assert [e.rank for e in first.entries] == list(range(1, 11))
    last = await standings.leaderboard(GUILD, page=3)
    assert [e.player_id for e in last.entries] == [1002, 1001, 1000] and last.entries[0].rank == 21
    ordinals = [e.rating.ordinal for p in (1, 2, 3) for e in (await standings.leaderboard(GUILD, page=p)).entries]
    assert ordinals == sorted(ordinals, reverse=True) and len(ordinals) == 23
    with pytest.raises(BadOption, match="3 pages"):
        await standings.leaderboard(GUILD, page=4)
    assert (await standings.leaderboard(OTHER_GUILD)).total == 1


async def test_a_members_rating_shows_its_place_and_latest_changes(svc: Core) -> None:
    standings = svc.standings
    games = [await start(svc, 2, channel=CHANNEL + k) for k in range(12)]
    for k, game in enumerate(games):
        await rate_now(svc, game, [10, 20] if k % 3 else [20, 10])
    mine = await standings.member(GUILD, ANA)
    got = await stored(svc)
    assert mine.all_time is not None and mine.all_time.rating == got[ANA][0]
    assert (mine.all_time.games, mine.all_time.wins) == (12, 4) and mine.all_time.rank == 2
    assert len(mine.changes) == 10 and [c.game_id for c in mine.changes] == [g.id for g in games[::-1][:10]]
    assert mine.changes[0].after.mu == pytest.approx(got[ANA][0].mu)
    assert all(c.seats == 2 and c.counted == "score" for c in mine.changes)
    assert mine.season is None and mine.in_season is None
    nobody = await standings.member(GUILD, 424242)
    assert nobody.all_time is None and nobody.changes == ()


@pytest.mark.slow
async def test_games_ended_before_the_ratings_are_never_rated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database migrated without 8 (the numbers after it were merged first) gets 8 at the next start."""
    path = tmp_path / "t.sqlite3"
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", [m for m in MIGRATIONS if m[0] != 8])
    async with open_service(path) as svc:
        svc.store.commit_hooks.remove(ratings.on_commit)  # the code of then had no ratings
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(3))
    monkeypatch.setattr(bot.core.storage.sqlite, "MIGRATIONS", MIGRATIONS)
    async with open_service(path) as svc:
        assert await outcome(svc, game.id) == "before" and await stored(svc) == {}
        async with svc.storage.transaction() as tx:
            row = await tx.game(GUILD, game.id)
            assert row is not None and await ratings.rate_game(tx, row, [1, 2]) == []
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)
        assert [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY applied_at, version")][-2:] \
            == [max(n for n, _ in MIGRATIONS), 8]  # 8 came last


async def test_postgresql_gets_migration_8_after_9_too(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same in PostgreSQL: a number not applied yet is applied, whatever the highest applied is."""
    monkeypatch.setattr(postgres_storage, "POSTGRES_MIGRATIONS", [m for m in POSTGRES_MIGRATIONS if m[0] != 8])
    storage = await open_storage(pg_url)
    async with storage.read() as r:
        assert await sql.one(r, "SELECT to_regclass('ratings')") == (None,)
    await storage.close()
    monkeypatch.setattr(postgres_storage, "POSTGRES_MIGRATIONS", POSTGRES_MIGRATIONS)
    storage = await open_storage(pg_url)
    async with storage.read() as r:
        assert await sql.one(r, "SELECT to_regclass('ratings') IS NOT NULL") == (True,)
        versions = [int(v) for (v,) in await sql.rows(r, "SELECT version FROM schema_version ORDER BY version")]
    await storage.close()
    assert versions == [n for n, _ in POSTGRES_MIGRATIONS]

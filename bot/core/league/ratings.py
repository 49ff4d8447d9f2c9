"""Ratings per server: OpenSkill's Plackett–Luce model, updated exactly once when a game ends.

The model is the ``openskill`` library's ``PlackettLuce`` with its defaults (μ 25, σ 25/3, β 25/6, τ 25/300),
made for free-for-all results of any number of players: each seat is a team of one, its place the rank (1 for
first; a shared win, or any equal score, is a tie). What members see is openskill's ``ordinal()``: μ − 3σ, which
starts at 0 and grows as the rating becomes both good and certain.

Who is rated for a seat: its member at the end (the one a moderator put there with ``replace``), or the member
who left it (kicked or resigned: ``absent_seats``); a seat that was a computer player from the lobby is its
level's, one rating per level and server (``COMPUTER_PLAYERS``), so members see where they stand against them.
A seat a moderator handed to a computer player mid-game stays its member's. A level that holds several seats of
one game moves by the sum of its seats' changes of μ and keeps the smallest σ among them.

How seats that left and stopped games count is the server's (``RatingRules``, ``/tikal-mod config``): by default a
resignation is a last place, a kicked seat counts as a resignation, and a stopped (aborted) game is not rated.
``unrated`` leaves a seat out (the others are rated among themselves); a game with fewer than two seats left to
rate is not rated.

Exactly once: ``on_commit`` is a commit hook of the game store (``GameStore``), so the ratings change inside the
transaction of the move that finishes the game, with the game's status, results, snapshot and posts; a stopped game
is rated in the moderator's abort transaction. Either all of it commits or none of it (a crash, a lost race, a
refused commit), and the next try starts over from the ratings as stored. ``rated_games`` names every ended game
once (its primary key): a game found there is never rated again. Ratings rows are read ``FOR UPDATE`` in the order
of their keys, so two games of one server ending at once in two processes (PostgreSQL) are rated one after the
other.

Seasons: while a season is open, a game that ends updates the season's ratings too (``season_id``; 0 is all
time). Every change is kept in ``rating_history``: one row per game, scope and seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

import engine
from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import GameRow
from bot.core.storage.seats import is_computer_member
from bot.core.words.errors import BadOption, quoted
from bot.core.words.texts import tr
from engine import GameState, Phase
from engine.messages import Said

MODEL: Final = PlackettLuce()
ALL_TIME: Final = 0
"""The ``season_id`` of the all-time ratings."""
COMPUTER_PLAYERS: Final = {"random": -201, "easy": -202, "strong": -203}
"""The player id of each computer level's rating (a member id is a positive Discord id)."""
RESIGNED: Final = ("last", "score", "unrated")
"""How a resigned seat counts: last place, by its score, or not at all."""
KICKED: Final = ("resigned", "last", "score", "unrated")
"""How a kicked seat counts: as a resignation, or as the others say."""
ABORTED: Final = ("unrated", "scores")
"""A stopped game: not rated, or rated by the scores it had when it was stopped."""


def level_of(player_id: int) -> str | None:
    """The computer level whose rating ``player_id`` is, or None for a member."""
    return next((level for level, pid in COMPUTER_PLAYERS.items() if pid == player_id), None)


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating: openskill's μ and σ."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """What members see: openskill's ``ordinal()`` (μ − 3σ; 0 for a new player)."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


def rate(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """One game's update by the library: each rating one seat (a team of one), ``places`` 1 for first and equal
    places tied."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError("a rated game has two seats or more, each with its place")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(float(team[0].mu), float(team[0].sigma)) for team in rated]


@dataclass(frozen=True, slots=True)
class RatingRules:
    """How a server counts seats whose player left and games that were stopped (``/tikal-mod config``)."""

    resigned: str = "last"
    kicked: str = "resigned"
    aborted: str = "unrated"

    def validated(self) -> RatingRules:
        def listed(allowed: tuple[str, ...]) -> str:
            return ", ".join(f"`{a}`" for a in allowed)

        if self.resigned not in RESIGNED:
            raise BadOption(tr("ratings.bad_resigned", "How a resigned seat is rated: {allowed}, not {value}.",
                               allowed=listed(RESIGNED), value=quoted(self.resigned)))
        if self.kicked not in KICKED:
            raise BadOption(tr("ratings.bad_kicked", "How a kicked seat is rated: {allowed}, not {value}.",
                               allowed=listed(KICKED), value=quoted(self.kicked)))
        if self.aborted not in ABORTED:
            raise BadOption(tr("ratings.bad_aborted", "How a stopped game is rated: {allowed}, not {value}.",
                               allowed=listed(ABORTED), value=quoted(self.aborted)))
        return self

    def counted(self, left: str | None) -> str:
        """How a seat counts (``score``, ``last`` or ``unrated``): ``left`` is ``resigned``, ``kicked`` or None."""
        if left is None:
            return "score"
        if left == "kicked" and self.kicked != "resigned":
            return self.kicked
        return self.resigned


def _counted(how: str) -> Said:
    return {"last": tr("ratings.counts_last", "last place"), "score": tr("ratings.counts_score", "by its score"),
            "unrated": tr("ratings.counts_unrated", "not rated"),
            "resigned": tr("ratings.counts_resigned", "as a resignation")}[how]


def rules_text(rules: RatingRules) -> Said:
    """``A resignation: last place · a kicked seat: as a resignation · a stopped game: not rated.``"""
    stopped = tr("ratings.stopped_unrated", "not rated") if rules.aborted == "unrated" else \
        tr("ratings.stopped_scores", "rated by its scores then")
    return tr("ratings.rules", "A resignation: {resigned} · a kicked seat: {kicked} · a stopped game: {stopped}.",
              resigned=_counted(rules.resigned), kicked=_counted(rules.kicked), stopped=stopped)


async def read_rules(reader: Reader, guild_id: int) -> RatingRules:
    row = await sql.one(reader, "SELECT resigned, kicked, aborted FROM guild_rating WHERE guild_id = ?", (guild_id,))
    return RatingRules() if row is None else RatingRules(str(row[0]), str(row[1]), str(row[2]))


async def put_rules(tx: Transaction, guild_id: int, rules: RatingRules) -> None:
    rules.validated()
    await sql.run(tx, "INSERT INTO guild_rating (guild_id, resigned, kicked, aborted, updated_at) "
                      "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET resigned = excluded.resigned, "
                      "kicked = excluded.kicked, aborted = excluded.aborted, updated_at = excluded.updated_at",
                  (guild_id, rules.resigned, rules.kicked, rules.aborted, sql.now(tx)))


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat of an ended game, as the rating sees it."""

    seat: int
    player_id: int
    score: int
    left: str | None = None
    """``resigned`` or ``kicked`` (an absent seat), else None."""


@dataclass(frozen=True, slots=True)
class Placed:
    seat: SeatResult
    place: int
    """1 for first; equal places are ties."""
    counted: str
    """``score`` or ``last``."""


def places(seats: Sequence[SeatResult], rules: RatingRules) -> list[Placed]:
    """The seats that are rated, in seat order, each with its place: by score (highest first), with the seats
    counted last below every other; equal keys share a place (1, 2, 2, 4)."""
    counted = [(s, rules.counted(s.left)) for s in seats]
    kept = [(s, how) for s, how in counted if how != "unrated"]
    keys = [(1, 0) if how == "last" else (0, -s.score) for s, how in kept]
    return [Placed(s, 1 + sum(other < key for other in keys), how) for (s, how), key in zip(kept, keys, strict=True)]


@dataclass(frozen=True, slots=True)
class Change:
    """What one game did to one seat's rating in one scope."""

    season_id: int
    placed: Placed
    before: Rating
    after: Rating


async def _seat_results(tx: Transaction, game_id: int, scores: Sequence[int]) -> list[SeatResult]:
    members = {int(s): int(m) for s, m in await sql.rows(
        tx, "SELECT seat, member_id FROM seats WHERE game_id = ? AND seat IS NOT NULL", (game_id,))}
    absent = {int(s): (int(m), str(r)) for s, m, r in await sql.rows(
        tx, "SELECT seat, former_member_id, reason FROM absent_seats WHERE game_id = ?", (game_id,))}
    levels = {int(s): str(lv) for s, lv in await sql.rows(
        tx, "SELECT seat, level FROM computer_seats WHERE game_id = ?", (game_id,))}
    lobby = await sql.one(tx, "SELECT level FROM computer_lobbies WHERE game_id = ?", (game_id,))
    found: list[SeatResult] = []
    for seat, score in enumerate(scores):
        member, left = absent.get(seat, (members.get(seat, -1), None))
        if member > 0:
            player = member
        elif is_computer_member(member):
            player = COMPUTER_PLAYERS[levels.get(seat) or (str(lobby[0]) if lobby else "strong")]
        else:  # a placeholder without a member behind it: nobody to rate
            continue
        found.append(SeatResult(seat, player, int(score), left))
    return found


async def open_season(reader: Reader, guild_id: int) -> int | None:
    row = await sql.one(reader, "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,))
    return None if row is None else int(row[0])


async def _apply(tx: Transaction, guild_id: int, season_id: int, game_id: int, placed: Sequence[Placed],
                 now: float) -> list[Change]:
    """Rate the placed seats in one scope: lock (or create) their players' rows in key order, update, keep the
    history."""
    players = sorted({p.seat.player_id for p in placed})
    fresh = Rating()
    await sql.run_many(
        tx, "INSERT INTO ratings (guild_id, season_id, player_id, mu, sigma, ordinal, games, wins, last_played) "
            "VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?) ON CONFLICT DO NOTHING",
        [(guild_id, season_id, p, fresh.mu, fresh.sigma, fresh.ordinal, now) for p in players])
    marks = ", ".join("?" * len(players))
    current = {int(p): Rating(float(mu), float(sigma)) for p, mu, sigma in await sql.rows(
        tx, f"SELECT player_id, mu, sigma FROM ratings WHERE guild_id = ? AND season_id = ? AND player_id IN ({marks}) "
            f"ORDER BY player_id{tx.dialect.for_update}", (guild_id, season_id, *players))}
    before = [current[p.seat.player_id] for p in placed]
    after = rate(before, [p.place for p in placed])
    changes = [Change(season_id, p, b, a) for p, b, a in zip(placed, before, after, strict=True)]
    for player in players:
        own = [c for c in changes if c.placed.seat.player_id == player]
        start = current[player]
        new = Rating(start.mu + sum(c.after.mu - c.before.mu for c in own), min(c.after.sigma for c in own))
        won = int(any(c.placed.place == 1 for c in own))
        await sql.run(tx, "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, games = games + 1, wins = wins + ?, "
                          "last_played = ? WHERE guild_id = ? AND season_id = ? AND player_id = ?",
                      (new.mu, new.sigma, new.ordinal, won, now, guild_id, season_id, player))
    await sql.run_many(
        tx, "INSERT INTO rating_history (game_id, season_id, seat, guild_id, player_id, place, seats, counted, "
            "mu_before, sigma_before, mu_after, sigma_after, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, season_id, c.placed.seat.seat, guild_id, c.placed.seat.player_id, c.placed.place, len(placed),
          c.placed.counted, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma, now) for c in changes])
    return changes


async def rate_game(tx: Transaction, row: GameRow, scores: Sequence[int], *, stopped: bool = False) -> list[Change]:
    """Rate an ended game once, inside the transaction that ends it (see the module's docstring); ``stopped``: a
    moderator stopped it (the server's rule for stopped games decides). The changes made (none: not rated, or
    rated before). A tutorial is never rated."""
    if row.lesson is not None or await sql.one(tx, "SELECT 1 FROM rated_games WHERE game_id = ?",
                                               (row.id,)) is not None:
        return []
    rules = await read_rules(tx, row.guild_id)
    season = await open_season(tx, row.guild_id)
    now = sql.now(tx)
    placed = places(await _seat_results(tx, row.id, scores), rules)
    outcome = "rated"
    if stopped and rules.aborted == "unrated":
        outcome = "aborted"
    elif len(placed) < 2:
        outcome = "too_few"
    changes: list[Change] = []
    if outcome == "rated":
        for scope in (ALL_TIME, *(() if season is None else (season,))):
            changes += await _apply(tx, row.guild_id, scope, row.id, placed, now)
    await sql.run(tx, "INSERT INTO rated_games (game_id, guild_id, season_id, outcome, rated_at) "
                      "VALUES (?, ?, ?, ?, ?)", (row.id, row.guild_id, season, outcome, now))
    return changes


async def on_commit(tx: Transaction, row: GameRow, before: GameState | None, after: GameState) -> None:
    """The commit hook of the game store: the move that finishes the game rates it, in its own transaction."""
    if after.phase is Phase.FINISHED and (before is None or before.phase is not Phase.FINISHED):
        await rate_game(tx, row, after.score)


async def _scores_now(tx: Transaction, row: GameRow) -> list[int]:
    """The game's scores at its stored version: from its snapshot, else by replaying its log."""
    snapshot = await tx.snapshot(row.id)
    if snapshot is not None and snapshot[0] == row.version:
        return list(engine.state_from_json(snapshot[1]).score)
    assert row.setup is not None
    moves = await tx.moves(row.id)
    return list(engine.replay(engine.read_record({**row.setup, "moves": moves})).score)


async def rate_stopped(tx: Transaction, row: GameRow) -> list[Change]:
    """A running game stopped (aborted by a moderator, or every seat left) in this transaction: rated by its scores
    now if the server says so, else marked as not rated."""
    if row.setup is None:  # a lobby: nothing was played
        return []
    rules = await read_rules(tx, row.guild_id)
    scores = await _scores_now(tx, row) if rules.aborted == "scores" else [0] * len(row.setup["players"])
    return await rate_game(tx, row, scores, stopped=True)


__all__ = [
    "ABORTED", "ALL_TIME", "COMPUTER_PLAYERS", "KICKED", "MODEL", "RESIGNED", "Change", "Placed", "Rating",
    "RatingRules", "SeatResult", "level_of", "on_commit", "open_season", "places", "put_rules", "rate", "rate_game",
    "rate_stopped", "read_rules", "rules_text",
]

"""The ``tutorials`` table (migration 13): each lesson a member started in a server, its latest game, the step under
way, the computer player's turns played so far, and whether it was finished, skipped or closed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction

Private = Literal["thread", "ephemeral"]
Outcome = Literal["advanced", "other"]
_COLUMNS: Final = ("guild_id, member_id, lesson, game_id, seat, step, opponent_turn, outcome, private, started_at, "
                   "finished_at, skipped, closed")


@dataclass(frozen=True, slots=True)
class Tutorial:
    guild_id: int
    member_id: int
    lesson: str
    game_id: int
    seat: int
    """The member's seat in the game."""
    step: int
    """The step under way (0-based); the lesson's number of steps once it is done."""
    opponent_turn: int
    """How many of the lesson's turns the computer player has played."""
    outcome: Outcome | None
    """What the member's last move did: the step's goal (``advanced``) or something else (``other``)."""
    private: Private
    """Where it is played: a private thread (the game's place), or ephemeral answers only."""
    started_at: float
    finished_at: float | None
    """When the member last reached the lesson's end (a restart keeps it)."""
    skipped: bool
    closed: bool
    """Its game is over: done, skipped, restarted or left for another lesson."""


def _tutorial(row: tuple[Any, ...]) -> Tutorial:
    (guild, member, lesson, game, seat, step, turn, outcome, private, started, finished, skipped, closed) = row
    return Tutorial(int(guild), int(member), str(lesson), int(game), int(seat), int(step), int(turn), outcome,
                    private, float(started), None if finished is None else float(finished), bool(skipped),
                    bool(closed))


async def under_way(reader: Reader, guild_id: int, member_id: int) -> Tutorial | None:
    """The member's tutorial whose game is still on, in this server."""
    found = await sql.one(reader, f"SELECT {_COLUMNS} FROM tutorials WHERE guild_id = ? AND member_id = ? AND "
                                  "closed = 0", (guild_id, member_id))
    return None if found is None else _tutorial(found)


async def latest(reader: Reader, guild_id: int, member_id: int) -> Tutorial | None:
    """The member's tutorial last played in this server (under way or not)."""
    found = await sql.one(reader, f"SELECT {_COLUMNS} FROM tutorials WHERE guild_id = ? AND member_id = ? "
                                  "ORDER BY closed, updated_at DESC LIMIT 1", (guild_id, member_id))
    return None if found is None else _tutorial(found)


async def of_game(reader: Reader, game_id: int) -> Tutorial | None:
    found = await sql.one(reader, f"SELECT {_COLUMNS} FROM tutorials WHERE game_id = ?", (game_id,))
    return None if found is None else _tutorial(found)


async def put(tx: Transaction, guild_id: int, member_id: int, lesson: str, game_id: int, private: Private) -> None:
    """A lesson (re)started with a new game: its step and the computer's turns from the beginning."""
    now = sql.now(tx)
    await sql.run(tx, "INSERT INTO tutorials (guild_id, member_id, lesson, game_id, private, started_at, updated_at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, member_id, lesson) DO UPDATE SET "
                      "game_id = excluded.game_id, step = 0, opponent_turn = 0, outcome = NULL, "
                      "private = excluded.private, skipped = 0, closed = 0, updated_at = excluded.updated_at",
                  (guild_id, member_id, lesson, game_id, private, now, now))


async def set_step(tx: Transaction, game_id: int, step: int, outcome: Outcome | None) -> None:
    await sql.run(tx, "UPDATE tutorials SET step = ?, outcome = ?, updated_at = ? WHERE game_id = ?",
                  (step, outcome, sql.now(tx), game_id))


async def set_opponent_turn(tx: Transaction, game_id: int, turn: int) -> None:
    await sql.run(tx, "UPDATE tutorials SET opponent_turn = ?, updated_at = ? WHERE game_id = ?",
                  (turn, sql.now(tx), game_id))


async def close(tx: Transaction, game_id: int, *, finished: bool = False, skipped: bool = False) -> None:
    """The tutorial's game is over: reached its end, skipped to it, or left (restarted, another lesson)."""
    now = sql.now(tx)
    await sql.run(tx, "UPDATE tutorials SET closed = 1, skipped = ?, finished_at = CASE WHEN ? = 1 THEN ? ELSE "
                      "finished_at END, updated_at = ? WHERE game_id = ?",
                  (int(skipped), int(finished), now, now, game_id))


@dataclass(frozen=True, slots=True)
class Counts:
    """How many members of a server started a lesson, and how many reached its end."""

    lesson: str
    started: int
    finished: int


async def counts(reader: Reader, guild_id: int) -> list[Counts]:
    found = await sql.rows(reader, "SELECT lesson, COUNT(*), COUNT(finished_at) FROM tutorials WHERE guild_id = ? "
                                   "GROUP BY lesson ORDER BY lesson", (guild_id,))
    return [Counts(str(lesson), int(started), int(finished)) for lesson, started, finished in found]


__all__ = ["Counts", "Outcome", "Private", "Tutorial", "close", "counts", "latest", "of_game", "put",
           "set_opponent_turn", "set_step", "under_way"]

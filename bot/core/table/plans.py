"""What the services of the table hand the game store: a game as one read found it (``Loaded``) and the moves a plan
applied to it in memory (``Planned``), for the store to commit in one transaction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass

import engine
from bot.core.storage.base import Transaction
from bot.core.storage.rows import GameRow, SeatRow
from bot.core.storage.seats import absent_member_id, is_absent_member
from bot.core.table.computer_seats import ComputerSeat
from bot.core.table.posts import NewPost, SeatPlayed
from engine import GameState, Move


@dataclass(frozen=True, slots=True)
class Place:
    """A channel or thread: the game played there is the one meant."""

    place_id: int


GameRef = int | Place
"""A game named by its number, or by where it is played."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A started game as one read found it: its row, seats, computer seats and current state."""

    row: GameRow
    seats: list[SeatRow]
    computers: dict[int, ComputerSeat]
    state: GameState

    def member_of(self, seat: int) -> int | None:
        """The member to ping for a seat: none for a computer seat (a placeholder id is never pinged)."""
        if seat in self.computers:
            return absent_member_id(seat)
        return next((s.member_id for s in self.seats if s.seat == seat), None)

    def seat_of(self, member_id: int) -> int | None:
        """The member's seat, if they play in the game."""
        return next((s.seat for s in self.seats if s.member_id == member_id), None)

    def played_by_bot(self, seat: int) -> bool:
        """Whether the bot decides for the seat: a computer player, or an absent (kicked, resigned) seat."""
        return seat in self.computers or is_absent_member(self.member_of(seat) or 0)

    @property
    def nobody_left(self) -> bool:
        """Whether the bot decides for every seat: no person is left to wait for."""
        return all(self.played_by_bot(s.seat) for s in self.seats if s.seat is not None)


@dataclass(frozen=True, slots=True)
class Planned:
    """Moves already applied in memory, to commit together, with posts to queue before their own."""

    steps: list[tuple[Move, GameState]]
    first: Sequence[NewPost] = ()
    actors: Sequence[int | None] | None = None
    """Per step, the member who made it (default: the command's actor for every step): a jump's choosers."""
    write: Callable[[Transaction], Awaitable[None]] | None = None
    """More to write in the same transaction, after the version check: a jump's kept choices (alone, when no
    move is due yet) or clearing them once the jump's moves are logged."""


Plan = Callable[[Loaded], Awaitable[Planned | None]]
"""Given the loaded game, apply moves in memory (None: nothing to do), or raise to refuse."""
SeatPost = Callable[[SeatPlayed], NewPost]
"""Makes the post that says why the bot played for a seat, from what it played."""
CommitHook = Callable[[Transaction, GameRow, GameState | None, GameState], Awaitable[None]]
"""Runs inside the transaction of a start (``before`` None) and of every move; raising refuses the move."""


def apply_all(state: GameState, moves: Iterable[Move]) -> list[tuple[Move, GameState]]:
    """Apply moves one after the other; return each with the state after it."""
    steps: list[tuple[Move, GameState]] = []
    current = state
    for move in moves:
        current = engine.apply(current, move)
        steps.append((move, current))
    return steps


__all__ = ["CommitHook", "GameRef", "Loaded", "Place", "Plan", "Planned", "SeatPost", "apply_all"]

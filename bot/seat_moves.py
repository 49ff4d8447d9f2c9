"""Moves the bot makes for a seat: SPEC ruling 14 for an absent player or a missed deadline, or a standing
order in an auction. They are logged as ordinary moves, under the game's lock, with a post first that
says why (``kind``), and only if the game still waits for the same wait."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from engine import GameState, Move, Phase

from .results import Moved
from .service import TikalService
from .storage import GameRow, NewPost, SeatRow, Status
from .timing import GamePaused, wait_key


class MovedOn(Exception):
    """The wait the bot meant to act on is over (someone moved, the game ended or an order is stale)."""


async def play_for_seat(
    service: TikalService, guild_id: int, game_id: int, *, expected_key: str | None, kind: str,
    payload: dict[str, Any], moves: Callable[[GameState], list[Move]] = engine.absent_moves,
    actor_id: int | None = None,
) -> Moved | None:
    """Make ``moves(state)`` for the seat to act (default: SPEC ruling 14), with a ``kind`` post first, if the
    game still waits for ``expected_key`` (None: whatever it waits for). Returns None if it no longer does
    (or it is paused)."""

    def plan(row: GameRow, seats: list[SeatRow], state: GameState) -> list[tuple[Move, GameState]]:
        if row.status is not Status.RUNNING or state.phase is Phase.FINISHED:
            raise MovedOn
        if expected_key is not None and wait_key(state.turn, state.to_act, state.phase) != expected_key:
            raise MovedOn
        steps: list[tuple[Move, GameState]] = []
        current = state
        for move in moves(state):
            current = engine.apply(current, move)
            steps.append((move, current))
        return steps

    def extra(before: GameState, after: GameState) -> list[NewPost]:
        return [NewPost(kind, {**payload, "seat": before.to_act, "player": before.players[before.to_act],
                               "moves": list(after.log[before.version:]), "game_id": game_id})]

    try:
        return await service.play_for(guild_id, game_id, plan, actor_id=actor_id, extra=extra)
    except (MovedOn, GamePaused):
        return None


async def play_absent(
    service: TikalService, guild_id: int, game_id: int, *, expected_key: str | None, kind: str,
    payload: dict[str, Any],
) -> Moved | None:
    """The SPEC ruling 14 moves for the seat to act (see ``play_for_seat``)."""
    return await play_for_seat(service, guild_id, game_id, expected_key=expected_key, kind=kind, payload=payload)


__all__ = ["MovedOn", "play_absent", "play_for_seat"]

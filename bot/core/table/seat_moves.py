"""Moves the bot makes for a seat: docs/rules.md, ruling 14 for an absent player or a missed deadline, or a standing
order in an auction. They are logged as ordinary moves, under the game's lock, with a post first that
says why, and only if the game still waits for the same wait."""

from __future__ import annotations

from collections.abc import Callable

import engine
from bot.core.clocks.timing import GamePaused, wait_key
from bot.core.storage.rows import Status
from bot.core.table.computers import Computers, before_jump
from bot.core.table.jump_choices import choosers
from bot.core.table.jumps import JumpThought
from bot.core.table.plans import Loaded, Plan, Planned, SeatPost, apply_all
from bot.core.table.posts import seat_played
from bot.core.table.results import Moved
from engine import GameState, Move, Phase


class MovedOn(Exception):
    """The wait the bot meant to act on is over (someone moved, the game ended or an order is stale)."""


async def play_for_seat(
    computers: Computers, guild_id: int, game_id: int, *, expected_key: str | None, post: SeatPost,
    moves: Callable[[GameState], list[Move]] = engine.absent_moves, actor_id: int | None = None,
) -> Moved | None:
    """Make ``moves(state)`` for the seat to act (default: ruling 14), with the post ``post`` makes
    first, if the game still waits for ``expected_key`` (None: whatever it waits for). Returns None if it
    no longer does (or it is paused). In a Tikal Rápido jump the bot chooses the most chips for every seat
    still to choose (rules.md §7.6.9), through the secret choices (``Jumps.plan_jump_choices``)."""

    def plan_with(jump: JumpThought | None) -> Plan:
        async def plan(loaded: Loaded) -> Planned | None:
            state = loaded.state
            if loaded.row.status is not Status.RUNNING or state.phase is Phase.FINISHED:
                raise MovedOn
            if expected_key is not None and wait_key(state.turn, state.to_act, state.phase) != expected_key:
                raise MovedOn
            if choosers(state):  # a jump: everyone still to choose (computer seats by their player), kept secret
                return await computers.jumps.plan_jump_choices(loaded, None, post=post, thought=jump)
            made = before_jump(moves(state))
            steps = apply_all(state, made)
            return Planned(steps, [post(seat_played(state, steps[-1][1], game_id, None))] if steps else [])

        return plan

    try:
        return await computers.play_thinking_jumps(guild_id, game_id, plan_with, actor_id=actor_id)
    except (MovedOn, GamePaused):
        return None


async def play_absent(
    computers: Computers, guild_id: int, game_id: int, *, expected_key: str | None, post: SeatPost,
) -> Moved | None:
    """The ruling 14 moves for the seat to act (see ``play_for_seat``)."""
    return await play_for_seat(computers, guild_id, game_id, expected_key=expected_key, post=post)


__all__ = ["MovedOn", "play_absent", "play_for_seat"]

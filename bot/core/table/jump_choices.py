"""Tikal Rápido's secret jumps (docs/rules.md §7.6.4): the choices made so far, kept apart until everyone has chosen.

The engine records a jump's choices in round order, each ``jump <n>`` by the player to act. Live, everyone
chooses at once and in secret: the bot keeps each choice in ``jump_choices`` (one row per seat, a choice made
again replaces the earlier) and, when the last chooser's choice arrives, logs every ``jump`` move in round order
in one transaction (with the version check) and deletes the rows. So a number is never in a post, a view, the
move log, an export or a log line before everyone has chosen; only ``chips_of`` reads one, for its owner.

A jump is named by the game's version when it opened (``opened``): it does not change while choices are only
kept, so a choice sent for a jump that is over is recognised and refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import engine
from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from engine import GameState, Jump, Move, Phase

MOST: int = 5
"""A jump takes 1–5 chips (and at most the chips left)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A seat's choice for the jump under way; ``member_id`` None when the bot chose (computer, absent, deadline)."""

    chips: int
    member_id: int | None


def is_open(state: GameState) -> bool:
    return state.phase is Phase.JUMP


def opened(state: GameState) -> int:
    """The version at which the jump under way opened: its name (moves already logged for it count back)."""
    return state.version - len(state.chosen)


def choosers(state: GameState) -> list[int]:
    """The seats that still have to choose in the jump under way, in round order (none outside a jump)."""
    if not is_open(state):
        return []
    return [q for q in state.round_order if state.chips[q] and q not in state.chosen]


def most_chips(state: GameState, seat: int) -> int:
    return min(MOST, state.chips[seat])


def jump_steps(state: GameState, chips: Mapping[int, int]) -> list[tuple[Move, GameState]]:
    """Every chooser's ``jump`` in round order (the engine's ``to_act`` each time), with the state after each."""
    steps: list[tuple[Move, GameState]] = []
    current = state
    while is_open(current):
        move = Jump(chips[current.to_act])
        current = engine.apply(current, move)
        steps.append((move, current))
    return steps


async def choices(reader: Reader, game_id: int, jump: int) -> dict[int, Choice]:
    """The choices kept for the jump ``jump`` (others, left from an earlier jump, do not count)."""
    found = await sql.rows(reader, "SELECT seat, chips, member_id FROM jump_choices WHERE game_id = ? AND jump = ?",
                           (game_id, jump))
    return {int(seat): Choice(int(chips), None if member is None else int(member)) for seat, chips, member in found}


async def chosen_seats(reader: Reader, game_id: int, jump: int) -> set[int]:
    """The seats that have chosen for the jump ``jump``: who, never how many."""
    found = await sql.rows(reader, "SELECT seat FROM jump_choices WHERE game_id = ? AND jump = ?", (game_id, jump))
    return {int(seat) for (seat,) in found}


async def chips_of(reader: Reader, game_id: int, jump: int, seat: int) -> int | None:
    """One seat's own choice, for its member only (a private answer)."""
    found = await sql.one(reader, "SELECT chips FROM jump_choices WHERE game_id = ? AND jump = ? AND seat = ?",
                          (game_id, jump, seat))
    return None if found is None else int(found[0])


async def keep(tx: Transaction, game_id: int, jump: int, made: Mapping[int, Choice]) -> None:
    """Keep choices for the jump (replacing a seat's earlier choice, and anything left from an earlier jump)."""
    now = sql.now(tx)
    for seat, choice in made.items():
        await sql.run(tx, "INSERT INTO jump_choices (game_id, seat, jump, chips, member_id, created_at) VALUES "
                          "(?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET jump = excluded.jump, "
                          "chips = excluded.chips, member_id = excluded.member_id, created_at = excluded.created_at",
                      (game_id, seat, jump, choice.chips, choice.member_id, now))


async def forget(tx: Transaction, game_id: int, seats: Iterable[int] | None = None) -> None:
    """Delete the game's kept choices (all, once logged; or a seat's, when it changes hands)."""
    if seats is None:
        await sql.run(tx, "DELETE FROM jump_choices WHERE game_id = ?", (game_id,))
        return
    for seat in seats:
        await sql.run(tx, "DELETE FROM jump_choices WHERE game_id = ? AND seat = ?", (game_id, seat))


__all__ = [
    "Choice",
    "chips_of",
    "choices",
    "choosers",
    "chosen_seats",
    "forget",
    "is_open",
    "jump_steps",
    "keep",
    "most_chips",
    "opened",
]

"""The tutorial's commit hook: in the transaction of each move of a tutorial's game, the member's move is judged
against the step under way. A move that does what the step asks moves the tutorial on (the last step ends the
lesson and its game); any other legal move is kept as it is, and the tutorial says "that works too". An ordinary
game costs nothing here: its row names no lesson."""

from __future__ import annotations

import engine
from bot.core.storage.base import Transaction
from bot.core.storage.rows import GameRow
from bot.core.tutorial import progress
from bot.core.tutorial.goals import reached
from bot.core.tutorial.lesson import lesson
from bot.core.tutorial.service import finish
from engine import GameState


async def on_commit(tx: Transaction, row: GameRow, before: GameState | None, after: GameState) -> None:
    """The game store's commit hook (``bot.core.assembly``)."""
    if row.lesson is None or before is None:
        return
    made = after.log[before.version:]
    tutorial = await progress.of_game(tx, row.id)
    if tutorial is None or tutorial.closed or len(made) != 1 or before.to_act != tutorial.seat:
        return  # the computer player's turns, or nothing of the member's
    steps = lesson(row.lesson).steps
    if tutorial.step >= len(steps):
        return
    move = engine.parse_move(made[0])
    if isinstance(move, engine.Undo):
        await progress.set_step(tx, row.id, tutorial.step, None)
        return
    if not reached(steps[tutorial.step].goal, before, move, after):
        await progress.set_step(tx, row.id, tutorial.step, "other")
        return
    await progress.set_step(tx, row.id, tutorial.step + 1, "advanced")
    if tutorial.step + 1 >= len(steps):
        await finish(tx, row.id)


__all__ = ["on_commit"]

"""``/tikal hint``: what the strong computer player would do, computed from the player's own view.

Discord-free and pure: the plan comes from ``engine.ai.plan`` on the view (never the state), and the AP
each move spends is measured on a state sampled from that view, so nothing hidden is used or shown.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.core.autocomplete import command_text
from engine import EngineError, GameView, Move, apply, parse_move
from engine.ai import determinize, explain, plan
from engine.messages import ENGLISH, Msg, Speaker

HINT_LEVEL = "strong"


@dataclass(frozen=True, slots=True)
class Step:
    """One suggested move and the AP it spends (None where none are spent or it could not be measured)."""

    move: Move
    ap: int | None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The moves the computer player would make, and one line on why (``engine.ai.explain``)."""

    steps: list[Step]
    why: Msg


def suggest(view: GameView, seed: int, level: str = HINT_LEVEL) -> Suggestion:
    """The moves the ``level`` player would make from ``view``, with their AP and the reason (CPU-bound: run it
    off the event loop)."""
    moves = plan(view, level, seed)
    return Suggestion(_measured(view, moves, seed), explain(view, moves, seed))


def _measured(view: GameView, moves: list[Move], seed: int) -> list[Step]:
    state = determinize(view, random.Random(seed))
    steps: list[Step] = []
    for move in moves:
        before = state.ap
        try:
            state = apply(state, move)
        except EngineError:
            steps.extend(Step(m, None) for m in moves[len(steps):])
            break
        spent = before - state.ap
        steps.append(Step(move, spent if spent > 0 else None))
    return steps


def hint_text(player: str, suggestion: Suggestion, t: Speaker = ENGLISH) -> str:
    """The ephemeral answer: clearly a suggestion, why in one line, then one command per line as the player would
    type it."""
    steps = suggestion.steps
    if not steps:
        return t.tr("hint.none", "💡 The computer player has no suggestion here.")
    lines = [t.tr("hint.head", "💡 **Suggestion** for {player} (what the strong computer player would do; you decide):",
                  player=player), t.tr("hint.why", "_Why:_ {reason}", reason=t.message(_as_typed(suggestion.why)))]
    for step in steps:
        path, options = command_text(step.move)
        line = f"• `{path}`" + (f" {options}" if options else "")
        lines.append(t.tr("hint.cost", "{line} · {ap} AP", line=line, ap=step.ap) if step.ap is not None else line)
    lines.append(t.tr("hint.foot", "Nothing has been played: type the commands yourself (autocomplete offers each "
                                   "value)."))
    return "\n".join(lines)


def _as_typed(why: Msg) -> Msg:
    """The reason with its move written as the command the player types, like the lines below it."""
    move = why.params.get("move")
    if not isinstance(move, str):
        return why
    try:
        path, options = command_text(parse_move(move))
    except EngineError:
        return why
    return Msg(why.code, **{**why.params, "move": f"{path} {options}".strip()})

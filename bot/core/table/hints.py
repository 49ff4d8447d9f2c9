"""``/tikal hint`` (and ``hint`` in the local console): what the strong computer player would do, computed from the
player's own view.

Discord-free and pure: the plan comes from ``engine.ai.plan`` on the view (never the state), and the AP
each move spends is measured on a state sampled from that view, so nothing hidden is used or shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bot.core.table.autocomplete import command_text
from engine import EngineError, GameView, Move, apply
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
    """The moves the computer player would make, and why (``engine.ai.explain``): the reason is about the move
    it names, which is one of the steps (``key``) or, for an empty plan, none. One result, written for each
    medium: ``hint_text`` for Discord, ``hint_plain`` for a terminal."""

    steps: list[Step]
    why: Msg

    @property
    def key(self) -> int | None:
        """The index of the step the reason explains (``None`` when it names none of them)."""
        named = self.why.params.get("move")
        return next((i for i, step in enumerate(self.steps) if str(step.move) == named), None)


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
    """The ephemeral answer in Discord: clearly a suggestion, one command per line as the player would type it,
    and the reason beside the step it explains."""
    if not suggestion.steps:
        return t.tr("hint.none", "💡 The computer player has no suggestion here.")
    lines = [t.tr("hint.head", "💡 **Suggestion** for {player} (what the strong computer player would do; you decide):",
                  player=player)]
    for step in suggestion.steps:
        path, options = command_text(step.move)
        lines.append(_step_line(f"• `{path}`" + (f" {options}" if options else ""), step, t))
    lines = _with_reason(lines, suggestion, t.message(suggestion.why),
                         lambda line, reason: t.tr("hint.step_why", "{line} — _why:_ {reason}", line=line,
                                                   reason=reason),
                         lambda reason: t.tr("hint.why", "_Why:_ {reason}", reason=reason))
    lines.append(t.tr("hint.foot", "Nothing has been played: type the commands yourself (autocomplete offers each "
                                   "value)."))
    return "\n".join(lines)


def hint_plain(player: str, suggestion: Suggestion, t: Speaker = ENGLISH) -> str:
    """The same suggestion for a terminal: plain text, each step in the notation one types there."""
    if not suggestion.steps:
        return t.tr("hint.plain_none", "💡 The computer player has no suggestion here.")
    lines = [t.tr("hint.plain_head", "💡 Suggestion for {player} (what the strong computer player would do; you "
                                     "decide):", player=player)]
    lines += [_step_line(f"  {step.move}", step, t) for step in suggestion.steps]
    lines = _with_reason(lines, suggestion, t.message(suggestion.why),
                         lambda line, reason: t.tr("hint.plain_step_why", "{line} — why: {reason}", line=line,
                                                   reason=reason),
                         lambda reason: t.tr("hint.plain_why", "Why: {reason}", reason=reason))
    lines.append(t.tr("hint.plain_foot", "Nothing has been played: type the moves yourself."))
    return "\n".join(lines)


def _step_line(line: str, step: Step, t: Speaker) -> str:
    return t.tr("hint.cost", "{line} · {ap} AP", line=line, ap=step.ap) if step.ap is not None else line


def _with_reason(lines: list[str], suggestion: Suggestion, reason: str, beside: Callable[[str, str], str],
                 alone: Callable[[str], str]) -> list[str]:
    """The head and step lines with the reason beside the step it explains, else on a line after the head."""
    key = suggestion.key
    if key is None:
        return [lines[0], alone(reason), *lines[1:]]
    out = list(lines)
    out[key + 1] = beside(out[key + 1], reason)
    return out

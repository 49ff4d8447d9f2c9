"""A finished game looked back on: per seat, the turns where the strong player's judgement says the most points
were lost, each with what was played, what the strong player would have played instead and the loss.

    turns = review_turns(record)            # every turn of the game, judged
    worst = worst_turns(turns, keep=3)      # per seat, its three costliest turns, the costliest first

A *turn* is what a seat does with its action points in one go: a normal turn (its hexagon placed, then its
actions), a scoring turn, or in Tikal Rápido a placement, a jump's action or a volcano's extra turn. Bids, picks,
declarations and the chips of a jump are not turns here.

For each turn the strong player plays the seat's whole turn from the position it began in, deciding from the
seat's view alone, as it does in a game (``levels.plan``; asked again with the new view after a move that reveals
something, a recovered wafer or a roll of the dice, as the player saw it too). Both turns, the one played (its
actions as they stood at ``end``: the undone ones left out) and the strong player's, are then played on a few
states sampled from the seat's view at the start of the turn (``sample.determinize``, a fixed seed per position:
the review of a game is always the same) and judged there by the strong player's judgement (``evaluate.judge``
with the fitted model of ``features``): the seat's expected final score against its rivals'. The loss is how much
better the strong player's turn is judged, averaged over the samples; never below zero (a turn the judgement likes
as much as its own lost nothing). It is an estimate, in points: "about 3 points".

With Indiana Jones the samples keep the game's true rolls: both turns are judged by what their uncovering would
have rolled, which the player learnt as they uncovered (the strong player decides before each roll, from the
view, as in a game).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..errors import EngineError, IllegalMove
from ..moves import End, Move, Undo, parse_move
from ..record import read_record
from ..rules import apply
from ..state import GameState, Phase, Variant
from ..view import GameView, view
from .evaluate import Context, judge, make_context
from .features import model_values
from .levels import SETTINGS, Settings, plan
from .sample import determinize

SAMPLES: Final = 3
"""States sampled from the seat's view on which both turns are judged."""
KEEP: Final = 3
"""Turns shown per seat."""
LEAST: Final = 0.5
"""A turn that lost less than this (in points) is not shown: it is as good as the strong player's, give or take."""
SEED: Final = 0
"""The strong player's seed in a review (its generator also takes the position's version)."""
_ACTING: Final = frozenset({Phase.PLACE, Phase.ACTIONS, Phase.SCORING})
_MAX_PLANS: Final = 40
_VERSION: Final = "r1"
"""The review's own way of judging: a new one when it changes, so that reviews kept before are made again."""


class NotFinished(EngineError):
    """Only a finished game is reviewed: during play a review would be a hint."""

    def __init__(self) -> None:
        super().__init__("review.not_finished")


@dataclass(frozen=True, slots=True)
class TurnLoss:
    """One turn judged: whose, where it stands in the game, what was played, the strong player's turn instead,
    and the points the judgement says were lost."""

    seat: int
    start: int
    """The game's version when the turn began (the index of its first move in the log)."""
    end: int
    """The game's version after its last move (its ``end`` included)."""
    turn: int
    """The game's count of normal turns when it began (``GameState.turn``)."""
    scoring_round: int
    """The scoring round it belongs to (a scoring turn), else 0."""
    round: int
    """Tikal Rápido: the round it belongs to (``GameState.round``), else 0."""
    hand: str | None
    """The hexagon the seat held when the turn began (each turn's placement places it)."""
    played: tuple[str, ...]
    """The turn's actions as they stood at its end (undone ones left out; ``end`` not included)."""
    better: tuple[str, ...]
    """The strong player's actions from the same position (``end`` not included); moves the engine accepts there."""
    loss: float
    """Expected points lost against the strong player's turn (0 or more), averaged over the samples."""

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "start": self.start, "end": self.end, "turn": self.turn,
                "scoring_round": self.scoring_round, "round": self.round, "hand": self.hand,
                "played": list(self.played), "better": list(self.better), "loss": round(self.loss, 3)}


def turn_loss_from_json(data: Mapping[str, Any]) -> TurnLoss:
    return TurnLoss(int(data["seat"]), int(data["start"]), int(data["end"]), int(data["turn"]),
                    int(data["scoring_round"]), int(data["round"]), data.get("hand"), tuple(data["played"]),
                    tuple(data["better"]), float(data["loss"]))


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn found in a game's log: whose, and the versions of its first move and after its last."""

    seat: int
    start: int
    end: int


def _states(record: Mapping[str, Any]) -> list[GameState]:
    """Every state of the game, from the first (version 0) to the last."""
    read = read_record(dict(record))
    state = read.start()
    states = [state]
    for text in read.moves:
        state = apply(state, parse_move(text))
        states.append(state)
    return states


def _turns(states: Sequence[GameState]) -> list[Turn]:
    turns: list[Turn] = []
    log = states[-1].log
    i = 0
    while i < len(log):
        state = states[i]
        if state.phase not in _ACTING:
            i += 1
            continue
        seat, j = state.to_act, i
        while j < len(log):
            j += 1
            after = states[j]
            if log[j - 1] == "end" or after.finished or after.to_act != seat or after.phase not in _ACTING:
                break
        turns.append(Turn(seat, i, j))
        i = j
    return turns


def turns_of(record: Mapping[str, Any]) -> list[Turn]:
    """The turns of a game's record (a finished game's or not), in the order played."""
    return _turns(_states(record))


def _kept_actions(moves: Iterable[str]) -> list[Move]:
    """A turn's actions as they stood at its end: each ``undo`` takes the one before back; ``end`` left out."""
    kept: list[Move] = []
    for text in moves:
        move = parse_move(text)
        if isinstance(move, Undo):
            if kept:
                kept.pop()
        elif not isinstance(move, End):
            kept.append(move)
    return kept


def strong_turn(state: GameState, seed: int = SEED, settings: Settings | None = None) -> list[Move]:
    """The strong player's whole turn for the seat to act in ``state`` (``end`` not included): asked again with the
    new view after each move that reveals something, as in a game; the moves the engine accepted from ``state``.
    ``settings``: the strong player's search and judgement (default: as it plays)."""
    seat = state.to_act
    moves: list[Move] = []
    for _ in range(_MAX_PLANS):
        planned = plan(view(state, seat), "strong", seed, settings)
        if not planned:
            break
        for move in planned:
            if isinstance(move, End):
                return moves
            try:
                state = apply(state, move, player=seat)
            except IllegalMove:
                return moves
            moves.append(move)
            if state.finished or state.to_act != seat or state.phase not in _ACTING:
                return moves
    return moves


def strong_context(seen: GameView, state: GameState, settings: Settings | None = None) -> Context:
    """The strong player's judgement for the seat to act in ``seen``, on ``state`` sampled from it (as ``plan``
    makes it)."""
    chosen = settings or SETTINGS["strong"]
    model = chosen.model
    weights = chosen.weights
    if model is not None:
        weights = replace(weights, opponents_best=model.opponents_best, opponents_mean=model.opponents_mean)
    assert seen.to_act is not None
    ctx = make_context(seen, state, seen.to_act, weights)
    if model is not None:
        m = model
        ctx.values = lambda position, c: model_values(position, c, m.weights, m.mobile, m.sharpness)
    return ctx


def _played_on(state: GameState, moves: Sequence[Move]) -> GameState:
    for move in moves:
        state = apply(state, move)
    return state


def judged_loss(before: GameState, played: Sequence[Move], better: Sequence[Move], samples: int = SAMPLES,
                settings: Settings | None = None) -> float:
    """How much better ``better`` than ``played`` is judged from ``before`` (the seat to act's view of it), averaged
    over ``samples`` states sampled from that view; may be negative. Samples on which either turn is refused (a
    sampled secret that changes what may follow) are left out; 0 when none is left."""
    seat = before.to_act
    seen = view(before, seat)
    losses = []
    for k in range(samples):
        sampled = determinize(seen, random.Random(f"review:{k}:{before.version}"))
        if before.setup.rolls:
            sampled.setup = replace(sampled.setup, rolls=before.setup.rolls)
        ctx = strong_context(seen, sampled, settings)
        try:
            theirs = judge(_played_on(sampled, played), ctx)
            ours = judge(_played_on(sampled, better), ctx)
        except IllegalMove:
            continue
        losses.append(ours - theirs)
    return sum(losses) / len(losses) if losses else 0.0


def review_turns(record: Mapping[str, Any], part: int = 0, parts: int = 1, *, samples: int = SAMPLES,
                 seed: int = SEED, settings: Settings | None = None) -> list[TurnLoss]:
    """Every turn of a finished game's record judged, in the order played; or, to share the work out, every
    ``parts``-th one from the ``part``-th (0-based). ``settings``: the strong player's search and judgement
    (default: as it plays). Raises ``NotFinished`` for a game not over, ``InvalidRecord`` for a record that does
    not replay."""
    states = _states(record)
    if not states[-1].finished:
        raise NotFinished
    out = []
    for turn in _turns(states)[part::parts]:
        before = states[turn.start]
        played = _kept_actions(states[-1].log[turn.start: turn.end])
        better = strong_turn(before, seed, settings)
        same = [str(m) for m in played] == [str(m) for m in better]
        loss = 0.0 if same else judged_loss(before, played, better, samples, settings)
        scoring = before.scoring_round if before.phase is Phase.SCORING else 0
        rapido = before.round if before.variant is Variant.RAPIDO else 0
        out.append(TurnLoss(turn.seat, turn.start, turn.end, before.turn, scoring, rapido, before.hand,
                            tuple(str(m) for m in played), tuple(str(m) for m in better), max(loss, 0.0)))
    return out


def worst_turns(turns: Iterable[TurnLoss], keep: int = KEEP, least: float = LEAST) -> dict[int, list[TurnLoss]]:
    """Per seat, its ``keep`` turns that lost the most (at least ``least`` points), the costliest first (the earlier
    first among equals)."""
    out: dict[int, list[TurnLoss]] = {}
    for turn in sorted(turns, key=lambda t: (-t.loss, t.start)):
        if turn.loss >= least and len(out.setdefault(turn.seat, [])) < keep:
            out[turn.seat].append(turn)
    return out


def fingerprint(settings: Settings | None = None, samples: int = SAMPLES) -> str:
    """What a review's figures depend on besides the game (the strong player's search and judgement, the samples),
    as a short text: a review kept under another fingerprint is out of date."""
    chosen = settings or SETTINGS["strong"]
    model = chosen.model.as_json() if chosen.model is not None else None
    described = json.dumps([_VERSION, samples, SEED, repr(chosen.weights), repr(chosen.budget), chosen.access,
                            repr(chosen.two_budget), model], sort_keys=True, default=str)
    return f"{_VERSION}:{hashlib.sha256(described.encode()).hexdigest()[:16]}"


__all__ = ["KEEP", "LEAST", "SAMPLES", "NotFinished", "Turn", "TurnLoss", "fingerprint", "judged_loss",
           "review_turns", "strong_context", "strong_turn", "turn_loss_from_json", "turns_of", "worst_turns"]

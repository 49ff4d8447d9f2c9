"""Which positions of a game the animated replay shows, planned from its record.

One frame for the start, one at the end of every turn (normal turns, their auction told in the caption,
and scoring turns), one after every scoring round with the points it gave (the last of them is the
finished game), and for a running game one of the position now, if moves followed the last turn's end.
Tikal Rápido has no turns but rounds: a frame when a round's hexagons are placed and one when each of its jumps
is over, besides the scoring turns and a volcano placer's extra turn.

Every frame holds a spectator's view (``engine.view(state, None)``) and a few numbers, never the state:
what the replay draws cannot show the stack's order or the kinds of wafers still face down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine import (
    End,
    EngineError,
    GameRecord,
    GameState,
    GameView,
    Phase,
    Pick,
    Stage,
    Variant,
    apply,
    parse_move,
    read_record,
    view,
)

from .rapido import phase3


class FrameKind(StrEnum):
    START = "start"
    TURN = "turn"
    """The end of a normal turn (in Tikal Rápido, a volcano placer's extra turn)."""
    PLACED = "placed"
    """Tikal Rápido: a round's hexagons are placed (its jumps begin)."""
    JUMP = "jump"
    """Tikal Rápido: a jump's slots are over (the next jump begins, or the round ends)."""
    SCORING_TURN = "scoring turn"
    ROUND = "round"
    """A scoring round is over: the points each player scored in it."""
    FINAL = "final"
    """The finished game: the final scoring's points, the ranking in the players' strip."""
    NOW = "now"
    """A running game's position, when moves followed the last turn's end."""
    POSITION = "position"
    """A view given as it is, told like the channel picture."""


@dataclass(frozen=True, slots=True)
class Bought:
    """Who won the auction before a normal turn and what it cost (0: all passed, the first passer's free)."""

    seat: int
    price: int


@dataclass(frozen=True, slots=True)
class Frame:
    kind: FrameKind
    view: GameView
    moves: int = 0
    """How many of the record's moves lead to this position."""
    number: int = 0
    """The turn a ``TURN`` frame tells, or the scoring round of the other scoring frames."""
    bought: Bought | None = None
    """The auction the player of a ``TURN`` frame won before it, if any."""
    round: int = 0
    """Tikal Rápido: the round a ``PLACED``, ``JUMP`` or extra ``TURN`` frame belongs to."""
    told: GameView | None = None
    """The view whose caption tells the frame, when not ``view``'s own (a Tikal Rápido jump that ended its round:
    the round's order and stage as they were, with the jump's last action)."""


def replay_frames(record: GameRecord | Mapping[str, Any]) -> list[Frame]:
    """Replay a record (a ``GameRecord`` or its JSON dict, rules.md §6) and return its frames in order.

    Raises ``InvalidRecord`` for a dict that is not a record, else the first bad move's ``EngineError``
    with its 0-based index in ``move_index``, like ``engine.replay``.
    """
    rec = record if isinstance(record, GameRecord) else read_record(record)
    state = rec.start()
    frames = [Frame(FrameKind.START, view(state, None))]
    bought: Bought | None = None
    rapido = state.variant is Variant.RAPIDO
    for i, text in enumerate(rec.moves):
        before = state
        try:
            move = parse_move(text)
            state = apply(before, move)
        except EngineError as e:
            e.move_index = i  # type: ignore[attr-defined]
            raise
        if rapido:
            frame = _rapido_frame(before, state, i + 1)
            if frame is not None or before.stage is Stage.JUMPS:  # a slot given up (``end``) is no turn
                frames.extend([frame] if frame is not None else [])
                continue
        elif isinstance(move, Pick):
            bought = Bought(before.to_act, before.high_bid if before.high_bidder == before.to_act else 0)
        if not isinstance(move, End):
            continue
        seen = view(state, None)
        if before.phase is Phase.SCORING:
            frames.append(Frame(FrameKind.SCORING_TURN, seen, i + 1, before.scoring_round))
            if state.phase is not Phase.SCORING:
                kind = FrameKind.FINAL if state.phase is Phase.FINISHED else FrameKind.ROUND
                frames.append(Frame(kind, seen, i + 1, before.scoring_round))
        elif rapido:  # a volcano placer's extra turn (rules.md §7.6.7)
            frames.append(Frame(FrameKind.TURN, seen, i + 1, round=before.round))
        else:
            frames.append(Frame(FrameKind.TURN, seen, i + 1, before.turn, bought))
            bought = None
    if frames[-1].moves < len(rec.moves):
        frames.append(Frame(FrameKind.NOW, view(state, None), len(rec.moves)))
    return frames


def _rapido_frame(before: GameState, after: GameState, moves: int) -> Frame | None:
    """A Tikal Rápido round's frame after this move: its placements done, or a jump's slots over; else None."""
    if before.stage is Stage.PLACING and after.stage is not Stage.PLACING:
        return Frame(FrameKind.PLACED, view(after, None), moves, round=before.round)
    jump_over = after.phase is Phase.JUMP or after.stage is not Stage.JUMPS or after.round != before.round
    if before.stage is not Stage.JUMPS or before.phase is not Phase.ACTIONS or not jump_over:
        return None
    seen = view(after, None)
    told = seen if after.stage is Stage.JUMPS and after.round == before.round else replace(
        seen, stage=Stage.JUMPS, round=before.round, round_order=view(before, None).round_order, phase=Phase.JUMP)
    return Frame(FrameKind.JUMP, seen, moves, rapido_jump_count(told), round=before.round, told=told)


def rapido_jump_count(told: GameView) -> int:
    """The number of the round's last jump whose numbers the told position shows."""
    jumps = phase3(told)
    done = [j for j in jumps if j.chosen]
    return done[-1].number if done else 1


def as_frame(item: Frame | GameView) -> Frame:
    """A frame as it is, or a bare view as a ``POSITION`` frame."""
    return item if isinstance(item, Frame) else Frame(FrameKind.POSITION, item)

"""Which positions of a game the animated replay shows, planned from its record.

One frame for the start, one at the end of every turn (normal turns, their auction told in the caption,
and scoring turns), one after every scoring round with the points it gave (the last of them is the
finished game), and for a running game one of the position now, if moves followed the last turn's end.

Every frame holds a spectator's view (``engine.view(state, None)``) and a few numbers, never the state:
what the replay draws cannot show the stack's order or the kinds of wafers still face down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine import End, EngineError, GameRecord, GameView, Phase, Pick, apply, parse_move, read_record, view


class FrameKind(StrEnum):
    START = "start"
    TURN = "turn"
    """The end of a normal turn."""
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


def replay_frames(record: GameRecord | Mapping[str, Any]) -> list[Frame]:
    """Replay a record (a ``GameRecord`` or its JSON dict, SPEC section 6) and return its frames in order.

    Raises ``InvalidRecord`` for a dict that is not a record, else the first bad move's ``EngineError``
    with its 0-based index in ``move_index``, like ``engine.replay``.
    """
    rec = record if isinstance(record, GameRecord) else read_record(record)
    state = rec.start()
    frames = [Frame(FrameKind.START, view(state, None))]
    bought: Bought | None = None
    for i, text in enumerate(rec.moves):
        before = state
        try:
            move = parse_move(text)
            state = apply(before, move)
        except EngineError as e:
            e.move_index = i  # type: ignore[attr-defined]
            raise
        if isinstance(move, Pick):
            bought = Bought(before.to_act, before.high_bid if before.high_bidder == before.to_act else 0)
        if not isinstance(move, End):
            continue
        seen = view(state, None)
        if before.phase is Phase.SCORING:
            frames.append(Frame(FrameKind.SCORING_TURN, seen, i + 1, before.scoring_round))
            if state.phase is not Phase.SCORING:
                kind = FrameKind.FINAL if state.phase is Phase.FINISHED else FrameKind.ROUND
                frames.append(Frame(kind, seen, i + 1, before.scoring_round))
        else:
            frames.append(Frame(FrameKind.TURN, seen, i + 1, before.turn, bought))
            bought = None
    if frames[-1].moves < len(rec.moves):
        frames.append(Frame(FrameKind.NOW, view(state, None), len(rec.moves)))
    return frames


def as_frame(item: Frame | GameView) -> Frame:
    """A frame as it is, or a bare view as a ``POSITION`` frame."""
    return item if isinstance(item, Frame) else Frame(FrameKind.POSITION, item)

"""The caption of a replay frame: the channel picture's caption with the turn's number in front
(``Turn 14 · ● Ben: placed E2 (temple 3), uncovered D3 to 7 — 0 AP left``), a Tikal Rápido round's placements or
jump with the round's number (``Round 5 · Jump 3 ● Ana 1 ▲ Ben 4: …``), or a scoring round's points."""

from __future__ import annotations

from functools import partial

from PIL import ImageFont

from engine import GameView

from . import rapido
from .channel import Caption
from .frames import Frame, FrameKind
from .status import SEP, story_lines
from .story import phrase
from .textrun import Part, line_width
from .words import Words


def _start_lines(view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont,
                 max_lines: int) -> list[list[Part]]:
    return [[w.replay_start(len(view.players), view.variant)]]


def _round_lines(number: int, view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont,
                 max_lines: int) -> list[list[Part]]:
    """``Scoring round 2 of 4 is over: ● Ana +15 · ▲ Ben +12 …`` on one line if it fits, else two."""
    head = w.round_over(number, view.finished)
    points: list[Part] = []
    for entry in sorted(view.score_log, key=lambda e: e.player):
        if entry.round == number:
            gained = entry.temples + entry.treasures
            points += [*([SEP] if points else []), entry.player,
                       w.points_gained(view.players[entry.player].name, gained)]
    one = [f"{head} ", *points]
    if max_lines < 2 or line_width(one, f) <= room:
        return [one]
    return [[head], points]


def _rapido_lines(frame: Frame, view: GameView, w: Words, room: float, f: ImageFont.FreeTypeFont,
                  max_lines: int) -> list[list[Part]]:
    """``Round 5 · Jump 3 ● Ana 1 ▲ Ben 4: …`` or ``Round 5 · placed: …``, told from the round as it was."""
    head: list[Part] = [w.round_no(frame.round), SEP]
    told = rapido.caption_lines(frame.told or view, w, room, f, max_lines, phrase, head)
    return told if told is not None else [head[:1]]


def frame_caption(frame: Frame, w: Words) -> Caption:
    """What the frame's header says under the status line (``w``: the words of its language)."""
    if frame.kind is FrameKind.START:
        return _start_lines
    if frame.kind in (FrameKind.ROUND, FrameKind.FINAL):
        return partial(_round_lines, frame.number)
    if frame.kind in (FrameKind.PLACED, FrameKind.JUMP):
        return partial(_rapido_lines, frame)
    if frame.kind is FrameKind.TURN and frame.round:  # a Tikal Rápido extra turn
        return partial(story_lines, head=[w.round_no(frame.round), SEP, w.extra_turn(), SEP])
    if frame.kind is FrameKind.TURN:
        before = [w.auction_won(frame.bought.price)] if frame.bought else []
        return partial(story_lines, head=[w.turn(frame.number), SEP], before=before)
    if frame.kind is FrameKind.SCORING_TURN:
        final = frame.view.finished or frame.view.final_scoring
        head = w.final_scoring() if final else w.scoring_round(frame.number)
        return partial(story_lines, head=[head, SEP])
    return story_lines

"""Determinization: a playable ``GameState`` rebuilt from a ``GameView`` plus sampled secrets.

A computer player sees only a view. To try moves it needs a state ``engine.apply`` accepts, so the
parts the view hides are drawn at random from what is still unseen, with the player's own
generator: the face-down stack (shuffled within each of its letters, which the view counts) and the
kinds of the wafers (the 24 wafers less those the players hold, dealt onto the board's treasure
hexes and into the order still to come). Nothing here reads a true order; there is none to read.

The rebuilt state shows the same view as the one it came from. It has no undo history (a computer
player never takes back) and its seed is 0, a placeholder: both orders are given in full.
"""

from __future__ import annotations

import random
from collections import Counter

from ..board import SPACE_COUNT
from ..moves import Recover, Uncover, parse_move
from ..state import (
    LEADER_GUARD,
    LEADER_REMOVED,
    LEADER_SUPPLY,
    NOBODY,
    GameState,
    Phase,
    Setup,
    blank_state,
)
from ..tiles import HEXAGONS, LETTERS, TREASURE_KINDS, WAFERS_PER_KIND
from ..view import GameView

_LEADER = {"supply": LEADER_SUPPLY, "guard": LEADER_GUARD, "removed": LEADER_REMOVED}


def unseen_tiles(view: GameView) -> list[str]:
    """Return the hexagons of the face-down stack as a set (id order): all but placed, held or shown."""
    seen = {s.tile for s in view.spaces if s.tile is not None} | set(view.shown)
    if view.hand is not None:
        seen.add(view.hand)
    return [t for t in HEXAGONS if t not in seen]


def unseen_wafers(view: GameView) -> list[str]:
    """Return the wafers nobody holds (on the board or still to come), kinds in a fixed order."""
    held: Counter[str] = Counter()
    for p in view.players:
        for kind, count in p.treasures:
            held[kind] += count
    return [k for k in TREASURE_KINDS for _ in range(WAFERS_PER_KIND - held[k])]


def sample_stack(view: GameView, rng: random.Random) -> list[str]:
    """Return a face-down stack consistent with the view: each letter's unseen hexagons shuffled, A on top."""
    by_letter: dict[str, list[str]] = {}
    for tile in unseen_tiles(view):
        by_letter.setdefault(tile[0], []).append(tile)
    expected = dict(view.stack_by_letter)
    stack: list[str] = []
    for letter in LETTERS:
        group = by_letter.get(letter, [])
        if len(group) != expected.get(letter, 0):
            raise ValueError(f"the view's stack has {expected.get(letter, 0)} {letter} hexagons, not {len(group)}")
        rng.shuffle(group)
        stack.extend(group)
    return stack


def _per_turn_counts(view: GameView) -> tuple[dict[int, int], dict[int, int]]:
    """Levels uncovered and wafers recovered per space in the current turn, read from its actions."""
    uncovered: dict[int, int] = {}
    recovered: dict[int, int] = {}
    for text in view.turn_moves:
        move = parse_move(text)
        if isinstance(move, Uncover):
            uncovered[move.space] = uncovered.get(move.space, 0) + move.count
        elif isinstance(move, Recover):
            recovered[move.space] = recovered.get(move.space, 0) + move.count
    return uncovered, recovered


def _or_nobody(seat: int | None) -> int:
    return NOBODY if seat is None else seat


def determinize(view: GameView, rng: random.Random) -> GameState:
    """Return a state that shows ``view`` with its secrets drawn by ``rng`` from what is unseen."""
    n = len(view.players)
    placed = [s.tile for s in view.spaces if s.tile is not None]
    known = [*placed, *([view.hand] if view.hand is not None else []), *view.shown]
    stack = sample_stack(view, rng)
    wafers = unseen_wafers(view)
    rng.shuffle(wafers)
    held = [k for p in view.players for k, c in p.treasures for _ in range(c)]
    on_board = sum(s.wafers for s in view.spaces)
    setup = Setup(
        players=tuple(p.name for p in view.players),
        variant=view.variant,
        seed=0,
        tile_order=(*known, *stack),
        treasure_order=(*held, *wafers),
    )
    s = blank_state(setup)
    s.version = view.version
    s.log = view.log
    at = len(held)
    for sv in view.spaces:
        i = sv.space
        s.explored[i] = sv.explored
        s.tile[i] = sv.tile
        s.terrain[i] = sv.terrain
        s.rotation[i] = sv.rotation
        s.stones[i] = sv.stones
        s.value[i] = sv.value if sv.value is not None else s.value[i]
        s.wafers[i] = setup.treasure_order[at: at + sv.wafers]
        at += sv.wafers
        s.camp[i] = _or_nobody(sv.camp)
        s.guard[i] = _or_nobody(sv.guard)
        for p in range(n):
            s.workers[p][i] = sv.workers[p]
    assert at == len(held) + on_board
    for pv in view.players:
        p = pv.seat
        s.leader[p] = pv.leader_space if pv.leader_space is not None else _LEADER[pv.leader]
        s.supply[p] = pv.workers_supply
        s.removed[p] = pv.removed
        s.camps_left[p] = pv.camps_left
        s.guards_left[p] = pv.guards_left
        s.treasures[p] = dict(pv.treasures)
        s.score[p] = pv.score
        s.had_turn[p] = pv.had_turn
        s.passed[p] = pv.passed
    s.temple_supply = dict(view.temple_supply)
    s.stack_pos = len(known)
    s.wafer_pos = at
    s.phase = view.phase
    s.to_act = _or_nobody(view.to_act)
    s.ap = view.ap_left if view.ap_left is not None else (0 if view.phase is Phase.FINISHED else 10)
    s.hand = view.hand
    s.turn = view.turn
    s.uncovered, s.recovered = _per_turn_counts(view)
    s.turn_moves = view.turn_moves
    s.last_turn = view.last_turn
    s.scoring_round = view.scoring_round
    s.scoring_queue = view.scoring_queue
    s.volcano_player = _or_nobody(view.volcano_player)
    s.score_log = view.score_log
    s.last_placer = _or_nobody(view.last_placer)
    s.round = view.round
    s.shown = view.shown
    s.bidders = view.bidders
    s.high_bid = view.high_bid
    s.high_bidder = _or_nobody(view.high_bidder)
    s.first_passer = _or_nobody(view.first_passer)
    assert len(s.explored) == SPACE_COUNT
    return s

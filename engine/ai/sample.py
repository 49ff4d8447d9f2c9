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
from ..options import Option
from ..randomterrain import sample_rest
from ..rapido import MAX_JUMP
from ..record import MAX_ROLLS
from ..state import (
    LEADER_GUARD,
    LEADER_REMOVED,
    LEADER_SUPPLY,
    NOBODY,
    GameState,
    Phase,
    Setup,
    Stage,
    TurnCounts,
    Variant,
    blank_state,
)
from ..tiles import HEXAGONS, LETTERS, TREASURE_KINDS, WAFERS_PER_KIND
from ..view import GameView

_LEADER = {"supply": LEADER_SUPPLY, "guard": LEADER_GUARD, "removed": LEADER_REMOVED}


def seen_tiles(view: GameView) -> list[str]:
    """Return the hexagons drawn so far: placed, in hand (Tikal Rápido: in every hand) or shown."""
    seen = [s.tile for s in view.spaces if s.tile is not None]
    held = [view.hand] if view.hand is not None else []
    held += [t for t in view.hands if t is not None and t not in held]
    return [*seen, *held, *view.shown]


def unseen_tiles(view: GameView) -> list[str]:
    """Return the hexagons not drawn yet as a set (id order): all but placed, held or shown."""
    seen = set(seen_tiles(view))
    return [t for t in HEXAGONS if t not in seen]


def unseen_wafers(view: GameView) -> list[str]:
    """Return the wafers nobody holds (on the board or still to come), kinds in a fixed order."""
    held: Counter[str] = Counter()
    for p in view.players:
        for kind, count in p.treasures:
            held[kind] += count
    return [k for k in TREASURE_KINDS for _ in range(WAFERS_PER_KIND - held[k])]


def sample_stack(view: GameView, rng: random.Random) -> list[str]:
    """Return a face-down stack consistent with the view: each letter's unseen hexagons shuffled, A on top
    (random terrain: drawn one by one from the stack of the moment, volcanoes entering on time)."""
    if Option.RANDOMTERRAIN in view.options:
        seen = seen_tiles(view)
        return sample_rest(len(view.players), set(seen), len(seen), rng)
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


def _per_turn_counts(moves: tuple[str, ...]) -> tuple[dict[int, int], dict[int, int]]:
    """Levels uncovered and wafers recovered per space in a turn, read from its actions."""
    uncovered: dict[int, int] = {}
    recovered: dict[int, int] = {}
    for text in moves:
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
    known = seen_tiles(view)
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
        options=view.options,
        rolls=(*view.rolls, *sample_rolls(view, rng)),
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
    s.uncovered, s.recovered = _per_turn_counts(view.turn_moves)
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
    _option_fields(view, s, rng)
    return s


def sample_rolls(view: GameView, rng: random.Random) -> list[int]:
    """Return dice totals for the rolls still to come (Indiana Jones), as a player may imagine them."""
    if view.dice is None:
        return []
    count, faces = view.dice
    return [sum(rng.randint(1, faces) for _ in range(count)) for _ in range(MAX_ROLLS - len(view.rolls))]


def _option_fields(view: GameView, s: GameState, rng: random.Random) -> None:
    """Copy section 7's public fields, and draw the jump choices the view hides (rules.md §7.6.4)."""
    n = len(view.players)
    s.roll_pos = len(view.rolls)
    s.obstacles = frozenset(view.obstacles)
    if any(sv.gun is not None for sv in view.spaces):
        s.gun = tuple(_or_nobody(sv.gun) for sv in view.spaces)
    s.fired = frozenset(view.fired)
    s.volcanoes_taken = view.volcanoes_taken
    s.display_volcanoes = view.display_volcanoes
    s.declared_no = view.declared_no
    s.final_placement = view.final_placement
    s.stage = view.stage
    s.volcano_queue = view.volcano_queue
    if view.variant is not Variant.RAPIDO:
        return
    s.round_order = view.round_order
    s.hands = view.hands
    s.acquired = view.acquired
    s.chips = view.chips
    s.slots = view.slots
    if view.phase is Phase.JUMP:
        s.chosen = view.chosen
        s.jump = tuple(rng.randint(1, min(MAX_JUMP, view.chips[q])) if q in view.chosen else 0 for q in range(n))
        s.ap = 0
    elif view.jump and any(j is not None for j in view.jump):
        s.chosen = tuple(q for q in view.round_order if view.jump[q] is not None)
        s.jump = tuple(j or 0 for j in view.jump)
    if view.phase3_moves:
        counts = [TurnCounts(*_per_turn_counts(moves), moves) for moves in view.phase3_moves]
        s.counts = tuple(counts)
    if view.stage is Stage.JUMPS and view.phase is Phase.ACTIONS:
        s.ap = s.jump[s.to_act]

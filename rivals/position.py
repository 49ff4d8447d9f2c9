"""A playable ``GameState`` from a ``GameView``, for the rival players (written apart from ``engine.ai``).

The rivals look one turn ahead, so the secrets a view hides hardly matter to them: they are filled in
one fixed way, not sampled. The face-down stack keeps its letters' order with each letter's hexagons in
id order; the wafers nobody holds are dealt one kind after another in turn (so no treasure hex looks like a
set); dice rolls still to come are the dice's mean.
Tikal Rápido is not supported (its hidden jump choices would need guessing): ``rebuild`` refuses it.
"""

from __future__ import annotations

import random
from collections import Counter

from engine import HEXAGONS, TREASURE_KINDS, GameState, GameView, Option, Phase, Variant, parse_move
from engine.moves import Recover, Uncover
from engine.randomterrain import sample_rest
from engine.state import LEADER_GUARD, LEADER_REMOVED, LEADER_SUPPLY, NOBODY, Setup, blank_state

WAFERS_EACH = 3
ROLLS_AHEAD = 60
"""Dice totals kept for the rolls still to come (Indiana Jones): more than a turn can use."""


def _seat(value: int | None) -> int:
    return NOBODY if value is None else value


def drawn(game: GameView) -> list[str]:
    """The hexagons out of the stack: on the board, in hand, shown."""
    out = [s.tile for s in game.spaces if s.tile is not None]
    if game.hand is not None:
        out.append(game.hand)
    return out + list(game.shown)


def _stack(game: GameView, seen: list[str]) -> list[str]:
    if Option.RANDOMTERRAIN in game.options:
        return sample_rest(len(game.players), set(seen), len(seen), random.Random(0))
    taken = set(seen)
    rest = [t for t in HEXAGONS if t not in taken]
    return sorted(rest, key=lambda t: (t[0], int(t.split("-")[1])))


def _unheld_wafers(game: GameView) -> list[str]:
    held: Counter[str] = Counter()
    for p in game.players:
        held.update(dict(p.treasures))
    return [k for i in range(WAFERS_EACH) for k in TREASURE_KINDS if held[k] + i < WAFERS_EACH]


def _turn_counts(moves: tuple[str, ...]) -> tuple[dict[int, int], dict[int, int]]:
    uncovered: dict[int, int] = {}
    recovered: dict[int, int] = {}
    for text in moves:
        move = parse_move(text)
        if isinstance(move, Uncover):
            uncovered[move.space] = uncovered.get(move.space, 0) + move.count
        elif isinstance(move, Recover):
            recovered[move.space] = recovered.get(move.space, 0) + move.count
    return uncovered, recovered


def rebuild(game: GameView) -> GameState:
    """Return a state that shows ``game`` (for the seat to act), its secrets filled in one fixed way."""
    if game.variant is Variant.RAPIDO:
        raise ValueError("the rival players play the basic and the auction game, not Tikal Rápido")
    seen = drawn(game)
    held = [k for p in game.players for k, c in p.treasures for _ in range(c)]
    future_rolls: list[int] = []
    if game.dice is not None:
        count, faces = game.dice
        future_rolls = [count * (faces + 1) // 2] * ROLLS_AHEAD
    setup = Setup(
        players=tuple(p.name for p in game.players), variant=game.variant, seed=0,
        tile_order=(*seen, *_stack(game, seen)), treasure_order=(*held, *_unheld_wafers(game)),
        options=game.options, rolls=(*game.rolls, *future_rolls),
    )
    s = blank_state(setup)
    s.version, s.log = game.version, game.log
    at = len(held)
    for sp in game.spaces:
        i = sp.space
        s.explored[i], s.tile[i], s.terrain[i] = sp.explored, sp.tile, sp.terrain
        s.rotation[i], s.stones[i] = sp.rotation, sp.stones
        if sp.value is not None:
            s.value[i] = sp.value
        s.wafers[i] = setup.treasure_order[at: at + sp.wafers]
        at += sp.wafers
        s.camp[i], s.guard[i] = _seat(sp.camp), _seat(sp.guard)
        for p, count in enumerate(sp.workers):
            s.workers[p][i] = count
    leaders = {"supply": LEADER_SUPPLY, "guard": LEADER_GUARD, "removed": LEADER_REMOVED}
    for pv in game.players:
        p = pv.seat
        s.leader[p] = pv.leader_space if pv.leader_space is not None else leaders[pv.leader]
        s.supply[p], s.removed[p] = pv.workers_supply, pv.removed
        s.camps_left[p], s.guards_left[p] = pv.camps_left, pv.guards_left
        s.treasures[p], s.score[p] = dict(pv.treasures), pv.score
        s.had_turn[p], s.passed[p] = pv.had_turn, pv.passed
    s.temple_supply = dict(game.temple_supply)
    s.stack_pos, s.wafer_pos = len(seen), at
    s.phase, s.to_act = game.phase, _seat(game.to_act)
    s.ap = game.ap_left if game.ap_left is not None else 10
    s.hand, s.turn = game.hand, game.turn
    s.uncovered, s.recovered = _turn_counts(game.turn_moves)
    s.turn_moves, s.last_turn = game.turn_moves, game.last_turn
    s.scoring_round, s.scoring_queue = game.scoring_round, game.scoring_queue
    s.volcano_player, s.last_placer = _seat(game.volcano_player), _seat(game.last_placer)
    s.score_log, s.round, s.shown = game.score_log, game.round, game.shown
    s.bidders, s.high_bid = game.bidders, game.high_bid
    s.high_bidder, s.first_passer = _seat(game.high_bidder), _seat(game.first_passer)
    s.roll_pos = len(game.rolls)
    s.obstacles = frozenset(game.obstacles)
    if any(sp.gun is not None for sp in game.spaces):
        s.gun = tuple(_seat(sp.gun) for sp in game.spaces)
    s.fired = frozenset(game.fired)
    s.volcanoes_taken, s.display_volcanoes = game.volcanoes_taken, game.display_volcanoes
    s.declared_no, s.final_placement, s.stage = game.declared_no, game.final_placement, game.stage
    s.volcano_queue = game.volcano_queue
    if game.phase is Phase.FINISHED:
        s.ap = 0
    return s

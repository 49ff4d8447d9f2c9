"""Tikal Rápido (docs/rules.md §7.6): rounds of three phases instead of turns.

Phase 1, auctions until every player holds a hexagon (stage ``AUCTION``); phase 2, the players place
them in round order (``PLACING``); phase 3, jumps (``JUMPS``): everyone with chips chooses 1–5 of them
(phase ``jump``), then each acts once with that many AP, lowest first (phase ``actions``). After
phase 3 each volcano placed this round scores and gives its placer an extra turn (``VOLCANOES``).
When the stack is empty after a round the final scoring round follows (``FINAL``).

These functions change a fresh clone in place; ``engine.rules`` calls them after a move was checked.
"""

from __future__ import annotations

from typing import Final

from .flow import begin_turn, clockwise, start_bidding, start_final_scoring, start_volcano_scoring
from .members import (
    PHASE_ACTIONS,
    PHASE_JUMP,
    PHASE_PLACE,
    STAGE_AUCTION,
    STAGE_FINAL,
    STAGE_JUMPS,
    STAGE_PLACING,
    STAGE_VOLCANOES,
)
from .moves import Jump, Pick
from .state import NO_COUNTS, RAPIDO_CHIPS, GameState, TurnCounts, TurnRecord, is_volcano

MAX_JUMP: Final = 5


def start_game(state: GameState) -> None:
    """Begin a Tikal Rápido game on a blank state: round 1's first auction opens with seat 1."""
    _start_round(state, 0)


def _start_round(state: GameState, opener: int) -> None:
    n = len(state.players)
    state.stage = STAGE_AUCTION
    state.round += 1
    state.shown = state.setup.tile_order[state.stack_pos: state.stack_pos + n]
    state.stack_pos += len(state.shown)
    state.had_turn = [False] * n
    state.acquired = ()
    state.round_order = ()
    state.hand = None
    start_bidding(state, clockwise(state, opener))


def pick(state: GameState, move: Pick) -> None:
    """The auction's winner takes the k-th shown hexagon and holds it (rules.md §7.6.2)."""
    i = move.index - 1
    tile_id = state.shown[i]
    state.shown = state.shown[:i] + state.shown[i + 1:]
    _acquire(state, state.to_act, tile_id)


def _acquire(state: GameState, player: int, tile_id: str) -> None:
    state.hands = (*state.hands[:player], tile_id, *state.hands[player + 1:])
    state.acquired = (*state.acquired, player)
    state.mutable("had_turn")[player] = True
    waiting = [q for q in clockwise(state, (player + 1) % len(state.players)) if not state.had_turn[q]]
    if len(waiting) >= 2:
        start_bidding(state, waiting)
    elif len(waiting) == 1:
        last, state.shown = state.shown[0], state.shown[1:]
        _acquire(state, waiting[0], last)
    else:
        _start_placing(state)


def _start_placing(state: GameState) -> None:
    holders = state.acquired
    volcanoes = [q for q in holders if is_volcano(state.hands[q] or "")]
    state.round_order = (*volcanoes, *(q for q in holders if q not in volcanoes))
    state.stage = STAGE_PLACING
    _begin_placing(state, state.round_order[0])


def _begin_placing(state: GameState, player: int) -> None:
    begin_turn(state, player, PHASE_PLACE)
    state.hand = state.hands[player]


def after_place(state: GameState, space: int) -> None:
    """Phase 2: the hexagon is on ``space``; the next player in round order places, or phase 3 begins."""
    p = state.to_act
    state.hands = (*state.hands[:p], None, *state.hands[p + 1:])
    state.last_placer = p
    tile = state.tile[space]
    if tile is not None and is_volcano(tile):
        state.volcano_queue = (*state.volcano_queue, p)
    i = state.round_order.index(p) + 1
    if i < len(state.round_order):
        _begin_placing(state, state.round_order[i])
    else:
        _start_jumps(state)


def _start_jumps(state: GameState) -> None:
    n = len(state.players)
    state.stage = STAGE_JUMPS
    state.chips = (RAPIDO_CHIPS,) * n
    state.counts = (NO_COUNTS,) * n
    begin_turn(state, state.round_order[0], PHASE_JUMP)
    _next_jump(state)


def _next_jump(state: GameState) -> None:
    """Open a jump for the players with chips left, or end phase 3 when nobody has any."""
    state.jump = (0,) * len(state.players)
    state.chosen = ()
    state.slots = ()
    state.uncovered, state.recovered, state.turn_moves = {}, {}, ()
    if not any(state.chips):
        _end_jumps(state)
        return
    _next_chooser(state)


def _next_chooser(state: GameState) -> None:
    """The next player in round order with chips who has not chosen chooses, or the jump is revealed."""
    chips, jump = state.chips, state.jump
    for q in state.round_order:
        if chips[q] and not jump[q]:
            state.to_act, state.phase, state.ap = q, PHASE_JUMP, 0
            return
    _reveal(state)


def most_chips(state: GameState, player: int) -> int:
    """Return the most chips ``player`` may take into a jump: 5, or fewer if it has fewer left."""
    return min(MAX_JUMP, state.chips[player])


def choose(state: GameState, move: Jump) -> None:
    """A player chose its chips for the jump (kept secret until everyone has chosen)."""
    p = state.to_act
    state.jump = (*state.jump[:p], move.count, *state.jump[p + 1:])
    state.chosen = (*state.chosen, p)
    _next_chooser(state)


def _reveal(state: GameState) -> None:
    """Everyone chose: chips are spent and the players act from the lowest number up (rules.md §7.6.5)."""
    state.chips = tuple(c - j for c, j in zip(state.chips, state.jump, strict=True))
    jump, round_order = state.jump, state.round_order
    order = sorted([(jump[q], round_order.index(q), q) for q in state.chosen])  # no key function to call per seat
    state.slots = tuple(q for _, _, q in order[1:])
    _begin_slot(state, order[0][2])


def _begin_slot(state: GameState, player: int) -> None:
    counts = state.counts[player]
    state.to_act, state.phase, state.ap = player, PHASE_ACTIONS, state.jump[player]
    state.uncovered, state.recovered, state.turn_moves = dict(counts.uncovered), dict(counts.recovered), counts.moves
    state.undo_base, state.undo_moves = None, ()


def in_slot(state: GameState) -> bool:
    """Whether the player to act is in a jump's action slot (one AP move or ``end``, no undo)."""
    return state.stage is STAGE_JUMPS and state.phase is PHASE_ACTIONS


def end_slot(state: GameState) -> None:
    """The player acted once (or ended) in its slot: the next slot, the next jump, or the end of phase 3."""
    p = state.to_act
    state.counts = (*state.counts[:p], TurnCounts(state.uncovered, state.recovered, state.turn_moves),
                    *state.counts[p + 1:])
    if state.slots:
        nxt, state.slots = state.slots[0], state.slots[1:]
        _begin_slot(state, nxt)
    else:
        _next_jump(state)


def _end_jumps(state: GameState) -> None:
    n = len(state.players)
    state.stage = STAGE_VOLCANOES
    state.chips = (RAPIDO_CHIPS,) * n
    state.counts = (NO_COUNTS,) * n
    state.jump = (0,) * n
    _next_volcano(state)


def _next_volcano(state: GameState) -> None:
    if state.volcano_queue:
        placer, state.volcano_queue = state.volcano_queue[0], state.volcano_queue[1:]
        start_volcano_scoring(state, placer)
        return
    if state.stack_left == 0:
        state.stage = STAGE_FINAL
        state.last_placer = state.round_order[-1]
        start_final_scoring(state)
        return
    n = len(state.players)
    _start_round(state, (state.acquired[-1] + 1) % n)


def end_extra_turn(state: GameState) -> None:
    """A volcano placer's extra turn ended (rules.md §7.6.7): the next volcano, or the next round."""
    state.last_turn = TurnRecord(state.to_act, False, state.turn_moves)
    _next_volcano(state)

"""The flow of play: turns, scoring rounds, the auction and the end of the game (docs/rules.md, rulings 9–11).

These functions change a fresh clone in place; ``engine.rules`` calls them after a move was checked.
Turn, phase and auction state live in explicit fields of the state.
"""

from __future__ import annotations

from .board import SPACE_COUNT
from .members import (
    OPTION_NOROUND,
    OPTION_RANDOMTERRAIN,
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_DECLARE,
    PHASE_FINISHED,
    PHASE_PICK,
    PHASE_PLACE,
    PHASE_SCORING,
    TERRAIN_TEMPLE,
    VARIANT_BASIC,
    VARIANT_RAPIDO,
)
from .moves import Declare, Pick
from .randomterrain import is_last_volcano, must_declare
from .state import NOBODY, GameState, Phase, ScoreEntry, TurnRecord, is_volcano
from .tiles import AP_PER_TURN, TREASURE_POINTS


def begin_turn(state: GameState, player: int, phase: Phase) -> None:
    """Hand the game to ``player`` in ``phase`` with 10 AP and the per-turn counts reset."""
    state.to_act = player
    state.phase = phase
    state.ap = AP_PER_TURN
    state.uncovered = {}
    state.recovered = {}
    state.turn_moves = ()
    state.undo_base = None
    state.undo_moves = ()
    state._prev = None
    if state.fired:
        state.fired = frozenset()


def clockwise(state: GameState, first: int) -> list[int]:
    n = len(state.players)
    return [(first + i) % n for i in range(n)]


def _take_hexagon(state: GameState, player: int, tile_id: str) -> None:
    """The player has the hexagon in hand: a volcano starts a scoring round (or, with random terrain,
    perhaps a declaration first), anything else is placed."""
    state.hand = tile_id
    if not is_volcano(tile_id):
        state.turn += 1
        begin_turn(state, player, PHASE_PLACE)
        return
    if state.setup.has(OPTION_RANDOMTERRAIN):
        state.volcanoes_taken += 1
        if is_last_volcano(state):
            state.final_placement = True
        elif must_declare(state):
            begin_turn(state, player, PHASE_DECLARE)
            return
    start_volcano_scoring(state, player)


def start_volcano_scoring(state: GameState, player: int) -> None:
    """A volcano taken by ``player`` scores: a scoring round from that player clockwise, after which it
    places the volcano (with ``noround``: everyone scores at once, rules.md §7.1). Tikal Rápido: the
    volcano is already placed, and an extra turn follows instead (rules.md §7.6.7)."""
    order = clockwise(state, player)
    if not state.setup.has(OPTION_NOROUND):
        _start_scoring(state, order, volcano_player=player)
        return
    state.scoring_round += 1
    for q in order:
        _add_score(state, q)
    _after_volcano_scoring(state, player)


def _after_volcano_scoring(state: GameState, player: int) -> None:
    state.turn += 1
    begin_turn(state, player, PHASE_ACTIONS if state.variant is VARIANT_RAPIDO else PHASE_PLACE)


def declare(state: GameState, move: Declare) -> None:
    """Random terrain: the taker of a volcano declared whether it scores (rules.md §7.5.4)."""
    if move.score:
        start_volcano_scoring(state, state.to_act)
        return
    state.declared_no = True
    state.turn += 1
    begin_turn(state, state.to_act, PHASE_PLACE)


def finish_game(state: GameState) -> None:
    """End the game now: nobody acts any more."""
    state.hand = None
    begin_turn(state, NOBODY, PHASE_FINISHED)
    state.ap = 0


def _start_basic_turn(state: GameState, player: int) -> None:
    if state.stack_left == 0:
        start_final_scoring(state)
        return
    tile_id = state.setup.tile_order[state.stack_pos]
    state.stack_pos += 1
    _take_hexagon(state, player, tile_id)


def _start_scoring(state: GameState, order: list[int], volcano_player: int) -> None:
    state.scoring_round += 1
    state.volcano_player = volcano_player
    state.scoring_queue = tuple(order[1:])
    begin_turn(state, order[0], PHASE_SCORING)


def start_final_scoring(state: GameState) -> None:
    """Begin the final scoring round after the last hexagon's turn (ruling 10)."""
    n = len(state.players)
    last = state.last_placer
    state.hand = None
    if state.variant is VARIANT_BASIC:
        order = clockwise(state, (last + 1) % n)
    else:
        def distance(q: int) -> int:
            return (q - last) % n or n

        order = sorted(range(n), key=lambda q: (state.score[q], distance(q)))
    _start_scoring(state, order, volcano_player=NOBODY)


def _score_player(state: GameState, player: int) -> ScoreEntry:
    """Return what the player scores now (ruling 9), without adding it."""
    temples = 0
    workers, leader, guard, terrain, value = state.workers, state.leader, state.guard, state.terrain, state.value
    mine_row, my_leader = workers[player], leader[player]
    others = [(workers[q], leader[q]) for q in range(len(state.setup.players)) if q != player]
    for s in range(SPACE_COUNT):
        if terrain[s] is not TERRAIN_TEMPLE:
            continue
        owner = guard[s]
        if owner != NOBODY:
            if owner == player:
                temples += value[s]
            continue
        mine = mine_row[s] + (3 if my_leader == s else 0)
        if mine:
            for row, at in others:
                if row[s] + (3 if at == s else 0) >= mine:
                    break
            else:
                temples += value[s]
    treasures = sum(TREASURE_POINTS[n] for n in state.treasures[player].values())
    return ScoreEntry(state.scoring_round, player, temples, treasures, 0)


def score_now(state: GameState, player: int) -> tuple[int, int]:
    """Return ``(temple points, treasure points)`` the player would score if scored now."""
    entry = _score_player(state, player)
    return entry.temples, entry.treasures


def _add_score(state: GameState, player: int) -> None:
    entry = _score_player(state, player)
    state.mutable("score")[player] += entry.temples + entry.treasures
    state.score_log = (*state.score_log, ScoreEntry(entry.round, player, entry.temples, entry.treasures,
                                                     state.score[player]))


def end_scoring_turn(state: GameState) -> None:
    p = state.to_act
    _add_score(state, p)
    state.last_turn = TurnRecord(p, True, state.turn_moves)
    if state.scoring_queue:
        nxt, state.scoring_queue = state.scoring_queue[0], state.scoring_queue[1:]
        begin_turn(state, nxt, PHASE_SCORING)
    elif state.volcano_player != NOBODY:
        vp, state.volcano_player = state.volcano_player, NOBODY
        _after_volcano_scoring(state, vp)
    else:
        finish_game(state)


def end_normal_turn(state: GameState) -> None:
    p = state.to_act
    state.last_turn = TurnRecord(p, False, state.turn_moves)
    state.last_placer = p
    setup = state.setup
    if setup.variant is VARIANT_BASIC:
        _start_basic_turn(state, (p + 1) % len(setup.players))
        return
    state.mutable("had_turn")[p] = True
    waiting = [q for q in clockwise(state, (p + 1) % len(state.players)) if not state.had_turn[q]]
    if len(waiting) >= 2:
        start_bidding(state, waiting)
    elif len(waiting) == 1:
        last, state.shown = state.shown[0], state.shown[1:]
        _take_hexagon(state, waiting[0], last)
    elif state.stack_left == 0:
        start_final_scoring(state)
    else:
        start_round(state, (p + 1) % len(state.players))


def start_round(state: GameState, opener: int) -> None:
    """Draw the round's display and open its first auction with ``opener`` (ruling 11)."""
    n = len(state.players)
    state.round += 1
    state.shown = state.setup.tile_order[state.stack_pos: state.stack_pos + n]
    state.stack_pos += len(state.shown)
    state.had_turn = [False] * n
    state.display_volcanoes = sum(1 for t in state.shown if is_volcano(t))
    state.declared_no = False
    start_bidding(state, clockwise(state, opener))


def start_bidding(state: GameState, bidders: list[int]) -> None:
    state.bidders = tuple(bidders)
    state.passed = [False] * len(state.players)
    state.high_bid = 0
    state.high_bidder = NOBODY
    state.first_passer = NOBODY
    begin_turn(state, bidders[0], PHASE_BID)
    state.hand = None


def next_bidder(state: GameState) -> None:
    active = [q for q in state.bidders if not state.passed[q]]
    if not active:
        _win_auction(state, state.first_passer, 0)
        return
    if len(active) == 1 and active[0] == state.high_bidder:
        _win_auction(state, state.high_bidder, state.high_bid)
        return
    order = state.bidders
    i = order.index(state.to_act)
    for k in range(1, len(order) + 1):
        q = order[(i + k) % len(order)]
        if not state.passed[q]:
            state.to_act = q
            return


def _win_auction(state: GameState, winner: int, price: int) -> None:
    state.mutable("score")[winner] -= price
    state.to_act = winner
    state.phase = PHASE_PICK


def start_game(state: GameState) -> None:
    """Begin play on a blank state (seat 1 acts first): used by ``engine.new_game``."""
    if state.variant is VARIANT_BASIC:
        _start_basic_turn(state, 0)
    else:
        start_round(state, 0)


def pick(state: GameState, move: Pick) -> None:
    i = move.index - 1
    tile_id = state.shown[i]
    state.shown = state.shown[:i] + state.shown[i + 1:]
    _take_hexagon(state, state.to_act, tile_id)

"""Moves applied in place (``engine.inplace``) and a replay that changes its one state in place: both give
exactly the states ``apply`` gives, take back exactly, and change no state they were not given."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Declare,
    Deploy,
    Fire,
    GameState,
    Guard,
    IllegalMove,
    Jump,
    Move,
    Obstacle,
    Transfer,
    Walk,
    apply,
    legal_moves,
    new_game,
    parse_move,
    read_record,
    record_of,
    replay,
    state_to_json,
)
from engine.inplace import apply_in_place, undo_in_place
from engine.options import Option
from engine.state import GameState as StateClass
from tests.engine.randomplay import choose, random_game
from tests.engine.test_copy_on_write import fingerprint
from tests.engine.test_option_properties import COMBOS

GAMES = COMBOS[::8]
IDS = [f"{v}-{'+'.join(o) or 'none'}" for v, o in GAMES]


def _game(variant: str, options: tuple[str, ...]) -> tuple[list[GameState], list[Move]]:
    seed = 31 + sum(map(ord, variant + "".join(options)))
    states = random_game(2 + seed % 3, variant, seed, options)
    moves = [parse_move(after.log[-1]) for after in states[1:]]
    return states, moves


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=IDS)
def test_a_whole_game_in_place_and_back_passes_through_apply_s_states(variant: str, options: tuple[str, ...]) -> None:
    states, moves = _game(variant, options)
    seen = [fingerprint(s) for s in states]
    assert any(type(m).__name__ == "Undo" for m in moves) or variant == "rapido"
    position = states[0].fork()
    taken = []
    for move, after in zip(moves, states[1:], strict=True):
        taken.append(apply_in_place(position, move))
        assert position == after
        assert state_to_json(position) == state_to_json(after)
    for before, expected in zip(reversed(taken), reversed(states[:-1]), strict=True):
        undo_in_place(position, before)
        assert position == expected
        assert state_to_json(position) == state_to_json(expected)
    assert [fingerprint(s) for s in states] == seen, "a state apply made was changed"


@pytest.mark.parametrize(("variant", "options"), GAMES[::2], ids=IDS[::2])
def test_one_move_in_place_then_back_at_every_state(variant: str, options: tuple[str, ...]) -> None:
    states, moves = _game(variant, options)
    for state, move, after in zip(states, moves, states[1:], strict=False):
        position = state.fork()
        before = apply_in_place(position, move, player=state.to_act)
        assert state_to_json(position) == state_to_json(after)
        undo_in_place(position, before)
        assert state_to_json(position) == state_to_json(state)
        assert apply(position, move) == after  # the position taken back plays on as the state did


def test_a_refused_move_changes_nothing() -> None:
    states, _ = _game("basic", ())
    position = states[5].fork()
    text = state_to_json(position)
    with pytest.raises(IllegalMove):
        apply_in_place(position, "deploy A1 99")
    assert state_to_json(position) == text


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=IDS)
def test_replay_in_place_ends_where_apply_ends(variant: str, options: tuple[str, ...]) -> None:
    states, _ = _game(variant, options)
    record = record_of(states[-1])
    for upto in (None, len(states) // 3, len(states) // 2 + 1):
        expected = states[-1] if upto is None else states[upto]
        assert state_to_json(replay(read_record(record), upto=upto)) == state_to_json(expected)


def test_become_copies_every_field() -> None:
    states, _ = _game("rapido", ("obstacles", "guns", "indiana"))
    source, target = states[-40], states[3].clone()
    target.become(source)
    for name in StateClass.__slots__:
        if name != "_owned":
            assert getattr(target, name) is getattr(source, name), name
    assert target._owned == source._owned == 0


OPTION_MOVES = (Obstacle, Fire, Jump, Declare)
"""The moves of rules.md §7 (and a guard with a machine gun): rare among a position's legal moves, so the
property below picks one of them half the time when there is one."""
STATE_FIELDS = tuple(name for name in StateClass.__slots__ if not name.startswith("_"))


def _special(move: Move) -> bool:
    return isinstance(move, OPTION_MOVES) or (isinstance(move, Guard) and move.gun)


def _gathering(state: GameState, move: Move) -> int:
    """How many of its own workers the player to act would have on the temple a move brings workers to (-1: not
    such a move): crews gather where a machine gun can be mounted."""
    target = move.space if isinstance(move, Deploy) else move.target if isinstance(move, Transfer | Walk) else -1
    if target < 0 or not state.value[target]:
        return -1
    return state.workers[state.to_act][target]


def _keen(state: GameState, rng: random.Random, *, undo: bool) -> Move:
    """A random legal move that goes for what section 7 adds: a machine gun mounted or fired, an obstacle, a jump,
    a declaration when there is one; in a game with guns often workers to the temple where the player has the
    most (a gun's crew); else any move."""
    entries = legal_moves(state)
    every = [m for e in entries for m in e.moves()]
    special = [m for m in every if _special(m)]
    if special and rng.random() < 0.8:
        return rng.choice(special)
    if state.setup.has(Option.GUNS) and rng.random() < 0.5:
        crews = max(every, key=lambda m: _gathering(state, m))
        if _gathering(state, crews) >= 0:
            return crews
    return choose(entries, rng, undo_allowed=undo)


def _position_and_move(variant: str, options: tuple[str, ...], seed: int, moves: int) -> tuple[GameState, Move]:
    """A position up to ``moves`` random moves into a game and a legal move there; often a move of section 7 (a
    machine gun mounted or fired, an obstacle placed, chips for a jump …), or the position right after one, whose
    marks last until the turn ends."""
    rng = random.Random(seed)
    state = new_game(["Ana", "Ben", "Cy", "Dee"][:2 + seed % 3], variant, seed=seed, options=options)
    for _ in range(moves):
        move = _keen(state, rng, undo=False)
        if _special(move) and rng.random() < 0.3:
            return state, move
        after = apply(state, move)
        if after.finished:
            break
        state = after
        if _special(move) and rng.random() < 0.5:
            break
    return state, _keen(state, rng, undo=True)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(min_value=0, max_value=2**32), moves=st.integers(0, 300))
def test_apply_in_place_then_undo_in_place_gives_back_every_field(combo: tuple[str, tuple[str, ...]], seed: int,
                                                                  moves: int) -> None:
    """Over random positions of every variant and option: a move applied in place and taken back leaves the
    position equal to the one before, field by field (the guns fired this turn, a jump's chips, obstacles …) and
    with the same way back (``undo``); a field left behind would make a search's positions drift from the game's."""
    variant, options = combo
    state, move = _position_and_move(variant, options, seed, moves)
    position = state.fork()
    before = apply_in_place(position, move)
    undo_in_place(position, before)
    for name in STATE_FIELDS:
        assert getattr(position, name) == getattr(state, name), (name, str(move))
    assert position.log == state.log and position._prev is state._prev, str(move)

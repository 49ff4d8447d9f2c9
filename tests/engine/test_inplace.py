"""Moves applied in place (``engine.inplace``) and a replay that changes its one state in place: both give
exactly the states ``apply`` gives, take back exactly, and change no state they were not given."""

from __future__ import annotations

import pytest

from engine import GameState, IllegalMove, Move, apply, parse_move, read_record, record_of, replay, state_to_json
from engine.inplace import apply_in_place, undo_in_place
from engine.state import GameState as StateClass
from tests.engine.randomplay import random_game
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

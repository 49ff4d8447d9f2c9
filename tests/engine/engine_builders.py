"""Small builders for the rule-by-rule engine tests.

Games start from chosen tile/wafer order prefixes and are played by text. Where one rule needs a
precise position that would take many turns to reach, ``edit`` returns a clone whose fields a test
may set directly (``lay`` a hexagon, ``stand`` figures); such positions are for unit tests of one rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine import (
    EngineError,
    GameState,
    IllegalMove,
    apply,
    new_game,
    parse_space,
    state_to_dict,
)
from engine.state import LEADER_SUPPLY
from engine.tiles import HEXAGONS, Terrain

NAMES = ("Ana", "Ben", "Cy", "Dee")


def game(
    players: int | Sequence[str] = 2,
    variant: str = "basic",
    *,
    tiles: Sequence[str] = (),
    wafers: Sequence[str] = (),
    seed: int = 1,
    options: Sequence[str] = (),
    rolls: Sequence[int] = (),
) -> GameState:
    """Start a game with the first ``tiles`` hexagons, ``wafers`` wafers and ``rolls`` in that order."""
    names = NAMES[:players] if isinstance(players, int) else tuple(players)
    return new_game(names, variant, seed, tile_order=tiles, treasure_order=wafers, options=options, rolls=rolls)


def play(state: GameState, *moves: str) -> GameState:
    """Apply moves given as text; each argument may hold several moves separated by ``;``."""
    for chunk in moves:
        for text in chunk.split(";"):
            if text.strip():
                state = apply(state, text.strip())
    return state


def sp(name: str) -> int:
    space = parse_space(name)
    assert space is not None, name
    return space


def seat(state: GameState, name: str) -> int:
    return state.players.index(name)


def acting(state: GameState) -> str:
    return state.players[state.to_act]


def illegal(
    state: GameState, move: str, *, error: type[EngineError] = IllegalMove, says: Sequence[str] = ()
) -> str:
    """Assert that ``move`` raises ``error``, leaves ``state`` unchanged and that the message
    contains every text in ``says``; return the message."""
    before = state_to_dict(state)
    with pytest.raises(error) as caught:
        apply(state, move)
    assert state_to_dict(state) == before
    message = str(caught.value)
    for text in says:
        assert text in message, f"{text!r} not in {message!r}"
    return message


def edit(state: GameState) -> GameState:
    """Return a clone to change by hand (path cache and undo history dropped)."""
    c = state.clone()
    c._paths = {}
    c.undo_base = None
    c.undo_moves = ()
    return c


def lay(
    state: GameState,
    name: str,
    tile_id: str,
    rotation: int = 0,
    *,
    value: int | None = None,
    wafers: Sequence[str] | None = None,
) -> GameState:
    """Put hexagon ``tile_id`` on space ``name`` of an ``edit``-ed state (in place); returns it."""
    s = sp(name)
    hexagon = HEXAGONS[tile_id]
    state.explored[s] = True
    state.tile[s] = tile_id
    state.terrain[s] = hexagon.terrain
    state.rotation[s] = rotation
    state.stones[s] = hexagon.rotated(rotation)
    state.value[s] = (value if value is not None else hexagon.value) if hexagon.terrain is Terrain.TEMPLE else 0
    if hexagon.terrain is Terrain.TREASURE:
        state.wafers[s] = tuple(wafers if wafers is not None else ())
    state._paths = {}
    return state


def stand(state: GameState, player: int, name: str, workers: int = 0, leader: bool = False) -> GameState:
    """Move figures of ``player`` from its supply onto space ``name`` of an ``edit``-ed state."""
    s = sp(name)
    assert state.supply[player] >= workers
    state.supply[player] -= workers
    state.workers[player][s] += workers
    if leader:
        assert state.leader[player] == LEADER_SUPPLY
        state.leader[player] = s
    return state


def scoring_game(players: int = 2, **kwargs: Any) -> GameState:
    """A game whose first hexagon is a volcano, so seat 1 starts with a scoring turn."""
    tiles = kwargs.pop("tiles", ("B-1",))
    return game(players, tiles=tiles, **kwargs)

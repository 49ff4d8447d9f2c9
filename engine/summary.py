"""The replay contract's state object (SPEC section 6): the public JSON outside tools read."""

from __future__ import annotations

from typing import Any

from .board import SPACE_COUNT, space_name
from .state import LEADER_SUPPLY, GameState, Phase


def summary(state: GameState) -> dict[str, Any]:
    """Return the state part of ``python -m engine replay``'s output, keys exactly as SPEC section 6."""
    names = state.players
    finished = state.phase is Phase.FINISHED
    ap: int | None = state.ap if state.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING) else None
    players = {
        name: {
            "workers_supply": state.supply[p],
            "leader_supply": state.leader[p] == LEADER_SUPPLY,
            "removed": state.removed[p],
            "camps_left": state.camps_left[p],
            "guards_left": state.guards_left[p],
            "treasures": {k: n for k, n in sorted(state.treasures[p].items()) if n},
        }
        for p, name in enumerate(names)
    }
    hexes = {}
    for s in range(SPACE_COUNT):
        if not state.explored[s]:
            continue
        terrain = state.terrain[s]
        assert terrain is not None
        figures = {}
        for p, name in enumerate(names):
            workers, leader = state.workers[p][s], state.leader[p] == s
            if workers or leader:
                figures[name] = {"workers": workers, "leader": leader}
        hexes[space_name(s)] = {
            "terrain": terrain.value,
            "tile": state.tile[s],
            "rotation": state.rotation[s],
            "value": state.value[s] if terrain.value == "temple" else None,
            "wafers": len(state.wafers[s]),
            "camp": names[state.camp[s]] if state.camp[s] >= 0 else None,
            "guard": names[state.guard[s]] if state.guard[s] >= 0 else None,
            "figures": figures,
        }
    return {
        "finished": finished,
        "phase": state.phase.value,
        "to_act": None if finished else names[state.to_act],
        "ap_left": None if finished else ap,
        "scores": {name: state.score[p] for p, name in enumerate(names)},
        "players": players,
        "hexes": hexes,
        "temple_supply": {str(v): state.temple_supply.get(v, 0) for v in range(2, 11)},
    }

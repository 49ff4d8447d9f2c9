"""The replay contract's state object (docs/rules.md §6): the public JSON outside tools read."""

from __future__ import annotations

from typing import Any

from .board import SPACE_COUNT, space_name
from .indiana import rolls_made
from .options import DICE, Option
from .state import LEADER_SUPPLY, NOBODY, GameState, Phase, Stage, Variant, visible_ap


def summary(state: GameState) -> dict[str, Any]:
    """Return the state part of ``python -m engine replay``'s output, keys exactly as rules.md §6 and
    §7.0.4 (section 7's keys only in a game with options or Tikal Rápido)."""
    names = state.players
    finished = state.phase is Phase.FINISHED
    ap = visible_ap(state)
    guns = state.setup.has(Option.GUNS)
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
        if guns:
            hexes[space_name(s)]["gun"] = names[state.gun[s]] if state.gun[s] != NOBODY else None
    out = {
        "finished": finished,
        "phase": state.phase.value,
        "to_act": None if finished else names[state.to_act],
        "ap_left": None if finished else ap,
        "scores": {name: state.score[p] for p, name in enumerate(names)},
        "players": players,
        "hexes": hexes,
        "temple_supply": {str(v): state.temple_supply.get(v, 0) for v in range(2, 11)},
    }
    if state.setup.options or state.variant is Variant.RAPIDO:
        out.update(option_summary(state))
    return out


def option_summary(state: GameState) -> dict[str, Any]:
    """Return rules.md §7.0.4's additions (the per-hex ``gun`` aside)."""
    options = state.setup.options
    out: dict[str, Any] = {"options": [o.value for o in options]}
    if Option.OBSTACLES in options:
        out["obstacles"] = [[space_name(a), space_name(b)] for a, b in sorted(state.obstacles)]
    if any(o in DICE for o in options):
        out["rolls"] = list(rolls_made(state))
    if Option.RANDOMTERRAIN in options:
        out["stack_left"] = state.stack_left
        out["volcanoes_added"] = state.volcanoes_added
    if state.variant is Variant.RAPIDO:
        out["rapido"] = rapido_summary(state)
    return out


def rapido_summary(state: GameState) -> dict[str, Any]:
    """Return the ``rapido`` object of rules.md §7.6.10, its six keys always present."""
    names = state.players
    in_slots = state.stage is Stage.JUMPS and state.phase is Phase.ACTIONS
    return {
        "round_order": [names[q] for q in state.round_order],
        "hands": {names[q]: tile for q, tile in enumerate(state.hands) if tile is not None},
        "chips": {name: state.chips[q] for q, name in enumerate(names)},
        "chosen": [names[q] for q in state.chosen] if state.phase is Phase.JUMP else [],
        "jump": {names[q]: state.jump[q] for q in state.chosen} if in_slots else {},
        "slots": [names[q] for q in state.slots] if in_slots else [],
    }


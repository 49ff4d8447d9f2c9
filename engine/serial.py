"""A state as JSON and back: the snapshot the service layer caches beside the move log.

The snapshot holds the whole state, hidden parts included; its ``version`` is the number of moves
applied. ``state_from_dict`` validates with pydantic, since stored JSON is a trust boundary; the models
are in ``engine.snapshot_model``, imported only when a snapshot is read.
"""

from __future__ import annotations

from typing import Any, Final

from .board import SPACE_COUNT, space_name
from .errors import InvalidRecord
from .state import GameState

SNAPSHOT_FORMAT: Final = 1


def _space_dict(values: dict[int, int]) -> dict[str, int]:
    return {space_name(s): n for s, n in sorted(values.items())}


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Return the whole state as a JSON-ready dict (hidden information included)."""
    n = len(state.players)
    board = []
    for s in range(SPACE_COUNT):
        if not state.explored[s]:
            continue
        board.append({
            "space": space_name(s), "tile": state.tile[s], "rotation": state.rotation[s],
            "value": state.value[s], "wafers": list(state.wafers[s]), "camp": state.camp[s],
            "guard": state.guard[s], "workers": [state.workers[p][s] for p in range(n)],
        })
    return {
        "format": SNAPSHOT_FORMAT,
        "version": state.version,
        "setup": {
            "players": list(state.setup.players), "variant": state.setup.variant.value,
            "seed": state.setup.seed, "tile_order": list(state.setup.tile_order),
            "treasure_order": list(state.setup.treasure_order),
            "options": [o.value for o in state.setup.options], "rolls": list(state.setup.rolls),
        },
        "log": list(state.log),
        "board": board,
        "leader": list(state.leader),
        "supply": list(state.supply),
        "removed": list(state.removed),
        "camps_left": list(state.camps_left),
        "guards_left": list(state.guards_left),
        "treasures": [dict(sorted(t.items())) for t in state.treasures],
        "score": list(state.score),
        "temple_supply": {str(v): c for v, c in sorted(state.temple_supply.items())},
        "stack_pos": state.stack_pos,
        "wafer_pos": state.wafer_pos,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "ap": state.ap,
        "hand": state.hand,
        "turn": state.turn,
        "uncovered": _space_dict(state.uncovered),
        "recovered": _space_dict(state.recovered),
        "turn_moves": list(state.turn_moves),
        "last_turn": None if state.last_turn is None else {
            "player": state.last_turn.player, "scoring": state.last_turn.scoring,
            "moves": list(state.last_turn.moves)},
        "undo_base": None if state.undo_base is None else state_to_dict(state.undo_base),
        "undo_moves": [str(m) for m in state.undo_moves],
        "scoring_round": state.scoring_round,
        "scoring_queue": list(state.scoring_queue),
        "volcano_player": state.volcano_player,
        "score_log": [[e.round, e.player, e.temples, e.treasures, e.total] for e in state.score_log],
        "last_placer": state.last_placer,
        "round": state.round,
        "shown": list(state.shown),
        "had_turn": list(state.had_turn),
        "bidders": list(state.bidders),
        "passed": list(state.passed),
        "high_bid": state.high_bid,
        "high_bidder": state.high_bidder,
        "first_passer": state.first_passer,
        "variants": _variant_fields(state),
    }


def _variant_fields(state: GameState) -> dict[str, Any]:
    """Section 7's fields (all at their defaults in a game without options)."""
    return {
        "roll_pos": state.roll_pos,
        "obstacles": [[space_name(a), space_name(b)] for a, b in sorted(state.obstacles)],
        "gun": list(state.gun),
        "fired": [space_name(x) for x in sorted(state.fired)],
        "volcanoes_taken": state.volcanoes_taken,
        "display_volcanoes": state.display_volcanoes,
        "declared_no": state.declared_no,
        "final_placement": state.final_placement,
        "stage": state.stage.value,
        "acquired": list(state.acquired),
        "hands": list(state.hands),
        "round_order": list(state.round_order),
        "chips": list(state.chips),
        "jump": list(state.jump),
        "chosen": list(state.chosen),
        "slots": list(state.slots),
        "counts": [{"uncovered": _space_dict(c.uncovered), "recovered": _space_dict(c.recovered),
                    "moves": list(c.moves)} for c in state.counts],
        "volcano_queue": list(state.volcano_queue),
    }


def state_to_json(state: GameState) -> str:
    """Return the state as compact JSON text."""
    import json  # here, not at the top: import engine stays cheap, and a game that writes no snapshot needs none

    return json.dumps(state_to_dict(state), separators=(",", ":"))


def state_from_dict(data: Any) -> GameState:
    """Rebuild a state from ``state_to_dict`` output. Raises ``InvalidRecord`` if it is malformed."""
    from .snapshot_model import read

    return read(data, SNAPSHOT_FORMAT)


def state_from_json(text: str | bytes) -> GameState:
    """Rebuild a state from ``state_to_json`` text. Raises ``InvalidRecord`` if it is malformed."""
    import json

    try:
        data = json.loads(text)
    except ValueError as e:
        raise InvalidRecord("snapshot.not_json", why=str(e)) from None
    return state_from_dict(data)

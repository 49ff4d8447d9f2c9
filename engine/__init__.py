"""The Tikal rules engine: pure Python, no I/O, no discord, no PIL.

Parse → list legal moves → validate → apply, in the manner of python-chess::

    state = new_game(["Ana", "Ben"], "basic", seed=7)
    for entry in legal_moves(state): ...
    state = apply(state, parse_move("place C1 0"))
"""

from typing import TYPE_CHECKING, Any

from .board import SPACE_NAMES, parse_space, space_name
from .costs import move_cost
from .errors import (
    EngineError,
    GameOver,
    IllegalMove,
    InvalidRecord,
    NotYourTurn,
    StaleState,
    UnreadableMove,
)
from .legal import LegalMove, absent_moves, legal_moves
from .moves import (
    Bid,
    Camp,
    Declare,
    Deploy,
    End,
    Exchange,
    Fire,
    Guard,
    Jump,
    Move,
    Obstacle,
    Pass,
    Pick,
    Place,
    Recover,
    Transfer,
    Uncover,
    Undo,
    Walk,
    parse_move,
)
from .options import Option
from .record import name_problem, new_game, read_record, record_of, replay
from .rules import apply, is_legal, legal_placements, path_costs, read_move, validate
from .serial import state_from_dict, state_from_json, state_to_dict, state_to_json
from .state import GameState, Phase, Stage, Variant
from .summary import summary
from .tiles import HEXAGONS, TREASURE_KINDS, Hexagon, Terrain
from .view import GameView, PlayerView, SpaceView, view

if TYPE_CHECKING:
    from .record_model import GameRecord

__all__ = [
    "HEXAGONS", "SPACE_NAMES", "TREASURE_KINDS", "Bid", "Camp", "Declare", "Deploy", "End", "EngineError",
    "Exchange", "Fire", "GameOver", "GameRecord", "GameState", "GameView", "Guard", "Hexagon", "IllegalMove",
    "InvalidRecord", "Jump", "LegalMove", "Move", "NotYourTurn", "Obstacle", "Option", "Pass", "Phase", "Pick",
    "Place", "PlayerView", "Recover", "SpaceView", "Stage", "StaleState", "Terrain", "Transfer", "Uncover", "Undo",
    "UnreadableMove", "Variant", "Walk", "absent_moves", "apply", "is_legal", "legal_moves",
    "legal_placements", "move_cost", "name_problem", "new_game", "parse_move", "parse_space", "path_costs",
    "read_move", "read_record", "record_of", "replay", "space_name", "state_from_dict", "state_from_json",
    "state_to_dict", "state_to_json", "summary", "validate", "view",
]


def __getattr__(name: str) -> Any:
    """``GameRecord`` is a pydantic model: it (and pydantic) load on first use, not with ``import engine``."""
    if name == "GameRecord":
        from .record_model import GameRecord

        return GameRecord
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

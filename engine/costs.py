"""What an action costs, priced from what a player sees: the same rules as validation, for messages,
autocomplete labels and pictures."""

from __future__ import annotations

from .actions import CAMP_AP, EXCHANGE_AP, GUARD_AP, RECOVER_AP, UNCOVER_AP
from .moves import Camp, Deploy, Exchange, Guard, Move, Recover, Transfer, Uncover, Walk
from .view import GameView


def move_cost(view: GameView, move: Move) -> int:
    """Return the AP ``move`` costs on the view's board (0 for moves that cost nothing, and for a walk
    without a path). Stones change only when a hexagon is placed, before any action of a turn, so the
    board after a turn prices every action of that turn."""
    if isinstance(move, Deploy | Transfer):
        return move.count
    if isinstance(move, Walk):
        return (view.path_cost(move.source, move.target) or 0) * move.count
    if isinstance(move, Uncover):
        return UNCOVER_AP * move.count
    if isinstance(move, Recover):
        return RECOVER_AP * move.count
    if isinstance(move, Exchange):
        return EXCHANGE_AP
    if isinstance(move, Camp):
        return CAMP_AP
    if isinstance(move, Guard):
        return GUARD_AP
    return 0

"""What an action costs, priced from what a player sees: the same rules as validation, for messages,
autocomplete labels and pictures."""

from __future__ import annotations

from .actions import CAMP_AP, EXCHANGE_AP, GUARD_AP, RECOVER_AP, UNCOVER_AP
from .guns import FIRE_AP, GUN_AP
from .moves import Camp, Deploy, Exchange, Fire, Guard, Move, Obstacle, Recover, Transfer, Uncover, Walk
from .obstacles import OBSTACLE_AP
from .view import GameView


def move_cost(view: GameView, move: Move, player: int | None = None) -> int:
    """Return the AP ``move`` costs on the view's board for ``player`` (default: the player to act),
    0 for moves that cost nothing and for a walk without a path.

    A walk is priced with the view's obstacles and with the other players' machine guns blocking the
    way, so a turn's walks are priced as played only until the board changes: a hexagon placed, an
    obstacle built or a gun mounted later in the turn changes later prices, not earlier ones."""
    if isinstance(move, Deploy | Transfer):
        return move.count
    if isinstance(move, Walk):
        mover = view.to_act if player is None else player
        return (view.path_cost(move.source, move.target, mover) or 0) * move.count
    if isinstance(move, Uncover):
        return UNCOVER_AP * move.count
    if isinstance(move, Recover):
        return RECOVER_AP * move.count
    if isinstance(move, Exchange):
        return EXCHANGE_AP
    if isinstance(move, Camp):
        return CAMP_AP
    if isinstance(move, Guard):
        return GUN_AP if move.gun else GUARD_AP
    if isinstance(move, Obstacle):
        return OBSTACLE_AP
    if isinstance(move, Fire):
        return FIRE_AP
    return 0

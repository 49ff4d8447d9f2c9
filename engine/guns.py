"""Machine guns (SPEC 7.4): ``guard <hex> [leader] gun`` mounts a gun with a crew of two workers
beside the guard; ``fire <hex> <player>`` takes one rival worker there out of the game. Rivals can
neither end a move on a gun's hex nor cross it (``engine.geometry.path_costs``)."""

from __future__ import annotations

from typing import Final

from .actions import GUARD_AP, GUN_CREW, GUN_EXTRA_AP, afford, check_action_phase, find_player
from .board import SPACE_COUNT, space_name
from .errors import IllegalMove
from .messages import Msg, listed
from .moves import Fire, Guard
from .state import GameState

GUN_AP: Final = GUARD_AP + GUN_EXTRA_AP
FIRE_AP: Final = 1


def most_other_workers(state: GameState, player: int, space: int) -> int:
    """Return the most workers any other single player has on ``space``."""
    return max((state.workers[q][space] for q in range(len(state.players)) if q != player), default=0)


def crew_needed(state: GameState, player: int, space: int, leader: bool) -> int:
    """Return how many workers the player needs on ``space`` to mount a gun there (SPEC 7.4.1): every
    other player's workers + 2, and at least 3 (2 when the leader is the guard)."""
    return max(most_other_workers(state, player, space) + GUN_CREW, GUN_CREW + (0 if leader else 1))


def check_gun(state: GameState, move: Guard) -> None:
    """Raise ``IllegalMove`` unless a gun may be mounted with this guard (after ruling 8's check)."""
    p, s = state.to_act, move.space
    need, mine = crew_needed(state, p, s, move.leader), state.workers[p][s]
    if mine < need:
        crew = Msg("gun.crew" if move.leader else "gun.crew_and_guard")
        raise IllegalMove("gun.too_few", space=space_name(s), n=need, crew=crew, mine=mine)
    afford(state, GUN_AP, Msg("doing.gun"))


def guns_of(state: GameState, player: int) -> list[int]:
    return [s for s in range(SPACE_COUNT) if state.gun[s] == player]


def check_fire(state: GameState, move: Fire) -> None:
    """Raise ``IllegalMove`` unless the player to act may fire the gun on ``move.space`` at ``move.player``."""
    check_action_phase(state, move)
    p, s = state.to_act, move.space
    if state.gun[s] != p:
        mine = listed([space_name(x) for x in guns_of(state, p)])
        raise IllegalMove("gun.none_here", space=space_name(s), guns=mine)
    target = find_player(state, move.player)
    if target == p:
        raise IllegalMove("gun.self")
    if s in state.fired:
        raise IllegalMove("gun.fired", space=space_name(s))
    if not state.workers[target][s]:
        raise IllegalMove("gun.no_target", player=state.players[target], space=space_name(s))
    afford(state, FIRE_AP, Msg("doing.fire"))


def do_fire(state: GameState, move: Fire) -> None:
    target = find_player(state, move.player)
    state.mutable_workers(target)[move.space] -= 1
    state.mutable("removed")[target] += 1
    state.fired = state.fired | {move.space}
    state.ap -= FIRE_AP

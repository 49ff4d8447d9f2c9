"""What everyone may see of a game, as JSON for the web view: built from the engine's spectator ``GameView`` only
(``engine.view(state, None)``), field by field, so nothing hidden can be in it — no stack order, no wafer kinds
still face down, no seed, no Rápido choice before its reveal. Language-free: names as the game shows them,
numbers, space names and move notation; the web view adds the words."""

from __future__ import annotations

from typing import Any

from engine import GameView, Phase
from engine.board import BASE_CAMP, col_row


def view_data(view: GameView) -> dict[str, Any]:
    """The view as JSON-ready data (``json.dumps`` takes it as it is)."""
    return {
        "version": view.version,
        "variant": str(view.variant),
        "options": [str(o) for o in view.options],
        "phase": str(view.phase),
        "stage": str(view.stage),
        "finished": view.finished,
        "to_act": view.to_act,
        "acting": acting(view),
        "ap_left": view.ap_left,
        "turn": view.turn,
        "round": view.round,
        "scoring_round": view.scoring_round,
        "final_scoring": view.final_scoring,
        "winners": list(view.winners),
        "players": [_player(view, seat) for seat in range(len(view.players))],
        "spaces": [_space(view, s) for s in range(len(view.spaces))],
        "obstacles": [list(b) for b in view.obstacles],
        "hand": view.hand,
        "shown": list(view.shown),
        "high_bid": view.high_bid,
        "high_bidder": view.high_bidder,
        "stack_left": view.stack_left,
        "stack_by_letter": [list(p) for p in view.stack_by_letter],
        "volcanoes_to_come": view.volcanoes_to_come,
        "temple_supply": [list(p) for p in view.temple_supply],
        "rolls": list(view.rolls),
        "hands": list(view.hands),
        "chips": list(view.chips),
        "jump": list(view.jump),
        "costs": entry_costs(view),
    }


def _player(view: GameView, seat: int) -> dict[str, Any]:
    p = view.players[seat]
    return {
        "seat": seat, "name": p.name, "score": p.score, "workers_supply": p.workers_supply,
        "workers_on_board": p.workers_on_board, "leader": p.leader, "camps_left": p.camps_left,
        "guards_left": p.guards_left, "treasures": [list(t) for t in p.treasures], "passed": p.passed,
        "temple_points_now": p.temple_points_now, "treasure_points_now": p.treasure_points_now,
    }


def _space(view: GameView, space: int) -> dict[str, Any]:
    s = view.spaces[space]
    column, row = col_row(space)
    return {
        "space": space, "name": s.name, "column": column, "row": row, "explored": s.explored,
        "terrain": None if s.terrain is None else str(s.terrain), "tile": s.tile, "rotation": s.rotation,
        "stones": list(s.stones), "value": s.value, "wafers": s.wafers, "camp": s.camp, "guard": s.guard,
        "workers": list(s.workers), "leaders": list(s.leaders), "gun": s.gun,
    }


def acting(view: GameView) -> list[int]:
    """The seats the game waits for: the player to act, or during a Tikal Rápido jump every seat that takes part
    and has not revealed its choice (who has chosen in secret is not in the view: all of them, as the status line
    says, choose at once)."""
    if view.finished:
        return []
    if view.phase is Phase.JUMP:
        return [q for q in view.round_order if view.chips and view.chips[q] and q not in view.chosen]
    return [] if view.to_act is None else [view.to_act]


def entry_costs(view: GameView) -> dict[str, Any] | None:
    """During a turn's actions: the cheapest AP per figure for the player to act to reach each space from the base
    camp or one of their camps (``GameView.path_costs``, obstacles and rivals' guns counted); else None."""
    seat = view.to_act
    if seat is None or view.phase is not Phase.ACTIONS:
        return None
    sources = [BASE_CAMP, *(s.space for s in view.spaces if s.camp == seat)]
    best: dict[int, int] = {}
    for source in sources:
        for target, cost in view.path_costs(source, seat).items():
            best[target] = min(cost, best.get(target, cost))
    return {"seat": seat, "from": [view.spaces[s].name for s in sources],
            "ap": {view.spaces[s].name: c for s, c in sorted(best.items())}}


__all__ = ["acting", "entry_costs", "view_data"]

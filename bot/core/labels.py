"""Game things in words: players (a coloured square plus the name, colour is never alone), hexagons,
spaces and actions with their cost (``move 2 A1 → C2 · 4 AP``). Pure functions of an engine view, shared by
autocomplete, messages and the consoles."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import engine
from engine import GameView, Terrain

SQUARES: Final = ("🟦", "🟧", "🟩", "🟪")
"""Seat 1 blue, 2 orange, 3 green, 4 purple: the colours of ``render.palette.PLAYER_COLOURS``."""
def square(seat: int | None) -> str:
    return SQUARES[seat % len(SQUARES)] if seat is not None else "⬜"


def player(view: GameView, seat: int | None) -> str:
    """``🟦 Ana``."""
    if seat is None:
        return "nobody"
    return f"{square(seat)} {view.players[seat].name}"


def seat_by_name(view: GameView, name: str) -> int | None:
    return next((p.seat for p in view.players if p.name.lower() == name.lower()), None)


def hexagon_name(tile_id: str | None) -> str:
    """A hexagon by what it is (``temple (5)``), never by its id, which looks like a space."""
    if tile_id is None or tile_id not in engine.HEXAGONS:
        return "hexagon"
    return engine.HEXAGONS[tile_id].describe()


def space_label(view: GameView, name: str) -> str:
    """``C2 · temple 4`` / ``A1 · base camp`` / ``C3 · jungle (Ben's camp)``."""
    space = view.space(name)
    if not space.explored or space.terrain is None:
        return f"{name} · unexplored"
    terrain = space.terrain
    if terrain is Terrain.TEMPLE:
        what = f"temple {space.value}"
    elif terrain is Terrain.TREASURE:
        what = f"treasure ({space.wafers} left)"
    elif terrain is Terrain.BASECAMP:
        what = "base camp"
    else:
        what = terrain.value
    if space.camp is not None:
        what += f" ({view.players[space.camp].name}'s camp)"
    if space.guard is not None:
        what += f" (guarded by {view.players[space.guard].name})"
    if space.gun is not None:
        what += f" (gun of {view.players[space.gun].name})"
    return f"{name} · {what}"


def jump_number(log: Iterable[str], opening: bool) -> int:
    """Tikal Rápido: which jump of the round's phase 3 is under way or was last revealed (1, 2 …), counted in
    the move log (phase 3 follows the round's last placement; each jump's ``jump`` moves stand together).
    ``opening``: a jump is open and none of its moves is logged yet."""
    count, previous = 0, False
    for text in reversed(list(log)):
        verb = text.split(" ", 1)[0]
        if verb == "place":
            break
        jumped = verb == "jump"
        count += jumped and not previous
        previous = jumped
    return count + opening


def view_jump_number(view: GameView) -> int:
    return jump_number(view.log, view.phase is engine.Phase.JUMP and not view.chosen)


# --- costs -------------------------------------------------------------------------------------


def _figures(count: int, leader: bool) -> str:
    return "leader" if leader else str(count)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def action_line(view: GameView, text: str) -> str:
    """One action as a turn-message line, cost included: ``move 2 A1 → C2 · 4 AP``."""
    try:
        move = engine.parse_move(text)
    except engine.EngineError:
        return text
    body = _action_body(view, move)
    cost = engine.move_cost(view, move)
    return f"{body} · {cost} AP" if cost else body


def _action_body(view: GameView, move: engine.Move) -> str:
    name = engine.space_name
    match move:
        case engine.Place(space=space, rotation=rotation):
            return f"place {hexagon_name(view.spaces[space].tile)} on {name(space)} (rotation {rotation})"
        case engine.Deploy(space=space, count=count, leader=leader):
            return f"deploy {_figures(count, leader)} → {name(space)}"
        case engine.Transfer(source=source, target=target, count=count, leader=leader):
            return f"transfer {_figures(count, leader)} {name(source)} → {name(target)}"
        case engine.Walk(source=source, target=target, count=count, leader=leader):
            return f"move {_figures(count, leader)} {name(source)} → {name(target)}"
        case engine.Uncover(space=space, count=count):
            return f"uncover {_plural(count, 'level')} at {name(space)}"
        case engine.Recover(space=space, count=count):
            return f"recover {_plural(count, 'wafer')} at {name(space)}"
        case engine.Exchange(give=give, player=other, take=take):
            return f"exchange my {give} for {other}'s {take}"
        case engine.Camp(space=space):
            return f"camp at {name(space)}"
        case engine.Guard(space=space, leader=leader, gun=gun):
            return f"guard {name(space)}" + (" with the leader" if leader else "") + (
                " and a machine gun" if gun else "")
        case engine.Obstacle(first=first, second=second):
            return f"obstacle {name(first)} | {name(second)}"
        case engine.Fire(space=space, player=other):
            return f"fire at {other}'s worker on {name(space)}"
        case engine.Jump(count=count):
            return f"jump {_plural(count, 'chip')}"
        case engine.Declare(score=score):
            return "the volcano scores" if score else "no scoring round for this volcano"
    return str(move)


def action_lines(view: GameView, moves: Iterable[str]) -> list[str]:
    return [f"• {action_line(view, m)}" for m in moves if m not in ("end", "undo")]


def ap_used(view: GameView, moves: Iterable[str]) -> int:
    total = 0
    for text in moves:
        try:
            total += engine.move_cost(view, engine.parse_move(text))
        except engine.EngineError:
            continue
    return total

"""Autocomplete for every option of the turn commands, from the player's legal moves (pure, no I/O).

Each slash command is one verb of the notation; each of its options is one part of the move. An
option's choices are the distinct values that part takes among the legal moves that agree with the
options already filled in, labelled with what they cost: ``C2 · 2 AP each · jungle (Ben's camp)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import engine
from bot.core.labels import hexagon_name, player, seat_by_name, space_label
from engine import GameView, LegalMove, Move
from engine.board import NEIGHBOURS, SIDE_NAMES

MAX_CHOICES: Final = 25
MAX_LABEL: Final = 100


@dataclass(frozen=True, slots=True)
class Option:
    """One autocomplete entry: ``label`` is shown, ``value`` is what the option receives."""

    label: str
    value: str | int


Pair = tuple[Move, LegalMove]


def _figures(move: Any) -> str:
    return "leader" if move.leader else str(move.count)


def parts(move: Move) -> dict[str, str | int]:
    """The option values of the command that makes ``move``."""
    name = engine.space_name
    match move:
        case engine.Place(space=space, rotation=rotation):
            return {"space": name(space), "rotation": rotation}
        case engine.Deploy(space=space):
            return {"space": name(space), "figures": _figures(move)}
        case engine.Transfer(source=source, target=target) | engine.Walk(source=source, target=target):
            return {"source": name(source), "target": name(target), "figures": _figures(move)}
        case engine.Uncover(space=space, count=count):
            return {"space": name(space), "levels": count}
        case engine.Recover(space=space, count=count):
            return {"space": name(space), "wafers": count}
        case engine.Exchange(give=give, player=other, take=take):
            return {"give": give, "player": other, "take": take}
        case engine.Camp(space=space):
            return {"space": name(space)}
        case engine.Guard(space=space, leader=leader, gun=gun):
            return {"space": name(space), "leader": leader, "gun": gun}
        case engine.Bid(count=count):
            return {"amount": count}
        case engine.Pick(index=index):
            return {"hexagon": index}
        case engine.Obstacle(first=first, second=second):
            return {"space": name(first), "other": name(second)}
        case engine.Fire(space=space, player=other):
            return {"space": name(space), "player": other}
        case engine.Jump(count=count):
            return {"chips": count}
    return {}


def _all_parts(move: Move) -> list[dict[str, str | int]]:
    """The option values of every way to type ``move``: an obstacle's border from either side."""
    if isinstance(move, engine.Obstacle):
        return [parts(move), parts(engine.Obstacle(move.second, move.first))]
    return [parts(move)]


VERB_TYPES: Final[dict[str, type]] = {
    "place": engine.Place, "deploy": engine.Deploy, "transfer": engine.Transfer, "move": engine.Walk,
    "uncover": engine.Uncover, "recover": engine.Recover, "exchange": engine.Exchange, "camp": engine.Camp,
    "guard": engine.Guard, "bid": engine.Bid, "pick": engine.Pick, "obstacle": engine.Obstacle,
    "fire": engine.Fire, "jump": engine.Jump,
}


def _figures_here(view: GameView, name: str) -> str:
    if view.to_act is None:
        return ""
    space = view.space(name)
    workers = space.workers[view.to_act]
    bits = [f"{workers} worker{'s' if workers != 1 else ''}"] if workers else []
    if space.leaders[view.to_act]:
        bits.append("leader")
    return " + ".join(bits)


def _rotation_label(view: GameView, space_name: str, rotation: int) -> str:
    """``rotation 2 · paths N→B1 2 AP, SE→C2 1 AP``: what the hexagon in hand would connect to."""
    space = engine.parse_space(space_name)
    if space is None or view.hand not in engine.HEXAGONS:
        return f"rotation {rotation}"
    paths = [f"{SIDE_NAMES[side]}→{engine.space_name(NEIGHBOURS[space][side])} {cost} AP"
             for side, cost in view.placement_costs(space, rotation)]
    return f"rotation {rotation} · " + (", ".join(paths) if paths else "no path")


def _count_label(unit: str, count: int, each: int) -> str:
    plural = "" if count == 1 else "s"
    return f"{count} {unit}{plural}" + (f" · {count * each} AP" if each else "")


def _label(view: GameView, verb: str, option: str, value: str | int, pairs: list[Pair],
           filled: Mapping[str, Any]) -> tuple[str, int]:
    """The label of one value and its rank (lower first)."""
    _, entry = pairs[0]
    each = entry.ap_each
    if option == "rotation":
        return _rotation_label(view, str(filled.get("space", "")), int(value)), int(value)
    if option == "figures":
        count = 1 if value == "leader" else int(value)
        if verb == "move":
            source = engine.parse_space(str(filled.get("source")))
            target = engine.parse_space(str(filled.get("target")))
            if source is not None and target is not None:
                each = view.path_cost(source, target) or each
        text = "the leader" if value == "leader" else f"{count} worker{'s' if count != 1 else ''}"
        return f"{text} · {count * each} AP", count
    if option in ("levels", "wafers"):
        return _count_label("level" if option == "levels" else "wafer", int(value), each), int(value)
    if option == "amount":
        return f"bid {value} point{'s' if value != 1 else ''} of your score", int(value)
    if option == "hexagon":
        return f"{value} · {hexagon_name(view.shown[int(value) - 1])}", int(value)
    if option in ("give", "take"):
        return str(value), 0
    if option == "player" and verb == "fire":
        seat = seat_by_name(view, str(value))
        space = engine.parse_space(str(filled.get("space") or ""))
        there = view.spaces[space].workers[seat] if space is not None and seat is not None else 0
        here = f" · {there} worker{'s' if there != 1 else ''} there" if there else ""
        return f"{player(view, seat)}{here} · {each} AP", seat or 0
    if option == "player":
        seat = seat_by_name(view, str(value))
        return player(view, seat), seat or 0
    if option == "chips":
        count = int(value)
        return f"{count} chip{'s' if count != 1 else ''} → {count} AP, one action", count
    if option == "other":
        return f"{space_label(view, str(value))} · {each} AP", 0
    if verb == "guard" and option == "space":
        guns = {e.ap_each: isinstance(m, engine.Guard) and m.gun for m, e in pairs}
        if all(guns.values()):
            return f"{space_label(view, str(value))} · with a machine gun · {min(guns)} AP", 0
        extra = f" (with a machine gun {max(guns)} AP)" if any(guns.values()) else ""
        return f"{space_label(view, str(value))} · {min(guns)} AP{extra}", 0
    name = str(value)
    if verb == "place":
        return f"{name} · {len(pairs)} rotation{'s' if len(pairs) != 1 else ''}", 0
    if option == "source":
        return f"{space_label(view, name)} · {_figures_here(view, name)}", 0
    if option == "target" and verb == "move":
        cost = min(e.ap_each for _, e in pairs)
        return f"{name} · {cost} AP each · {space_label(view, name).split(' · ', 1)[1]}", cost
    if verb in ("uncover", "recover"):
        unit = "level" if verb == "uncover" else "wafer"
        return f"{space_label(view, name)} · up to {entry.high} {unit}s · {each} AP each", 0
    suffix = f" · {each} AP" + (" each" if verb in ("deploy", "transfer") else "") if each else ""
    return f"{space_label(view, name)}{suffix}", 0


def _matches(value: str | int, wanted: Any) -> bool:
    if wanted is None or wanted == "":
        return True
    return str(value).lower() == str(wanted).strip().lower()


def option_choices(
    view: GameView,
    entries: list[LegalMove],
    verb: str,
    option: str,
    filled: Mapping[str, Any],
    typed: str = "",
    limit: int = MAX_CHOICES,
) -> list[Option]:
    """Choices for ``option`` of ``/tikal <verb>``: legal now, agreeing with ``filled``, matching ``typed``."""
    kind = VERB_TYPES.get(verb)
    if kind is None:
        return []
    groups: dict[str | int, list[Pair]] = {}
    for entry in entries:
        if not isinstance(entry.move, kind):
            continue
        for move in entry.moves():
            for values in _all_parts(move):
                if option not in values:
                    continue
                if all(_matches(values[k], v) for k, v in filled.items() if k != option and k in values):
                    groups.setdefault(values[option], []).append((move, entry))
    ranked = []
    for order, (value, pairs) in enumerate(groups.items()):
        label, rank = _label(view, verb, option, value, pairs, filled)
        ranked.append((rank, order, Option(label[:MAX_LABEL], value)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return typed_filter([o for _, _, o in ranked], typed, limit)


def typed_filter(options: list[Option], typed: str, limit: int = MAX_CHOICES) -> list[Option]:
    """Options whose value starts with what was typed first, then those whose label contains it."""
    wanted = typed.strip().lower()
    if not wanted:
        return options[:limit]
    first = [o for o in options if str(o.value).lower().startswith(wanted)]
    then = [o for o in options if o not in first and wanted in o.label.lower()]
    return (first + then)[:limit]


def jump_choices(most: int, own: int | None, typed: str = "") -> list[Option]:
    """``/tikal jump``: 1 … ``most`` chips, each with the AP it buys; ``own`` (the member's kept choice) marked."""
    options = [Option(f"{n} chip{'s' if n != 1 else ''} → {n} AP, one action" + (" (your choice now)" if n == own
                                                                                   else ""), n)
               for n in range(1, most + 1)]
    return typed_filter(options, typed)


def zoom_choices(view: GameView, typed: str = "", limit: int = MAX_CHOICES) -> list[Option]:
    """The explored spaces, for ``/tikal board zoom``."""
    options = [Option(space_label(view, s.name)[:MAX_LABEL], s.name) for s in view.spaces if s.explored]
    return typed_filter(options, typed, limit)


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
from bot.core.words.labels import hexagon_name, player, seat_by_name, space_label
from engine import GameView, LegalMove, Move
from engine.board import NEIGHBOURS
from engine.messages import ENGLISH, Speaker, treasure

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


def _figures_here(view: GameView, name: str, t: Speaker) -> str:
    if view.to_act is None:
        return ""
    space = view.space(name)
    workers = space.workers[view.to_act]
    bits = [t.ntr("auto.workers", "{n} worker", "{n} workers", workers)] if workers else []
    if space.leaders[view.to_act]:
        bits.append(t.tr("label.the_leader", "leader"))
    return " + ".join(bits)


def _rotation_label(view: GameView, space_name: str, rotation: int, t: Speaker) -> str:
    """``rotation 2 · path to B1: 2 AP`` / ``rotation 3 · paths to B1: 2 AP, to C2: 1 AP``: what the hexagon in hand
    would connect to, and what crossing each path costs."""
    space = engine.parse_space(space_name)
    head = t.tr("auto.rotation", "rotation {rotation}", rotation=rotation)
    if space is None or view.hand not in engine.HEXAGONS:
        return head
    paths = [t.tr("auto.path_to", "to {space}: {cost} AP", space=engine.space_name(NEIGHBOURS[space][side]),
                  cost=cost) for side, cost in view.placement_costs(space, rotation)]
    if not paths:
        return t.tr("auto.no_path", "{rotation} · no path to a neighbour", rotation=head)
    return t.ntr("auto.paths", "{rotation} · path {paths}", "{rotation} · paths {paths}", len(paths), rotation=head,
                 paths=", ".join(paths))


def command_text(move: Move) -> tuple[str, str]:
    """The slash command a player types for ``move`` and its options: ``("/tikal move",
    "source:A1 target:A3 figures:leader")``."""
    verb = str(move).split()[0]
    name = {"score": "declare"}.get(verb, verb)
    values = parts(move) if not isinstance(move, engine.Declare) else {"score": "yes" if move.score else "no"}
    return f"/tikal {name}", " ".join(f"{k}:{v}" for k, v in values.items() if v is not False)


def _label(view: GameView, verb: str, option: str, value: str | int, pairs: list[Pair],
           filled: Mapping[str, Any], t: Speaker) -> tuple[str, int]:
    """The label of one value and its rank (lower first)."""
    _, entry = pairs[0]
    each = entry.ap_each
    if option == "rotation":
        return _rotation_label(view, str(filled.get("space", "")), int(value), t), int(value)
    if option == "figures":
        count = 1 if value == "leader" else int(value)
        if verb == "move":
            source = engine.parse_space(str(filled.get("source")))
            target = engine.parse_space(str(filled.get("target")))
            if source is not None and target is not None:
                each = view.path_cost(source, target) or each
        text = t.tr("auto.the_leader", "the leader") if value == "leader" else \
            t.ntr("auto.workers", "{n} worker", "{n} workers", count)
        return t.tr("auto.cost", "{what} · {ap} AP", what=text, ap=count * each), count
    if option in ("levels", "wafers"):
        count = int(value)
        what = t.ntr("auto.levels", "{n} level", "{n} levels", count) if option == "levels" else \
            t.ntr("auto.wafers", "{n} wafer", "{n} wafers", count)
        return (t.tr("auto.cost", "{what} · {ap} AP", what=what, ap=count * each) if each else what), count
    if option == "amount":
        return t.ntr("auto.bid", "bid {n} point of your score", "bid {n} points of your score", int(value)), int(value)
    if option == "hexagon":
        return f"{value} · {hexagon_name(view.shown[int(value) - 1], t)}", int(value)
    if option in ("give", "take"):
        word = t.message(treasure(str(value)))  # the notation's kind, and the reader's word when it differs
        return (str(value) if word == str(value) else f"{value} · {word}"), 0
    if option == "player" and verb == "fire":
        seat = seat_by_name(view, str(value))
        space = engine.parse_space(str(filled.get("space") or ""))
        there = view.spaces[space].workers[seat] if space is not None and seat is not None else 0
        who = player(view, seat, t, plain=True)
        if there:
            who = t.ntr("auto.workers_there", "{player} · {n} worker there", "{player} · {n} workers there", there,
                        player=who)
        return t.tr("auto.cost", "{what} · {ap} AP", what=who, ap=each), seat or 0
    if option == "player":
        seat = seat_by_name(view, str(value))
        return player(view, seat, t, plain=True), seat or 0
    if option == "chips":
        count = int(value)
        return t.ntr("auto.chips", "{n} chip → {n} AP, one action", "{n} chips → {n} AP, one action", count), count
    if option == "other":
        return t.tr("auto.cost", "{what} · {ap} AP", what=space_label(view, str(value), t), ap=each), 0
    if verb == "guard" and option == "space":
        guns = {e.ap_each: isinstance(m, engine.Guard) and m.gun for m, e in pairs}
        if all(guns.values()):
            return t.tr("auto.guard_gun", "{space} · with a machine gun · {ap} AP",
                        space=space_label(view, str(value), t), ap=min(guns)), 0
        if any(guns.values()):
            return t.tr("auto.guard_or_gun", "{space} · {ap} AP (with a machine gun {gun} AP)",
                        space=space_label(view, str(value), t), ap=min(guns), gun=max(guns)), 0
        return t.tr("auto.cost", "{what} · {ap} AP", what=space_label(view, str(value), t), ap=min(guns)), 0
    name = str(value)
    if verb == "place":
        return t.ntr("auto.rotations", "{space} · {n} rotation", "{space} · {n} rotations", len(pairs), space=name), 0
    if option == "source":
        return f"{space_label(view, name, t)} · {_figures_here(view, name, t)}", 0
    if option == "target" and verb == "move":
        cost = min(e.ap_each for _, e in pairs)
        return t.tr("auto.target", "{space} · {ap} AP each · {what}", space=name, ap=cost,
                    what=space_label(view, name, t).split(" · ", 1)[1]), cost
    if verb in ("uncover", "recover"):
        most = t.ntr("auto.up_to_levels", "up to {n} level", "up to {n} levels", entry.high) if verb == "uncover" \
            else t.ntr("auto.up_to_wafers", "up to {n} wafer", "up to {n} wafers", entry.high)
        return t.tr("auto.up_to", "{space} · {most} · {ap} AP each", space=space_label(view, name, t), most=most,
                    ap=each), 0
    if not each:
        return space_label(view, name, t), 0
    if verb in ("deploy", "transfer"):
        return t.tr("auto.cost_each", "{what} · {ap} AP each", what=space_label(view, name, t), ap=each), 0
    return t.tr("auto.cost", "{what} · {ap} AP", what=space_label(view, name, t), ap=each), 0


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
    t: Speaker = ENGLISH,
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
        label, rank = _label(view, verb, option, value, pairs, filled, t)
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


def jump_choices(most: int, own: int | None, typed: str = "", t: Speaker = ENGLISH) -> list[Option]:
    """``/tikal jump``: 1 … ``most`` chips, each with the AP it buys; ``own`` (the member's kept choice) marked."""
    options = [Option(t.ntr("auto.chips_own", "{n} chip → {n} AP, one action (your choice now)",
                            "{n} chips → {n} AP, one action (your choice now)", n) if n == own else
                      t.ntr("auto.chips", "{n} chip → {n} AP, one action", "{n} chips → {n} AP, one action", n), n)
               for n in range(1, most + 1)]
    return typed_filter(options, typed)


def zoom_choices(view: GameView, typed: str = "", limit: int = MAX_CHOICES, t: Speaker = ENGLISH) -> list[Option]:
    """The explored spaces, for ``/tikal board zoom``."""
    options = [Option(space_label(view, s.name, t)[:MAX_LABEL], s.name) for s in view.spaces if s.explored]
    return typed_filter(options, typed, limit)


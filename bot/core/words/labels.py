"""Game things in words: players (a coloured square plus the name, colour is never alone), hexagons,
spaces and actions with their cost (``move 2 A1 → C2 · 4 AP``). Pure functions of an engine view, shared by
autocomplete, messages and the consoles."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import engine
from bot.core.words.escaping import escaped
from bot.core.words.texts import tr
from engine import GameView, Terrain
from engine.messages import ENGLISH, Said, Speaker
from engine.messages import treasure as engine_treasure

SQUARES: Final = ("🟦", "🟧", "🟩", "🟪")
"""Seat 1 blue, 2 orange, 3 green, 4 purple: the colours of ``render.palette.PLAYER_COLOURS``."""
def square(seat: int | None) -> str:
    return SQUARES[seat % len(SQUARES)] if seat is not None else "⬜"


def player(view: GameView, seat: int | None, t: Speaker = ENGLISH, *, plain: bool = False) -> str:
    """``🟦 Ana``, the name escaped for a message (``bot.core.words.escaping``); ``plain``: as it is, for a text Discord
    shows without markdown (an autocomplete choice)."""
    if seat is None:
        return t.tr("label.nobody", "nobody")
    name = view.players[seat].name
    return f"{square(seat)} {name if plain else escaped(name)}"


def waiting_for(phase: engine.Phase, variant: engine.Variant, stage: engine.Stage, t: Speaker = ENGLISH) -> str:
    """What the game waits for from its player to act, as a noun: ``turn``, ``bid``, ``pick``, ``scoring turn``,
    ``declaration``; in a Tikal Rápido round ``placement`` or ``slot`` (of a state or a view alike)."""
    rapido = variant is engine.Variant.RAPIDO
    if rapido and stage is engine.Stage.PLACING and phase is engine.Phase.PLACE:
        return t.tr("label.wait_placement", "placement")
    if rapido and stage is engine.Stage.JUMPS and phase is engine.Phase.ACTIONS:
        return t.tr("label.wait_slot", "slot")
    if phase is engine.Phase.BID:
        return t.tr("label.wait_bid", "bid")
    if phase is engine.Phase.PICK:
        return t.tr("label.wait_pick", "pick")
    if phase is engine.Phase.DECLARE:
        return t.tr("label.wait_declaration", "declaration")
    if phase is engine.Phase.SCORING:
        return t.tr("label.wait_scoring", "scoring turn")
    if phase is engine.Phase.JUMP:
        return t.tr("label.wait_jump", "jump")
    return t.tr("label.wait_turn", "turn")


def not_yours(seat: int, name: str, waiting: Said) -> Said:
    """The refusal of a move by someone else than the player to act: ``It is 🟦 Ana's bid, not yours.``, the same
    from a command and from a button."""
    return tr("label.not_yours", "It is {player}'s {waiting}, not yours.", player=f"{square(seat)} {name}",
              waiting=waiting)


def waiting_said(phase: engine.Phase, variant: engine.Variant, stage: engine.Stage) -> Said:
    """``waiting_for`` as a message, for a refusal raised before anyone knows the reader's language."""
    rapido = variant is engine.Variant.RAPIDO
    if rapido and stage is engine.Stage.PLACING and phase is engine.Phase.PLACE:
        return tr("label.wait_placement", "placement")
    if rapido and stage is engine.Stage.JUMPS and phase is engine.Phase.ACTIONS:
        return tr("label.wait_slot", "slot")
    return {engine.Phase.BID: tr("label.wait_bid", "bid"), engine.Phase.PICK: tr("label.wait_pick", "pick"),
            engine.Phase.DECLARE: tr("label.wait_declaration", "declaration"),
            engine.Phase.SCORING: tr("label.wait_scoring", "scoring turn"),
            engine.Phase.JUMP: tr("label.wait_jump", "jump")}.get(phase, tr("label.wait_turn", "turn"))


def seat_by_name(view: GameView, name: str) -> int | None:
    return next((p.seat for p in view.players if p.name.lower() == name.lower()), None)


def hexagon_name(tile_id: str | None, t: Speaker = ENGLISH) -> str:
    """A hexagon by what it is (``temple (5)``), never by its id, which looks like a space."""
    if tile_id is None or tile_id not in engine.HEXAGONS:
        return t.tr("label.hexagon", "hexagon")
    hexagon = engine.HEXAGONS[tile_id]
    if hexagon.terrain is Terrain.TEMPLE:
        return t.tr("label.hex_temple", "temple ({value})", value=hexagon.value)
    if hexagon.terrain is Terrain.TREASURE:
        # its masks are the treasures it holds; "masks" would read as the treasure kind
        return t.ntr("label.hex_treasure", "treasure ({n} treasure)", "treasure ({n} treasures)", hexagon.value)
    if hexagon.terrain is Terrain.VOLCANO:
        return t.tr("label.hex_volcano", "volcano")
    if hexagon.terrain is Terrain.JUNGLE:
        return t.tr("label.hex_jungle", "jungle")
    return hexagon.describe()


def treasure_count(kind: str, n: int, t: Speaker = ENGLISH) -> str:
    """``2 crowns``, ``1 serpent``: a number of treasures of one kind, in the rulebook's word and its plural."""
    counted = {
        "mask": lambda: t.ntr("label.count_mask", "{n} mask", "{n} masks", n),
        "idol": lambda: t.ntr("label.count_idol", "{n} idol", "{n} idols", n),
        "vase": lambda: t.ntr("label.count_vase", "{n} vase", "{n} vases", n),
        "crown": lambda: t.ntr("label.count_crown", "{n} crown", "{n} crowns", n),
        "jaguar": lambda: t.ntr("label.count_jaguar", "{n} jaguar", "{n} jaguars", n),
        "serpent": lambda: t.ntr("label.count_serpent", "{n} serpent", "{n} serpents", n),
        "eagle": lambda: t.ntr("label.count_eagle", "{n} eagle", "{n} eagles", n),
        "dagger": lambda: t.ntr("label.count_dagger", "{n} dagger", "{n} daggers", n),
    }
    return counted[kind]() if kind in counted else f"{n} {t.message(engine_treasure(kind))}"


def space_label(view: GameView, name: str, t: Speaker = ENGLISH) -> str:
    """``C2 · temple 4`` / ``A1 · base camp`` / ``C3 · jungle (Ben's camp)``."""
    space = view.space(name)
    if not space.explored or space.terrain is None:
        return t.tr("label.space_unexplored", "{space} · unexplored", space=name)
    terrain = space.terrain
    if terrain is Terrain.TEMPLE:
        what = t.tr("label.space_temple", "temple {value}", value=space.value or 0)
    elif terrain is Terrain.TREASURE:
        what = t.ntr("label.space_treasure", "treasure ({n} left)", "treasure ({n} left)", space.wafers)
    elif terrain is Terrain.BASECAMP:
        what = t.tr("label.space_basecamp", "base camp")
    elif terrain is Terrain.VOLCANO:
        what = t.tr("label.hex_volcano", "volcano")
    elif terrain is Terrain.JUNGLE:
        what = t.tr("label.hex_jungle", "jungle")
    else:
        what = terrain.value
    if space.camp is not None:
        what += " " + t.tr("label.space_camp", "({player}'s camp)", player=view.players[space.camp].name)
    if space.guard is not None:
        what += " " + t.tr("label.space_guard", "(guarded by {player})", player=view.players[space.guard].name)
    if space.gun is not None:
        what += " " + t.tr("label.space_gun", "(gun of {player})", player=view.players[space.gun].name)
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


def _figures(count: int, leader: bool, t: Speaker) -> str:
    return t.tr("label.the_leader", "leader") if leader else str(count)


def action_line(view: GameView, text: str, t: Speaker = ENGLISH) -> str:
    """One action as a turn-message line, cost included: ``move 2 A1 → C2 · 4 AP`` (words, never the notation: no
    rotation, a bid in points)."""
    try:
        move = engine.parse_move(text)
    except engine.EngineError:
        return text
    body = _action_body(view, move, t)
    cost = engine.move_cost(view, move)
    return t.tr("label.with_cost", "{action} · {cost} AP", action=body, cost=cost) if cost else body


def _action_body(view: GameView, move: engine.Move, t: Speaker) -> str:
    name = engine.space_name
    match move:
        case engine.Place(space=space):
            return t.tr("label.place_on", "place {hexagon} on {space}",
                        hexagon=hexagon_name(view.spaces[space].tile, t), space=name(space))
        case engine.Deploy(space=space, count=count, leader=leader):
            return t.tr("label.deploy", "deploy {figures} → {space}", figures=_figures(count, leader, t),
                        space=name(space))
        case engine.Transfer(source=source, target=target, count=count, leader=leader):
            return t.tr("label.transfer", "transfer {figures} {source} → {target}",
                        figures=_figures(count, leader, t), source=name(source), target=name(target))
        case engine.Walk(source=source, target=target, count=count, leader=leader):
            return t.tr("label.move", "move {figures} {source} → {target}", figures=_figures(count, leader, t),
                        source=name(source), target=name(target))
        case engine.Uncover(space=space, count=count):
            return t.ntr("label.uncover", "uncover {n} level at {space}", "uncover {n} levels at {space}", count,
                         space=name(space))
        case engine.Recover(space=space, count=count):
            return t.ntr("label.recover", "recover {n} wafer at {space}", "recover {n} wafers at {space}", count,
                         space=name(space))
        case engine.Exchange(give=give, player=other, take=take):
            return t.tr("label.exchange", "exchange my {give} for {player}'s {take}",
                        give=t.message(engine_treasure(give)), player=escaped(other),
                        take=t.message(engine_treasure(take)))
        case engine.Camp(space=space):
            return t.tr("label.camp", "camp at {space}", space=name(space))
        case engine.Guard(space=space, leader=leader, gun=gun):
            if leader and gun:
                return t.tr("label.guard_temple_leader_gun", "guard the temple on {space} with the leader and a "
                                                             "machine gun", space=name(space))
            if leader:
                return t.tr("label.guard_temple_leader", "guard the temple on {space} with the leader",
                            space=name(space))
            if gun:
                return t.tr("label.guard_temple_gun", "guard the temple on {space} with a machine gun",
                            space=name(space))
            return t.tr("label.guard_temple", "guard the temple on {space}", space=name(space))
        case engine.Obstacle(first=first, second=second):
            return t.tr("label.obstacle", "obstacle {first} | {second}", first=name(first), second=name(second))
        case engine.Fire(space=space, player=other):
            return t.tr("label.fire", "fire at {player}'s worker on {space}", player=other, space=name(space))
        case engine.Jump(count=count):
            return t.ntr("label.jump", "jump {n} chip", "jump {n} chips", count)
        case engine.Declare(score=score):
            return t.tr("label.declare_yes", "the volcano scores") if score else \
                t.tr("label.declare_no", "no scoring round for this volcano")
        case engine.Bid(count=count):
            return t.ntr("label.bid", "bid {n} point", "bid {n} points", count)
        case engine.Pass():
            return t.tr("label.pass", "pass")
        case engine.Pick(index=index):
            return t.tr("label.pick", "pick hexagon {k}", k=index)
    return str(move)


def action_lines(view: GameView, moves: Iterable[str], t: Speaker = ENGLISH) -> list[str]:
    return [f"• {action_line(view, m, t)}" for m in moves if m not in ("end", "undo")]


def ap_used(view: GameView, moves: Iterable[str]) -> int:
    total = 0
    for text in moves:
        try:
            total += engine.move_cost(view, engine.parse_move(text))
        except engine.EngineError:
            continue
    return total

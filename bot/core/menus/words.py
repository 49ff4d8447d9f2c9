"""The menu's words in the reader's language: each choice's short label (short enough for a phone's 400 px), its
description with what it costs (``C2 · 3 AP · temple 4``), and each step's question. Pure functions of the player's
view and the actions (``actions.py``); every text says what the choice does without a picture."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from bot.core.menus import actions as a
from bot.core.menus.actions import Action, Finish, neighbours_explored
from bot.core.words.labels import hexagon_name, player
from engine import GameView, Phase, Stage, Terrain, Variant
from engine.board import NEIGHBOURS
from engine.messages import Speaker, treasure

SPACES_SHOWN = 3
"""How many spaces a description names before ``…``."""


def ap(n: int, t: Speaker) -> str:
    return t.tr("menu.ap", "{ap} AP", ap=n)


def _each(n: int, t: Speaker) -> str:
    return t.tr("menu.ap_each", "{ap} AP each", ap=n)


def _spaces(spaces: Sequence[int]) -> str:
    names = [engine.space_name(s) for s in dict.fromkeys(spaces)]
    return ", ".join(names[:SPACES_SHOWN]) + (" …" if len(names) > SPACES_SHOWN else "")


def _what(view: GameView, space: int, t: Speaker) -> str:
    """``temple 4``, ``treasure (2 left)``, ``jungle``: what a space is, shortly (its marks apart: ``_marks``)."""
    here = view.spaces[space]
    if here.terrain is Terrain.TEMPLE:
        return t.tr("label.space_temple", "temple {value}", value=here.value or 0)
    if here.terrain is Terrain.TREASURE:
        return t.ntr("label.space_treasure", "treasure ({n} left)", "treasure ({n} left)", here.wafers)
    if here.terrain is Terrain.BASECAMP:
        return t.tr("label.space_basecamp", "base camp")
    if here.terrain is Terrain.VOLCANO:
        return t.tr("label.hex_volcano", "volcano")
    return t.tr("label.hex_jungle", "jungle")


def _marks(view: GameView, space: int, t: Speaker) -> list[str]:
    """What stands on a space besides figures, in a word each: ``guarded``, ``camp``, ``machine gun``."""
    here = view.spaces[space]
    marks = []
    if here.guard is not None:
        marks.append(t.tr("menu.mark_guarded", "guarded"))
    if here.camp is not None and here.terrain is not Terrain.BASECAMP:
        marks.append(t.tr("menu.mark_camp", "a camp"))
    if here.gun is not None:
        marks.append(t.tr("menu.mark_gun", "machine gun"))
    return marks


def _space_words(view: GameView, space: int, t: Speaker) -> str:
    """``C2 · temple 4``: a space and what it is."""
    return f"{engine.space_name(space)} · {_what(view, space, t)}"


def _forces(view: GameView, space: int, t: Speaker) -> str:
    """``you 4 vs Ben 3``: the player's strength on a space (the leader counts 3) and the strongest rival's, or
    ``nobody there``."""
    here = view.spaces[space]
    me = view.to_act if view.to_act is not None else 0
    rivals = sorted(((here.strength(p.seat), p.name) for p in view.players if p.seat != me and here.strength(p.seat)),
                    reverse=True)
    mine = here.strength(me)
    if rivals:
        return t.tr("menu.forces", "you {mine} vs {player} {theirs}", mine=mine, player=short_name(rivals[0][1]),
                    theirs=rivals[0][0])
    if mine:
        return t.tr("menu.forces_alone", "you {mine}", mine=mine)
    return t.tr("menu.nobody_there", "nobody there")


def short_name(name: str, most: int = 10) -> str:
    """A seat's name cut to fit a phone's line beside other words (the full name is in the message above)."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _described(*parts: str) -> str:
    return " · ".join(p for p in parts if p)


def _up_to(n: int, t: Speaker) -> str:
    return t.tr("menu.up_to", "up to {n}", n=n)


def figures_of(view: GameView, seat: int, space: int, t: Speaker) -> str:
    """``3 workers + leader``: one player's figures on a space."""
    here = view.spaces[space]
    bits = [t.ntr("auto.workers", "{n} worker", "{n} workers", here.workers[seat])] if here.workers[seat] else []
    if here.leaders[seat]:
        bits.append(t.tr("label.the_leader", "leader"))
    return " + ".join(bits)


# --- the first step: what to do ----------------------------------------------------------------------------


def group_words(view: GameView, group: str, actions: Sequence[Action], t: Speaker) -> tuple[str, str]:
    """A group's label and description at the menu's first step: ``Move from A1`` · ``3 workers + leader``."""
    verb = a.verb_of(group)
    spaces = [s for action in actions for s in action.spaces]
    where = _spaces([action.space for action in actions if action.space is not None])
    if verb == a.MOVE:
        source = actions[0].spaces[0]
        return (t.tr("menu.move_from", "Move from {space}", space=engine.space_name(source)),
                figures_of(view, view.to_act or 0, source, t))
    if verb == a.DEPLOY:
        return t.tr("menu.deploy", "Deploy"), " · ".join([t.tr("menu.deploy_desc", "from your supply into a camp"),
                                                         _each(1, t)])
    if verb == a.TRANSFER:
        return t.tr("menu.transfer", "Transfer between camps"), _each(1, t)
    if verb == a.UNCOVER:
        return t.tr("menu.uncover", "Uncover a temple"), _described(t.tr("menu.ap_level", "{ap} AP a level", ap=2),
                                                                    where)
    if verb == a.RECOVER:
        return t.tr("menu.recover", "Recover treasures"), _described(t.tr("menu.ap_wafer", "{ap} AP a wafer", ap=3),
                                                                     where)
    if verb == a.GUARD:
        costs = sorted({f.ap for action in actions for f in action.finishes})
        return t.tr("menu.guard", "Guard a temple"), f"{'/'.join(ap(c, t) for c in costs)} · {where}"
    if verb == a.CAMP:
        return t.tr("menu.camp", "Establish a camp"), f"{ap(5, t)} · {where}"
    if verb == a.EXCHANGE:
        return t.tr("menu.exchange", "Exchange treasures"), " · ".join([ap(3, t), t.tr(
            "menu.exchange_desc", "a single for a single")])
    if verb == a.OBSTACLE:
        return t.tr("menu.obstacle", "Build an obstacle"), " · ".join([ap(4, t), t.tr(
            "menu.obstacle_desc", "crossing costs 2 AP more")])
    if verb == a.FIRE:
        return t.tr("menu.fire", "Fire a machine gun"), f"{ap(1, t)} · {_spaces(spaces)}"
    if verb == a.END:
        return end_label(view, t), ""
    if verb == a.UNDO:
        return t.tr("button.undo", "Undo"), ""
    if verb == a.PLACE:
        return t.tr("menu.place", "Place the hexagon"), hexagon_name(view.hand, t)
    if verb == a.BID:
        return t.tr("menu.bid_group", "Bid or pass"), ""
    if verb == a.PICK:
        return t.tr("menu.pick_group", "Pick a hexagon"), ""
    if verb == a.DECLARE:
        return t.tr("menu.declare_group", "Declare the volcano"), ""
    return t.tr("menu.jump_group", "Chips for the jump"), ""


def slot(view: GameView) -> bool:
    """A Tikal Rápido slot: one action, then it is over."""
    return view.variant is Variant.RAPIDO and view.stage is Stage.JUMPS and view.phase is Phase.ACTIONS


def end_label(view: GameView, t: Speaker) -> str:
    if slot(view):
        return t.tr("button.give_up_slot", "Give the slot up")
    if view.phase is Phase.SCORING:
        return t.tr("menu.end_score", "End and score")
    return t.tr("button.end", "End turn")


# --- the second step: where ----------------------------------------------------------------------------------


def action_words(view: GameView, action: Action, t: Speaker) -> tuple[str, str]:
    """An action's label and description where it is chosen: ``C2 · 3 AP · temple 4`` · ``up to 2 · you 1 vs Ben 3``."""
    verb = action.verb
    finishes = action.finishes
    counted = [int(f.key) for f in finishes if f.key.isdigit()]
    most = max(counted, default=1)
    space = action.space
    if verb == a.PLACE:
        near = neighbours_explored(view, action.spaces[0])
        rotations = t.ntr("menu.rotations", "{n} rotation", "{n} rotations", len(finishes))
        return (f"{engine.space_name(action.spaces[0])} · {rotations}",
                t.tr("menu.next_to", "next to {spaces}", spaces=_spaces(near)) if near else "")
    if verb == a.MOVE and space is not None:
        return (f"{engine.space_name(space)} · {ap(action.ap_each, t)} · {_what(view, space, t)}",
                _described(_up_to(most, t), _forces(view, space, t), *_marks(view, space, t)))
    if verb == a.TRANSFER:
        source, target = action.spaces
        return (f"{engine.space_name(source)} → {engine.space_name(target)}",
                _described(_up_to(most, t), _each(1, t)))
    if verb == a.DEPLOY and space is not None and view.spaces[space].terrain is not Terrain.BASECAMP:
        return (_described(engine.space_name(space), t.tr("menu.your_camp", "your camp")),
                _described(_up_to(most, t), _each(1, t)))
    if verb in (a.DEPLOY, a.UNCOVER, a.RECOVER) and space is not None:
        return _space_words(view, space, t), _described(_up_to(most, t), _each(action.ap_each, t),
                                                   _forces(view, space, t) if verb == a.UNCOVER else "")
    if verb == a.CAMP and space is not None:
        return _space_words(view, space, t), ap(5, t)
    if verb == a.GUARD and space is not None:
        costs = sorted({f.ap for f in finishes})
        return _space_words(view, space, t), _described("/".join(ap(c, t) for c in costs), _forces(view, space, t))
    if verb == a.EXCHANGE:
        move = finishes[0].move
        assert isinstance(move, engine.Exchange)
        seat = next(p.seat for p in view.players if p.name.lower() == move.player.lower())
        gives = ", ".join(t.message(treasure(f.key)) for f in finishes)
        return (t.tr("menu.take", "Take {player}'s {take}", player=view.players[seat].name,
                     take=t.message(treasure(move.take))),
                _described(ap(3, t), t.tr("menu.for_yours", "for your {kinds}", kinds=gives)))
    if verb == a.OBSTACLE and space is not None:
        return _space_words(view, space, t), _described(ap(4, t), t.tr(
            "menu.borders", "borders: {spaces}", spaces=", ".join(f.key for f in finishes)))
    if verb == a.FIRE and space is not None:
        return _space_words(view, space, t), _described(ap(1, t), _forces(view, space, t))
    if verb == a.BID:
        if action.key == "P":
            return t.tr("button.pass", "Pass"), ""
        seat = view.to_act or 0
        return (t.ntr("menu.bid", "Bid {n} point", "Bid {n} points", int(action.key)),
                t.ntr("menu.your_score", "you have {n} point", "you have {n} points", view.players[seat].score))
    if verb == a.PICK:
        index = int(action.key)
        return f"{index} · {hexagon_name(view.shown[index - 1], t)}", ""
    if verb == a.DECLARE:
        return (t.tr("button.declare_yes", "Yes: it scores now") if action.key == "y" else
                t.tr("button.declare_no", "No scoring round")), ""
    if verb == a.JUMP:
        n = int(action.key)
        return t.ntr("auto.chips", "{n} chip → {n} AP, one action", "{n} chips → {n} AP, one action", n), ""
    if verb == a.END:
        return confirm_label(view, t), ""
    return t.tr("button.undo", "Undo"), ""


def single_words(view: GameView, action: Action, finish: Finish, t: Speaker) -> tuple[str, str]:
    """The words of a first-step choice that applies its group's one move at once: what and where in the label
    (``Move A1 → C2``, ``Establish a camp · C3``), the figures and cost in the description (``Leader · 3 AP ·
    temple 4``)."""
    verb = action.verb
    if verb in (a.BID, a.PICK, a.DECLARE, a.JUMP, a.EXCHANGE):
        label, description = action_words(view, action, t)
        return label, description
    cost = finish_words(view, action, finish, t)[0] if finish.key != a.ONE else ap(finish.ap, t)
    name = engine.space_name
    if verb == a.MOVE:
        source, target = action.spaces
        return (t.tr("menu.move_pair", "Move {source} → {target}", source=name(source), target=name(target)),
                _described(cost, _what(view, target, t)))
    if verb == a.TRANSFER:
        source, target = action.spaces
        return (t.tr("menu.transfer_pair", "Transfer {source} → {target}", source=name(source), target=name(target)),
                cost)
    group, _ = group_words(view, action.group, [action], t)
    space = action.space
    assert space is not None
    return f"{group} · {name(space)}", _described(cost, _what(view, space, t))


def confirm_label(view: GameView, t: Speaker) -> str:
    if slot(view):
        return t.tr("button.confirm_slot", "Yes, give it up")
    if view.phase is Phase.SCORING:
        return t.tr("menu.confirm_score", "Yes, end and score")
    return t.tr("button.confirm_end", "Yes, end my turn")


# --- the third step: how many, which -------------------------------------------------------------------------


def finish_words(view: GameView, action: Action, finish: Finish, t: Speaker) -> tuple[str, str]:
    """A finish's label and description: ``3 · 6 AP``, ``Leader · 2 AP``, ``rotation 2 · 3 paths``."""
    verb = action.verb
    if verb == a.PLACE:
        return rotation_words(view, action.spaces[0], int(finish.key), t)
    if verb == a.GUARD:
        figure = t.tr("menu.guard_leader", "Leader") if finish.key.startswith("L") else \
            t.tr("menu.guard_worker", "Worker")
        if finish.key.endswith("g"):
            figure = t.tr("menu.with_gun", "{figure} + gun", figure=figure)
        return f"{figure} · {ap(finish.ap, t)}", ""
    if verb == a.EXCHANGE:
        return t.message(treasure(finish.key)), ""
    if verb == a.OBSTACLE:
        other = engine.parse_space(finish.key)
        assert other is not None
        side = NEIGHBOURS[action.spaces[0]].index(other)
        now = view.border_cost(action.spaces[0], side)
        return t.tr("menu.border", "{space}: {now}→{then} AP", space=finish.key, now=now, then=now + 2), ""
    if verb == a.FIRE:
        seat = int(finish.key)
        there = view.spaces[action.spaces[0]].workers[seat]
        return t.ntr("auto.workers_there", "{player} · {n} worker there", "{player} · {n} workers there", there,
                     player=player(view, seat, t, plain=True)), ""
    if finish.key == a.LEADER:
        return _described(t.tr("menu.leader", "Leader"), ap(finish.ap, t)), ""
    if finish.key.isdigit():
        return f"{finish.key} · {ap(finish.ap, t)}", ""
    return action_words(view, action, t)


def rotation_words(view: GameView, space: int, rotation: int, t: Speaker) -> tuple[str, str]:
    """``rotation 2 · 3 paths`` · ``AP to cross: B1 2, C2 1, D1 3``: where the hexagon's paths would lead from there
    and what crossing each costs a figure."""
    paths = [f"{engine.space_name(NEIGHBOURS[space][side])} {cost}"
             for side, cost in view.placement_costs(space, rotation)]
    head = t.tr("auto.rotation", "rotation {rotation}", rotation=rotation)
    count = t.ntr("menu.paths", "{n} path", "{n} paths", len(paths)) if paths else t.tr("menu.no_path", "no path")
    return f"{head} · {count}", t.tr("menu.path_costs", "AP to cross: {paths}", paths=", ".join(paths)) if paths else ""


# --- the questions -------------------------------------------------------------------------------------------


def question(view: GameView, path: tuple[str, ...], chosen: Action | None, t: Speaker) -> str:
    """What a step asks: the first step's ``What next?``, a group's ``Move from A1: where to?``, an action's ``Move
    from A1 to C2 (3 AP each): how many?``."""
    if not path:
        return t.tr("menu.ask_action", "What next? Choose an action, or end the turn.")
    verb = a.verb_of(path[0])
    if len(path) == 1:
        return _where(view, path[0], verb, t)
    assert chosen is not None
    return _which(view, chosen, t)


def _where(view: GameView, group: str, verb: str, t: Speaker) -> str:
    if verb == a.PLACE:
        return t.tr("menu.ask_place", "Where does the {hexagon} hexagon go?", hexagon=hexagon_name(view.hand, t))
    if verb == a.MOVE:
        return t.tr("menu.ask_move_where", "Move from {space}: where to? The cost is per figure.",
                    space=group[1:])
    return {
        a.DEPLOY: lambda: t.tr("menu.ask_deploy_where", "Deploy: into which camp?"),
        a.TRANSFER: lambda: t.tr("menu.ask_transfer_where", "Transfer: from which camp to which?"),
        a.UNCOVER: lambda: t.tr("menu.ask_uncover_where", "Uncover: which temple?"),
        a.RECOVER: lambda: t.tr("menu.ask_recover_where", "Recover: which treasure?"),
        a.CAMP: lambda: t.tr("menu.ask_camp", "Establish a camp (5 AP): where?"),
        a.GUARD: lambda: t.tr("menu.ask_guard_where", "Guard: which temple?"),
        a.EXCHANGE: lambda: t.tr("menu.ask_exchange_take", "Exchange (3 AP): which treasure do you take?"),
        a.OBSTACLE: lambda: t.tr("menu.ask_obstacle_where", "Obstacle (4 AP): beside which space?"),
        a.FIRE: lambda: t.tr("menu.ask_fire_where", "Fire (1 AP): which machine gun?"),
        a.BID: lambda: t.tr("menu.ask_bid", "Your bid? It comes off your score."),
        a.PICK: lambda: t.tr("menu.ask_pick", "Which hexagon do you take?"),
        a.DECLARE: lambda: t.tr("menu.ask_declare", "Does the volcano score now?"),
        a.JUMP: lambda: t.tr("menu.ask_jump", "How many chips for the jump?"),
        a.END: lambda: (t.tr("table.ask_slot", "You still have **{ap} AP**. Give this slot up?", ap=view.ap_left or 0)
                        if slot(view) else t.tr("table.ask_end", "You still have **{ap} AP**. End your turn anyway?",
                                                ap=view.ap_left or 0)),
    }.get(verb, lambda: t.tr("menu.ask_action", "What next? Choose an action, or end the turn."))()


def _which(view: GameView, action: Action, t: Speaker) -> str:
    verb = action.verb
    name = engine.space_name
    if verb == a.PLACE:
        return t.tr("menu.ask_rotation", "The {hexagon} hexagon on {space}: which rotation?",
                    hexagon=hexagon_name(view.hand, t), space=name(action.spaces[0]))
    if verb == a.MOVE:
        return t.tr("menu.ask_move_count", "Move from {source} to {target} ({ap} AP each): how many?",
                    source=name(action.spaces[0]), target=name(action.spaces[1]), ap=action.ap_each)
    if verb == a.TRANSFER:
        return t.tr("menu.ask_transfer_count", "Transfer from {source} to {target} (1 AP each): how many?",
                    source=name(action.spaces[0]), target=name(action.spaces[1]))
    if verb == a.DEPLOY:
        return t.tr("menu.ask_deploy_count", "Deploy into {space} (1 AP each): how many?", space=name(action.spaces[0]))
    if verb == a.UNCOVER:
        return t.tr("menu.ask_uncover_count", "Uncover at {space} (2 AP a level): how many levels?",
                    space=name(action.spaces[0]))
    if verb == a.RECOVER:
        return t.tr("menu.ask_recover_count", "Recover at {space} (3 AP a wafer): how many wafers?",
                    space=name(action.spaces[0]))
    if verb == a.GUARD:
        return t.tr("menu.ask_guard_how", "Guard the temple on {space}: with which figure?",
                    space=name(action.spaces[0]))
    if verb == a.EXCHANGE:
        move = action.finishes[0].move
        assert isinstance(move, engine.Exchange)
        return t.tr("menu.ask_exchange_give", "You take {player}'s {take}: which of your single treasures do you give?",
                    player=move.player, take=t.message(treasure(move.take)))
    if verb == a.OBSTACLE:
        return t.tr("menu.ask_obstacle_border", "Obstacle at {space}: on which border? Crossing it then costs 2 AP "
                                                "more.", space=name(action.spaces[0]))
    if verb == a.FIRE:
        return t.tr("menu.ask_fire_whom", "Fire from {space}: at whose worker?", space=name(action.spaces[0]))
    return _where(view, action.group, verb, t)


def placeholder(path: tuple[str, ...], t: Speaker) -> str:
    """A list's short prompt before anything is chosen: ``Choose an action…``, ``Choose a space…``."""
    if not path:
        return t.tr("menu.choose_action", "Choose an action…")
    verb = a.verb_of(path[0])
    if verb == a.PLACE:
        return t.tr("menu.choose_space", "Choose a space…") if len(path) == 1 else \
            t.tr("menu.choose_rotation", "Choose a rotation…")
    if verb == a.BID:
        return t.tr("menu.choose_bid", "Choose a bid…")
    if len(path) == 1 and verb == a.MOVE:
        return t.tr("menu.choose_target", "Where to?…")
    return t.tr("menu.choose", "Choose…")

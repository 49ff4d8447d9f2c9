"""What a member's page shows, as JSON: the board as the spectator page draws it (``content.board_data``, built
field by field from the seat's own view) and what is the member's — the turn's menu as the page offers it from a
space (``Menu.at``: the actions at a space with their cost, each action's finishes — counts, figures, a placement's
rotations with what the hexagon would look like), the actions without a space (bids, picks, declarations, an
exchange), Undo and End turn (asking first while AP are left), a jump's chips, and the member's own secrets (their
kept chips, their standing order). Every choice carries its menu path, which is all a request sends back.

Nothing here is cached across members: a page's data is its seat's alone (the board part is the same for everyone
and may come from a cache of the spectator's)."""

from __future__ import annotations

from typing import Any, Final

import engine
from bot.core.menus import Action, Finish, Menu
from bot.core.menus import actions as a
from bot.core.menus import words as menu_words
from bot.core.storage.rows import Status
from bot.core.web_play.play import SeatPage
from bot.core.words.labels import action_line
from bot.web.content import board_data
from bot.web.play_words import PlayWords, plain
from engine import GameView
from engine.board import NEIGHBOURS

SPACE_VERBS: Final = frozenset({a.PLACE, a.DEPLOY, a.TRANSFER, a.MOVE, a.UNCOVER, a.RECOVER, a.CAMP, a.GUARD,
                                a.OBSTACLE, a.FIRE})
"""The actions done at a space: offered when the member chooses that space on the board."""


def _finish(view: GameView, action: Action, finish: Finish, words: PlayWords) -> dict[str, Any]:
    label, description = menu_words.finish_words(view, action, finish, words.t)
    out: dict[str, Any] = {"key": finish.key, "path": [action.group, action.key, finish.key], "move": finish.text,
                           "ap": finish.ap, "label": plain(label), "description": plain(description)}
    if action.verb == a.PLACE:
        out["preview"] = _preview(view, action.spaces[0], int(finish.key))
        out["confirm"] = plain(f"{menu_words.group_words(view, action.group, [action], words.t)[0]} · "
                               f"{engine.space_name(action.spaces[0])} · {label}")
    else:
        out["confirm"] = plain(menu_words.action_words(view, action, words.t)[0]
                               if action.verb in (a.BID, a.PICK, a.DECLARE) else
                               _action_line(view, finish, words))
    return out


def _action_line(view: GameView, finish: Finish, words: PlayWords) -> str:
    return action_line(view, finish.text, words.t)


def _preview(view: GameView, space: int, rotation: int) -> dict[str, Any]:
    """The hexagon in hand on ``space`` turned ``rotation``: its terrain, value, stones per side and the paths it would
    open (side, cost, the neighbour)."""
    assert view.hand is not None
    hexagon = engine.HEXAGONS[view.hand]
    temple = hexagon.terrain is engine.Terrain.TEMPLE
    return {"terrain": str(hexagon.terrain), "value": hexagon.value if temple else None,
            "stones": list(hexagon.rotated(rotation)),
            "paths": [[side, cost, engine.space_name(NEIGHBOURS[space][side])]
                      for side, cost in view.placement_costs(space, rotation)]}


def _action(view: GameView, menu: Menu, action: Action, words: PlayWords) -> dict[str, Any]:
    t = words.t
    title, _ = menu_words.group_words(view, action.group, menu.groups[action.group], t)
    if action.verb == a.MOVE:
        title = menu_words.group_words(view, action.group, [action], t)[0]
    label, description = menu_words.action_words(view, action, t)
    return {
        "id": f"{action.group}.{action.key}", "verb": action.verb, "title": plain(title), "label": plain(label),
        "description": plain(description),
        "spaces": [engine.space_name(s) for s in action.spaces],
        "question": plain(menu_words.question(view, (action.group, action.key), action, t)),
        "finishes": [_finish(view, action, f, words) for f in action.finishes],
    }


def menu_data(view: GameView, menu: Menu, words: PlayWords) -> dict[str, Any]:
    """The member's menu as the page offers it: every action, the spaces they are done at, Undo and End."""
    t = words.t
    actions: list[dict[str, Any]] = []
    spaces: dict[str, list[int]] = {}
    others: list[int] = []
    undo = end = None
    for group, listed in menu.groups.items():
        verb = a.verb_of(group)
        if verb == a.UNDO:
            undo = {"path": [group, listed[0].key, listed[0].finishes[0].key], "label": plain(
                menu_words.group_words(view, group, listed, t)[0])}
            continue
        if verb == a.END:
            ask = menu.lead((group,)) == (group,)
            end = {"path": [group, listed[0].key, listed[0].finishes[0].key],
                   "label": plain(menu_words.end_label(view, t)),
                   "ask": plain(menu_words.question(view, (group,), None, t)) if ask else None,
                   "confirm": plain(menu_words.confirm_label(view, t))}
            continue
        for action in listed:
            index = len(actions)
            actions.append(_action(view, menu, action, words))
            if verb in SPACE_VERBS and action.spaces:
                for space in dict.fromkeys(action.spaces):
                    spaces.setdefault(engine.space_name(space), []).append(index)
            else:
                others.append(index)
    other_question = ""
    if others:
        first = actions[others[0]]
        verb = first["verb"]
        other_question = plain(menu_words.question(view, (next(g for g in menu.groups if a.verb_of(g) == verb),),
                                                   None, t))
    return {"actions": actions, "spaces": spaces, "others": others, "other_question": other_question,
            "undo": undo, "end": end}


def play_data(page: SeatPage, words: PlayWords) -> dict[str, Any]:
    """The member's part of their page's data (beside the board)."""
    view, seat = page.view, page.seated.seat
    menu = Menu(view, page.entries, words.t) if page.entries is not None else None
    private: list[str] = []
    jump: dict[str, Any] | None = None
    if page.jump is not None:
        if page.jump.own is not None:
            private.append(words.own_chips(page.jump.own))
        else:
            jump = {"opened": page.jump.opened, "question": words.jump_question(page.jump.most),
                    "choices": [{"chips": n, "label": words.jump_choice(n)} for n in range(1, page.jump.most + 1)]}
    if page.order is not None:
        private.append(words.own_order(page.order))
    running = page.seated.status is Status.RUNNING
    return {
        "seat": seat,
        "version": view.version,
        "you": words.you_are(view, seat),
        "standing": words.standing(view, seat, menu is not None, page.jump is not None,
                                   page.jump is not None and page.jump.own is not None) if running else "",
        "private": private,
        "menu": None if menu is None else menu_data(view, menu, words),
        "jump": jump,
    }


def member_data(page: SeatPage, words: PlayWords, board: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole data of a member's page: as the spectator page's (``content.live_data``), with ``play``; ``board``:
    the board part when already built (it is the same for every reader of that language)."""
    status = page.seated.status
    notice = {Status.ABORTED: words.stopped(), Status.FINISHED: words.finished()}.get(status)
    return {
        "game": page.game.id,
        "status": str(status),
        "version": page.view.version,
        "deadline_at": page.seated.deadline_at if status is Status.RUNNING else None,
        "notice": notice,
        "board": board if board is not None else board_data(page.view, words),
        "play": play_data(page, words),
    }


__all__ = ["member_data", "menu_data", "play_data"]

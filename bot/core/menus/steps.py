"""The menu of a moment as steps: what to do (the groups of ``actions.py``) → where (the group's actions) → how many
or which (the action's finishes), never more than three steps, each a list of choices with a label and a description
in the reader's words.

A step is named by its path, the keys chosen to reach it (``()`` the first, ``("mA1",)`` a move's targets from A1,
``("mA1", "C2")`` how many go); a choice leads to a further step or applies a move (``Choice.move``, in the
notation). A level with a single way on is passed over: a group with one action opens that action's step, an action
with one move applies it at once (a camp on the only jungle is one tap), and a first step with one group is that
group's step (a placement starts at its spaces) — but opening the menu never applies anything, and ending a turn with
AP left asks first.

``Menu`` is built from the player's view and the engine's legal moves of one version; the same version gives the
same menu, so a path is all a Discord button or a web request has to carry. Independent of any widget: the Discord
adapter turns a step into buttons and selects, the web page into its own controls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bot.core.menus import actions as a
from bot.core.menus import words
from bot.core.menus.actions import Action, Finish, actions_at, actions_of
from engine import GameView, LegalMove, Phase, Terrain
from engine.messages import ENGLISH, Speaker

Path = tuple[str, ...]
MAX_DEPTH: Final = 3
"""No menu is more than three steps deep: what, where, how many."""
Kind = Literal["select", "buttons"]
BUTTON_GROUPS: Final = frozenset({a.PICK, a.DECLARE, a.JUMP, a.END})
"""Groups whose actions are a few short words: buttons rather than a list."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a step: its key (added to the path), what it says, and where it leads."""

    key: str
    label: str
    description: str
    leads: Path
    """The path of the step it opens, or of the finish it applies."""
    move: str | None = None
    """The move it applies, in the notation (None: it opens a further step)."""
    control: bool = False
    """End or take back: shown beside the menu (a button), not as an entry of it."""


@dataclass(frozen=True, slots=True)
class Step:
    path: Path
    depth: int
    """1 for the first step the player sees, at most ``MAX_DEPTH``."""
    question: str
    choices: tuple[Choice, ...]
    kind: Kind
    """How its entries are best shown: a list with descriptions (``select``) or a few ``buttons``."""
    back: Path | None
    """The step before it (None for the first)."""

    @property
    def entries(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if not c.control)

    @property
    def controls(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if c.control)


class UnknownChoice(LookupError):
    """A path that names nothing in this menu (a choice of another version, or made up)."""


def _group_rank(group: str) -> tuple[int, str]:
    verb = a.verb_of(group)
    return a.GROUP_ORDER.index(verb), "" if group[1:] == "A1" else group[1:]


def _terrain_rank(view: GameView, space: int) -> tuple[int, int]:
    """Temples first (the highest first), then treasures with wafers left, then the rest."""
    here = view.spaces[space]
    if here.terrain is Terrain.TEMPLE:
        return 0, -(here.value or 0)
    if here.terrain is Terrain.TREASURE and here.wafers:
        return 1, -here.wafers
    return 2, 0


def action_rank(view: GameView, action: Action) -> tuple[int | str, ...]:
    """Where-lists sorted by what matters: a move's targets by cost, then temples (highest first) and treasures; the
    temples to uncover or guard highest first; the treasures with most wafers first; bids from the lowest."""
    verb = action.verb
    space = action.space
    if verb == a.MOVE and space is not None:
        return (action.ap_each, *_terrain_rank(view, space), space)
    if verb in (a.UNCOVER, a.RECOVER, a.GUARD, a.FIRE) and space is not None:
        return (*_terrain_rank(view, space), space)
    if verb == a.BID:
        return (-1,) if action.key == "P" else (int(action.key),)
    if verb in (a.PICK, a.JUMP):
        return (int(action.key),)
    if verb == a.DECLARE:
        return (action.key != "y",)
    if verb == a.EXCHANGE:
        return (action.key,)
    return tuple(action.spaces)


class Menu:
    """The steps of one moment of one player, from their view and the engine's legal moves."""

    def __init__(self, view: GameView, entries: Iterable[LegalMove], t: Speaker = ENGLISH) -> None:
        self.view = view
        self.t = t
        self.actions = actions_of(view, entries)
        grouped: dict[str, list[Action]] = {}
        for action in self.actions:
            grouped.setdefault(action.group, []).append(action)
        self.groups: dict[str, list[Action]] = {
            g: sorted(grouped[g], key=lambda x: action_rank(view, x)) for g in sorted(grouped, key=_group_rank)}
        self._first: Path | None = None

    @property
    def version(self) -> int:
        return self.view.version

    # --- the tree --------------------------------------------------------------------------------------------

    def _confirms(self, group: str) -> bool:
        """Ending a turn (or a Rápido slot) with AP left asks first."""
        return group == a.END and self.view.phase in (Phase.ACTIONS, Phase.SCORING) and bool(self.view.ap_left)

    def action(self, group: str, key: str) -> Action:
        found = next((x for x in self.groups.get(group, ()) if x.key == key), None)
        if found is None:
            raise UnknownChoice(f"{group}.{key}")
        return found

    def children(self, path: Path) -> list[str]:
        """The keys one may choose at ``path`` (not passing over anything)."""
        if not path:
            return list(self.groups)
        if len(path) == 1:
            if path[0] not in self.groups:
                raise UnknownChoice(path[0])
            return [x.key for x in self.groups[path[0]]]
        if len(path) == 2:
            return [f.key for f in self.action(*path).finishes]
        raise UnknownChoice(".".join(path))

    def finish(self, path: Path) -> Finish:
        """The move at a full path (group, action, finish)."""
        if len(path) != 3:
            raise UnknownChoice(".".join(path))
        found = self.action(path[0], path[1]).finish(path[2])
        if found is None:
            raise UnknownChoice(".".join(path))
        return found

    def lead(self, path: Path) -> Path:
        """Where choosing ``path`` leads: the step it opens (levels with one way on passed over), or a full path whose
        move it applies."""
        if len(path) == 3:
            self.finish(path)
            return path
        kids = self.children(path)
        if not kids:
            raise UnknownChoice(".".join(path))
        if len(kids) == 1 and not (len(path) == 1 and self._confirms(path[0])):
            return self.lead((*path, kids[0]))
        return path

    def first(self) -> Path:
        """The first step's path: the groups, or the one group's step when there is only one (never a move)."""
        if self._first is None:
            self._first = ()
            kids = self.children(())
            if len(kids) == 1:
                led = self.lead((kids[0],))
                if len(led) < 3:
                    self._first = led
        return self._first

    def shown(self, path: Path) -> bool:
        """Whether ``path`` is a step the player sees (on the way to its descendants)."""
        first = self.first()
        if path == first:
            return True
        return len(first) < len(path) < 3 and path[:len(first)] == first and self.lead(path) == path

    # --- steps ------------------------------------------------------------------------------------------------

    def step(self, path: Path | None = None) -> Step:
        """The step at ``path`` (default: the first). Raises ``UnknownChoice`` for a path that is not a step."""
        path = self.first() if path is None else path
        if len(path) >= 3 or not self.shown(path):
            raise UnknownChoice(".".join(path))
        t, view = self.t, self.view
        shown = [p for p in (path[:k] for k in range(len(path))) if self.shown(p)]
        choices = []
        chosen = self.action(*path) if len(path) == 2 else None
        for key in self.children(path):
            full = (*path, key)
            leads = self.lead(full)
            move = str(self.finish(leads).move) if len(leads) == 3 else None
            label, description = self._words(full, leads)
            control = not path and key in a.CONTROLS
            choices.append(Choice(key, label, description, leads, move, control))
        return Step(path, len(shown) + 1, words.question(view, path, chosen, t), tuple(choices),
                    self._kind(path), shown[-1] if shown else None)

    def _kind(self, path: Path) -> Kind:
        if len(path) == 1 and a.verb_of(path[0]) in BUTTON_GROUPS:
            return "buttons"
        if len(path) == 2 and a.verb_of(path[0]) != a.PLACE:
            return "buttons"
        return "select"

    def _words(self, full: Path, leads: Path) -> tuple[str, str]:
        """A choice's words: a group as a group unless it applies one move at once (then the action says where)."""
        view, t = self.view, self.t
        if len(full) == 1:
            if len(leads) == 3 and a.verb_of(full[0]) not in a.CONTROLS:
                action = self.action(leads[0], leads[1])
                return words.single_words(view, action, self.finish(leads), t)
            return words.group_words(view, full[0], self.groups[full[0]], t)
        if len(full) == 2:
            return words.action_words(view, self.action(full[0], full[1]), t)
        action = self.action(full[0], full[1])
        return words.finish_words(view, action, self.finish(full), t)

    def apply_path(self, path: Path) -> str:
        """The move (notation) a full path applies. Raises ``UnknownChoice``."""
        return str(self.finish(self.lead(path) if len(path) < 3 else path).move)

    def paths(self) -> list[tuple[Path, str]]:
        """Every full path and its move: everything the menu offers (every legal move once, an obstacle under each
        space beside it where the player has a worker)."""
        return [((g, x.key, f.key), f.text) for g, acts in self.groups.items() for x in acts for f in x.finishes]

    def at(self, space: int) -> list[Action]:
        """The actions at one space, in the menu's order (the web page's tap on a space)."""
        return actions_at([x for acts in self.groups.values() for x in acts], space)


def depth_of(menu: Menu, path: Path) -> int:
    """How many steps the player sees to reach ``path`` (a step, or the finish a choice applies)."""
    prefixes: Sequence[Path] = [path[:k] for k in range(len(path) + 1)]
    return sum(1 for p in prefixes if len(p) < 3 and menu.shown(p))

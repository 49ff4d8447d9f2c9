"""The legal moves of the moment as a player chooses them: grouped by what they do (the menu's first step), then by
where (its second), then by how many or which figure (its third). Pure, language-free: built from the engine's
``legal_moves`` and the player's ``GameView``, so nothing is offered that the engine would refuse and every legal move
is offered.

An ``Action`` is one thing to do at one place (``move`` A1 → C2, ``uncover`` C2, ``guard`` D4 …); its ``finishes`` are
the concrete moves that differ only in how many or which figure (2 workers, the leader, a guard with a machine gun).
Each level has a short key (letters and digits only), so a choice is named compactly: ``mA1`` (move from A1) ·
``C2`` (to C2) · ``3`` (three workers) — what a Discord custom id or a web address carries.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

import engine
from engine import GameView, LegalMove, Move, Phase
from engine.ai.sample import determinize
from engine.board import NEIGHBOURS
from engine.moves import COUNTED

log = logging.getLogger(__name__)

LEADER: Final = "L"
"""The finish key of a move of the leader (a count otherwise)."""
ONE: Final = "y"
"""The finish key of an action that is one move (a camp, a bid …)."""

PLACE, DEPLOY, TRANSFER, MOVE, UNCOVER, RECOVER, CAMP, GUARD, EXCHANGE, OBSTACLE, FIRE = (
    "p", "d", "t", "m", "u", "r", "c", "g", "x", "o", "f")
BID, PICK, DECLARE, JUMP, END, UNDO = "b", "k", "s", "j", "e", "z"
"""Group keys: each verb's (a move's group adds its source: ``mA1``)."""

GROUP_ORDER: Final = (PLACE, DEPLOY, MOVE, TRANSFER, UNCOVER, RECOVER, GUARD, CAMP, EXCHANGE, OBSTACLE, FIRE, BID,
                      PICK, DECLARE, JUMP, UNDO, END)
CONTROLS: Final = frozenset({END, UNDO})
"""Groups that are one tap and end or take back (buttons beside the menu, not entries of it)."""


@dataclass(frozen=True, slots=True)
class Finish:
    """One concrete move of an action, and what it costs in all."""

    key: str
    move: Move
    ap: int

    @property
    def text(self) -> str:
        """The move in the notation, as the slash command would make it."""
        return str(self.move)


@dataclass(frozen=True, slots=True)
class Action:
    """One thing to do at one place: its group (``verb`` plus the source of a move), its key within the group, the
    spaces it concerns, what one unit costs, and its finishes."""

    group: str
    key: str
    verb: str
    """The group's verb key (``m`` for every move, whatever its source)."""
    spaces: tuple[int, ...]
    """Where it happens: the space (a move's or transfer's source and target; an obstacle's two spaces); none for an
    exchange or the moves without a place."""
    ap_each: int
    finishes: tuple[Finish, ...] = field(default=())

    @property
    def path(self) -> tuple[str, str]:
        return self.group, self.key

    @property
    def space(self) -> int | None:
        """The space it is done at: a move's or transfer's target, an obstacle's space with the player's worker."""
        if not self.spaces:
            return None
        return self.spaces[-1] if self.verb in (MOVE, TRANSFER) else self.spaces[0]

    def finish(self, key: str) -> Finish | None:
        return next((f for f in self.finishes if f.key == key), None)


def _name(space: int) -> str:
    return engine.space_name(space)


def _counted(entry: LegalMove) -> list[tuple[str, Move]]:
    """An entry's moves with their finish keys: the count (``3``) or the leader (``L``)."""
    out = []
    for move in entry.moves():
        leader = getattr(move, "leader", False)
        out.append((LEADER if leader else str(getattr(move, "count", 1)), move))
    return out


def _seat(view: GameView, name: str) -> int:
    return next(p.seat for p in view.players if p.name.lower() == name.lower())


def _place(view: GameView, entry: LegalMove) -> list[tuple[str, str, tuple[int, ...], str, Move]]:
    """``(group, key, spaces, finish key, move)`` for each move of the entry."""
    move = entry.move
    match move:
        case engine.Place(space=space, rotation=rotation):
            return [(PLACE, _name(space), (space,), str(rotation), move)]
        case engine.Deploy(space=space):
            return [(DEPLOY, _name(space), (space,), k, m) for k, m in _counted(entry)]
        case engine.Transfer(source=source, target=target):
            return [(TRANSFER, _name(source) + _name(target), (source, target), k, m) for k, m in _counted(entry)]
        case engine.Walk(source=source, target=target):
            return [(MOVE + _name(source), _name(target), (source, target), k, m) for k, m in _counted(entry)]
        case engine.Uncover(space=space):
            return [(UNCOVER, _name(space), (space,), k, m) for k, m in _counted(entry)]
        case engine.Recover(space=space):
            return [(RECOVER, _name(space), (space,), k, m) for k, m in _counted(entry)]
        case engine.Camp(space=space):
            return [(CAMP, _name(space), (space,), ONE, move)]
        case engine.Guard(space=space, leader=leader, gun=gun):
            return [(GUARD, _name(space), (space,), ("L" if leader else "w") + ("g" if gun else ""), move)]
        case engine.Exchange(give=give, player=other, take=take):
            return [(EXCHANGE, f"{_seat(view, other)}{take}", (), give, move)]
        case engine.Obstacle(first=first, second=second):
            seat = view.to_act
            mine = [s for s in (first, second) if seat is not None and view.spaces[s].workers[seat]] or [first]
            return [(OBSTACLE, _name(s), (s, second if s == first else first),
                     _name(second if s == first else first), move) for s in mine]
        case engine.Fire(space=space, player=other):
            return [(FIRE, _name(space), (space,), str(_seat(view, other)), move)]
        case engine.Bid():
            return [(BID, k, (), ONE, m) for k, m in _counted(entry)]
        case engine.Pass():
            return [(BID, "P", (), ONE, move)]
        case engine.Pick(index=index):
            return [(PICK, str(index), (), ONE, move)]
        case engine.Declare(score=score):
            return [(DECLARE, "y" if score else "n", (), ONE, move)]
        case engine.Jump():
            return [(JUMP, k, (), ONE, m) for k, m in _counted(entry)]
        case engine.End():
            return [(END, END, (), ONE, move)]
        case engine.Undo():
            return [(UNDO, UNDO, (), ONE, move)]
    raise ValueError(f"no menu for {move}")


def verb_of(group: str) -> str:
    """The verb key of a group (a move's group ``mA1`` is ``m``)."""
    return group[0]


def actions_of(view: GameView, entries: Iterable[LegalMove]) -> list[Action]:
    """Every legal move of the player to act, as actions (in the order the engine lists them)."""
    found: dict[tuple[str, str], tuple[str, tuple[int, ...], int, list[Finish]]] = {}
    for entry in entries:
        for group, key, spaces, finish, move in _place(view, entry):
            _, _, _, finishes = found.setdefault((group, key), (verb_of(group), spaces, entry.ap_each, []))
            if not any(f.key == finish for f in finishes):
                units = 1 if getattr(move, "leader", False) or not isinstance(move, COUNTED) else move.count
                finishes.append(Finish(finish, move, entry.ap_each * units))
    return [Action(group, key, verb, spaces, each, tuple(finishes))
            for (group, key), (verb, spaces, each, finishes) in found.items()]


def actions_at(actions: Sequence[Action], space: int) -> list[Action]:
    """The actions that concern one space (the web page's tap on a space): done there, or a move or transfer from or
    to it, or an obstacle on one of its borders."""
    return [a for a in actions if space in a.spaces]


def entries_from_view(view: GameView) -> list[LegalMove] | None:
    """The legal moves of the player to act as far as the public view holds them, for the menu's first step on the
    wait's message: exactly those of a placement or a bidding (the engine's ``legal_moves`` lists the same); those of
    a turn's actions but Undo, from a state rebuilt from the view (the computer players' ``determinize``: what it
    draws for the secrets — the stack, the wafers' kinds, the rolls to come — decides no action, so the moves are the
    engine's; a test holds them equal). None in a pick, a declaration or a jump (their buttons choose) and at the end.
    """
    if view.finished or view.to_act is None:
        return None
    if view.phase is Phase.PLACE:
        return [LegalMove(engine.Place(s, r), 1, 0) for s, r in view.placements]
    if view.phase is Phase.BID:
        low, high = view.high_bid + 1, view.players[view.to_act].score
        return ([LegalMove(engine.Bid(low), high, 0)] if low <= high else []) + [LegalMove(engine.Pass(), 1, 0)]
    if view.phase in (Phase.ACTIONS, Phase.SCORING):
        try:
            state = determinize(view, random.Random(view.version))
        except Exception:  # a view it cannot rebuild: the wait's message offers the button that opens the menu
            log.exception("game at version %d: no state rebuilt from the view for its menu", view.version)
            return None
        return [e for e in engine.legal_moves(state) if not isinstance(e.move, engine.Undo)]
    return None


def neighbours_explored(view: GameView, space: int) -> list[int]:
    """The explored neighbours of a space, in side order (N … NW)."""
    return [n for n in NEIGHBOURS[space] if n >= 0 and view.spaces[n].explored]

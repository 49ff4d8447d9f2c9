"""A move in words, as a past-tense phrase: ``placed a temple (3) on D2``, ``moved 2 workers from A1 to C2``.
Spaces by name, hexagons by what they are, no rotation and no notation: the words of a wait's catch-up, of a
finished game's review and of the console's.
"""

from __future__ import annotations

import engine
from bot.core.words.escaping import escaped
from bot.core.words.labels import hexagon_name
from engine import GameView
from engine.messages import Speaker
from engine.messages import treasure as treasure_word


def _figures(count: int, leader: bool, t: Speaker) -> str:
    return t.tr("story.the_leader", "the leader") if leader else \
        t.ntr("story.workers", "{n} worker", "{n} workers", count)


def _treasures(count: int, t: Speaker) -> str:
    return t.ntr("story.treasures", "{n} treasure", "{n} treasures", count)


def phrase(view: GameView, move: engine.Move, t: Speaker, tile: str | None = None) -> str | None:
    """One move as a past-tense phrase: ``placed a temple (3) on D2``, ``moved 2 workers from A1 to C2``; None for
    what says nothing by itself (``end``; a pick: the placement that follows names the hexagon)."""
    name = engine.space_name
    match move:
        case engine.Place(space=space):
            return t.tr("story.placed", "placed a {hexagon} on {space}",
                        hexagon=hexagon_name(tile or view.spaces[space].tile, t), space=name(space))
        case engine.Deploy(space=space, count=count, leader=leader):
            return t.tr("story.deployed", "deployed {figures} to {space}", figures=_figures(count, leader, t),
                        space=name(space))
        case engine.Transfer(source=source, target=target, count=count, leader=leader):
            return t.tr("story.transferred", "took {figures} from {source} to the camp at {target}",
                        figures=_figures(count, leader, t), source=name(source), target=name(target))
        case engine.Walk(source=source, target=target, count=count, leader=leader):
            return t.tr("story.moved", "moved {figures} from {source} to {target}",
                        figures=_figures(count, leader, t), source=name(source), target=name(target))
        case engine.Uncover(space=space, count=count):
            return t.ntr("story.uncovered", "uncovered {n} temple level at {space}",
                         "uncovered {n} temple levels at {space}", count, space=name(space))
        case engine.Recover(space=space, count=count):
            return t.tr("story.recovered", "recovered {treasures} at {space}", treasures=_treasures(count, t),
                        space=name(space))
        case engine.Exchange(give=give, player=other, take=take):
            return t.tr("story.exchanged", "exchanged a {give} for {player}'s {take}",
                        give=t.message(treasure_word(give)), player=other, take=t.message(treasure_word(take)))
        case engine.Camp(space=space):
            return t.tr("story.camp", "made camp at {space}", space=name(space))
        case engine.Guard(space=space, leader=leader, gun=gun):
            if gun:
                return t.tr("story.guard_gun", "guarded the temple on {space} with a machine gun", space=name(space))
            if leader:
                return t.tr("story.guard_leader", "guarded the temple on {space} with the leader", space=name(space))
            return t.tr("story.guard", "guarded the temple on {space}", space=name(space))
        case engine.Obstacle(first=first, second=second):
            return t.tr("story.obstacle", "blocked the border between {first} and {second}", first=name(first),
                        second=name(second))
        case engine.Fire(space=space, player=other):
            return t.tr("story.fired", "fired at {player}'s worker on {space}", player=escaped(other),
                        space=name(space))
        case engine.Declare(score=score):
            return t.tr("story.declared_yes", "declared that the volcano scores") if score else \
                t.tr("story.declared_no", "declared no scoring round for this volcano")
    return None

"""A lesson as data: ``lessons/<name>.toml`` holds the prepared start (variant, seed, the hexagons and wafers that
come first), the computer player's turns and the steps, each with its goal, its text, its highlight and the move to
suggest. A second lesson is a second file; nothing here knows any step.

A step's texts are catalogue entries: ``lang.extract`` reads them from the files (context ``tutorial.<lesson>.<key>``
and ``….title``), so they are translated like every other word of the bot.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import engine
from engine import Terrain
from engine.messages import Said

FOLDER: Final = Path(__file__).resolve().parent / "lessons"
VERBS: Final = frozenset({"place", "deploy", "transfer", "move", "uncover", "recover", "exchange", "camp", "guard",
                          "end", "bid", "pass", "pick"})
"""What a goal may ask for: the move notation's verbs."""
PHASES: Final = frozenset(p.value for p in engine.Phase)
TERRAINS: Final = frozenset(t.value for t in Terrain)


class LessonError(ValueError):
    """A lesson file that cannot be played (a test reads every file)."""


@dataclass(frozen=True, slots=True)
class Goal:
    """What the player's move must do for the step to be done: its verb, the terrain of the space it goes to
    (``onto``), the phase it is made in. Any legal move that does all of it counts."""

    verb: str
    onto: str | None = None
    phase: str | None = None


@dataclass(frozen=True, slots=True)
class Step:
    key: str
    title: str
    """The English of the step's title (the catalogue's context ``tutorial.<lesson>.<key>.title``)."""
    text: str
    goal: Goal
    suggested: str | None
    """The move the text has in mind (``place C2 0``); when it is not legal or does not reach the goal any more,
    another that does is suggested instead."""
    highlight: tuple[str, ...]
    """Spaces drawn on the picture; ``try`` stands for the spaces of the suggested move."""


@dataclass(frozen=True, slots=True)
class Lesson:
    name: str
    variant: str
    seed: int
    opponent: str
    """The computer player's seat name."""
    tile_order: tuple[str, ...]
    treasure_order: tuple[str, ...]
    opponent_turns: tuple[tuple[str, ...], ...]
    """The computer player's moves, one tuple per time it is to act (a turn, a bid, a scoring turn)."""
    intro: str
    steps: tuple[Step, ...]
    end_title: str
    end: str

    def context(self, key: str) -> str:
        return f"tutorial.{self.name}.{key}"

    def said(self, key: str, english: str, **params: Any) -> Said:
        """One of the lesson's texts as the bot says it (``{opponent}`` is the computer player's name)."""
        return Said(self.context(key), english, **{"opponent": self.opponent, **params})

    def title(self, step: Step) -> Said:
        return self.said(f"{step.key}.title", step.title)

    def text(self, step: Step) -> Said:
        return self.said(step.key, step.text)


def _goal(data: Mapping[str, Any], where: str) -> Goal:
    goal = Goal(str(data.get("verb", "")), data.get("onto"), data.get("phase"))
    if goal.verb not in VERBS or (goal.onto is not None and goal.onto not in TERRAINS) or (
            goal.phase is not None and goal.phase not in PHASES) or set(data) - {"verb", "onto", "phase"}:
        raise LessonError(f"{where}: a goal is a verb ({', '.join(sorted(VERBS))}) with an optional onto "
                          f"(a terrain) and phase, not {dict(data)}")
    return goal


def _step(data: Mapping[str, Any], where: str) -> Step:
    try:
        suggested = data.get("try")
        if suggested is not None:
            engine.parse_move(suggested)
        highlight = data.get("highlight", [])
        spaces = (highlight,) if isinstance(highlight, str) else tuple(highlight)
        if any(s != "try" and engine.parse_space(s) is None for s in spaces):
            raise LessonError(f"{where}: a highlight is a list of spaces or \"try\", not {highlight!r}")
        return Step(str(data["key"]), _text(data["title"]), _text(data["text"]), _goal(data["goal"], where),
                    suggested, spaces)
    except (KeyError, engine.EngineError) as error:
        raise LessonError(f"{where}: {error}") from None


def _text(value: Any) -> str:
    """A text as the file holds it (a long line is continued with TOML's line-ending backslash), exactly what
    ``lang.extract`` puts in the catalogues."""
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"a text is a string, not {value!r}")
    return value


def read_lesson(path: Path) -> Lesson:
    """The lesson a file holds; raises ``LessonError`` for one that cannot be played."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    where = path.name
    try:
        steps = tuple(_step(s, f"{where} step {i + 1}") for i, s in enumerate(data["steps"]))
        lesson = Lesson(
            name=path.stem, variant=str(data["variant"]), seed=int(data["seed"]), opponent=str(data["opponent"]),
            tile_order=tuple(data.get("tile_order", ())), treasure_order=tuple(data.get("treasure_order", ())),
            opponent_turns=tuple(tuple(turn) for turn in data.get("opponent_turns", ())),
            intro=_text(data["intro"]), steps=steps, end_title=_text(data["end_title"]), end=_text(data["end"]),
        )
    except KeyError as error:
        raise LessonError(f"{where}: {error} is missing") from None
    if len({s.key for s in steps}) != len(steps) or not steps:
        raise LessonError(f"{where}: the steps need keys of their own")
    try:
        engine.new_game(["You", lesson.opponent], lesson.variant, lesson.seed, tile_order=lesson.tile_order,
                        treasure_order=lesson.treasure_order)
    except engine.EngineError as error:
        raise LessonError(f"{where}: {error}") from None
    return lesson


def lesson_names() -> tuple[str, ...]:
    """The lessons there are: ``basic`` first, then the others by name."""
    names = sorted(p.stem for p in FOLDER.glob("*.toml"))
    return tuple(sorted(names, key=lambda n: n != "basic"))


@cache
def lesson(name: str) -> Lesson:
    """The lesson of that name (``basic``, ``auction``). Raises ``KeyError`` for none."""
    path = FOLDER / f"{name}.toml"
    if name not in lesson_names():
        raise KeyError(name)
    return read_lesson(path)


__all__ = ["FOLDER", "Goal", "Lesson", "LessonError", "Step", "lesson", "lesson_names", "read_lesson"]

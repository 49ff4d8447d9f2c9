"""``python -m bot --tutorial [LESSON]``: the tutorial in the local console, the same lessons with the same texts as in
Discord, in plain text (``bot.core.tutorial``).

``TutorialConsole`` is the engine's console with the lesson's computer player (its written turns instead of a
computer level's) and the lesson's progress: the local table (``bot.local_console``) has each move judged against
the step under way, prints the next step with the command to type, and keeps the progress beside the game, so that
``--resume`` continues the tutorial too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

import engine
from bot.core.table.seat_names import seat_names
from bot.core.tutorial import words
from bot.core.tutorial.goals import Suggestion, highlighted, reached, suggestion
from bot.core.tutorial.lesson import Lesson, lesson
from bot.core.tutorial.opponent import opponent_moves
from engine import GameState
from engine.console import Console, status_text, steps_text
from engine.messages import Speaker

MARKUP: Final = re.compile(r"\*\*")
"""Discord's bold, which a terminal shows as it is."""


def plain(text: str) -> str:
    return MARKUP.sub("", text)


@dataclass
class TutorialConsole(Console):
    """The console of a lesson's game: its computer player plays the lesson's turns."""

    lesson: Lesson | None = None
    step: int = 0
    """The step under way; the lesson's number of steps once done."""
    opponent_turn: int = 0
    seat: int = 0
    """The learner's seat."""
    ended: bool = False
    """Whether the end was said (it is said once)."""
    marks: tuple[int, ...] = ()
    """The spaces the step under way marks on the board (its picture is written beside the game)."""

    @classmethod
    def begin(cls, name: str, player: str, t: Speaker) -> TutorialConsole:
        chosen = lesson(name)
        names = seat_names([player, chosen.opponent])
        state = engine.new_game(names, chosen.variant, chosen.seed, tile_order=chosen.tile_order,
                                treasure_order=chosen.treasure_order)
        return cls(state, {}, 0, t, chosen)

    @property
    def the_lesson(self) -> Lesson:
        assert self.lesson is not None
        return self.lesson

    def intro_head(self) -> str:
        names = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(self.state.players))
        return self.t.tr("console.intro", "Tikal, {game}. Seats: {names}.", game=self._game_name(), names=names)

    def intro(self) -> str:
        """The lesson's welcome, who sits where, whose turn it is."""
        t = self.t
        opening = plain(t.message(self.the_lesson.said("intro", self.the_lesson.intro)))
        return "\n\n".join((opening, self.intro_head(), status_text(self.state, t)))

    def resumed_intro(self) -> str:
        """A lesson begins (``run`` hands the terminal a new one as if resumed) or goes on."""
        return self.intro() if self.state.version == 0 else super().resumed_intro()

    def computers_play(self) -> str:
        """The lesson's computer player, while it is to act."""
        lines = []
        while not self.finished and self.state.to_act != self.seat:
            before = self.state
            for move in opponent_moves(self.the_lesson, before, self.opponent_turn):
                self.state = engine.apply(self.state, move)
            self.opponent_turn += 1
            lines.append(f"🤖 {before.players[before.to_act]}: {steps_text(before, self.state, self.t)}")
            news = self._phase_news(before)
            if news:
                lines.append(news)
        return "\n".join(lines)

    def judge(self, before: GameState) -> str:
        """The learner's move of the line just typed (made in ``before``) against the step under way; then the next
        step, or the end."""
        steps = self.the_lesson.steps
        made = self.state.log[before.version:]
        if not made or before.to_act != self.seat or self.step >= len(steps):
            return ""
        move = engine.parse_move(made[0])
        lines = []
        if reached(steps[self.step].goal, before, move, engine.apply(before, move)):
            self.step += 1
        elif not isinstance(move, engine.Undo):
            lines.append(plain(self.t.message(words.other())))
        lines.append(self.step_text())
        return "\n".join(x for x in lines if x)

    def lead_line(self) -> str:
        """The step's move to try (``Try: `move A1 C2 2```), said again under a refusal; empty when no step is under
        way."""
        steps = self.the_lesson.steps
        if self.step >= len(steps) or self.finished or self.state.to_act != self.seat:
            return ""
        shown = suggestion(steps[self.step], self.state)
        return "" if shown is None else plain(self.t.message(words.lead(shown.lead, f"`{shown.move}`")))

    def confirmation(self, line: str) -> str | None:
        """Ending with AP left asks first, as in any game, except when ending is the step's move."""
        steps = self.the_lesson.steps
        if self.step < len(steps) and not self.finished and self.state.to_act == self.seat:
            shown = suggestion(steps[self.step], self.state)
            if shown is not None and isinstance(shown.move, engine.End):
                return None
        return super().confirmation(line)

    def step_text(self) -> str:
        """The step under way (a step nothing leads to any more is passed over), or the end once."""
        t, chosen = self.t, self.the_lesson
        passed = 0
        shown: Suggestion | None = None
        while self.step < len(chosen.steps) and not self.finished and self.state.to_act == self.seat:
            shown = suggestion(chosen.steps[self.step], self.state)
            if shown is not None:
                break
            self.step += 1
            passed += 1
        lines = [t.message(words.passed(passed))] if passed else []
        self.marks = ()
        if self.step >= len(chosen.steps):
            if self.ended:
                return ""
            self.ended = True
            lines += [f"🎉 {t.message(chosen.said('end_title', chosen.end_title))}",
                      t.message(chosen.said("end", chosen.end)), t.message(words.real_game_console())]
            if chosen.name == "basic":
                lines.append(t.message(words.auction_next_console()))
            return plain("\n\n".join(lines))
        step = chosen.steps[self.step]
        self.marks = highlighted(step, shown)
        lines += [f"🎓 {t.message(words.heading(chosen, step, self.step + 1))}", t.message(chosen.text(step))]
        if shown is not None:
            lines.append(t.message(words.lead(shown.lead, f"`{shown.move}`")))
        return plain("\n".join(lines))

    def kept(self) -> dict[str, Any]:
        """What ``console.json`` keeps of the lesson, for ``--resume``."""
        return {"lesson": self.the_lesson.name, "step": self.step, "opponent_turn": self.opponent_turn,
                "seat": self.seat}


def resumed(state: GameState, kept: dict[str, Any], t: Speaker) -> TutorialConsole:
    """The lesson's console of a game kept in its folder (``console.json``'s ``tutorial``: ``kept``)."""
    return TutorialConsole(state, {}, 0, t, lesson(str(kept["lesson"])), int(kept["step"]),
                           int(kept["opponent_turn"]), int(kept.get("seat", 0)))


__all__ = ["TutorialConsole", "plain", "resumed"]

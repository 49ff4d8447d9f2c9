"""What a tutorial shows in Discord (pure): a step as one embed (its heading, what the last move did, the lesson's
text and the command to try, written as the member's client shows it: `` `/tikal move` `source:A1 target:C2` ``),
the end with what comes next, and the moderators' counts. The game itself is shown by the wait's own embed
(``wait_message``) under the step, with the board marked where the step points."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

import engine
from bot.core.table.autocomplete import parts
from bot.core.tutorial import words
from bot.core.tutorial.goals import Suggestion, verb_of
from bot.core.tutorial.lesson import Lesson
from bot.core.tutorial.progress import Counts
from bot.core.tutorial.service import Guidance
from engine import Move
from engine.messages import ENGLISH, Said, Speaker

COLOUR: Final = discord.Colour.from_rgb(196, 0, 120)
"""The picture's magenta marks."""


def option_name(name: str, t: Speaker) -> str:
    """A slash command option's name as the member's client shows it (``command_names``: context ``name.<english>``)."""
    return t.message(Said(f"name.{name}", name))


def command_text(move: Move, t: Speaker = ENGLISH) -> str:
    """`` `/tikal place` `space:C2 rotation:0` ``: the command that makes ``move``, its options named in the reader's
    language (a flag that is off left out)."""
    path = f"`/tikal {verb_of(move)}`"
    options = [f"{option_name(key, t)}:{value}" for key, value in parts(move).items()
               if value is not False and value != ""]
    return f"{path} `{' '.join(options)}`" if options else path


def lead_line(shown: Suggestion | None, t: Speaker = ENGLISH) -> str:
    return "" if shown is None else t.message(words.lead(shown.lead, command_text(shown.move, t)))


def step_embed(guidance: Guidance, t: Speaker = ENGLISH, *, before: Sequence[str] = ()) -> discord.Embed:
    """The step under way: ``before`` (what the member's last move did) first, then the lesson's text and the move to
    try."""
    step, lesson = guidance.step, guidance.lesson
    assert step is not None
    parts_ = [*before]
    if guidance.passed:
        parts_.append(t.message(words.passed(guidance.passed)))
    parts_ += [t.message(lesson.text(step)), lead_line(guidance.shown, t)]
    return discord.Embed(title=f"🎓 {t.message(words.heading(lesson, step, guidance.number))}",
                         description="\n\n".join(p for p in parts_ if p), colour=COLOUR)


def welcome_embed(lesson: Lesson, t: Speaker = ENGLISH) -> discord.Embed:
    return discord.Embed(description=t.message(lesson.said("intro", lesson.intro)), colour=COLOUR)


def end_embed(lesson: Lesson, t: Speaker = ENGLISH, *, before: Sequence[str] = ()) -> discord.Embed:
    """The lesson's end: its text, then a real game (and, after the basic lesson, the auction's)."""
    lines = [*before, t.message(lesson.said("end", lesson.end)), t.message(words.real_game())]
    if lesson.name == "basic":
        lines.append(t.message(words.auction_next()))
    return discord.Embed(title=f"🎉 {t.message(lesson.said('end_title', lesson.end_title))}",
                         description="\n\n".join(lines), colour=COLOUR)


def marked(spaces: Sequence[int], t: Speaker = ENGLISH) -> str:
    """What the alt text adds for the marked spaces."""
    if not spaces:
        return ""
    return t.tr("tutorial.marked", "Marked in magenta: {spaces}.",
                spaces=", ".join(engine.space_name(s) for s in spaces))


def counts_embed(counts: Sequence[Counts], t: Speaker = ENGLISH) -> discord.Embed:
    """For the moderators: how many members started each lesson here, and how many finished it."""
    lines = [t.ntr("tutorial.counts", "**{lesson}**: {n} member started it, {finished} finished it.",
                   "**{lesson}**: {n} members started it, {finished} finished it.", c.started,
                   lesson=option_name(c.lesson, t), finished=c.finished) for c in counts]
    return discord.Embed(title=t.tr("tutorial.counts_title", "🎓 The tutorial in this server"),
                         description="\n".join(lines) or t.tr("tutorial.counts_none", "Nobody has started it yet."),
                         colour=COLOUR)


__all__ = ["COLOUR", "command_text", "counts_embed", "end_embed", "lead_line", "marked", "option_name", "step_embed",
           "welcome_embed"]

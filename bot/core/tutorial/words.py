"""What a tutorial says around its lessons' own texts, the same in Discord and in the console: a step's heading,
the move to try, what the member's last move did, and what comes after the end. A command is handed in already
written for the reader's medium (``/tikal place`` with its options in Discord, ``place C2 0`` in a terminal)."""

from __future__ import annotations

from bot.core.tutorial.goals import Lead
from bot.core.tutorial.lesson import Lesson, Step
from bot.core.words.texts import ntr, tr
from engine.messages import Said


def heading(lesson: Lesson, step: Step, number: int) -> Said:
    """``Step 3 of 17 · Moving``."""
    return tr("tutorial.heading", "Step {n} of {count} · {title}", n=number, count=len(lesson.steps),
              title=lesson.title(step))


def lead(how: Lead, command: str) -> Said:
    """The line that gives the move to try."""
    if how == "first":
        return tr("tutorial.first", "**First:** {command} — then this step's move.", command=command)
    if how == "end":
        return tr("tutorial.end_first", "That is out of reach for this turn: end it with {command}, and try again "
                                        "in your next one.", command=command)
    return tr("tutorial.try", "**Try:** {command}", command=command)


def other() -> Said:
    """A legal move that is not the step's: it stands, and the step waits."""
    return tr("tutorial.other", "That works too! This step is about something else, though:")


def passed(n: int) -> Said:
    return ntr("tutorial.passed", "Your game took another way, so a step was left out.",
               "Your game took another way, so {n} steps were left out.", n)


def auction_next() -> Said:
    """After the basic lesson, in Discord: the auction version (its button)."""
    return tr("tutorial.auction_next", "One more, if you like: the auction version in three steps, with the button "
                                       "below.")


def auction_button() -> Said:
    return tr("tutorial.auction_button", "The auction version")


def real_game() -> Said:
    """After the end, in Discord (the commands become clickable)."""
    return tr("tutorial.real_game", "Ready for a real game? `/tikal-game games` lists this server's games and lobbies "
                                    "(join one with its **Join** button), and `/tikal-game new` opens a lobby.")


def real_game_console() -> Said:
    """After the end, in the console."""
    return tr("tutorial.real_game_console", "Ready for a real game? `python -m bot --computer 2=strong` plays one "
                                            "against the computer here; in a Discord server with the bot, "
                                            "`/tikal-game tutorial` plays this lesson and `/tikal-game new` opens a "
                                            "game.")


def auction_next_console() -> Said:
    return tr("tutorial.auction_next_console", "One more, if you like: the auction version in three steps, with "
                                               "`python -m bot --tutorial auction`.")


__all__ = ["auction_button", "auction_next", "auction_next_console", "heading", "lead", "other", "passed",
           "real_game", "real_game_console"]

"""A line typed at the console read as a command: Discord's forms (``/tikal place space:C1 rotation:0``) and the
engine console's (``place C1 0``) alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

COMMAND_WORDS: Final = ("tikal", "tikal-game", "tikal-mod")
ONLY_IN_DISCORD: Final = ("new", "join", "leave", "start", "games", "history", "export", "resign", "order",
                          "settings", "stats", "abort", "kick", "replace", "computer", "skip", "pause", "resume",
                          "deadline", "config", "resend")


@dataclass(frozen=True, slots=True)
class Typed:
    """A typed line read as a command: its word and the rest (Discord's ``option:value`` forms unwrapped)."""

    word: str
    args: tuple[str, ...]

    @property
    def line(self) -> str:
        return " ".join((self.word, *self.args))


def read_line(line: str) -> Typed:
    """``/tikal place space:C1 rotation:0`` → ``place C1 0``; ``/tikal guard space:A2 leader:True`` → ``guard A2
    leader``; lines without a slash stay as they are."""
    words = line.split()
    if words and words[0].lstrip("/").lower() in COMMAND_WORDS and words[0].startswith("/"):
        words = words[1:]
    elif words and words[0].startswith("/"):
        words[0] = words[0][1:]
    out: list[str] = []
    for word in words:
        name, colon, value = word.partition(":")
        if not colon or not name.isidentifier():
            out.append(word)
        elif value.lower() == "true":
            out.append(name)
        elif value.lower() != "false":
            out.append(value)
    if not out:
        return Typed("", ())
    return Typed(out[0].lower(), tuple(out[1:]))

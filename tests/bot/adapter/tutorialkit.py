"""Playing the tutorial through the wire as a member would: read the step's message, type the command it suggests.

The command is read from the step's text only: the code span that names it (`` `/tikal move` ``) and the one of its
options (`` `source:A1 target:C2 figures:2` ``, the option names in the member's language, read back as Discord's
client does through the command tree's localizations)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from bot.adapter.app import TikalBot
from bot.adapter.command_words import serialized_tree
from tests.bot.adapter.discordkit import ANA, CHANNEL, command, text_of
from tests.bot.adapter.wire import Call, Wire

COMMAND: Final = re.compile(r"(?:`|</)(/?tikal(?:-game)? [a-z-]+)(?:`|:\d+>)(?: `([^`]*)`)?")
"""A command as a step writes it: `` `/tikal move` `` (or its clickable mention) and the code span of its options."""
INTEGER, BOOLEAN = 4, 5
STEP_TITLE: Final = "🎓"
END_TITLE: Final = "🎉"


def message_of(call: Call) -> dict[str, Any]:
    return call.data


def steps_in(calls: list[Call]) -> list[Call]:
    """The messages among ``calls`` that show a step or the end (new messages and edits of a deferred answer)."""
    return [c for c in calls if c.method in ("POST", "PATCH") and any(
        (e.get("title") or "").startswith((STEP_TITLE, END_TITLE)) for e in message_of(c).get("embeds") or [])]


def step_of(call: Call) -> dict[str, Any]:
    """The embed of a message that shows the step (or the end)."""
    return next(e for e in message_of(call).get("embeds") or []
                if (e.get("title") or "").startswith((STEP_TITLE, END_TITLE)))


def title_of(call: Call) -> str:
    return str(step_of(call).get("title") or "")


async def option_names(bot: TikalBot, path: str, locale: str) -> dict[str, tuple[str, int]]:
    """A command's options by the names the member's client shows (the tree as synced, with every locale's words),
    each with its English name and its type."""
    words = path.lstrip("/").split()
    nodes = await serialized_tree(bot.tree)
    node: dict[str, Any] = next(n for n in nodes if n["name"] == words[0])
    for word in words[1:]:
        node = next(o for o in node.get("options") or [] if o["name"] == word)
    out: dict[str, tuple[str, int]] = {}
    for option in node.get("options") or []:
        shown = (option.get("name_localizations") or {}).get(locale, option["name"])
        out[shown] = out[option["name"]] = (option["name"], int(option["type"]))
    return out


async def suggested(bot: TikalBot, text: str, locale: str) -> tuple[str, dict[str, Any]]:
    """The command a step's text suggests (the last one it names), with its options typed as Discord sends them."""
    found = COMMAND.findall(text)
    assert found, f"no command in the step:\n{text}"
    path, options = found[-1]
    known = await option_names(bot, path, locale)
    values: dict[str, Any] = {}
    for pair in options.split():
        shown, _, value = pair.partition(":")
        name, kind = known[shown]
        values[name] = int(value) if kind == INTEGER else (value == "True" if kind == BOOLEAN else value)
    return path.lstrip("/"), values


@dataclass
class Played:
    """A tutorial played through: the step messages in order, as the member read them."""

    place: int
    messages: list[Call] = field(default_factory=list)
    typed: list[str] = field(default_factory=list)

    @property
    def titles(self) -> list[str]:
        return [title_of(m) for m in self.messages]


async def play_tutorial(wire: Wire, *, member: int = ANA, channel: int = CHANNEL, locale: str = "en-US",
                        options: dict[str, Any] | None = None, most: int = 80,
                        app_permissions: int | None = None) -> Played:
    """``/tikal-game tutorial`` in ``channel``, then every command the steps suggest until the end."""
    bot = wire.client
    assert isinstance(bot, TikalBot)
    wire.locales[member] = locale
    calls = await command(wire, "tikal-game tutorial", options, user=member, channel=channel,
                          app_permissions=app_permissions)
    shown = steps_in(calls)
    assert shown, [text_of(c) for c in calls]
    threads = [c for c in calls if c.method == "POST" and c.path == f"/channels/{channel}/threads"]
    place = int(threads[0].response["id"]) if threads else channel
    played = Played(place, [shown[-1]])
    for _ in range(most):
        last = played.messages[-1]
        if title_of(last).startswith(END_TITLE):
            return played
        name, values = await suggested(bot, str(step_of(last).get("description") or ""), locale)
        played.typed.append(f"/{name} " + " ".join(f"{k}:{v}" for k, v in values.items()))
        calls = await command(wire, name, values, user=member, channel=place, app_permissions=app_permissions)
        shown = steps_in(calls)
        assert shown, f"/{name} {values}: " + " | ".join(text_of(c) for c in calls)
        played.messages.append(shown[-1])
    raise AssertionError(f"the tutorial did not end in {most} commands: {played.titles}")


__all__ = ["Played", "play_tutorial", "steps_in", "suggested", "title_of"]

"""The slash commands as Discord receives them: every limit Discord enforces at registration, checked on the
serialized tree, and room left for what later issues add (variant actions, languages, replays, seasons)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.bot.adapter.discordkit import bot_of
from tests.bot.adapter.wire import Wire

SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3
MOST_CHILDREN = 20
"""The largest command keeps five of Discord's 25 places free (the variant actions take four)."""
MOST_CHARACTERS = 3000
"""Of Discord's 4,000 per top-level command."""


def serialized(wire: Wire) -> list[dict[str, Any]]:
    tree = bot_of(wire).tree
    return [command.to_dict(tree) for command in tree.get_commands()]


def characters(node: dict[str, Any]) -> int:
    """What Discord counts against a command's 4,000: names, descriptions and choice names and values, of the
    command and of everything below it."""
    total = len(node.get("name", "")) + len(node.get("description", ""))
    for choice in node.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(characters(option) for option in node.get("options") or [])


def walk(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    here = f"{path} {node['name']}".strip()
    yield here, node
    for option in node.get("options") or []:
        yield from walk(option, here)


def valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}]{1,32}$``, in lowercase."""
    return 1 <= len(name) <= 32 and all(c.isalnum() or c in "-_" for c in name) and name == name.lower()


async def test_every_command_keeps_discords_limits(wire: Wire) -> None:
    commands = serialized(wire)
    assert len(commands) <= 100
    problems: list[str] = []
    for command in commands:
        for path, node in walk(command):
            options = node.get("options") or []
            if not valid_name(node["name"]):
                problems.append(f"{path}: name")
            if not 1 <= len(node.get("description", "")) <= 100:
                problems.append(f"{path}: description of {len(node.get('description', ''))} characters")
            if len(options) > 25 or len(node.get("choices") or []) > 25:
                problems.append(f"{path}: more than 25 options or choices")
            required = [bool(o.get("required")) for o in options if o["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            if required != sorted(required, reverse=True):
                problems.append(f"{path}: an optional option before a required one")
            for choice in node.get("choices") or []:
                if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
                    problems.append(f"{path}: choice {choice['name']}")
            if node.get("type") == STRING and not node.get("choices") and "max_length" not in node:
                problems.append(f"{path}: a string option without max_length")  # a typed one, echoed back
        if characters(command) > 4000:
            problems.append(f"{command['name']}: {characters(command)} characters")
    assert problems == []


async def test_room_is_left_in_every_command(wire: Wire) -> None:
    """Every top-level command has at most 20 children and 3,000 characters, so later issues fit."""
    sizes = {c["name"]: (len(c.get("options") or []), characters(c)) for c in serialized(wire)}
    assert set(sizes) == {"tikal", "tikal-game", "tikal-mod"}
    assert all(children <= MOST_CHILDREN and chars <= MOST_CHARACTERS for children, chars in sizes.values()), sizes


async def test_the_turn_commands_are_short_to_type(wire: Wire) -> None:
    """``/tikal <action>``: one word after the command, no group in between."""
    (tikal,) = [c for c in serialized(wire) if c["name"] == "tikal"]
    assert all(o["type"] == SUB_COMMAND for o in tikal["options"])

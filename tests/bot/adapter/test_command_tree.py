"""The slash commands as Discord receives them: every limit Discord enforces at registration, checked on the
serialized tree, and room left for what later issues add (variant actions, languages, replays, seasons)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.adapter.command_names import NAMES
from bot.adapter.command_words import serialized_tree
from lang import AUTONYMS
from tests.bot.adapter.discordkit import bot_of
from tests.bot.adapter.wire import Wire

SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3
MOST_CHILDREN = 20
"""The largest command keeps five of Discord's 25 places free (the variant actions take four)."""
MOST_CHARACTERS = 3300
"""Of Discord's 4,000 per top-level command (/tikal-mod with its doctor and /tikal-game with its review are the
largest, with their longest words)."""


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


# --- issue 12: the tree in every client language ---------------------------------------------------------------

DISCORD_LOCALES = ("en-US", "en-GB", "de", "fr", "es-ES", "es-419", "it", "nl")
"""Discord's locales of the six languages; every other one shows the English."""


async def localized_tree(wire: Wire) -> list[dict[str, Any]]:
    return await serialized_tree(bot_of(wire).tree)


def longest(node: dict[str, Any], field: str) -> int:
    """The longest of a field's default and its localizations (Discord counts the longest against 4,000)."""
    return max([len(node.get(field) or ""), *(len(v) for v in (node.get(f"{field}_localizations") or {}).values())])


def localized_characters(node: dict[str, Any]) -> int:
    total = longest(node, "name") + longest(node, "description")
    for choice in node.get("choices") or []:
        total += longest(choice, "name") + len(str(choice["value"]))
    return total + sum(localized_characters(option) for option in node.get("options") or [])


def in_locale(node: dict[str, Any], field: str, locale: str) -> str:
    return str((node.get(f"{field}_localizations") or {}).get(locale) or node.get(field) or "")


async def test_every_command_keeps_discords_limits_in_every_language(wire: Wire) -> None:
    commands = await localized_tree(wire)
    problems: list[str] = []
    for command in commands:
        for locale in DISCORD_LOCALES:
            for path, node in walk(command):
                name = in_locale(node, "name", locale)
                if not valid_name(name):
                    problems.append(f"{locale} {path}: name {name!r}")
                if not 1 <= len(in_locale(node, "description", locale)) <= 100:
                    problems.append(f"{locale} {path}: description {in_locale(node, 'description', locale)!r}")
                siblings = [in_locale(o, "name", locale) for o in node.get("options") or []]
                if len(siblings) != len(set(siblings)):
                    problems.append(f"{locale} {path}: two options named alike in {siblings}")
                choices = [in_locale(c, "name", locale) for c in node.get("choices") or []]
                if any(not 1 <= len(c) <= 100 for c in choices) or len(choices) != len(set(choices)):
                    problems.append(f"{locale} {path}: choices {choices}")
        if localized_characters(command) > MOST_CHARACTERS:
            problems.append(f"{command['name']}: {localized_characters(command)} characters with the translations")
    assert problems == []
    assert len({in_locale(c, "name", locale) for c in commands for locale in DISCORD_LOCALES}) >= len(commands)


async def test_the_tree_is_translated_in_each_language_and_english_elsewhere(wire: Wire) -> None:
    """Every description has its own words in each of the five languages; names come from the catalogue's words
    (a name missing there fails); Discord's other locales (pt-BR, ja …) get no localization: the English."""
    known = {str(n.message) for n in NAMES}
    untranslated: list[str] = []
    for command in await localized_tree(wire):
        for path, node in walk(command):
            assert node["name"] in known, f"{path}: add {node['name']!r} to bot/adapter/command_names.py"
            for choice in node.get("choices") or []:
                assert choice["name"] in known or choice["value"] in AUTONYMS or "name_localizations" in choice, path
            descriptions = node.get("description_localizations") or {}
            assert set(descriptions) <= {"en-US", "en-GB", "de", "fr", "es-ES", "es-419", "it", "nl"}, path
            for locale in ("de", "fr", "es-ES", "es-419", "it", "nl"):
                if descriptions.get(locale, node["description"]) == node["description"]:
                    untranslated.append(f"{locale} {path}")
    assert untranslated == []


async def test_the_german_tree_reads_in_the_rulebooks_words(wire: Wire) -> None:
    (tikal,) = [c for c in await localized_tree(wire) if c["name"] == "tikal"]
    by_name = {o["name"]: o for o in tikal["options"]}
    assert by_name["place"]["name_localizations"]["de"] == "anlegen"
    assert by_name["uncover"]["name_localizations"]["fr"] == "dégager"
    assert by_name["recover"]["description_localizations"]["de"] == "Schatzplättchen heben (je 3 AP)"
    assert by_name["move"]["name_localizations"]["es-419"] == by_name["move"]["name_localizations"]["es-ES"] == "mover"
    assert "pt-BR" not in by_name["move"].get("name_localizations", {})

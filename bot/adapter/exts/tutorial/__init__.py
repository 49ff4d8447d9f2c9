"""``/tikal-game tutorial``: a guided first game for the member who asks. The command joins the
``/tikal-game`` group; the table hands the moves of a tutorial's game to the ``Guide``; the end of a lesson offers
the next one with a button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.adapter.command_words import cmd
from bot.adapter.exts.tutorial.guide import Guide, LessonButton

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot


def tutorial_command(guide: Guide) -> app_commands.Command[app_commands.Group, ..., None]:
    @app_commands.command(name="tutorial", description=cmd("cmd.game.tutorial", "Learn Tikal in a guided game"))
    @app_commands.describe(restart=cmd("cmd.game.tutorial.restart", "from the beginning"),
                           skip=cmd("cmd.game.tutorial.skip", "straight to the end"))
    async def tutorial(interaction: discord.Interaction, restart: bool = False, skip: bool = False) -> None:
        await guide.command(interaction, None, restart, skip)

    return tutorial


async def setup(bot: TikalBot) -> None:
    guide = Guide(bot)
    group = bot.tree.get_command("tikal-game")
    assert isinstance(group, app_commands.Group), "the tutorial joins /tikal-game: load bot.adapter.exts.games first"
    group.add_command(tutorial_command(guide))
    bot.table.tutor = guide
    bot.add_dynamic_items(LessonButton)  # the end's "next lesson" works after a restart too


async def teardown(bot: TikalBot) -> None:
    group = bot.tree.get_command("tikal-game")
    if isinstance(group, app_commands.Group):
        group.remove_command("tutorial")
    bot.table.tutor = None


__all__ = ["Guide", "LessonButton", "setup", "teardown", "tutorial_command"]

"""What the buttons ask of the bot: the table's actions, named here so the buttons need not import it."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, cast

import discord

from bot.adapter import metering
from bot.adapter.replies import explain


class TableActions(Protocol):
    """The part of ``bot.adapter.table.Table`` the persistent buttons call."""

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...

    async def start(self, interaction: discord.Interaction, game_id: int | None = None,
                    order: str = "joined") -> None: ...

    async def board(self, interaction: discord.Interaction, zoom: str | None = None,
                    game_id: int | None = None) -> None: ...

    async def act(self, interaction: discord.Interaction, text: str, game_id: int | None = None, *,
                  silent: bool = False) -> None: ...

    async def end_turn(self, interaction: discord.Interaction, game_id: int, version: int | None) -> None: ...

    async def jump(self, interaction: discord.Interaction, chips: int, game_id: int | None = None,
                   jump: int | None = None) -> None: ...

    async def set_options(self, interaction: discord.Interaction, game_id: int, options: list[str]) -> None: ...

    async def history_page(self, interaction: discord.Interaction, game_id: int, page: int) -> None: ...

    async def resign(self, interaction: discord.Interaction, game_id: int) -> None: ...

    async def standing_order(self, interaction: discord.Interaction, text: str, game_id: int | None = None) -> None: ...

    async def menu(self, interaction: discord.Interaction, game_id: int, version: int, path: tuple[str, ...],
                   value: str | None, *, public: bool) -> None: ...

    async def web_link(self, interaction: discord.Interaction, game_id: int | None = None) -> None: ...


def table_of(interaction: discord.Interaction) -> TableActions:
    """The table of the bot that received the interaction."""
    table = getattr(interaction.client, "table", None)
    if table is None:
        raise RuntimeError("the bot has no table: it has not been set up")
    return cast(TableActions, table)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's work; every refusal becomes a private answer, like the slash commands'."""
    metering.arrived(interaction)
    try:
        await work
    except Exception as error:
        await explain(interaction, error)
    else:
        metering.done(interaction, "ok")

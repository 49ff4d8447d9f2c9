"""Fixtures of the adapter's tests: the real discord.py bot, offline, through the wire harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.adapter.discordkit import running_bot
from tests.bot.adapter.wire import Wire


@pytest.fixture
async def wire(database: Path | str) -> AsyncIterator[Wire]:
    """A running bot on ``database`` with its guilds and channels (see ``discordkit.running_bot``)."""
    async with running_bot(database) as running:
        yield running

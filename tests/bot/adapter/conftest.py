"""Fixtures of the adapter's tests: the real discord.py bot, offline, through the wire harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import render
from engine import GameView
from tests.bot.adapter.discordkit import running_bot
from tests.bot.adapter.wire import Wire


@pytest.fixture
async def wire(database: Path | str) -> AsyncIterator[Wire]:
    """A running bot on ``database`` with its guilds and channels (see ``discordkit.running_bot``)."""
    async with running_bot(database) as running:
        yield running


@pytest.fixture
def one_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """For a whole game whose test reads the channel's words and buttons, not its pictures: the first channel picture
    is drawn (a real PNG, of the first position) and posted again for every later position, instead of the ~300 a
    Rápido game draws (half its time). Each post still carries its picture and its alt text of its own position. The
    pictures themselves are tested in tests/render; every position of a whole game is drawn through the bot in the
    tests that do not ask for this (a Rápido game with a computer seat, the replays' games)."""
    drawn: list[bytes] = []
    draw = render.render_board

    def first(view: GameView, **options: Any) -> bytes:
        if not drawn:
            drawn.append(draw(view, **options))
        return drawn[0]

    monkeypatch.setattr(render, "render_board", first)

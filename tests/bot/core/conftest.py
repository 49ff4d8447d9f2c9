"""Fixtures of the core's tests: a service on a real SQLite file, and the clocks' kit with a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.service import TikalService
from tests.bot.core.clockkit import Kit, open_kit
from tests.bot.core.servicekit import open_service


@pytest.fixture
async def svc(db_path: Path) -> AsyncIterator[TikalService]:
    """A service on ``db_path`` with seeded randomness (seat shuffles and game seeds)."""
    async with open_service(db_path) as service:
        yield service


@pytest.fixture
async def kit(db_path: Path) -> AsyncIterator[Kit]:
    """The service with the scheduler, moderation, members and history, on a fake clock at T0."""
    async with open_kit(db_path) as opened:
        yield opened

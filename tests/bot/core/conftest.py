"""Fixtures of the core's tests: the core on a real database (the SQLite file; each backend in turn for a test
marked ``backends``), the clocks' kit with a fake clock, and a worker pool of one process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.assembly import Core
from bot.core.table.cpu_pool import CpuPool
from tests.bot.core.clockkit import Kit, open_kit
from tests.bot.core.servicekit import open_service


@pytest.fixture
async def svc(database: Path | str) -> AsyncIterator[Core]:
    """The core (``Core``) on ``database`` with seeded randomness (seat shuffles and game seeds)."""
    async with open_service(database) as service:
        yield service


@pytest.fixture
async def kit(database: Path | str) -> AsyncIterator[Kit]:
    """The service with the scheduler, moderation, members and history, on a fake clock at T0."""
    async with open_kit(database) as opened:
        yield opened


@pytest.fixture
async def pool() -> AsyncIterator[CpuPool]:
    """A worker pool of one process, closed after the test."""
    opened = CpuPool(1)
    try:
        yield opened
    finally:
        await opened.close()

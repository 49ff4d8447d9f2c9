"""The browser the web view's browser tests drive: Debian's chromium through Playwright, one per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest

from tests.bot.web.webkit import CHROMIUM_FLAGS, chromium_path

if TYPE_CHECKING:
    from playwright.async_api import Browser


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    from playwright.async_api import async_playwright

    executable = chromium_path()
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            await launched.close()

"""Fixtures shared by the bot's tests: a database file per test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file for the test (created by whoever opens it)."""
    return tmp_path / "t.sqlite3"

"""Fixtures shared by the bot's tests: a database per test, a SQLite file or a PostgreSQL database.

``db_path`` is a SQLite file. ``database`` is what ``open_storage`` opens: the SQLite file, or, for a test marked
``@pytest.mark.backends``, each of the two backends in turn (the test runs twice: ``[sqlite]`` and
``[postgresql]``). The PostgreSQL runs use one throwaway server for the whole session (``tests/pgcluster.py``)
and a fresh database per test (under pytest-xdist: a server per worker process). Without server binaries on the
machine they are skipped, and the run's summary says so in one line (``tests/conftest.py``); with
``TIKAL_REQUIRE_POSTGRES=1`` (CI) they fail instead.

``one_picture`` draws one channel picture for a whole game whose test does not look at them.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

import render
from engine import GameView
from tests.pgcluster import NO_SERVER, Cluster, server_binaries

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file for the test (created by whoever opens it)."""
    return tmp_path / "t.sqlite3"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("backends") is not None:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``sqlite`` (every test), or each backend in turn for a test marked ``backends``."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """The session's throwaway PostgreSQL server (started at its first use)."""
    binaries = server_binaries()
    if binaries is None:
        reason = (f"{NO_SERVER} (initdb, pg_ctl, postgres): the PostgreSQL tests are skipped. Install Debian's "
                  "postgresql package or set PG_BIN to their folder.")
        if os.environ.get("TIKAL_REQUIRE_POSTGRES"):
            pytest.fail(reason + " (TIKAL_REQUIRE_POSTGRES is set)", pytrace=False)
        pytest.skip(reason)
    cluster = Cluster(binaries).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
async def pg_url(request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """A fresh database on the session's server; dropped after the test."""
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    url = await cluster.create_database()
    try:
        yield url
    finally:
        await cluster.drop_database(url)


@pytest.fixture
def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """What ``open_storage`` opens for this test: the SQLite file or a fresh PostgreSQL database's URL."""
    if backend == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return db_path


@pytest.fixture
def one_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """For a whole game whose test reads the channel's words and buttons (or plays on the web page), not its channel
    pictures: the first channel picture is drawn (a real PNG, of the first position) and posted again for every later
    position, instead of the ~300 a Rápido game draws (half its time). Each post still carries its picture and its alt
    text of its own position. The pictures themselves are tested in tests/render; every position of a whole game is
    drawn through the bot in the tests that do not ask for this (a Rápido game with a computer seat, the replays'
    games)."""
    drawn: list[bytes] = []
    draw = render.render_board

    def first(view: GameView, **options: Any) -> bytes:
        if not drawn:
            drawn.append(draw(view, **options))
        return drawn[0]

    monkeypatch.setattr(render, "render_board", first)

"""Hooks of the whole run. They live at the top of ``tests/`` because under pytest-xdist (``make test``,
``make check``) only this conftest is loaded by the process that reports: the workers collect and run the tests,
and their reports come back here.

- A run without PostgreSQL server binaries skips the PostgreSQL tests (``tests/bot/conftest.py``); its summary
  says so in one line, so that nobody takes a green run for one that tested both backends.
"""

from __future__ import annotations

import pytest

from tests.pgcluster import NO_SERVER

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and NO_SERVER in str(report.longrepr):
        _skipped.append(report.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _skipped:
        terminalreporter.write_line(
            f"PostgreSQL: {len(_skipped)} test(s) skipped — no PostgreSQL server binaries (initdb, pg_ctl) on this "
            "machine; install postgresql (Debian) or set PG_BIN to run them.", yellow=True, bold=True)

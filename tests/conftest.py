"""Hooks of the whole run. They live at the top of ``tests/`` because under pytest-xdist (``make test``,
``make check``) only this conftest is loaded by the process that reports: the workers collect and run the tests,
and their reports come back here.

- A run without PostgreSQL server binaries skips the PostgreSQL tests (``tests/bot/conftest.py``); its summary
  says so in one line, so that nobody takes a green run for one that tested both backends.
- The property tests (hypothesis) draw the same examples on every run, so that a run fails for a change and never
  by chance: the ``ci`` profile, loaded here before any test module builds its settings, is derandomized (each
  test's examples follow from the test itself), keeps no example database between runs, has no deadline (a shared
  machine is slow at times) and prints the blob that reproduces a failure. A failure found is then fixed and kept
  as an ``@example`` of its test. ``HYPOTHESIS_PROFILE=explore`` draws new examples instead (and keeps failing ones
  in ``.hypothesis/``), to look for new failures on purpose.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.pgcluster import NO_SERVER

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and NO_SERVER in str(report.longrepr):
        _skipped.append(report.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _skipped:
        terminalreporter.write_line(
            f"PostgreSQL: {len(_skipped)} test(s) skipped — no PostgreSQL server binaries (initdb, pg_ctl) on this "
            "machine; install postgresql (Debian) or set PG_BIN to run them.", yellow=True, bold=True)

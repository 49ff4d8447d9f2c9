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
- The tests' temporary files (``tmp_path``, ``tempfile``) live in memory, in ``/dev/shm``, when it has room and
  ``TMPDIR`` names no other place: every SQLite file of the tests is opened with ``synchronous = FULL``, and on a disk
  each commit waits for its ``fsync`` (4 ms on this machine; a whole Rápido game commits some 4000 times). The test
  PostgreSQL servers run without fsync for the same reason (``tests/pgcluster.py``). The SQL and its transactions are
  the same; only a power cut, which no test makes, could tell the difference.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.pgcluster import NO_SERVER

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

MEMORY = Path("/dev/shm")
ROOM = 2 << 30
"""The room a run's temporary files may take at most (a container's /dev/shm of 64 MB is left alone)."""


def pytest_configure(config: pytest.Config) -> None:
    """Temporary files in memory (see above), in the process that reports and in each worker alike."""
    if "TMPDIR" not in os.environ and MEMORY.is_dir() and os.access(MEMORY, os.W_OK) and \
            shutil.disk_usage(MEMORY).free >= ROOM:
        tempfile.tempdir = str(MEMORY)


_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and NO_SERVER in str(report.longrepr):
        _skipped.append(report.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _skipped:
        terminalreporter.write_line(
            f"PostgreSQL: {len(_skipped)} test(s) skipped — no PostgreSQL server binaries (initdb, pg_ctl) on this "
            "machine; install postgresql (Debian) or set PG_BIN to run them.", yellow=True, bold=True)

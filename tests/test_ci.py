"""What keeps CI honest and fast: `.ci/run` is exactly the README's test command, and a hanging test fails
after two minutes instead of holding the run (a post never marked sent once made the wire tests wait ten)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_exactly_make_test() -> None:
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert commands[-1] == "make test"


def _recipe(target: str) -> list[str]:
    """The commands of a Makefile target."""
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    return [line.strip() for line in itertools.takewhile(lambda line: line.startswith("\t"), lines[start + 1:])]


def test_make_test_runs_every_test_in_parallel_and_make_check_leaves_out_only_the_slow_ones() -> None:
    pytest_line = next(line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("PYTEST :="))
    options = pytest_line.split("-m pytest", 1)[1].split()
    assert options[:2] == ["-n", "$(JOBS)"] and "-m" not in options and "-k" not in options
    test, check = _recipe("test"), _recipe("check")
    assert test == ["$(BIN)/ruff check .", "$(BIN)/mypy", "$(PYTEST)"]  # no selection: everything runs in CI
    assert check == ["$(BIN)/ruff check .", "$(BIN)/mypy", '$(PYTEST) -m "not slow"']


def test_every_test_has_a_timeout(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.hasplugin("timeout"), "pytest-timeout is a dev dependency"
    assert 0 < float(request.config.getini("timeout")) <= 120


@pytest.mark.slow
def test_a_hanging_async_test_fails_fast(tmp_path: Path) -> None:
    """With the plugin and a timeout (two seconds here instead of 120), an await that never returns fails."""
    hang = "import asyncio\n\nasync def test_hang():\n    await asyncio.Event().wait()\n"
    (tmp_path / "test_hang.py").write_text(hang)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=2",
                           "-o", "asyncio_mode=auto", str(tmp_path)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "Timeout" in done.stdout, done.stdout[-2000:]


@pytest.mark.slow
def test_without_a_server_the_postgresql_tests_are_skipped_and_said_or_under_ci_fail(tmp_path: Path) -> None:
    """As ``make test`` runs them, in pytest-xdist's workers: on a machine without PostgreSQL (``PG_BIN`` names an empty
    folder) a PostgreSQL test is skipped and the summary says so; with ``TIKAL_REQUIRE_POSTGRES=1`` (what
    ``.ci/run`` sets) it fails the run instead."""
    one = ["-m", "backends", "-k", "test_migrations_apply_once_and_reopening_is_idempotent",
           "tests/bot/core/storage/test_backends.py"]  # its file alone: collecting all of tests/bot is most of the time
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "1", *one]
    base = {**os.environ, "PG_BIN": str(tmp_path)}
    base.pop("TIKAL_REQUIRE_POSTGRES", None)
    runs = {required: subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       text=True, env={**base, **({"TIKAL_REQUIRE_POSTGRES": "1"} if required else {})})
            for required in (False, True)}
    outputs = {required: run.communicate(timeout=110)[0] for required, run in runs.items()}
    assert runs[False].returncode == 0, outputs[False][-2000:]
    assert "1 passed, 1 skipped" in outputs[False] and "PostgreSQL: 1 test(s) skipped" in outputs[False]
    assert runs[True].returncode == 1, outputs[True][-2000:]
    assert "TIKAL_REQUIRE_POSTGRES is set" in outputs[True] and " 1 error in " in outputs[True]


def test_property_tests_draw_the_same_examples_on_every_run() -> None:
    """The ``ci`` profile (``tests/conftest.py``) is what every test run loads, and the tests' own settings keep it."""
    from hypothesis import settings

    from tests.engine.test_option_properties import FEW, test_legal_moves_are_exact_with_options

    assert settings.get_profile("ci").derandomize
    if os.environ.get("HYPOTHESIS_PROFILE", "ci") != "ci":
        pytest.skip("another hypothesis profile was asked for")
    for chosen in (settings(), FEW):
        assert chosen.derandomize and chosen.database is None and chosen.deadline is None and chosen.print_blob
    examples = test_legal_moves_are_exact_with_options.hypothesis_explicit_examples  # type: ignore[attr-defined]
    assert {"seed": 3929706146367189819} in [e.kwargs for e in examples]  # the failure found, kept as a case

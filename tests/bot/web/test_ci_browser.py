"""The browser tests run in CI: `.ci/run` installs Debian's chromium when the machine has none (as it does
PostgreSQL) and sets ``TIKAL_REQUIRE_CHROMIUM``, under which a missing browser fails those tests instead of
skipping them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.web import webkit

ROOT = Path(__file__).resolve().parents[3]


def test_ci_installs_chromium_and_requires_it() -> None:
    commands = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.strip().startswith("#")]
    install = next(i for i, line in enumerate(commands) if "apt-get install" in line and "chromium" in line)
    assert "export TIKAL_REQUIRE_CHROMIUM=1" in commands[install:]
    assert not any("playwright install" in line for line in commands)  # no download from the internet
    assert commands[-1] == "make test"


def test_without_chromium_the_browser_tests_skip_locally_and_fail_under_ci(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    monkeypatch.setattr(webkit, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("TIKAL_REQUIRE_CHROMIUM", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium found"):
        webkit.chromium_path()
    monkeypatch.setenv("TIKAL_REQUIRE_CHROMIUM", "1")
    with pytest.raises(pytest.fail.Exception, match="TIKAL_REQUIRE_CHROMIUM is set"):
        webkit.chromium_path()

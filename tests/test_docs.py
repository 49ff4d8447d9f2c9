"""The project stands alone: its README, docs and ``--help`` texts never send a reader to a folder a clone does not
have (the developers' ``../shared``, its SPEC or UX pages), and every file they name is there."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEAD = re.compile(r"shared/|\bSPEC\b|UX\.md|\b00[0-4]_")


def test_the_readme_and_docs_point_only_to_what_a_clone_has() -> None:
    pages = [ROOT / "README.md", ROOT / "Dockerfile", ROOT / "compose.yaml", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text()
        assert not DEAD.search(text), (page.name, DEAD.search(text))
        for named in re.findall(r"`((?:docs|deploy)/[\w./-]+)`", text):
            assert (ROOT / named).exists(), (page.name, named)


def test_the_help_texts_point_to_the_projects_own_rules() -> None:
    for command in (["engine", "console"], ["engine", "tournament"], ["bot"], ["bot", "migrate-db"],
                    ["render", "animate"]):
        done = subprocess.run([sys.executable, "-m", *command, "--help"], cwd=ROOT, capture_output=True, text=True,
                              timeout=60, env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "", "COLUMNS": "120"})
        assert done.returncode == 0, done.stderr
        assert not DEAD.search(done.stdout), (command, done.stdout)
    bot = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "", "COLUMNS": "120"}).stdout
    assert "DISCORD_TOKEN" in bot and "migrate-db" in bot and "--resume" in bot and "docs/rules.md" in bot

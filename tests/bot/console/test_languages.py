"""The console's language: ``--lang``, else the terminal's, in every language of the catalogues; an unknown one is
named with those there are."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def console(tmp_path: Path, args: list[str], typed: str, **environ: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` without a token, in a terminal whose language comes only from ``environ``."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LANGUAGE", "LC_ALL", "LC_MESSAGES",
                                                             "LANG")}
    env.update(DISCORD_TOKEN="", BOARD_DIR=str(tmp_path / "boards"), DATABASE_PATH=str(tmp_path / "t.sqlite3"),
               PYTHONPATH=str(ROOT), **environ)
    return subprocess.run([sys.executable, "-m", "bot", *args], input=typed, capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=120)


def test_the_console_speaks_german_with_lang_de(tmp_path: Path) -> None:
    result = console(tmp_path, ["--players", "Ana,Ben", "--seed", "1", "--lang", "de"],
                     "help\nshow\ndeploy A1 3\nscore\nquit\nja\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Tikal, Grundversion. Plätze: 1. Ana, 2. Ben." in out
    assert "Jetzt erlaubt:" in out and "Karte (T5 Tempel mit Wert 5" in out and "A1: Basiscamp" in out
    assert "✗ Lege zuerst deine Geländetafel an" in out and "Punkte: Ana 0, Ben 0." in out


def test_the_console_takes_its_language_from_the_environment(tmp_path: Path) -> None:
    result = console(tmp_path, ["--players", "Ana,Ben", "--seed", "1"], "score\nquit\n", LANG="fr_FR.UTF-8")
    assert result.returncode == 0, result.stderr
    assert "Tikal, règles de base." in result.stdout and "Scores : Ana 0" in result.stdout


def test_an_unknown_language_names_the_ones_there_are_and_exits_2(tmp_path: Path) -> None:
    result = console(tmp_path, ["--players", "Ana,Ben", "--lang", "xx"], "")
    assert result.returncode == 2 and "Tikal" not in result.stdout
    assert "“xx” is not a language" in result.stderr
    assert all(f"{code} ({name})" in result.stderr for code, name in (("de", "Deutsch"), ("nl", "Nederlands")))
    german = console(tmp_path, ["--players", "Ana,Ben", "--lang", "de_AT"], "quit\n")
    assert german.returncode == 0 and "Grundversion" in german.stdout

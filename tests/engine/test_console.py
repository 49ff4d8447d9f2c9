"""The console: a whole hot-seat game can be played by typed lines, and bad input changes nothing."""

import os
import subprocess
import sys

from engine import legal_moves, state_to_dict
from engine.console import Console


def test_plays_a_whole_basic_game_by_typed_lines() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    assert "Ana" in console.intro()
    steps = 0
    while not console.finished:
        entries = legal_moves(console.state)
        # A person's sensible shortcut: the first listed move, ending turns when only that is left.
        entry = next((e for e in entries if str(e.move) == "end"), entries[0]) if steps % 3 else entries[0]
        out = console.handle(str(entry.move))
        assert out.startswith("✓"), out
        steps += 1
        assert steps < 5000
    assert "The game is over" in console.handle("")
    assert "Winner" in console.handle("")


def test_bad_input_changes_nothing_and_says_what_is_legal() -> None:
    console = Console.start(["Ana", "Ben"], "basic", seed=3)
    before = state_to_dict(console.state)
    out = console.handle("deploy A1 3")
    assert out.startswith("✗") and "Place your hexagon first" in out and "place" in out
    assert console.handle("fly A1").startswith("✗ Cannot read")
    assert state_to_dict(console.state) == before


def test_help_show_and_absent() -> None:
    console = Console.start(["Ana", "Ben", "Cid"], "auction", seed=9)
    assert "bid" in console.handle("help") and "pass" in console.handle("help")
    assert "A1: basecamp" in console.handle("show")
    out = console.handle("absent")
    assert out.startswith("(absent: ruling 14) ✓ pass")
    assert console.state.players[console.state.to_act] == "Ben"


def test_console_command_reads_stdin_to_the_end() -> None:
    lines = "help\nshow\nquit\n"
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1"],
        input=lines, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    assert "Legal now:" in result.stdout and "Map" in result.stdout


def test_a_rapido_game_with_options_in_the_console_shows_their_state() -> None:
    console = Console.start(["Ana", "Ben", "Cid"], "rapido", seed=4, options=["guns", "obstacles", "indiana"])
    intro = console.intro()
    assert "rapido game with indiana, obstacles, guns" in intro and "`jump 3`" in intro
    shown = console.handle("show")
    assert "Obstacles (+2 AP to cross): none yet." in shown and "Indiana Jones (3d6)" in shown
    assert "Tikal Rápido, round 1 (auction)" in shown and "chips Ana 10" in shown
    while console.state.phase.value != "jump":
        assert console.handle("absent").startswith("(absent")
    assert "choose chips for the next jump" in console.handle("")
    assert console.handle("jump 9").startswith("✗") and "1–5" in console.handle("jump 9")
    assert console.handle("jump 2").startswith("✓ jump 2")


def test_console_command_takes_the_variant_and_options() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--variant", "rapido",
         "--options", "guns,obstacles", "--seed", "1"],
        input="show\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0 and "rapido game with obstacles, guns" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--options", "randomterrain"],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 2 and "needs the auction variant" in bad.stdout


def test_the_console_speaks_german_with_lang_de() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1", "--lang", "de"],
        input="help\nshow\ndeploy A1 3\nscore\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0
    out = result.stdout
    assert "Tikal, Grundversion. Plätze: 1. Ana, 2. Ben." in out
    assert "Jetzt erlaubt:" in out and "Karte (T5 Tempel mit Wert 5" in out and "A1: Basiscamp" in out
    assert "✗ Lege zuerst deine Geländetafel an" in out and "Punkte: Ana 0, Ben 0." in out


def test_the_console_takes_its_language_from_the_environment() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    result = subprocess.run(
        [sys.executable, "-m", "engine", "console", "--players", "Ana,Ben", "--seed", "1"],
        input="score\nquit\n", capture_output=True, text=True, timeout=60, env={**env, "LANG": "fr_FR.UTF-8"},
    )
    assert result.returncode == 0 and "Tikal, règles de base." in result.stdout and "Scores : Ana 0" in result.stdout

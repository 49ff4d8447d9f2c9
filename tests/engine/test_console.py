"""The console: a whole hot-seat game can be played by typed lines, and bad input changes nothing."""

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

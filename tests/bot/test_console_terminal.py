"""``python -m bot`` in a real (pseudo-)terminal: Ctrl-C, Ctrl-D, ``quit`` and ``exit`` ask before leaving a game
under way, ``end`` with AP left asks first, the game is kept after every move and ``--resume`` continues it; under
``make run`` a Ctrl-C reaches the console's question, and make neither dies nor reports an error."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from engine import apply, legal_moves, new_game, parse_move
from tests.terminal import CTRL_C, CTRL_D, Terminal

ROOT = Path(__file__).resolve().parents[2]
LEAVE = "Leave the game now?"
pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def _env(boards: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "MAKE", "DISCORD"))}
    return {**env, "BOARD_DIR": str(boards), "LANG": "C.UTF-8", "DISCORD_TOKEN": "", "PYTHONUNBUFFERED": "1"}


def _first_turn(seed: int) -> list[str]:
    """Ana's first turn: the first legal placement, then ``end``."""
    state = new_game(["Ana", "Ben"], "basic", seed)
    place = str(legal_moves(state)[0].move)
    apply(state, parse_move(place))
    return [place, "end"]


def _only_folder(boards: Path) -> Path:
    (folder,) = [p for p in boards.iterdir() if p.is_dir()]
    return folder


def test_leaving_asks_first_the_game_is_kept_and_resume_continues_it(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    argv = [sys.executable, "-m", "bot", "--players", "Ana,Ben", "--computer", "2=random", "--seed", "5"]
    with Terminal(argv, ROOT, _env(boards)) as term:
        term.expect("Ana> ")
        place, end = _first_turn(5)
        term.type(place)
        term.expect("Ana> ")
        term.type(end)  # with AP left, as Discord's End turn button: asked first
        term.expect("You still have 10 AP. End your turn anyway? (yes/no) [no]: ")
        term.type("no")
        assert "Ana, turn 1: 10 AP left." in term.expect("Ana> ")
        term.type(f"/tikal {end}")
        term.expect("End your turn anyway? (yes/no) [no]: ")
        term.type("yes")
        said = term.expect("Ana> ")
        assert "Board after Ana's turn: " in said and "Board after Ben's turn: " in said  # the computer's too
        folder = _only_folder(boards)
        kept = json.loads((folder / "record.json").read_text())
        assert kept["moves"][:2] == _first_turn(5) and len(kept["moves"]) > 2
        assert "tile_order" not in kept  # a game under way does not spell out the hidden stack
        for key, answer in ((CTRL_C, "no"), (CTRL_D, "n")):
            term.key(key)
            asked = term.expect(LEAVE)
            assert "The game is saved in " in asked and "--resume" in asked
            term.type(answer)
            term.expect("Ana> ")
        term.type("exit")
        term.expect(LEAVE)
        term.type("yes")
        assert term.wait() == 0
        assert "Traceback" not in term.text
    moves = json.loads((folder / "record.json").read_text())["moves"]
    assert not list(folder.glob(".*"))  # no temporary file left behind

    with Terminal([sys.executable, "-m", "bot", "--resume"], ROOT, _env(boards)) as term:
        said = term.expect("Ana> ")
        assert f"Resumed after {len(moves)} moves." in said and "(computer, random)" in said
        assert "Board: " in said  # a picture of where the game stands
        term.type("quit")
        term.expect(LEAVE)
        term.key(CTRL_C)  # Ctrl-C at the question leaves too
        assert term.wait() == 0 and "Traceback" not in term.text
    assert json.loads((folder / "record.json").read_text())["moves"] == moves


def test_a_ctrl_c_under_make_run_reaches_the_question_and_make_ends_well(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    makefile = tmp_path / "Makefile"
    makefile.write_text(f"run:\n\t{sys.executable} -m bot --players Ana,Ben --seed 5\n")
    with Terminal(["make", "--no-print-directory", "-f", str(makefile), "run"], ROOT, _env(boards)) as term:
        term.expect("Ana> ")
        term.type(_first_turn(5)[0])
        term.expect("Ana> ")
        term.key(CTRL_C)
        term.expect(LEAVE)
        term.type("no")  # make is still there: the game goes on
        term.expect("Ana> ")
        term.key(CTRL_C)
        term.expect(LEAVE)
        term.type("yes")
        assert term.wait() == 0
        assert "Interrupt" not in term.text and "Error" not in term.text and "Traceback" not in term.text
    assert json.loads((_only_folder(boards) / "record.json").read_text())["moves"] == _first_turn(5)[:1]

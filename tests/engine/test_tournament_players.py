"""Players from outside the project in tournaments (``path/to/bot.py:decide``), and the rivals in ``rivals/``:
loaded by path or module, played strictly, independent of ``engine.ai``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import GameView, IllegalMove, legal_moves, new_game, view
from engine.__main__ import main
from engine.ai import play_decisions
from engine.tournament import load_entrant, play_game, run_tournament
from rivals.position import rebuild
from tests.engine.randomplay import random_game

ROOT = Path(__file__).resolve().parent.parent.parent
RIVALS = ("sentinel", "raider")


def test_levels_and_files_and_modules_load_as_entrants(tmp_path: Path) -> None:
    assert load_entrant("strong").name == "strong"
    assert load_entrant(str(ROOT / "rivals" / "sentinel.py") + ":decide").name == "sentinel"
    assert load_entrant("rivals.raider:decide").name == "raider"
    bot = tmp_path / "firstmove.py"
    bot.write_text("from engine import legal_moves\n"
                   "from rivals.position import rebuild\n\n"
                   "def pick(view, seed):\n"
                   "    return [str(legal_moves(rebuild(view))[0].move)]\n")
    entrant = load_entrant(f"{bot}:pick")
    assert entrant.name == "firstmove.pick"
    state = new_game(["Ana", "Ben"], "basic", seed=3)
    after, played = play_decisions(state, entrant.decide, 1, strict=True)
    assert str(played[0]) == str(legal_moves(state)[0].move) and after.to_act == 1  # asked until its turn ended
    for wrong in ("grandmaster", f"{tmp_path / 'missing.py'}:decide", f"{bot}:nothing", "no.such.module:decide"):
        with pytest.raises(ValueError):
            load_entrant(wrong)


def test_a_refused_move_of_a_loaded_player_stops_a_strict_game(tmp_path: Path) -> None:
    bot = tmp_path / "stubborn.py"
    bot.write_text("def decide(view, seed):\n    return ['uncover A2 2']\n")
    with pytest.raises(IllegalMove):
        play_game([load_entrant(f"{bot}:decide"), "easy"], "basic", 1, 1)


def test_the_tournament_command_takes_players_from_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--games", "1", "--players", "rivals/raider.py:decide,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "\nall      raider " in out and "\nall      random " in out


@pytest.mark.slow
@pytest.mark.parametrize("rival", RIVALS)
def test_a_rival_plays_whole_games_legally(rival: str) -> None:
    result = run_tournament([f"rivals/{rival}.py:decide", "easy", "random"], games=1, variants=["auction"], seed=8)
    assert result.tallies[rival].games == 1


def test_the_rivals_rebuild_a_state_that_shows_the_same_view() -> None:
    checked = 0
    for players, variant, seed in ((2, "basic", 1), (4, "auction", 2)):
        for s in random_game(players, variant, seed)[::9]:
            if s.finished:
                continue
            seen: GameView = view(s, s.to_act)
            assert view(rebuild(seen), s.to_act) == seen
            checked += 1
    assert checked > 20


def test_the_rivals_share_no_code_with_the_computer_players() -> None:
    for path in (ROOT / "rivals").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n == "engine.ai" or n.startswith("engine.ai.") for n in names), (path.name, names)

"""The engine replays the corpus exactly as the engine did before its speed-up
(``tests/engine/replay_corpus.py``): ``python -m engine replay``'s output byte for byte, and every state's
snapshot, views and legal moves."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.randomplay import random_game
from tests.engine.replay_corpus import game_digests, load, replay_output

ROOT = Path(__file__).resolve().parents[2]
CORPUS = load()
GAMES = CORPUS["games"]


def _id(game: dict[str, Any]) -> str:
    return f"{game['variant']}-{game['players']}p-{'-'.join(game['options']) or 'plain'}"


def test_the_corpus_covers_every_variant_and_option_combination() -> None:
    assert len(GAMES) == 128
    assert {g["variant"] for g in GAMES} == {"basic", "auction", "rapido"}
    statuses = {case["status"] for g in GAMES for case in g["cases"]}
    assert statuses == {0, 1}
    assert {b["status"] for b in CORPUS["bad_records"]} == {2}


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_replay_output_is_unchanged(game: dict[str, Any], tmp_path: Path) -> None:
    for case in game["cases"]:
        got = replay_output(case["record"], tmp_path)
        assert got["status"] == case["status"], case["what"]
        assert got["output"] == case["output"], case["what"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES[::8], ids=_id)
def test_snapshots_views_and_legal_moves_are_unchanged(game: dict[str, Any]) -> None:
    """Every state of one game in eight (16 games, every variant): the same random players make the same
    game only if ``legal_moves`` lists the same moves in the same order, so the game is played again."""
    states = random_game(game["players"], game["variant"], game["seed"], tuple(game["options"]))
    whole = next(case["record"] for case in game["cases"] if case["what"] == "whole")
    assert list(states[-1].log) == whole["moves"]
    digests = game_digests(states)
    assert digests == {k: game[k] for k in ("snapshots", "views", "legal")}


def test_records_that_are_not_records_fail_as_before(tmp_path: Path) -> None:
    for bad in CORPUS["bad_records"]:
        got = replay_output(bad["record"], tmp_path)
        assert got == {"status": bad["status"], "output": bad["output"]}, bad["what"]


@pytest.mark.parametrize("index", [0, 61, 127])
def test_the_command_line_prints_the_same_bytes(index: int, tmp_path: Path) -> None:
    case = GAMES[index]["cases"][-2]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(case["record"]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT, capture_output=True,
                          timeout=60, check=False)
    assert done.returncode == case["status"]
    assert done.stdout.decode("utf-8") == case["output"].replace("<folder>", str(tmp_path)) + "\n"

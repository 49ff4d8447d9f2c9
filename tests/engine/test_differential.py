"""The engine gives, on seeded random games of every variant, what the engine of commit b1e1ab6 (before the
speed-up of docs/performance.md, "Faster moves and paths") gave: the same games, and at every state the same
legal moves, snapshot, views and answers to random move texts, and the same ``python -m engine replay`` output
(``tests/engine/differential.py``; its command compares with any commit over more games).

``differential_digests.json`` was written by ``python -m tests.engine.test_differential`` with that commit's
engine; write it again only that way, and only when the rules themselves change."""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.engine.differential import Spec, play_game, specs

FIXTURE = Path(__file__).with_name("differential_digests.json")
_ALL = specs(1, 50_000)
GAMES = [_ALL[0], _ALL[32], *(_ALL[8 * k + (3 * k + 1) % 8] for k in range(16))]
"""18 of ``specs``' 128 games: a basic and an auction game without options, and one game in eight with its options
spread over every option and combination size."""
QUICK = {0, 4, 8, 16}
"""Played by ``make check``: the basic game without options, basic with noround, indiana2d6, obstacles and guns,
auction with indiana, guns and random terrain, Rápido with indiana2d6, obstacles and guns; the others are
``slow``."""


def summary(spec: Spec, folder: Path) -> dict[str, Any]:
    result = play_game(spec, folder)

    def digest(value: Any) -> str:
        return hashlib.sha256(json.dumps(value).encode()).hexdigest()[:16]

    return {"spec": json.loads(json.dumps(spec)), "moves": len(result["moves"]), "game": digest(result["moves"]),
            "states": digest(result["states"]), "replays": digest(result["replays"])}


def _expected() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("index", [pytest.param(i, marks=() if i in QUICK else pytest.mark.slow)
                                   for i in range(len(GAMES))])
def test_a_seeded_game_gives_what_b1e1ab6_gave(index: int, tmp_path: Path) -> None:
    expected = _expected()[index]
    assert expected["spec"] == json.loads(json.dumps(GAMES[index]))
    got = summary(GAMES[index], tmp_path)
    assert got == expected, "run python -m tests.engine.differential --against b1e1ab6 to see where"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        data = [summary(spec, Path(folder)) for spec in GAMES]
    FIXTURE.write_text("[\n" + ",\n".join(json.dumps(game) for game in data) + "\n]\n", encoding="utf-8")
    print(f"wrote {FIXTURE}", file=sys.stderr)


if __name__ == "__main__":
    main()

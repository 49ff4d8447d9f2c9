"""Benchmark the pictures: median time per channel picture, detail picture, placement preview and zoom,
and PNG sizes, on a crowded 4-player mid-game.

    .venv/bin/python bench/render.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

# This file is itself called render.py: put the project root first so ``import render`` finds the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import view
from render import describe, render_board, render_detail, render_placement, render_zoom
from render.gallery import mid_game, placing


def measure(task: Callable[[], object], runs: int) -> tuple[float, float, float]:
    """Return (median, fastest, slowest) milliseconds over ``runs`` warm calls."""
    task()  # the first call fills the sprite caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        task()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    board_view = view(mid_game(), None)
    place_view = view(placing(), None)
    busiest = max(board_view.spaces, key=lambda s: sum(s.workers) + sum(s.leaders)).name
    figures = sum(sum(s.workers) + sum(s.leaders) for s in board_view.spaces)
    explored = sum(1 for s in board_view.spaces if s.explored)
    print(f"crowded 4-player mid-game: turn {board_view.turn}, {explored} of 40 spaces explored, "
          f"{figures} figures on the board; {args.runs} runs each, Python {sys.version.split()[0]}")
    other_view = view(mid_game(seed=3), None)
    for name, first in (("channel picture", render_board), ("detail picture", render_detail)):
        cold_start = time.perf_counter()
        first(other_view)
        cold = (time.perf_counter() - cold_start) * 1000
        print(f"first {name} of the process (fonts loaded, sprites drawn and cached): {cold:.0f} ms")
    print()
    print("| picture | median ms | fastest ms | slowest ms | PNG KB | size px |")
    print("|---|---:|---:|---:|---:|---|")
    tasks: list[tuple[str, Callable[[], bytes]]] = [
        ("channel picture (render_board)", lambda: render_board(board_view)),
        ("channel picture, placing", lambda: render_board(place_view)),
        ("detail picture (render_detail)", lambda: render_detail(board_view)),
        ("placement preview", lambda: render_placement(place_view)),
        (f"zoom ({busiest})", lambda: render_zoom(board_view, busiest)),
    ]
    for name, task in tasks:
        median, fastest, slowest = measure(task, args.runs)
        png = task()
        w, h = Image.open(io.BytesIO(png)).size
        print(f"| {name} | {median:.1f} | {fastest:.1f} | {slowest:.1f} | {len(png) / 1024:.0f} | {w}×{h} |")
    median, _, _ = measure(lambda: describe(board_view), args.runs)
    print(f"| alt text (describe) | {median:.2f} | | | | |")


if __name__ == "__main__":
    main()

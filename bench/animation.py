"""Benchmark the animated replay: time and size of a whole game's GIF, median of a few runs, for a 4-player
basic game and for the longest game of the test corpus (random 4-player games, both variants), and the size
of every corpus game once.

    .venv/bin/python bench/animation.py [--runs N]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import read_record
from render import render_replay, replay_frames
from render.frames import Frame
from render.gif import GifWriter, indexed, shared_palette
from render.replay import ReplayOptions, frame_duration, frame_image, sample_indices, turn_unit
from tests.render.replay_cases import corpus, longest

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def timed(task: Callable[[], T]) -> tuple[T, float, float]:
    """``task()``, its wall time and its CPU time in seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = task()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def stages(frames: list[Frame]) -> dict[str, float]:
    """Seconds per stage of one replay, run apart (all pictures held at once, unlike ``render_replay``):
    drawing, choosing the palette, mapping onto it, GIF encoding."""
    options = ReplayOptions()
    images, draw, _ = timed(lambda: [frame_image(f) for f in frames])
    samples = [images[k] for k in sample_indices(len(images), options.palette_samples)]
    palette, choose, _ = timed(lambda: shared_palette(samples))
    mapped, mapping, _ = timed(lambda: [indexed(i, palette) for i in images])

    def encode() -> bytes:
        writer = GifWriter()
        unit = turn_unit(frames, options)
        for k, (image, frame) in enumerate(zip(mapped, frames, strict=True)):
            writer.add(image, frame_duration(frame, k == len(frames) - 1, options, unit))
        return writer.finish()

    _, gif, _ = timed(encode)
    return {"draw": draw, "palette": choose, "map": mapping, "gif": gif}


PEAK = """
import json, sys
from pathlib import Path
from render import render_replay, replay_frames

def high_water():  # VmHWM: this process's peak resident memory in kB (Linux); ru_maxrss survives fork + exec
    line = next(x for x in Path("/proc/self/status").read_text().splitlines() if x.startswith("VmHWM"))
    return int(line.split()[1])

frames = replay_frames(json.load(sys.stdin))
before = high_water()
render_replay(frames)
print((high_water() - before) / 1024)
"""


def replay_memory(record: dict[str, Any]) -> float:
    """How many MB a fresh process's peak resident memory grows by while ``render_replay`` runs."""
    done = subprocess.run([sys.executable, "-c", PEAK], cwd=ROOT, input=json.dumps(record), capture_output=True,
                          text=True, check=True)
    return float(done.stdout)


def measure(name: str, record: dict[str, Any], runs: int) -> None:
    rec = read_record(record)
    frames, plan, _ = timed(lambda: replay_frames(rec))
    results = [timed(lambda: render_replay(frames)) for _ in range(runs)]
    gif = results[-1][0]
    walls = [w for _, w, _ in results]
    cpus = [c for _, _, c in results]
    decoded = Image.open(io.BytesIO(gif))
    parts = stages(frames)
    peak = replay_memory(record)
    print(f"| {name} | {len(rec.moves)} | {len(frames)} | {plan * 1000:.0f} ms | {statistics.median(walls):.2f} s "
          f"({min(walls):.2f}–{max(walls):.2f}) | {statistics.median(cpus):.2f} s | {len(gif) / 1e6:.2f} MB "
          f"| {decoded.width}×{decoded.height} | {parts['draw']:.2f} / {parts['palette']:.2f} / {parts['map']:.2f}"
          f" / {parts['gif']:.2f} s | {peak:.0f} MB |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    games = corpus()
    longest_name, longest_record = longest()
    render_replay(replay_frames(games["busy-basic-1"])[:3])  # fonts and sprite caches
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.runs} runs each")
    print()
    print("| game | moves | frames | plan | render_replay wall, median (range) | CPU, median | GIF | pixels "
          "| draw / palette / map / encode | memory |")
    print("|---|---:|---:|---:|---|---:|---:|---|---|---:|")
    measure("4-player basic (busy-basic-1)", games["busy-basic-1"], args.runs)
    measure(f"longest of the corpus ({longest_name})", longest_record, args.runs)
    print()
    sizes = {name: len(render_replay(replay_frames(record))) for name, record in games.items()}
    biggest = max(sizes, key=lambda n: sizes[n])
    print("GIF size of every corpus game: " + ", ".join(f"{n} {s / 1e6:.2f} MB" for n, s in sizes.items()))
    print(f"largest: {biggest}, {sizes[biggest] / 1e6:.2f} MB")
    print(f"load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

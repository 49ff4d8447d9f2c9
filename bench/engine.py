"""Engine speed: ``python bench/engine.py`` (or ``make bench``). A benchmark, not a test.

Prints, all in-process (interpreter start-up excluded and reported on its own):
- the median time to validate and apply one move (text in, new state out) over a recorded random
  4-player game's moves;
- the median ``legal_moves`` time over the same game's states;
- the time to replay the recorded 4-player game from its move list (record → final state);
- random full games per second, without options and with options (SPEC 7);
- the start-up time of ``python -c "import engine"``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# This file is called engine.py: its own folder must not shadow the engine package.
sys.path[0:1] = [str(ROOT), str(ROOT / "tests" / "engine")]

from randomplay import random_game  # noqa: E402

from engine import GameState, apply, legal_moves, read_record, record_of, replay  # noqa: E402

OPTION_GAMES = (("basic", ("obstacles", "guns", "indiana")), ("auction", ("randomterrain", "noround")),
                ("rapido", ("obstacles", "guns", "indiana2d6")))
TARGET_MOVE_US = 50.0
TARGET_LEGAL_MS = 2.0
TARGET_REPLAY_MS = 60.0


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """Return the fastest of ``repeat`` runs of ``fn`` in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def timed(fn: Callable[[GameState], object], state: GameState) -> float:
    """Return how long ``fn(state)`` takes in seconds."""
    t = time.perf_counter()
    fn(state)
    return time.perf_counter() - t


def fresh_states(record: dict[str, object]) -> list[GameState]:
    """Replay the record, keeping every state (their path caches as the engine builds them)."""
    rec = read_record(record)
    states = [rec.start()]
    for text in rec.moves:
        states.append(apply(states[-1], text))
    return states


def cold(state: GameState) -> GameState:
    """Return a copy with an empty path cache, like a state just read from storage."""
    c = state.clone()
    c._paths = {}
    return c


def startup(runs: int) -> tuple[float, float]:
    """Return the median start-up time of ``python -c "import engine"`` and of a bare interpreter."""

    def median_run(code: str) -> float:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
            times.append(time.perf_counter() - t)
        return statistics.median(times)

    return median_run("import engine"), median_run("pass")


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=2024, help="seed of the recorded 4-player game")
    parser.add_argument("--games-seconds", type=float, default=8.0, help="how long to play random games")
    args = parser.parse_args()

    final = random_game(4, "basic", args.seed)[-1]
    record = json.loads(json.dumps(record_of(final)))
    moves: list[str] = record["moves"]
    states = fresh_states(record)
    print(f"recorded game: 4 players, basic, seed {args.seed}, {len(moves)} moves")

    per_move = [best_of(3, lambda s=s, m=m: apply(s, m)) for s, m in zip(states, moves, strict=False)]
    move_us = statistics.median(per_move) * 1e6
    p90 = sorted(per_move)[len(per_move) * 9 // 10] * 1e6
    print(f"validate + apply one move:  median {move_us:7.1f} µs   p90 {p90:7.1f} µs"
          f"   (target ≤ {TARGET_MOVE_US:.0f} µs: {verdict(move_us, TARGET_MOVE_US)})")

    warm = [best_of(1, lambda s=s: legal_moves(s)) for s in fresh_states(record)]
    fresh = [min(timed(legal_moves, cold(s)) for _ in range(3)) for s in states]
    legal_ms = statistics.median(fresh) * 1e3
    print(f"legal_moves, as played:     median {statistics.median(warm) * 1e3:7.3f} ms   max {max(warm) * 1e3:7.3f} ms")
    print(f"legal_moves, cold cache:    median {legal_ms:7.3f} ms   max {max(fresh) * 1e3:7.3f} ms"
          f"   (target ≤ {TARGET_LEGAL_MS:.0f} ms: {verdict(legal_ms, TARGET_LEGAL_MS)})")

    replays = []
    for _ in range(7):
        t = time.perf_counter()
        again = replay(read_record(record))
        replays.append(time.perf_counter() - t)
        assert again == final
    replay_ms = statistics.median(replays) * 1e3
    print(f"replay {len(moves)} moves (record → final state): median {replay_ms:6.1f} ms"
          f"   (target ≤ {TARGET_REPLAY_MS:.0f} ms: {verdict(replay_ms, TARGET_REPLAY_MS)})")

    games, played_moves, seed = 0, 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < args.games_seconds:
        seed += 1
        played = random_game(2 + seed % 3, ("basic", "auction")[seed % 2], seed)
        games, played_moves = games + 1, played_moves + len(played) - 1
    spent = time.perf_counter() - t0
    print(f"random full games (2–4 players, both variants): {games / spent:5.2f} games/s, "
          f"{played_moves / games:.0f} moves per game, {played_moves / spent:,.0f} moves/s with legal_moves")

    games, played_moves, seed = 0, 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < args.games_seconds / 2:
        seed += 1
        variant, options = OPTION_GAMES[seed % len(OPTION_GAMES)]
        played = random_game(2 + seed % 3, variant, seed, options)
        games, played_moves = games + 1, played_moves + len(played) - 1
    spent = time.perf_counter() - t0
    print(f"random full games with options (obstacles, guns, Indiana Jones; random terrain; Rápido): "
          f"{games / spent:5.2f} games/s, {played_moves / spent:,.0f} moves/s")

    with_engine, bare = startup(5)
    print(f"start-up: python -c 'import engine' median {with_engine * 1e3:.0f} ms "
          f"(bare interpreter {bare * 1e3:.0f} ms, so importing the engine {(with_engine - bare) * 1e3:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

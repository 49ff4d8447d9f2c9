"""Engine speed: ``python bench/engine.py`` (or ``make bench``). A benchmark, not a test.

Two modes:

- ``python bench/engine.py`` measures this engine: validate + apply one move, ``legal_moves``, replaying
  whole records, random full games per second and the start-up of ``python -c "import engine"``.
- ``python bench/engine.py --against 0617b1a`` measures that commit's engine (extracted with ``git archive``
  into a temporary folder) and this one side by side on the same recorded moves. Every round runs each
  engine in a fresh interpreter of its own, alternating (before, after, before, after …), and the table
  shows the median of the rounds for each, with their ratio.

What is measured (all in-process in the measuring interpreter; start-up on its own):

- **validate + apply, cold** (the headline): ``apply(state, text)`` (parse, check, build the new state) for every
  move of a recorded random 4-player basic game (seed 2024), with the engine's table of texts it read
  (``engine.rules._READ``, where the engine has one) emptied before each call: 20 calls in a row, best of 3 per
  move, median and p90 over the moves; the same over three recorded games with options (obstacles, guns and
  Indiana Jones; random terrain and ``noround``; Tikal Rápido with obstacles, guns and 2d6). Also with a text the
  engine has not seen at every call (the move followed by one, two, three … spaces, which every reader skips).
- **a fold of apply**: ``apply`` over each whole record from its start, each move applied once to a state
  nobody applied a move to before (so every path cost is worked out afresh, as in a replay), the table of texts
  emptied before each fold; the fastest of 5 folds per record (less the record's start), the mean per move over
  the five records.
- **replay**: ``replay(read_record(record))`` of whole records (record → final state), the table of texts
  emptied before each, median of 5 per round: 4-player basic, 4-player auction, the basic game with options,
  Tikal Rápido with options.
- **validate + apply, warm**: as the cold rows, but with the table of texts kept between calls (an engine that
  keeps the moves of texts it read then reads each text once).
- **legal_moves**: on every state of the 4-player basic game, as played (path costs cached as the engine
  built them; 5 calls in a row) and with a cold cache (a copy without cached path costs, like a state read from
  storage).
- **random games**: eight seeded random games (2–4 players, both variants, and with options) played with
  ``legal_moves`` and ``apply`` by the tests' random players, in games per second.
- **start-up**: ``python -c "import engine"``, median of 7 runs, next to a bare ``python -c pass``: first with
  the engine's bytecode cached (``__pycache__``, written with ``compileall`` first: what every run after the
  first one loads, and what an installed package loads), then with no bytecode cache, every engine module
  compiled from its source (the first run after a change, or a machine that sets ``PYTHONDONTWRITEBYTECODE``
  and has no cache).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BASIC_SEED = 2024
OPTION_GAMES: tuple[tuple[int, str, int, tuple[str, ...]], ...] = (
    (4, "basic", 11, ("obstacles", "guns", "indiana")),
    (3, "auction", 12, ("randomterrain", "noround")),
    (4, "rapido", 13, ("obstacles", "guns", "indiana2d6")),
)
RANDOM_GAMES: tuple[tuple[int, str, int, tuple[str, ...]], ...] = (
    (2, "basic", 1, ()), (3, "auction", 2, ()), (4, "basic", 3, ()), (4, "auction", 4, ()),
    (3, "basic", 5, ("obstacles", "guns")), (4, "auction", 6, ("randomterrain", "indiana")),
    (2, "rapido", 7, ()), (4, "rapido", 8, ("noround", "obstacles")),
)
CLOCK = time.process_time
"""In-process times are CPU time of the measuring process: the cores are shared, and wall time doubles whenever
another job takes the core, while CPU time moves much less."""
MOVE_CALLS = 20
"""Each move is applied this many times in a row per timing (best of 3 such timings)."""
TARGET_MOVE_US = 50.0
TARGET_LEGAL_MS = 2.0
TARGET_REPLAY_MS = 60.0
TARGET_IMPORT_MS = 60.0


# ---------------------------------------------------------------------------------------------
# The measuring side: runs against whichever engine is first on sys.path


def best_of(repeat: int, fn: Callable[[], object], calls: int = 1) -> float:
    """Return the fastest of ``repeat`` runs of ``calls`` calls of ``fn``, per call, in seconds (reading the
    process's CPU clock costs about a microsecond, so short calls are timed many at a time)."""
    best = float("inf")
    for _ in range(repeat):
        t = CLOCK()
        for _ in range(calls):
            fn()
        best = min(best, (CLOCK() - t) / calls)
    return best


def timed(fn: Callable[[Any], object], arg: Any) -> float:
    """Return how long ``fn(arg)`` takes in seconds."""
    t = CLOCK()
    fn(arg)
    return CLOCK() - t


def measure(records: dict[str, Any]) -> dict[str, float]:
    """Measure the engine on sys.path on ``records`` (see ``make_records``); times in seconds."""
    from randomplay import random_game

    import engine.rules
    from engine import apply, legal_moves, read_record, replay

    # The texts an engine keeps with the moves they are, where it keeps any (b1e1ab6's engine kept none): emptied
    # before each call of the cold rows, so that each text is read as if new.
    forget: Callable[[], None] = getattr(engine.rules, "_READ", {}).clear

    def states_of(record: dict[str, Any]) -> list[Any]:
        rec = read_record(record)
        states = [rec.start()]
        for text in rec.moves:
            states.append(apply(states[-1], text))
        return states

    def per_move(record: dict[str, Any]) -> list[float]:
        states = states_of(record)
        moves = record["moves"]
        return [best_of(3, lambda s=s, m=m: apply(s, m), MOVE_CALLS) for s, m in zip(states, moves, strict=False)]

    def per_move_cold(record: dict[str, Any]) -> list[float]:
        """As ``per_move``, with the table of texts read emptied before each call (emptying an empty table is
        timed too: about 30 ns)."""
        states = states_of(record)
        moves = record["moves"]

        def cold_apply(s: Any, m: str) -> Any:
            forget()
            return apply(s, m)

        return [best_of(3, lambda s=s, m=m: cold_apply(s, m), MOVE_CALLS)
                for s, m in zip(states, moves, strict=False)]

    def fold(record: dict[str, Any]) -> float:
        """The time of ``apply``'s fold over the whole record (the fastest of 5), each fold from the record's
        start, so that every move is applied to a state nobody applied a move to before and every path cost is
        worked out afresh; the table of texts emptied at the start of each."""
        rec = read_record(record)

        def one_fold() -> None:
            forget()
            s = rec.start()
            for m in rec.moves:
                s = apply(s, m)

        return best_of(5, one_fold) - best_of(5, rec.start)

    def per_new_text(record: dict[str, Any]) -> list[float]:
        """As ``per_move``, but every call with a text the engine has not read before (the move and 1, 2, 3 …
        spaces after it, which every reader skips): the figure without what an engine keeps of texts it read."""
        states = states_of(record)
        times = []
        for s, m in zip(states, record["moves"], strict=False):
            texts = iter([m + " " * k for k in range(1, 3 * MOVE_CALLS + 1)])
            times.append(best_of(3, lambda s=s, texts=texts: apply(s, next(texts)), MOVE_CALLS))
        return times

    def cold(state: Any) -> Any:
        c = state.clone()
        c._paths = {}
        return c

    def p90(times: list[float]) -> float:
        return sorted(times)[len(times) * 9 // 10]

    def replay_cold(record: dict[str, Any]) -> Any:
        forget()
        return replay(read_record(record))

    out: dict[str, float] = {}
    basic = per_move_cold(records["basic"])
    out["cold_basic"], out["cold_basic_p90"] = statistics.median(basic), p90(basic)
    forget()
    out["apply_basic_new_text"] = statistics.median(per_new_text(records["basic"]))
    with_options = [t for record in records["options"] for t in per_move_cold(record)]
    out["cold_options"], out["cold_options_p90"] = statistics.median(with_options), p90(with_options)
    every = (records["basic"], records["auction"], *records["options"])
    out["fold_mean"] = sum(fold(record) for record in every) / sum(len(record["moves"]) for record in every)
    for name, record in (("basic", records["basic"]), ("auction", records["auction"]),
                         ("options", records["options"][0]), ("rapido", records["options"][2])):
        out[f"replay_{name}"] = statistics.median(best_of(1, lambda r=record: replay_cold(r)) for _ in range(5))
    basic = per_move(records["basic"])
    out["apply_basic"], out["apply_basic_p90"] = statistics.median(basic), p90(basic)
    with_options = [t for record in records["options"] for t in per_move(record)]
    out["apply_options"], out["apply_options_p90"] = statistics.median(with_options), p90(with_options)
    played = states_of(records["basic"])
    out["legal_played"] = statistics.median(best_of(1, lambda s=s: legal_moves(s), 5) for s in played)
    out["legal_cold"] = statistics.median(min(timed(legal_moves, cold(s)) for _ in range(3)) for s in played)
    t = CLOCK()
    moves = 0
    for players, variant, seed, options in RANDOM_GAMES:
        moves += len(random_game(players, variant, seed, options)) - 1
    spent = CLOCK() - t
    out["random_games_per_s"] = len(RANDOM_GAMES) / spent
    out["random_moves_per_s"] = moves / spent
    return out


def worker(root: str, records_path: str) -> int:
    """``--worker``: measure the engine in ``root`` and print the figures as JSON."""
    sys.path[0:0] = [root, str(Path(root) / "tests" / "engine")]
    import engine

    assert Path(engine.__file__).resolve().is_relative_to(Path(root).resolve()), engine.__file__
    records = json.loads(Path(records_path).read_text(encoding="utf-8"))
    print(json.dumps(measure(records)))
    return 0


# ---------------------------------------------------------------------------------------------
# The driving side


def make_records() -> dict[str, Any]:
    """The recorded games every engine is measured on, played by this engine's random players."""
    sys.path[0:0] = [str(ROOT), str(ROOT / "tests" / "engine")]
    from randomplay import random_game

    from engine import record_of

    def recorded(players: int, variant: str, seed: int, options: tuple[str, ...] = ()) -> dict[str, Any]:
        return json.loads(json.dumps(record_of(random_game(players, variant, seed, options)[-1])))

    return {
        "basic": recorded(4, "basic", BASIC_SEED),
        "auction": recorded(4, "auction", BASIC_SEED),
        "options": [recorded(*game) for game in OPTION_GAMES],
    }


def run_worker(root: Path, records_path: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", str(root), str(records_path)],
                          cwd=root, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the engine in {root} failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def startup(root: Path, code: str) -> tuple[float, float]:
    """Return the wall time and the CPU time (user + system) of ``python -c code`` in ``root`` (writing no
    bytecode: the cache stays as ``bytecode`` made it)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True, env=env)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bytecode(root: Path, cached: bool) -> None:
    """Write the bytecode cache of ``root``'s engine (``compileall``), or remove it."""
    if cached:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "engine"], cwd=root, check=True)
    else:
        for folder in (root / "engine").rglob("__pycache__"):
            shutil.rmtree(folder)


STARTUPS: tuple[tuple[str, str, bool], ...] = (
    ("import_engine", "import engine", True), ("bare_python", "pass", True),
    ("import_engine_uncached", "import engine", False),
)


def measure_startups(trees: dict[str, Path], runs: int) -> dict[str, dict[str, list[float]]]:
    """Run each start-up of ``STARTUPS`` ``runs`` times per tree, alternating trees; wall and CPU times."""
    starts: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    for cached in (False, True):
        for root in trees.values():
            bytecode(root, cached)
        for _ in range(runs):
            for name, root in trees.items():
                for key, code, with_cache in STARTUPS:
                    if with_cache == cached:
                        wall, cpu = startup(root, code)
                        starts[name].setdefault(key, []).append(wall)
                        starts[name].setdefault(f"{key}_cpu", []).append(cpu)
    return starts


def extract(commit: str, folder: Path) -> None:
    """Write the engine and its test helpers of ``commit`` into ``folder`` (``git archive``)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "engine", "tests"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)


ROWS: tuple[tuple[str, str, float], ...] = (
    ("cold_basic", "validate + apply, cold, 4-player basic (median)", 1e6),
    ("cold_basic_p90", "validate + apply, cold, 4-player basic (p90)", 1e6),
    ("apply_basic_new_text", "… every text new to the engine (median)", 1e6),
    ("cold_options", "validate + apply, cold, games with options (median)", 1e6),
    ("cold_options_p90", "validate + apply, cold, games with options (p90)", 1e6),
    ("fold_mean", "fold of apply over 5 records, each move once (mean)", 1e6),
    ("replay_basic", "replay 4-player basic record (cold)", 1e3),
    ("replay_auction", "replay 4-player auction record (cold)", 1e3),
    ("replay_options", "replay basic record with obstacles, guns, indiana", 1e3),
    ("replay_rapido", "replay Rápido record with obstacles, guns, indiana2d6", 1e3),
    ("apply_basic", "validate + apply, warm, 4-player basic (median)", 1e6),
    ("apply_basic_p90", "validate + apply, warm, 4-player basic (p90)", 1e6),
    ("apply_options", "validate + apply, warm, games with options (median)", 1e6),
    ("apply_options_p90", "validate + apply, warm, games with options (p90)", 1e6),
    ("legal_played", "legal_moves, as played (median)", 1e3),
    ("legal_cold", "legal_moves, cold path cache (median)", 1e3),
    ("random_games_per_s", "random full games per second", 1.0),
    ("random_moves_per_s", "random games: moves per second", 1.0),
    ("import_engine", "python -c 'import engine', wall (median)", 1e3),
    ("bare_python", "python -c pass, wall (median)", 1e3),
    ("import_engine_cpu", "python -c 'import engine', CPU (median)", 1e3),
    ("bare_python_cpu", "python -c pass, CPU (median)", 1e3),
    ("import_engine_uncached", "import engine, no bytecode cache, wall (median)", 1e3),
    ("import_engine_uncached_cpu", "import engine, no bytecode cache, CPU (median)", 1e3),
)
UNITS = {1e6: "µs", 1e3: "ms", 1.0: "/s"}


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (5 min: {five:.2f})"


def print_table(columns: dict[str, dict[str, float]], moves: dict[str, int]) -> None:
    names = list(columns)
    print(f"recorded games: 4-player basic ({moves['basic']} moves), 4-player auction ({moves['auction']}), "
          f"options ({', '.join(str(n) for n in moves['options'])} moves)")
    header = f"{'measure':56}" + "".join(f"{name:>14}" for name in names)
    if len(names) == 2:
        header += f"{'ratio':>10}"
    print(header)
    for key, label, scale in ROWS:
        values = [columns[name][key] for name in names]
        unit = UNITS[scale]
        line = f"{label:56}" + "".join(f"{v * scale:11.{1 if scale == 1.0 else 2}f} {unit:2}" for v in values)
        if len(values) == 2 and values[1]:
            ratio = values[1] / values[0] if scale == 1.0 else values[0] / values[1]
            line += f"{ratio:9.2f}×"
        print(line)


def compare(commit: str, rounds: int, startup_runs: int) -> int:
    records = make_records()
    print(f"before: {commit}; after: this tree ({ROOT}); {rounds} rounds, alternating; {load()} at the start")
    with tempfile.TemporaryDirectory(prefix="tikal-bench-") as tmp:
        old = Path(tmp) / "old"
        old.mkdir()
        extract(commit, old)
        records_path = Path(tmp) / "records.json"
        records_path.write_text(json.dumps(records), encoding="utf-8")
        trees = {"before": old, "after": ROOT}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for i in range(rounds):
            for name, root in trees.items():
                runs[name].append(run_worker(root, records_path))
            print(f"  round {i + 1}/{rounds} done, {load()}", file=sys.stderr)
        starts = measure_startups(trees, startup_runs)
    columns = {
        name: {**{key: statistics.median(run[key] for run in runs[name]) for key in runs[name][0]},
               **{key: statistics.median(times) for key, times in starts[name].items()}}
        for name in trees
    }
    print_table(columns, {"basic": len(records["basic"]["moves"]), "auction": len(records["auction"]["moves"]),
                          "options": [len(r["moves"]) for r in records["options"]]})
    print(f"{load()} at the end")
    return 0


def single(startup_runs: int) -> int:
    records = make_records()
    print(load())
    figures = measure(records)
    for key, times in measure_startups({"this engine": ROOT}, startup_runs)["this engine"].items():
        figures[key] = statistics.median(times)
    print_table({"this engine": figures}, {"basic": len(records["basic"]["moves"]),
                                           "auction": len(records["auction"]["moves"]),
                                           "options": [len(r["moves"]) for r in records["options"]]})
    checks = (("cold_basic", TARGET_MOVE_US / 1e6), ("legal_cold", TARGET_LEGAL_MS / 1e3),
              ("replay_basic", TARGET_REPLAY_MS / 1e3), ("import_engine", TARGET_IMPORT_MS / 1e3))
    for key, target in checks:
        print(f"{key}: {'ok' if figures[key] <= target else 'MISSED'} (target ≤ {target * 1e3:g} ms)")
    return 0


def main() -> int:
    # This file is called engine.py: its own folder must not shadow the engine package.
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        del sys.path[0]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", metavar="COMMIT", help="measure that commit's engine side by side with this one")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per engine with --against (default 5)")
    parser.add_argument("--startup-runs", type=int, default=7, help="runs of each start-up measure (default 7)")
    parser.add_argument("--worker", nargs=2, metavar=("ROOT", "RECORDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(*args.worker)
    if args.against:
        return compare(args.against, args.rounds, args.startup_runs)
    return single(args.startup_runs)


if __name__ == "__main__":
    sys.exit(main())

"""Two engines side by side on the same seeded random games: ``python -m tests.engine.differential --against COMMIT``.

It writes ``COMMIT``'s ``engine/`` into a temporary folder (``git archive``), plays seeded random games of every
variant and option combination (``test_option_properties.combinations``) once with that engine and once with this
tree's, each in a process of its own, and compares what each engine gave, game by game:

- the game itself: the random players choose from ``legal_moves``, so the same moves are played only if both
  engines list the same moves in the same order;
- at every state: the legal moves as text, the snapshot (``state_to_json``), the spectator's and the player to
  act's view (``repr``), and what a few random move texts and near misses give (the state after, or the error's
  class and message);
- ``python -m engine replay``'s output (``replay_file``: exit status and JSON text) for the whole record, a prefix,
  a prefix followed by a bad move, and the record as people write it (lower case, extra spaces, leading zeros);
  and ``replay`` (the in-place fold) of the whole record and of the prefix.

Everything but the record is kept as SHA-256 digests per state, so a difference names the game and the first state
where the engines part. ``--games N`` plays N games per combination (default 2: 256 games), ``--first SEED`` the
first seed. ``tests/engine/test_differential.py`` holds one engine to digests recorded this way.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "Cy", "Dee")
PROBES = 3
"""Random move texts tried at every state (two random texts and one near miss of a listed move)."""

Spec = tuple[int, str, int, tuple[str, ...]]


def specs(games: int, first: int) -> list[Spec]:
    """``games`` seeded games per variant and option combination, 2–4 players in turn."""
    from tests.engine.test_option_properties import combinations

    out: list[Spec] = []
    for i, (variant, options) in enumerate(combinations()):
        for g in range(games):
            seed = first + i * games + g
            out.append((2 + seed % 3, variant, seed, tuple(options)))
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _as_people_write(move: str, rng: random.Random) -> str:
    words = [w.lower() if rng.random() < 0.7 else w for w in move.split()]
    words = [f"0{w}" if w.isdigit() and rng.random() < 0.5 else w for w in words]
    return (" " * rng.randint(0, 2)) + "  ".join(words) + (" " * rng.randint(0, 2))


def play_game(spec: Spec, folder: Path) -> dict[str, Any]:
    """Play one game with the engine on ``sys.path`` and return what it gave (see the module's docstring)."""
    from engine import EngineError, apply, legal_moves, read_record, record_of, replay, state_to_json, view
    from engine.__main__ import replay_file
    from tests.engine.randomplay import mutations, random_game, random_move_text

    players, variant, seed, options = spec
    states = random_game(players, variant, seed, options)
    rng = random.Random(seed * 7919)
    per_state = []
    for state in states:
        entries = legal_moves(state)
        parts = ["\n".join(str(e) for e in entries), state_to_json(state), repr(view(state)),
                 repr(view(state, state.to_act)) if state.to_act >= 0 else ""]
        probes = [random_move_text(state, rng) for _ in range(PROBES - 1)]
        probes += list(mutations(entries, rng, 1)) or ["end"]
        for text in probes:
            try:
                after = apply(state, text)
            except EngineError as e:
                parts.append(f"{text}: {type(e).__name__}: {e}")
            else:
                parts.append(f"{text}: {state_to_json(after)}")
        per_state.append(_digest("\x00".join(parts)))
    record = json.loads(json.dumps(record_of(states[-1])))
    moves = record["moves"]
    cut = rng.randrange(1, len(moves))
    bad_at = rng.randrange(1, len(moves))
    bad = random_move_text(states[bad_at], rng)
    cases = {
        "whole": record,
        "prefix": {**record, "moves": moves[:cut]},
        "bad move": {**record, "moves": [*moves[:bad_at], bad, "end"]},
        "as people write it": {**record, "moves": [_as_people_write(m, rng) for m in moves]},
        "after the end": {**record, "moves": [*moves, "end"]},
    }
    replays = {}
    for what, case in cases.items():
        path = folder / "record.json"
        path.write_text(json.dumps(case), encoding="utf-8")
        status, out = replay_file(str(path))
        replays[what] = _digest(f"{status}\x00{json.dumps(out, ensure_ascii=False)}".replace(str(folder), "<folder>"))
    for what in ("whole", "prefix"):
        replays[f"replay() {what}"] = _digest(state_to_json(replay(read_record(cases[what]))))
    return {"spec": list(spec), "moves": moves, "states": per_state, "replays": replays}


def run(games: list[Spec]) -> Iterator[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="tikal-differential-") as folder:
        for spec in games:
            yield play_game(spec, Path(folder))


def first_difference(old: dict[str, Any], new: dict[str, Any]) -> str | None:
    """Say where two engines' results for one game part, or ``None`` if they are the same."""
    if old == new:
        return None
    for i, (a, b) in enumerate(zip(old["states"], new["states"], strict=False)):
        if a != b:
            move = old["moves"][i] if i < len(old["moves"]) else "(the final state)"
            return f"state {i} (before {move!r}): legal moves, snapshot, views or probes differ"
    if old["moves"] != new["moves"] or len(old["states"]) != len(new["states"]):
        return "the games part (different moves)"
    keys = [k for k in old["replays"] if old["replays"][k] != new["replays"].get(k)]
    return f"replays differ: {', '.join(keys)}"


def worker(root: str, games: int, first: int, out: str) -> int:
    """``--worker``: play the games with the engine in ``root`` (this tree's test helpers) into ``out``."""
    sys.path[0:0] = [root, str(ROOT)]
    import engine

    assert Path(engine.__file__).resolve().is_relative_to(Path(root).resolve()), engine.__file__
    with open(out, "w", encoding="utf-8") as f:
        for result in run(specs(games, first)):
            f.write(json.dumps(result) + "\n")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", metavar="COMMIT", required=False, help="the other engine's commit")
    parser.add_argument("--games", type=int, default=2, help="games per variant and option combination (default 2)")
    parser.add_argument("--first", type=int, default=50_000, help="the first game's seed (default 50000)")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.games, args.first, args.out)
    if not args.against:
        parser.error("--against COMMIT is required")
    with tempfile.TemporaryDirectory(prefix="tikal-differential-") as tmp:
        old = Path(tmp) / "old"
        old.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against, "engine"], capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        results = {}
        for name, root in (("before", old), ("after", ROOT)):
            out = Path(tmp) / f"{name}.jsonl"
            subprocess.run([sys.executable, "-m", "tests.engine.differential", "--worker", str(root), "--games",
                            str(args.games), "--first", str(args.first), "--out", str(out)], cwd=ROOT, check=True)
            results[name] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    before, after = results["before"], results["after"]
    assert len(before) == len(after)
    states = sum(len(r["states"]) for r in before)
    differences = 0
    for old_game, new_game in zip(before, after, strict=True):
        where = first_difference(old_game, new_game)
        if where:
            differences += 1
            print(f"game {old_game['spec']}: {where}")
    print(f"{len(before)} games, {states} states, {states * PROBES} probes, {len(before) * 7} replays: "
          f"{differences} games differ between {args.against} and this tree")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())

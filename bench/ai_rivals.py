"""The strong player against the three rivals, game by game: ``python bench/ai_rivals.py play …`` and ``… summary``.

``play`` plays exactly the games of ``python -m engine tournament --games N --players
strong,rivals/sentinel.py:decide,rivals/raider.py:decide,rivals/ranger.py:decide --variant V [--options O]
--seed S`` (same game and player seeds, same seat rotation), one at a time, and appends each game to a log (one
JSON line: the final scores by entrant, strong first, and the CPU time of each of strong's decisions), so that a
run stopped half-way keeps the games it played. It plays the engine of the tree it lies in (it puts that
tree's root first on the path) and finds the rivals from the current folder: run it from that root. To measure
another engine, e.g. main's for the figures before a change, write its ``engine/`` to a folder with ``git
archive``, copy ``rivals/`` and ``bench/ai_rivals.py`` beside it, and run that copy from that folder.

``summary`` reads logs named ``TAG_VARIANT_OPTION.jsonl`` (TAG e.g. ``before`` or ``after``) and prints, per tag
and condition, strong's wins with a Wilson 95% interval and mean scores, and the CPU time of its decisions
(median, p95, slowest). A decision here is one call of the player (``engine.ai.plan``: a whole turn's moves, a
scoring turn, a bid or a pick; asked again after a recovered wafer). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[0:1] = [str(Path(__file__).resolve().parent.parent)]

from engine.moves import Move  # noqa: E402
from engine.tournament import Entrant, load_entrant, play_game, wilson  # noqa: E402
from engine.view import GameView  # noqa: E402

RIVALS = ("rivals/sentinel.py:decide", "rivals/raider.py:decide", "rivals/ranger.py:decide")


def play(variant: str, options: Sequence[str], seed: int, games: int, out: Path) -> None:
    players = [load_entrant(spec) for spec in ("strong", *RIVALS)]
    times: list[float] = []
    strong = players[0].decide

    def timed(game_view: GameView, player_seed: int) -> Sequence[Move | str]:
        start = time.process_time()
        moves = strong(game_view, player_seed)
        times.append(round(time.process_time() - start, 4))
        return moves

    players[0] = Entrant(players[0].name, timed)
    n = len(players)
    for g in range(games):
        shift = g % n  # as run_tournament: entrant e sits on seat (e + shift) % n
        times.clear()
        scores = play_game([players[(s - shift) % n] for s in range(n)], variant, seed + g, seed * 7919 + g, options)
        line = {"variant": variant, "options": list(options), "seed": seed, "game": g,
                "scores": [scores[(e + shift) % n] for e in range(n)], "strong_times": times}
        with out.open("a") as f:
            f.write(json.dumps(line) + "\n")


def summary(logs: Sequence[Path]) -> None:
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for log in logs:
        tag = log.stem.split("_")[0]
        for text in log.read_text().splitlines():
            game = json.loads(text)
            by.setdefault((tag, f"{game['variant']} {','.join(game['options']) or '-'}"), []).append(game)
    print(f"{'tag':<8} {'condition':<24} {'games':>5} {'wins':>5} {'rate':>6} {'95% interval':>13} "
          f"{'strong':>7} {'best rival':>10} {'median':>7} {'p95':>6} {'slowest':>7}")
    for (tag, condition), games in sorted(by.items()):
        scores = [list(map(int, g["scores"])) for g in games]
        wins = sum(s[0] == max(s) for s in scores)
        low, high = wilson(wins, len(games))
        times = sorted(float(t) for g in games for t in g["strong_times"])
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        print(f"{tag:<8} {condition:<24} {len(games):>5} {wins:>5} {100 * wins / len(games):>5.1f}% "
              f"{f'{100 * low:.1f}–{100 * high:.1f}%':>13} {statistics.mean(s[0] for s in scores):>7.1f} "
              f"{statistics.mean(max(s[1:]) for s in scores):>10.1f} "
              f"{1000 * statistics.median(times) if times else 0:>5.0f}ms {1000 * p95:>4.0f}ms "
              f"{1000 * times[-1] if times else 0:>5.0f}ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play games and append them to a log")
    p.add_argument("--variant", choices=["basic", "auction"], default="basic")
    p.add_argument("--options", default="", help="game options, e.g. noround")
    p.add_argument("--seed", type=int, default=41000)
    p.add_argument("--games", type=int, default=8)
    p.add_argument("--out", type=Path, required=True, help="the log (JSON lines), appended to")
    s = sub.add_parser("summary", help="win rates and decision times from logs")
    s.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "play":
        play(args.variant, [o for o in args.options.split(",") if o], args.seed, args.games, args.out)
    else:
        summary(args.logs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Computer players' speed: ``python bench/ai.py [--games N]``. A benchmark, not a test.

Plays seeded 4-player games (one strong player against three easy ones, both variants; ``--players`` 2 or 3
for fewer) and times every decision of each level: a whole turn (``computer_turn``: the view, the sampled state, the
search and the plans after each recovered wafer), a scoring turn, a bid or a pick. Times are CPU time of
this process (``time.process_time``: one core, whatever else the machine runs). Prints the median,
90th percentile and slowest per level and kind of decision, and whether the strong player's median
turn and its slowest decision meet the targets.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path[0:1] = [str(Path(__file__).resolve().parent.parent)]

from engine import Phase, new_game  # noqa: E402
from engine.ai import computer_turn  # noqa: E402

TARGET_STRONG_TURN_MS = 300.0
TARGET_STRONG_WORST_MS = 1000.0


def kind(phase: Phase) -> str:
    return {Phase.PLACE: "turn", Phase.ACTIONS: "turn", Phase.SCORING: "scoring turn"}.get(phase, phase.value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="games per variant (default 4)")
    parser.add_argument("--players", type=int, default=4, choices=[2, 3, 4], help="players per game (default 4)")
    parser.add_argument("--variant", choices=["basic", "auction", "rapido", "both"], default="both")
    parser.add_argument("--options", default="", help="game options (rules.md §7), e.g. indiana,guns")
    args = parser.parse_args()
    times: dict[tuple[str, str], list[float]] = {}
    options = [o for o in args.options.split(",") if o]
    for variant in ("basic", "auction") if args.variant == "both" else (args.variant,):
        for g in range(args.games):
            levels = ["easy"] * args.players
            levels[g % args.players] = "strong"
            state = new_game(["Ana", "Ben", "Cid", "Dee"][: args.players], variant, seed=500 + g,
                             options=options)
            while not state.finished:
                seat, what = state.to_act, kind(state.phase)
                start = time.process_time()
                state, _ = computer_turn(state, levels[seat], seed=g)
                times.setdefault((levels[seat], what), []).append(time.process_time() - start)
    print(f"{'level':<7} {'decision':<13} {'count':>6} {'median':>9} {'p90':>9} {'slowest':>9}")
    for (level, what), values in sorted(times.items()):
        values.sort()
        p90 = values[int(0.9 * (len(values) - 1))]
        print(f"{level:<7} {what:<13} {len(values):>6} {1000 * statistics.median(values):>7.1f}ms "
              f"{1000 * p90:>7.1f}ms {1000 * values[-1]:>7.1f}ms")
    strong = times.get(("strong", "turn")) or [t for (level, _), v in times.items() if level == "strong" for t in v]
    median = 1000 * statistics.median(strong)
    verdict = "met" if median <= TARGET_STRONG_TURN_MS else "MISSED"
    print(f"strong turn median {median:.0f} ms, target ≤ {TARGET_STRONG_TURN_MS:.0f} ms: {verdict}")
    worst = 1000 * max(t for (level, _), values in times.items() if level == "strong" for t in values)
    verdict = "met" if worst <= TARGET_STRONG_WORST_MS else "MISSED"
    print(f"strong slowest decision {worst:.0f} ms, target ≤ {TARGET_STRONG_WORST_MS:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

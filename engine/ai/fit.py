"""Fitting the strong player's weights: ``python -m engine.ai.fit --games N --players LEVELS --out FILE``.

Plays seeded games of computer players (seats rotated) and keeps, for every normal and scoring turn,
the position just before its ``end``: the position a turn's search judges. For each seat there it
keeps the features (``features.feature_rows``, seen from that seat) and what the seat went on to score
beyond its exact points. A ridge least-squares fit of the one against the other gives the weights,
written with the command, the games and the fit's R² to a JSON file (``model.json`` is one).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..moves import End
from ..record import new_game
from ..rules import apply
from ..state import GameState, Phase
from ..view import view
from .evaluate import STRONG, make_context
from .features import FEATURES, feature_rows
from .levels import plan
from .model import strong_model

Sample = tuple[list[float], float]
RIDGE = 1.0


def _rows_before_end(state: GameState) -> tuple[list[float], list[list[float]]]:
    seen = view(state, state.to_act)
    ctx = make_context(seen, state, state.to_act, STRONG)
    model = strong_model()
    return feature_rows(state, ctx, model.mobile, model.sharpness)


def game_samples(levels: Sequence[str], variant: str, seed: int, every: int = 1) -> list[Sample]:
    """Play one game; return (features, points scored later beyond the exact ones) per seat and recorded turn."""
    state = new_game([f"P{i + 1}" for i in range(len(levels))], variant, seed=seed)
    kept: list[tuple[list[float], list[list[float]]]] = []
    turns = 0
    while not state.finished:
        seat = state.to_act
        for _ in range(40):
            if state.finished or state.to_act != seat:
                break
            for move in plan(view(state, seat), levels[seat], seed * 10 + seat):
                if isinstance(move, End) and state.phase in (Phase.ACTIONS, Phase.SCORING):
                    turns += 1
                    if turns % every == 0:
                        kept.append(_rows_before_end(state))
                state = apply(state, move, player=seat)
                if state.finished or state.to_act != seat:
                    break
    final = state.score
    return [(row, final[q] - exact[q]) for exact, rows in kept for q, row in enumerate(rows)]


FIXED: Final = {"guarded": 1.0, "treasures": 1.0}
"""Features counted in points that will be scored for sure (a guarded temple, a treasure set held): fixed at
their face value rather than fitted, which would credit them with what merely goes with them."""


def solve(samples: Sequence[Sample], ridge: float = RIDGE, fixed: Mapping[str, float] = FIXED) -> list[float]:
    """Ridge least squares of the free weights (no intercept: the ``ahead_k`` features are the intercepts
    per stage), the ``fixed`` ones kept at their values."""
    pinned = {FEATURES.index(name): w for name, w in fixed.items()}
    free = [i for i in range(len(FEATURES)) if i not in pinned]
    reduced = [([row[i] for i in free], y - sum(w * row[i] for i, w in pinned.items())) for row, y in samples]
    found = dict(zip(free, _least_squares(reduced, ridge), strict=True))
    return [pinned.get(i, found.get(i, 0.0)) for i in range(len(FEATURES))]


def _least_squares(samples: Sequence[Sample], ridge: float) -> list[float]:
    k = len(samples[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for row, y in samples:
        for i in range(k):
            if row[i]:
                b[i] += row[i] * y
                ai = a[i]
                for j in range(k):
                    ai[j] += row[i] * row[j]
    for i in range(k):
        a[i][i] += ridge
    # Gauss–Jordan elimination with partial pivoting
    m = [[*ai, bi] for ai, bi in zip(a, b, strict=True)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / pivot
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] for i in range(k)]


def r_squared(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    ys = [y for _, y in samples]
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    residual = sum((y - sum(w * f for w, f in zip(weights, row, strict=True))) ** 2 for row, y in samples)
    return 1 - residual / total if total else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.fit", description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per table and variant")
    parser.add_argument("--players", action="append",
                        help="levels by seat, e.g. strong,easy,easy,easy (repeat for more tables)")
    parser.add_argument("--variant", choices=["basic", "auction", "both"], default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--samples", type=Path, help="also write the samples (JSON lines) here")
    parser.add_argument("--from-samples", type=Path, action="append", default=[],
                        help="fit on samples written before (with --games 0 plays none)")
    args = parser.parse_args(argv)
    variants = ["basic", "auction"] if args.variant == "both" else [args.variant]
    samples: list[Sample] = []
    for path in args.from_samples:
        samples += [(row, y) for row, y in map(json.loads, path.read_text().splitlines())]
    for table in args.players or ():
        levels = table.split(",")
        for variant in variants:
            for g in range(args.games):
                shift = g % len(levels)
                seated = levels[shift:] + levels[:shift]
                samples += game_samples(seated, variant, args.seed + g)
                print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.samples:
        args.samples.write_text("".join(json.dumps([row, y]) + "\n" for row, y in samples))
    weights = solve(samples)
    command = "python -m engine.ai.fit " + " ".join(argv if argv is not None else sys.argv[1:])
    fitted = replace(strong_model(), weights=tuple(round(w, 4) for w in weights), command=command)
    out = {**fitted.as_json(), "samples": len(samples), "r2": round(r_squared(samples, weights), 4)}
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())


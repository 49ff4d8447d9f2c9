"""Computer players against each other: ``python -m engine tournament --games N --players strong,random …``.

Every game is seeded (the game from ``seed + game``, each computer player from its own seed), and the
seats are rotated from game to game so that each entrant plays every seat equally often. A win is the
highest final score; shared wins count as wins for every winner. Win rates come with a Wilson 95%
interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .ai import LEVELS, computer_turn
from .options import Option, canonical_options
from .record import new_game
from .state import Variant

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate (0–1 each end)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """One level's results over a tournament (each of its entrants' games counted once)."""

    level: str
    games: int = 0
    wins: int = 0
    points: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass
class TournamentResult:
    entrants: tuple[str, ...]
    variants: tuple[Variant, ...]
    games: int
    seed: int
    tallies: dict[str, Tally] = field(default_factory=dict)
    by_variant: dict[tuple[Variant, str], Tally] = field(default_factory=dict)
    scores: list[tuple[int, ...]] = field(default_factory=list)
    """Final scores per game, by entrant (not by seat)."""
    options: tuple[Option, ...] = ()


def play_game(
    levels: Sequence[str], variant: Variant | str, seed: int, ai_seed: int, options: Sequence[str] = ()
) -> tuple[int, ...]:
    """Play one game of computer players (``levels`` by seat) and return the final scores by seat.

    Every decision is applied strictly: a refused move raises ``IllegalMove``."""
    names = [f"{level.capitalize()}{i + 1}" for i, level in enumerate(levels)]
    state = new_game(names, variant, seed=seed, options=options)
    while not state.finished:
        seat = state.to_act
        state, _ = computer_turn(state, levels[seat], ai_seed * 10 + seat, strict=True)
    return tuple(state.score)


def run_tournament(
    entrants: Sequence[str],
    games: int,
    variants: Sequence[Variant | str] = (Variant.BASIC,),
    seed: int = 1,
    progress: Callable[[int, tuple[int, ...]], None] | None = None,
    options: Sequence[str] = (),
) -> TournamentResult:
    """Play ``games`` games per variant with seats rotated; ``entrants`` are levels, one per seat;
    ``options`` (SPEC 7.0) apply to every game."""
    for level in entrants:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: use {', '.join(LEVELS)}")
    if not 2 <= len(entrants) <= 4:
        raise ValueError("a tournament game has 2–4 players")
    n = len(entrants)
    for variant in variants:
        canonical_options(options, variant)  # raises on a combination SPEC 7.0.1 refuses
    result = TournamentResult(tuple(entrants), tuple(Variant(v) for v in variants), games, seed,
                              options=canonical_options(options, variants[0]) if variants else ())
    for level in entrants:
        result.tallies.setdefault(level, Tally(level))
        for variant in result.variants:
            result.by_variant.setdefault((variant, level), Tally(level))
    played = 0
    for variant in result.variants:
        for g in range(games):
            shift = g % n
            # entrant e sits on seat (e + shift) % n
            by_seat = [entrants[(s - shift) % n] for s in range(n)]
            scores = play_game(by_seat, variant, seed + g, seed * 7919 + g, options)
            by_entrant = tuple(scores[(e + shift) % n] for e in range(n))
            best = max(by_entrant)
            for e, level in enumerate(entrants):
                for tally in (result.tallies[level], result.by_variant[variant, level]):
                    tally.games += 1
                    tally.points += by_entrant[e]
                    tally.wins += by_entrant[e] == best
            result.scores.append(by_entrant)
            played += 1
            if progress:
                progress(played, by_entrant)
    return result


def format_result(result: TournamentResult) -> str:
    """Return the tournament's table: per level, games, wins, win rate with its 95% interval, mean score."""
    variants = " and ".join(v.value for v in result.variants)
    if result.options:
        variants += " with " + ", ".join(o.value for o in result.options)
    lines = [
        f"Tournament: {result.games} games per variant ({variants}), {len(result.entrants)} players "
        f"({', '.join(result.entrants)}), seats rotated, seed {result.seed}.",
        "A win is the highest score; shared wins count for every winner.",
        f"{'variant':<8} {'level':<8} {'games':>6} {'wins':>6} {'win rate':>9} {'95% interval':>16} {'avg score':>10}",
    ]
    rows = [("all", t) for t in result.tallies.values()]
    if len(result.variants) > 1:
        rows += [(v.value, result.by_variant[v, level]) for v in result.variants for level in result.tallies]
    for name, tally in rows:
        low, high = wilson(tally.wins, tally.games)
        lines.append(
            f"{name:<8} {tally.level:<8} {tally.games:>6} {tally.wins:>6} {100 * tally.rate:>8.1f}% "
            f"{f'{100 * low:.1f}–{100 * high:.1f}%':>16} {tally.average:>10.1f}"
        )
    return "\n".join(lines)

"""Computer players against each other: ``python -m engine tournament --games N --players strong,random …``.

Every game is seeded (the game from ``seed + game``, each computer player from its own seed), and the
seats are rotated from game to game so that each entrant plays every seat equally often. A win is the
highest final score; shared wins count as wins for every winner. Win rates come with a Wilson 95%
interval.

An entrant is a level (``random``, ``easy``, ``strong``) or a player from outside the project, written
``path/to/mybot.py:decide`` (or ``package.module:decide``): a function that receives the seat's
``GameView`` and a seed and returns the moves of its decision (``Move`` objects or notation), as
``engine.ai.plan`` does. It is asked again with the new view until its seat's obligation is done.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TextIO

from .ai import LEVELS, Decide, plan, play_decisions
from .moves import Move
from .options import Option, canonical_options
from .record import new_game
from .state import Variant
from .view import GameView

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


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: its name in the table and how it decides."""

    name: str
    decide: Decide


def _level_moves(level: str, game_view: GameView, seed: int) -> list[Move]:
    return plan(game_view, level, seed)


def _module_from_file(path: Path) -> ModuleType:
    """Import a player's file: as a module of its package when its folder is one (so it may import its
    siblings), else on its own with its folder on the path."""
    parts, folder = [path.stem], path.parent
    while (folder / "__init__").with_suffix(".py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    if len(parts) > 1:
        return importlib.import_module(".".join(parts))
    module_name = f"_tikal_player_{path.stem}"
    found = importlib.util.spec_from_file_location(module_name, path)
    if found is None or found.loader is None:  # pragma: no cover - a .py file always has a loader
        raise ValueError(f"cannot load {path}")
    module = importlib.util.module_from_spec(found)
    sys.modules[module_name] = module
    found.loader.exec_module(module)
    return module


def load_entrant(spec: str) -> Entrant:
    """A level by name, or ``FILE.py:FUNCTION`` / ``MODULE:FUNCTION`` loaded as a player (``ValueError`` if not)."""
    spec = spec.strip()
    if spec in LEVELS:
        return Entrant(spec, partial(_level_moves, spec))
    where, colon, function = spec.rpartition(":")
    if not colon or not where or not function:
        raise ValueError(f"unknown player {spec!r}: use {', '.join(LEVELS)} or path/to/bot.py:function")
    if where.endswith(".py"):
        path = Path(where).resolve()
        if not path.is_file():
            raise ValueError(f"no such file {where!r} for player {spec!r}")
        module = _module_from_file(path)
        name = path.stem
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as e:
            raise ValueError(f"cannot import {where!r} for player {spec!r}: {e}") from e
        name = where.rpartition(".")[2]
    decide = getattr(module, function, None)
    if not callable(decide):
        raise ValueError(f"{where!r} has no function {function!r}")
    return Entrant(name if function == "decide" else f"{name}.{function}", decide)


def _seat_name(name: str, seat: int) -> str:
    """A seat name for an entrant (``Strong1``, ``Sentinel2``): letters and digits only, as rules.md §6 allows."""
    base = "".join(c for c in name if c.isascii() and c.isalnum())[:12].capitalize()
    return f"{base if base[:1].isalpha() else 'P' + base}{seat + 1}"


def play_game(
    players: Sequence[str | Entrant], variant: Variant | str, seed: int, ai_seed: int, options: Sequence[str] = ()
) -> tuple[int, ...]:
    """Play one game of computer players (levels or entrants, by seat) and return the final scores by seat.

    Every decision is applied strictly: a refused move raises ``IllegalMove``."""
    entrants = [p if isinstance(p, Entrant) else load_entrant(p) for p in players]
    state = new_game([_seat_name(e.name, i) for i, e in enumerate(entrants)], variant, seed=seed, options=options)
    while not state.finished:
        seat = state.to_act
        state, _ = play_decisions(state, entrants[seat].decide, ai_seed * 10 + seat, strict=True,
                                  name=entrants[seat].name)
    return tuple(state.score)


def run_tournament(
    entrants: Sequence[str],
    games: int,
    variants: Sequence[Variant | str] = (Variant.BASIC,),
    seed: int = 1,
    progress: Callable[[int, tuple[int, ...]], None] | None = None,
    options: Sequence[str] = (),
) -> TournamentResult:
    """Play ``games`` games per variant with seats rotated; ``entrants`` are levels or players to load
    (``load_entrant``), one per seat; ``options`` (rules.md §7.0) apply to every game."""
    players = [load_entrant(e) for e in entrants]
    if not 2 <= len(entrants) <= 4:
        raise ValueError("a tournament game has 2–4 players")
    n = len(entrants)
    for variant in variants:
        canonical_options(options, variant)  # raises on a combination rules.md §7.0.1 refuses
    names = tuple(p.name for p in players)
    result = TournamentResult(names, tuple(Variant(v) for v in variants), games, seed,
                              options=canonical_options(options, variants[0]) if variants else ())
    for level in names:
        result.tallies.setdefault(level, Tally(level))
        for variant in result.variants:
            result.by_variant.setdefault((variant, level), Tally(level))
    played = 0
    for variant in result.variants:
        for g in range(games):
            shift = g % n
            # entrant e sits on seat (e + shift) % n
            by_seat = [players[(s - shift) % n] for s in range(n)]
            scores = play_game(by_seat, variant, seed + g, seed * 7919 + g, options)
            by_entrant = tuple(scores[(e + shift) % n] for e in range(n))
            best = max(by_entrant)
            for e, level in enumerate(names):
                for tally in (result.tallies[level], result.by_variant[variant, level]):
                    tally.games += 1
                    tally.points += by_entrant[e]
                    tally.wins += by_entrant[e] == best
            result.scores.append(by_entrant)
            played += 1
            if progress:
                progress(played, by_entrant)
    return result


@dataclass
class Progress:
    """The tournament's progress as one line on a terminal, rewritten after each game: games done of all, and
    the time left estimated from the games so far. Written to ``out`` (standard error), so the table on standard
    output stays apart from it; where ``out`` is no terminal, a line at every tenth of the games instead."""

    total: int
    out: TextIO
    clock: Callable[[], float] = time.monotonic
    started: float = field(init=False)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def __call__(self, done: int, _scores: tuple[int, ...] = ()) -> None:
        if not self.out.isatty() and done != self.total and done % max(1, self.total // 10):
            return
        line = f"{done}/{self.total} games"
        if done < self.total:
            line += f", about {_duration((self.clock() - self.started) / done * (self.total - done))} left"
        else:
            line += f" in {_duration(self.clock() - self.started)}"
        self._say(line)
        if done == self.total and self.out.isatty():
            self.out.write("\n")
            self.out.flush()

    def _say(self, line: str) -> None:
        if self.out.isatty():
            self.out.write(f"\r\x1b[K{line}")
        else:
            self.out.write(line + "\n")
        self.out.flush()


def _duration(seconds: float) -> str:
    """``40 s``, ``3 min``, ``1 h 05 min``: precise enough for a wait."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"


def format_result(result: TournamentResult) -> str:
    """Return the tournament's table: per level, games, wins, win rate with its 95% interval, mean score."""
    variants = " and ".join(v.value for v in result.variants)
    if result.options:
        variants += " with " + ", ".join(o.value for o in result.options)
    lines = [
        f"Tournament: {result.games} games per variant ({variants}), {len(result.entrants)} players "
        f"({', '.join(result.entrants)}), seats rotated, seed {result.seed}.",
        "A win is the highest score; shared wins count for every winner.",
        f"{'variant':<8} {'player':<10} {'games':>6} {'wins':>6} {'win rate':>9} {'95% interval':>16} "
        f"{'avg score':>10}",
    ]
    rows = [("all", t) for t in result.tallies.values()]
    if len(result.variants) > 1:
        rows += [(v.value, result.by_variant[v, level]) for v in result.variants for level in result.tallies]
    for name, tally in rows:
        low, high = wilson(tally.wins, tally.games)
        lines.append(
            f"{name:<8} {tally.level:<10} {tally.games:>6} {tally.wins:>6} {100 * tally.rate:>8.1f}% "
            f"{f'{100 * low:.1f}–{100 * high:.1f}%':>16} {tally.average:>10.1f}"
        )
    return "\n".join(lines)

"""Game records for the replay tests and ``bench/animation.py``: whole 4-player games, the most turns
and scoring turns a game can have, played by seeded random players."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine import apply, new_game, record_of, view
from engine.ai.levels import random_moves
from render.gallery import PLAYERS, play
from tests.engine.randomplay import RandomPlayer

Record = dict[str, Any]
LONG_NAMES = ("Abcdefghijklmnop", "Qrstuvwxyzabcdef", "Ghijklmnopqrstuv", "Wxyzabcdefghijkl")


def busy_game(seed: int, variant: str, players: tuple[str, ...] = PLAYERS) -> Record:
    """A whole game of the gallery's random player, which prefers busy moves (crowded boards)."""
    return record_of(play(seed, players, variant, until=lambda s: False))


def undoing_game(seed: int, variant: str) -> Record:
    """A whole game of the engine tests' random player, which also takes actions back."""
    rng = random.Random(seed)
    state = new_game(list(PLAYERS), variant, seed=seed)
    player = RandomPlayer(rng)
    while not state.finished:
        state = apply(state, player.choose(state))
    return record_of(state)


@lru_cache(maxsize=1)
def corpus() -> dict[str, Record]:
    """Finished 4-player games in both variants, by name."""
    games = {f"busy-{variant}-{seed}": busy_game(seed, variant) for variant in ("basic", "auction")
             for seed in (1, 2, 3)}
    games["undoing-auction-5"] = undoing_game(5, "auction")
    games["long-names-auction-9"] = busy_game(9, "auction", LONG_NAMES)
    return games


@lru_cache(maxsize=2)
def rapido_game(seed: int, players: int = 4) -> Record:
    """A whole Tikal Rápido game of the computer's random player (the gallery's player knows no jumps)."""
    rng = random.Random(seed)
    state = new_game(list(PLAYERS[:players]), "rapido", seed=seed)
    while not state.finished:
        for move in random_moves(view(state, state.to_act), rng):
            state = apply(state, move)
            if state.finished:
                break
    return record_of(state)


def longest() -> tuple[str, Record]:
    """The corpus game with the most moves."""
    return max(corpus().items(), key=lambda item: len(item[1]["moves"]))


def ends(record: Record) -> list[int]:
    """How many moves lead to the end of each turn: one more than each ``end``'s index."""
    return [i + 1 for i, move in enumerate(record["moves"]) if move.strip().lower() == "end"]

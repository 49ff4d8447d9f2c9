"""Positions of seeded engine games with the options of docs/rules.md §7, for the pictures' tests: obstacles and machine
guns, Indiana Jones rolls, random terrain (a declaration, the mixed stack) and Tikal Rápido (its auctions, placing,
jumps and slots). A random player with a taste for the options' moves plays them, like ``render.gallery``'s."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from engine import (
    HEXAGONS,
    Fire,
    GameState,
    Guard,
    Obstacle,
    Phase,
    Stage,
    apply,
    legal_moves,
    new_game,
)
from engine.moves import Move
from render.gallery import random_move

NAMES = ("Ana", "Alex", "Ben", "Cara")
VOLCANOES = ("B-1", "D-3", "F-2")


def option_move(state: GameState, rng: random.Random) -> Move:
    """``gallery.random_move``, but an obstacle, a gun or a shot whenever one is legal (half the time); a jump's
    chips and a declaration at random."""
    if state.phase in (Phase.JUMP, Phase.DECLARE):
        return rng.choice([m for e in legal_moves(state) for m in e.moves()])
    if state.phase is Phase.ACTIONS or state.phase is Phase.SCORING:
        entries = [e.move for e in legal_moves(state)]
        for kind, chance in ((Guard, 0.95), (Fire, 0.7), (Obstacle, 0.12)):
            keen = [m for m in entries if isinstance(m, kind) and (not isinstance(m, Guard) or m.gun)]
            if keen and rng.random() < chance:
                return rng.choice(keen)
    return random_move(state, rng)


def play(seed: int, players: Sequence[str], variant: str, options: Sequence[str], *,
         until: Callable[[GameState], bool], tile_order: Sequence[str] = (), limit: int = 5000) -> GameState:
    """A seeded game with options played at random until ``until(state)`` holds (or the game ends)."""
    rng = random.Random(seed)
    state = new_game(list(players), variant, seed=seed, options=options, tile_order=tile_order)
    for _ in range(limit):
        if state.phase is Phase.FINISHED or until(state):
            return state
        state = apply(state, option_move(state, rng))
    return state


def two_volcanoes_in_one_display(players: int) -> list[str]:
    """Random terrain: the first and second volcanoes drawn together, as soon as the second may be (rules.md §7.5.1)."""
    second = players * -(-16 // players)
    others = [t for t in HEXAGONS if t not in VOLCANOES]
    return [*others[:second], "B-1", "D-3"]


def _legal(s: GameState, wanted: Callable[[Move], bool]) -> bool:
    return s.phase is Phase.ACTIONS and any(wanted(e.move) for e in legal_moves(s))


def _uncovered_last(s: GameState) -> bool:
    moves = s.turn_moves or (s.last_turn.moves if s.last_turn else ())
    return any(m.startswith("uncover") for m in moves)


@lru_cache(maxsize=1)
def option_positions() -> dict[str, GameState]:
    """Named positions of option games, 2–4 players."""
    out: dict[str, GameState] = {}
    out["3p-obstacles-guns"] = play(67, NAMES[:3], "basic", ("obstacles", "guns"),
                                    until=lambda s: s.turn >= 24 and len(s.obstacles) >= 2 and s.guns_mounted
                                    and s.phase is Phase.ACTIONS)
    out["4p-obstacles-guns-crowded"] = play(
        68, NAMES, "basic", ("obstacles", "guns", "noround"),
        until=lambda s: s.turn >= 20 and s.guns_mounted and len(s.obstacles) >= 3 and s.phase is Phase.ACTIONS)
    out["3p-guns-fired"] = play(73, NAMES[:3], "basic", ("guns",),
                                until=lambda s: any(m.startswith("fire") for m in s.turn_moves))
    out["3p-gun-legal"] = play(81, NAMES[:3], "basic", ("guns",),
                               until=lambda s: s.turn >= 10 and _legal(s, lambda m: isinstance(m, Guard) and m.gun))
    out["3p-fire-legal"] = play(92, NAMES[:3], "basic", ("guns", "obstacles"),
                                until=lambda s: _legal(s, lambda m: isinstance(m, Fire)))
    out["2p-indiana-rolled"] = play(33, NAMES[:2], "basic", ("indiana",),
                                    until=lambda s: s.turn >= 10 and _uncovered_last(s) and s.phase is Phase.ACTIONS)
    out["4p-indiana2d6-rolled"] = play(34, NAMES, "auction", ("indiana2d6",),
                                       until=lambda s: s.turn >= 14 and _uncovered_last(s))
    out["4p-randomterrain-declare"] = play(35, NAMES, "auction", ("randomterrain",),
                                           until=lambda s: s.phase is Phase.DECLARE,
                                           tile_order=two_volcanoes_in_one_display(4))
    out["3p-randomterrain-bidding"] = play(36, NAMES[:3], "auction", ("randomterrain", "indiana1d20"),
                                           until=lambda s: s.round >= 4 and s.phase is Phase.BID and s.high_bid > 0)
    out["3p-rapido-auction"] = play(37, NAMES[:3], "rapido", (),
                                    until=lambda s: s.round >= 2 and s.phase is Phase.BID and any(s.hands))
    out["4p-rapido-placing"] = play(38, NAMES, "rapido", ("obstacles",),
                                    until=lambda s: s.round >= 2 and s.stage is Stage.PLACING
                                    and s.round_order.index(s.to_act) >= 2)
    out["4p-rapido-jump"] = play(39, NAMES, "rapido", ("guns",),
                                 until=lambda s: s.round >= 2 and s.phase is Phase.JUMP and min(s.chips) < 10)
    out["3p-rapido-first-jump"] = play(40, NAMES[:3], "rapido", ("indiana",),
                                       until=lambda s: s.round >= 2 and s.phase is Phase.JUMP and max(s.chips) == 10)
    out["4p-rapido-slot"] = play(41, NAMES, "rapido", ("indiana2d6", "obstacles"),
                                 until=lambda s: s.round >= 3 and s.stage is Stage.JUMPS and s.phase is Phase.ACTIONS
                                 and len(s.slots) <= 1)
    out["2p-rapido-finished"] = play(42, NAMES[:2], "rapido", (), until=lambda s: False)
    return out


__all__ = ["option_positions", "play", "two_volcanoes_in_one_display"]

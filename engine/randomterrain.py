"""Random terrain and sudden death (docs/rules.md §7.5): one stack of the 33 non-volcano hexagons, the
volcanoes shuffled in after 8, 16 and 24 draws (for n players, n·⌈8k/n⌉), declarations when a
display holds two or more volcanoes, and the end of the game with the third volcano's placement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .errors import InvalidRecord
from .options import volcano_entries, volcanoes_added
from .state import GameState
from .tiles import HEXAGONS

if TYPE_CHECKING:
    import random

from .members import TERRAIN_VOLCANO

VOLCANO_ORDER: Final = ("B-1", "D-3", "F-2")
NON_VOLCANOES: Final = tuple(t for t in HEXAGONS if HEXAGONS[t].terrain is not TERRAIN_VOLCANO)


def stack_at(players: int, drawn_tiles: Sequence[str]) -> list[str]:
    """Return the hexagons in the stack (id order) after ``drawn_tiles`` were drawn, in that order."""
    taken = set(drawn_tiles)
    added = VOLCANO_ORDER[: volcanoes_added(players, len(drawn_tiles))]
    return [t for t in (*NON_VOLCANOES, *added) if t not in taken]


def complete_order(players: int, prefix: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """Return the whole draw order: ``prefix`` first, then each next hexagon drawn uniformly from
    those then in the stack (rules.md §7.5.2). Raises ``InvalidRecord`` where the prefix names a volcano
    before it can be drawn."""
    check_prefix(players, prefix)
    order = list(prefix)
    while len(order) < len(HEXAGONS):
        stack = stack_at(players, order)
        order.append(stack[rng.randrange(len(stack))])
    return tuple(order)


def check_prefix(players: int, prefix: Sequence[str]) -> None:
    """Raise ``InvalidRecord`` where ``prefix`` (the start of a draw order) names a volcano before it can be drawn."""
    entries = volcano_entries(players)
    for i, tile in enumerate(prefix):
        if tile in VOLCANO_ORDER:
            k = VOLCANO_ORDER.index(tile)
            if i < entries[k]:
                raise InvalidRecord("record.volcano_early", tile=tile, position=i, players=players, n=entries[k])


def must_declare(state: GameState) -> bool:
    """Whether the player who just took a volcano declares (rules.md §7.5.4); ``volcanoes_taken`` counts it."""
    return state.display_volcanoes >= 2 and not state.declared_no and state.volcanoes_taken < len(VOLCANO_ORDER)


def is_last_volcano(state: GameState) -> bool:
    """Whether the volcano just taken is the game's third: it scores and ends the game (rules.md §7.5.5)."""
    return state.volcanoes_taken >= len(VOLCANO_ORDER)


def sample_rest(players: int, seen: set[str], drawn: int, rng: random.Random) -> list[str]:
    """Return a draw order for the hexagons not yet drawn, as a player may imagine it: ``seen`` are the
    ``drawn`` hexagons drawn so far (in any order); each next one is drawn uniformly from the stack of
    the moment, volcanoes entering as rules.md §7.5.1 says."""
    entries = volcano_entries(players)
    rest: list[str] = []
    while drawn + len(rest) < len(HEXAGONS):
        at = drawn + len(rest)
        added = [v for v, a in zip(VOLCANO_ORDER, entries, strict=True) if a <= at]
        stack = [t for t in (*NON_VOLCANOES, *added) if t not in seen and t not in rest]
        rest.append(stack[rng.randrange(len(stack))])
    return rest

"""Game options: the six unofficial variants of the Spanish rulebook (docs/rules.md §7.0).

An option is a lower-case name; a game's options are kept in the canonical order below. ``rapido``
is a variant (like ``basic`` and ``auction``), not an option.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from .errors import InvalidRecord
from .messages import joined


class Option(StrEnum):
    """One option of rules.md §7.0.1, in canonical order."""

    NOROUND = "noround"
    INDIANA = "indiana"
    INDIANA2D6 = "indiana2d6"
    INDIANA1D20 = "indiana1d20"
    OBSTACLES = "obstacles"
    GUNS = "guns"
    RANDOMTERRAIN = "randomterrain"


CANONICAL: Final[tuple[Option, ...]] = tuple(Option)

DICE: Final[dict[Option, tuple[int, int]]] = {
    Option.INDIANA: (3, 6),
    Option.INDIANA2D6: (2, 6),
    Option.INDIANA1D20: (1, 20),
}
"""Per Indiana Jones option: how many dice and how many faces each (3d6, 2d6, 1d20)."""

OPTION_VERBS: Final[dict[str, tuple[str, ...]]] = {
    Option.OBSTACLES.value: ("obstacle",),
    Option.GUNS.value: ("gun", "fire"),
    Option.RANDOMTERRAIN.value: ("score", "yes", "no"),
    "rapido": ("jump",),
}
"""The words rules.md §7.0.3 adds to the notation, by option (or variant): verbs only in such games."""


def canonical_options(names: Iterable[str] | None, variant: str) -> tuple[Option, ...]:
    """Return ``names`` as options in canonical order. ``None`` counts as none.

    Raises ``InvalidRecord`` on an unknown or repeated name, two Indiana Jones options, or random
    terrain without the auction variant (rules.md §7.0.1).
    """
    given = list(names or ())
    known = {o.value: o for o in Option}
    options: list[Option] = []
    for name in given:
        if not isinstance(name, str) or name not in known:
            raise InvalidRecord("option.unknown", name=str(name), options=tuple(o.value for o in CANONICAL))
        if known[name] in options:
            raise InvalidRecord("option.twice", name=name)
        options.append(known[name])
    indiana = [o.value for o in options if o in DICE]
    if len(indiana) > 1:
        raise InvalidRecord("option.two_indiana", chosen=joined(indiana))
    if Option.RANDOMTERRAIN in options and variant != "auction":
        raise InvalidRecord("option.randomterrain_auction", variant=variant)
    return tuple(o for o in CANONICAL if o in options)


def dice_of(options: Iterable[Option]) -> tuple[int, int] | None:
    """Return ``(dice, faces)`` of the game's Indiana Jones option, or ``None`` without one."""
    for option in options:
        if option in DICE:
            return DICE[option]
    return None


def roll_range(dice: tuple[int, int]) -> tuple[int, int]:
    """Return the lowest and highest total of ``(dice, faces)``, e.g. ``(3, 18)`` for 3d6."""
    count, faces = dice
    return count, count * faces


def option_words(options: Iterable[Option], variant: str) -> tuple[str, ...]:
    """Return the words that are verbs in a game with these options and variant (rules.md §7.0.3)."""
    words: list[str] = []
    for key in (*(o.value for o in options), variant):
        words.extend(OPTION_VERBS.get(key, ()))
    return tuple(words)


def volcano_entries(players: int) -> tuple[int, ...]:
    """Random terrain: return ``a_k`` for k = 1, 2, 3, how many hexagons have been drawn when the k-th
    volcano is shuffled into the stack (rules.md §7.5.1: n·⌈8k/n⌉)."""
    return tuple(players * -(-8 * k // players) for k in (1, 2, 3))


def volcanoes_added(players: int, drawn: int) -> int:
    """Random terrain: return how many volcanoes have been shuffled in after ``drawn`` hexagons were drawn."""
    return sum(1 for a in volcano_entries(players) if a <= drawn)

"""Starting games (docs/rules.md §4 and §6): seat names, the seeded orders, ``new_game``.

Nothing here reads untrusted JSON: ``engine.record_model`` validates records with pydantic and then
starts them here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .board import SPACE_NAMES
from .errors import InvalidRecord
from .messages import Msg
from .moves import VERBS
from .options import Option, canonical_options, dice_of, option_words, roll_range
from .randomterrain import check_prefix, complete_order
from .rules import start_game
from .state import GameState, Setup, Variant, blank_state
from .tiles import HEXAGONS, LETTERS, TEMPLE_TILES, TREASURE_KINDS, WAFERS_PER_KIND

if TYPE_CHECKING:
    import random

NAME_PATTERN: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
RESERVED_NAMES: Final = frozenset(
    {*VERBS, "leader", *TREASURE_KINDS, *(name.lower() for name in SPACE_NAMES)}
)


MAX_ROLLS: Final = sum(TEMPLE_TILES.values())
"""A game uncovers at most 48 levels, so it makes at most 48 rolls (rules.md §7.2)."""


def name_problem(name: str, words: Sequence[str] = ()) -> Msg | None:
    """Return why ``name`` cannot be a seat name (rules.md §6), or ``None`` if it can.

    ``words`` are the game's words of rules.md §7.0.3 (``engine.options.option_words``), reserved too."""
    if not NAME_PATTERN.fullmatch(name):
        return Msg("seat.bad_name", name=name)
    if name.lower() in RESERVED_NAMES or name.lower() in words:
        return Msg("seat.reserved", name=name)
    return None


def check_players(players: Sequence[str], words: Sequence[str] = ()) -> None:
    """Raise ``InvalidRecord`` unless ``players`` are 2–4 valid, distinct seat names (none of ``words``)."""
    if not 2 <= len(players) <= 4:
        raise InvalidRecord("record.players", n=len(players))
    for name in players:
        problem = name_problem(name, words)
        if problem:
            raise InvalidRecord("record.seat", problem=problem)
    lowered = [p.lower() for p in players]
    if len(set(lowered)) != len(lowered):
        raise InvalidRecord("record.seats_differ")


def seeded_orders(seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the stack (top first: A hexagons shuffled, then B … G) and the wafer order a seed makes.

    One ``random.Random(seed)`` shuffles the hexagons letter by letter, then the 24 wafers.
    """
    from random import Random  # here: import engine loads no random number generator

    return _shuffled(Random(seed))


def _shuffled(rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    tiles: list[str] = []
    for letter in LETTERS:
        group = [t for t in HEXAGONS if t[0] == letter]
        rng.shuffle(group)
        tiles.extend(group)
    wafers = [k for k in TREASURE_KINDS for _ in range(WAFERS_PER_KIND)]
    rng.shuffle(wafers)
    return tuple(tiles), tuple(wafers)


def check_orders(
    tile_order: Sequence[str] = (),
    treasure_order: Sequence[str] = (),
    *,
    players: int = 2,
    options: Sequence[Option] = (),
    rolls: Sequence[int] = (),
) -> None:
    """Raise the ``InvalidRecord`` that ``full_orders`` would raise for these orders and rolls, if any, without
    dealing anything (reading a record checks them; starting its game deals them)."""
    for t in tile_order:
        if t not in HEXAGONS:
            raise InvalidRecord("record.bad_tile", tile=t)
    repeated = [t for t, n in Counter(tile_order).items() if n > 1]
    if repeated:
        raise InvalidRecord("record.tile_twice", tile=repeated[0])
    for k in treasure_order:
        if k not in TREASURE_KINDS:
            raise InvalidRecord("record.bad_kind", kind=k, kinds=TREASURE_KINDS)
    over = [k for k, n in Counter(treasure_order).items() if n > WAFERS_PER_KIND]
    if over:
        raise InvalidRecord("record.kind_too_often", kind=over[0], n=WAFERS_PER_KIND)
    dice = dice_of(options)
    if rolls and dice is None:
        raise InvalidRecord("record.rolls_without_dice")
    if dice is not None:
        low, high = roll_range(dice)
        for r in rolls:
            if not isinstance(r, int) or isinstance(r, bool) or not low <= r <= high:
                raise InvalidRecord("record.bad_roll", roll=repr(r), dice=dice[0], faces=dice[1], low=low, high=high)
    if Option.RANDOMTERRAIN in options:
        check_prefix(players, tile_order)


def full_orders(
    seed: int,
    tile_order: Sequence[str] = (),
    treasure_order: Sequence[str] = (),
    *,
    players: int = 2,
    options: Sequence[Option] = (),
    rolls: Sequence[int] = (),
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    """Return both orders and the rolls: the named ones first, the rest from the seed. Raises ``InvalidRecord``
    (``check_orders``).

    The seed's generator shuffles the hexagons and the wafers (``seeded_orders``), then, with an
    Indiana Jones option, rolls 48 times; with random terrain it then draws the hexagons that
    ``tile_order`` does not name, one by one from the stack of the moment (rules.md §7.5.2)."""
    check_orders(tile_order, treasure_order, players=players, options=options, rolls=rolls)
    dice = dice_of(options)
    if (len(tile_order) == len(HEXAGONS) and len(treasure_order) == len(TREASURE_KINDS) * WAFERS_PER_KIND
            and (dice is None or len(rolls) >= MAX_ROLLS)):
        # Everything is named (a record with its full orders, checked above: no hexagon twice, no kind too often):
        # the seed would deal nothing, so no generator is made.
        return tuple(tile_order), tuple(treasure_order), tuple(rolls) if dice is not None else ()
    from random import Random

    rng = Random(seed)
    seeded_tiles, seeded_wafers = _shuffled(rng)
    named = set(tile_order)
    tiles = (*tile_order, *(t for t in seeded_tiles if t not in named))
    left = Counter(treasure_order)
    rest = []
    for k in seeded_wafers:
        if left[k]:
            left[k] -= 1
        else:
            rest.append(k)
    all_rolls: tuple[int, ...] = ()
    if dice is not None:
        seeded = [sum(rng.randint(1, dice[1]) for _ in range(dice[0])) for _ in range(MAX_ROLLS)]
        all_rolls = (*rolls, *seeded[len(rolls):])
    if Option.RANDOMTERRAIN in options:
        tiles = complete_order(players, tile_order, rng)
    return tiles, (*treasure_order, *rest), all_rolls


def new_game(
    players: Sequence[str],
    variant: Variant | str = Variant.BASIC,
    seed: int | None = None,
    *,
    tile_order: Sequence[str] = (),
    treasure_order: Sequence[str] = (),
    options: Sequence[str] | None = (),
    rolls: Sequence[int] | None = (),
) -> GameState:
    """Start a game and return its first state (version 0, seat 1 to act).

    ``options`` are the option names of rules.md §7.0 in any order (kept in canonical order); ``rolls`` the
    first dice totals of an Indiana Jones game (the rest come from the seed). Without a seed, one of
    64 bits is drawn from a secure source (ruling 13). Raises ``InvalidRecord`` on bad seats,
    variant, options, rolls or orders.
    """
    try:
        variant = Variant(variant)
    except ValueError:
        raise InvalidRecord("record.bad_variant", variant=str(variant)) from None
    chosen = canonical_options(options, variant.value)
    check_players(players, option_words(chosen, variant.value))
    if seed is None:
        import secrets  # only here: it loads hashlib and OpenSSL, a tenth of the engine's import time

        seed = secrets.randbits(64)
    tiles, wafers, all_rolls = full_orders(seed, tile_order, treasure_order, players=len(players), options=chosen,
                                           rolls=rolls or ())
    state = blank_state(Setup(tuple(players), variant, seed, tiles, wafers, chosen, all_rolls))
    start_game(state)
    return state

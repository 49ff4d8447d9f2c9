"""The game's components: the 36 terrain hexagons, the pre-printed spaces, temple tiles and wafers
(SPEC sections 1–2)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .board import parse_space
from .messages import Msg


class Terrain(StrEnum):
    BASECAMP = "basecamp"
    TEMPLE = "temple"
    JUNGLE = "jungle"
    TREASURE = "treasure"
    VOLCANO = "volcano"


@dataclass(frozen=True, slots=True)
class Hexagon:
    """A terrain hexagon as printed: ``stones[side]`` at rotation 0, sides N, NE, SE, S, SW, NW.

    ``value`` is a temple's printed value or a treasure hexagon's number of masks (0 otherwise).
    """

    id: str
    terrain: Terrain
    value: int
    stones: tuple[int, int, int, int, int, int]

    @property
    def letter(self) -> str:
        return self.id[0]

    def rotated(self, rotation: int) -> tuple[int, ...]:
        """Return the stones per side after turning the hexagon ``rotation`` × 60° clockwise."""
        r = rotation % 6
        return self.stones[-r:] + self.stones[:-r] if r else self.stones

    @property
    def rotations(self) -> tuple[tuple[int, ...], ...]:
        """The stones per side at each rotation 0–5 (``rotated`` for each)."""
        return ROTATED[self.id]

    def describe(self) -> str:
        """Return the hexagon in English, e.g. ``"temple (5)"`` or ``"treasure (3 treasures)"``."""
        if self.terrain is Terrain.TEMPLE:
            return f"temple ({self.value})"
        if self.terrain is Terrain.TREASURE:
            return f"treasure ({self.value} treasures)"
        return str(self.terrain.value)

    def words(self) -> Msg:
        """The hexagon as a player names it, in any language: ``temple (value 5)``, ``treasure hexagon with 3
        treasures`` (its masks are the treasures it holds; ``mask`` is also a treasure kind), ``jungle``."""
        if self.terrain is Terrain.TEMPLE:
            return Msg("hexagon.temple", value=self.value)
        if self.terrain is Terrain.TREASURE:
            return Msg("hexagon.treasure", n=self.value)
        if self.terrain is Terrain.JUNGLE:
            return Msg("hexagon.jungle")
        return Msg("hexagon.volcano")


def _hex(id: str, code: str, stones: str) -> Hexagon:
    kinds = {"T": Terrain.TEMPLE, "Tr": Terrain.TREASURE, "J": Terrain.JUNGLE, "V": Terrain.VOLCANO}
    head = code.rstrip("0123456789")
    value = int(code[len(head):] or 0)
    s = tuple(int(x) for x in stones.split(",")) if stones else (0, 0, 0, 0, 0, 0)
    assert len(s) == 6
    return Hexagon(id, kinds[head], value, s)


HEXAGONS: Final[dict[str, Hexagon]] = {
    h.id: h
    for h in (
        _hex("A-1", "T1", "0,0,0,2,1,0"), _hex("A-2", "Tr4", "0,0,0,2,0,1"),
        _hex("A-3", "J", "1,1,0,1,0,0"), _hex("A-4", "T2", "0,0,0,2,0,1"),
        _hex("A-5", "Tr4", "0,1,0,2,0,0"), _hex("A-6", "T2", "1,0,0,2,0,0"),
        _hex("B-1", "V", ""), _hex("B-2", "T2", "0,1,0,2,0,0"),
        _hex("B-3", "J", "0,0,0,2,1,0"), _hex("B-4", "J", "0,0,0,2,0,1"),
        _hex("B-5", "Tr4", "0,0,1,2,0,0"), _hex("B-6", "T3", "1,0,0,2,0,0"),
        _hex("C-1", "T4", "0,1,0,2,0,0"), _hex("C-2", "J", "0,0,0,3,0,0"),
        _hex("C-3", "J", "1,1,0,1,0,0"), _hex("C-4", "Tr3", "0,0,0,3,0,0"),
        _hex("C-5", "T3", "0,0,0,3,0,0"), _hex("D-1", "T5", "0,0,0,3,0,0"),
        _hex("D-2", "Tr3", "0,0,0,3,0,0"), _hex("D-3", "V", ""),
        _hex("D-4", "J", "0,1,0,1,0,1"), _hex("D-5", "T5", "1,0,0,2,0,0"),
        _hex("E-1", "T6", "0,0,0,3,0,0"), _hex("E-2", "Tr2", "0,0,1,2,0,0"),
        _hex("E-3", "J", "1,0,0,2,0,0"), _hex("E-4", "J", "1,0,0,2,0,0"),
        _hex("E-5", "T5", "0,0,0,3,0,0"), _hex("F-1", "T4", "0,0,0,3,0,0"),
        _hex("F-2", "V", ""), _hex("F-3", "J", "1,0,0,2,0,0"),
        _hex("F-4", "Tr2", "1,0,0,2,0,0"), _hex("F-5", "T4", "0,0,0,2,1,0"),
        _hex("G-1", "T3", "0,0,1,2,0,0"), _hex("G-2", "J", "1,0,0,2,0,0"),
        _hex("G-3", "T3", "0,0,0,2,0,1"), _hex("G-4", "Tr2", "0,0,0,3,0,0"),
    )
}
"""The 36 terrain hexagons by id, in id order."""

ROTATED: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    h.id: tuple(h.rotated(r) for r in range(6)) for h in HEXAGONS.values()
}
"""Per hexagon id, its stones per side at each rotation 0–5 (``Hexagon.rotations``)."""

LETTERS: Final = "ABCDEFG"


@dataclass(frozen=True, slots=True)
class PrintedSpace:
    space: int
    terrain: Terrain
    value: int
    stones: tuple[int, int, int, int, int, int]


def _printed(name: str, terrain: Terrain, value: int, stones: dict[int, int]) -> PrintedSpace:
    space = parse_space(name)
    assert space is not None
    s = tuple(stones.get(side, 0) for side in range(6))
    return PrintedSpace(space, terrain, value, s)  # type: ignore[arg-type]


PRINTED: Final[tuple[PrintedSpace, ...]] = (
    _printed("A1", Terrain.BASECAMP, 0, {0: 1, 1: 1, 2: 1}),
    _printed("A2", Terrain.TEMPLE, 1, {0: 1, 1: 1, 3: 1}),
    _printed("B1", Terrain.TEMPLE, 1, {1: 1, 5: 1}),
    _printed("B2", Terrain.JUNGLE, 0, {0: 1, 1: 1, 2: 1}),
)
"""The four spaces printed on the board."""

TEMPLE_TILES: Final[dict[int, int]] = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
"""How many square temple-level tiles of each value the game has (48 in all)."""

TREASURE_KINDS: Final[tuple[str, ...]] = (
    "mask", "idol", "vase", "crown", "jaguar", "serpent", "eagle", "dagger",
)
WAFERS_PER_KIND: Final = 3

WORKERS: Final = 18
FIGURES: Final = WORKERS + 1
CAMPS: Final = 2
GUARDS: Final = 2
AP_PER_TURN: Final = 10
AUCTION_START_SCORE: Final = 20
LEADER_STRENGTH: Final = 3

TREASURE_POINTS: Final = {0: 0, 1: 1, 2: 3, 3: 6}
"""Points for holding n treasures of one kind."""

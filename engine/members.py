"""The enum members the rules compare with on their hot paths, as plain module names.

A member read through its class (``Phase.BID``) costs a metaclass lookup on Python 3.11, about 70 ns, a tenth of
a move's time in all; a module global (``PHASE_BID``) is a dictionary read. ``engine/state.py`` keeps its own few,
as this module is built on it."""

from __future__ import annotations

from typing import Final

from .options import Option
from .state import Phase, Stage, Variant
from .tiles import Terrain

OPTION_GUNS: Final = Option.GUNS
OPTION_NOROUND: Final = Option.NOROUND
OPTION_OBSTACLES: Final = Option.OBSTACLES
OPTION_RANDOMTERRAIN: Final = Option.RANDOMTERRAIN
PHASE_ACTIONS: Final = Phase.ACTIONS
PHASE_BID: Final = Phase.BID
PHASE_DECLARE: Final = Phase.DECLARE
PHASE_FINISHED: Final = Phase.FINISHED
PHASE_JUMP: Final = Phase.JUMP
PHASE_PICK: Final = Phase.PICK
PHASE_PLACE: Final = Phase.PLACE
PHASE_SCORING: Final = Phase.SCORING
STAGE_AUCTION: Final = Stage.AUCTION
STAGE_FINAL: Final = Stage.FINAL
STAGE_JUMPS: Final = Stage.JUMPS
STAGE_NONE: Final = Stage.NONE
STAGE_PLACING: Final = Stage.PLACING
STAGE_VOLCANOES: Final = Stage.VOLCANOES
TERRAIN_JUNGLE: Final = Terrain.JUNGLE
TERRAIN_TEMPLE: Final = Terrain.TEMPLE
TERRAIN_TREASURE: Final = Terrain.TREASURE
TERRAIN_VOLCANO: Final = Terrain.VOLCANO
VARIANT_BASIC: Final = Variant.BASIC
VARIANT_RAPIDO: Final = Variant.RAPIDO

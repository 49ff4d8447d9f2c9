"""Game records as read from JSON (docs/rules.md §6 and §7.0): the trust boundary, validated with pydantic.

Only reading a record imports this module (and pydantic): ``engine.record.read_record`` loads it when
first called, so ``import engine`` and the rules stay free of it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError, field_validator

from .errors import InvalidRecord, validation_reason
from .options import canonical_options, option_words
from .start import check_orders, check_players, new_game
from .state import GameState


class GameRecord(BaseModel):
    """A game record of rules.md §6 and §7.0."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    players: list[StrictStr]
    variant: Literal["basic", "auction", "rapido"]
    seed: StrictInt
    tile_order: list[StrictStr] = []
    treasure_order: list[StrictStr] = []
    options: list[StrictStr] | None = None
    rolls: list[StrictInt] | None = None
    moves: list[StrictStr]

    @field_validator("players")
    @classmethod
    def _players(cls, v: list[str]) -> list[str]:
        check_players(v)  # its InvalidRecord is a ValueError: pydantic keeps it, read_record passes its message on
        return v

    def start(self) -> GameState:
        """Return the game's first state. Raises ``InvalidRecord`` on bad options, rolls or orders."""
        return new_game(self.players, self.variant, self.seed, tile_order=self.tile_order,
                        treasure_order=self.treasure_order, options=self.options, rolls=self.rolls)


def read(data: Any) -> GameRecord:
    """Validate decoded JSON as a game record. Raises ``InvalidRecord`` with a readable reason."""
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "record"
        raise InvalidRecord("record.invalid", where=where, why=validation_reason(first)) from None
    options = canonical_options(record.options, record.variant)
    check_players(record.players, option_words(options, record.variant))
    check_orders(record.tile_order, record.treasure_order, players=len(record.players), options=options,
                 rolls=record.rolls or ())
    return record

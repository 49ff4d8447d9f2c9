"""Game records (docs/rules.md §4 and §6): a record is setup + seed + move list, and the state is a fold of
``apply`` over the moves.

Records are validated with pydantic where they are read (``read_record``); the model lives in
``engine.record_model``, imported only then, so that ``import engine`` does not load pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import UnreadableMove
from .moves import End, Move, Undo, parse_written
from .rules import play_into
from .start import (
    MAX_ROLLS,
    NAME_PATTERN,
    RESERVED_NAMES,
    check_players,
    full_orders,
    name_problem,
    new_game,
    seeded_orders,
)
from .state import GameState

if TYPE_CHECKING:
    from .record_model import GameRecord

__all__ = [
    "MAX_ROLLS", "NAME_PATTERN", "RESERVED_NAMES", "GameRecord", "check_players", "full_orders", "name_problem",
    "new_game", "read_record", "record_of", "replay", "seeded_orders",
]


def read_record(data: Any) -> GameRecord:
    """Validate decoded JSON as a game record. Raises ``InvalidRecord`` with a readable reason."""
    from .record_model import read

    return read(data)


def __getattr__(name: str) -> Any:
    if name == "GameRecord":
        from .record_model import GameRecord

        return GameRecord
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def record_of(state: GameState, *, full_orders: bool = True) -> dict[str, Any]:
    """Return the game record of a state as a JSON-ready dict.

    With ``full_orders`` (the default) both orders, and an Indiana Jones game's rolls, are named in
    full, so the record replays on any engine; that reveals hidden information, so use it for
    finished games (or the service's own storage) only. Options are listed in canonical order.
    """
    s = state.setup
    record: dict[str, Any] = {"players": list(s.players), "variant": s.variant.value, "seed": s.seed}
    if s.options:
        record["options"] = [o.value for o in s.options]
    if full_orders:
        record["tile_order"] = list(s.tile_order)
        record["treasure_order"] = list(s.treasure_order)
        if s.rolls:
            record["rolls"] = list(s.rolls)
    record["moves"] = list(state.log)
    return record


def replay(record: GameRecord, *, upto: int | None = None) -> GameState:
    """Fold ``apply`` over the record's moves (the first ``upto`` of them) and return the state.

    Raises the first move's ``EngineError``; its ``move_index`` attribute holds the 0-based index.
    """
    state = record.start()
    texts = record.moves[:upto]
    # A record repeats many moves ("end", "pass", "jump 2" …): each text is read once, with the move as written.
    read: dict[str, tuple[Move, str]] = {}
    undone = _undone(texts, read)
    for i, text in enumerate(texts):
        try:
            found = read.get(text)
            if found is None:
                found = read[text] = parse_written(text)
            # Only the last state is returned: each move may change it in place where nothing needs the one before,
            # an action too when no undo follows it before the turn ends.
            state = play_into(state, found[0], state, None, found[1], undone[i])
        except Exception as e:
            e.move_index = i  # type: ignore[attr-defined]
            raise
    return state


def _undone(texts: list[str], read: dict[str, tuple[Move, str]]) -> list[bool]:
    """Per move of ``texts``, whether an ``undo`` may take it back: ``False`` when an ``end`` follows it with no
    ``undo`` between (the end, or an earlier end of the turn, clears what an undo needs, and an illegal move on the
    way raises, returning no state). Fills ``read`` with the texts that can be read."""
    kinds: list[type | None] = []
    for text in texts:
        found = read.get(text)
        if found is None:
            try:
                found = read[text] = parse_written(text)
            except UnreadableMove:
                kinds.append(None)  # raised again where it comes
                continue
        kinds.append(type(found[0]))
    undone = [True] * len(texts)
    ended = False  # an end follows, with no undo before it
    for i in range(len(texts) - 1, -1, -1):
        undone[i] = not ended
        kind = kinds[i]
        if kind is End:
            ended = True
        elif kind is Undo:
            ended = False
    return undone

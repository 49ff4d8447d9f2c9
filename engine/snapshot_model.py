"""Snapshots as read from JSON: the pydantic models of ``engine.serial``'s snapshot and the rebuilding of a
state from them. Imported only when a snapshot is read (stored JSON is a trust boundary), so ``import
engine`` does not load pydantic.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .board import SPACE_COUNT, parse_space
from .errors import InvalidRecord, validation_reason
from .moves import parse_move
from .options import canonical_options
from .state import (
    NO_GUNS,
    NOBODY,
    GameState,
    Phase,
    ScoreEntry,
    Setup,
    Stage,
    TurnCounts,
    TurnRecord,
    Variant,
    blank_state,
)
from .tiles import HEXAGONS, TREASURE_KINDS, Terrain


class _SetupModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    players: list[str] = Field(min_length=2, max_length=4)
    variant: Variant = Field(strict=False)
    seed: int
    tile_order: list[str] = Field(min_length=36, max_length=36)
    treasure_order: list[str] = Field(min_length=24, max_length=24)
    options: list[str] = []
    rolls: list[int] = []


class _CountsModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    uncovered: dict[str, int]
    recovered: dict[str, int]
    moves: list[str]


class _VariantsModel(BaseModel):
    """Section 7's fields; a snapshot written before them has none, and gets the defaults."""

    model_config = ConfigDict(strict=True, extra="forbid")
    roll_pos: int = Field(ge=0)
    obstacles: list[list[str]]
    gun: list[int] = Field(min_length=SPACE_COUNT, max_length=SPACE_COUNT)
    fired: list[str]
    volcanoes_taken: int = Field(ge=0, le=3)
    display_volcanoes: int = Field(ge=0, le=3)
    declared_no: bool
    final_placement: bool
    stage: Stage = Field(strict=False)
    acquired: list[int]
    hands: list[str | None]
    round_order: list[int]
    chips: list[int]
    jump: list[int]
    chosen: list[int]
    slots: list[int]
    counts: list[_CountsModel]
    volcano_queue: list[int]


class _HexModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    space: str
    tile: str | None
    rotation: int = Field(ge=0, le=5)
    value: int = Field(ge=0, le=10)
    wafers: list[str]
    camp: int
    guard: int
    workers: list[int]


class _TurnModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    player: int
    scoring: bool
    moves: list[str]


class _StateModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    format: int
    version: int = Field(ge=0)
    setup: _SetupModel
    log: list[str]
    board: list[_HexModel]
    leader: list[int]
    supply: list[int]
    removed: list[int]
    camps_left: list[int]
    guards_left: list[int]
    treasures: list[dict[str, int]]
    score: list[int]
    temple_supply: dict[str, int]
    stack_pos: int = Field(ge=0, le=36)
    wafer_pos: int = Field(ge=0, le=24)
    phase: Phase = Field(strict=False)
    to_act: int
    ap: int = Field(ge=0, le=10)
    hand: str | None
    turn: int
    uncovered: dict[str, int]
    recovered: dict[str, int]
    turn_moves: list[str]
    last_turn: _TurnModel | None
    undo_base: _StateModel | None
    undo_moves: list[str]
    scoring_round: int
    scoring_queue: list[int]
    volcano_player: int
    score_log: list[list[int]]
    last_placer: int
    round: int
    shown: list[str]
    had_turn: list[bool]
    bidders: list[int]
    passed: list[bool]
    high_bid: int
    high_bidder: int
    first_passer: int
    variants: _VariantsModel | None = None


def _space(name: str) -> int:
    s = parse_space(name)
    if s is None:
        raise InvalidRecord("snapshot.not_space", name=name)
    return s


def _build(m: _StateModel) -> GameState:
    try:
        options = canonical_options(m.setup.options, m.setup.variant.value)
    except InvalidRecord as e:
        raise InvalidRecord("snapshot.nested", why=e.message) from None
    setup = Setup(tuple(m.setup.players), m.setup.variant, m.setup.seed,
                  tuple(m.setup.tile_order), tuple(m.setup.treasure_order), options, tuple(m.setup.rolls))
    if sorted(setup.tile_order) != sorted(HEXAGONS):
        raise InvalidRecord("snapshot.tile_order")
    if any(k not in TREASURE_KINDS for k in setup.treasure_order):
        raise InvalidRecord("snapshot.wafer_order")
    n = len(setup.players)
    per_player = (m.leader, m.supply, m.removed, m.camps_left, m.guards_left, m.treasures, m.score,
                  m.had_turn, m.passed)
    if any(len(x) != n for x in per_player):
        raise InvalidRecord("snapshot.player_list")
    s = blank_state(setup)
    s.version = m.version
    s.log = tuple(m.log)
    for h in m.board:
        sp = _space(h.space)
        if len(h.workers) != n:
            raise InvalidRecord("snapshot.hex_players")
        if h.tile is not None:
            if h.tile not in HEXAGONS:
                raise InvalidRecord("snapshot.unknown_tile", tile=h.tile)
            hexagon = HEXAGONS[h.tile]
            s.explored[sp] = True
            s.tile[sp] = h.tile
            s.terrain[sp] = hexagon.terrain
            s.rotation[sp] = h.rotation
            s.stones[sp] = hexagon.rotated(h.rotation)
        elif not s.explored[sp]:
            raise InvalidRecord("snapshot.no_hexagon", space=h.space)
        s.value[sp] = h.value
        s.wafers[sp] = tuple(h.wafers)
        s.camp[sp] = h.camp
        s.guard[sp] = h.guard
        for p in range(n):
            s.workers[p][sp] = h.workers[p]
    s.leader = list(m.leader)
    s.supply = list(m.supply)
    s.removed = list(m.removed)
    s.camps_left = list(m.camps_left)
    s.guards_left = list(m.guards_left)
    s.treasures = [dict(t) for t in m.treasures]
    s.score = list(m.score)
    s.temple_supply = {int(v): c for v, c in m.temple_supply.items()}
    s.stack_pos, s.wafer_pos = m.stack_pos, m.wafer_pos
    s.phase, s.to_act, s.ap, s.hand, s.turn = m.phase, m.to_act, m.ap, m.hand, m.turn
    s.uncovered = {_space(k): v for k, v in m.uncovered.items()}
    s.recovered = {_space(k): v for k, v in m.recovered.items()}
    s.turn_moves = tuple(m.turn_moves)
    s.last_turn = None if m.last_turn is None else TurnRecord(
        m.last_turn.player, m.last_turn.scoring, tuple(m.last_turn.moves))
    s.undo_base = None if m.undo_base is None else _build(m.undo_base)
    s.undo_moves = tuple(parse_move(t) for t in m.undo_moves)
    if (s.undo_base is None) != (not s.undo_moves):
        raise InvalidRecord("snapshot.undo")
    s.scoring_round = m.scoring_round
    s.scoring_queue = tuple(m.scoring_queue)
    s.volcano_player = m.volcano_player
    s.score_log = tuple(ScoreEntry(*e) for e in m.score_log)
    s.last_placer = m.last_placer
    s.round = m.round
    s.shown = tuple(m.shown)
    s.had_turn = list(m.had_turn)
    s.bidders = tuple(m.bidders)
    s.passed = list(m.passed)
    s.high_bid, s.high_bidder, s.first_passer = m.high_bid, m.high_bidder, m.first_passer
    if s.hand is not None and s.hand not in HEXAGONS:
        raise InvalidRecord("snapshot.hand", tile=s.hand)
    if any(t not in HEXAGONS for t in s.shown):
        raise InvalidRecord("snapshot.shown")
    if any(s.terrain[sp] is Terrain.VOLCANO and s.value[sp] for sp in range(SPACE_COUNT)):
        raise InvalidRecord("snapshot.volcano_value")
    if m.variants is not None:
        _build_variants(s, m.variants)
    return s


def _build_variants(s: GameState, v: _VariantsModel) -> None:
    n = len(s.players)
    per_player = (v.hands, v.chips, v.jump, v.counts)
    if any(len(x) != n for x in per_player):
        raise InvalidRecord("snapshot.option_list")
    if any(t is not None and t not in HEXAGONS for t in v.hands):
        raise InvalidRecord("snapshot.hands")
    if any(len(pair) != 2 for pair in v.obstacles):
        raise InvalidRecord("snapshot.obstacle")
    s.roll_pos = v.roll_pos
    s.obstacles = frozenset((_space(a), _space(b)) for a, b in v.obstacles)
    s.gun = NO_GUNS if all(g == NOBODY for g in v.gun) else tuple(v.gun)
    s.fired = frozenset(_space(x) for x in v.fired)
    s.volcanoes_taken, s.display_volcanoes = v.volcanoes_taken, v.display_volcanoes
    s.declared_no, s.final_placement, s.stage = v.declared_no, v.final_placement, v.stage
    s.acquired, s.hands, s.round_order = tuple(v.acquired), tuple(v.hands), tuple(v.round_order)
    s.chips, s.jump, s.chosen, s.slots = tuple(v.chips), tuple(v.jump), tuple(v.chosen), tuple(v.slots)
    s.counts = tuple(
        TurnCounts({_space(k): x for k, x in c.uncovered.items()}, {_space(k): x for k, x in c.recovered.items()},
                   tuple(c.moves))
        for c in v.counts
    )
    s.volcano_queue = tuple(v.volcano_queue)


def read(data: Any, snapshot_format: int) -> GameState:
    """Validate ``state_to_dict`` output and rebuild the state. Raises ``InvalidRecord`` if it is malformed."""
    try:
        model = _StateModel.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        raise InvalidRecord("snapshot.invalid", where=".".join(map(str, first["loc"])),
                            why=validation_reason(first)) from None
    if model.format != snapshot_format:
        raise InvalidRecord("snapshot.format", found=model.format, reads=snapshot_format)
    return _build(model)

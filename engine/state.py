"""The full game state, including what players must not see (the stack order, the wafers' kinds).

Only the service layer holds a ``GameState``; pictures, messages and computer players get a
``GameView`` (``engine.view``). A state is never changed after it is built: ``engine.rules.apply``
returns a new one. Turn, phase and auction state are explicit fields, not inferred.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .board import SPACE_COUNT
from .moves import Move
from .options import Option, volcanoes_added
from .tiles import AUCTION_START_SCORE, CAMPS, GUARDS, HEXAGONS, PRINTED, TEMPLE_TILES, WORKERS, Terrain


class Phase(StrEnum):
    """What the game waits for (the replay output's ``phase``)."""

    PLACE = "place"
    ACTIONS = "actions"
    SCORING = "scoring"
    BID = "bid"
    PICK = "pick"
    DECLARE = "declare"
    """Random terrain: the volcano's taker declares whether it scores (SPEC 7.5.4)."""
    JUMP = "jump"
    """Tikal Rápido: the players choose their chips for the next jump (SPEC 7.6.4)."""
    FINISHED = "finished"


class Variant(StrEnum):
    BASIC = "basic"
    AUCTION = "auction"
    RAPIDO = "rapido"


class Stage(StrEnum):
    """Tikal Rápido: where the round stands (SPEC 7.6); always ``NONE`` in the other variants."""

    NONE = "none"
    AUCTION = "auction"
    """Phase 1: auctions until every player holds a hexagon."""
    PLACING = "placing"
    """Phase 2: the players place their hexagons in round order."""
    JUMPS = "jumps"
    """Phase 3: jumps (choosing, then one action per player)."""
    VOLCANOES = "volcanoes"
    """After phase 3: the scoring rounds and extra turns of the volcanoes placed this round."""
    FINAL = "final"
    """The final scoring round."""


# Where a player's leader is, besides a space index.
LEADER_SUPPLY: Final = -1
LEADER_GUARD: Final = -2
LEADER_REMOVED: Final = -3

NOBODY: Final = -1
RAPIDO_CHIPS: Final = 10
NO_GUNS: Final[tuple[int, ...]] = (NOBODY,) * SPACE_COUNT


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is started from: seats, variant, seed and the full orders the seed produced."""

    players: tuple[str, ...]
    variant: Variant
    seed: int
    tile_order: tuple[str, ...]
    treasure_order: tuple[str, ...]
    options: tuple[Option, ...] = ()
    """The game's options in canonical order (SPEC 7.0.1)."""
    rolls: tuple[int, ...] = ()
    """Indiana Jones: every dice total the game may use, in the order rolled (empty without the option)."""

    def has(self, option: Option) -> bool:
        return option in self.options


@dataclass(frozen=True, slots=True)
class TurnCounts:
    """Tikal Rápido: what one player did in phase 3 so far, the limits "per turn" count over it."""

    uncovered: dict[int, int]
    recovered: dict[int, int]
    moves: tuple[str, ...]


NO_COUNTS: Final = TurnCounts({}, {}, ())


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A finished turn: who, whether it was a normal or a scoring turn, and its actions in order."""

    player: int
    scoring: bool
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    """One player's score in one scoring round (round 1…4)."""

    round: int
    player: int
    temples: int
    treasures: int
    total: int


class GameState:
    """A snapshot of a game. Build one with ``engine.new_game``; change it only through ``engine.apply``."""

    __slots__ = (
        "_paths", "acquired", "ap", "bidders", "camp", "camps_left", "chips", "chosen", "counts", "declared_no",
        "display_volcanoes", "explored", "final_placement", "fired", "first_passer", "guard", "guards_left",
        "gun", "had_turn", "hand", "hands", "high_bid", "high_bidder", "jump", "last_placer", "last_turn",
        "leader", "log", "obstacles", "passed", "phase", "recovered", "removed", "roll_pos", "rotation",
        "round", "round_order", "score", "score_log", "scoring_queue", "scoring_round", "setup", "shown",
        "slots", "stack_pos", "stage", "stones", "supply", "temple_supply", "terrain", "tile", "to_act",
        "treasures", "turn", "turn_moves", "uncovered", "undo_base", "undo_moves", "value", "version",
        "volcano_player", "volcano_queue", "volcanoes_taken", "wafer_pos", "wafers", "workers",
    )

    setup: Setup
    version: int
    log: tuple[str, ...]
    # the board, per space index
    explored: list[bool]
    tile: list[str | None]
    terrain: list[Terrain | None]
    rotation: list[int]
    stones: list[tuple[int, ...]]
    value: list[int]
    wafers: list[tuple[str, ...]]
    camp: list[int]
    guard: list[int]
    workers: list[list[int]]
    leader: list[int]
    # the players, per seat
    supply: list[int]
    removed: list[int]
    camps_left: list[int]
    guards_left: list[int]
    treasures: list[dict[str, int]]
    score: list[int]
    temple_supply: dict[int, int]
    stack_pos: int
    wafer_pos: int
    # the flow of play
    phase: Phase
    to_act: int
    ap: int
    hand: str | None
    turn: int
    uncovered: dict[int, int]
    recovered: dict[int, int]
    turn_moves: tuple[str, ...]
    last_turn: TurnRecord | None
    undo_base: GameState | None
    undo_moves: tuple[Move, ...]
    scoring_round: int
    scoring_queue: tuple[int, ...]
    volcano_player: int
    score_log: tuple[ScoreEntry, ...]
    last_placer: int
    # the auction
    round: int
    shown: tuple[str, ...]
    had_turn: list[bool]
    bidders: tuple[int, ...]
    passed: list[bool]
    high_bid: int
    high_bidder: int
    first_passer: int
    _paths: dict[int, dict[int, int]]
    # Indiana Jones (7.2)
    roll_pos: int
    """Rolls made so far (``setup.rolls[:roll_pos]``)."""
    # obstacles (7.3) and machine guns (7.4)
    obstacles: frozenset[tuple[int, int]]
    """Borders with an obstacle, as ``(lower space, higher space)``."""
    gun: tuple[int, ...]
    """Per space, the owner of the machine gun there or ``NOBODY``."""
    fired: frozenset[int]
    """Guns that cannot fire in the turn under way (fired, or mounted, this turn)."""
    # random terrain (7.5)
    volcanoes_taken: int
    display_volcanoes: int
    """Volcanoes in the current round's display as it was drawn."""
    declared_no: bool
    """A volcano of the current round's display was declared ``score no``."""
    final_placement: bool
    """The game's third volcano is being placed: the game ends with that placement."""
    # Tikal Rápido (7.6)
    stage: Stage
    acquired: tuple[int, ...]
    """Phase 1: seats in the order they acquired their hexagon this round."""
    hands: tuple[str | None, ...]
    """Per seat, the hexagon acquired and not yet placed."""
    round_order: tuple[int, ...]
    chips: tuple[int, ...]
    jump: tuple[int, ...]
    """Per seat, the chips chosen for the jump under way (0: not chosen, or no chips)."""
    chosen: tuple[int, ...]
    """Seats that chose in the jump under way, in round order."""
    slots: tuple[int, ...]
    """Seats still to act after ``to_act`` in the jump's action slots."""
    counts: tuple[TurnCounts, ...]
    """Per seat, its phase 3 so far (swapped into ``uncovered``, ``recovered``, ``turn_moves`` in its slot)."""
    volcano_queue: tuple[int, ...]
    """Seats that placed a volcano this round and still wait for its scoring round, in round order."""

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def variant(self) -> Variant:
        return self.setup.variant

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def guns_mounted(self) -> bool:
        """Whether any machine gun may stand on the board (a fast test for games without one)."""
        return self.gun is not NO_GUNS

    @property
    def stack_left(self) -> int:
        """Hexagons still in the face-down stack (not counting shown or in-hand ones); with random
        terrain 33 + volcanoes added − hexagons drawn (SPEC 7.5.3)."""
        if Option.RANDOMTERRAIN in self.setup.options:
            return self.volcanoes_added + len(self.setup.tile_order) - 3 - self.stack_pos
        return len(self.setup.tile_order) - self.stack_pos

    @property
    def volcanoes_added(self) -> int:
        """Random terrain: volcanoes shuffled into the stack so far (SPEC 7.5.1); 3 in other games."""
        if Option.RANDOMTERRAIN in self.setup.options:
            return volcanoes_added(len(self.players), self.stack_pos)
        return 3

    def clone(self) -> GameState:
        """Return a copy that can be changed without touching this state.

        Every slot is written out (a loop over ``__slots__`` costs six times as much); the lists
        and dicts that actions change in place are copied, everything else is immutable and shared.
        """
        c = GameState.__new__(GameState)
        c._paths = self._paths
        c.acquired = self.acquired
        c.ap = self.ap
        c.bidders = self.bidders
        c.camp = list(self.camp)
        c.camps_left = list(self.camps_left)
        c.chips = self.chips
        c.chosen = self.chosen
        c.counts = self.counts
        c.declared_no = self.declared_no
        c.display_volcanoes = self.display_volcanoes
        c.explored = list(self.explored)
        c.final_placement = self.final_placement
        c.fired = self.fired
        c.first_passer = self.first_passer
        c.guard = list(self.guard)
        c.guards_left = list(self.guards_left)
        c.gun = self.gun
        c.had_turn = list(self.had_turn)
        c.hand = self.hand
        c.hands = self.hands
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.jump = self.jump
        c.last_placer = self.last_placer
        c.last_turn = self.last_turn
        c.leader = list(self.leader)
        c.log = self.log
        c.obstacles = self.obstacles
        c.passed = list(self.passed)
        c.phase = self.phase
        c.recovered = dict(self.recovered)
        c.removed = list(self.removed)
        c.roll_pos = self.roll_pos
        c.rotation = list(self.rotation)
        c.round = self.round
        c.round_order = self.round_order
        c.score = list(self.score)
        c.score_log = self.score_log
        c.scoring_queue = self.scoring_queue
        c.scoring_round = self.scoring_round
        c.setup = self.setup
        c.shown = self.shown
        c.slots = self.slots
        c.stack_pos = self.stack_pos
        c.stage = self.stage
        c.stones = list(self.stones)
        c.supply = list(self.supply)
        c.temple_supply = dict(self.temple_supply)
        c.terrain = list(self.terrain)
        c.tile = list(self.tile)
        c.to_act = self.to_act
        c.treasures = [dict(t) for t in self.treasures]
        c.turn = self.turn
        c.turn_moves = self.turn_moves
        c.uncovered = dict(self.uncovered)
        c.undo_base = self.undo_base
        c.undo_moves = self.undo_moves
        c.value = list(self.value)
        c.version = self.version
        c.volcano_player = self.volcano_player
        c.volcano_queue = self.volcano_queue
        c.volcanoes_taken = self.volcanoes_taken
        c.wafer_pos = self.wafer_pos
        c.wafers = list(self.wafers)
        c.workers = [list(row) for row in self.workers]
        return c

    def strength(self, player: int, space: int) -> int:
        """Return the player's strength on a space: workers count 1, the leader 3."""
        return self.workers[player][space] + (3 if self.leader[player] == space else 0)

    def figures_at(self, player: int, space: int) -> int:
        """Return how many of the player's figures (workers and leader) stand on a space."""
        return self.workers[player][space] + (1 if self.leader[player] == space else 0)

    def __eq__(self, other: object) -> bool:
        """Two states are equal when every field is (the path cache aside)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _COMPARED)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.players[self.to_act] if self.to_act >= 0 else None
        return f"<GameState v{self.version} {self.phase.value} to_act={who} ap={self.ap}>"


_COMPARED: Final = tuple(name for name in GameState.__slots__ if name != "_paths")


def blank_state(setup: Setup) -> GameState:
    """Return the state before the first move: printed spaces, full supplies, nobody acting yet."""
    n = len(setup.players)
    s = GameState.__new__(GameState)
    s.setup = setup
    s.version = 0
    s.log = ()
    s.explored = [False] * SPACE_COUNT
    s.tile = [None] * SPACE_COUNT
    s.terrain = [None] * SPACE_COUNT
    s.rotation = [0] * SPACE_COUNT
    s.stones = [(0, 0, 0, 0, 0, 0)] * SPACE_COUNT
    s.value = [0] * SPACE_COUNT
    s.wafers = [()] * SPACE_COUNT
    s.camp = [NOBODY] * SPACE_COUNT
    s.guard = [NOBODY] * SPACE_COUNT
    for p in PRINTED:
        s.explored[p.space] = True
        s.terrain[p.space] = p.terrain
        s.stones[p.space] = p.stones
        s.value[p.space] = p.value
    s.workers = [[0] * SPACE_COUNT for _ in range(n)]
    s.leader = [LEADER_SUPPLY] * n
    s.supply = [WORKERS] * n
    s.removed = [0] * n
    s.camps_left = [CAMPS] * n
    s.guards_left = [GUARDS] * n
    s.treasures = [{} for _ in range(n)]
    s.score = [0 if setup.variant is Variant.BASIC else AUCTION_START_SCORE] * n
    s.temple_supply = dict(TEMPLE_TILES)
    s.stack_pos = 0
    s.wafer_pos = 0
    s.phase = Phase.PLACE
    s.to_act = 0
    s.ap = 10
    s.hand = None
    s.turn = 0
    s.uncovered = {}
    s.recovered = {}
    s.turn_moves = ()
    s.last_turn = None
    s.undo_base = None
    s.undo_moves = ()
    s.scoring_round = 0
    s.scoring_queue = ()
    s.volcano_player = NOBODY
    s.score_log = ()
    s.last_placer = NOBODY
    s.round = 0
    s.shown = ()
    s.had_turn = [False] * n
    s.bidders = ()
    s.passed = [False] * n
    s.high_bid = 0
    s.high_bidder = NOBODY
    s.first_passer = NOBODY
    s._paths = {}
    s.roll_pos = 0
    s.obstacles = frozenset()
    s.gun = NO_GUNS
    s.fired = frozenset()
    s.volcanoes_taken = 0
    s.display_volcanoes = 0
    s.declared_no = False
    s.final_placement = False
    s.stage = Stage.NONE
    s.acquired = ()
    s.hands = (None,) * n
    s.round_order = ()
    s.chips = (RAPIDO_CHIPS,) * n
    s.jump = (0,) * n
    s.chosen = ()
    s.slots = ()
    s.counts = (NO_COUNTS,) * n
    s.volcano_queue = ()
    return s


def visible_ap(state: GameState) -> int | None:
    """Return the acting player's AP as SPEC 6 and 7 show them: ``None`` while bidding, picking,
    declaring, choosing a jump, placing in Tikal Rápido's phase 2, and once the game is over."""
    if state.phase not in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING) or state.stage is Stage.PLACING:
        return None
    return state.ap


def is_volcano(tile_id: str) -> bool:
    return HEXAGONS[tile_id].terrain is Terrain.VOLCANO

"""The full game state, including what players must not see (the stack order, the wafers' kinds).

Only the service layer holds a ``GameState``; pictures, messages and computer players get a
``GameView`` (``engine.view``). A state is never changed after it is built: ``engine.rules.apply``
returns a new one. Turn, phase and auction state are explicit fields, not inferred.

Copy-on-write: the state ``apply`` returns shares every list and dict the move did not change with the
state it came from (``GameState.fork``), and the rules change a container only through ``mutable`` /
``mutable_workers`` / ``mutable_treasures``, which copy it first when it is shared. So change a state by
hand (tests, computer players) only after ``clone()``, which copies everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal, overload

from .board import SPACE_COUNT
from .moves import Move
from .options import Option, volcanoes_added
from .tiles import AUCTION_START_SCORE, CAMPS, GUARDS, HEXAGONS, PRINTED, TEMPLE_TILES, WORKERS, Terrain
from .values import quick_init


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


# An enum member read through its class costs a metaclass lookup on Python 3.11 (about 70 ns, a tenth of a
# move's time in all): the code below compares with these names instead.
_OPTION_RANDOMTERRAIN: Final = Option.RANDOMTERRAIN
_PHASE_ACTIONS: Final = Phase.ACTIONS
_PHASE_FINISHED: Final = Phase.FINISHED
_PHASE_PLACE: Final = Phase.PLACE
_PHASE_SCORING: Final = Phase.SCORING
_STAGE_NONE: Final = Stage.NONE
_STAGE_PLACING: Final = Stage.PLACING
_TERRAIN_VOLCANO: Final = Terrain.VOLCANO
_VARIANT_BASIC: Final = Variant.BASIC

# Where a player's leader is, besides a space index.
LEADER_SUPPLY: Final = -1
LEADER_GUARD: Final = -2
LEADER_REMOVED: Final = -3

NOBODY: Final = -1
RAPIDO_CHIPS: Final = 10
NO_GUNS: Final[tuple[int, ...]] = (NOBODY,) * SPACE_COUNT
LOG_TAIL: Final = 32
"""The log's newest moves kept apart from the rest (see ``GameState.log``), at most this many."""

_SHARED_FIELDS: Final = (
    "explored", "tile", "terrain", "rotation", "stones", "value", "wafers", "camp", "guard",
    "leader", "supply", "removed", "camps_left", "guards_left", "score", "had_turn", "passed",
    "temple_supply", "uncovered", "recovered",
)
"""The lists and dicts a fresh fork shares with its parent until the rules change them (``mutable``)."""
_BIT: Final[dict[str, int]] = {name: 1 << i for i, name in enumerate(_SHARED_FIELDS)}
_WORKERS: Final = 1 << len(_SHARED_FIELDS)
_TREASURES: Final = _WORKERS << 1
_WORKER_ROW: Final = _TREASURES << 1
"""``_WORKER_ROW << p``: player p's row of ``workers``; ``_TREASURE_DICT << p``: its ``treasures``."""
_TREASURE_DICT: Final = _WORKER_ROW << 4
_OWNS_ALL: Final = (_TREASURE_DICT << 4) - 1
_EXPLORED, _TILE, _TERRAIN, _ROTATION, _STONES = (_BIT[name] for name in ("explored", "tile", "terrain", "rotation",
                                                                          "stones"))
_PLACEMENT: Final = _EXPLORED | _TILE | _TERRAIN | _ROTATION | _STONES
_SUPPLY: Final = _BIT["supply"]

Edges = tuple[tuple[tuple[int, int], ...], ...]
"""The board as a graph: per space, ``(neighbour, AP to cross)`` for every border a figure may cross."""

class PathCache(dict[int, dict[int, int]]):
    """The cheapest path costs on one board: per source (``source + 40 * (mover + 1)`` while rivals' guns block
    that mover), with what they are worked out from: the board as a graph, once known, and per mover the spaces
    rivals' guns block; and single costs that walks looked up."""

    __slots__ = ("blocked", "costs", "edges", "stale")

    def __init__(self, edges: Edges | None = None, entries: dict[int, dict[int, int]] | None = None,
                 stale: tuple[Edges, tuple[int, ...]] | None = None) -> None:
        if entries:
            super().__init__(entries)
        self.edges = edges
        self.stale = stale
        """While ``edges`` is not known: an earlier board's graph and the spaces whose rows differ on this board
        (``engine.geometry.board_changed``), worked out when a path is first asked for."""
        self.blocked: dict[int, frozenset[int]] = {}
        self.costs: dict[tuple[int, int], int] = {}
        """Single costs a walk searched for (``engine.geometry.walk_cost``), per (entry key, target)."""


IntList = Literal["rotation", "value", "camp", "guard", "leader", "supply", "removed", "camps_left", "guards_left",
                  "score"]
BoolList = Literal["explored", "had_turn", "passed"]
IntDict = Literal["temple_supply", "uncovered", "recovered"]


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


@quick_init
@dataclass(frozen=True, slots=True)
class TurnCounts:
    """Tikal Rápido: what one player did in phase 3 so far, the limits "per turn" count over it."""

    uncovered: dict[int, int]
    recovered: dict[int, int]
    moves: tuple[str, ...]


NO_COUNTS: Final = TurnCounts({}, {}, ())


@quick_init
@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A finished turn: who, whether it was a normal or a scoring turn, and its actions in order."""

    player: int
    scoring: bool
    moves: tuple[str, ...]


@quick_init
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
        "_log_head", "_log_tail", "_owned", "_paths", "_prev", "acquired", "ap", "bidders", "camp", "camps_left",
        "chips", "chosen", "counts", "declared_no", "display_volcanoes", "explored", "final_placement", "fired",
        "first_passer", "guard", "guards_left", "gun", "had_turn", "hand", "hands", "high_bid", "high_bidder", "jump",
        "last_placer", "last_turn", "leader", "obstacles", "passed", "phase", "recovered", "removed", "roll_pos",
        "rotation", "round", "round_order", "score", "score_log", "scoring_queue", "scoring_round", "setup", "shown",
        "slots", "stack_pos", "stage", "stones", "supply", "temple_supply", "terrain", "tile", "to_act", "treasures",
        "turn", "turn_moves", "uncovered", "undo_base", "undo_moves", "value", "version", "volcano_player",
        "volcano_queue", "volcanoes_taken", "wafer_pos", "wafers", "workers",
    )

    setup: Setup
    version: int
    _log_head: tuple[str, ...]
    _log_tail: tuple[str, ...]
    """The log is ``_log_head + _log_tail``: appending copies only the short tail (see ``log``)."""
    _owned: int
    """Bits of the containers this state owns and may change in place (copy-on-write, see ``mutable``)."""
    _prev: GameState | None
    """The state before the last action in ``undo_moves``, so that ``undo`` need not replay the turn; ``None``
    when nothing can be undone, and on a ``clone`` (which undoes by replaying from ``undo_base``)."""
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
    """Cheapest path costs per source (and mover, with guns): a ``PathCache`` shared by every state with the same
    board, replaced when the board changes (``engine.geometry.board_changed``). Setting a plain ``{}`` by hand
    after changing the board by hand also works."""
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
        return self.phase is _PHASE_FINISHED

    @property
    def guns_mounted(self) -> bool:
        """Whether any machine gun may stand on the board (a fast test for games without one)."""
        return self.gun is not NO_GUNS

    @property
    def stack_left(self) -> int:
        """Hexagons still in the face-down stack (not counting shown or in-hand ones); with random
        terrain 33 + volcanoes added − hexagons drawn (SPEC 7.5.3)."""
        if _OPTION_RANDOMTERRAIN in self.setup.options:
            return self.volcanoes_added + len(self.setup.tile_order) - 3 - self.stack_pos
        return len(self.setup.tile_order) - self.stack_pos

    @property
    def volcanoes_added(self) -> int:
        """Random terrain: volcanoes shuffled into the stack so far (SPEC 7.5.1); 3 in other games."""
        if _OPTION_RANDOMTERRAIN in self.setup.options:
            return volcanoes_added(len(self.players), self.stack_pos)
        return 3

    @property
    def log(self) -> tuple[str, ...]:
        """Every move applied so far, in canonical notation."""
        tail = self._log_tail
        return self._log_head + tail if tail else self._log_head

    @log.setter
    def log(self, moves: tuple[str, ...]) -> None:
        self._log_head, self._log_tail = tuple(moves), ()

    def fork(self) -> GameState:
        """Return a state to build the next one in: it shares every container with this state, and the rules
        copy one only when they change it (``mutable``). Neither of the two may then be changed by hand.

        Every slot is written out (a loop over ``__slots__`` costs six times as much).
        """
        c = GameState.__new__(GameState)
        c._log_head = self._log_head
        c._log_tail = self._log_tail
        c._paths = self._paths
        c._prev = self._prev
        c.acquired = self.acquired
        c.ap = self.ap
        c.bidders = self.bidders
        c.camp = self.camp
        c.camps_left = self.camps_left
        c.chips = self.chips
        c.chosen = self.chosen
        c.counts = self.counts
        c.declared_no = self.declared_no
        c.display_volcanoes = self.display_volcanoes
        c.explored = self.explored
        c.final_placement = self.final_placement
        c.fired = self.fired
        c.first_passer = self.first_passer
        c.guard = self.guard
        c.guards_left = self.guards_left
        c.gun = self.gun
        c.had_turn = self.had_turn
        c.hand = self.hand
        c.hands = self.hands
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.jump = self.jump
        c.last_placer = self.last_placer
        c.last_turn = self.last_turn
        c.leader = self.leader
        c.obstacles = self.obstacles
        c.passed = self.passed
        c.phase = self.phase
        c.recovered = self.recovered
        c.removed = self.removed
        c.roll_pos = self.roll_pos
        c.rotation = self.rotation
        c.round = self.round
        c.round_order = self.round_order
        c.score = self.score
        c.score_log = self.score_log
        c.scoring_queue = self.scoring_queue
        c.scoring_round = self.scoring_round
        c.setup = self.setup
        c.shown = self.shown
        c.slots = self.slots
        c.stack_pos = self.stack_pos
        c.stage = self.stage
        c.stones = self.stones
        c.supply = self.supply
        c.temple_supply = self.temple_supply
        c.terrain = self.terrain
        c.tile = self.tile
        c.to_act = self.to_act
        c.treasures = self.treasures
        c.turn = self.turn
        c.turn_moves = self.turn_moves
        c.uncovered = self.uncovered
        c.undo_base = self.undo_base
        c.undo_moves = self.undo_moves
        c.value = self.value
        c.version = self.version
        c.volcano_player = self.volcano_player
        c.volcano_queue = self.volcano_queue
        c.volcanoes_taken = self.volcanoes_taken
        c.wafer_pos = self.wafer_pos
        c.wafers = self.wafers
        c.workers = self.workers
        c._owned = 0
        self._owned = 0
        return c

    def become(self, other: GameState) -> None:
        """Make this state's fields ``other``'s (``engine.inplace``): the containers are shared as by ``fork``, and
        neither of the two owns them after.

        Every slot is written out, as in ``fork``.
        """
        self._log_head = other._log_head
        self._log_tail = other._log_tail
        self._paths = other._paths
        self._prev = other._prev
        self.acquired = other.acquired
        self.ap = other.ap
        self.bidders = other.bidders
        self.camp = other.camp
        self.camps_left = other.camps_left
        self.chips = other.chips
        self.chosen = other.chosen
        self.counts = other.counts
        self.declared_no = other.declared_no
        self.display_volcanoes = other.display_volcanoes
        self.explored = other.explored
        self.final_placement = other.final_placement
        self.fired = other.fired
        self.first_passer = other.first_passer
        self.guard = other.guard
        self.guards_left = other.guards_left
        self.gun = other.gun
        self.had_turn = other.had_turn
        self.hand = other.hand
        self.hands = other.hands
        self.high_bid = other.high_bid
        self.high_bidder = other.high_bidder
        self.jump = other.jump
        self.last_placer = other.last_placer
        self.last_turn = other.last_turn
        self.leader = other.leader
        self.obstacles = other.obstacles
        self.passed = other.passed
        self.phase = other.phase
        self.recovered = other.recovered
        self.removed = other.removed
        self.roll_pos = other.roll_pos
        self.rotation = other.rotation
        self.round = other.round
        self.round_order = other.round_order
        self.score = other.score
        self.score_log = other.score_log
        self.scoring_queue = other.scoring_queue
        self.scoring_round = other.scoring_round
        self.setup = other.setup
        self.shown = other.shown
        self.slots = other.slots
        self.stack_pos = other.stack_pos
        self.stage = other.stage
        self.stones = other.stones
        self.supply = other.supply
        self.temple_supply = other.temple_supply
        self.terrain = other.terrain
        self.tile = other.tile
        self.to_act = other.to_act
        self.treasures = other.treasures
        self.turn = other.turn
        self.turn_moves = other.turn_moves
        self.uncovered = other.uncovered
        self.undo_base = other.undo_base
        self.undo_moves = other.undo_moves
        self.value = other.value
        self.version = other.version
        self.volcano_player = other.volcano_player
        self.volcano_queue = other.volcano_queue
        self.volcanoes_taken = other.volcanoes_taken
        self.wafer_pos = other.wafer_pos
        self.wafers = other.wafers
        self.workers = other.workers
        self._owned = 0
        other._owned = 0

    def clone(self) -> GameState:
        """Return a copy that can be changed by hand without touching this state: every list and dict is copied."""
        c = self.fork()
        c.camp = list(self.camp)
        c.camps_left = list(self.camps_left)
        c.explored = list(self.explored)
        c.guard = list(self.guard)
        c.guards_left = list(self.guards_left)
        c.had_turn = list(self.had_turn)
        c.leader = list(self.leader)
        c.passed = list(self.passed)
        c.recovered = dict(self.recovered)
        c.removed = list(self.removed)
        c.rotation = list(self.rotation)
        c.score = list(self.score)
        c.stones = list(self.stones)
        c.supply = list(self.supply)
        c.temple_supply = dict(self.temple_supply)
        c.terrain = list(self.terrain)
        c.tile = list(self.tile)
        c.treasures = [dict(t) for t in self.treasures]
        c.uncovered = dict(self.uncovered)
        c.value = list(self.value)
        c.wafers = list(self.wafers)
        c.workers = [list(row) for row in self.workers]
        c._owned = _OWNS_ALL
        c._prev = None
        return c

    @overload
    def mutable(self, name: IntList) -> list[int]: ...
    @overload
    def mutable(self, name: BoolList) -> list[bool]: ...
    @overload
    def mutable(self, name: IntDict) -> dict[int, int]: ...
    @overload
    def mutable(self, name: Literal["tile"]) -> list[str | None]: ...
    @overload
    def mutable(self, name: Literal["terrain"]) -> list[Terrain | None]: ...
    @overload
    def mutable(self, name: Literal["stones"]) -> list[tuple[int, ...]]: ...
    @overload
    def mutable(self, name: Literal["wafers"]) -> list[tuple[str, ...]]: ...

    def mutable(self, name: str) -> Any:
        """Return the list or dict field ``name`` to change in place, copied first if this state shares it."""
        bit = _BIT[name]
        if self._owned & bit:
            return getattr(self, name)
        value = getattr(self, name).copy()
        setattr(self, name, value)
        self._owned |= bit
        return value

    def mutable_placement(self) -> tuple[list[bool], list[str | None], list[Terrain | None], list[int],
                                         list[tuple[int, ...]]]:
        """Return ``explored``, ``tile``, ``terrain``, ``rotation`` and ``stones``, the lists a hexagon placed changes,
        to change in place (copy-on-write, as ``mutable``)."""
        owned = self._owned
        if owned & _PLACEMENT != _PLACEMENT:
            if not owned & _EXPLORED:
                self.explored = self.explored.copy()
            if not owned & _TILE:
                self.tile = self.tile.copy()
            if not owned & _TERRAIN:
                self.terrain = self.terrain.copy()
            if not owned & _ROTATION:
                self.rotation = self.rotation.copy()
            if not owned & _STONES:
                self.stones = self.stones.copy()
            self._owned = owned | _PLACEMENT
        return self.explored, self.tile, self.terrain, self.rotation, self.stones

    def mutable_workers(self, player: int) -> list[int]:
        """Return the player's row of ``workers`` to change in place (copy-on-write, as ``mutable``)."""
        owned = self._owned
        bit = _WORKER_ROW << player
        workers = self.workers
        if owned & bit:
            return workers[player]
        if not owned & _WORKERS:
            workers = self.workers = workers.copy()
        row = workers[player] = workers[player].copy()
        self._owned = owned | bit | _WORKERS
        return row

    def mutable_supply(self) -> list[int]:
        """``mutable("supply")`` written out: a deployment, the commonest move after a walk, changes it."""
        if self._owned & _SUPPLY:
            return self.supply
        supply = self.supply = self.supply.copy()
        self._owned |= _SUPPLY
        return supply

    def mutable_treasures(self, player: int) -> dict[str, int]:
        """Return the player's ``treasures`` to change in place (copy-on-write, as ``mutable``)."""
        owned = self._owned
        bit = _TREASURE_DICT << player
        if not owned & bit:
            if not owned & _TREASURES:
                self.treasures = list(self.treasures)
            self.treasures[player] = dict(self.treasures[player])
            self._owned = owned | bit | _TREASURES
        return self.treasures[player]

    def strength(self, player: int, space: int) -> int:
        """Return the player's strength on a space: workers count 1, the leader 3."""
        return self.workers[player][space] + (3 if self.leader[player] == space else 0)

    def figures_at(self, player: int, space: int) -> int:
        """Return how many of the player's figures (workers and leader) stand on a space."""
        return self.workers[player][space] + (1 if self.leader[player] == space else 0)

    def __eq__(self, other: object) -> bool:
        """Two states are equal when every field is (the caches and the copy-on-write bookkeeping aside)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _COMPARED)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.players[self.to_act] if self.to_act >= 0 else None
        return f"<GameState v{self.version} {self.phase.value} to_act={who} ap={self.ap}>"


_COMPARED: Final = ("log", *(name for name in GameState.__slots__ if not name.startswith("_")))


def blank_state(setup: Setup) -> GameState:
    """Return the state before the first move: printed spaces, full supplies, nobody acting yet."""
    n = len(setup.players)
    s = GameState.__new__(GameState)
    s.setup = setup
    s.version = 0
    s.log = ()
    s._owned = _OWNS_ALL
    s._prev = None
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
    s.score = [0 if setup.variant is _VARIANT_BASIC else AUCTION_START_SCORE] * n
    s.temple_supply = dict(TEMPLE_TILES)
    s.stack_pos = 0
    s.wafer_pos = 0
    s.phase = _PHASE_PLACE
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
    s._paths = PathCache()
    s.roll_pos = 0
    s.obstacles = frozenset()
    s.gun = NO_GUNS
    s.fired = frozenset()
    s.volcanoes_taken = 0
    s.display_volcanoes = 0
    s.declared_no = False
    s.final_placement = False
    s.stage = _STAGE_NONE
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
    if state.phase not in (_PHASE_PLACE, _PHASE_ACTIONS, _PHASE_SCORING) or state.stage is _STAGE_PLACING:
        return None
    return state.ap


_VOLCANOES: Final = frozenset(h.id for h in HEXAGONS.values() if h.terrain is _TERRAIN_VOLCANO)


def is_volcano(tile_id: str) -> bool:
    return tile_id in _VOLCANOES

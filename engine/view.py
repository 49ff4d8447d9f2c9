"""What a player or a spectator may see of a game (SPEC ruling 13).

A ``GameView`` holds no stack order, no wafer kinds still on the board, no seed: pictures, messages
and computer players get a view, never the state. In Tikal nothing is private to one player, so a
player's view differs from a spectator's only in ``viewer``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .board import SPACE_COUNT, space_name
from .geometry import cheapest_paths, crossing_cost, passable_borders
from .rules import legal_placements, score_now
from .state import (
    LEADER_GUARD,
    LEADER_REMOVED,
    LEADER_SUPPLY,
    GameState,
    Phase,
    ScoreEntry,
    TurnRecord,
    Variant,
)
from .tiles import HEXAGONS, LETTERS, Terrain


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    score: int
    workers_supply: int
    workers_on_board: int
    leader: str
    """Where the leader is: ``supply``, ``board``, ``guard`` or ``removed``."""
    leader_space: int | None
    removed: int
    camps_left: int
    guards_left: int
    treasures: tuple[tuple[str, int], ...]
    """Kinds held with their counts, by kind name."""
    had_turn: bool
    """Auction: whether the player has had its turn this round."""
    passed: bool
    """Auction: whether the player has passed in the current bidding."""
    temple_points_now: int
    treasure_points_now: int


@dataclass(frozen=True, slots=True)
class SpaceView:
    space: int
    name: str
    explored: bool
    terrain: Terrain | None
    tile: str | None
    """The hexagon's id; ``None`` on the four printed spaces and unexplored ones."""
    rotation: int
    stones: tuple[int, ...]
    """Stones per side N, NE, SE, S, SW, NW as they lie now."""
    value: int | None
    """A temple's top value."""
    wafers: int
    """How many wafers are left (their kinds are hidden)."""
    camp: int | None
    guard: int | None
    workers: tuple[int, ...]
    """Workers per seat."""
    leaders: tuple[bool, ...]
    """Whether each seat's leader stands here."""

    def strength(self, seat: int) -> int:
        return self.workers[seat] + (3 if self.leaders[seat] else 0)


@dataclass(frozen=True, slots=True)
class GameView:
    viewer: int | None
    variant: Variant
    version: int
    players: tuple[PlayerView, ...]
    spaces: tuple[SpaceView, ...]
    phase: Phase
    to_act: int | None
    ap_left: int | None
    hand: str | None
    """The hexagon in hand (drawn or picked, face up), or set aside for a scoring round."""
    placements: tuple[tuple[int, int], ...]
    """Legal ``(space, rotation)`` for the hexagon in hand while placing."""
    shown: tuple[str, ...]
    """Auction: the hexagons still shown this round, in the order drawn (``pick k`` takes the k-th)."""
    bidders: tuple[int, ...]
    high_bid: int
    high_bidder: int | None
    turn: int
    round: int
    scoring_round: int
    """Scoring rounds begun so far (1…4); the current one while ``phase`` is ``scoring``."""
    final_scoring: bool
    stack_left: int
    stack_by_letter: tuple[tuple[str, int], ...]
    volcanoes_to_come: int
    """Volcanoes neither placed, shown nor in hand: still in the face-down stack."""
    temple_supply: tuple[tuple[int, int], ...]
    turn_moves: tuple[str, ...]
    """The current turn's actions so far, in notation."""
    last_turn: TurnRecord | None
    score_log: tuple[ScoreEntry, ...]
    log: tuple[str, ...]
    winners: tuple[int, ...]
    """Seats with the highest score once the game is finished (shared wins), else empty."""
    scoring_queue: tuple[int, ...] = ()
    """Seats still to take their scoring turn in this scoring round after the one acting."""
    volcano_player: int | None = None
    """The seat that revealed the volcano of the scoring round under way (it plays after scoring)."""
    last_placer: int | None = None
    """The seat that took the last normal turn (the final scoring starts from it)."""
    first_passer: int | None = None
    """Auction: the first seat that passed in the current bidding (it plays for free if all pass)."""

    def space(self, name: str) -> SpaceView:
        """Return the space called ``name`` (e.g. ``"C2"``)."""
        return next(s for s in self.spaces if s.name == name.upper())

    def _board(self) -> tuple[list[bool], list[Terrain | None], list[tuple[int, ...]]]:
        return ([s.explored for s in self.spaces], [s.terrain for s in self.spaces],
                [s.stones for s in self.spaces])

    def border_cost(self, space: int, side: int) -> int:
        """Return the AP to cross from ``space`` over ``side`` (0: no path there), as the rules price it."""
        return crossing_cost(*self._board(), space, side)

    def border_costs(self) -> tuple[tuple[int, int, int], ...]:
        """Return ``(space, side, cost)`` for every border a figure may cross, each border once."""
        return tuple(passable_borders(*self._board()))

    def path_costs(self, source: int) -> dict[int, int]:
        """Return the cheapest AP per figure from ``source`` to every space it can reach (ruling 1)."""
        return cheapest_paths(*self._board(), source)

    def placement_costs(self, space: int, rotation: int) -> tuple[tuple[int, int], ...]:
        """Return ``(side, cost)`` for every border the hexagon in hand would open if placed on
        ``space`` with ``rotation`` (empty without a hexagon in hand)."""
        if self.hand is None:
            return ()
        explored, terrain, stones = self._board()
        hexagon = HEXAGONS[self.hand]
        explored[space], terrain[space], stones[space] = True, hexagon.terrain, hexagon.rotated(rotation)
        return tuple((side, c) for side in range(6) if (c := crossing_cost(explored, terrain, stones, space, side)))

    def path_cost(self, source: int, target: int) -> int | None:
        """Return the cheapest AP per figure from ``source`` to ``target``, ``None`` without a path."""
        return self.path_costs(source).get(target)

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED


def _leader_state(pos: int) -> str:
    return {LEADER_SUPPLY: "supply", LEADER_GUARD: "guard", LEADER_REMOVED: "removed"}.get(pos, "board")


def view(state: GameState, player: int | None = None) -> GameView:
    """Return what seat ``player`` (or a spectator, ``None``) may see of ``state``."""
    n = len(state.players)
    spaces = tuple(
        SpaceView(
            space=s,
            name=space_name(s),
            explored=state.explored[s],
            terrain=state.terrain[s],
            tile=state.tile[s],
            rotation=state.rotation[s],
            stones=state.stones[s],
            value=state.value[s] if state.terrain[s] is Terrain.TEMPLE else None,
            wafers=len(state.wafers[s]),
            camp=state.camp[s] if state.camp[s] >= 0 else None,
            guard=state.guard[s] if state.guard[s] >= 0 else None,
            workers=tuple(state.workers[p][s] for p in range(n)),
            leaders=tuple(state.leader[p] == s for p in range(n)),
        )
        for s in range(SPACE_COUNT)
    )
    players = []
    for p, name in enumerate(state.players):
        temples, treasures = score_now(state, p)
        players.append(PlayerView(
            seat=p, name=name, score=state.score[p], workers_supply=state.supply[p],
            workers_on_board=sum(state.workers[p]), leader=_leader_state(state.leader[p]),
            leader_space=state.leader[p] if state.leader[p] >= 0 else None, removed=state.removed[p],
            camps_left=state.camps_left[p], guards_left=state.guards_left[p],
            treasures=tuple(sorted((k, c) for k, c in state.treasures[p].items() if c)),
            had_turn=state.had_turn[p], passed=state.passed[p] if state.phase is Phase.BID else False,
            temple_points_now=temples, treasure_points_now=treasures,
        ))
    stack = state.setup.tile_order[state.stack_pos:]
    letters = Counter(t[0] for t in stack)
    finished = state.phase is Phase.FINISHED
    best = max(state.score)
    return GameView(
        viewer=player,
        variant=state.variant,
        version=state.version,
        players=tuple(players),
        spaces=spaces,
        phase=state.phase,
        to_act=None if finished else state.to_act,
        ap_left=state.ap if state.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING) else None,
        hand=state.hand,
        placements=tuple(legal_placements(state)) if state.phase is Phase.PLACE else (),
        shown=state.shown,
        bidders=state.bidders if state.phase is Phase.BID else (),
        high_bid=state.high_bid if state.phase is Phase.BID else 0,
        high_bidder=state.high_bidder if state.phase is Phase.BID and state.high_bidder >= 0 else None,
        turn=state.turn,
        round=state.round,
        scoring_round=state.scoring_round,
        final_scoring=state.phase is Phase.SCORING and state.volcano_player < 0,
        stack_left=len(stack),
        stack_by_letter=tuple((letter, letters[letter]) for letter in LETTERS if letters[letter]),
        volcanoes_to_come=sum(1 for t in stack if HEXAGONS[t].terrain is Terrain.VOLCANO),
        temple_supply=tuple(sorted(state.temple_supply.items())),
        turn_moves=state.turn_moves,
        last_turn=state.last_turn,
        score_log=state.score_log,
        log=state.log,
        winners=tuple(p for p in range(n) if state.score[p] == best) if finished else (),
        scoring_queue=state.scoring_queue if state.phase is Phase.SCORING else (),
        volcano_player=state.volcano_player if state.volcano_player >= 0 else None,
        last_placer=state.last_placer if state.last_placer >= 0 else None,
        first_passer=state.first_passer if state.phase is Phase.BID and state.first_passer >= 0 else None,
    )

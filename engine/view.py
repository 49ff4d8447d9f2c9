"""What a player or a spectator may see of a game (docs/rules.md, ruling 13).

A ``GameView`` holds no stack order, no wafer kinds still on the board, no seed: pictures, messages
and computer players get a view, never the state. In Tikal nothing is private to one player, so a
player's view differs from a spectator's only in ``viewer``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from .board import SPACE_COUNT, space_name
from .geometry import NO_SPACES, cheapest_paths, crossing_cost, gun_blocked, passable_borders
from .indiana import rolls_made
from .members import (
    OPTION_RANDOMTERRAIN,
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_FINISHED,
    PHASE_JUMP,
    PHASE_PLACE,
    PHASE_SCORING,
    STAGE_JUMPS,
    TERRAIN_TEMPLE,
    VARIANT_RAPIDO,
)
from .options import Option, dice_of
from .rules import legal_placements, score_now
from .state import (
    LEADER_GUARD,
    LEADER_REMOVED,
    LEADER_SUPPLY,
    NOBODY,
    GameState,
    Phase,
    ScoreEntry,
    Stage,
    TurnRecord,
    Variant,
    is_volcano,
    visible_ap,
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
    gun: int | None = None
    """Machine guns (rules.md §7.4): the seat whose gun (and crew of two) stands here."""

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
    options: tuple[Option, ...] = ()
    """The game's options in canonical order (rules.md §7.0.1)."""
    obstacles: tuple[tuple[int, int], ...] = ()
    """Obstacles (rules.md §7.3): the borders with one, as ``(lower space, higher space)``, sorted."""
    fired: tuple[int, ...] = ()
    """Machine guns: spaces whose gun cannot fire in the turn under way (it fired, or was mounted, in it)."""
    rolls: tuple[int, ...] = ()
    """Indiana Jones (rules.md §7.2): the dice totals rolled so far, in order (the rolls to come are secret)."""
    dice: tuple[int, int] | None = None
    """Indiana Jones: ``(dice, faces)`` of the game's option, e.g. ``(3, 6)``; ``None`` without one."""
    volcanoes_added: int = 3
    """Random terrain (rules.md §7.5): volcanoes shuffled into the stack so far (3 in other games)."""
    volcanoes_taken: int = 0
    """Random terrain: volcanoes taken so far (the third one ends the game)."""
    display_volcanoes: int = 0
    """Random terrain: volcanoes in the current round's display as drawn (two or more: declarations)."""
    declared_no: bool = False
    """Random terrain: a volcano of the current round's display was declared ``score no``."""
    final_placement: bool = False
    """Random terrain: the game's third volcano is being placed; the game ends with that placement."""
    stage: Stage = Stage.NONE
    """Tikal Rápido (rules.md §7.6): the round's phase (auction, placing, jumps, volcanoes, final)."""
    round_order: tuple[int, ...] = ()
    """Tikal Rápido: the round's order ([] during phase 1, kept until the next round begins)."""
    hands: tuple[str | None, ...] = ()
    """Tikal Rápido: per seat, the hexagon acquired and not yet placed (empty in other games)."""
    acquired: tuple[int, ...] = ()
    """Tikal Rápido: seats in the order they acquired a hexagon this round (phase 1)."""
    chips: tuple[int, ...] = ()
    """Tikal Rápido: per seat, its chips (as before the jump until everyone has chosen; 10 outside phase 3)."""
    chosen: tuple[int, ...] = ()
    """Tikal Rápido: seats that chose in the jump under way, in round order (their numbers stay secret)."""
    jump: tuple[int | None, ...] = ()
    """Tikal Rápido: per seat, the revealed chips of the jump whose action slots are under way, else ``None``."""
    slots: tuple[int, ...] = ()
    """Tikal Rápido: seats still to act after ``to_act`` in the jump's action slots."""
    phase3_moves: tuple[tuple[str, ...], ...] = ()
    """Tikal Rápido: per seat, its actions in this round's phase 3 so far (limits per turn count over them)."""
    volcano_queue: tuple[int, ...] = ()
    """Tikal Rápido: seats that placed a volcano this round and still wait for its scoring round."""

    def space(self, name: str) -> SpaceView:
        """Return the space called ``name`` (e.g. ``"C2"``)."""
        return next(s for s in self.spaces if s.name == name.upper())

    def _board(self) -> tuple[list[bool], list[Terrain | None], list[tuple[int, ...]]]:
        return ([s.explored for s in self.spaces], [s.terrain for s in self.spaces],
                [s.stones for s in self.spaces])

    def border_cost(self, space: int, side: int) -> int:
        """Return the AP to cross from ``space`` over ``side`` (0: no path there), as the rules price it
        (an obstacle adds 2)."""
        return crossing_cost(*self._board(), space, side, frozenset(self.obstacles))

    def border_costs(self) -> tuple[tuple[int, int, int], ...]:
        """Return ``(space, side, cost)`` for every border a figure may cross, each border once."""
        return tuple(passable_borders(*self._board(), frozenset(self.obstacles)))

    def path_costs(self, source: int, mover: int | None = None) -> dict[int, int]:
        """Return the cheapest AP per figure from ``source`` to every space it can reach (ruling 1,
        obstacles counted). With ``mover`` (a seat), the other players' machine guns block the way."""
        blocked = gun_blocked([NOBODY if s.gun is None else s.gun for s in self.spaces], mover) \
            if mover is not None else NO_SPACES
        return cheapest_paths(*self._board(), source, frozenset(self.obstacles), blocked)

    def placement_costs(self, space: int, rotation: int) -> tuple[tuple[int, int], ...]:
        """Return ``(side, cost)`` for every border the hexagon in hand would open if placed on
        ``space`` with ``rotation`` (empty without a hexagon in hand)."""
        if self.hand is None:
            return ()
        explored, terrain, stones = self._board()
        hexagon = HEXAGONS[self.hand]
        explored[space], terrain[space], stones[space] = True, hexagon.terrain, hexagon.rotated(rotation)
        return tuple((side, c) for side in range(6) if (c := crossing_cost(explored, terrain, stones, space, side)))

    def path_cost(self, source: int, target: int, mover: int | None = None) -> int | None:
        """Return the cheapest AP per figure from ``source`` to ``target``, ``None`` without a path
        (``mover`` as in ``path_costs``)."""
        return self.path_costs(source, mover).get(target)

    @property
    def finished(self) -> bool:
        return self.phase is PHASE_FINISHED


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
            value=state.value[s] if state.terrain[s] is TERRAIN_TEMPLE else None,
            wafers=len(state.wafers[s]),
            camp=state.camp[s] if state.camp[s] >= 0 else None,
            guard=state.guard[s] if state.guard[s] >= 0 else None,
            workers=tuple(state.workers[p][s] for p in range(n)),
            leaders=tuple(state.leader[p] == s for p in range(n)),
            gun=state.gun[s] if state.gun[s] != NOBODY else None,
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
            had_turn=state.had_turn[p], passed=state.passed[p] if state.phase is PHASE_BID else False,
            temple_points_now=temples, treasure_points_now=treasures,
        ))
    stack = state.setup.tile_order[state.stack_pos:]
    random_terrain = state.setup.has(OPTION_RANDOMTERRAIN)
    letters = Counter(t[0] for t in stack) if not random_terrain else Counter[str]()
    drawn_volcanoes = sum(1 for t in state.setup.tile_order[: state.stack_pos] if is_volcano(t))
    finished = state.phase is PHASE_FINISHED
    best = max(state.score)
    rapido = state.variant is VARIANT_RAPIDO
    slots = rapido and state.stage is STAGE_JUMPS and state.phase is PHASE_ACTIONS
    return GameView(
        viewer=player,
        variant=state.variant,
        version=state.version,
        players=tuple(players),
        spaces=spaces,
        phase=state.phase,
        to_act=None if finished else state.to_act,
        ap_left=visible_ap(state),
        hand=state.hand,
        placements=tuple(legal_placements(state)) if state.phase is PHASE_PLACE else (),
        shown=state.shown,
        bidders=state.bidders if state.phase is PHASE_BID else (),
        high_bid=state.high_bid if state.phase is PHASE_BID else 0,
        high_bidder=state.high_bidder if state.phase is PHASE_BID and state.high_bidder >= 0 else None,
        turn=state.turn,
        round=state.round,
        scoring_round=state.scoring_round,
        final_scoring=state.phase is PHASE_SCORING and state.volcano_player < 0,
        stack_left=state.stack_left,
        stack_by_letter=tuple((letter, letters[letter]) for letter in LETTERS if letters[letter]),
        volcanoes_to_come=state.volcanoes_added - drawn_volcanoes,
        temple_supply=tuple(sorted(state.temple_supply.items())),
        turn_moves=state.turn_moves,
        last_turn=state.last_turn,
        score_log=state.score_log,
        log=_public_log(state),
        winners=tuple(p for p in range(n) if state.score[p] == best) if finished else (),
        scoring_queue=state.scoring_queue if state.phase is PHASE_SCORING else (),
        volcano_player=state.volcano_player if state.volcano_player >= 0 else None,
        last_placer=state.last_placer if state.last_placer >= 0 else None,
        first_passer=state.first_passer if state.phase is PHASE_BID and state.first_passer >= 0 else None,
        options=state.setup.options,
        obstacles=tuple(sorted(state.obstacles)),
        fired=tuple(sorted(state.fired)),
        rolls=rolls_made(state),
        dice=dice_of(state.setup.options),
        volcanoes_added=state.volcanoes_added,
        volcanoes_taken=state.volcanoes_taken,
        display_volcanoes=state.display_volcanoes,
        declared_no=state.declared_no,
        final_placement=state.final_placement,
        stage=state.stage,
        round_order=state.round_order,
        hands=state.hands if rapido else (),
        acquired=state.acquired,
        chips=state.chips if rapido else (),
        chosen=state.chosen if state.phase is PHASE_JUMP else (),
        jump=tuple(state.jump[q] if slots and q in state.chosen else None for q in range(n)) if rapido else (),
        slots=state.slots if slots else (),
        phase3_moves=_phase3_moves(state) if rapido else (),
        volcano_queue=state.volcano_queue,
    )


SECRET_JUMP: Final = "jump ?"
"""How the log shows a jump chosen while others still choose (rules.md §7.6.4: the numbers stay secret)."""


def _public_log(state: GameState) -> tuple[str, ...]:
    """The log, with the jumps chosen so far in a jump under way hidden: they are its last moves."""
    if state.phase is not PHASE_JUMP or not state.chosen:
        return state.log
    return state.log[:-len(state.chosen)] + (SECRET_JUMP,) * len(state.chosen)


def _phase3_moves(state: GameState) -> tuple[tuple[str, ...], ...]:
    if state.stage is not STAGE_JUMPS:
        return ()
    acting = state.to_act if state.phase is PHASE_ACTIONS else NOBODY
    return tuple(state.turn_moves if q == acting else c.moves for q, c in enumerate(state.counts))

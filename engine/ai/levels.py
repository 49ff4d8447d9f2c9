"""The three computer players: ``random``, ``easy`` and ``strong``.

Each decides from a view alone: it rebuilds a playable state with its own sampled secrets
(``sample.determinize``) and returns the moves it would make from now on, until the end of its turn,
its bid or its pick, or until a move reveals hidden information (a recovered wafer), after which it
must be asked again with the new view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Final

from ..legal import legal_moves
from ..moves import Bid, Declare, Move, Pass, Pick, Place, Undo
from ..options import Option
from ..rapido import in_slot
from ..rules import apply, score_now
from ..state import NOBODY, GameState, Phase, Stage, Variant
from ..tiles import HEXAGONS, Terrain
from ..view import GameView
from .dice import at_most, never_hit
from .evaluate import EASY, STRONG, Context, Weights, make_context
from .features import model_values
from .model import Model, strong_model
from .rapido import CHIP_VALUE, choose_jump, plan_slot
from .sample import determinize
from .search import Budget, finish, plan_normal_turn, rank_placements

STRONG_BUDGET: Final = Budget(width=6, nodes=900, placements=5, replies=5, reply_nodes=150)
"""Three or four players. Width 4, 450 positions, 3 placements and 3 plans checked used a third of the time a turn
may take (median 106 ms); this search uses about two thirds of it and kept 10 points more per game over its best
rival in basic games against the three rivals of ``rivals/`` (see docs/performance.md)."""
STRONG_TWO_BUDGET: Final = Budget(width=8, nodes=1400, placements=6, replies=8, reply_nodes=250)
"""Two players: one opponent's reply to check instead of three leaves the time for a wider search (against easy:
94% of 50 games with width 6 and 900 positions against 82% with width 4 and 450; this one won 91 of 100 tuning
games where width 6 and 900 positions won 80, see docs/performance.md)."""
EASY_BUDGET: Final = Budget(width=1, nodes=120, placements=1)
RAPIDO_BUDGET: Final = Budget(width=3, nodes=250, placements=1)
"""The strong player's search of a plan for its chips in Tikal Rápido's phase 3."""
EASY_CHIP_VALUE: Final = 0.1
BID_SHARE: Final = 0.5
"""Share of a shown hexagon's advantage over the others the strong player will pay for it."""
PICK_SEARCH: Final = 4
"""The turn that follows an auction pick searches 4 placements in full and checks 4 plans against the opponents'
replies (5 and 5 in a turn without a pick): the pick ranks every shown hexagon's placements first, in the same
decision, whose median time would otherwise exceed the target (docs/performance.md)."""
DUEL_VOLCANO: Final = 6.0
"""Two players: what the turn before a scoring is worth to the one who leaves the volcano to the other."""

_RANDOM_WEIGHTS: Final = {"end": 0.35, "move": 1.5, "deploy": 1.5}


def random_moves(view: GameView, rng: random.Random) -> list[Move]:
    """One legal move chosen at random: a kind of move first, then an entry, then a count."""
    state = determinize(view, rng)
    groups: dict[str, list[Move]] = {}
    for entry in legal_moves(state):
        if isinstance(entry.move, Undo):
            continue
        groups.setdefault(str(entry.move).split(" ", 1)[0], []).append(entry.move)
    verbs = sorted(groups)
    verb = rng.choices(verbs, weights=[_RANDOM_WEIGHTS.get(v, 1.0) for v in verbs])[0]
    move = rng.choice(groups[verb])
    entries = [e for e in legal_moves(state) if e.move == move]
    return [rng.choice(list(entries[0].moves()))]


def _hypothetical_hand(state: GameState, tile: str) -> GameState:
    """The position as if the computer player held ``tile`` and were about to place it."""
    s = state.clone()
    s.hand, s.phase, s.ap = tile, Phase.PLACE, 10
    s.uncovered, s.recovered, s.turn_moves = {}, {}, ()
    return s


def _tile_values(state: GameState, ctx: Context, access: float) -> list[float]:
    """What each shown hexagon is worth to the computer player, on one scale."""
    values = []
    for tile in state.shown:
        if HEXAGONS[tile].terrain is Terrain.VOLCANO:
            values.append(_volcano_value(state, ctx))
            continue
        ranked = rank_placements(_hypothetical_hand(state, tile), ctx, access)
        values.append(ranked[0][0] if ranked else 0.0)
    if values:
        base = min(values)
        values = [v - base for v in values]
    return values


def _is_duel(state: GameState) -> bool:
    """Two players, two hexagons shown in an auction game: ``_duel_auction``'s case."""
    return (len(state.players) == 2 and len(state.shown) == 2 and state.variant is Variant.AUCTION
            and not state.setup.has(Option.RANDOMTERRAIN))


def _pick_and_turn(state: GameState, ctx: Context, budget: Budget, access: float, *, dice: bool) -> list[Move]:
    """The strong player's pick and, unless it starts a scoring round, the turn that follows it: the placements
    ranked to value each shown hexagon are those the turn's search starts from, and the turn needs no view or
    sampled state of its own (picking shows nothing new)."""
    picked: list[tuple[float, GameState, list[tuple[float, Place, GameState]] | None]] = []
    for k, tile in enumerate(state.shown):
        after = apply(state, Pick(k + 1))
        if HEXAGONS[tile].terrain is Terrain.VOLCANO or after.phase is not Phase.PLACE or after.to_act != ctx.me:
            picked.append((_volcano_value(state, ctx), after, None))
            continue
        placements = rank_placements(after, ctx, access)
        picked.append((placements[0][0] if placements else 0.0, after, placements))
    best = max(range(len(picked)), key=lambda k: (picked[k][0], -k))
    _, after, ranked = picked[best]
    if ranked is None:
        return [Pick(best + 1)]
    return [Pick(best + 1), *finish(plan_normal_turn(after, ctx, budget, access, ranked), dice=dice)]


def _volcano_value(state: GameState, ctx: Context) -> float:
    """A volcano shown: its scoring round comes now, worth half the player's lead in the points it would score."""
    totals = [sum(score_now(state, q)) for q in range(len(state.players))]
    return 0.5 * (totals[ctx.me] - max(t for q, t in enumerate(totals) if q != ctx.me))


def _auction(state: GameState, ctx: Context, level: str) -> list[Move]:
    access = 1.0 if level == "strong" else 0.5
    values = _tile_values(state, ctx, access)
    duel = level == "strong" and len(values) == 2 and _is_duel(state)
    if duel:
        return _duel_auction(state, ctx, values, access)
    if state.phase is Phase.PICK:
        best = max(range(len(values)), key=lambda k: (values[k], -k))
        return [Pick(best + 1)]
    low, high = state.high_bid + 1, state.score[ctx.me]
    if level != "strong" or low > high or len(values) < 2:
        return [Pass()]
    if state.variant is Variant.RAPIDO:
        return [Pass()]  # a hexagon held is no turn: measured, bidding for one cost the strong player
    ordered = sorted(values, reverse=True)
    rest = ordered[1:]
    worth = BID_SHARE * (ordered[0] - sum(rest) / len(rest))
    return [Bid(low)] if low <= worth else [Pass()]


def _duel_auction(state: GameState, ctx: Context, values: list[float], access: float) -> list[Move]:
    """Two players, two hexagons shown: whichever one a player takes, the other is the opponent's, and the
    volcano scores this round whoever takes it. A bid weighs what going first is worth to each player."""
    values = _volcano_left(state, values)
    if state.phase is Phase.PICK:
        best = max(range(2), key=lambda k: (values[k], -k))
        return [Pick(best + 1)]
    low, high = state.high_bid + 1, state.score[ctx.me]
    if low > high:
        return [Pass()]
    mine = BID_SHARE * abs(values[0] - values[1])
    if state.high_bidder == NOBODY and not any(state.passed):
        # the first bidder: a pass makes the opponent pay to go first, and if it does not, the turn is free
        rival = replace(ctx, me=1 - ctx.me, camp_cache={}, threat_cache={})
        theirs = _volcano_left(state, _tile_values(state, rival, access))
        their_worth = BID_SHARE * abs(theirs[0] - theirs[1])
        if their_worth < 1 or mine <= 2:
            return [Pass()]
    return [Bid(low)] if low <= mine else [Pass()]


def _volcano_left(state: GameState, values: list[float]) -> list[float]:
    """Two hexagons shown, one a volcano: it scores this round whoever takes it, and whoever leaves it to the
    other plays a normal turn before the scoring, so the volcano is worth that turn less than the other."""
    volcanoes = [HEXAGONS[tile].terrain is Terrain.VOLCANO for tile in state.shown]
    if volcanoes.count(True) != 1:
        return values
    k = volcanoes.index(True)
    out = values[:]
    out[k] = values[1 - k] - DUEL_VOLCANO
    return out


@dataclass(frozen=True, slots=True)
class Settings:
    """How a level searches and judges (``SETTINGS``; other values serve experiments)."""

    weights: Weights
    budget: Budget
    access: float
    model: Model | None = None
    """The fitted judgement (``features``), else ``weights`` alone."""
    two_budget: Budget | None = None
    """The search's budget in two-player games, when not ``budget``."""
    over_dice: bool = False
    """Indiana Jones: judge an uncover over the dice (``dice``), not at the sampled roll."""


SETTINGS: Final = {
    "easy": Settings(EASY, EASY_BUDGET, 0.3),
    "strong": Settings(STRONG, STRONG_BUDGET, 1.0, strong_model(), STRONG_TWO_BUDGET, over_dice=True),
}


def plan(view: GameView, level: str, seed: int, settings: Settings | None = None) -> list[Move]:
    """Return the moves the computer player of ``level`` makes from ``view`` for the seat to act.

    They run to the end of its turn (``end``), its bid or pass, or its pick (the strong player's auction pick of
    a hexagon that is not a volcano goes on with the whole turn after it, except in Tikal Rápido and in a
    two-player auction without random terrain), or stop right after a ``recover``; deterministic for ``view``
    and ``seed``. Empty once the game is over.
    """
    if view.finished or view.to_act is None:
        return []
    rng = random.Random(f"{level}:{seed}:{view.version}")
    if level == "random":
        return random_moves(view, rng)
    if level not in ("easy", "strong"):
        raise ValueError(f"unknown computer level {level!r}: use random, easy or strong")
    state = determinize(view, rng)
    chosen = settings or SETTINGS[level]
    weights, budget, access = chosen.weights, chosen.budget, chosen.access
    if chosen.two_budget is not None and len(view.players) == 2:
        budget = chosen.two_budget
    model = chosen.model
    if model is not None:
        weights = replace(weights, opponents_best=model.opponents_best, opponents_mean=model.opponents_mean)
    ctx = make_context(view, state, view.to_act, weights)
    if chosen.over_dice and view.dice is not None:
        never_hit(state, view)
        ctx.at_most = at_most(*view.dice)
    if model is not None:
        ctx.values = lambda position, c: model_values(position, c, model.weights, model.mobile, model.sharpness)
    if state.phase is Phase.PICK and level == "strong" and state.variant is Variant.AUCTION and not _is_duel(state):
        pick_budget = replace(budget, placements=min(budget.placements, PICK_SEARCH),
                              replies=min(budget.replies, PICK_SEARCH))
        return _pick_and_turn(state, ctx, pick_budget, access, dice=view.dice is not None)
    if state.phase in (Phase.BID, Phase.PICK):
        return _auction(state, ctx, level)
    if state.phase is Phase.DECLARE:
        return [_declare(state, ctx, level)]
    plans = RAPIDO_BUDGET if level == "strong" else None
    if state.phase is Phase.JUMP:
        return [choose_jump(state, ctx, CHIP_VALUE if level == "strong" else EASY_CHIP_VALUE, plans)]
    if in_slot(state):
        return plan_slot(state, ctx, plans)
    if state.stage is Stage.PLACING:
        return [rank_placements(state, ctx, access)[0][1]]
    moves = plan_normal_turn(state, ctx, budget, access)
    return finish(moves, dice=view.dice is not None)


def _declare(state: GameState, ctx: Context, level: str) -> Declare:
    """Random terrain: the strong player lets the volcano score when it gains at least as much as the best
    opponent would; the easy player always lets it score."""
    if level != "strong":
        return Declare(True)
    totals = [sum(score_now(state, q)) for q in range(len(state.players))]
    best_other = max(t for q, t in enumerate(totals) if q != ctx.me)
    return Declare(totals[ctx.me] >= best_other)

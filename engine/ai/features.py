"""The strong player's judgement: a seat's expected final score as its exact points plus weighted features.

The exact points are the seat's score, plus, for the seat taking a scoring turn, what that turn scores
when it ends. The features count points still to come, most of them times the scorings ahead of the
seat:

- temples as contests: each unguarded temple is shared among the seats by their *effective strength*
  (strength there plus a part of what they could bring in one turn of 10 AP, which is also how figures
  in the supply and in camps count), raised to a power (``sharpness``), so that a majority a rival can
  overturn is worth less than a safe one and figures beyond a safe margin add little; the next scoring
  and the later ones apart (the next one also times the chance that it comes before the seat to act
  moves again); a guarded temple counts its value at every scoring ahead;
- treasure sets at every scoring ahead (wafers found in a search at their expected value), and wafers
  the seat's figures stand by;
- figures on the board and in the supply, the leader, guards still to place and camps, by how many
  scorings are left (a guard kept is worth a later guard on a better temple);
- with the options: machine guns (and the rival workers they may fire at), obstacles on the borders of
  a temple the seat leads.

The weights and the shape (``model.json``) are data; ``python -m engine.ai.fit`` refits the weights on
self-play positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Final

from ..board import SPACE_COUNT
from ..options import Option
from ..state import LEADER_SUPPLY, NOBODY, GameState, Phase
from ..tiles import Terrain
from .evaluate import Context, _cached_threats, _my_treasures, _set_points

RANDOM_TERRAIN_SCORINGS: Final = 3
SCORINGS: Final = 4

FEATURES: Final = (
    "guarded", "contest_next", "contest_later", "contest_urgent", "treasures", "wafers_at",
    "workers_board", "workers_board_last", "supply", "leader_board", "guards_later", "guards_last", "camps",
    "ahead_1", "ahead_2", "ahead_3", "ahead_4", "guns", "gun_targets", "obstacles",
)
INDEX: Final = {name: i for i, name in enumerate(FEATURES)}
GUARDED, NEXT, LATER, URGENT = (INDEX[f] for f in ("guarded", "contest_next", "contest_later", "contest_urgent"))
TREASURES, WAFERS_AT, WORKERS_BOARD, WORKERS_BOARD_LAST, SUPPLY, LEADER_BOARD, GUARDS_LATER, GUARDS_LAST, CAMPS = (
    INDEX[f] for f in ("treasures", "wafers_at", "workers_board", "workers_board_last", "supply", "leader_board",
                       "guards_later", "guards_last", "camps"))
AHEAD: Final = {k: INDEX[f"ahead_{k}"] for k in range(1, 5)}
TEMPLE: Final = Terrain.TEMPLE


def later_scorings(state: GameState) -> int:
    """Scorings after the one under way (or after now, between scorings)."""
    if state.phase is Phase.FINISHED:
        return 0
    if state.setup.has(Option.RANDOMTERRAIN):
        return RANDOM_TERRAIN_SCORINGS - state.volcanoes_taken
    return SCORINGS - state.scoring_round


def scorings_ahead(state: GameState) -> list[int]:
    """Per seat, the scorings still to score it that its exact points do not count: the seat acting in a
    scoring turn counts this one exactly; a seat queued in it still has it ahead."""
    later = later_scorings(state)
    n = len(state.players)
    if state.phase is not Phase.SCORING:
        return [later] * n
    return [later + (1 if q in state.scoring_queue else 0) for q in range(n)]


def temple_points_now(state: GameState, q: int, temples: Sequence[int]) -> int:
    n = len(state.players)
    points = 0
    for t in temples:
        if state.guard[t] == q:
            points += state.value[t]
        elif state.guard[t] == NOBODY:
            mine = state.strength(q, t)
            if mine and all(mine > state.strength(r, t) for r in range(n) if r != q):
                points += state.value[t]
    return points


def exact_points(state: GameState, ctx: Context, temples: Sequence[int]) -> list[float]:
    """Per seat, its score plus, for the seat taking a scoring turn, what that turn scores when it ends."""
    exact = [float(x) for x in state.score]
    if state.phase is Phase.SCORING and state.to_act >= 0:
        q = state.to_act
        treasures = _my_treasures(state, ctx) if q == ctx.me else float(_set_points(state.treasures[q]))
        exact[q] += temple_points_now(state, q, temples) + treasures
    return exact


def contest_shares(strengths: Sequence[int], reach: Sequence[float], mobile: float, sharpness: float) -> list[float]:
    """Each seat's share of one temple: its effective strength (strength plus ``mobile`` times what it could
    bring in one turn) to the power ``sharpness``, over the sum of all."""
    powers = [(s + mobile * r) ** sharpness if s + r else 0.0 for s, r in zip(strengths, reach, strict=True)]
    total = sum(powers)
    return [p / total for p in powers] if total else [0.0] * len(powers)


def feature_rows(
    state: GameState, ctx: Context, mobile: float, sharpness: float
) -> tuple[list[float], list[list[float]]]:
    """Return every seat's exact points and its row of features (in the order of ``FEATURES``)."""
    n = len(state.players)
    seats = range(n)
    terrain, workers, leader, guard, value = state.terrain, state.workers, state.leader, state.guard, state.value
    temples = [s for s in range(SPACE_COUNT) if terrain[s] is TEMPLE]
    ahead = scorings_ahead(state)
    rows = [[0.0] * len(FEATURES) for _ in seats]
    threats = [_cached_threats(state, q, temples, ctx) for q in seats]
    urgency, acts = ctx.urgency, ctx.acts
    for i, t in enumerate(temples):
        v = value[t]
        owner = guard[t]
        if owner != NOBODY:
            rows[owner][GUARDED] += v * ahead[owner]
            continue
        strengths = [workers[q][t] + (3 if leader[q] == t else 0) for q in seats]
        reach = [threats[q][i] for q in seats]
        shares = contest_shares(strengths, reach, mobile, sharpness)
        # noround: what a seat could bring counts at the next scoring only if it plays before that volcano
        first = shares if acts is None else contest_shares(
            strengths, [reach[q] * acts[q] for q in seats], mobile, sharpness)
        for q in seats:
            k = ahead[q]
            if k and shares[q]:
                row = rows[q]
                row[NEXT] += v * first[q]
                row[LATER] += v * shares[q] * (k - 1)
                row[URGENT] += v * first[q] * urgency
    camps = [0] * n
    camp, wafers = state.camp, state.wafers
    for s in range(SPACE_COUNT):
        if camp[s] != NOBODY:
            camps[camp[s]] += 1
        if wafers[s]:
            left = len(wafers[s])
            for q in seats:
                figures = workers[q][s] + (1 if leader[q] == s else 0)
                if figures and ahead[q]:
                    rows[q][WAFERS_AT] += min(figures, left, 2)
    for q in seats:
        row, k = rows[q], ahead[q]
        if k:
            treasures = _my_treasures(state, ctx) if q == ctx.me else float(_set_points(state.treasures[q]))
            row[TREASURES] = treasures * k
            row[AHEAD[min(k, 4)]] = 1.0
        board = sum(workers[q])
        row[WORKERS_BOARD] = board * (k >= 2)
        row[WORKERS_BOARD_LAST] = board * (k == 1)
        row[SUPPLY] = (state.supply[q] + 3 * (leader[q] == LEADER_SUPPLY)) * (k >= 2)
        row[LEADER_BOARD] = (leader[q] >= 0) * min(k, 3)
        row[GUARDS_LATER] = state.guards_left[q] * max(k - 1, 0)
        row[GUARDS_LAST] = state.guards_left[q] * (k >= 1)
        row[CAMPS] = camps[q] * (k >= 1)
    if state.guns_mounted or state.obstacles:
        _option_features(state, rows, ahead)
    return exact_points(state, ctx, temples), rows


def _option_features(state: GameState, rows: list[list[float]], ahead: list[int]) -> None:
    n = len(state.players)
    for s, owner in enumerate(state.gun):
        if owner != NOBODY and ahead[owner]:
            rows[owner][INDEX["guns"]] += 1
            rows[owner][INDEX["gun_targets"]] += sum(state.workers[q][s] for q in range(n) if q != owner)
    for pair in state.obstacles:
        for t in pair:
            if state.terrain[t] is not Terrain.TEMPLE or state.guard[t] != NOBODY:
                continue
            strengths = [state.strength(q, t) for q in range(n)]
            best = max(strengths)
            if best and strengths.count(best) == 1 and ahead[strengths.index(best)]:
                rows[strengths.index(best)][INDEX["obstacles"]] += state.value[t]


def model_values(
    state: GameState, ctx: Context, weights: Sequence[float], mobile: float, sharpness: float
) -> list[float]:
    """Every seat's expected final score: exact points plus the weighted features."""
    exact, rows = feature_rows(state, ctx, mobile, sharpness)
    return [e + sum(map(mul, weights, row)) for e, row in zip(exact, rows, strict=True)]

"""Why a computer player's decision is good, in one line: ``explain(view, moves) -> Msg``.

The explanation is read from the seat's own view only: the decision is played on a state sampled from the
view (``sample.determinize``); the line is about the decision's key move (its parameter ``move``, in the
notation) and says its effect on the temple it touches most (the majority after it, and whether a rival could
overturn it in one turn), the treasure it recovers or the hexagon it places or buys. The result is a ``Msg``
(``ai.why.*`` codes of ``engine.messages``), so every language of ``lang`` can say it; the text does not repeat
the move, which a hint shows beside it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board import space_name
from ..errors import IllegalMove
from ..messages import Msg
from ..moves import (
    Bid,
    Camp,
    Declare,
    Deploy,
    End,
    Guard,
    Move,
    Pass,
    Pick,
    Place,
    Recover,
    Transfer,
    Uncover,
    Walk,
    parse_move,
)
from ..rules import apply, score_now
from ..state import GameState, Phase
from ..tiles import HEXAGONS, Terrain
from ..view import GameView
from .evaluate import _threats
from .features import later_scorings
from .sample import determinize


def _space_of(move: Move) -> int | None:
    """The space a move works on (where figures arrive, the temple uncovered or guarded)."""
    if isinstance(move, Deploy | Uncover | Guard | Recover | Camp | Place):
        return move.space
    if isinstance(move, Walk | Transfer):
        return move.target
    return None


def _best_rival(strengths: Sequence[int], me: int) -> int:
    others = [q for q in range(len(strengths)) if q != me]
    return max(others, key=lambda q: (strengths[q], -q))


def _temple_line(state: GameState, view: GameView, me: int, temple: int, move: Move) -> Msg:
    n = len(state.players)
    strengths = [state.strength(q, temple) for q in range(n)]
    rival = _best_rival(strengths, me)
    mine, theirs = strengths[me], strengths[rival]
    where, names = space_name(temple), [p.name for p in view.players]
    if mine > theirs:
        reach = {q: _threats(state, q, [temple])[0] for q in range(n) if q != me}
        danger = max(reach, key=lambda q: (strengths[q] + reach[q], -q))
        if strengths[danger] + reach[danger] < mine:
            return Msg("ai.why.safe", move=str(move), space=where, mine=mine, theirs=theirs, rival=names[danger])
        return Msg("ai.why.exposed", move=str(move), space=where, mine=mine, theirs=theirs, rival=names[danger],
                   n=reach[danger])
    if mine == theirs:
        return Msg("ai.why.tie", move=str(move), space=where, mine=mine, theirs=theirs, rival=names[rival])
    return Msg("ai.why.behind", move=str(move), space=where, mine=mine, theirs=theirs, rival=names[rival])


def _turn_line(state: GameState, view: GameView, me: int, moves: Sequence[Move]) -> Msg:
    before = state
    played: list[Move] = []
    for move in moves:
        if isinstance(move, End):
            break
        try:
            state = apply(state, move)
        except IllegalMove:
            break
        played.append(move)
    if not played:
        return Msg("ai.why.end", move=str(End()))
    for move in played:
        if isinstance(move, Guard):
            return Msg("ai.why.guard", move=str(move), space=space_name(move.space), value=state.value[move.space],
                       n=max(later_scorings(state) + (state.phase is Phase.SCORING), 1))
    touched: dict[int, Move] = {}
    for move in played:
        space = _space_of(move)
        if space is None or state.terrain[space] is not Terrain.TEMPLE or isinstance(move, Place):
            continue
        if space not in touched or isinstance(move, Uncover):
            touched[space] = move
    if touched:
        n = len(state.players)

        def gain(t: int) -> tuple[int, int]:
            def lead(s: GameState) -> int:
                return s.strength(me, t) - max(s.strength(q, t) for q in range(n) if q != me)
            return (lead(state) > 0) * state.value[t] + (lead(state) - lead(before)), -t

        temple = max(touched, key=gain)
        return _temple_line(state, view, me, temple, touched[temple])
    recovered = [m for m in played if isinstance(m, Recover)]
    if recovered:
        return Msg("ai.why.treasure", move=str(recovered[0]), space=space_name(recovered[0].space),
                   n=sum(m.count for m in recovered))
    for move in played:
        space = _space_of(move)
        if isinstance(move, Walk | Transfer | Deploy) and space is not None and state.wafers[space]:
            return Msg("ai.why.wafers", move=str(move), space=space_name(space), n=len(state.wafers[space]))
    for move in played:
        if isinstance(move, Camp):
            return Msg("ai.why.camp", move=str(move), space=space_name(move.space))
    first = played[0]
    if isinstance(first, Place) and state.tile[first.space] is not None:
        return Msg("ai.why.place", move=str(first), space=space_name(first.space))
    return Msg("ai.why.best", move=str(first))


def _auction_line(state: GameState, view: GameView, me: int, move: Move) -> Msg:
    if isinstance(move, Pick) and 1 <= move.index <= len(view.shown):
        return Msg("ai.why.pick", move=str(move), hexagon=HEXAGONS[view.shown[move.index - 1]].words())
    if isinstance(move, Bid):
        return Msg("ai.why.bid", move=str(move), n=move.count)
    return Msg("ai.why.pass", move=str(move), n=state.high_bid + 1)


def _declare_line(state: GameState, view: GameView, me: int, move: Declare) -> Msg:
    totals = [sum(score_now(state, q)) for q in range(len(state.players))]
    rival = _best_rival(totals, me)
    name = view.players[rival].name
    if move.score:
        return Msg("ai.why.declare_yes", move=str(move), n=totals[me], theirs=totals[rival], rival=name)
    return Msg("ai.why.declare_no", move=str(move), n=totals[rival], mine=totals[me], rival=name)


def explain(game_view: GameView, decision: Sequence[Move | str], seed: int = 0) -> Msg:
    """Return one line that says why ``decision`` (the moves of a computer player's plan, as ``plan``
    returns them, for the seat to act in ``game_view``) is good. Uses only the view."""
    moves = [parse_move(m) if isinstance(m, str) else m for m in decision]
    me = game_view.to_act
    if not moves or me is None or game_view.finished:
        return Msg("ai.why.none")
    state = determinize(game_view, random.Random(f"explain:{seed}:{game_view.version}"))
    first = moves[0]
    if state.phase in (Phase.BID, Phase.PICK) or isinstance(first, Bid | Pass | Pick):
        return _auction_line(state, game_view, me, first)
    if isinstance(first, Declare):
        return _declare_line(state, game_view, me, first)
    return _turn_line(state, game_view, me, moves)

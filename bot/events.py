"""The posts a committed move causes (the outbox rows written in its transaction).

Each post is one channel message: ``turn_ended`` (the board, the scores, a ping for the next player),
``scoring_round`` (a volcano appeared, or the final round began), ``bidding`` (ping the next bidder),
``auction_won`` (ping the winner to pick) and ``finished`` (the result and the full game record).
Payloads hold public information only (SPEC ruling 13): the record only once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine import End, GameState, Move, Phase, record_of

from .storage import NewPost

TURN_ENDED: Final = "turn_ended"
SCORING_ROUND: Final = "scoring_round"
BIDDING: Final = "bidding"
AUCTION_WON: Final = "auction_won"
FINISHED: Final = "finished"
STARTED: Final = "started"

MemberOf = Callable[[int], int | None]
"""Seat index → member id."""


def who(state: GameState, member_of: MemberOf) -> dict[str, Any] | None:
    """The player to act, for a ping: seat, seat name, member id, phase and AP."""
    if state.finished:
        return None
    seat = state.to_act
    ap = state.ap if state.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING) else None
    return {"seat": seat, "name": state.players[seat], "member_id": member_of(seat), "phase": state.phase.value,
            "ap": ap, "hand": state.hand}


def _scores(state: GameState) -> dict[str, int]:
    return dict(zip(state.players, state.score, strict=True))


def started(state: GameState, member_of: MemberOf) -> NewPost:
    seats = [{"seat": i, "name": name, "member_id": member_of(i)} for i, name in enumerate(state.players)]
    return NewPost(STARTED, {"variant": state.variant.value, "seats": seats, "next": who(state, member_of)})


def posts_for(before: GameState, move: Move, after: GameState, member_of: MemberOf) -> list[NewPost]:
    """Return the posts ``move`` causes, taking ``before`` to ``after``."""
    posts: list[NewPost] = []
    if isinstance(move, End):
        assert after.last_turn is not None
        posts.append(NewPost(TURN_ENDED, {
            "turn": before.turn, "seat": before.to_act, "player": before.players[before.to_act],
            "scoring": before.phase is Phase.SCORING, "moves": list(after.last_turn.moves),
            "scores": _scores(after), "next": who(after, member_of),
        }))
    if after.scoring_round > before.scoring_round:
        posts.append(NewPost(SCORING_ROUND, {
            "round": after.scoring_round, "final": after.volcano_player < 0, "next": who(after, member_of),
        }))
    if after.phase is Phase.BID and not isinstance(move, End) and (
        before.phase is not Phase.BID or before.to_act != after.to_act
    ):
        posts.append(NewPost(BIDDING, {
            "round": after.round, "high_bid": after.high_bid,
            "high_bidder": after.players[after.high_bidder] if after.high_bidder >= 0 else None,
            "next": who(after, member_of),
        }))
    if after.phase is Phase.PICK and before.phase is not Phase.PICK:
        winner = after.to_act
        posts.append(NewPost(AUCTION_WON, {
            "round": after.round, "price": before.score[winner] - after.score[winner], "shown": list(after.shown),
            "next": who(after, member_of),
        }))
    if after.finished and not before.finished:
        best = max(after.score)
        posts.append(NewPost(FINISHED, {
            "scores": _scores(after),
            "winners": [p for p, s in zip(after.players, after.score, strict=True) if s == best],
            "record": record_of(after),
        }))
    return posts

"""The posts the bot queues in the outbox, one kind per reason, each with a typed payload.

A post is one channel message (or DM), written in the same transaction as what caused it and sent
afterwards by the adapter's outbox. Payloads are plain JSON (stored as such) and hold public
information only (SPEC ruling 13): the record only once the game is over. ``posts_for`` gives the
posts a move causes; the clocks, moderation and seat moves queue the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from engine import End, GameState, Move, Phase, record_of


class PostKind(StrEnum):
    STARTED = "started"
    """The first board, the seat order and a ping for the first player."""
    TURN_ENDED = "turn_ended"
    """The board after a turn, the scores, a ping for the next player."""
    SCORING_ROUND = "scoring_round"
    """A volcano appeared, or the final round began."""
    BIDDING = "bidding"
    """Ping the next bidder."""
    AUCTION_WON = "auction_won"
    """Ping the winner of a bidding to pick a hexagon."""
    FINISHED = "finished"
    """The result and the full game record."""
    REMINDER = "reminder"
    """A reminder for the player to act (a reply to the turn message, or a DM)."""
    DEADLINE_SKIPPED = "deadline_skipped"
    """The deadline passed and the bot played the turn."""
    DEADLINE_WAITING = "deadline_waiting"
    """The deadline passed and the game waits for the moderators."""
    ABSENT_TURN = "absent_turn"
    """The bot played the turn of a seat whose player left."""
    COMPUTER_TURN = "computer_turn"
    """A computer player's turn (never pinged)."""
    STANDING_ORDER = "standing_order"
    """An auction standing order was played."""
    MOD_ACTION = "mod_action"
    """A moderator's action, logged in the game's channel."""
    DELIVERY_FAILED = "delivery_failed"
    """For the moderators: posts of the game could not be delivered and were given up (and why)."""


SEAT_PLAYED = frozenset({PostKind.DEADLINE_SKIPPED, PostKind.ABSENT_TURN, PostKind.COMPUTER_TURN,
                         PostKind.MOD_ACTION})
"""Posts that may say the bot played a turn for a player (a ``mod_action`` only when its action is ``skip``)."""


class Who(TypedDict):
    """The player to act, for a ping."""

    seat: int
    name: str
    member_id: int | None
    phase: str
    ap: int | None
    hand: str | None


class SeatEntry(TypedDict):
    seat: int
    name: str
    member_id: int | None


class Started(TypedDict):
    variant: str
    seats: list[SeatEntry]
    next: Who | None


class TurnEnded(TypedDict):
    turn: int
    seat: int
    player: str
    scoring: bool
    moves: list[str]
    scores: dict[str, int]
    next: Who | None


class ScoringRound(TypedDict):
    round: int
    final: bool
    next: Who | None


class Bidding(TypedDict):
    round: int
    high_bid: int
    high_bidder: str | None
    next: Who | None


class AuctionWon(TypedDict):
    round: int
    price: int
    shown: list[str]
    next: Who | None


class Finished(TypedDict):
    scores: dict[str, int]
    winners: list[str]
    record: dict[str, Any]


class Reminder(TypedDict):
    game_id: int
    member_id: int | None
    delivery: str
    seat: int
    player: str
    kind: str | None
    """``turn`` or ``bid``."""
    phase: str
    number: int
    waiting_since: float | None
    since: str | None
    deadline_at: float | None
    deadline: str | None
    reply_to: int | None


class DeadlineWaiting(TypedDict):
    game_id: int
    seat: int
    player: str
    member_id: int | None
    kind: str | None
    deadline_at: float | None
    deadline: str | None
    moderator_role_id: int | None


class SeatPlayed(TypedDict):
    """Moves the bot made for a seat (deadline, absent seat, computer player, standing order, skip)."""

    game_id: int
    seat: int
    player: str
    moves: list[str]
    member_id: int | None
    reason: NotRequired[str]
    deadline_at: NotRequired[float | None]
    deadline: NotRequired[str | None]
    level: NotRequired[str]
    """The computer player's level, when one played."""
    order: NotRequired[str]
    """The standing order's text."""


class ModDetails(TypedDict, total=False):
    """What a moderator's action changed, where it names a seat, a member or the clock."""

    seat: int
    player: str | None
    member_id: int | None
    new_member_id: int
    stopped: bool
    level: str | None
    reason: str
    moves: list[str]
    reminders: bool
    turn_hours: float | None
    bid_hours: float | None
    policy: str


class ModAction(ModDetails):
    action: str
    game_id: int
    moderator_id: int
    text: str
    """The line to show; its mentions must not notify anyone."""


class DeliveryFailed(TypedDict):
    """Posts given up in a channel or thread: how many, since when, and why (in words for a person)."""

    game_id: int
    channel_id: int
    count: int
    since: float | None
    reason: str
    moderator_role_id: int | None


Payload = (Started | TurnEnded | ScoringRound | Bidding | AuctionWon | Finished | Reminder | DeadlineWaiting
           | SeatPlayed | ModAction | DeliveryFailed)


@dataclass(frozen=True, slots=True)
class NewPost:
    """An outbox row to insert with what caused it."""

    kind: PostKind
    payload: Payload


MemberOf = Callable[[int], int | None]
"""Seat index → member id."""


def who(state: GameState, member_of: MemberOf) -> Who | None:
    """The player to act, for a ping: seat, seat name, member id, phase and AP."""
    if state.finished:
        return None
    seat = state.to_act
    ap = state.ap if state.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING) else None
    return Who(seat=seat, name=state.players[seat], member_id=member_of(seat), phase=state.phase.value, ap=ap,
               hand=state.hand)


def _scores(state: GameState) -> dict[str, int]:
    return dict(zip(state.players, state.score, strict=True))


def started(state: GameState, member_of: MemberOf) -> NewPost:
    seats = [SeatEntry(seat=i, name=name, member_id=member_of(i)) for i, name in enumerate(state.players)]
    return NewPost(PostKind.STARTED, Started(variant=state.variant.value, seats=seats, next=who(state, member_of)))


def posts_for(before: GameState, move: Move, after: GameState, member_of: MemberOf) -> list[NewPost]:
    """Return the posts ``move`` causes, taking ``before`` to ``after``."""
    posts: list[NewPost] = []
    if isinstance(move, End):
        assert after.last_turn is not None
        posts.append(NewPost(PostKind.TURN_ENDED, TurnEnded(
            turn=before.turn, seat=before.to_act, player=before.players[before.to_act],
            scoring=before.phase is Phase.SCORING, moves=list(after.last_turn.moves), scores=_scores(after),
            next=who(after, member_of),
        )))
    if after.scoring_round > before.scoring_round:
        posts.append(NewPost(PostKind.SCORING_ROUND, ScoringRound(
            round=after.scoring_round, final=after.volcano_player < 0, next=who(after, member_of),
        )))
    if after.phase is Phase.BID and not isinstance(move, End) and (
        before.phase is not Phase.BID or before.to_act != after.to_act
    ):
        posts.append(NewPost(PostKind.BIDDING, Bidding(
            round=after.round, high_bid=after.high_bid,
            high_bidder=after.players[after.high_bidder] if after.high_bidder >= 0 else None,
            next=who(after, member_of),
        )))
    if after.phase is Phase.PICK and before.phase is not Phase.PICK:
        winner = after.to_act
        posts.append(NewPost(PostKind.AUCTION_WON, AuctionWon(
            round=after.round, price=before.score[winner] - after.score[winner], shown=list(after.shown),
            next=who(after, member_of),
        )))
    if after.finished and not before.finished:
        best = max(after.score)
        posts.append(NewPost(PostKind.FINISHED, Finished(
            scores=_scores(after),
            winners=[p for p, s in zip(after.players, after.score, strict=True) if s == best],
            record=record_of(after),
        )))
    return posts


def seat_played(before: GameState, after: GameState, game_id: int, member_id: int | None) -> SeatPlayed:
    """The payload of moves made for the seat that acted in ``before``, up to ``after``."""
    return SeatPlayed(game_id=game_id, seat=before.to_act, player=before.players[before.to_act],
                      moves=list(after.log[before.version:]), member_id=member_id)

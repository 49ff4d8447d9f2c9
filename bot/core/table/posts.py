"""The posts the bot queues in the outbox, one kind per reason, each with a typed payload.

A post is one channel message (or DM), written in the same transaction as what caused it and sent
afterwards by the adapter's outbox. Payloads are plain JSON (stored as such) and hold public
information only (docs/rules.md, ruling 13): the record only once the game is over. Each wait has one message
(``PostKind.WAIT``, queued by ``bot.core.table.waits`` in the transaction of the move that began it);
``posts_for`` gives the other posts a move causes (the result); the clocks, moderation and seat moves queue the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, TypedDict, cast

from bot.core.table.story import CaughtUp
from engine import GameState, Move, Phase, Stage, Variant, record_of


class PostKind(StrEnum):
    WAIT = "wait"
    """A wait begins: the one message that pings whom the game waits for, tells them what happened since their last
    turn, shows the board, the scores and the deadline, and is edited as they act until the next wait's message
    closes it (``Wait``)."""
    FINISHED = "finished"
    """The result and the full game record; it pings every player once."""
    REMINDER = "reminder"
    """A reminder for the player to act (a reply to the wait's message, or a DM)."""
    DEADLINE_SKIPPED = "deadline_skipped"
    """The deadline passed and the bot played the turn: told once, where that turn's wait message closes."""
    DEADLINE_WAITING = "deadline_waiting"
    """For the moderators: a deadline passed (the game waits for them, or the bot plays the turn: ``policy``)."""
    ABSENT_TURN = "absent_turn"
    """The bot played the turn of a seat whose player left (told in the next wait's catch-up)."""
    COMPUTER_TURN = "computer_turn"
    """A computer player's turn (told in the next wait's catch-up, never pinged)."""
    STANDING_ORDER = "standing_order"
    """An auction standing order was played (its maximum stays private: the bid shows like any other)."""
    MOD_ACTION = "mod_action"
    """A moderator's action, logged in the game's channel."""
    DELIVERY_FAILED = "delivery_failed"
    """For the moderators: posts of the game could not be delivered and were given up (and why)."""


SILENT = frozenset({PostKind.DEADLINE_SKIPPED, PostKind.ABSENT_TURN, PostKind.COMPUTER_TURN,
                    PostKind.STANDING_ORDER})
"""Posts that are kept as a record of who played a seat, but say nothing in the channel: the moves show in the next
wait's catch-up and in the closed wait message of the seat they were made for."""


class Who(TypedDict):
    """The player to act, for a ping."""

    seat: int
    name: str
    member_id: int | None
    phase: str
    ap: int | None
    hand: str | None
    slot: NotRequired[bool]
    """Tikal Rápido: a jump's action slot (one action with ``ap`` AP)."""
    deadline_at: NotRequired[float | None]
    """The deadline of the wait that begins (None: no deadline), planned in the same transaction; absent in posts
    queued before it was kept here, and in posts of a move that was not the commit's last."""


class SeatEntry(TypedDict):
    seat: int
    name: str
    member_id: int | None
    delivery: NotRequired[str]
    """How the member is told of a wait (``channel``, ``dm``, ``both``: ``/tikal-game notify``); absent: channel."""


class Wait(TypedDict):
    """A wait's message: whom it is about (``seats``: the player to act, everyone a jump or an auction opened for),
    whom it pings (``pinged``: only the members among them not pinged since they last acted), what happened since
    their last turn (``catch_up``, public moves only) and, for an opening, what it opens."""

    seats: list[int]
    pinged: list[SeatEntry]
    next: Who | None
    """The player to act when the wait began (its phase, AP, hand and deadline)."""
    catch_up: list[CaughtUp]
    opening: NotRequired[str]
    """``auction`` (a bidding every bidder is asked to), ``jump``, or ``start`` (the game's first turn)."""
    order: NotRequired[list[SeatEntry]]
    """The game's first wait (its first turn or auction): the seat order."""
    quiet: NotRequired[bool]
    """Posted once more after someone deleted the wait's message: it pings nobody (``pinged`` were pinged before)."""


class Finished(TypedDict):
    scores: dict[str, int]
    winners: list[str]
    record: dict[str, Any]
    pinged: NotRequired[list[int]]
    """The members the result pings: every player still a member of the game (not a computer, not a seat that
    left)."""


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
    policy: NotRequired[str]
    """What happens at the deadline (``skip``, ``wait``, ``computer``), for the words of a last call."""


class ModeratorsRoute(TypedDict):
    """Where a notice for the moderators goes (``bot.core.outbox.mod_notices``); absent in notices queued before."""

    moderator_role_id: int | None
    to: NotRequired[str]
    """``log`` (the server's log channel, the post's place), ``role`` (the game's channel, pinging the role) or
    ``creator`` (a direct message to the game's creator, the game's channel when their DMs are closed)."""
    creator_id: NotRequired[int]


class DeadlineWaiting(ModeratorsRoute):
    game_id: int
    seat: int
    player: str
    member_id: int | None
    kind: str | None
    deadline_at: float | None
    deadline: str | None
    policy: NotRequired[str]
    """``wait`` (the game waits; also when absent), or ``skip``/``computer``: the bot plays the turn."""


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
    jump: NotRequired[list[str]]
    """Tikal Rápido: the seats whose chips the bot chose for the jump under way (``moves`` is then empty: the
    numbers stay secret until everyone has chosen)."""


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
    said: dict[str, Any]
    """The line as a message (``bot.core.words.texts.stored``), written in the channel's language when sent; ``text``
    is its English (a post queued before the bot spoke six languages has only ``text``)."""


class ModAction(ModDetails):
    action: str
    game_id: int
    moderator_id: int
    text: str
    """The line to show; its mentions must not notify anyone."""


class DeliveryFailed(ModeratorsRoute):
    """Posts given up in a channel or thread: how many, since when, and why (in words for a person)."""

    game_id: int
    channel_id: int
    count: int
    since: float | None
    reason: str
    said: NotRequired[dict[str, Any]]
    """The reason as a message (``bot.core.words.texts.stored``), written in the channel's language; ``reason`` is its
    English."""


Payload = Wait | Finished | Reminder | DeadlineWaiting | SeatPlayed | ModAction | DeliveryFailed


@dataclass(frozen=True, slots=True)
class NewPost:
    """An outbox row to insert with what caused it."""

    kind: PostKind
    payload: Payload


def stamp_deadline(post: NewPost, deadline_at: float | None) -> None:
    """Give the post the deadline of the wait it announces (its ``next``)."""
    nxt = cast(dict[str, Any], post.payload).get("next")
    if isinstance(nxt, dict):
        nxt["deadline_at"] = deadline_at


MemberOf = Callable[[int], int | None]
"""Seat index → member id."""


def who(state: GameState, member_of: MemberOf) -> Who | None:
    """The player to act, for a ping: seat, seat name, member id, phase and AP."""
    if state.finished:
        return None
    seat = state.to_act
    ap = state.ap if state.phase in (Phase.ACTIONS, Phase.SCORING) or (
        state.phase is Phase.PLACE and state.stage is not Stage.PLACING) else None
    found = Who(seat=seat, name=state.players[seat], member_id=member_of(seat), phase=state.phase.value, ap=ap,
                hand=state.hand)
    if state.variant is Variant.RAPIDO and state.stage is Stage.JUMPS and state.phase is Phase.ACTIONS:
        found["slot"] = True
    return found


def _scores(state: GameState) -> dict[str, int]:
    return dict(zip(state.players, state.score, strict=True))


def seat_entries(state: GameState, seats: list[int], member_of: MemberOf) -> list[SeatEntry]:
    return [SeatEntry(seat=q, name=state.players[q], member_id=member_of(q)) for q in seats]


def posts_for(before: GameState, move: Move, after: GameState, member_of: MemberOf) -> list[NewPost]:
    """Return the posts ``move`` causes, taking ``before`` to ``after``, besides the wait's message (``waits``)."""
    if not after.finished or before.finished:
        return []
    best = max(after.score)
    members = [member_of(q) for q in range(len(after.players))]
    return [NewPost(PostKind.FINISHED, Finished(
        scores=_scores(after), winners=[p for p, s in zip(after.players, after.score, strict=True) if s == best],
        record=record_of(after), pinged=[m for m in members if m is not None and m >= 0]))]


def seat_played(before: GameState, after: GameState, game_id: int, member_id: int | None) -> SeatPlayed:
    """The payload of moves made for the seat that acted in ``before``, up to ``after``."""
    return SeatPlayed(game_id=game_id, seat=before.to_act, player=before.players[before.to_act],
                      moves=list(after.log[before.version:]), member_id=member_id)

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
from typing import Any, NotRequired, TypedDict, cast

from bot.core import labels
from engine import End, GameState, Move, Phase, Stage, Variant, record_of


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
    """For the moderators: a deadline passed (the game waits for them, or the bot plays the turn: ``policy``)."""
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
    DECLARE = "declare"
    """Random terrain: ping the taker of a volcano to declare whether it scores (SPEC 7.5.4)."""
    RAPIDO_PLACING = "rapido_placing"
    """Tikal Rápido: every player holds a hexagon; the round order, and a ping for the first to place."""
    RAPIDO_ACTED = "rapido_acted"
    """Tikal Rápido: a placement of phase 2 or a jump's one action, and a ping for the next to act."""
    JUMP_OPENED = "jump_opened"
    """Tikal Rápido: a jump opens; the board, and a ping for everyone who must choose chips (in secret)."""
    JUMP_REVEALED = "jump_revealed"
    """Tikal Rápido: everyone has chosen: every number at once, the order of the slots, a ping for the first."""
    SCORED = "scored"
    """A scoring turn ended: its line is added to the scoring round's announcement (an edit of that message)."""


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
    slot: NotRequired[bool]
    """Tikal Rápido: a jump's action slot (one action with ``ap`` AP)."""
    deadline_at: NotRequired[float | None]
    """The deadline of the wait that begins (None: no deadline), planned in the same transaction; absent in posts
    queued before it was kept here, and in posts of a move that was not the commit's last."""


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
    at_once: NotRequired[bool]
    """Scoring without a round (SPEC 7.1): everyone scored at once, ``gains`` by seat name."""
    gains: NotRequired[dict[str, int]]
    volcano: NotRequired[int | None]
    """The seat that drew or took the volcano (None in the final round)."""


class Scored(TypedDict):
    """A scoring turn's end: the round's announcement is brought up to date from the score log of the post's
    version (every line so far), and closed with the round's totals once ``complete``."""

    round: int
    seat: int
    player: str
    complete: bool


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


class Declaration(TypedDict):
    round: int
    next: Who | None


class RapidoPlacing(TypedDict):
    round: int
    order: list[str]
    """The round order (seat names)."""
    hands: dict[str, str]
    """Seat name → the hexagon it holds."""
    next: Who | None


class RapidoActed(TypedDict):
    round: int
    seat: int
    player: str
    move: str
    """The placement or the slot's action (``end`` for a slot given up), as logged."""
    placing: bool
    next: Who | None


class ChooserEntry(TypedDict):
    seat: int
    name: str
    member_id: int | None
    chips: int
    """The chips the seat has before this jump."""


class JumpOpened(TypedDict):
    round: int
    jump: int
    """The jump's number in the round's phase 3 (1, 2 …)."""
    choosers: list[ChooserEntry]
    deadline_at: NotRequired[float | None]


class JumpRevealed(TypedDict):
    round: int
    jump: int
    chosen: dict[str, int]
    """Seat name → chips, revealed all at once."""
    slots: list[str]
    """Seat names in the order they act (lowest first, ties in round order)."""
    chips_left: dict[str, int]
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
    policy: NotRequired[str]
    """What happens at the deadline (``skip``, ``wait``, ``computer``), for the words of a last call."""


class ModeratorsRoute(TypedDict):
    """Where a notice for the moderators goes (``bot.core.mod_notices``); absent in notices queued before."""

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
    """The line as a message (``bot.core.texts.stored``), written in the channel's language when sent; ``text``
    is its English (a post queued before issue 12 has only ``text``)."""


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
    """The reason as a message (``bot.core.texts.stored``), written in the channel's language; ``reason`` is its
    English."""


Payload = (Started | TurnEnded | ScoringRound | Bidding | AuctionWon | Finished | Reminder | DeadlineWaiting
           | SeatPlayed | ModAction | DeliveryFailed | Declaration | RapidoPlacing | RapidoActed | JumpOpened
           | JumpRevealed | Scored)


@dataclass(frozen=True, slots=True)
class NewPost:
    """An outbox row to insert with what caused it."""

    kind: PostKind
    payload: Payload


def stamp_deadline(post: NewPost, deadline_at: float | None) -> None:
    """Give the post the deadline of the wait it announces (its ``next``, or a jump's choosers)."""
    payload = cast(dict[str, Any], post.payload)
    nxt = payload.get("next")
    if isinstance(nxt, dict):
        nxt["deadline_at"] = deadline_at
    if post.kind == PostKind.JUMP_OPENED:
        payload["deadline_at"] = deadline_at


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
    if _in_rapido_round(state) and state.phase is Phase.ACTIONS:
        found["slot"] = True
    return found


def _scores(state: GameState) -> dict[str, int]:
    return dict(zip(state.players, state.score, strict=True))


def started(state: GameState, member_of: MemberOf) -> NewPost:
    seats = [SeatEntry(seat=i, name=name, member_id=member_of(i)) for i, name in enumerate(state.players)]
    return NewPost(PostKind.STARTED, Started(variant=state.variant.value, seats=seats, next=who(state, member_of)))


def jump_number(state: GameState) -> int:
    """Which jump of the round's phase 3 is under way or was last revealed (1, 2 …)."""
    return labels.jump_number(state.log, state.phase is Phase.JUMP and not state.chosen)


def _in_rapido_round(state: GameState) -> bool:
    """A Tikal Rápido placement of phase 2, or a jump's action slot (not turns: no ``turn_ended``)."""
    return state.variant is Variant.RAPIDO and (
        (state.stage is Stage.PLACING and state.phase is Phase.PLACE)
        or (state.stage is Stage.JUMPS and state.phase is Phase.ACTIONS))


def _rapido_posts(before: GameState, move: Move, after: GameState, member_of: MemberOf) -> list[NewPost]:
    posts: list[NewPost] = []
    if _in_rapido_round(before):
        acted_on = after.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING)  # else another post pings
        posts.append(NewPost(PostKind.RAPIDO_ACTED, RapidoActed(
            round=before.round, seat=before.to_act, player=before.players[before.to_act], move=after.log[-1],
            placing=before.stage is Stage.PLACING, next=who(after, member_of) if acted_on else None)))
    if after.stage is Stage.PLACING and before.stage is not Stage.PLACING:
        posts.append(NewPost(PostKind.RAPIDO_PLACING, RapidoPlacing(
            round=after.round, order=[after.players[q] for q in after.round_order],
            hands={after.players[q]: t for q, t in enumerate(after.hands) if t is not None}
            | ({after.players[after.to_act]: after.hand} if after.hand else {}),
            next=who(after, member_of))))
    if after.phase is Phase.JUMP and before.phase is not Phase.JUMP:
        posts.append(NewPost(PostKind.JUMP_OPENED, JumpOpened(
            round=after.round, jump=jump_number(after), choosers=[
                ChooserEntry(seat=q, name=after.players[q], member_id=member_of(q), chips=after.chips[q])
                for q in after.round_order if after.chips[q]])))
    if before.phase is Phase.JUMP and after.phase is not Phase.JUMP:
        order = sorted(after.chosen, key=lambda q: (after.jump[q], after.round_order.index(q)))
        posts.append(NewPost(PostKind.JUMP_REVEALED, JumpRevealed(
            round=after.round, jump=jump_number(after), chosen={after.players[q]: after.jump[q] for q in after.chosen},
            slots=[after.players[q] for q in order], chips_left={after.players[q]: after.chips[q] for q in order},
            next=who(after, member_of))))
    return posts


def posts_for(before: GameState, move: Move, after: GameState, member_of: MemberOf) -> list[NewPost]:
    """Return the posts ``move`` causes, taking ``before`` to ``after``."""
    posts: list[NewPost] = _rapido_posts(before, move, after, member_of) if after.variant is Variant.RAPIDO else []
    if after.phase is Phase.DECLARE and before.phase is not Phase.DECLARE:
        posts.append(NewPost(PostKind.DECLARE, Declaration(round=after.round, next=who(after, member_of))))
    ended = isinstance(move, End) and not _in_rapido_round(before)
    if ended and before.phase is Phase.SCORING:  # its line in the round's announcement, before the next ping
        posts.append(NewPost(PostKind.SCORED, Scored(
            round=before.scoring_round, seat=before.to_act, player=before.players[before.to_act],
            complete=not (after.phase is Phase.SCORING and after.scoring_round == before.scoring_round))))
    if after.scoring_round > before.scoring_round:
        at_once = after.phase is not Phase.SCORING  # scoring without a round: everyone scored already
        round_ = ScoringRound(round=after.scoring_round, final=not at_once and after.volcano_player < 0,
                              next=who(after, member_of))
        # who drew or took the volcano: the seat that places it after the round (at once: it places it now)
        round_["volcano"] = (after.volcano_player if after.volcano_player >= 0
                             else after.to_act if at_once else None)
        if at_once:
            round_["at_once"] = True
            round_["gains"] = {after.players[e.player]: e.temples + e.treasures for e in after.score_log
                               if e.round == after.scoring_round}
        # Announced after the turn that opened it, with the ping for the next to act (the first to score, or at
        # once the volcano's player to place it): the turn's post then pings nobody.
        posts.append(NewPost(PostKind.SCORING_ROUND, round_))
    if ended:
        assert after.last_turn is not None
        turn_ended = NewPost(PostKind.TURN_ENDED, TurnEnded(
            turn=before.turn, seat=before.to_act, player=before.players[before.to_act],
            scoring=before.phase is Phase.SCORING, moves=list(after.last_turn.moves), scores=_scores(after),
            next=who(after, member_of),
        ))
        announced = [i for i, p in enumerate(posts) if p.kind == PostKind.SCORING_ROUND]
        posts.insert(announced[0] if announced else len(posts), turn_ended)
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

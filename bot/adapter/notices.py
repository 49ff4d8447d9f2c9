"""What each post looks like in Discord: one composer per ``PostKind``, in a dispatch table.

Each composer returns an ``Outgoing``: what to send and who alone may be pinged. Absent seats and
computers (member ids below zero) are never pinged, DMed or mentioned. The board posts render the
picture of the post's own version.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, cast

import discord

import render
from bot.adapter import formatting
from bot.adapter.replies import picture
from bot.core.labels import square
from bot.core.posts import (
    SEAT_PLAYED,
    AuctionWon,
    Bidding,
    DeadlineWaiting,
    Declaration,
    DeliveryFailed,
    Finished,
    JumpOpened,
    JumpRevealed,
    ModAction,
    PostKind,
    RapidoActed,
    RapidoPlacing,
    Reminder,
    ScoringRound,
    SeatPlayed,
    Started,
    TurnEnded,
)
from bot.core.results import GameInfo, Post
from bot.core.seats import is_absent_member
from engine import GameView


@dataclass(slots=True)
class Outgoing:
    """One message to send: ``member`` (a user) or ``role`` is the only mention allowed to notify."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    member: int | None = None
    role: int | None = None
    others: tuple[int, ...] = ()
    """More users the message may notify (a Tikal Rápido jump pings everyone who must choose)."""
    reply_to: int | None = None
    """The channel message to reply to (the turn message), if it still exists."""
    dm: bool = False
    """Deliver to ``member`` by direct message (the channel when their DMs are closed)."""
    fallback: str = ""
    """The content to post in the channel instead, when the DM cannot be delivered."""


Payload = dict[str, Any] | SeatPlayed | Reminder | DeadlineWaiting | ModAction


def member_of(payload: Payload) -> int | None:
    """The payload's member id, or None for an absent seat or none."""
    member = payload.get("member_id")
    return None if member is None or is_absent_member(int(member)) else int(member)


def who(payload: Payload) -> str:
    """``🟦 Ana``."""
    return f"{square(payload.get('seat'))} {payload.get('player') or 'a player'}"


def moves_text(moves: list[str] | None) -> str:
    shown = [f"`{m}`" for m in moves or []]
    return ", ".join(shown) if shown else "nothing"


def played_text(payload: SeatPlayed | ModAction) -> str:
    """What the bot played for a seat; in a Tikal Rápido jump whose chips it chose, never the numbers (they are
    revealed with everyone's)."""
    jump: list[str] = list(payload.get("jump") or [])  # type: ignore[call-overload]
    if jump:
        return f"chose the chips of {', '.join(jump)} for this jump (revealed with everyone's)"
    return moves_text(payload.get("moves"))


def _waiting_for(payload: Reminder) -> str:
    if payload.get("kind") == "bid":
        return "your bid"
    if payload.get("kind") == "jump":
        return "your chips for the jump"
    if payload.get("phase") == "pick":
        return "your pick"
    return "your turn"


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    return None if message_id is None else f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def reminder(payload: Reminder, *, guild_id: int, channel_id: int, server: str | None = None) -> Outgoing:
    """``@Ana, ⏰ reminder: your turn in game #12 (since <t:…:R>) — deadline <t:…:R>``, as a reply to the
    turn message, or by DM with a link to it."""
    member = member_of(payload)
    game = payload.get("game_id")
    since = f" (waiting since {payload['since']})" if payload.get("since") else ""
    deadline = f" — deadline {payload['deadline']}" if payload.get("deadline") else ""
    what = _waiting_for(payload)
    channel = f"<@{member}>, ⏰ reminder: {what} in game #{game}{since}{deadline}."
    link = jump_url(guild_id, channel_id, payload.get("reply_to"))
    where = f" in **{server}**" if server else ""
    direct = (f"⏰ Reminder: {what} in Tikal game #{game}{where}{since}{deadline}."
              + (f"\n{link}" if link else f"\n<#{channel_id}>"))
    dm = payload.get("delivery") == "dm" and member is not None
    return Outgoing(direct if dm else channel, member=member, reply_to=payload.get("reply_to"), dm=dm,
                    fallback=channel)


def deadline_skipped(payload: SeatPlayed) -> Outgoing:
    """The deadline passed and the bot played the turn (SPEC ruling 14); the turn's board post follows."""
    passed = f" ({payload['deadline']})" if payload.get("deadline") else ""
    by = f"a {computer_mark(payload)} player" if payload.get("level") else "the bot"
    whose = ", ".join(payload["jump"]) if payload.get("jump") else who(payload)
    return Outgoing(f"⏰ {whose}'s deadline passed{passed}: {by} {played_text(payload)}." if payload.get("jump")
                    else f"⏰ {whose}'s deadline passed{passed}: {by} played for them — {played_text(payload)}.")


def absent_turn(payload: SeatPlayed) -> Outgoing:
    return Outgoing(f"🤖 {who(payload)} has left the game: the bot played for that seat — "
                    f"{played_text(payload)}.")


def deadline_waiting(payload: DeadlineWaiting) -> Outgoing:
    """For the moderators (their role is pinged if the server set one): the game waits for someone."""
    role = payload.get("moderator_role_id")
    head = f"<@&{role}>" if role else "Moderators"
    passed = f" {payload['deadline']}" if payload.get("deadline") else ""
    what = {"bid": "bid", "jump": "jump"}.get(str(payload.get("kind")), "turn")
    return Outgoing(f"{head}: ⏰ {who(payload)}'s {what} deadline in game #{payload.get('game_id')} passed{passed}. "
                    "The game waits: `/tikal-mod skip` plays it for them, `/tikal-mod kick` hands the seat to the "
                    "bot, `/tikal-mod deadline` changes the clock.", role=int(role) if role else None)


def computer_turn(payload: SeatPlayed) -> Outgoing:
    """A computer player's turn (issue 6): marked as such, and nobody is pinged."""
    return Outgoing(f"{computer_mark(payload)} · {who(payload)} played {played_text(payload)}.")


def computer_mark(payload: Payload) -> str:
    return f"🤖 computer ({payload.get('level') or 'strong'})"


def standing_order(payload: SeatPlayed) -> Outgoing:
    return Outgoing(f"🔨 {who(payload)}'s standing order ({payload.get('order')}): "
                    f"{moves_text(payload.get('moves'))}.")


def mod_action(payload: ModAction) -> Outgoing:
    """The moderator's line, as the moderation layer wrote it; its mentions do not notify anyone."""
    text = str(payload.get("text") or f"🛠️ A moderator changed game #{payload.get('game_id')}.")
    if payload.get("action") == "skip" and payload.get("moves"):
        text += f" — {played_text(payload)}"
    return Outgoing(text)


def delivery_failed(payload: DeliveryFailed) -> Outgoing:
    """For the moderators (their role is pinged if the server set one): posts that never reached the channel."""
    role = payload.get("moderator_role_id")
    head = f"<@&{role}>" if role else "Moderators"
    count = payload["count"]
    started = payload.get("since")
    since = f" since <t:{int(started)}:R>" if started else ""
    what = f"{count} post{'s' if count != 1 else ''} of game #{payload['game_id']}"
    return Outgoing(f"{head}: ⚠️ {what} could not be delivered in <#{payload['channel_id']}>{since}: "
                    f"{payload['reason']}. Once that is fixed, `/tikal-mod resend` sends them.",
                    role=int(role) if role else None)


def post_marker(post_id: int) -> str:
    """What the footer of a post's embed carries, so the post can be recognised in the channel later."""
    return f"post {post_id}"


def skip_mark(siblings: list[Post], seat: int | None) -> str | None:
    """Why the bot played a turn, from the posts queued with it, or None."""
    for post in siblings:
        payload = post.payload
        if post.kind not in SEAT_PLAYED or payload.get("seat") != seat:
            continue
        if post.kind == PostKind.DEADLINE_SKIPPED:
            return "⏰ skipped: deadline passed" + (f" · {computer_mark(payload)}" if payload.get("level") else "")
        if post.kind == PostKind.ABSENT_TURN:
            return "🤖 played by the bot (the player left)"
        if post.kind == PostKind.COMPUTER_TURN:
            return computer_mark(payload)
        if payload.get("action") == "skip":
            return "⏭️ skipped by a moderator"
    return None


# --- composing a post ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Context:
    """What a composer may use besides the payload."""

    game: GameInfo
    post: Post
    server: str | None
    """The server's name (for DMs), if the bot still sees it."""
    view: Callable[[], Awaitable[GameView]]
    """The public view at the post's version."""
    siblings: Callable[[], Awaitable[list[Post]]]
    """The posts queued with this one (same game, same version)."""


Composer = Callable[[Context], Awaitable[Outgoing]]


async def _board(view: GameView) -> list[discord.File]:
    png = await asyncio.to_thread(render.render_board, view)
    return [picture(png, "board.png", render.describe(view))]


async def _started(c: Context) -> Outgoing:
    view = await c.view()
    content, embed, member = formatting.started_post(c.game, view, cast(Started, c.post.payload))
    return Outgoing(content, embed, await _board(view), member)


async def _turn_ended(c: Context) -> Outgoing:
    view = await c.view()
    payload = cast(TurnEnded, c.post.payload)
    content, embed, member = formatting.turn_ended_post(c.game, view, payload)
    mark = skip_mark(await c.siblings(), payload.get("seat"))
    if mark is not None:
        embed.title = f"{embed.title} · {mark}"
    return Outgoing(content, embed, await _board(view), member)


async def _finished(c: Context) -> Outgoing:
    view = await c.view()
    payload = cast(Finished, c.post.payload)
    record = json.dumps(payload["record"], indent=1).encode()
    files = [*await _board(view), discord.File(io.BytesIO(record), filename=f"tikal-game-{c.game.id}.json",
                                               description="The game record")]
    return Outgoing("", formatting.finished_embed(c.game, view, payload), files)


async def _scoring_round(c: Context) -> Outgoing:
    return Outgoing(formatting.scoring_round_text(cast(ScoringRound, c.post.payload)))


async def _bidding(c: Context) -> Outgoing:
    text, member = formatting.bidding_text(cast(Bidding, c.post.payload))
    return Outgoing(text, member=member)


async def _auction_won(c: Context) -> Outgoing:
    text, member = formatting.auction_won_text(cast(AuctionWon, c.post.payload), await c.view())
    return Outgoing(text, member=member)


async def _declare(c: Context) -> Outgoing:
    text, member = formatting.declare_text(cast(Declaration, c.post.payload))
    return Outgoing(text, member=member)


async def _rapido_placing(c: Context) -> Outgoing:
    text, member = formatting.rapido_placing_text(cast(RapidoPlacing, c.post.payload))
    return Outgoing(text, member=member)


async def _rapido_acted(c: Context) -> Outgoing:
    text, member = formatting.rapido_acted_text(await c.view(), cast(RapidoActed, c.post.payload))
    return Outgoing(text, member=member)


async def _jump_opened(c: Context) -> Outgoing:
    view = await c.view()
    content, embed, members = formatting.jump_opened_post(c.game, cast(JumpOpened, c.post.payload))
    return Outgoing(content, embed, await _board(view), members[0] if members else None, others=tuple(members[1:]))


async def _jump_revealed(c: Context) -> Outgoing:
    text, member = formatting.jump_revealed_text(await c.view(), cast(JumpRevealed, c.post.payload))
    return Outgoing(text, member=member)


async def _reminder(c: Context) -> Outgoing:
    return reminder(cast(Reminder, c.post.payload), guild_id=c.game.guild_id, channel_id=c.post.channel_id,
                    server=c.server)


def _simple(make: Callable[[Any], Outgoing]) -> Composer:
    async def compose(c: Context) -> Outgoing:
        return make(c.post.payload)

    return compose


COMPOSERS: Final[dict[PostKind, Composer]] = {
    PostKind.STARTED: _started,
    PostKind.TURN_ENDED: _turn_ended,
    PostKind.FINISHED: _finished,
    PostKind.SCORING_ROUND: _scoring_round,
    PostKind.BIDDING: _bidding,
    PostKind.AUCTION_WON: _auction_won,
    PostKind.REMINDER: _reminder,
    PostKind.DEADLINE_SKIPPED: _simple(deadline_skipped),
    PostKind.ABSENT_TURN: _simple(absent_turn),
    PostKind.DEADLINE_WAITING: _simple(deadline_waiting),
    PostKind.COMPUTER_TURN: _simple(computer_turn),
    PostKind.STANDING_ORDER: _simple(standing_order),
    PostKind.MOD_ACTION: _simple(mod_action),
    PostKind.DELIVERY_FAILED: _simple(delivery_failed),
    PostKind.DECLARE: _declare,
    PostKind.RAPIDO_PLACING: _rapido_placing,
    PostKind.RAPIDO_ACTED: _rapido_acted,
    PostKind.JUMP_OPENED: _jump_opened,
    PostKind.JUMP_REVEALED: _jump_revealed,
}
"""One composer per kind of post (a test checks none is missing)."""

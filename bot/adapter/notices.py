"""What each post looks like in Discord: one composer per ``PostKind``, in a dispatch table.

Each composer returns an ``Outgoing``: what to send and who alone may be pinged. Absent seats and
computers (member ids below zero) are never pinged, DMed or mentioned. The board posts render the
picture of the post's own version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, cast

import discord

import render
from bot.adapter import formatting
from bot.adapter.moderator_words import creator_in_channel, deadline_notice, delivery_notice, to_creator
from bot.adapter.reminder_words import reminder_line
from bot.adapter.replays import record_file
from bot.adapter.replies import picture
from bot.core.escaping import escaped
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
    ModeratorsRoute,
    PostKind,
    RapidoActed,
    RapidoPlacing,
    Reminder,
    Scored,
    ScoringRound,
    SeatPlayed,
    Started,
    TurnEnded,
)
from bot.core.results import GameInfo, Post
from bot.core.seats import is_absent_member
from bot.core.texts import loaded
from engine import GameView
from engine.messages import ENGLISH, Speaker


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
    optional: list[discord.File] = field(default_factory=list)
    """Files sent with ``files`` that the post can do without: if Discord refuses them as too large, the post goes
    out without them and with ``missing`` added to its content."""
    missing: str = ""
    ping: bool = False
    """A ping that only asks someone to act: deleted once answered (the story is on the live message)."""
    edit: int | None = None
    """Bring this earlier message up to date instead of posting a new one (posted anew if it is gone)."""
    skip: bool = False
    """Nothing to send (a ping for nobody, or one the game has already moved past)."""


Payload = dict[str, Any] | SeatPlayed | Reminder | DeadlineWaiting | ModAction


def member_of(payload: Payload) -> int | None:
    """The payload's member id, or None for an absent seat or none."""
    member = payload.get("member_id")
    return None if member is None or is_absent_member(int(member)) else int(member)


def who(payload: Payload, t: Speaker = ENGLISH) -> str:
    """``🟦 Ana``."""
    return f"{square(payload.get('seat'))} {payload.get('player') or t.tr('notice.a_player', 'a player')}"


def moves_text(moves: list[str] | None, t: Speaker = ENGLISH) -> str:
    shown = [f"`{m}`" for m in moves or []]
    return ", ".join(shown) if shown else t.tr("notice.nothing", "nothing")


def played_text(payload: SeatPlayed | ModAction, t: Speaker = ENGLISH) -> str:
    """What the bot played for a seat; in a Tikal Rápido jump whose chips it chose, never the numbers (they are
    revealed with everyone's)."""
    jump: list[str] = list(payload.get("jump") or [])  # type: ignore[call-overload]
    if jump:
        return t.tr("notice.chose_chips", "chose the chips of {players} for this jump (revealed with everyone's)",
                    players=", ".join(jump))
    return moves_text(payload.get("moves"), t)


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    return None if message_id is None else f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def reminder(payload: Reminder, *, guild_id: int, channel_id: int, now: float, server: str | None = None,
             t: Speaker = ENGLISH, dm_t: Speaker | None = None) -> Outgoing:
    """``⏰ @Ana, your turn in game #12: waiting since yesterday — 1 day left (until …).``, written at ``now`` as a
    reply to the turn message (in the channel's language), or by DM in the member's language with a link to it."""
    member = member_of(payload)
    channel = reminder_line(payload, now, t, member=member)
    link = jump_url(guild_id, channel_id, payload.get("reply_to"))
    direct = reminder_line(payload, now, dm_t or t, server=escaped(server) if server else None) + (
        f"\n{link}" if link else f"\n<#{channel_id}>")
    dm = payload.get("delivery") == "dm" and member is not None
    return Outgoing(direct if dm else channel, member=member, reply_to=payload.get("reply_to"), dm=dm,
                    fallback=channel)


def deadline_skipped(payload: SeatPlayed, t: Speaker = ENGLISH) -> Outgoing:
    """The deadline passed and the bot played the turn (SPEC ruling 14); the turn's board post follows."""
    passed = f" ({payload['deadline']})" if payload.get("deadline") else ""
    by = t.tr("notice.by_computer", "a {mark} player", mark=computer_mark(payload, t)) if payload.get("level") \
        else t.tr("notice.by_bot", "the bot")
    if payload.get("jump"):
        return Outgoing(t.tr("notice.deadline_jump", "⏰ {whose}'s deadline passed{passed}: {by} {played}.",
                             whose=", ".join(payload["jump"]), passed=passed, by=by, played=played_text(payload, t)))
    return Outgoing(t.tr("notice.deadline_turn", "⏰ {whose}'s deadline passed{passed}: {by} played for them — "
                                                 "{played}.", whose=who(payload, t), passed=passed, by=by,
                         played=played_text(payload, t)))


def absent_turn(payload: SeatPlayed, t: Speaker = ENGLISH) -> Outgoing:
    return Outgoing(t.tr("notice.absent", "🤖 {who} has left the game: the bot played for that seat — {played}.",
                         who=who(payload, t), played=played_text(payload, t)))


def computer_turn(payload: SeatPlayed, t: Speaker = ENGLISH) -> Outgoing:
    """A computer player's turn (issue 6): marked as such, and nobody is pinged."""
    return Outgoing(t.tr("notice.computer_turn", "{mark} · {who} played {played}.", mark=computer_mark(payload, t),
                         who=who(payload, t), played=played_text(payload, t)))


def computer_mark(payload: Payload, t: Speaker = ENGLISH) -> str:
    return t.tr("notice.computer_mark", "🤖 computer ({level})", level=str(payload.get("level") or "strong"))


def standing_order(payload: SeatPlayed, t: Speaker = ENGLISH) -> Outgoing:
    return Outgoing(t.tr("notice.order", "🔨 {who}'s standing order ({order}): {moves}.", who=who(payload, t),
                         order=str(payload.get("order")), moves=moves_text(payload.get("moves"), t)))


def mod_action(payload: ModAction, t: Speaker = ENGLISH) -> Outgoing:
    """The moderator's line, in the channel's language when the moderation layer stored it as a message (else as it
    wrote it); its mentions do not notify anyone."""
    said = payload.get("said")
    text = t.message(loaded(said)) if said else str(
        payload.get("text") or t.tr("notice.mod_changed", "🛠️ A moderator changed game #{game}.",
                                    game=str(payload.get("game_id"))))
    if payload.get("action") == "skip" and payload.get("moves"):
        text += f" — {played_text(payload, t)}"
    return Outgoing(text)


def post_marker(post_id: int) -> str:
    """What the footer of a post's embed carries, so the post can be recognised in the channel later."""
    return f"post {post_id}"


def skip_mark(siblings: list[Post], seat: int | None, t: Speaker = ENGLISH) -> str | None:
    """Why the bot played a turn, from the posts queued with it, or None."""
    for post in siblings:
        payload = post.payload
        if post.kind not in SEAT_PLAYED or payload.get("seat") != seat:
            continue
        if post.kind == PostKind.DEADLINE_SKIPPED:
            skipped = t.tr("notice.mark_deadline", "⏰ skipped: deadline passed")
            return skipped + (f" · {computer_mark(payload, t)}" if payload.get("level") else "")
        if post.kind == PostKind.ABSENT_TURN:
            return t.tr("notice.mark_absent", "🤖 played by the bot (the player left)")
        if post.kind == PostKind.COMPUTER_TURN:
            return computer_mark(payload, t)
        if payload.get("action") == "skip":
            return t.tr("notice.mark_mod", "⏭️ skipped by a moderator")
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
    animation: Callable[[], Awaitable[discord.File | None]] | None = None
    """The end-of-game post's animated replay (drawn in the worker pool), or None if it cannot be attached."""
    post_of: Callable[[PostKind], Awaitable[Post | None]] = field(default=lambda kind: _none())
    """The game's last post of a kind queued before this one (e.g. the scoring round a scored line goes in)."""
    t: Speaker = ENGLISH
    """The language of the channel (the server's)."""
    speaker_of: Callable[[int], Awaitable[Speaker]] = field(default=lambda member: _english())
    """A member's language, for a direct message (their Discord locale as last seen)."""

    @property
    def answered(self) -> bool:
        """Whether the game has moved past this post's version (a ping for it would come too late)."""
        return self.game.version > self.post.version or self.game.status.value != "running"


async def _none() -> Post | None:
    return None


async def _english() -> Speaker:
    return ENGLISH


Composer = Callable[[Context], Awaitable[Outgoing]]


async def _board(view: GameView, t: Speaker = ENGLISH) -> list[discord.File]:
    """The channel picture and its alt text, in the channel's language."""
    png = await asyncio.to_thread(render.render_board, view, locale=t.locale)
    return [picture(png, "board.png", render.describe(view, locale=t.locale))]


async def _started(c: Context) -> Outgoing:
    view = await c.view()
    content, embed, member = formatting.started_post(c.game, view, cast(Started, c.post.payload), c.t)
    return Outgoing(content, embed, await _board(view, c.t), member)


async def _turn_ended(c: Context) -> Outgoing:
    view = await c.view()
    payload = cast(TurnEnded, c.post.payload)
    siblings = await c.siblings()
    # a scoring round opened with this turn's end: its announcement, just below, pings the next to act
    announced = any(p.kind == PostKind.SCORING_ROUND for p in siblings)
    content, embed, member = formatting.turn_ended_post(c.game, view, payload, ping=not announced, t=c.t)
    mark = skip_mark(siblings, payload.get("seat"), c.t)
    if mark is not None:
        embed.title = f"{embed.title} · {mark}"
    return Outgoing(content, embed, await _board(view, c.t), member)


async def _result_pictures(c: Context, view: GameView) -> list[discord.File]:
    """The result's picture: none for now (the last turn's board is the post just above it); the first file returned
    becomes the embed's image. Issue 16's replay GIF is not one of them: it may be left out, so ``_attach_replay``
    adds it (and makes it the embed's image)."""
    return []


async def _finished(c: Context) -> Outgoing:
    view = await c.view()
    payload = cast(Finished, c.post.payload)
    embed = formatting.finished_embed(c.game, view, payload, c.t)
    pictures = await _result_pictures(c, view)
    if pictures:
        embed.set_image(url=f"attachment://{pictures[0].filename}")
    files = [*pictures, record_file(payload["record"], c.game.id, c.t)]
    out = Outgoing("", embed, files)
    await _attach_replay(out, c)
    return out


async def _attach_replay(out: Outgoing, c: Context) -> None:
    """The animated replay goes with the end-of-game post when it could be drawn and fits the upload limit; else
    (or when Discord refuses it) the post goes without it, saying how to get it."""
    missing = c.t.tr("notice.replay_missing", "🎞️ The animated replay of game #{game} could not be attached here: "
                                              "`/tikal-game replay` shows it to anyone who asks.", game=c.game.id)
    gif = await c.animation() if c.animation is not None else None
    if gif is None:
        out.content = missing
        return
    out.optional, out.missing = [gif], missing
    if out.embed is not None and not out.embed.image.url:  # it plays inline in the result
        out.embed.set_image(url=f"attachment://{gif.filename}")


async def _scoring_round(c: Context) -> Outgoing:
    payload = cast(ScoringRound, c.post.payload)
    content, member = formatting.ping_text(c.game, payload.get("next"), t=c.t)
    return Outgoing(content, formatting.scoring_round_embed(c.game, await c.view(), payload, t=c.t), member=member)


async def _scored(c: Context) -> Outgoing:
    """A scoring turn's line: the round's announcement edited with every line so far (the announcement is rebuilt
    whole, so a retry or a late edit is harmless); posted anew if the announcement never made it."""
    payload = cast(Scored, c.post.payload)
    announced = await c.post_of(PostKind.SCORING_ROUND)
    if announced is None or announced.payload.get("round") != payload["round"]:
        return Outgoing(skip=True)
    embed = formatting.scoring_round_embed(c.game, await c.view(), cast(ScoringRound, announced.payload),
                                           complete=payload["complete"], t=c.t)
    if announced.message_id is None:
        return Outgoing(embed=embed)
    embed.set_footer(text=f"{embed.footer.text} · {post_marker(announced.id)}")
    return Outgoing(embed=embed, edit=announced.message_id)


async def _ping_of(c: Context, text: str, member: int | None) -> Outgoing:
    """A ping deleted once answered; nothing if there is nobody to ping, the game has already moved past it, or a
    scoring round announced with it pings the same player (one ping per wait)."""
    if not text or c.answered:
        return Outgoing(skip=True)
    if member is not None and any(p.kind == PostKind.SCORING_ROUND
                                  and (p.payload.get("next") or {}).get("member_id") == member
                                  for p in await c.siblings()):
        return Outgoing(skip=True)
    return Outgoing(text, member=member, ping=True)


async def _bidding(c: Context) -> Outgoing:
    return await _ping_of(c, *formatting.bidding_ping(c.game, cast(Bidding, c.post.payload), c.t))


async def _auction_won(c: Context) -> Outgoing:
    return await _ping_of(c, *formatting.auction_won_ping(c.game, cast(AuctionWon, c.post.payload), await c.view(),
                                                          c.t))


async def _declare(c: Context) -> Outgoing:
    return await _ping_of(c, *formatting.ping_only(c.game, cast(Declaration, c.post.payload).get("next"), t=c.t))


async def _rapido_placing(c: Context) -> Outgoing:
    return await _ping_of(c, *formatting.rapido_placing_ping(c.game, cast(RapidoPlacing, c.post.payload), c.t))


async def _rapido_acted(c: Context) -> Outgoing:
    """The placement or slot's action is on its live message; this only pings the next to act."""
    return await _ping_of(c, *formatting.ping_only(c.game, cast(RapidoActed, c.post.payload).get("next"), t=c.t))


async def _jump_opened(c: Context) -> Outgoing:
    view = await c.view()
    content, embed, members = formatting.jump_opened_post(c.game, cast(JumpOpened, c.post.payload), c.t)
    return Outgoing(content, embed, await _board(view, c.t), members[0] if members else None,
                    others=tuple(members[1:]))


async def _jump_revealed(c: Context) -> Outgoing:
    """The numbers are on the jump's live message (its last form); this only pings the first to act."""
    return await _ping_of(c, *formatting.ping_only(c.game, cast(JumpRevealed, c.post.payload).get("next"), t=c.t))


async def _reminder(c: Context) -> Outgoing:
    """A reminder in the channel is a ping like the others, deleted once answered; one by DM stays."""
    if c.answered:
        return Outgoing(skip=True)
    payload = cast(Reminder, c.post.payload)
    member = member_of(payload)
    dm_t = await c.speaker_of(member) if member is not None and payload.get("delivery") == "dm" else c.t
    out = reminder(payload, guild_id=c.game.guild_id, channel_id=c.post.channel_id, now=c.post.created_at,
                   server=c.server, t=c.t, dm_t=dm_t)
    out.ping = True  # in the channel (at once, or when the DM is refused); a delivered DM stays
    return out


async def _for_moderators(c: Context, text: Callable[[Speaker], str]) -> Outgoing:
    """A notice on the route ``bot.core.mod_notices`` chose: the log channel or the game's channel (the moderator role
    pinged if set), or the creator's DMs in their language (the game's channel, pinging them, when those are closed);
    a notice queued before routes existed pings the role in the channel, or nobody."""
    payload = cast(ModeratorsRoute, c.post.payload)
    role = payload.get("moderator_role_id")
    if payload.get("to") == "creator" and payload.get("creator_id") is not None:
        creator = int(payload["creator_id"])
        direct = f"{text(await c.speaker_of(creator))}\n{to_creator(c.game.id, c.server, await c.speaker_of(creator))}"
        return Outgoing(direct, member=creator, dm=True,
                        fallback=f"<@{creator}> {text(c.t)}\n{creator_in_channel(c.t)}")
    if role:
        return Outgoing(f"<@&{role}> {text(c.t)}", role=int(role))
    if payload.get("to") is None:
        return Outgoing(f"{c.t.tr('notice.moderators', 'Moderators')}: {text(c.t)}")
    return Outgoing(text(c.t))


async def _deadline_waiting(c: Context) -> Outgoing:
    payload = cast(DeadlineWaiting, c.post.payload)
    return await _for_moderators(c, lambda t: deadline_notice(payload, t))


async def _delivery_failed(c: Context) -> Outgoing:
    payload = cast(DeliveryFailed, c.post.payload)
    return await _for_moderators(c, lambda t: delivery_notice(payload, t))


def _simple(make: Callable[[Any, Speaker], Outgoing]) -> Composer:
    async def compose(c: Context) -> Outgoing:
        return make(c.post.payload, c.t)

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
    PostKind.DEADLINE_WAITING: _deadline_waiting,
    PostKind.COMPUTER_TURN: _simple(computer_turn),
    PostKind.STANDING_ORDER: _simple(standing_order),
    PostKind.MOD_ACTION: _simple(mod_action),
    PostKind.DELIVERY_FAILED: _delivery_failed,
    PostKind.DECLARE: _declare,
    PostKind.RAPIDO_PLACING: _rapido_placing,
    PostKind.RAPIDO_ACTED: _rapido_acted,
    PostKind.JUMP_OPENED: _jump_opened,
    PostKind.JUMP_REVEALED: _jump_revealed,
    PostKind.SCORED: _scored,
}
"""One composer per kind of post (a test checks none is missing)."""

"""What each post looks like in Discord: one composer per ``PostKind``, in a dispatch table.

Each composer returns an ``Outgoing``: what to send and who alone may be pinged. Absent seats and
computers (member ids below zero) are never pinged, DMed or mentioned. A wait's message renders the
board of the post's own version and carries the buttons to act; the posts that only record who
played a seat (``posts.SILENT``) say nothing: their moves show in the next wait's catch-up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final, cast

import discord

import render
from bot.adapter.messages.moderators import creator_in_channel, deadline_notice, delivery_notice, to_creator
from bot.adapter.messages.reminders import reminder_line
from bot.adapter.messages.result import finished_embed
from bot.adapter.messages.wait_message import notified, wait_content, wait_embed, wait_line, wait_picture
from bot.adapter.replays import record_file, record_name
from bot.adapter.replies import picture
from bot.adapter.ui import live_view, with_web_link
from bot.core.storage.seats import is_absent_member
from bot.core.table.posts import (
    SILENT,
    DeadlineWaiting,
    DeliveryFailed,
    Finished,
    ModAction,
    ModeratorsRoute,
    PostKind,
    Reminder,
    SeatPlayed,
    Wait,
)
from bot.core.table.results import GameInfo, Post
from bot.core.words.escaping import escaped
from bot.core.words.texts import loaded
from engine import GameView, Phase
from engine.messages import ENGLISH, Speaker


@dataclass(frozen=True, slots=True)
class DirectNote:
    """A direct message that goes with a channel message: its text given the link to that message, and the channel
    ping that replaces it when the member's DMs are closed (none when the channel message pings them already)."""

    member: int
    text: Callable[[str], str]
    fallback: str = ""


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
    """The channel message to reply to (the wait's message), if it still exists."""
    dm: bool = False
    """Deliver to ``member`` by direct message (the channel when their DMs are closed)."""
    fallback: str = ""
    """The content to post in the channel instead, when the DM cannot be delivered."""
    optional: list[discord.File] = field(default_factory=list)
    """Files sent with ``files`` that the post can do without: if Discord refuses them as too large, the post goes
    out without them and with ``missing`` added to its content."""
    missing: str = ""
    view: discord.ui.View | None = None
    """The buttons (a wait's message)."""
    dms: list[DirectNote] = field(default_factory=list)
    """Direct messages sent after it (``/tikal-game notify``), each with the link to it."""
    skip: bool = False
    """Nothing to send (a record only, or a wait or a reminder the game has already moved past)."""


Payload = dict[str, Any] | SeatPlayed | Reminder | DeadlineWaiting | ModAction


def member_of(payload: Payload) -> int | None:
    """The payload's member id, or None for an absent seat or none."""
    member = payload.get("member_id")
    return None if member is None or is_absent_member(int(member)) else int(member)


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    return None if message_id is None else f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def reminder(payload: Reminder, *, guild_id: int, channel_id: int, now: float, server: str | None = None,
             t: Speaker = ENGLISH, dm_t: Speaker | None = None) -> Outgoing:
    """``⏰ @Ana, your turn in game #12: waiting since yesterday — 1 day left (until …).``, written at ``now`` as a
    reply to the wait's message (in the channel's language), or by DM in the member's language with a link to it."""
    member = member_of(payload)
    channel = reminder_line(payload, now, t, member=member)
    link = jump_url(guild_id, channel_id, payload.get("reply_to"))
    direct = reminder_line(payload, now, dm_t or t, server=escaped(server) if server else None) + (
        f"\n{link}" if link else f"\n<#{channel_id}>")
    dm = payload.get("delivery") == "dm" and member is not None
    both = [DirectNote(member, lambda _: direct)] if payload.get("delivery") == "both" and member is not None else []
    return Outgoing(direct if dm else channel, member=member, reply_to=payload.get("reply_to"), dm=dm,
                    fallback=channel, dms=both)


def mod_action(payload: ModAction, t: Speaker = ENGLISH) -> Outgoing:
    """The moderator's line, in the channel's language when the moderation layer stored it as a message (else as it
    wrote it); its mentions do not notify anyone. What a skip played shows in the next wait's catch-up."""
    said = payload.get("said")
    text = t.message(loaded(said)) if said else str(
        payload.get("text") or t.tr("notice.mod_changed", "🛠️ A moderator changed game #{game}.",
                                    game=str(payload.get("game_id"))))
    return Outgoing(text)


def post_marker(post: Post) -> str | None:
    """The file a post attaches that names it, so that a try that reached Discord is recognised in the channel later
    (``Outbox``): a wait's board picture, the result's record. Nothing a player reads."""
    if post.kind == PostKind.WAIT:
        return wait_picture(post.id)
    if post.kind == PostKind.FINISHED:
        return record_name(post.game_id)
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
    animation: Callable[[], Awaitable[discord.File | None]] | None = None
    """The end-of-game post's animated replay (drawn in the worker pool), or None if it cannot be attached."""
    latest_of: Callable[[PostKind], Awaitable[Post | None]] = field(default=lambda kind: _none())
    """The game's latest post of a kind (a later wait's message supersedes this one)."""
    t: Speaker = ENGLISH
    """The language of the channel (the server's)."""
    speaker_of: Callable[[int], Awaitable[Speaker]] = field(default=lambda member: _english())
    """A member's language, for a direct message (their Discord locale as last seen)."""
    page: Callable[[], Awaitable[str | None]] = field(default=lambda: _no_page())
    """The address of the game's web page, or None without the web view."""

    @property
    def moved_past(self) -> bool:
        """Whether the game has moved past this post's version (a ping for it would come too late)."""
        return self.game.version > self.post.version or self.game.status.value != "running"


async def _none() -> Post | None:
    return None


async def _english() -> Speaker:
    return ENGLISH


async def _no_page() -> str | None:
    return None


Composer = Callable[[Context], Awaitable[Outgoing]]


async def _board(view: GameView, name: str, t: Speaker = ENGLISH) -> discord.File:
    """The channel picture and its alt text, in the channel's language."""
    png = await asyncio.to_thread(render.render_board, view, locale=t.locale)
    return picture(png, name, render.describe(view, locale=t.locale))


async def _wait(c: Context) -> Outgoing:
    """A wait's message: the ping, the catch-up and what to do now, the board as the wait began, the buttons. Not
    sent when a later wait's message has superseded it (it was held back) or the game is over."""
    if c.moved_past:
        latest = await c.latest_of(PostKind.WAIT)
        if c.game.status.value != "running" or (latest is not None and latest.id != c.post.id):
            return Outgoing(skip=True)
    payload = cast(Wait, c.post.payload)
    view = await c.view()
    content, members = wait_content(c.game, payload, view, c.t)
    notes = [] if payload.get("quiet") else [await _wait_note(c, payload, view, member, dm_only=member not in members)
                                             for member in notified(payload, ("dm", "both"))]
    name = wait_picture(c.post.id)
    jump: tuple[list[int], list[int]] | None = ([], list(payload["seats"])) if view.phase is Phase.JUMP else None
    page = await c.page()
    embed = wait_embed(c.game, view, payload, jump, picture=name, page=page, t=c.t)
    buttons = live_view(c.game, view, c.t)
    if page is not None:  # the web view is on: each member may ask for their own board's link
        buttons = with_web_link(buttons, c.game, c.t)
    return Outgoing(content, embed, [await _board(view, name, c.t)], members[0] if members else None,
                    others=tuple(members[1:]), view=buttons, dms=notes)


async def _wait_note(c: Context, payload: Wait, view: GameView, member: int, *, dm_only: bool) -> DirectNote:
    """A wait told by DM (``/tikal-game notify``), in the member's language, with the link to the wait's message;
    for a member told by DM only, a channel ping when their DMs are closed."""
    t = await c.speaker_of(member)
    what = wait_line(c.game, payload, view, t)
    where = escaped(c.server) if c.server else ""

    def text(link: str) -> str:
        return t.tr("notice.wait_dm", "⏰ Tikal game #{game} on **{server}**: {what}\n{link}", game=c.game.id,
                    server=where, what=what, link=link)

    fallback = f"<@{member}>, {wait_line(c.game, payload, view, c.t)}" if dm_only else ""
    return DirectNote(member, text, fallback)


async def _result_pictures(c: Context, view: GameView) -> list[discord.File]:
    """The result's picture: none for now (the last turn's board is the post just above it); the first file returned
    becomes the embed's image. The animated replay's GIF is not one of them: it may be left out, so ``_attach_replay``
    adds it (and makes it the embed's image)."""
    return []


async def _finished(c: Context) -> Outgoing:
    view = await c.view()
    payload = cast(Finished, c.post.payload)
    embed = finished_embed(c.game, view, payload, c.t)
    pictures = await _result_pictures(c, view)
    if pictures:
        embed.set_image(url=f"attachment://{pictures[0].filename}")
    files = [*pictures, record_file(payload["record"], c.game.id, c.t)]
    members = payload["pinged"] if "pinged" in payload else [
        s.member_id for s in c.game.seats if s.seat is not None and not is_absent_member(s.member_id)]
    content = c.t.tr("notice.over_ping", "{members}, game #{game} is over.", game=c.game.id,
                     members=" ".join(f"<@{m}>" for m in members)) if members else ""
    out = Outgoing(content, embed, files, members[0] if members else None, others=tuple(members[1:]))
    await _attach_replay(out, c)
    return out


async def _attach_replay(out: Outgoing, c: Context) -> None:
    """The animated replay goes with the end-of-game post when it could be drawn and fits the upload limit; else
    (or when Discord refuses it) the post goes without it, saying how to get it."""
    missing = c.t.tr("notice.replay_missing", "🎞️ The animated replay of game #{game} could not be attached here: "
                                              "`/tikal-game replay` shows it to anyone who asks.", game=c.game.id)
    gif = await c.animation() if c.animation is not None else None
    if gif is None:
        out.content = "\n".join(text for text in (out.content, missing) if text)
        return
    out.optional, out.missing = [gif], missing
    if out.embed is not None and not out.embed.image.url:  # it plays inline in the result
        out.embed.set_image(url=f"attachment://{gif.filename}")


async def _reminder(c: Context) -> Outgoing:
    """A reminder: not sent when the game has moved past it; never deleted once sent (a ping is a promise)."""
    if c.moved_past:
        return Outgoing(skip=True)
    payload = cast(Reminder, c.post.payload)
    member = member_of(payload)
    dm_t = await c.speaker_of(member) if member is not None and payload.get("delivery") in ("dm", "both") else c.t
    return reminder(payload, guild_id=c.game.guild_id, channel_id=c.post.channel_id, now=c.post.created_at,
                    server=c.server, t=c.t, dm_t=dm_t)


async def _silent(c: Context) -> Outgoing:
    """A record of who played a seat: its moves show in the next wait's catch-up and where that wait closes."""
    return Outgoing(skip=True)


async def _for_moderators(c: Context, text: Callable[[Speaker], str]) -> Outgoing:
    """A notice on the route ``bot.core.outbox.mod_notices`` chose: the log channel or the game's channel (the
    moderator role pinged if set), or the creator's DMs in their language (the game's channel, pinging them, when those
    are closed); a notice queued before routes existed pings the role in the channel, or nobody."""
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
    PostKind.WAIT: _wait,
    PostKind.FINISHED: _finished,
    PostKind.REMINDER: _reminder,
    PostKind.DEADLINE_WAITING: _deadline_waiting,
    PostKind.MOD_ACTION: _simple(mod_action),
    PostKind.DELIVERY_FAILED: _delivery_failed,
    **{kind: _silent for kind in SILENT},
}
"""One composer per kind of post (a test checks none is missing)."""

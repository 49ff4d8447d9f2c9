"""The outbox sender: delivers the posts committed with the moves, in order, and never loses one quietly.

Posts of one game in one channel or thread (a place) go out in order: a failure holds back that place's later
posts. Each place has its own lock, held while its post is composed (a board drawn) and sent, so only the
place's own later posts wait for it; another game's post goes out meanwhile (issue 14).

A failed post is tried again with a growing pause (``backoff``: 30 s, 1 min, 2 min … at most 15 min), by the
background worker or by the next command of the game; a command never hammers Discord while a post is waiting. What
failed decides what happens next (``classify``):

- a deleted channel or thread (404, Discord error 10003): the post is given up at once;
- a missing permission (403), a Discord outage (5xx) or no network: tried again until the post has
  been failing for ``GIVE_UP_AFTER`` (a day), then given up;
- anything else (Discord refuses the message itself, or it could not be composed): it would fail the
  same way every time, so it is given up after ``REFUSED_TRIES``.

Giving up keeps the post (never sent) with the place's later posts, and queues one ``delivery_failed``
notice that tells the moderators what could not be delivered and why, and that ``/tikal-mod resend``
sends it again. A reply to a message that is gone (404, Discord error 10008) is sent without the
reference instead.

Every post carries the nonce stored with it and asks Discord to enforce it: a post that reached Discord
just before a crash (sent, but not yet marked sent) is not duplicated when it is sent again within the
few minutes Discord remembers nonces. After a longer outage the nonce is forgotten, so before sending a
post again whose first try is older than ``NONCE_MINUTES``, the sender reads the channel's last
messages and takes the post as delivered if one of the bot's own carries its nonce or its marker (a file
named after the post: a wait's board picture, the result's record; ``notices.post_marker``) — nothing a
player reads.

A command hands the posts it committed straight to ``send`` (no read of the queue); the background
worker sends whatever is left: posts held back by a failure, and after a restart what a crash left.

Several processes (PostgreSQL, ``bot.core.storage.shards``): each sends the posts of its own shards' guilds only, and
claims every post before sending it (``PostQueue.claim``: ``FOR UPDATE SKIP LOCKED``, then a lease of
``CLAIM_LEASE`` in ``retry_at``), so two processes that both think they own a guild (a deploy with the old and
the new process running) never send one post twice; a post claimed by a process that died goes out when the
lease has run out. With SQLite's one process there is nothing to claim.

A message that pinged someone is never deleted or edited away (UX principle 11): the channel stays short because
each wait has one message (``bot.core.table.waits``), not because pings are taken back. A reminder or a wait's message
whose game has already moved past it when it is due is not sent at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import aiohttp
import discord

from bot.adapter.notices import COMPOSERS, Context, Outgoing, jump_url, post_marker
from bot.adapter.permissions import missing_here
from bot.adapter.replays import Animations
from bot.adapter.replies import fitted, mentions
from bot.adapter.speech import channel as channel_speaker
from bot.adapter.speech import direct
from bot.adapter.web_links import PageLinks
from bot.core.assembly import Core
from bot.core.table.locks import KeyedLocks
from bot.core.table.posts import PostKind
from bot.core.table.results import Post
from bot.core.table.waits import LATEST
from bot.core.words.texts import tr
from engine import GameView
from engine.messages import Msg, Said, Speaker

log = logging.getLogger(__name__)

RETRY_SECONDS: Final = 30.0
"""The worker's round, and the first pause after a failure."""
MAX_BACKOFF: Final = 900.0
GIVE_UP_AFTER: Final = 24 * 3600.0
"""A post failing for a missing permission, an outage or no network is given up after this long."""
REFUSED_TRIES: Final = 3
NONCE_MINUTES: Final = 4.0
"""Discord enforces a nonce only for a few minutes: older first tries are checked against the channel."""
RECENT_MESSAGES: Final = 20
BATCH: Final = 100
CLAIM_LEASE: Final = 120.0
"""Seconds a claimed post is this sender's alone (it is sent, failed or given back well before)."""
UNKNOWN_CHANNEL: Final = 10003
UNKNOWN_MESSAGE: Final = 10008
TOO_LARGE: Final = 40005
"""Discord's "Request entity too large" (with HTTP 413): the attachments exceed the upload limit."""

CatchUp = Callable[[int, int], Awaitable[None]]
"""Brings a game's channel up to date (the table's ``sync``), after a held-back post finally went out."""


Place = tuple[int, int]
"""Where a game's posts keep their order: (game, channel or thread)."""

REMEMBERED: Final = 10_000
"""Post ids a sender remembers as sent, against sending one twice when two senders read it."""


def place_of(post: Post) -> Place:
    return post.game_id, post.channel_id


def by_place(posts: Sequence[Post]) -> dict[Place, list[Post]]:
    """The posts of each place, in their order (the places in the order of their first post)."""
    places: dict[Place, list[Post]] = {}
    for post in posts:
        places.setdefault(place_of(post), []).append(post)
    return places


class UnknownKind(Exception):
    """A post kind the adapter has no message for."""


@dataclass(frozen=True, slots=True)
class Sent:
    """What became of a post: its message (None: nothing was sent, e.g. a reminder answered already)."""

    message_id: int | None


@dataclass(frozen=True, slots=True)
class Failure:
    """What a failed send means for the post."""

    reason: Said
    """Why, in words for a moderator (written in the channel's language when the notice is sent)."""
    gone: bool = False
    """The channel or thread is gone: give up at once."""
    refused: bool = False
    """It would fail the same way again: give up after a few tries."""


def too_large(error: discord.HTTPException) -> bool:
    return error.status == 413 or error.code == TOO_LARGE


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failure in a row: 30 s, doubling, at most 15 min."""
    return min(RETRY_SECONDS * float(2 ** min(max(attempts - 1, 0), 10)), MAX_BACKOFF)


def classify(error: Exception, missing: Sequence[Msg] = ()) -> Failure:
    """Sort a send's failure; ``missing``: the permissions the bot lacks in the channel, if known."""
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return Failure(tr("outbox.gone", "the channel or thread was deleted"), gone=True)
    if isinstance(error, discord.Forbidden):
        if missing:
            named = tuple(tr("outbox.bold", "**{name}**", name=m) for m in missing)
            return Failure(tr("outbox.lacking", "I lack {permissions} there", permissions=named))
        return Failure(tr("outbox.forbidden", "Discord refused me there ({status}: {text})", status=error.status,
                          text=error.text or "forbidden"))
    if isinstance(error, discord.DiscordServerError) or (isinstance(error, discord.HTTPException)
                                                         and error.status in (404, 408, 429)):
        return Failure(tr("outbox.no_answer", "Discord did not answer ({status})", status=error.status))
    if isinstance(error, aiohttp.ClientError | OSError | TimeoutError):
        return Failure(tr("outbox.network", "Discord could not be reached (network)"))
    if isinstance(error, discord.HTTPException):
        return Failure(tr("outbox.refused", "Discord refused the message ({status}: {text})", status=error.status,
                          text=error.text), refused=True)
    return Failure(tr("outbox.unmade", "the message could not be made ({error})", error=type(error).__name__),
                   refused=True)


class Outbox:
    """Sends queued posts; ``run`` is the background worker that also resumes every game after a restart."""

    def __init__(self, client: discord.Client, core: Core, *, clock: Callable[[], float] = time.time,
                 pages: PageLinks | None = None) -> None:
        self.client = client
        self.core = core
        self.clock = clock
        self.pages = pages or PageLinks(core, None)
        """The games' web pages, linked from the turn posts when the web view is on."""
        self.catch_up: CatchUp | None = None
        self.animations = Animations(core.pool, language=self._channel_locale)
        """The end-of-game posts' GIFs, drawn in the worker pool before the post is sent."""
        self._places: KeyedLocks[Place] = KeyedLocks()
        """One lock per place: its posts go out one after another, other places' posts do not wait for them."""
        self._rounds = asyncio.Lock()
        """One worker round (``flush``) at a time."""
        self._round = 0
        self._wake = asyncio.Event()
        self._held: dict[Place, int] = {}
        """Places with a post that failed or that another process holds: their later posts wait for it, to keep the
        order. Each with the round during which it was found held (a round trusts only what it read itself)."""
        self._delivered: dict[int, None] = {}
        """The posts this process sent or skipped lately (the last ``REMEMBERED``): a sender that read a post
        before another sender took care of it does not send it twice."""
        self.resumed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def _channel_locale(self, guild_id: int) -> str:
        """The language of the server's channel posts (an end-of-game GIF's captions)."""
        return (await channel_speaker(self.client, self.core.languages, guild_id)).locale

    # --- the worker ---------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None or self._task.done():
            self.resumed.clear()
            self._task = asyncio.create_task(self.run(), name="tikal-background-outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        try:
            await self.resume()
        except Exception:
            log.exception("resuming the games after the start failed")
        finally:
            self.resumed.set()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=RETRY_SECONDS)
            self._wake.clear()
            try:
                if await self.flush_and_catch_up() >= BATCH:  # more may be due (a tick's thousand reminders)
                    self._wake.set()
            except Exception:
                log.exception("the outbox round failed")

    async def flush_and_catch_up(self) -> int:
        """One round: send what is due, then bring the games whose held-back posts went out up to date
        (a retried post may end a turn whose live message could not be posted then)."""
        sent = await self._flush()
        games = list(dict.fromkeys(sent))
        for guild_id, game_id in games:
            if self.catch_up is not None:
                await self.catch_up(guild_id, game_id)
        return len(sent)

    async def resume(self) -> None:
        """After a start: send what a crash left unsent, and give every running game its live message."""
        core = self.core
        pending = {(p.guild_id, p.game_id) for p in await core.outbox.pending_posts(BATCH)}
        await self.flush()
        for guild_id, game_id in await core.games.running_games():
            game = await core.games.game(guild_id, game_id)
            if self.catch_up is not None and (game.turn_message_id is None or (guild_id, game_id) in pending):
                await self.catch_up(guild_id, game_id)

    # --- sending ------------------------------------------------------------------------------

    async def send(self, posts: Sequence[Post], views: Mapping[int, GameView] | None = None) -> None:
        """Send posts a command has just committed, in order; ``views``: public views by version, known to
        the caller, so that the board is not loaded again.

        Before the worker has resumed after a start, or while the game's place has a failed post, the
        queue is flushed instead (what is due of it), so a game's posts never overtake each other. Only the
        posts' own places wait for each other: another game's slow post does not hold these back.
        """
        if not posts:
            return
        if not self.resumed.is_set() or any(place_of(p) in self._held for p in posts):
            await self.flush()
            return
        await self.animations.prepare(posts)  # drawn before any lock: the place's earlier posts do not wait for it
        for place, own in by_place(posts).items():
            await self._send_place(place, own, views or {})

    async def _send_place(self, place: Place, posts: Sequence[Post], views: Mapping[int, GameView]) -> None:
        """Send one place's posts, in order, unless the place is held (then the worker sends them)."""
        notices: list[Post] = []
        async with self._places(place):
            wanted = [p for p in posts if p.id not in self._delivered]
            if place in self._held or not wanted:
                return
            claimed = await self.core.outbox.claim([p.id for p in wanted], self.clock() + CLAIM_LEASE)
            untried = []
            for post in wanted:
                if post.id not in claimed:  # another process has it: this place's later posts wait for it
                    self._hold(place)
                elif place in self._held:  # an earlier post of the place failed just now: the worker's next round
                    untried.append(post.id)
                else:
                    await self._deliver(post, views, notices)
            await self.core.outbox.release(untried)
        await self._notify(notices)

    async def flush(self) -> int:
        """Send every pending post that is due (oldest first); return how many went out."""
        return len(await self._flush())

    async def _flush(self) -> list[tuple[int, int]]:
        """Send every pending post that is due, place by place; the ``(guild, game)`` of each post sent."""
        sent: list[tuple[int, int]] = []
        async with self._rounds:
            self._round += 1
            this_round = self._round
            now = self.clock()
            pending = by_place(await self.core.outbox.pending_posts(BATCH))
            for place, mark in list(self._held.items()):
                if mark < this_round and place not in pending:  # what it waited for is gone (sent, given up)
                    del self._held[place]
            for place, posts in pending.items():
                notices: list[Post] = []
                async with self._places(place):
                    if self._held.get(place, -1) >= this_round:  # failed after the queue was read: next round
                        continue
                    self._held.pop(place, None)
                    for post in posts:
                        if post.id in self._delivered:  # another sender had it meanwhile
                            continue
                        backing_off = post.retry_at is not None and post.retry_at > now
                        if backing_off or not await self.core.outbox.claim([post.id], now + CLAIM_LEASE):
                            self._hold(place)  # it and its followers wait (its pause, or another sender has it)
                        elif await self._deliver(post, {}, notices):
                            sent.append((post.guild_id, post.game_id))
                        if place in self._held:
                            break
                await self._notify(notices)
        return sent

    def _hold(self, place: Place) -> None:
        self._held[place] = self._round

    def _done(self, post_id: int) -> None:
        self._delivered[post_id] = None
        if len(self._delivered) > REMEMBERED:
            del self._delivered[next(iter(self._delivered))]

    async def _notify(self, notices: Sequence[Post]) -> None:
        """The moderators' notices of posts given up, in their own place (the lobby's channel), at once."""
        for notice in notices:
            await self._send_place(place_of(notice), [notice], {})

    async def _deliver(self, post: Post, views: Mapping[int, GameView], notices: list[Post]) -> bool:
        """Send one post and record it (its place's lock held); False if it failed (it then holds back its place's
        later posts). A notice for the moderators that giving it up queued is added to ``notices``."""
        core = self.core
        try:
            sent = await self._send(post, views)
        except UnknownKind:
            # A kind this adapter cannot show yet: skipped rather than holding back the game's posts.
            log.warning("post %s of game %s has a kind this bot cannot show: %s", post.id, post.game_id, post.kind)
            await core.outbox.mark_sent(post.id, None)
            self._done(post.id)
            return False
        except Exception as error:  # Discord refused, it could not be reached, or the post could not be composed
            await self._failed(post, error, notices)
            return False
        await core.outbox.mark_sent(post.id, sent.message_id)
        self._done(post.id)
        return True

    async def _failed(self, post: Post, error: Exception, notices: list[Post]) -> None:
        core = self.core
        failure = classify(error, missing_here(self.client, post.guild_id, post.channel_id))
        detail = f"{error.status} {error.text}" if isinstance(error, discord.HTTPException) else repr(error)
        attempts = post.attempts + 1
        now = self.clock()
        await core.outbox.mark_failed(post.id, detail, now + backoff(attempts))
        failing_for = now - (post.first_failed_at or now)
        if failure.gone or failing_for >= GIVE_UP_AFTER or (failure.refused and attempts >= REFUSED_TRIES):
            log.error("giving up post %s of game %s and its followers in channel %s: %s", post.id, post.game_id,
                      post.channel_id, detail)
            notice = await core.outbox.give_up(post, failure.reason)
            self._hold(place_of(post))  # its followers of this round are given up too
            if notice is not None and notice.channel_id != post.channel_id:
                notices.append(notice)  # the lobby's channel: the moderators learn it at once
            return
        log.warning("post %s of game %s failed (try %s), tried again in %.0f s: %s", post.id, post.game_id, attempts,
                    backoff(attempts), detail)
        self._hold(place_of(post))

    async def _send(self, post: Post, views: Mapping[int, GameView]) -> Sent:
        core = self.core
        try:
            kind = PostKind(post.kind)
        except ValueError:
            raise UnknownKind(post.kind) from None
        game = await core.games.game(post.guild_id, post.game_id)
        if game.lesson is not None:  # a tutorial's game: the tutorial shows its member everything, privately
            return Sent(None)

        async def view() -> GameView:
            known = views.get(post.version)
            return known if known is not None else await core.games.view_at(game.guild_id, game.id, post.version)

        guild = self.client.get_guild(game.guild_id)

        async def latest_of(of: PostKind) -> Post | None:
            return await core.outbox.latest_post(post.guild_id, post.game_id, of, before=LATEST)

        languages = self.core.languages
        here = await channel_speaker(self.client, languages, game.guild_id)

        async def animation() -> discord.File | None:
            return await self.animations.attachment(post, guild, here)

        async def speaker_of(member: int) -> Speaker:
            return await direct(languages, member)

        async def page() -> str | None:
            return await self.pages.of(game.guild_id, game.id)

        out = await COMPOSERS[kind](Context(game, post, guild.name if guild is not None else None, view,
                                            animation if kind is PostKind.FINISHED else None, latest_of, here,
                                            speaker_of, page))
        if out.skip:
            return Sent(None)
        return await self._post(post, out)

    async def _post(self, post: Post, out: Outgoing) -> Sent:
        if out.dm and out.member is not None:
            try:
                dm = await self.client.create_dm(discord.Object(id=out.member))
                content, _ = fitted(out.content)
                message = await dm.send(content, allowed_mentions=discord.AllowedMentions.none(), nonce=post.nonce)
                return Sent(message.id)
            except discord.Forbidden:  # DMs closed (or no shared server): the channel, with a ping
                log.info("member %s takes no DMs: reminder of game %s goes to the channel", out.member, post.game_id)
                out.content, out.dm = out.fallback, False
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        earlier = await self._already_there(post, channel)
        if earlier is not None:
            return Sent(earlier)
        content, embed = fitted(out.content, out.embed)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions(out.member, role=out.role, others=out.others),
                                  "nonce": post.nonce}
        if embed is not None:
            kwargs["embed"] = embed
        if out.files:
            kwargs["files"] = out.files
        if out.view is not None:
            kwargs["view"] = out.view
        if out.reply_to is not None:
            kwargs["reference"] = discord.MessageReference(
                message_id=out.reply_to, channel_id=post.channel_id, guild_id=post.guild_id, fail_if_not_exists=False)
        if out.optional:
            kwargs["files"] = [*out.files, *out.optional]
        try:
            message = await channel.send(content or None, **kwargs)
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE or "reference" not in kwargs:
                raise
            del kwargs["reference"]  # the message it replied to is gone: the post stands alone
            for file in kwargs.get("files", ()):
                file.reset()
            message = await channel.send(content or None, **kwargs)
        except discord.HTTPException as error:
            if not (out.optional and too_large(error)):
                raise
            log.warning("post %s of game %s: Discord refused its attachments as too large (%s %s); sent without %s",
                        post.id, post.game_id, error.status, error.text, [f.filename for f in out.optional])
            dropped = {f"attachment://{f.filename}" for f in out.optional}
            if out.embed is not None and out.embed.image.url in dropped:
                out.embed.set_image(url=None)
            content, embed = fitted("\n".join(t for t in (out.content, out.missing) if t), out.embed)
            if embed is not None:
                kwargs["embed"] = embed
            kwargs["files"] = out.files
            for file in out.files:
                file.reset()
            message = await channel.send(content or None, **kwargs)
        await self._direct(post, out, channel, message.id)
        return Sent(message.id)

    async def _direct(self, post: Post, out: Outgoing, channel: discord.PartialMessageable, message_id: int) -> None:
        """The direct messages that go with a channel message (``/tikal-game notify``), best effort: a member whose DMs
        are closed is pinged in the channel instead when the channel message did not ping them."""
        link = jump_url(post.guild_id, post.channel_id, message_id) or ""
        for note in out.dms:
            try:
                dm = await self.client.create_dm(discord.Object(id=note.member))
                await dm.send(fitted(note.text(link))[0], allowed_mentions=discord.AllowedMentions.none())
            except discord.Forbidden:
                log.info("member %s takes no DMs: game %s tells them in the channel", note.member, post.game_id)
                if note.fallback:
                    reference = discord.MessageReference(message_id=message_id, channel_id=post.channel_id,
                                                         guild_id=post.guild_id, fail_if_not_exists=False)
                    await channel.send(fitted(note.fallback)[0], allowed_mentions=mentions(note.member),
                                       reference=reference)
            except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as error:
                log.warning("could not tell member %s of game %s by DM: %s", note.member, post.game_id, error)

    async def _already_there(self, post: Post, channel: discord.PartialMessageable) -> int | None:
        """The id of the bot's message for ``post`` among the channel's last messages, if an earlier try got
        through after all; looked for only when Discord no longer enforces the nonce (a try minutes ago)."""
        if self.clock() - post.created_at < NONCE_MINUTES * 60:
            return None
        me = self.client.user.id if self.client.user is not None else None
        marker = post_marker(post)
        try:
            async for message in channel.history(limit=RECENT_MESSAGES):
                if message.author.id != me:
                    continue
                files = {a.filename for a in message.attachments} | {
                    (e.image.url or "").rsplit("/", 1)[-1].split("?", 1)[0] for e in message.embeds}
                if message.nonce == post.nonce or (marker is not None and marker in files):
                    log.info("post %s of game %s was delivered before all: message %s", post.id, post.game_id,
                             message.id)
                    return message.id
        except discord.HTTPException as error:  # cannot read the channel: send, as before
            log.info("could not read channel %s to look for post %s: %s", post.channel_id, post.id, error)
        return None

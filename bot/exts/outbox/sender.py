"""The outbox sender: delivers the posts committed with the moves, exactly once as far as Discord can tell.

Every post carries the nonce stored with it and asks Discord to enforce it, so a post that reached
Discord just before a crash (sent, but not yet marked sent) is not duplicated when it is sent again
after the restart. Posts of one game go out in order: a failure holds back that game's later posts
until the next round (every ``RETRY_SECONDS``); a post that keeps failing is given up after
``MAX_ATTEMPTS``, and one whose channel is gone at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from typing import TYPE_CHECKING, Any, Final

import discord

from ... import events, formatting
from ...moderation import is_absent_member
from ...reminders import REMINDER
from ...results import GameInfo, Post
from ...table import picture
from . import notices

if TYPE_CHECKING:
    from ...app import TikalBot

log = logging.getLogger(__name__)

MAX_ATTEMPTS: Final = 8
RETRY_SECONDS: Final = 30.0
BATCH: Final = 100


def mentions(member_id: int | None, *, role: int | None = None) -> discord.AllowedMentions:
    """Allow exactly one user (never an absent seat's placeholder) or one role to be pinged, or nobody."""
    if role is not None:
        return discord.AllowedMentions(everyone=False, users=False, replied_user=False, roles=[discord.Object(id=role)])
    if member_id is None or is_absent_member(member_id):
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=member_id)])


class UnknownKind(Exception):
    """A post kind the adapter has no message for."""


class Outbox:
    """Sends queued posts; ``run`` is the background worker that also resumes every game after a restart."""

    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self.resumed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

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
                # A retried post may end a turn whose live message could not be posted then: catch up.
                for guild_id, game_id in await self._flush():
                    await self.bot.table.sync(guild_id, game_id)
            except Exception:
                log.exception("the outbox round failed")

    async def resume(self) -> None:
        """After a start: send what a crash left unsent, and give every running game its live message."""
        svc = self.bot.service
        pending = {(p.guild_id, p.game_id) for p in await svc.pending_posts(BATCH)}
        await self.flush()
        for guild_id, game_id in await svc.running_games():
            game = await svc.game(guild_id, game_id)
            if game.turn_message_id is None or (guild_id, game_id) in pending:
                await self.bot.table.sync(guild_id, game_id)

    # --- sending ------------------------------------------------------------------------------

    async def flush(self) -> int:
        """Send every pending post (oldest first); return how many went out."""
        return len(await self._flush(count=True))

    async def _flush(self, *, count: bool = False) -> list[tuple[int, int]]:
        """Send every pending post; return the ``(guild, game)`` of each post sent (one entry per game
        unless ``count``)."""
        svc = self.bot.service
        sent: list[tuple[int, int]] = []
        async with self._lock:
            held: set[int] = set()
            for post in await svc.pending_posts(BATCH):
                if post.game_id in held:
                    continue
                try:
                    message_id = await self._send(post)
                except UnknownKind:
                    # A kind this adapter cannot show yet: skipped rather than holding back the game's posts.
                    log.warning("post %s of game %s has a kind this bot cannot show: %s", post.id, post.game_id,
                                post.kind)
                    await svc.mark_sent(post.id, None)
                    continue
                except Exception as error:  # Discord refused, or the post could not be composed
                    status = error.status if isinstance(error, discord.HTTPException) else None
                    detail = f"{status} {error.text}" if isinstance(error, discord.HTTPException) else repr(error)
                    await svc.mark_failed(post.id, detail)
                    if status == 404 or post.attempts + 1 >= MAX_ATTEMPTS:
                        # The channel is gone, or Discord keeps refusing: give the post up so it does not
                        # hold back the queue forever (the row keeps its last error).
                        log.error("giving up post %s of game %s: %s", post.id, post.game_id, error)
                        await svc.mark_sent(post.id, None)
                        continue
                    log.warning("post %s of game %s failed, will retry: %s", post.id, post.game_id, error)
                    held.add(post.game_id)
                    continue
                await svc.mark_sent(post.id, message_id)
                if count or (post.guild_id, post.game_id) not in sent:
                    sent.append((post.guild_id, post.game_id))
        return sent

    async def _send(self, post: Post) -> int:
        svc = self.bot.service
        game = await svc.game(post.guild_id, post.game_id)
        out = await self._compose(game, post)
        channel = self.bot.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        if out.dm and out.member is not None:
            try:
                dm = await self.bot.create_dm(discord.Object(id=out.member))
                message = await dm.send(out.content, allowed_mentions=discord.AllowedMentions.none(),
                                        nonce=post.nonce)
                return message.id
            except discord.Forbidden:  # DMs closed (or no shared server): the channel, with a ping
                log.info("member %s takes no DMs: reminder of game %s goes to the channel", out.member, game.id)
                out.content, out.dm = out.fallback, False
        kwargs: dict[str, Any] = {"allowed_mentions": mentions(out.member, role=out.role), "nonce": post.nonce}
        if out.embed is not None:
            kwargs["embed"] = out.embed
        if out.files:
            kwargs["files"] = out.files
        if out.reply_to is not None:
            kwargs["reference"] = discord.MessageReference(
                message_id=out.reply_to, channel_id=post.channel_id, guild_id=post.guild_id, fail_if_not_exists=False)
        message = await channel.send(out.content or None, **kwargs)
        return message.id

    async def _compose(self, game: GameInfo, post: Post) -> notices.Outgoing:
        import render

        payload = post.payload
        kind = post.kind
        if kind in (events.STARTED, events.TURN_ENDED, events.FINISHED):
            view = await self.bot.service.view_at(game.guild_id, game.id, post.version)
            png = await asyncio.to_thread(render.render_board, view)
            files = [picture(png, "board.png", render.describe(view))]
            if kind == events.STARTED:
                content, embed, member = formatting.started_post(game, view, payload)
                return notices.Outgoing(content, embed, files, member)
            if kind == events.TURN_ENDED:
                content, embed, member = formatting.turn_ended_post(game, view, payload)
                mark = notices.skip_mark(await self._siblings(post), payload.get("seat"))
                if mark is not None:
                    embed.title = f"{embed.title} · {mark}"
                return notices.Outgoing(content, embed, files, member)
            record = json.dumps(payload["record"], indent=1).encode()
            files.append(discord.File(io.BytesIO(record), filename=f"tikal-game-{game.id}.json",
                                      description="The game record"))
            return notices.Outgoing("", formatting.finished_embed(game, view, payload), files)
        if kind == events.SCORING_ROUND:
            return notices.Outgoing(formatting.scoring_round_text(payload))
        if kind == events.BIDDING:
            text, member = formatting.bidding_text(payload)
            return notices.Outgoing(text, member=member)
        if kind == events.AUCTION_WON:
            view = await self.bot.service.view_at(game.guild_id, game.id, post.version)
            text, member = formatting.auction_won_text(payload, view)
            return notices.Outgoing(text, member=member)
        if kind == REMINDER:
            guild = self.bot.get_guild(game.guild_id)
            return notices.reminder(payload, guild_id=game.guild_id, channel_id=post.channel_id,
                                    server=guild.name if guild is not None else None)
        if kind in notices.SIMPLE:
            return notices.SIMPLE[kind](payload)
        raise UnknownKind(kind)

    async def _siblings(self, post: Post) -> list[tuple[str, dict[str, Any]]]:
        """The posts queued with ``post`` (same game, same version): they say whether the bot played the turn."""
        return [(p.kind, p.payload) for p in await self.bot.service.posts_of(post.guild_id, post.game_id)
                if p.version == post.version and p.kind in notices.SKIP_KINDS]

"""One composed post sent to Discord: a DM, or a channel message with its files, its reply and the DMs that go with
it, never twice.

Every post carries the nonce stored with it and asks Discord to enforce it: a post that reached Discord
just before a crash (sent, but not yet marked sent) is not duplicated when it is sent again within the
few minutes Discord remembers nonces. After a longer outage the nonce is forgotten, so before sending a
post again whose first try is older than ``NONCE_MINUTES``, the sender reads the channel's last
messages and takes the post as delivered if one of the bot's own carries its nonce or its marker (a file
named after the post: a wait's board picture, the result's record; ``notices.post_marker``) — nothing a
player reads.

A reply to a message that is gone (404, Discord error 10008) is sent without the reference instead; attachments
Discord refuses as too large are dropped when they are optional (an end-of-game GIF), with a line that says so.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Final

import aiohttp
import discord

from bot.adapter.notices import Outgoing, jump_url, post_marker
from bot.adapter.replies import fitted, mentions
from bot.adapter.send_failures import too_large
from bot.core.table.results import Post

log = logging.getLogger(__name__)

NONCE_MINUTES: Final = 4.0
"""Discord enforces a nonce only for a few minutes: older first tries are checked against the channel."""
RECENT_MESSAGES: Final = 20
UNKNOWN_MESSAGE: Final = 10008


class Poster:
    """Sends composed posts through ``client``; ``clock`` tells how old a post's first try is."""

    def __init__(self, client: discord.Client, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.clock = clock

    async def post(self, post: Post, out: Outgoing) -> int:
        """Send ``out`` for ``post`` (its DM, else the channel message and the DMs that go with it); return the
        message's id."""
        if out.dm and out.member is not None:
            try:
                dm = await self.client.create_dm(discord.Object(id=out.member))
                content, _ = fitted(out.content)
                message = await dm.send(content, allowed_mentions=discord.AllowedMentions.none(), nonce=post.nonce)
                return message.id
            except discord.Forbidden:  # DMs closed (or no shared server): the channel, with a ping
                log.info("member %s takes no DMs: reminder of game %s goes to the channel", out.member, post.game_id)
                out.content, out.dm = out.fallback, False
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=post.guild_id)
        earlier = await self._already_there(post, channel)
        if earlier is not None:
            return earlier
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
        return message.id

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

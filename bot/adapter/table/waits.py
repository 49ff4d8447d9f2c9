"""Each wait's message in the channel, kept in line with the database.

``sync`` brings a game's channel in line with the database and is safe to call at any time (after a
move, after a restart): it sends the queued posts (a new wait's message among them, which pings whom
the game waits for), gives the message of the wait before its last form (what was done, no buttons;
its ping untouched) and edits the current one as the wait goes on. After a command it works from the
``Moved`` the command's commit returned, so an action costs one state load and one transaction.
Replies to the person who clicked or typed are ephemeral; everything in the channel is an ordinary
message."""

from __future__ import annotations

from typing import cast

import discord

from bot.adapter.messages.parts import NEUTRAL
from bot.adapter.messages.wait_message import closed_embed, wait_embed, wait_picture
from bot.adapter.replies import edit
from bot.adapter.table.base import Live, TableBase, log, played_for, waited_seats
from bot.adapter.ui import live_view, with_web_link
from bot.core.storage.rows import Status
from bot.core.table.posts import PostKind, Wait
from bot.core.table.results import GameInfo, Moved, Post
from bot.core.table.waits import LATEST
from engine import GameView, Phase
from lang import Translator


class WaitMessages(TableBase):
    """The channel in line with the database: the queued posts sent, each wait's message shown and closed."""

    async def sync(self, guild: int, game_id: int, moved: Moved | None = None) -> None:
        """Send the queued posts, then bring the wait's message up to date: edited as the wait goes on, closed once
        the next wait's message is out (or the game is over).

        ``moved``: what the command that called just committed; without it (after a restart, a tick, a
        moderator's action) the game is read again. Computer seats and standing orders due play first. A Discord
        failure here never undoes a committed move: it is logged, and the next sync (the next move, or the
        outbox worker's resume after a restart) catches up.
        """
        if moved is None or moved.computer_next or moved.order_next:
            try:
                played = await self._bots(guild, game_id)
            except Exception:  # the scheduler's next tick tries again; the channel still catches up now
                log.exception("game %s: a computer player or a standing order could not play", game_id)
                played = []
            if played:
                if moved is not None:
                    await self.outbox.send(moved.posts, {moved.view.version: moved.view})
                for earlier in played[:-1]:
                    await self.outbox.send(earlier.posts, {earlier.view.version: earlier.view})
                moved = played[-1]
        try:
            await self._sync(guild, game_id, moved)
        except discord.HTTPException as error:
            log.warning("could not bring game %s up to date in Discord: %s", game_id, error)

    async def _bots(self, guild: int, game_id: int) -> list[Moved]:
        """Computer players' obligations and standing orders due now, played one after another until a person is to
        act."""
        played: list[Moved] = []
        while True:
            computers = await self.core.computers.play_computers(guild, game_id)
            order = await self.core.orders.play_due(guild, game_id)
            played.extend([*computers, *([order] if order is not None else [])])
            if not computers and order is None:
                return played

    async def _sync(self, guild: int, game_id: int, moved: Moved | None) -> None:
        async with self._lock(game_id):
            core = self.core
            view: GameView | None
            if moved is not None:
                game, view = moved.game, moved.view
            else:
                game = await core.games.game(guild, game_id)
                view = await core.games.view(guild, game_id) if game.started_at is not None else None
            await self._send_posts(moved)
            if view is None or game.lesson is not None:  # a tutorial's game has no channel messages
                return
            here = await self.speaker(guild)
            channel = self.channel(guild, game.place_id)
            live = self._live.get(game_id)
            if moved is None or live is None or any(p.kind == PostKind.WAIT for p in moved.posts):
                latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                if latest is None and game.status is Status.RUNNING and await core.outbox.announce(guild, game_id):
                    await self.outbox.flush()  # a game from before one message per wait: its wait gets one now
                    latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                if latest is not None and (live is None or latest.id != live.post_id):
                    live = await self._adopt(game, channel, live, latest, view, here)
            if live is None:
                return
            jump = await core.jumps.jump_status(guild, game_id) if view.phase is Phase.JUMP else None
            if game.status is Status.RUNNING and set(waited_seats(view, jump)) & set(live.payload["seats"]):
                if (live.view is None or live.view.version != view.version or live.closed or jump is not None) and \
                        not await self._show(game, channel, live, view, jump, here) and \
                        await core.outbox.announce(guild, game_id, again=True):  # deleted: posted again, pinging nobody
                    await self.outbox.flush()
                    latest = await core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
                    self._live.pop(game_id, None)
                    if latest is not None:
                        live = await self._adopt(game, channel, None, latest, view, here)
            elif not live.closed:
                await self._close(game, channel, live, view, None, here)
            if game.status is not Status.RUNNING:  # over or stopped: no wait's message any more
                self._live.pop(game_id, None)
                if game.turn_message_id is not None:
                    await core.turns.set_turn_message(guild, game_id, None)

    async def _adopt(self, game: GameInfo, channel: discord.PartialMessageable, live: Live | None, latest: Post,
                     view: GameView, here: Translator) -> Live | None:
        """A newer wait's message: the one before is closed; the new one is the live message once it is out (not
        yet: a failure holds it back, and the outbox syncs again when it goes out)."""
        if live is not None and not live.closed:
            await self._close(game, channel, live, view, latest, here)
        elif live is None and game.turn_message_id is not None and game.turn_message_id != latest.message_id:
            await self._close_unknown(game, channel, game.turn_message_id, here)  # known only from Discord
        self._live.pop(game.id, None)
        if latest.message_id is None:
            return None
        adopted = Live(latest.id, latest.message_id, cast(Wait, latest.payload), latest.version,
                       view if view.version == latest.version else None)
        self._live[game.id] = adopted
        await self.core.turns.set_turn_message(game.guild_id, game.id, latest.message_id)
        return adopted

    async def _show(self, game: GameInfo, channel: discord.PartialMessageable, live: Live, view: GameView,
                    jump: tuple[list[int], list[int]] | None, here: Translator) -> bool:
        """Edit the wait's message from the game now (its ping, the content, stays as it was); False if it is gone."""
        page = await self.pages.of(game.guild_id, game.id)
        embed = wait_embed(game, view, live.payload, jump, picture=wait_picture(live.post_id), page=page, t=here)
        buttons = live_view(game, view, here)
        if page is not None:  # the web view is on: each member may ask for their own board's link
            buttons = with_web_link(buttons, game, here)
        try:
            await edit(channel.get_partial_message(live.message_id), embed=embed, view=buttons)
        except discord.NotFound:  # someone deleted it
            log.info("the wait message %s of game %s is gone: posting it again", live.message_id, game.id)
            return False
        live.view, live.closed = view, False
        return True

    async def _close(self, game: GameInfo, channel: discord.PartialMessageable, live: Live, view: GameView,
                     newer: Post | None, here: Translator) -> None:
        """Give the wait's message its last form: what was done (and whether the bot did it), no buttons."""
        old = live.view or await self.core.games.view_at(game.guild_id, game.id, min(live.version, view.version))
        by_bot = played_for(live, old.version, newer)
        embed = closed_embed(game, old, view, by_bot=by_bot, picture=wait_picture(live.post_id), t=here)
        if game.status is Status.ABORTED:
            embed.set_footer(text=here.tr("table.stopped", "Game #{game} was stopped by a moderator.", game=game.id))
        try:
            await edit(channel.get_partial_message(live.message_id), embed=embed, view=None)
        except discord.NotFound:
            log.info("the wait message %s of game %s is gone", live.message_id, game.id)
        live.view, live.closed = view, True

    async def _close_unknown(self, game: GameInfo, channel: discord.PartialMessageable, message_id: int,
                             t: Translator) -> None:
        """Close a live message known only from Discord (after a restart, or from before one message per wait): its
        text kept, marked over, no buttons; one already closed is left alone."""
        try:
            message = await channel.fetch_message(message_id)
        except (discord.NotFound, discord.Forbidden):
            return
        if not message.components:
            return
        embed = message.embeds[0] if message.embeds else discord.Embed(
            title=t.tr("table.turn_over", "Game #{game}: this turn is over", game=game.id), colour=NEUTRAL)
        if message.embeds:
            embed.title = t.tr("table.over_mark", "{title} · over", title=embed.title or "")
        try:
            await edit(channel.get_partial_message(message_id), embed=embed, view=None)
        except discord.NotFound:
            log.info("live message %s of game %s is gone", message_id, game.id)

    async def _send_posts(self, moved: Moved | None) -> None:
        """The posts the command committed, else whatever the queue holds."""
        if moved is None:
            await self.outbox.flush()
        else:
            await self.outbox.send(moved.posts, {moved.view.version: moved.view})


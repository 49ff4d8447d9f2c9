"""The tutorial in Discord: ``/tikal-game tutorial`` starts, continues, restarts or skips a member's lesson, and the
table hands it every move made in a tutorial's game (``Table.tutor``).

A tutorial is played in a private thread the bot opens for the member, when it may (Create Private Threads and Send
Messages in Threads in the channel); else every answer is ephemeral and the game has a place of its own
(``bot.core.tutorial.service.private_place``), which the table finds when the channel has no game of the member's.
Each move is answered by the next step: what the move did, the computer player's turn in words when it played (the
wait's own catch-up), the step's text and the command to try, the board marked where the step points, and the wait's
buttons. All of it in the member's language: nobody else reads it.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Any, Final, cast

import discord

import render
from bot.adapter.messages import tutorial as words
from bot.adapter.messages.wait_message import confirmation, wait_embed
from bot.adapter.replies import fit_embed, picture, refusal, reply
from bot.adapter.speech import reader
from bot.adapter.ui import live_view
from bot.core.storage.rows import Status
from bot.core.table.plans import GameRef, Place
from bot.core.table.posts import PostKind, Wait
from bot.core.table.results import GameInfo, Moved
from bot.core.table.waits import LATEST
from bot.core.tutorial import words as said
from bot.core.tutorial.goals import highlighted
from bot.core.tutorial.lesson import lesson as lesson_of
from bot.core.tutorial.lesson import lesson_names
from bot.core.tutorial.progress import Tutorial
from bot.core.tutorial.service import Guidance, private_place
from bot.core.words.errors import BadOption
from bot.core.words.texts import tr
from engine.messages import ENGLISH, Speaker
from lang import Translator

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

THREAD_MINUTES: Final = 1440
"""A tutorial's thread archives after a day without a message."""


def may_open_thread(interaction: discord.Interaction) -> bool:
    """Whether the bot may open a private thread in the channel of the interaction for the member."""
    permissions = interaction.app_permissions
    return isinstance(interaction.channel, discord.TextChannel) and all(
        getattr(permissions, name) for name in ("view_channel", "create_private_threads", "send_messages_in_threads",
                                                "embed_links", "attach_files"))


class LessonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tikal:lesson:(?P<lesson>[a-z]+)"):
    """The end of a lesson offers the next one: a click starts it for whoever clicks (the end is theirs only)."""

    def __init__(self, lesson: str, t: Speaker = ENGLISH) -> None:
        super().__init__(discord.ui.Button(label=t.message(said.auction_button()), style=discord.ButtonStyle.primary,
                                           custom_id=f"tikal:lesson:{lesson}", emoji="🎓"))
        self.lesson = lesson

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LessonButton:
        return cls(match["lesson"])

    async def callback(self, interaction: discord.Interaction) -> None:
        table = getattr(interaction.client, "table", None)
        tutor = getattr(table, "tutor", None)
        if isinstance(tutor, Guide):
            await tutor.command(interaction, self.lesson, True, False)


def next_lesson(name: str, t: Speaker) -> discord.ui.View | None:
    """The button of the lesson after ``name`` (the auction's after the basic game's), if there is one."""
    if name != "basic" or "auction" not in lesson_names():
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LessonButton("auction", t))
    return view


class Guide:
    """Answers the tutorial's command and the moves of its games (``Table.tutor``)."""

    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot

    # --- /tikal-game tutorial --------------------------------------------------------------------

    async def command(self, interaction: discord.Interaction, lesson: str | None, restart: bool, skip: bool) -> None:
        core = self.bot.core
        guild = self.bot.table.guild_id(interaction)
        member = interaction.user.id
        if lesson is not None and lesson not in lesson_names():
            raise BadOption(tr("tutorial.no_lesson", "There is no lesson {name}.", name=lesson[:20]))
        current = await core.tutorials.under_way(guild, member)
        if skip:
            await self._skip(interaction, guild, current)
            return
        if current is not None and not restart and lesson in (None, current.lesson):
            await self._resume(interaction, current)
            return
        await self._start(interaction, guild, lesson or (current.lesson if current else "basic"))

    async def _skip(self, interaction: discord.Interaction, guild: int, current: Tutorial | None) -> None:
        t = reader(interaction)
        if current is None:
            await reply(interaction, t.tr("tutorial.none_to_skip", "You have no tutorial under way: "
                                                                   "`/tikal-game tutorial` starts one."))
            return
        await self.bot.core.tutorials.stop(guild, interaction.user.id, skipped=True)
        end, then = words.end_embed(lesson_of(current.lesson), t), next_lesson(current.lesson, t)
        if current.private != "thread":
            await reply(interaction, embed=end, view=then)
            return
        info = await self.bot.core.games.game(guild, current.game_id)
        shown: dict[str, Any] = {"embed": end} if then is None else {"embed": end, "view": then}
        if interaction.channel_id == info.place_id:  # in the thread: the end stays there, as every step did
            await interaction.response.send_message(**shown)
            return
        try:
            await self.bot.get_partial_messageable(info.place_id, guild_id=guild).send(**shown)
        except discord.HTTPException:  # the thread is gone: the end privately
            await reply(interaction, embed=end, view=then)
            return
        await reply(interaction, t.tr("tutorial.skipped_in", "Skipped: the end of your tutorial is in {thread}.",
                                      thread=f"<#{info.place_id}>"))

    async def _resume(self, interaction: discord.Interaction, current: Tutorial) -> None:
        """Show the step under way again: in the thread (pointing there), or privately. A computer's turn that a
        restart or a failure left unplayed is played first."""
        t = reader(interaction)
        played = bool(await self.bot.core.tutorials.play_opponent(current.guild_id, current.game_id))
        guidance = await self.bot.core.tutorials.guide(current.guild_id, current.game_id)
        if current.private == "thread" and interaction.channel_id != guidance.game.place_id:
            await interaction.response.defer(ephemeral=True, thinking=True)
            thread = self.bot.get_partial_messageable(guidance.game.place_id, guild_id=current.guild_id)
            try:
                await self._send(thread.send, guidance, t, caught_up=played)
            except discord.HTTPException:  # the thread is gone: the tutorial goes on privately
                await self._send(interaction.followup.send, guidance, t, ephemeral=True, caught_up=played)
                return
            await reply(interaction, t.tr("tutorial.continues", "Your tutorial continues in {thread}.",
                                          thread=f"<#{guidance.game.place_id}>"))
            return
        await interaction.response.defer(ephemeral=current.private == "ephemeral", thinking=True)
        await self._send(interaction.followup.send, guidance, t, ephemeral=current.private == "ephemeral",
                         caught_up=played)

    async def _start(self, interaction: discord.Interaction, guild: int, name: str) -> None:
        core = self.bot.core
        t = reader(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        place = await self._thread(interaction, guild, t)
        assert interaction.channel_id is not None
        started = await core.tutorials.start(guild, interaction.user.id, interaction.user.display_name, name,
                                             interaction.channel_id, place)
        guidance = await core.tutorials.guide(guild, started.game_id)
        welcome = words.welcome_embed(guidance.lesson, t)
        if place is None:
            await self._send(interaction.followup.send, guidance, t, ephemeral=True, first=[welcome])
            return
        thread = self.bot.get_partial_messageable(place, guild_id=guild)
        await self._send(thread.send, guidance, t, first=[welcome], content=f"<@{interaction.user.id}>",
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                                  users=[interaction.user]))
        await reply(interaction, t.tr("tutorial.ready", "Your tutorial is ready in {thread}: only you and the bot are "
                                                        "there.", thread=f"<#{place}>"))

    async def _thread(self, interaction: discord.Interaction, guild: int, t: Translator) -> int | None:
        """The private thread of the member's tutorials: the one their last lesson had while it is there, else a new
        one (None when none can be opened here: the tutorial is then played in ephemeral answers)."""
        latest = await self.bot.core.tutorials.latest(guild, interaction.user.id)
        if latest is not None and latest.private == "thread":
            game = await self.bot.core.games.game(guild, latest.game_id)
            if interaction.guild is not None and interaction.guild.get_thread(game.place_id) is not None:
                return game.place_id
        channel = interaction.channel
        if not may_open_thread(interaction) or not isinstance(channel, discord.TextChannel):
            return None
        try:
            thread = await channel.create_thread(
                name=t.tr("tutorial.thread_name", "Tikal tutorial · {member}",
                          member=interaction.user.display_name)[:100],
                type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=THREAD_MINUTES)
            await thread.add_user(interaction.user)
        except discord.HTTPException:
            return None
        return thread.id

    # --- the moves of a tutorial's game (Table.tutor) ----------------------------------------------

    async def moved(self, interaction: discord.Interaction, moved: Moved) -> None:
        """The member moved in their tutorial's game: the computer player plays if it is its turn, then the next step
        (or the end) answers the move."""
        core = self.bot.core
        guild, game_id = moved.game.guild_id, moved.game.id
        tutorial = await core.tutorials.of_game(game_id)
        ephemeral = tutorial is None or tutorial.private == "ephemeral"
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        played = await core.tutorials.play_opponent(guild, game_id)
        guidance = await core.tutorials.guide(guild, game_id)
        t = reader(interaction)
        me = moved.to_act is not None and moved.to_act.member_id == interaction.user.id
        before = [confirmation(moved.view, moved.move, still_acting=me and not played, t=t)]
        if guidance.tutorial.outcome == "other":
            before.append(t.message(said.other()))
        await self._send(interaction.followup.send, guidance, t, ephemeral=ephemeral, before=before,
                         caught_up=bool(played))

    async def refused(self, interaction: discord.Interaction, game: GameRef, error: Exception) -> bool:
        """An illegal move in the member's tutorial: the usual refusal, and the step's move to try; False when the game
        is not their tutorial's."""
        guild = interaction.guild_id
        if guild is None:
            return False
        core = self.bot.core
        current = await core.tutorials.under_way(guild, interaction.user.id)
        if current is None:
            return False
        info = await core.games.game(guild, current.game_id)
        if game != info.id and (not isinstance(game, Place) or game.place_id != info.place_id):
            return False
        t = reader(interaction)
        text = refusal(error, t)
        if text is None:
            return False
        guidance = await core.tutorials.guide(guild, current.game_id)
        hint = words.lead_line(guidance.shown, t)
        await reply(interaction, f"{text}\n💡 {hint}" if hint else text)
        return True

    async def hint(self, interaction: discord.Interaction, game: GameInfo) -> str | None:
        """In the member's own tutorial a hint is the step's move to try, not the computer player's idea."""
        current = await self.bot.core.tutorials.under_way(game.guild_id, interaction.user.id)
        if current is None or current.game_id != game.id:
            return None
        guidance = await self.bot.core.tutorials.guide(game.guild_id, game.id)
        line = words.lead_line(guidance.shown, reader(interaction))
        return f"💡 {line}" if line else None

    async def private_game(self, interaction: discord.Interaction) -> Place | None:
        """Where the member's tutorial answered only privately is played (None: they have none)."""
        guild = interaction.guild_id
        if guild is None:
            return None
        current = await self.bot.core.tutorials.under_way(guild, interaction.user.id)
        return Place(private_place(interaction.user.id)) if current and current.private == "ephemeral" else None

    # --- one step, as a message -----------------------------------------------------------------------

    async def _send(self, send: Any, guidance: Guidance, t: Translator, *, ephemeral: bool = False,
                    before: list[str] | None = None, first: list[discord.Embed] | None = None, content: str = "",
                    caught_up: bool = False, **kwargs: Any) -> None:
        """The step (or the end) as one message sent with ``send``: the step, the game's wait with the board."""
        game, view = guidance.game, guidance.view
        spaces = highlighted(guidance.step, guidance.shown) if guidance.step is not None else ()
        png = await asyncio.to_thread(render.render_board, view, spotlight=spaces, locale=t.locale)
        name = f"tutorial-{game.id}-{view.version}.png"
        alt = " ".join(x for x in (render.describe(view, locale=t.locale), words.marked(spaces, t)) if x)
        embeds = list(first or [])
        if guidance.step is None:
            end = words.end_embed(guidance.lesson, t, before=before or [])
            end.set_image(url=f"attachment://{name}")
            embeds.append(end)
            buttons = next_lesson(guidance.lesson.name, t)
        else:
            embeds.append(words.step_embed(guidance, t, before=before or []))
            payload = await self._wait(game.guild_id, game.id) if caught_up or first else None
            embeds.append(wait_embed(game, view, payload, picture=name, t=t))
            buttons = live_view(game, view, t) if game.status is Status.RUNNING else None
        options: dict[str, Any] = {"embeds": [fit_embed(e) for e in embeds], "files": [picture(png, name, alt)],
                                   **kwargs}
        if buttons is not None:
            options["view"] = buttons
        if ephemeral:
            options["ephemeral"] = True
        if content:
            options["content"] = content
        await send(**options)

    async def _wait(self, guild: int, game_id: int) -> Wait | None:
        """The latest wait's payload (its catch-up: the computer player's turn in words)."""
        latest = await self.bot.core.outbox.latest_post(guild, game_id, PostKind.WAIT, before=LATEST)
        return None if latest is None else cast(Wait, latest.payload)


__all__ = ["Guide", "LessonButton", "may_open_thread", "next_lesson"]

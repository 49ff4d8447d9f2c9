"""``/tikal-mod …``: a top-level group, since Discord applies default member permissions to top-level
commands only; members with Manage Server see it (server admins can change that per role). A role set
with ``/tikal-mod config`` counts too, so every command checks the permission itself: a plain member
is refused privately, and nothing changes.

Every action on a game is logged in the game's channel (a ``mod_action`` post, sent by the outbox).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter import rankings
from bot.adapter.command_words import cmd
from bot.adapter.completers import complete_game, complete_seat
from bot.adapter.exts.mod import doctor
from bot.adapter.messages import overviews
from bot.adapter.permissions import missing_to_post
from bot.adapter.replies import reply
from bot.adapter.speech import guild_locale, reader
from bot.adapter.transformers import Word
from bot.core.guilds.moderation import KEEP, ModAction
from bot.core.spectators.links import page_path
from bot.core.table.results import GameInfo
from bot.core.words.errors import BadOption, NotAllowed
from bot.core.words.texts import tr
from engine.messages import Said
from lang import AUTONYMS

if TYPE_CHECKING:
    from bot.adapter.app import TikalBot

GAME = cmd("cmd.mod.opt.game", "the game's number (default: this channel's)")
PLAYER = cmd("cmd.mod.opt.player", "the player's seat (pick from the list)")
HOURS = cmd("cmd.mod.opt.hours", "hours from the start of each turn; 0: no deadline")
POLICY = cmd("cmd.mod.opt.policy", "after a deadline: computer, skip (simplest moves) or wait")
SERVER_LANGUAGE = "server"
"""The language choice that follows the server's own preferred locale again."""
LANGUAGE_CHOICES = [
    app_commands.Choice(name=cmd("cmd.mod.config.language.server", "the server's language (Discord's setting)"),
                        value=SERVER_LANGUAGE),
    *(app_commands.Choice(name=app_commands.locale_str(name, fixed=True), value=code)
      for code, name in AUTONYMS.items()),
]
"""The server's own language, or one of the six, each named in itself (the same word in every client)."""
NOT_ALLOWED = tr("mod.not_allowed", "Only a moderator (Manage Server, or the server's moderator role) can do that.")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ModCommands(commands.GroupCog, group_name="tikal-mod", group_description=cmd("cmd.mod", "Moderate Tikal games")):
    def __init__(self, bot: TikalBot) -> None:
        self.bot = bot
        super().__init__()

    async def _game(self, interaction: discord.Interaction, game_id: int | None) -> tuple[GameInfo, bool]:
        """The game, and whether the member is a moderator (the core refuses a plain member)."""
        game = await self.bot.table.game_or_latest(interaction, game_id)
        return game, await self.bot.table.moderator(interaction)

    async def _done(self, interaction: discord.Interaction, action: ModAction, text: Said) -> None:
        """Answer the moderator, then post the log line (and any moves the action made) in the game's channel."""
        await reply(interaction, reader(interaction).message(text))
        table = self.bot.table
        await table.update_lobby(action.game)
        await table.sync(action.game.guild_id, action.game.id)

    @app_commands.command(name="abort", description=cmd("cmd.mod.abort", "Stop a game or close a lobby"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def abort(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        done = await self.bot.core.moderation.abort(info.guild_id, info.id, interaction.user.id, is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.stopped", "Game #{game} is stopped.", game=info.id))

    @app_commands.command(name="kick",
                          description=cmd("cmd.mod.kick", "Remove a player: the bot takes over their seat"))
    @app_commands.describe(player=PLAYER, game=GAME)
    @app_commands.autocomplete(player=complete_seat)
    @app_commands.autocomplete(game=complete_game)
    async def kick(self, interaction: discord.Interaction, player: Word, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        done = await self.bot.core.moderation.kick(info.guild_id, info.id, player, interaction.user.id,
                                                   is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.kicked",
                                               "{player} is out of game #{game}; the bot plays that seat.",
                                               player=player, game=info.id))

    @app_commands.command(name="replace",
                          description=cmd("cmd.mod.replace", "Give a player's seat and whole position to another "
                                                             "member"))
    @app_commands.describe(player=PLAYER,
                           member=cmd("cmd.mod.replace.member", "the member who takes the seat"),
                           game=GAME)
    @app_commands.autocomplete(player=complete_seat)
    @app_commands.autocomplete(game=complete_game)
    async def replace(self, interaction: discord.Interaction, player: Word, member: discord.Member,
                      game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        if member.bot:
            await reply(interaction, reader(interaction).tr("mod.bot_member",
                                                            "A bot cannot take a seat; pick a member."))
            return
        done = await self.bot.core.moderation.replace(info.guild_id, info.id, player, member.id, member.display_name,
                                               interaction.user.id, is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.replaced", "{member} now plays {player}'s seat in game #{game}.",
                                               member=member.mention, player=player, game=info.id))

    @app_commands.command(name="computer",
                          description=cmd("cmd.mod.computer", "Hand a seat to a computer player, or back (level: "
                                                              "human)"))
    @app_commands.describe(player=PLAYER,
                           level=cmd("cmd.mod.computer.level", "how the computer plays, or `human` to give the seat "
                                                               "back"),
                           game=GAME)
    @app_commands.autocomplete(player=complete_seat)
    @app_commands.autocomplete(game=complete_game)
    async def computer(self, interaction: discord.Interaction, player: Word,
                       level: Literal["strong", "easy", "random", "human"] = "strong",
                       game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        chosen = None if level == "human" else level
        done = await self.bot.core.moderation.computer(info.guild_id, info.id, player, chosen, interaction.user.id,
                                                is_moderator=is_mod)
        await self._done(interaction, done, tr(
            "mod.computer", "{player}'s seat in game #{game} is played by a computer player ({level}).",
            player=player, game=info.id, level=level) if chosen else tr(
            "mod.computer_back", "{player}'s seat in game #{game} is back with its player.", player=player,
            game=info.id))

    @app_commands.command(name="skip",
                          description=cmd("cmd.mod.skip", "Play the current turn (or bid) for the player to act"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def skip(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        done = await self.bot.core.moderation.skip(info.guild_id, info.id, interaction.user.id, is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.skipped", "Done: the turn in game #{game} was played for the "
                                                              "player.", game=info.id))

    @app_commands.command(name="pause",
                          description=cmd("cmd.mod.pause", "Pause a game: no moves, reminders or deadlines until "
                                                           "resumed"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def pause(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        done = await self.bot.core.moderation.pause(info.guild_id, info.id, interaction.user.id, is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.paused", "Game #{game} is paused.", game=info.id))

    @app_commands.command(name="resume",
                          description=cmd("cmd.mod.resume", "Resume a paused game (the current wait starts over)"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        done = await self.bot.core.moderation.resume(info.guild_id, info.id, interaction.user.id, is_moderator=is_mod)
        await self._done(interaction, done, tr("mod.resumed", "Game #{game} is running again.", game=info.id))

    @app_commands.command(name="deadline",
                          description=cmd("cmd.mod.deadline", "A game's reminders and deadlines (no option: show "
                                                              "them)"))
    @app_commands.describe(turn_hours=HOURS,
                           bid_hours=cmd("cmd.mod.deadline.bid_hours", "hours for each bid; 0: no deadline"),
                           policy=POLICY,
                           reminders=cmd("cmd.mod.deadline.reminders", "remind the player to act"), game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def deadline(self, interaction: discord.Interaction,
                       turn_hours: app_commands.Range[float, 0, 1440] | None = None,
                       bid_hours: app_commands.Range[float, 0, 1440] | None = None,
                       policy: Literal["skip", "wait", "computer"] | None = None, reminders: bool | None = None,
                       game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        mod = self.bot.core.moderation
        if all(v is None for v in (turn_hours, bid_hours, policy, reminders)):
            if not is_mod:
                raise NotAllowed(NOT_ALLOWED)
            await reply(interaction, reader(interaction).message(
                overviews.clock_text(info.id, await mod.clock(info.guild_id, info.id))))
            return
        done = await mod.set_timing(
            info.guild_id, info.id, interaction.user.id, is_moderator=is_mod,
            reminders=KEEP if reminders is None else reminders, turn_hours=KEEP if turn_hours is None else turn_hours,
            bid_hours=KEEP if bid_hours is None else bid_hours, policy=KEEP if policy is None else policy)
        await self._done(interaction, done, overviews.clock_text(info.id, await mod.clock(info.guild_id, info.id)))

    @app_commands.command(name="config",
                          description=cmd("cmd.mod.config", "This server's moderator role and defaults for new games"))
    @app_commands.describe(moderator_role=cmd("cmd.mod.config.moderator_role", "this role moderates Tikal too "
                                                                               "(besides Manage Server)"),
                           no_moderator_role=cmd("cmd.mod.config.no_moderator_role", "only Manage Server moderates"),
                           log_channel=cmd("cmd.mod.config.log_channel", "where moderator notices go (else the "
                                                                         "creator's DMs)"),
                           no_log_channel=cmd("cmd.mod.config.no_log_channel", "no moderator log channel"),
                           turn_hours=HOURS,
                           bid_hours=cmd("cmd.mod.config.bid_hours", "hours for each bid; 0: no deadline"),
                           policy=POLICY,
                           reminders=cmd("cmd.mod.config.reminders", "remind the player to act"),
                           language=cmd("cmd.mod.config.language", "the language of game posts in this server"),
                           rate_resigned=cmd("cmd.mod.config.rate_resigned", "ratings: a resigned seat"),
                           rate_kicked=cmd("cmd.mod.config.rate_kicked", "ratings: a kicked seat"),
                           rate_aborted=cmd("cmd.mod.config.rate_aborted", "ratings: a stopped game"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def config(self, interaction: discord.Interaction, moderator_role: discord.Role | None = None,
                     no_moderator_role: bool = False, log_channel: discord.TextChannel | None = None,
                     no_log_channel: bool = False,
                     turn_hours: app_commands.Range[float, 0, 1440] | None = None,
                     bid_hours: app_commands.Range[float, 0, 1440] | None = None,
                     policy: Literal["skip", "wait", "computer"] | None = None, reminders: bool | None = None,
                     language: app_commands.Choice[str] | None = None,
                     rate_resigned: Literal["last", "score", "unrated"] | None = None,
                     rate_kicked: Literal["resigned", "last", "score", "unrated"] | None = None,
                     rate_aborted: Literal["unrated", "scores"] | None = None) -> None:
        guild = self.bot.table.guild_id(interaction)
        is_mod = await self.bot.table.moderator(interaction)
        mod = self.bot.core.moderation
        if not is_mod:
            raise NotAllowed(NOT_ALLOWED)
        if log_channel is not None:
            lacking = missing_to_post(log_channel)
            if lacking:
                raise BadOption(tr("mod.log_channel_lacking", "I cannot post in {channel}: I lack {permissions} "
                                                              "there. Nothing was changed.",
                                   channel=log_channel.mention, permissions=tuple(lacking)))
        role = None if no_moderator_role else (KEEP if moderator_role is None else moderator_role.id)
        log = None if no_log_channel else (KEEP if log_channel is None else log_channel.id)
        chosen_language = KEEP if language is None else None if language.value == SERVER_LANGUAGE \
            else language.value
        changing = no_moderator_role or no_log_channel or any(v is not None for v in (
            moderator_role, log_channel, turn_hours, bid_hours, policy, reminders, language, rate_resigned,
            rate_kicked, rate_aborted))
        if changing:
            config = await mod.configure(
                guild, interaction.user.id, is_moderator=is_mod, moderator_role_id=role, log_channel_id=log,
                reminders=KEEP if reminders is None else reminders,
                turn_hours=KEEP if turn_hours is None else turn_hours,
                bid_hours=KEEP if bid_hours is None else bid_hours, policy=KEEP if policy is None else policy,
                rate_resigned=KEEP if rate_resigned is None else rate_resigned,
                rate_kicked=KEEP if rate_kicked is None else rate_kicked,
                rate_aborted=KEEP if rate_aborted is None else rate_aborted, language=chosen_language)
        else:
            config = await mod.config(guild)
        t = reader(interaction)
        chosen = await self.bot.core.languages.server(guild)
        await reply(interaction, t.tr("mod.saved", "Saved.") if changing else None,
                    embed=overviews.config_embed(config, t, language=chosen,
                                                 guild_locale=guild_locale(self.bot, guild)))

    season = app_commands.Group(name="season", description=cmd("cmd.mod.season", "Seasons and their leaderboards"))

    @season.command(name="start", description=cmd("cmd.mod.season.start", "Start a named season"))
    @app_commands.describe(name=cmd("cmd.mod.season.start.name", "its name, e.g. Spring 2026"))
    async def season_start(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40]) -> None:
        await rankings.season(self.bot, interaction, "start", name)

    @season.command(name="end", description=cmd("cmd.mod.season.end", "End the running season"))
    async def season_end(self, interaction: discord.Interaction) -> None:
        await rankings.season(self.bot, interaction, "end", None)

    @app_commands.command(name="resend",
                          description=cmd("cmd.mod.resend", "Send a game's posts again that could not be delivered"))
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resend(self, interaction: discord.Interaction, game: int | None = None) -> None:
        info, is_mod = await self._game(interaction, game)
        if not is_mod:
            raise NotAllowed(NOT_ALLOWED)
        core = self.bot.core
        t = reader(interaction)
        waiting = await core.outbox.undelivered(info.guild_id, info.id)
        count = await core.outbox.resend(info.guild_id, info.id)
        if not count:
            await reply(interaction, t.tr("mod.resend_none", "Every post of game #{game} has been delivered: nothing "
                                                             "to send.", game=info.id))
            return
        why = next((p.last_error for p in reversed(waiting) if p.last_error), None)
        since = min((p.first_failed_at or p.created_at for p in waiting), default=None)
        if since is not None and why:
            text = t.ntr("mod.resend_since", "Sending {n} post of game #{game} again (not delivered since {since}: "
                                             "{why}).", "Sending {n} posts of game #{game} again (not delivered "
                                                        "since {since}: {why}).", count, game=info.id,
                         since=f"<t:{int(since)}:R>", why=why)
        else:
            text = t.ntr("mod.resend", "Sending {n} post of game #{game} again.",
                         "Sending {n} posts of game #{game} again.", count, game=info.id)
        await reply(interaction, text)
        await self.bot.table.sync(info.guild_id, info.id)

    @app_commands.command(name="doctor", description=cmd("cmd.mod.doctor", "What stops the bot here"))
    async def doctor(self, interaction: discord.Interaction) -> None:
        """Every check of ``bot.adapter.exts.mod.doctor`` for this server, privately."""
        if not await self.bot.table.moderator(interaction):
            raise NotAllowed(NOT_ALLOWED)
        await interaction.response.defer(ephemeral=True, thinking=True)  # Discord's commands are read over HTTP
        t = reader(interaction)
        found = await doctor.findings(self.bot, self.bot.table.guild_id(interaction), t)
        await reply(interaction, embed=doctor.report_embed(found, t))

    @app_commands.command(name="weblink", description=cmd("cmd.mod.weblink", "New web page address"))
    async def weblink(self, interaction: discord.Interaction) -> None:
        """A new token for the game of this channel (issue 27): whoever had the old address loses the page."""
        info, is_mod = await self._game(interaction, None)
        if not is_mod:
            raise NotAllowed(NOT_ALLOWED)
        t = reader(interaction)
        pages = self.bot.table.pages
        if pages.web_url is None:
            await reply(interaction, t.tr("mod.weblink_off", "This bot has no web view (its WEB_URL is not set): "
                                                             "games have no web pages."))
            return
        token = await self.bot.core.spectators.links.renew(info.guild_id, info.id)
        await reply(interaction, t.tr("mod.weblink", "Game #{game}'s web page has a new address: {link}\nThe old one "
                                                     "no longer works; the next turn post links the new one.",
                                      game=info.id, link=pages.web_url + page_path(token)))


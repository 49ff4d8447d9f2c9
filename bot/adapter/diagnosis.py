"""The doctor's checks that need Discord: the gateway intents, the application's commands as Discord has them, and in
each server the permissions the bot needs where its games are (``permissions_for`` the bot's member), its
moderators' log channel, and whether it is still there at all. ``python -m bot doctor`` runs them for every server
(``bot.doctor``), ``/tikal-mod doctor`` for the moderator's own; both write the findings with ``lines``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.adapter.permissions import IN_A_THREAD, REQUIRED, SEND, THREAD_REQUIRED, VIEW
from bot.core.health.doctor import Finding, Level, Place, note, ok, problem
from bot.core.words.texts import ntr, tr
from engine.messages import Said, Speaker

PRIVILEGED: Final = ("members", "presences", "message_content")
ICONS: Final = {Level.OK: "✅", Level.NOTE: "⚠️", Level.PROBLEM: "❌"}
SUBCOMMAND, GROUP = 1, 2
"""Discord's option types of a subcommand and a group of them."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What the doctor needs of a server's settings: whether games open threads, and the log channel."""

    use_threads: bool = True
    log_channel_id: int | None = None


def intents_finding(intents: discord.Intents) -> Finding:
    if not intents.guilds:
        return problem(tr("doctor.intents_guilds", "The bot does not ask for the Guilds intent: it cannot see its "
                                                   "servers' channels."))
    asked = [name for name in PRIVILEGED if getattr(intents, name)]
    if asked:
        return note(tr("doctor.intents_privileged", "The bot asks for privileged intents ({names}): each must be "
                                                    "enabled in the developer portal (Bot → Privileged Gateway "
                                                    "Intents).", names=", ".join(asked)))
    return ok(tr("doctor.intents_ok", "Gateway intents: Guilds only; nothing to enable in the developer portal."))


def expected_commands(tree: discord.app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
                      ) -> dict[str, set[str]]:
    """Each top-level command of the tree with the names of its subcommands (and groups)."""
    found: dict[str, set[str]] = {}
    for command in tree.get_commands(guild=guild):
        children = command.commands if isinstance(command, discord.app_commands.Group) else []
        found[command.name] = {child.name for child in children}
    return found


def _registered(payload: Sequence[Mapping[str, Any]]) -> dict[str, set[str]]:
    return {c["name"]: {o["name"] for o in c.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)}
            for c in payload}


async def commands_finding(client: discord.Client, expected: Mapping[str, set[str]], guild_id: int | None) -> Finding:
    """Whether Discord has every command and subcommand of ``expected`` (to ``guild_id`` only, when set)."""
    application = client.application_id
    if application is None:
        return note(tr("doctor.commands_unknown", "The application's commands could not be read (no application "
                                                  "id yet)."))
    try:
        payload = (await client.http.get_guild_commands(application, guild_id) if guild_id is not None
                   else await client.http.get_global_commands(application))
    except discord.HTTPException as error:
        return note(tr("doctor.commands_unread", "The application's commands could not be read ({error}).",
                       error=f"{error.status} {error.text}"[:200]))
    registered = _registered(payload)
    missing = sorted(f"/{name}" for name in expected if name not in registered)
    missing += sorted(f"/{name} {sub}" for name, subs in expected.items() if name in registered
                      for sub in subs - registered[name])
    if missing:
        shown = ", ".join(missing[:10]) + ("…" if len(missing) > 10 else "")
        return problem(tr("doctor.commands_missing", "Discord does not have {count} of the bot's commands ({names}): "
                                                     "start the bot with SYNC_COMMANDS=always once (a global sync "
                                                     "can take up to an hour to show).",
                          count=len(missing), names=shown))
    stale = sorted(f"/{name}" for name in registered if name not in expected)
    if stale:
        return note(tr("doctor.commands_stale", "Discord also shows commands this version has not ({names}): the "
                                                "next sync removes them.", names=", ".join(stale[:10])))
    return ok(ntr("doctor.commands_ok", "Discord has the bot's {n} command and its subcommands.",
                  "Discord has the bot's {n} commands and their subcommands.", len(expected)))


def _lacking(permissions: discord.Permissions, wanted: Sequence[tuple[str, Said]]) -> list[Said]:
    return [label for attr, label in wanted if not getattr(permissions, attr)]


def _named(labels: Sequence[Said], t: Speaker, bold: bool = True) -> str:
    mark = "**" if bold else ""
    return ", ".join(f"{mark}{t.message(label)}{mark}" for label in labels)


def _place(spot: Any, where: int, mentions: bool) -> str:
    """A channel or thread as Discord shows it (``<#id>``), or by its name for a terminal."""
    if mentions or spot is None:
        return f"<#{where}>" if mentions else f"#{where}"
    return f"#{spot.name}"


def server_findings(client: discord.Client, guild_id: int, places: Sequence[Place], settings: ServerSettings,
                    t: Speaker, *, mentions: bool = True) -> list[Finding]:
    """The bot in one server: still there, and allowed what its games and log channel need (``mentions``: channels
    as Discord's mentions, else by name)."""
    guild = client.get_guild(guild_id)
    if guild is None or guild.me is None:
        return [problem(ntr("doctor.server_gone", "The bot is not in server {guild} any more, which has {n} game "
                                                  "under way.", "The bot is not in server {guild} any more, which has "
                                                  "{n} games under way.", len(places), guild=str(guild_id)), guild_id)]
    found: list[Finding] = []
    me = guild.me
    checked: set[int] = set()
    for place in places:
        where = place.thread_id or place.channel_id
        if where in checked:
            continue
        checked.add(where)
        spot = guild.get_channel_or_thread(where)
        if spot is None:
            found.append(problem(tr("doctor.place_gone", "Game #{game}'s channel or thread ({place}) is gone or hidden "
                                                         "from the bot: end the game (`/tikal-mod abort`) or give the "
                                                         "bot View Channel there.", game=place.game_id,
                                    place=_place(None, where, mentions)), guild_id))
            continue
        wanted: tuple[tuple[str, Said], ...] = IN_A_THREAD if isinstance(spot, discord.Thread) else REQUIRED
        if settings.use_threads and not isinstance(spot, discord.Thread):
            wanted = wanted + THREAD_REQUIRED
        lacking = _lacking(spot.permissions_for(me), wanted)
        if lacking:
            found.append(problem(tr("doctor.place_lacking", "In {place} (game #{game}) the bot is missing "
                                                            "{permissions}: grant them in the channel's settings → "
                                                            "Permissions.", place=_place(spot, where, mentions),
                                    game=place.game_id, permissions=_named(lacking, t, mentions)), guild_id))
    if settings.log_channel_id is not None:
        log_channel = guild.get_channel(settings.log_channel_id)
        lacking = [VIEW, SEND] if log_channel is None else _lacking(log_channel.permissions_for(me),
                                                                    (("view_channel", VIEW), ("send_messages", SEND)))
        if lacking:
            found.append(problem(tr("doctor.log_lacking", "The moderators' log channel {place} does not take the "
                                                          "bot's notices (missing {permissions}).",
                                    place=_place(log_channel, settings.log_channel_id, mentions),
                                    permissions=_named(lacking, t, mentions)), guild_id))
    if not found:
        found.append(ok(ntr("doctor.server_ok", "Every permission the bot needs is there in the {n} channel with a "
                                                "game.", "Every permission the bot needs is there in the {n} channels "
                                                "with a game.", len(checked)), guild_id))
    return found


def lines(findings: Sequence[Finding], t: Speaker) -> list[str]:
    """Each finding as one line: its icon and its words in ``t``'s language."""
    return [f"{ICONS[f.level]} {t.message(f.said)}" for f in findings]


def summary(findings: Sequence[Finding], t: Speaker) -> str:
    problems = sum(f.level is Level.PROBLEM for f in findings)
    if problems:
        return t.ntr("doctor.problems", "{n} problem would stop the bot", "{n} problems would stop the bot", problems)
    return t.tr("doctor.healthy", "Nothing stops the bot")


__all__ = ["ServerSettings", "commands_finding", "expected_commands", "intents_finding", "lines", "server_findings",
           "summary"]

"""``python -m bot doctor``: with the configured settings and token, what would stop the bot, in plain words, in the
terminal's language (``LANG``): the token's form, the database reachable and migrated, the web view's and health
port's addresses (``bot.core.health.doctor``); then, logged in to Discord, the gateway intents, the application's
commands and, in every server the bot is in or has games in, the permissions its games need
(``bot.adapter.diagnosis``). Exits 1 when something would stop the bot, else 0. It changes nothing and takes no
lock, so it runs beside a running bot as well."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
from collections import defaultdict
from typing import Final

import aiohttp
import discord

from bot.adapter.diagnosis import ServerSettings, commands_finding, intents_finding, lines, server_findings, summary
from bot.config import Settings
from bot.core.health.doctor import (
    Finding,
    Level,
    Place,
    address_findings,
    database_findings,
    places,
    problem,
    read_database,
    token_form,
    worst,
)
from bot.core.words.texts import tr
from engine.messages import Speaker
from lang import locale_from_environment, translator

READY_TIMEOUT: Final = 60.0
COMMANDS: Final = {"tikal": set[str](), "tikal-game": set[str](), "tikal-mod": {"doctor"}}
"""What the doctor knows without building the bot: the three top-level commands (and its own subcommand, so that a
bot whose commands predate the doctor hears it)."""


async def _server_settings(settings: Settings) -> dict[int, ServerSettings]:
    try:
        rows = await read_database(settings.database, "SELECT guild_id, use_threads, log_channel_id "
                                                      "FROM guild_settings")
    except Exception:  # no database yet, or no such table: every server has the defaults
        return {}
    return {int(str(g)): ServerSettings(bool(threads), None if log is None else int(str(log)))
            for g, threads, log in rows}


async def discord_part(settings: Settings, t: Speaker) -> tuple[list[Finding], dict[int, str]]:
    """Logged in and connected to Discord: the intents, the commands, every server. The servers' names by id."""
    from bot.adapter.app import INTENTS

    assert settings.discord_token is not None
    # a big bot must connect as shards (Discord refuses one connection from 2,500 servers on)
    client = (discord.AutoShardedClient(intents=INTENTS, shard_count=settings.shard_count) if settings.sharded
              else discord.Client(intents=INTENTS))
    found: list[Finding] = []
    names: dict[int, str] = {}
    try:
        await client.login(settings.discord_token.get_secret_value())
    except discord.LoginFailure:
        return [problem(tr("doctor.token_refused", "Discord refused DISCORD_TOKEN: reset it in the developer portal "
                                                   "(Bot → Reset Token) and set the new one."))], names
    except (aiohttp.ClientError, OSError, TimeoutError, discord.HTTPException) as error:
        unreachable = tr("doctor.discord_unreachable", "Discord cannot be reached from here ({error}): check the "
                                                       "network and the firewall.", error=type(error).__name__)
        return [problem(unreachable)], names
    connection = asyncio.create_task(client.connect(reconnect=False))
    try:
        ready = asyncio.create_task(client.wait_until_ready())
        await asyncio.wait({ready, connection}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            failure = connection.exception() if connection.done() else None
            if isinstance(failure, discord.PrivilegedIntentsRequired):
                return [problem(tr("doctor.intents_refused", "Discord refused the gateway intents the bot asks for: "
                                                             "enable them in the developer portal (Bot → "
                                                             "Privileged Gateway Intents)."))], names
            why = type(failure).__name__ if failure else "timeout"
            return [problem(tr("doctor.gateway", "The bot logged in but could not connect to Discord's gateway "
                                                 "({error}).", error=why))], names
        found.append(intents_finding(client.intents))
        found.append(await commands_finding(client, COMMANDS, settings.dev_guild_id))
        by_guild: dict[int, list[Place]] = defaultdict(list)
        try:
            for place in await places(settings.database):
                by_guild[place.guild_id].append(place)
        except Exception:  # the database's own finding says why
            pass
        server_settings = await _server_settings(settings)
        guild_ids = sorted({g.id for g in client.guilds} | set(by_guild))
        if not guild_ids:
            found.append(problem(tr("doctor.no_servers", "The bot is in no server yet: invite it (README, \"Invite it "
                                                         "to a server\").")))
        for guild_id in guild_ids:
            guild = client.get_guild(guild_id)
            names[guild_id] = guild.name if guild is not None else str(guild_id)
            found += server_findings(client, guild_id, by_guild.get(guild_id, []),
                                     server_settings.get(guild_id, ServerSettings()), t, mentions=False)
        return found, names
    finally:
        await client.close()
        connection.cancel()
        with contextlib.suppress(BaseException):
            await connection


async def diagnose(settings: Settings, t: Speaker) -> tuple[list[Finding], dict[int, str]]:
    token = settings.discord_token.get_secret_value() if settings.discord_token is not None else None
    form, _ = token_form(token)
    found = [form, *await database_findings(settings.database),
             *address_findings(web_url=settings.web_url, web_port=settings.web_port, web_host=settings.web_host,
                               health_port=settings.health_port, health_host=settings.health_host)]
    names: dict[int, str] = {}
    if form.level is not Level.PROBLEM:
        more, names = await discord_part(settings, t)
        found += more
    return found, names


def report(found: list[Finding], names: dict[int, str], t: Speaker) -> str:
    """The findings for a terminal: the bot's own, then server by server."""
    out = [t.tr("doctor.title_bot", "The bot"), *("  " + line for line in lines(
        [f for f in found if f.guild_id is None], t))]
    servers: dict[int, list[Finding]] = defaultdict(list)
    for finding in found:
        if finding.guild_id is not None:
            servers[finding.guild_id].append(finding)
    for guild_id, theirs in servers.items():
        out.append(t.tr("doctor.title_server", "Server {name} ({id})", name=names.get(guild_id, str(guild_id)),
                        id=str(guild_id)))
        out += ("  " + line for line in lines(theirs, t))
    out.append(summary(found, t) + ".")
    return "\n".join(out)


def run_doctor(settings: Settings, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot doctor", description=(
        "Check, with the configured settings and token, what would stop the bot in each server, and say it in plain "
        "words. Exits 1 when something would. Changes nothing."))
    parser.parse_args(argv)
    t = translator(locale_from_environment(os.environ))
    found, names = asyncio.run(diagnose(settings, t))
    print(report(found, names, t))
    return 1 if worst(found) is Level.PROBLEM else 0


__all__ = ["diagnose", "report", "run_doctor"]

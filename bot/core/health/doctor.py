"""The doctor's checks that need no Discord: the token's form, the database reachable and migrated, the web view's
and the health port's addresses, and where each server's games are (for the adapter's permission checks). Each
check gives ``Finding``s: a level and what it means in words for a person (``Said``: any language).

They read without taking the bot's SQLite lock and change nothing, so ``python -m bot doctor`` runs beside a
running bot as well as instead of one."""

from __future__ import annotations

import asyncio
import base64
import binascii
import errno
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

from bot.core.storage import sql
from bot.core.storage.backends import is_postgres
from bot.core.storage.base import Storage
from bot.core.storage.migrations import MIGRATIONS
from bot.core.storage.peek import read_database
from bot.core.words.texts import tr
from engine.messages import Said

LATEST_SCHEMA = max(number for number, _ in MIGRATIONS)
TIMEOUT = 10.0


class Level(IntEnum):
    OK = 0
    NOTE = 1
    PROBLEM = 2
    """Something that stops the bot, or stops it in a server."""


@dataclass(frozen=True, slots=True)
class Finding:
    level: Level
    said: Said
    guild_id: int | None = None
    """The server it concerns (None: the whole bot)."""


def ok(said: Said, guild_id: int | None = None) -> Finding:
    return Finding(Level.OK, said, guild_id)


def note(said: Said, guild_id: int | None = None) -> Finding:
    return Finding(Level.NOTE, said, guild_id)


def problem(said: Said, guild_id: int | None = None) -> Finding:
    return Finding(Level.PROBLEM, said, guild_id)


def worst(findings: Iterable[Finding]) -> Level:
    return max((f.level for f in findings), default=Level.OK)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a lobby or running game of a server is: its channel, and its thread if it has one."""

    guild_id: int
    game_id: int
    channel_id: int
    thread_id: int | None


# -- the token


def token_form(token: str | None) -> tuple[Finding, int | None]:
    """Whether ``token`` looks like a bot token (three parts; the first the bot's id in base64), and that id."""
    if token is None or not token.strip():
        return problem(tr("doctor.token_missing", "There is no DISCORD_TOKEN: without it `python -m bot` runs the "
                                                  "local console, not the bot.")), None
    parts = token.strip().split(".")
    bot_id: int | None = None
    if len(parts) == 3 and all(parts):
        try:
            decoded = base64.b64decode(parts[0] + "=" * (-len(parts[0]) % 4), altchars=b"-_",
                                       validate=True).decode("ascii")
            bot_id = int(decoded) if decoded.isdigit() else None
        except (binascii.Error, UnicodeDecodeError, ValueError):
            bot_id = None
    if bot_id is None:
        return problem(tr("doctor.token_form", "DISCORD_TOKEN does not have the form of a bot token (three parts "
                                               "joined by dots): copy it again from the developer portal (Bot → "
                                               "Reset Token), without quotes or spaces.")), None
    return ok(tr("doctor.token_ok", "DISCORD_TOKEN has the form of a bot token (the bot's id {id}).",
                 id=str(bot_id))), bot_id


# -- the database


def _schema_findings(schema: int | None, where: str | Said) -> list[Finding]:
    if schema is None:
        return [note(tr("doctor.database_empty", "The database {where} is reachable and still empty: the bot sets it "
                                                 "up at its first start.", where=where))]
    if schema > LATEST_SCHEMA:
        return [problem(tr("doctor.database_newer", "The database {where} was set up by a newer version of the bot "
                                                    "(schema {schema}, this one knows {latest}): run the newer "
                                                    "version, or restore a backup made for this one.",
                           where=where, schema=schema, latest=LATEST_SCHEMA))]
    if schema < LATEST_SCHEMA:
        return [note(tr("doctor.database_older", "The database {where} is reachable, at schema {schema}: the bot "
                                                 "upgrades it to {latest} at its next start (make a backup first).",
                        where=where, schema=schema, latest=LATEST_SCHEMA))]
    return [ok(tr("doctor.database_ok", "The database {where} answers and is up to date (schema {schema}).",
                  where=where, schema=schema))]


def shown(database: str | Path) -> str:
    """The database as a person may see it: a PostgreSQL URL without its password."""
    text = str(database)
    if is_postgres(text) and "@" in text:
        scheme, _, rest = text.partition("://")
        return f"{scheme}://{rest.rpartition('@')[2]}"
    return text


async def database_findings(database: str | Path) -> list[Finding]:
    """Reachable, and at which schema, read without the bot's lock."""
    where = shown(database)
    if not is_postgres(str(database)) and not Path(database).exists():
        return [note(tr("doctor.database_new", "There is no database at {where} yet: the bot creates it at its first "
                                               "start. Put it on a disk that is kept (a volume).", where=where))]
    try:
        tables = await read_database(database, "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = "
                                               "'schema_version'" if is_postgres(str(database)) else
                                     "SELECT COUNT(*) FROM sqlite_master WHERE name = 'schema_version'")
        if not tables or not tables[0][0]:
            return _schema_findings(None, where)
        (row,) = await read_database(database, "SELECT MAX(version) FROM schema_version")
    except Exception as error:  # any driver's, network's or file's failure is what the host must hear
        return [problem(tr("doctor.database_unreachable", "The database {where} cannot be read: {error}.",
                           where=where, error=f"{type(error).__name__}: {error}"[:300]))]
    return _schema_findings(None if row[0] is None else int(str(row[0])), where)


async def storage_findings(storage: Storage) -> list[Finding]:
    """The running bot's own database: it answers, at which schema (where it is stays the host's)."""
    try:
        async with asyncio.timeout(TIMEOUT):
            async with storage.read() as r:
                schema = await r.schema_version()
    except Exception as error:
        return [problem(tr("doctor.database_unanswered", "The database does not answer: {error}.",
                           error=type(error).__name__))]
    return _schema_findings(schema, tr("doctor.database_this", "of this bot"))


async def places(database: str | Path, guild_ids: Sequence[int] | None = None) -> list[Place]:
    """Every lobby's and running game's place (of ``guild_ids`` only, when given), read without the lock."""
    rows = await read_database(database, "SELECT guild_id, id, channel_id, thread_id FROM games "
                                         "WHERE status IN ('lobby', 'running') ORDER BY guild_id, id")
    wanted = None if guild_ids is None else set(guild_ids)
    return [Place(int(str(g)), int(str(i)), int(str(c)), None if t is None else int(str(t))) for g, i, c, t in rows
            if wanted is None or int(str(g)) in wanted]


async def storage_places(storage: Storage, guild_id: int) -> list[Place]:
    async with storage.read() as r:
        rows = await sql.rows(r, "SELECT guild_id, id, channel_id, thread_id FROM games "
                                 "WHERE guild_id = ? AND status IN ('lobby', 'running') ORDER BY id", (guild_id,))
    return [Place(int(g), int(i), int(c), None if t is None else int(t)) for g, i, c, t in rows]


# -- the addresses


def _bindable(host: str, port: int) -> int | None:
    """None when ``host:port`` could be listened on now, else the error number."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        return error.errno or -1
    return None


def address_findings(*, web_url: str | None, web_port: int | None, web_host: str, health_port: int | None,
                     health_host: str, listening: bool = False) -> list[Finding]:
    """The web view's and the health port's addresses; ``listening``: the bot runs and serves them (a port in use is
    then its own)."""
    found: list[Finding] = []
    ports = [("WEB_PORT", web_host, web_port), ("HEALTH_PORT", health_host, health_port)]
    if web_url is None:
        found.append(ok(tr("doctor.web_off", "The web view is off (no WEB_URL): turn posts link no page.")))
    elif web_url.startswith("http://"):
        found.append(note(tr("doctor.web_http", "WEB_URL {url} is plain http: the pages' addresses (which open a "
                                                "game) travel unencrypted; put the view behind https.", url=web_url)))
    else:
        found.append(ok(tr("doctor.web_url", "Turn posts link the games' pages under {url}.", url=web_url)))
    if web_url is not None and web_port is None:
        found.append(note(tr("doctor.web_elsewhere", "WEB_URL is set but this process serves no pages (no WEB_PORT): "
                                                     "another process must serve {url}.", url=web_url)))
    for name, host, port in ports:
        if port is None or port == 0:
            continue
        error = None if listening else _bindable(host, port)
        if error is None:
            found.append(ok(tr("doctor.port_ok", "{name} {host}:{port} can be served.", name=name, host=host,
                               port=port)))
        elif error == errno.EADDRINUSE:
            found.append(note(tr("doctor.port_in_use", "{name} {host}:{port} is in use: by the running bot, or else "
                                                       "by another program, and then the bot cannot serve it.",
                                 name=name, host=host, port=port)))
        else:
            found.append(problem(tr("doctor.port_refused", "{name} {host}:{port} cannot be served here ({error}): "
                                                           "check the address (0.0.0.0 listens on every one).",
                                    name=name, host=host, port=port, error=errno.errorcode.get(error, str(error)))))
    return found


__all__ = ["LATEST_SCHEMA", "Finding", "Level", "Place", "address_findings", "database_findings", "note", "ok",
           "places", "problem", "read_database", "shown", "storage_findings", "storage_places", "token_form", "worst"]

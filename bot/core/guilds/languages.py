"""Which language a reader gets (issue 12): a server's language for its channel posts and a member's Discord
locale as last seen, for direct messages. Ephemeral replies need neither: they follow the interaction's locale.

A server's language is what a moderator set (``/tikal-mod config language``), else the server's preferred
locale (Discord's ``guild_locale``), else English; ``lang.resolve`` maps Discord's locales to the six.
Channel posts read the setting often, so each process keeps it for a few minutes (a change made here is
seen at once; one made by another process within ``TTL``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Storage, Transaction
from bot.core.table.recent import Recent
from bot.core.words.errors import BadOption
from bot.core.words.texts import tr
from lang import DEFAULT_LOCALE, LOCALES, resolve

TTL: Final = 300.0
"""Seconds a process trusts its copy of a server's language."""
LOCALES_KEPT: Final = 10_000
"""Members whose last locale a process remembers (it writes a member's only when it changed)."""


def channel_language(chosen: str | None, guild_locale: str | None) -> str:
    """The language of a server's channel posts: the moderators' choice, else the server's locale (resolved:
    ``es-419`` → ``es``, an unknown one → English)."""
    return chosen if chosen in LOCALES else resolve(guild_locale) if guild_locale else DEFAULT_LOCALE


def check_language(language: str | None) -> None:
    """Refuse a language that is not one of ``LOCALES`` (None: the server's own locale) with ``BadOption``."""
    if language is not None and language not in LOCALES:
        raise BadOption(tr("languages.unknown", "The languages are {languages}, not “{language}”.",
                           languages=", ".join(LOCALES), language=language))


async def put_server_language(tx: Transaction, guild_id: int, language: str | None) -> None:
    """Write the server's language in ``tx`` (checked before: ``check_language``); None deletes the choice."""
    if language is None:
        await sql.run(tx, "DELETE FROM guild_languages WHERE guild_id = ?", (guild_id,))
    else:
        await sql.run(tx, "INSERT INTO guild_languages (guild_id, language, updated_at) VALUES (?, ?, ?) "
                          "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                          "updated_at = excluded.updated_at", (guild_id, language, sql.now(tx)))


class Languages:
    """Read and set servers' languages; remember members' locales."""

    def __init__(self, storage: Storage, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self._monotonic = monotonic
        self._servers: dict[int, tuple[str | None, float]] = {}
        self._seen: Recent[int, str] = Recent(LOCALES_KEPT)
        """The locale this process last saw or stored per member (the ones seen last: bounded however many)."""

    async def server(self, guild_id: int) -> str | None:
        """The language the server's moderators chose, or None (the server's own locale decides)."""
        cached = self._servers.get(guild_id)
        if cached is not None and self._monotonic() - cached[1] < TTL:
            return cached[0]
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT language FROM guild_languages WHERE guild_id = ?", (guild_id,))
        chosen = None if row is None else str(row[0])
        self._servers[guild_id] = (chosen, self._monotonic())
        return chosen

    async def set_server(self, guild_id: int, language: str | None) -> None:
        """Set the server's language (one of ``LOCALES``), or follow the server's locale again (None)."""
        check_language(language)
        async with self.storage.transaction() as tx:
            await put_server_language(tx, guild_id, language)
        self.remember(guild_id, language)

    def remember(self, guild_id: int, language: str | None) -> None:
        """The server's language as just committed (``set_server``, ``Moderation.configure``)."""
        self._servers[guild_id] = (language, self._monotonic())

    def forget_server(self, guild_id: int) -> None:
        """Drop this process's copy (the guild's data was purged)."""
        self._servers.pop(guild_id, None)

    async def member(self, user_id: int) -> str | None:
        """The member's Discord locale as last seen (``de``, ``es-419`` …), or None if never seen."""
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT locale FROM member_locales WHERE user_id = ?", (user_id,))
        return None if row is None else str(row[0])

    async def seen(self, user_id: int, locale: str) -> bool:
        """Remember the member's locale from an interaction; written only when it differs from the last one this
        process saw (or stored). Returns whether anything was written."""
        if self._seen.get(user_id) == locale:
            return False
        async with self.storage.transaction() as tx:
            changed = await sql.run(tx, "INSERT INTO member_locales (user_id, locale, seen_at) VALUES (?, ?, ?) "
                                        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, "
                                        "seen_at = excluded.seen_at WHERE member_locales.locale <> excluded.locale",
                                    (user_id, locale, sql.now(tx)))
        self._seen[user_id] = locale
        return changed > 0

    def forget_member(self, user_id: int) -> None:
        self._seen.pop(user_id, None)


__all__ = ["TTL", "Languages", "channel_language", "check_language", "put_server_language"]

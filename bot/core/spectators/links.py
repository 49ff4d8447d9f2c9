"""A game's web page address: one unguessable token per game, made when the game is first linked and
replaced when a moderator renews it (the old address then leads nowhere). Table ``web_links``, migration 14.

Finding a game by its token is the one read the web view polls for live updates: the game's version, status and
deadline, from any process (the row is PostgreSQL's, shared by every shard process)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Reader
from bot.core.storage.rows import Status
from bot.core.table.store import GameStore
from bot.core.web_play.access import end_game

TOKEN_BYTES: Final = 24
"""192 bits from ``secrets``: far beyond guessing, and 32 characters in an address."""
TOKEN_SHAPE: Final = re.compile(r"[A-Za-z0-9_-]{32}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def page_path(token: str) -> str:
    """The page's path under the web view's address."""
    return f"/g/{token}"


def well_formed(token: str) -> bool:
    """Whether ``token`` could be one of ours (anything else is refused without a read)."""
    return TOKEN_SHAPE.fullmatch(token) is not None


@dataclass(frozen=True, slots=True)
class Watched:
    """Where the game behind a token stands: what a page compares with what it shows."""

    guild_id: int
    game_id: int
    version: int
    status: Status
    deadline_at: float | None


class WebLinks:
    """The tokens of every game's page."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def token(self, guild_id: int, game_id: int) -> str:
        """The game's token, made on first use. Raises ``NoGame``."""
        async with self.store.storage.read() as r:
            await self.store.row(r, guild_id, game_id)
            found = await _token_of(r, game_id)
        if found is not None:
            return found
        async with self.store.storage.transaction() as tx:
            await sql.run(tx, "INSERT INTO web_links (game_id, token, created_at) VALUES (?, ?, ?) "
                              "ON CONFLICT (game_id) DO NOTHING", (game_id, new_token(), sql.now(tx)))
            made = await _token_of(tx, game_id)
        assert made is not None
        return made

    async def renew(self, guild_id: int, game_id: int) -> str:
        """A new token for the game: the old address stops working at once, and so do the members' own links and
        sessions (``bot.core.web_play``). Raises ``NoGame``."""
        token = new_token()
        async with self.store.storage.transaction() as tx:
            await self.store.row(tx, guild_id, game_id)
            await sql.run(tx, "INSERT INTO web_links (game_id, token, created_at) VALUES (?, ?, ?) "
                              "ON CONFLICT (game_id) DO UPDATE SET token = excluded.token, "
                              "created_at = excluded.created_at", (game_id, token, sql.now(tx)))
            await end_game(tx, game_id)
        return token

    async def find(self, token: str) -> Watched | None:
        """The game behind ``token`` as it stands now, or None (never made, renewed since, or the game removed)."""
        if not well_formed(token):
            return None
        async with self.store.storage.read() as r:
            row = await sql.one(r, "SELECT g.guild_id, g.id, g.version, g.status, g.deadline_at FROM web_links w "
                                   "JOIN games g ON g.id = w.game_id WHERE w.token = ?", (token,))
        if row is None:
            return None
        guild_id, game_id, version, status, deadline_at = row
        return Watched(int(guild_id), int(game_id), int(version), Status(status),
                       None if deadline_at is None else float(deadline_at))


async def _token_of(reader: Reader, game_id: int) -> str | None:
    row = await sql.one(reader, "SELECT token FROM web_links WHERE game_id = ?", (game_id,))
    return None if row is None else str(row[0])


__all__ = ["TOKEN_BYTES", "Watched", "WebLinks", "new_token", "page_path", "well_formed"]

"""A member's access to their seat's web page: a personal link (a token for one seat of one game, tables
``web_member_links``) and the browser sessions opening it makes (``web_sessions``), migration 17. Only hashes are
stored (``keys.py``).

A seat has one link at a time: asking for a new one replaces it and ends every session opened before, which is how a
member revokes a link they shared by mistake. A link works for ``LINK_HOURS``, as often as it is opened (a phone and a
desktop); a session for ``SESSION_DAYS``. A session is valid only while its member still holds the seat: a kick, a
resignation or a replacement ends it at once, and a replacement or a moderator's renewal of the page's address also
deletes the seat's (or game's) links and sessions (``end_seat``, ``end_game``, in their transactions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import Status
from bot.core.table.store import GameStore
from bot.core.web_play.keys import csrf_of, digest, new_secret, well_formed
from bot.core.words.errors import NotAPlayer, WrongStatus
from bot.core.words.texts import tr

LINK_HOURS: Final = 24
"""How long a link works (it is meant to be opened at once; asking again gives a new one)."""
SESSION_DAYS: Final = 30
SESSIONS_PER_SEAT: Final = 8
"""The newest sessions of a seat kept (a link opened on many devices): the older ones end."""


@dataclass(frozen=True, slots=True)
class Seated:
    """Whose session it is (member, seat, game) and where the game stands: what a member's page compares with what it
    shows."""

    guild_id: int
    game_id: int
    seat: int
    member_id: int
    version: int
    status: Status
    deadline_at: float | None


@dataclass(frozen=True, slots=True)
class Opened:
    """A new session: its id (the cookie's value, never stored), its CSRF token, and for how long it works."""

    session_id: str
    csrf: str
    seated: Seated
    expires_at: float


class MemberAccess:
    """Members' links and sessions, in every guild."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def issue(self, guild_id: int, game_id: int, member_id: int) -> tuple[str, int]:
        """A new link to the member's seat in the running game, and the seat: it replaces the seat's link and ends
        every session opened before. Raises ``NoGame``, ``WrongStatus`` (not running, a tutorial's game),
        ``NotAPlayer``."""
        token = new_secret()
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            if row.lesson is not None:
                raise WrongStatus(tr("web_play.no_tutorial", "A tutorial is played on Discord only: its game has no "
                                                             "web page to play from."))
            if row.status is not Status.RUNNING:
                raise WrongStatus(tr("service.game_running", "Game #{game} is not running.", game=row.id))
            seat = next((s.seat for s in await tx.seats(game_id) if s.member_id == member_id and s.seat is not None),
                        None)
            if seat is None:
                raise NotAPlayer(tr("service.are_playing_game", "You are not playing in this game."))
            await end_seat(tx, game_id, seat)
            now = sql.now(tx)
            await sql.run(tx, "INSERT INTO web_member_links (game_id, seat, member_id, token_hash, created_at, "
                              "expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                          (game_id, seat, member_id, digest(token), now, now + LINK_HOURS * 3600))
        return token, seat

    async def open(self, token: str) -> Opened | None:
        """A new session for the link's seat, or None (no such link, expired, replaced, or its member no longer holds
        the seat)."""
        if not well_formed(token):
            return None
        session_id = new_secret()
        async with self.store.storage.transaction() as tx:
            now = sql.now(tx)
            found = await sql.one(tx, "SELECT l.game_id, l.seat, l.member_id FROM web_member_links l JOIN seats s ON "
                                      "s.game_id = l.game_id AND s.seat = l.seat AND s.member_id = l.member_id "
                                      "WHERE l.token_hash = ? AND l.expires_at > ?", (digest(token), now))
            if found is None:
                return None
            game_id, seat, member_id = (int(x) for x in found)
            expires = now + SESSION_DAYS * 86400
            await sql.run(tx, "INSERT INTO web_sessions (session_hash, game_id, seat, member_id, created_at, "
                              "expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                          (digest(session_id), game_id, seat, member_id, now, expires))
            await sql.run(tx, "DELETE FROM web_sessions WHERE game_id = ? AND seat = ? AND (expires_at <= ? OR "
                              "session_hash NOT IN (SELECT session_hash FROM web_sessions WHERE game_id = ? AND "
                              "seat = ? ORDER BY created_at DESC, session_hash LIMIT ?))",
                          (game_id, seat, now, game_id, seat, SESSIONS_PER_SEAT))
            seated = await _seated(tx, digest(session_id), game_id, now)
        if seated is None:  # pragma: no cover - made in the same transaction
            return None
        return Opened(session_id, csrf_of(session_id), seated, expires)

    async def find(self, session_id: str, game_id: int) -> Seated | None:
        """The session's seat in the game (one read), or None: unknown, ended, expired, or its member no longer holds
        the seat."""
        if not well_formed(session_id):
            return None
        return await self.find_digest(digest(session_id), game_id)

    async def find_digest(self, session_hash: str, game_id: int) -> Seated | None:
        """As ``find``, by the session's hash (what a live page's poller keeps instead of the session's id)."""
        async with self.store.storage.read() as r:
            return await _seated(r, session_hash, game_id, sql.now(r))

    async def sign_out(self, session_id: str) -> None:
        """End one session (the page's Sign out)."""
        if not well_formed(session_id):
            return
        async with self.store.storage.transaction() as tx:
            await sql.run(tx, "DELETE FROM web_sessions WHERE session_hash = ?", (digest(session_id),))

    async def counts(self, game_id: int) -> tuple[int, int]:
        """How many links and sessions the game has (for tests and moderators' numbers)."""
        async with self.store.storage.read() as r:
            (links,) = await sql.one(r, "SELECT COUNT(*) FROM web_member_links WHERE game_id = ?", (game_id,)) or (0,)
            (sessions,) = await sql.one(r, "SELECT COUNT(*) FROM web_sessions WHERE game_id = ?", (game_id,)) or (0,)
        return int(links), int(sessions)


async def _seated(reader: Reader, session_hash: str, game_id: int, now: float) -> Seated | None:
    found = await sql.one(reader, "SELECT g.guild_id, g.id, w.seat, w.member_id, g.version, g.status, g.deadline_at "
                                  "FROM web_sessions w JOIN games g ON g.id = w.game_id JOIN seats s ON "
                                  "s.game_id = w.game_id AND s.seat = w.seat AND s.member_id = w.member_id "
                                  "WHERE w.session_hash = ? AND w.game_id = ? AND w.expires_at > ?",
                          (session_hash, game_id, now))
    if found is None:
        return None
    guild_id, game, seat, member_id, version, status, deadline_at = found
    return Seated(int(guild_id), int(game), int(seat), int(member_id), int(version), Status(status),
                  None if deadline_at is None else float(deadline_at))


async def end_seat(tx: Transaction, game_id: int, seat: int) -> None:
    """The seat's link and sessions end (a seat handed to another member, a new link)."""
    for table in ("web_member_links", "web_sessions"):
        await sql.run(tx, f"DELETE FROM {table} WHERE game_id = ? AND seat = ?", (game_id, seat))


async def end_game(tx: Transaction, game_id: int) -> None:
    """Every member's link and session of the game ends (a moderator renewed the page's address)."""
    for table in ("web_member_links", "web_sessions"):
        await sql.run(tx, f"DELETE FROM {table} WHERE game_id = ?", (game_id,))


__all__ = ["LINK_HOURS", "SESSION_DAYS", "MemberAccess", "Opened", "Seated", "end_game", "end_seat"]

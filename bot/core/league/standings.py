"""Seasons and what the ratings show: the leaderboards and a member's own rating.

``Standings(storage)``. Moderators start and end seasons (``start_season``, ``end_season``); while one is open,
every game that ends counts for it too (``bot.core.league.ratings``). A season's leaderboard counts its games only, the
all-time one every rated game. Everything is scoped by guild.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from bot.core.league.ratings import ALL_TIME, Rating, level_of
from bot.core.storage import sql
from bot.core.storage.base import IntegrityError, Reader, Storage
from bot.core.words.errors import BadOption, NotAllowed, WrongStatus, quoted
from bot.core.words.texts import ntr, tr

PAGE_SIZE: Final = 10
CHANGES_SHOWN: Final = 10
NAME_LENGTH: Final = 40


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: float
    started_by: int
    ended_at: float | None = None
    ended_by: int | None = None

    @property
    def open(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of a leaderboard."""

    rank: int
    player_id: int
    rating: Rating
    games: int
    wins: int
    last_played: float

    @property
    def level(self) -> str | None:
        """The computer level this line is, or None for a member."""
        return level_of(self.player_id)


@dataclass(frozen=True, slots=True)
class Leaderboard:
    guild_id: int
    season: Season | None
    """None: all time."""
    page: int
    """1-based."""
    pages: int
    total: int
    """Rated players."""
    entries: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What a game did to a member's all-time rating."""

    game_id: int
    place: int
    seats: int
    counted: str
    """``score``, or ``last`` (a seat that left, counted last)."""
    before: Rating
    after: Rating
    at: float


@dataclass(frozen=True, slots=True)
class MemberRating:
    player_id: int
    all_time: Standing | None
    """None: not rated yet."""
    season: Season | None
    """The open season, if any."""
    in_season: Standing | None
    changes: tuple[RatingChange, ...]
    """The latest first."""


_SEASON_COLUMNS: Final = "id, guild_id, name, started_at, started_by, ended_at, ended_by"


def _season(row: tuple[object, ...]) -> Season:
    id_, guild, name, started, by, ended, ended_by = row
    return Season(int(str(id_)), int(str(guild)), str(name), float(str(started)), int(str(by)),
                  None if ended is None else float(str(ended)), None if ended_by is None else int(str(ended_by)))


class Standings:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # --- seasons ----------------------------------------------------------------------------

    async def seasons(self, guild_id: int) -> list[Season]:
        """The guild's seasons, the newest first."""
        async with self.storage.read() as r:
            found = await sql.rows(r, f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? "
                                      "ORDER BY started_at DESC, id DESC", (guild_id,))
        return [_season(row) for row in found]

    async def current_season(self, guild_id: int) -> Season | None:
        async with self.storage.read() as r:
            return await self._open(r, guild_id)

    @staticmethod
    async def _open(reader: Reader, guild_id: int) -> Season | None:
        row = await sql.one(reader, f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
                            (guild_id,))
        return None if row is None else _season(row)

    async def season_named(self, guild_id: int, name: str) -> Season:
        """A season of the guild by its name (any case). Raises ``BadOption``."""
        async with self.storage.read() as r:
            row = await sql.one(r, f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND lower(name) = ?",
                                (guild_id, name.strip().lower()))
        if row is None:
            raise BadOption(tr("standings.no_season", "This server has no season {name}: pick one from the list, or "
                                                      "leave `season` empty for the all-time leaderboard.",
                               name=quoted(name)))
        return _season(row)

    async def start_season(self, guild_id: int, name: str, by: int, *, is_moderator: bool) -> Season:
        """Open a season: every game that ends from now on counts for it too. Raises ``NotAllowed``,
        ``WrongStatus`` (one is open), ``BadOption`` (a name empty, too long or taken)."""
        if not is_moderator:
            raise NotAllowed(tr("standings.start_moderator", "Only a moderator can start a season."))
        name = " ".join(name.split())
        if not 1 <= len(name) <= NAME_LENGTH:
            raise BadOption(ntr("standings.name_length", "A season's name has 1–{n} character, e.g. “Spring 2026”.",
                                "A season's name has 1–{n} characters, e.g. “Spring 2026”.", NAME_LENGTH))
        try:
            async with self.storage.transaction() as tx:
                current = await self._open(tx, guild_id)
                if current is not None:
                    raise WrongStatus(tr("standings.running", "The season {name} is running: end it first with "
                                                              "`/tikal-mod season end`.", name=quoted(current.name)))
                taken = await sql.one(tx, "SELECT 1 FROM seasons WHERE guild_id = ? AND lower(name) = ?",
                                      (guild_id, name.lower()))
                if taken is not None:
                    raise BadOption(tr("standings.name_taken", "This server already had a season {name}: pick another "
                                                               "name.", name=quoted(name)))
                # The season as written, read in the same statement: another moderator may end it right after.
                row = await sql.one(tx, "INSERT INTO seasons (guild_id, name, started_at, started_by) "
                                        f"VALUES (?, ?, ?, ?) RETURNING {_SEASON_COLUMNS}",
                                    (guild_id, name, sql.now(tx), by))
        except IntegrityError:  # another moderator started one at the same moment
            raise WrongStatus(tr("standings.started_meanwhile", "Another season was started at the same moment; "
                                                                "`/tikal-game leaderboard` shows it.")) from None
        assert row is not None
        return _season(row)

    async def end_season(self, guild_id: int, by: int, *, is_moderator: bool) -> Season:
        """Close the open season: its leaderboard stays as it is. Raises ``NotAllowed``, ``WrongStatus``."""
        if not is_moderator:
            raise NotAllowed(tr("standings.end_moderator", "Only a moderator can end a season."))
        async with self.storage.transaction() as tx:
            current = await self._open(tx, guild_id)
            if current is None:
                raise WrongStatus(tr("standings.none_running", "No season is running; `/tikal-mod season start` opens "
                                                               "one."))
            now = sql.now(tx)
            ended = await sql.run(tx, "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL",
                                  (now, by, current.id))
            if not ended:  # another moderator ended it between the read and the update (PostgreSQL's read committed)
                raise WrongStatus(tr("standings.ended_meanwhile", "Another moderator ended the season {name} at the "
                                                                  "same moment.", name=quoted(current.name)))
        return Season(current.id, guild_id, current.name, current.started_at, current.started_by, now, by)

    # --- what the ratings show --------------------------------------------------------------

    async def leaderboard(self, guild_id: int, season: Season | None = None, page: int = 1,
                          per_page: int = PAGE_SIZE) -> Leaderboard:
        """A page of the guild's leaderboard (``season`` None: all time), the highest ordinal first."""
        scope = ALL_TIME if season is None else season.id
        async with self.storage.read() as r:
            (total,) = await sql.one(r, "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND season_id = ? "
                                        "AND games > 0", (guild_id, scope)) or (0,)
            pages = max(1, math.ceil(int(total) / per_page))
            if not 1 <= page <= pages:
                raise BadOption(ntr("standings.pages", "The leaderboard has {n} page; pick 1 to {n}.",
                                    "The leaderboard has {n} pages; pick 1 to {n}.", pages))
            found = await sql.rows(
                r, "SELECT player_id, mu, sigma, games, wins, last_played FROM ratings WHERE guild_id = ? "
                   "AND season_id = ? AND games > 0 ORDER BY ordinal DESC, games DESC, player_id LIMIT ? OFFSET ?",
                (guild_id, scope, per_page, (page - 1) * per_page))
        first = (page - 1) * per_page + 1
        entries = tuple(Standing(first + k, int(p), Rating(float(mu), float(sigma)), int(g), int(w), float(t))
                        for k, (p, mu, sigma, g, w, t) in enumerate(found))
        return Leaderboard(guild_id, season, page, pages, int(total), entries)

    async def season_by_id(self, guild_id: int, season_id: int) -> Season | None:
        """A season of the guild by id (0: None, all time). Raises ``BadOption`` for one the guild does not have."""
        if season_id == ALL_TIME:
            return None
        async with self.storage.read() as r:
            row = await sql.one(r, f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND id = ?",
                                (guild_id, season_id))
        if row is None:
            raise BadOption(tr("standings.not_ours", "That season is not one of this server's."))
        return _season(row)

    @staticmethod
    async def _standing(reader: Reader, guild_id: int, scope: int, player_id: int) -> Standing | None:
        row = await sql.one(reader, "SELECT mu, sigma, ordinal, games, wins, last_played FROM ratings WHERE "
                                    "guild_id = ? AND season_id = ? AND player_id = ? AND games > 0",
                            (guild_id, scope, player_id))
        if row is None:
            return None
        mu, sigma, ordinal, games, wins, last = row
        (above,) = await sql.one(reader, "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND season_id = ? "
                                         "AND games > 0 AND ordinal > ?", (guild_id, scope, ordinal)) or (0,)
        return Standing(int(above) + 1, player_id, Rating(float(mu), float(sigma)), int(games), int(wins),
                        float(last))

    async def member(self, guild_id: int, player_id: int, changes: int = CHANGES_SHOWN) -> MemberRating:
        """A member's (or a computer level's) all-time rating and place, the open season's, and the latest changes
        of the all-time rating."""
        async with self.storage.read() as r:
            all_time = await self._standing(r, guild_id, ALL_TIME, player_id)
            season = await self._open(r, guild_id)
            in_season = None if season is None else await self._standing(r, guild_id, season.id, player_id)
            found = await sql.rows(
                r, "SELECT game_id, place, seats, counted, mu_before, sigma_before, mu_after, sigma_after, rated_at "
                   "FROM rating_history WHERE guild_id = ? AND player_id = ? AND season_id = ? "
                   "ORDER BY rated_at DESC, game_id DESC, seat LIMIT ?", (guild_id, player_id, ALL_TIME, changes))
        latest = tuple(RatingChange(int(g), int(p), int(n), str(c), Rating(float(mb), float(sb)),
                                    Rating(float(ma), float(sa)), float(t)) for g, p, n, c, mb, sb, ma, sa, t in found)
        return MemberRating(player_id, all_time, season, in_season, latest)


__all__ = ["Leaderboard", "MemberRating", "RatingChange", "Season", "Standing", "Standings"]

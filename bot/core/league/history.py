"""A guild's games looked back on: the move history, exports, the list of games and statistics.

``History(store, games)``. Everything is scoped by guild. What a running game shows is public: its moves in
notation with who made them and when (no seed, no hexagon or wafer order; the public log does not
replay, by design, docs/rules.md, ruling 13). A finished game exports its full record (rules.md §6: seed and
both orders), which replays on any engine to the very state the bot ended with.

Statistics count finished games only, from ``game_results`` (written with each game's last move; games
finished before that table existed are filled in on first use): games played, wins (a shared first
place is a win for everyone sharing it) and average score per member. A kicked or resigned seat counts
for the member who left it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from bot.core.storage import sql
from bot.core.storage.rows import ACTIVE, Status
from bot.core.storage.seats import absent_member_id
from bot.core.table.games import Games
from bot.core.table.results import GameInfo
from bot.core.table.store import GameStore
from bot.core.words.errors import BadOption, WrongStatus
from bot.core.words.texts import ntr, tr

PAGE_SIZE: Final = 20
RECENT: Final = 10


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    index: int
    """0-based position in the log (the game's version before the move)."""
    move: str
    seat: int
    player: str
    actor_id: int | None
    """The member who sent it; None when the bot made it (a skipped turn, an absent seat)."""
    at: float


@dataclass(frozen=True, slots=True)
class HistoryPage:
    game_id: int
    page: int
    """1-based; page 1 holds the first moves."""
    pages: int
    total: int
    entries: tuple[HistoryEntry, ...]


@dataclass(frozen=True, slots=True)
class Export:
    game_id: int
    complete: bool
    """True: the full record of a finished game (replays); False: the public log of a game not finished."""
    data: dict[str, Any]
    filename: str


@dataclass(frozen=True, slots=True)
class GuildGames:
    active: tuple[GameInfo, ...]
    """Open lobbies and running games, oldest first."""
    recent: tuple[GameInfo, ...]
    """Finished and stopped games, the most recently ended first."""


@dataclass(frozen=True, slots=True)
class MemberStats:
    member_id: int
    played: int
    wins: int
    average: float
    best: int


@dataclass(frozen=True, slots=True)
class GuildStats:
    guild_id: int
    games: int
    """Finished games."""
    members: tuple[MemberStats, ...]
    """Most wins first, then the best average."""


class History:
    def __init__(self, store: GameStore, games: Games) -> None:
        self.storage = store.storage
        self._games = games

    async def history(self, guild_id: int, game_id: int, page: int | None = None,
                      per_page: int = PAGE_SIZE) -> HistoryPage:
        """A page of the game's moves (default: the last page, the latest moves)."""
        game = await self._games.game(guild_id, game_id)
        if game.started_at is None:
            raise WrongStatus(tr("history.game_has_started_yet", "Game #{game} has not started yet.", game=game_id))
        names = {s.seat: s.name for s in game.seats if s.seat is not None}
        async with self.storage.read() as r:
            (total,) = await sql.one(r, "SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)) or (0,)
            pages = max(1, math.ceil(total / per_page))
            page = pages if page is None else page
            if not 1 <= page <= pages:
                raise BadOption(ntr("history.pages", "Game #{game} has {n} page of moves; pick 1 to {n}.",
                                     "Game #{game} has {n} pages of moves; pick 1 to {n}.", pages, game=game_id))
            found = await sql.rows(r, "SELECT idx, move, seat, actor_id, created_at FROM moves WHERE game_id = ? "
                                      "ORDER BY idx LIMIT ? OFFSET ?", (game_id, per_page, (page - 1) * per_page))
        entries = tuple(HistoryEntry(i, m, s, names.get(s) or f"seat {s + 1}", a, t) for i, m, s, a, t in found)
        return HistoryPage(game_id, page, pages, int(total), entries)

    async def export(self, guild_id: int, game_id: int) -> Export:
        """The finished game's full record, or the public log of moves of a game not finished."""
        game = await self._games.game(guild_id, game_id)
        if game.started_at is None:
            raise WrongStatus(tr("history.game_has_started_yet2",
                                 "Game #{game} has not started yet; there is nothing to export.", game=game_id))
        if game.status is Status.FINISHED:
            record = await self._games.record(guild_id, game_id)
            return Export(game_id, True, record, f"tikal-game-{game_id}.json")
        view = await self._games.view(guild_id, game_id)
        async with self.storage.read() as r:
            found = await sql.rows(r, "SELECT move, seat, created_at FROM moves WHERE game_id = ? ORDER BY idx",
                                   (game_id,))
        data = {
            "game": game_id, "status": game.status.value, "variant": game.variant, "options": list(game.options),
            "players": [p.name for p in view.players],
            "note": "The public log of a game that is not finished: it names no seed and no hexagon or wafer "
                    "order, so it does not replay. The full record is exported when the game ends.",
            "moves": [m for m, _, _ in found],
            "log": [{"move": m, "player": view.players[s].name, "at": t} for m, s, t in found],
        }
        return Export(game_id, False, data, f"tikal-game-{game_id}-log.json")

    async def games(self, guild_id: int, recent: int = RECENT) -> GuildGames:
        """The guild's lobbies and running games, and its ``recent`` latest finished or stopped games (tutorials are
        their members' own: never listed)."""
        active = [g for g in await self._games.games(guild_id, ACTIVE) if g.lesson is None]
        ended = [g for g in await self._games.games(guild_id, (Status.FINISHED, Status.ABORTED)) if g.lesson is None]
        ended.sort(key=lambda g: (g.finished_at or 0, g.id), reverse=True)
        return GuildGames(tuple(active), tuple(ended[:recent]))

    async def _fill_results(self, guild_id: int) -> None:
        """Write the results of finished games that have none (finished before results were kept)."""
        async with self.storage.read() as r:
            missing = [int(g) for (g,) in await sql.rows(
                r, "SELECT id FROM games WHERE guild_id = ? AND status = 'finished' AND id NOT IN "
                   "(SELECT game_id FROM game_results)", (guild_id,))]
        for game_id in missing:
            game = await self._games.game(guild_id, game_id)
            view = await self._games.view(guild_id, game_id)
            best = max(p.score for p in view.players)
            async with self.storage.transaction() as tx:
                absent = dict(await sql.rows(tx, "SELECT seat, former_member_id FROM absent_seats WHERE game_id = ?",
                                             (game_id,)))
                for seat, player in enumerate(view.players):
                    info = game.at_seat(seat)
                    member = absent.get(seat, info.member_id if info else absent_member_id(seat))
                    await sql.run(
                        tx, "INSERT INTO game_results (game_id, guild_id, seat, member_id, seat_name, score, winner, "
                            "absent, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) "
                            "DO NOTHING",
                        (game_id, guild_id, seat, member, player.name, player.score, int(player.score == best),
                         int(seat in absent), game.finished_at or 0))

    async def stats(self, guild_id: int) -> GuildStats:
        """Games played, wins and average scores per member, in this guild only."""
        await self._fill_results(guild_id)
        async with self.storage.read() as r:
            (games,) = await sql.one(r, "SELECT COUNT(DISTINCT game_id) FROM game_results WHERE guild_id = ?",
                                     (guild_id,)) or (0,)
            found = await sql.rows(
                r, "SELECT member_id, COUNT(*), SUM(winner), AVG(score), MAX(score) FROM game_results "
                   "WHERE guild_id = ? AND member_id >= 0 GROUP BY member_id", (guild_id,))
        members = [MemberStats(int(m), int(n), int(w), float(a), int(b)) for m, n, w, a, b in found]
        members.sort(key=lambda s: (-s.wins, -s.average, s.member_id))
        return GuildStats(guild_id, int(games), tuple(members))


__all__ = ["Export", "GuildGames", "GuildStats", "History", "HistoryEntry", "HistoryPage", "MemberStats"]

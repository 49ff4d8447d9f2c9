"""A member's own games ("my games"), those waiting for them first."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.guilds.moderation.base import ModerationBase
from bot.core.storage import sql
from bot.core.storage.rows import ACTIVE, Status
from bot.core.table.game_options import lobby_setups
from bot.core.table.results import GameInfo, SeatInfo


@dataclass(frozen=True, slots=True)
class MyGame:
    game: GameInfo
    me: SeatInfo
    waiting_for_me: bool
    to_act: SeatInfo | None
    deadline_at: float | None


class PlayersGames(ModerationBase):
    """A member's lobbies and running games."""

    async def my_games(self, guild_id: int, member_id: int) -> list[MyGame]:
        """The member's lobbies and running games in this guild: those waiting for them first (in a Tikal Rápido
        jump, for everyone still to choose).

        Two indexed reads whatever the number of games: the games and seats (``seats_by_member``), and the
        clocks, whose wait names the seat to act; a game's state is loaded only for a clock that names none
        (a game older than the clocks) or a jump."""
        async with self.storage.read() as r:
            found = await r.games_with_seats(guild_id, ACTIVE, member_id=member_id)
            setups = await lobby_setups(r, [row for row, _ in found])
            clocks = {int(g): (seat, kind) for g, seat, kind in await sql.rows(
                r, "SELECT game_id, seat, kind FROM game_clocks WHERE game_id IN (SELECT s.game_id "
                   "FROM seats s JOIN games g ON g.id = s.game_id WHERE s.member_id = ? AND g.guild_id = ? "
                   "AND g.status = 'running')",
                (member_id, guild_id))}
        mine: list[MyGame] = []
        for row, seats in found:
            game = GameInfo.of(row, seats, setups.get(row.id))
            me = game.seat_of(member_id)
            if me is None or game.lesson is not None:  # a tutorial is not one of "your games"
                continue
            to_act = None
            waiting = False
            if game.status is Status.RUNNING:
                seat, kind = clocks.get(game.id, (None, None))
                if seat is None:
                    view = await self.games.view(guild_id, game.id)
                    seat = view.to_act
                to_act = None if seat is None else game.at_seat(int(seat))
                waiting = to_act is not None and to_act.member_id == member_id
                if kind == "jump" and me.seat is not None:  # a jump waits for everyone still to choose
                    waiting = me.seat in (await self.jumps.jump_status(guild_id, game.id))[1]
            mine.append(MyGame(game, me, waiting, to_act, game.deadline_at))
        mine.sort(key=lambda g: (not g.waiting_for_me, g.game.status is not Status.RUNNING,
                                 g.deadline_at or float("inf"), g.game.id))
        return mine



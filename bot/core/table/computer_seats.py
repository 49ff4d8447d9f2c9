"""Seats played by a computer player: which seats, at which level, with which seed.

``Computers.play_computers`` plays them through ``engine.ai.computer_turn``; this
module only reads and writes the ``computer_seats`` table, and names the post that marks their turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.words.errors import BadOption, quoted
from bot.core.words.texts import tr
from engine.ai import LEVELS

COMPUTER_TURN: Final = "computer_turn"
"""The post queued before a computer player's moves (its turn's board post is marked from it)."""


@dataclass(frozen=True, slots=True)
class ComputerSeat:
    seat: int
    level: str
    ai_seed: int


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise BadOption(tr("computer_seats.computer_player_s_level",
                           "The computer player's level is {levels}, not {value}.",
                           levels=', '.join(f'`{lv}`' for lv in LEVELS), value=quoted(level)))
    return level


def mark(level: str) -> str:
    """How a computer player's turn is marked: ``🤖 computer (strong)``."""
    return f"🤖 computer ({level})"


async def computer_seats(reader: Reader, game_id: int) -> dict[int, ComputerSeat]:
    """The game's seats played by a computer player, by seat."""
    found = await sql.rows(reader, "SELECT seat, level, ai_seed FROM computer_seats WHERE game_id = ?", (game_id,))
    return {int(seat): ComputerSeat(int(seat), str(level), int(ai_seed)) for seat, level, ai_seed in found}


async def put_computer(tx: Transaction, game_id: int, seat: int, level: str, ai_seed: int, by: int) -> None:
    await sql.run(tx, "INSERT INTO computer_seats (game_id, seat, level, ai_seed, by_id, since) VALUES "
                      "(?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET level = excluded.level, "
                      "ai_seed = excluded.ai_seed, by_id = excluded.by_id, since = excluded.since",
                  (game_id, seat, check_level(level), ai_seed, by, sql.now(tx)))


async def put_lobby_level(tx: Transaction, game_id: int, level: str) -> None:
    await sql.run(tx, "INSERT INTO computer_lobbies (game_id, level) VALUES (?, ?) "
                      "ON CONFLICT (game_id) DO UPDATE SET level = excluded.level",
                  (game_id, check_level(level)))


async def lobby_level(reader: Reader, game_id: int) -> str:
    found = await sql.one(reader, "SELECT level FROM computer_lobbies WHERE game_id = ?", (game_id,))
    return "strong" if found is None else str(found[0])


async def remove_computer(tx: Transaction, game_id: int, seat: int) -> bool:
    return await sql.run(tx, "DELETE FROM computer_seats WHERE game_id = ? AND seat = ?", (game_id, seat)) > 0

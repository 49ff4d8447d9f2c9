"""What every part of ``Moderation`` stands on: its services, the moderator check, the running game's row,
a seat by member or name, and the log post each action queues in its own transaction."""

from __future__ import annotations

from dataclasses import dataclass
from types import EllipsisType
from typing import Final, Unpack

from bot.core.guilds.languages import Languages
from bot.core.storage.base import Transaction
from bot.core.storage.rows import GameRow, SeatRow, Status
from bot.core.table.computers import Computers
from bot.core.table.games import Games
from bot.core.table.jumps import Jumps
from bot.core.table.posts import ModAction as ModActionPayload
from bot.core.table.posts import ModDetails, NewPost, PostKind
from bot.core.table.results import GameInfo, Moved, Post
from bot.core.table.status_words import status_word
from bot.core.table.store import GameStore
from bot.core.words.errors import NotAllowed, NotJoined, WrongStatus, quoted
from bot.core.words.texts import stored, tr
from engine.messages import Said

KEEP: Final = ...
"""The default of options left empty: the setting stays as it is (None means "none", e.g. no deadline)."""


@dataclass(frozen=True, slots=True)
class ModAction:
    game: GameInfo
    post: Post | None
    """The public log post queued with the action (None for a creator's settings in a lobby)."""
    moved: Moved | None = None
    """Moves the bot made at once because of the action (a kicked seat that was to act, a skip)."""


def not_running(game_id: int, status: Status) -> Said:
    """Why a game that is not running cannot be moderated. A lobby is a thing, not a state: French and Spanish say
    «c'est un salon d'attente», «es una sala de espera» where they say «elle est terminée», «está terminada»."""
    if status is Status.LOBBY:
        return tr("moderation.game_lobby", "Game #{game} is not running (it is a lobby).", game=game_id)
    return tr("moderation.game_running", "Game #{game} is not running (it is {status}).", game=game_id,
              status=status_word(status))


def hours_or_kept(value: float | EllipsisType | None, current: float | None) -> float | None:
    if isinstance(value, EllipsisType):
        return current
    return None if value is None or value == 0 else float(value)


class ModerationBase:
    """What every part of ``Moderation`` stands on: the services it acts through and the checks and log post
    each action shares."""

    def __init__(self, store: GameStore, games: Games, jumps: Jumps, computers: Computers,
                 languages: Languages | None = None) -> None:
        self.store = store
        self.storage = store.storage
        self.games = games
        self.jumps = jumps
        self.computers = computers
        self.languages = languages
        """The process's copy of servers' languages, brought up to date by ``configure``."""

    @staticmethod
    async def _running(tx: Transaction, guild_id: int, game_id: int) -> GameRow:
        row = await GameStore.row(tx, guild_id, game_id)
        if row.status is not Status.RUNNING:
            raise WrongStatus(not_running(game_id, row.status))
        return row

    @staticmethod
    def _check(is_moderator: bool, what: Said) -> None:
        if not is_moderator:
            raise NotAllowed(tr("moderation.only_moderator_can", "Only a moderator can {what}.", what=what))

    @staticmethod
    async def _post(tx: Transaction, row: GameRow, action: str, by: int, text: Said,
                    **details: Unpack[ModDetails]) -> Post:
        return await tx.add_post(row, row.version, NewPost(PostKind.MOD_ACTION, ModActionPayload(
            action=action, game_id=row.id, moderator_id=by, text=str(text), said=stored(text), **details)))

    @staticmethod
    def _target(seats: list[SeatRow], target: int | str) -> SeatRow:
        """A seat by its member's id or by its seat name."""
        for s in seats:
            if s.seat is None:
                continue
            if (isinstance(target, int) and s.member_id == target) or (
                isinstance(target, str) and (s.seat_name or "").casefold() == target.strip().casefold()
            ):
                return s
        if isinstance(target, int):
            raise NotJoined(tr("moderation.member_no_seat", "That member has no seat in this game."))
        raise NotJoined(tr("moderation.name_no_seat", "{name} is no seat in this game.", name=quoted(target)))

    async def _info(self, guild_id: int, game_id: int) -> GameInfo:
        return await self.games.game(guild_id, game_id)



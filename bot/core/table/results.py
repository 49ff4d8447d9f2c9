"""What the services of the table hand back: frozen values describing what to post or edit. No game state, no seed."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.storage.rows import GameRow, OutboxRow, SeatRow, Status
from bot.core.table.game_options import GameSetup, of_setup
from engine import GameView

Post = OutboxRow
"""A queued post (outbox row): send it, then ``mark_sent``. Its payload holds public information only."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    member_id: int
    display_name: str
    joined_order: int
    seat: int | None
    """0-based seat index once the game has started."""
    name: str | None
    """The seat name of the game record once the game has started."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    guild_id: int
    channel_id: int
    """Where the lobby was opened."""
    thread_id: int | None
    place_id: int
    """The channel or thread the game occupies now: where its posts go."""
    status: Status
    variant: str
    seats_wanted: int
    use_thread: bool
    creator_id: int
    lobby_message_id: int | None
    turn_message_id: int | None
    version: int
    seats: tuple[SeatInfo, ...]
    """Seat order once started; join order in the lobby."""
    created_at: float
    started_at: float | None
    finished_at: float | None
    turn_started_at: float | None
    deadline_at: float | None
    options: tuple[str, ...] = ()
    """The options of rules.md §7, in canonical order (``variant`` may be ``rapido``)."""
    lesson: str | None = None
    """A tutorial's lesson (``bot.core.tutorial``): private to its member, in no list, rating or statistic."""

    @classmethod
    def of(cls, row: GameRow, seats: list[SeatRow], setup: GameSetup | None = None) -> GameInfo:
        """The game's info; ``setup``: its variant and options as chosen in the lobby (a started game's come
        from its stored setup)."""
        chosen = of_setup(row.setup) if row.setup is not None else setup or GameSetup(row.variant)
        return cls(
            id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, thread_id=row.thread_id,
            place_id=row.place_id, status=row.status, variant=chosen.variant, seats_wanted=row.seats_wanted,
            use_thread=row.use_thread, creator_id=row.creator_id, lobby_message_id=row.lobby_message_id,
            turn_message_id=row.turn_message_id, version=row.version,
            seats=tuple(SeatInfo(s.member_id, s.display_name, s.joined_order, s.seat, s.seat_name) for s in seats),
            created_at=row.created_at, started_at=row.started_at, finished_at=row.finished_at,
            turn_started_at=row.turn_started_at, deadline_at=row.deadline_at, options=chosen.options,
            lesson=row.lesson,
        )

    @property
    def setup(self) -> GameSetup:
        return GameSetup(self.variant, self.options)

    def seat_of(self, member_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.member_id == member_id), None)

    def at_seat(self, seat: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)

    @property
    def open_seats(self) -> int:
        return self.seats_wanted - len(self.seats)


@dataclass(frozen=True, slots=True)
class Started:
    game: GameInfo
    view: GameView
    to_act: SeatInfo
    posts: tuple[Post, ...]


@dataclass(frozen=True, slots=True)
class Moved:
    """An accepted move, committed."""

    game: GameInfo
    moves: tuple[str, ...]
    """The moves as logged (canonical notation): one, or several when a seat was moved for (ruling 14)."""
    player: str
    """The seat name of the player who acted (or was moved for)."""
    view: GameView
    """The game after the move (what the turn message and pictures show)."""
    turn_ended: bool
    to_act: SeatInfo | None
    """Who must act now; ``None`` once the game is finished."""
    posts: tuple[Post, ...]
    """The posts committed with the move, to send now (in order)."""
    computer_next: bool = False
    """Whether the seat to act now is played by a computer player (it plays next, at once)."""
    order_next: bool = False
    """Whether the bidder to act now left a standing order for the round (it is played next, at once)."""

    @property
    def move(self) -> str:
        return self.moves[-1]

    @property
    def finished(self) -> bool:
        return self.view.finished


@dataclass(frozen=True, slots=True)
class JumpChoice:
    """A member's secret choice for a Tikal Rápido jump, kept (``moved`` None) or the last one (the jump's moves
    committed: ``moved``). ``chips`` is the member's own number, for their private answer only."""

    game: GameInfo
    view: GameView
    seat: int
    chips: int
    chosen: tuple[int, ...]
    """Seats that have chosen so far (while the choices are kept), in round order: never their numbers."""
    waiting: tuple[int, ...]
    """Seats still to choose, in round order."""
    moved: Moved | None

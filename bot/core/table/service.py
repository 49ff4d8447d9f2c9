"""The discord-free service: lobbies and games on plain ids and names.

Ids in (guild, channel or thread, member), frozen results out (``bot.results``); refusals are
``EngineError``s with a message for a person (``bot.errors`` and the engine's own). The service owns
every ``GameState`` and hands out views only. Every operation names its guild, and every lookup is
scoped by it, so a game id from another guild is simply not found.

A game's truth is its move log; the state is the engine's fold over it, cached in memory (keyed by
game id and checked against the stored version) and as a snapshot beside the log. A move is validated
against the current state and committed in one transaction that only succeeds if the stored version
is still the one it was validated against.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

import engine
from bot.core.clocks import timing
from bot.core.league import ratings
from bot.core.outbox.mod_notices import queue_for_moderators
from bot.core.storage import sql
from bot.core.storage.base import (
    ACTIVE,
    GameRow,
    GuildSettings,
    IntegrityError,
    NewMove,
    Reader,
    SeatRow,
    Status,
    Storage,
    Transaction,
)
from bot.core.storage.seats import absent_member_id, computer_member_id, is_absent_member, is_computer_member
from bot.core.storage.shards import EVERY_GUILD, Shards
from bot.core.table import jump_choices, thinking
from bot.core.table.computer_seats import (
    ComputerSeat,
    check_level,
    computer_seats,
    lobby_level,
    put_computer,
    put_lobby_level,
)
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.game_options import STORED_VARIANT, lobby_setup, lobby_setups, put_setup
from bot.core.table.game_options import checked as checked_setup
from bot.core.table.jump_choices import Choice, choosers, jump_steps, most_chips, opened
from bot.core.table.locks import GameLocks
from bot.core.table.posts import DeliveryFailed, NewPost, PostKind, SeatPlayed, posts_for, seat_played, stamp_deadline
from bot.core.table.results import GameInfo, JumpChoice, Moved, Post, SeatInfo, Started
from bot.core.table.seat_names import seat_names
from bot.core.table.state_cache import StateCache
from bot.core.table.status_words import status_word
from bot.core.table.story import story_of
from bot.core.table.waits import LATEST, next_wait
from bot.core.words import labels
from bot.core.words.errors import (
    AlreadyJoined,
    BadOption,
    ChannelBusy,
    LobbyFull,
    NoGame,
    NotAllowed,
    NotAPlayer,
    NotEnoughPlayers,
    NotJoined,
    WrongStatus,
    quoted,
)
from bot.core.words.texts import ntr, stored, tr
from engine import GameState, GameView, InvalidRecord, LegalMove, Move, NotYourTurn, StaleState
from engine.ai import plan as plan_moves
from engine.messages import Msg, Said
from engine.options import option_words

log = logging.getLogger(__name__)

DEFAULT_VARIANTS: Final = ("basic", "auction")
"""The variants a server may make its default (``guild_settings``' CHECK); ``rapido`` is chosen per game."""
THREAD_WAIT: Final = 120.0
"""Seconds a lobby waits for its thread before Start plays the game in the channel instead (the thread's
creation failed without a word, e.g. the bot stopped in between)."""
SEAT_ORDERS: Final = ("joined", "shuffled")

@dataclass(frozen=True, slots=True)
class Loaded:
    """A started game as one read found it: its row, seats, computer seats and current state."""

    row: GameRow
    seats: list[SeatRow]
    computers: dict[int, ComputerSeat]
    state: GameState

    def member_of(self, seat: int) -> int | None:
        """The member to ping for a seat: none for a computer seat (a placeholder id is never pinged)."""
        if seat in self.computers:
            return absent_member_id(seat)
        return next((s.member_id for s in self.seats if s.seat == seat), None)

    def played_by_bot(self, seat: int) -> bool:
        """Whether the bot decides for the seat: a computer player, or an absent (kicked, resigned) seat."""
        return seat in self.computers or is_absent_member(self.member_of(seat) or 0)

    @property
    def nobody_left(self) -> bool:
        """Whether the bot decides for every seat: no person is left to wait for (issue 23)."""
        return all(self.played_by_bot(s.seat) for s in self.seats if s.seat is not None)


@dataclass(frozen=True, slots=True)
class Planned:
    """Moves already applied in memory, to commit together, with posts to queue before their own."""

    steps: list[tuple[Move, GameState]]
    first: Sequence[NewPost] = ()
    actors: Sequence[int | None] | None = None
    """Per step, the member who made it (default: the command's actor for every step): a jump's choosers."""
    write: Callable[[Transaction], Awaitable[None]] | None = None
    """More to write in the same transaction, after the version check: a jump's kept choices (alone, when no
    move is due yet) or clearing them once the jump's moves are logged."""


Plan = Callable[[Loaded], Awaitable[Planned | None]]
"""Given the loaded game, apply moves in memory (None: nothing to do), or raise to refuse."""
SeatPost = Callable[[SeatPlayed], NewPost]
"""Makes the post that says why the bot played for a seat, from what it played."""
CommitHook = Callable[[Transaction, GameRow, GameState | None, GameState], Awaitable[None]]
"""Runs inside the transaction of a start (``before`` None) and of every move; raising refuses the move."""


@dataclass(frozen=True, slots=True)
class Place:
    """A channel or thread: the game played there is the one meant."""

    place_id: int


GameRef = int | Place
"""A game named by its number, or by where it is played."""


@dataclass(frozen=True, slots=True)
class Overview:
    """A game and, once it has started, what everyone may see of it."""

    game: GameInfo
    view: GameView | None


def _from_snapshot(row: GameRow, snapshot: tuple[int, str] | None) -> GameState | None:
    """The snapshot's state if it is of the game's current version and readable (it is a cache only)."""
    if snapshot is None or snapshot[0] != row.version:
        return None
    try:
        state = engine.state_from_json(snapshot[1])
    except InvalidRecord as e:
        log.warning("game %d: unreadable snapshot (%s); replaying the log", row.id, e)
        return None
    return state if state.version == row.version else None


def apply_all(state: GameState, moves: Iterable[Move]) -> list[tuple[Move, GameState]]:
    """Apply moves one after the other; return each with the state after it."""
    steps: list[tuple[Move, GameState]] = []
    current = state
    for move in moves:
        current = engine.apply(current, move)
        steps.append((move, current))
    return steps


def computer_post(payload: SeatPlayed) -> NewPost:
    """The post that marks a computer player's turn."""
    return NewPost(PostKind.COMPUTER_TURN, payload)


def absent_post(reason: str) -> SeatPost:
    """An ``absent_turn`` post: the bot played for a seat whose player left (``reason``: why it is absent)."""

    def make(played: SeatPlayed) -> NewPost:
        return NewPost(PostKind.ABSENT_TURN, {**played, "reason": reason})

    return make


def before_jump(moves: list[Move]) -> list[Move]:
    """A seat's obligation up to a jump it runs into (its slot ended, it chooses first): jumps are chosen in secret,
    everyone at once (``TikalService.plan_jump_choices``)."""
    return moves[:next((i for i, m in enumerate(moves) if isinstance(m, engine.Jump)), len(moves))]


def _setup_of(state: GameState) -> dict[str, Any]:
    record = engine.record_of(state, full_orders=True)
    record.pop("moves")
    return record


class Rethink(Exception):
    """What a computer player thought is for a state that is gone (or was not thought before the game's lock):
    think again, without the lock."""


@dataclass(frozen=True, slots=True)
class JumpThought:
    """The chips the bot's computer players chose for the jump under way at ``version``, thought out before the
    game's lock is taken (``TikalService.think_jump``)."""

    version: int
    chips: Mapping[int, int]


class TikalService:
    """Lobbies and games of every guild, on one ``Storage``."""

    def __init__(
        self,
        storage: Storage,
        *,
        rng: random.Random | None = None,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 1024,
        retries: int = 3,
        shards: Shards = EVERY_GUILD,
        pool: CpuPool | None = None,
    ) -> None:
        self.storage = storage
        self.pool = pool
        """Where computer players think (``bot.core.table.thinking``); None: in a thread."""
        self.shards = shards
        """The guilds whose background work (clocks, posts, resuming) this process does (``storage.shards``)."""
        self._rng = rng or random.SystemRandom()
        # SPEC ruling 13: a secret seed of at least 64 bits.
        self._seed_source = seed_source or (lambda: secrets.randbits(64))
        self._cache = StateCache(cache_size)
        self._retries = retries
        # The clocks of issue 5 (reminders, deadlines, pause, results) and the ratings of issue 16: in the move's
        # transaction.
        self.commit_hooks: list[CommitHook] = [timing.on_commit, ratings.on_commit]
        self._lock = GameLocks()
        self.loads = 0
        """States loaded so far (cache, snapshot or log): what one command costs, for tests and benchmarks."""

    def game_lock(self, game_id: int) -> asyncio.Lock:
        """The lock every move of the game takes: hold it to change seats without a move slipping in between."""
        return self._lock(game_id)

    # --- reading ---------------------------------------------------------------------------

    @staticmethod
    async def _row(reader: Reader, guild_id: int, game_id: int) -> GameRow:
        row = await reader.game(guild_id, game_id)
        if row is None:
            raise NoGame(tr("service.there_no_game_server", "There is no game #{game} in this server.", game=game_id))
        return row

    async def _info(self, guild_id: int, game_id: int) -> GameInfo:
        async with self.storage.read() as r:
            row = await self._row(r, guild_id, game_id)
            return GameInfo.of(row, await r.seats(row.id), await lobby_setup(r, row))

    async def game(self, guild_id: int, game_id: int) -> GameInfo:
        """The game ``game_id`` of this guild. Raises ``NoGame``."""
        return await self._info(guild_id, game_id)

    async def game_here(self, guild_id: int, place_id: int) -> GameInfo:
        """The open lobby or running game of a channel or thread. Raises ``NoGame``."""
        async with self.storage.read() as r:
            row = await r.active_game_at(guild_id, place_id)
            if row is None:
                raise NoGame(tr("service.there_no_game_here",
                                "There is no game here. Start one with `/tikal-game new`."))
            return GameInfo.of(row, await r.seats(row.id), await lobby_setup(r, row))

    async def games(self, guild_id: int, statuses: Iterable[Status] = ACTIVE) -> list[GameInfo]:
        """The guild's games with those statuses (default: open lobbies and running games), oldest first."""
        async with self.storage.read() as r:
            found = await r.games_with_seats(guild_id, statuses)
            setups = await lobby_setups(r, [row for row, _ in found])
            return [GameInfo.of(row, seats, setups.get(row.id)) for row, seats in found]

    async def _load(self, guild_id: int, game: GameRef) -> Loaded:
        """The started game (by number, or the one of a place), in one read. Raises ``NoGame``, or
        ``WrongStatus`` before the start.

        The state comes from the memory cache if its version is current, else from the snapshot if its
        version is current, else from folding the log.
        """
        async with self.storage.read() as r:
            if isinstance(game, Place):
                found = await r.active_game_at(guild_id, game.place_id)
                if found is None:
                    raise NoGame(tr("service.there_no_game_here",
                                    "There is no game here. Start one with `/tikal-game new`."))
                row = found
            else:
                row = await self._row(r, guild_id, game)
            seats = await r.seats(row.id)
            if row.setup is None:
                raise WrongStatus(tr("service.game_has_started_yet", "Game #{game} has not started yet.", game=row.id))
            computers = await computer_seats(r, row.id)
            state = self._cache.get(row.id, row.version)
            if state is None:
                state = _from_snapshot(row, await r.snapshot(row.id))
                moves = await r.moves(row.id) if state is None else []
        if state is None:
            if len(moves) != row.version:
                raise RuntimeError(f"game {row.id}: {len(moves)} moves in the log but version {row.version}")
            state = engine.replay(engine.read_record({**row.setup, "moves": moves}))
        self._cache.put(row.id, state)
        self.loads += 1
        return Loaded(row, seats, computers, state)

    def forget(self, game_id: int | None = None) -> None:
        """Drop cached states (one game's, or all): the next load uses the snapshot or the log."""
        self._cache.forget(game_id)

    async def view(self, guild_id: int, game: GameRef) -> GameView:
        """What everyone may see of a started game now (for pictures and messages)."""
        return engine.view((await self._load(guild_id, game)).state, None)

    async def view_at(self, guild_id: int, game_id: int, version: int) -> GameView:
        """What everyone could see after ``version`` moves (to render a post queued back then)."""
        loaded = await self._load(guild_id, game_id)
        row, state = loaded.row, loaded.state
        if not 0 <= version <= state.version:
            raise BadOption(tr("service.game_has_no_version",
                               "Game #{game} has no version {version} (it is at {current}).",
                               game=game_id, version=version, current=state.version))
        if version == state.version:
            return engine.view(state, None)
        assert row.setup is not None
        record = engine.read_record({**row.setup, "moves": list(state.log)})
        return engine.view(engine.replay(record, upto=version), None)

    async def overview(self, guild_id: int, place_id: int) -> Overview:
        """The game of a channel or thread with its view once started (``/tikal-game status``)."""
        game = await self.game_here(guild_id, place_id)
        if game.status is Status.LOBBY:
            return Overview(game, None)
        return Overview(game, await self.view(guild_id, game.id))

    async def record(self, guild_id: int, game_id: int) -> dict[str, Any]:
        """The full game record (SPEC section 6) of a finished game; before the end it would reveal the stack."""
        loaded = await self._load(guild_id, game_id)
        row, state = loaded.row, loaded.state
        if row.status is not Status.FINISHED:
            raise WrongStatus(tr("service.game_finished_record_shown",
                                 "Game #{game} is not finished; its record is shown at the end.", game=game_id))
        return engine.record_of(state)

    # --- the lobby -------------------------------------------------------------------------

    async def new_game(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        *,
        variant: str = "basic",
        seats: int = 4,
        thread: bool = False,
        computers: int = 0,
        computer_level: str = "strong",
        options: Sequence[str] = (),
    ) -> GameInfo:
        """Open a lobby in a channel (the creator takes the first seat). Raises ``ChannelBusy``, ``BadOption``.

        ``computers`` seats (named ``Bot1``, …) are taken at once by computer players of ``computer_level``.
        ``variant`` is ``basic``, ``auction`` or ``rapido``; ``options`` SPEC 7's (changed in the lobby with
        ``set_options``).
        """
        if not 0 <= computers < seats:
            raise BadOption(ntr("service.with_seats_them_can",
                                "With {n} seat, 0–{most} of them can be computer players, not {computers}.",
                                "With {n} seats, 0–{most} of them can be computer players, not {computers}.",
                                seats, most=seats - 1, computers=computers))
        check_level(computer_level)
        setup = checked_setup(variant, options)
        if not 2 <= seats <= 4:
            raise BadOption(ntr("service.tikal_for_players_seats",
                                "Tikal is for 2–4 players; {n} seat is not possible.",
                                "Tikal is for 2–4 players; {n} seats is not possible.", seats))
        try:
            async with self.storage.transaction() as tx:
                busy = await tx.active_game_at(guild_id, channel_id)
                if busy is not None:
                    raise ChannelBusy(self._busy_message(busy))
                game_id = await tx.insert_game(
                    guild_id=guild_id, channel_id=channel_id, variant=STORED_VARIANT[setup.variant],
                    seats_wanted=seats, use_thread=thread, creator_id=creator_id, seed=self._seed_source(),
                )
                await put_setup(tx, game_id, setup)
                row = await tx.game(guild_id, game_id)
                assert row is not None
                await timing.clock_of(tx, row)  # the server's clock at this moment: the lobby shows it
                await tx.add_seat(game_id, creator_id, creator_name)
                for k in range(1, computers + 1):
                    await tx.add_seat(game_id, computer_member_id(k), f"Bot{k}")
                if computers:
                    await put_lobby_level(tx, game_id, computer_level)
        except IntegrityError:
            raise ChannelBusy(tr("service.channel_already_has_game",
                                 "This channel already has a game. Finish or abort it first.")) from None
        return await self._info(guild_id, game_id)

    @staticmethod
    def _busy_message(busy: GameRow) -> Said:
        if busy.status is Status.LOBBY:
            return tr("service.busy_lobby", "This channel already has an open lobby (game #{game}). One game per "
                                            "channel or thread: finish or abort it first, or open the new game in "
                                            "another channel or in a thread.", game=busy.id)
        return tr("service.busy_game", "This channel already has a running game (game #{game}). One game per channel "
                                       "or thread: finish or abort it first, or open the new game in another channel "
                                       "or in a thread.", game=busy.id)

    async def set_options(self, guild_id: int, game_id: int, member_id: int, options: Sequence[str], *,
                          is_moderator: bool = False) -> GameInfo:
        """Choose the lobby's options (SPEC 7; all at once, replacing the earlier choice): its creator or a
        moderator, before the start. Raises ``NotAllowed``, ``WrongStatus``, ``BadOption`` (the engine's reason
        for a combination it does not allow)."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_has_already_started",
                                     "Game #{game} has already started: its options are fixed.", game=game_id))
            if member_id != row.creator_id and not is_moderator:
                raise NotAllowed(tr("service.only_game_s_creator",
                                    "Only the game's creator or a moderator can choose its options."))
            current = await lobby_setup(tx, row)
            await put_setup(tx, game_id, checked_setup(current.variant, options))
        return await self._info(guild_id, game_id)

    async def join(self, guild_id: int, game_id: int, member_id: int, display_name: str) -> GameInfo:
        """Take a seat in a lobby. Raises ``WrongStatus``, ``AlreadyJoined``, ``LobbyFull``."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_open_for_joining",
                                     "Game #{game} is not open for joining (it is {status}).",
                                     game=game_id, status=status_word(row.status)))
            seats = await tx.seats(game_id)
            if any(s.member_id == member_id for s in seats):
                raise AlreadyJoined(tr("service.are_already_game", "You are already in this game."))
            if len(seats) >= row.seats_wanted:
                raise LobbyFull(ntr("service.game_full_seats", "The game is full ({n} seat).",
                                    "The game is full ({n} seats).", row.seats_wanted))
            await tx.add_seat(game_id, member_id, display_name)
        return await self._info(guild_id, game_id)

    async def leave(self, guild_id: int, game_id: int, member_id: int) -> GameInfo:
        """Leave a lobby. The last one out closes it; if the creator leaves, the next to have joined takes over."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_has_already_started2",
                                     "Game #{game} has already started; a moderator can replace a player.",
                                     game=game_id))
            seats = await tx.seats(game_id)
            if not any(s.member_id == member_id for s in seats):
                raise NotJoined(tr("service.are_game", "You are not in this game."))
            await tx.remove_seat(game_id, member_id)
            rest = [s for s in seats if s.member_id != member_id and not is_computer_member(s.member_id)]
            if not rest:
                await tx.set_status(game_id, Status.ABORTED)
            elif member_id == row.creator_id:
                await tx.set_creator(game_id, min(rest, key=lambda s: s.joined_order).member_id)
        return await self._info(guild_id, game_id)

    async def attach_thread(self, guild_id: int, game_id: int, thread_id: int) -> GameInfo:
        """Record the lobby's thread (the adapter creates it), where the game will be played. A game never
        changes place once started, so a thread that comes too late is refused (``WrongStatus``)."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_has_already_started3",
                                     "Game #{game} has already started in {place}.",
                                     game=game_id, place=f"<#{row.place_id}>"))
            await tx.set_thread(game_id, thread_id)
        return await self._info(guild_id, game_id)

    async def no_thread(self, guild_id: int, game_id: int) -> GameInfo:
        """The lobby's thread could not be opened: the game will be played in the lobby's channel."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            if row.status is Status.LOBBY and row.thread_id is None:
                await tx.set_use_thread(game_id, False)
        return await self._info(guild_id, game_id)

    async def set_lobby_message(self, guild_id: int, game_id: int, message_id: int | None) -> None:
        async with self.storage.transaction() as tx:
            await self._row(tx, guild_id, game_id)
            await tx.set_lobby_message(game_id, message_id)

    async def set_turn_message(self, guild_id: int, game_id: int, message_id: int | None) -> None:
        async with self.storage.transaction() as tx:
            await self._row(tx, guild_id, game_id)
            await tx.set_turn_message(game_id, message_id)

    async def start(
        self, guild_id: int, game_id: int, member_id: int, *, order: str = "joined", is_moderator: bool = False
    ) -> Started:
        """Start a lobby's game: seat order as joined or shuffled, seat names from display names (SPEC 6).

        Only the creator or a moderator may start, with 2 or more players.
        """
        if order not in SEAT_ORDERS:
            raise BadOption(tr("service.seat_order_joined_or",
                               "The seat order is `joined` or `shuffled`, not {value}.", value=quoted(order)))
        async with self._lock(game_id):
            try:
                async with self.storage.transaction() as tx:
                    row = await self._row(tx, guild_id, game_id)
                    if row.status is not Status.LOBBY:
                        raise WrongStatus(tr("service.game_lobby",
                                             "Game #{game} is not a lobby (it is {status}).",
                                             game=game_id, status=status_word(row.status)))
                    if member_id != row.creator_id and not is_moderator:
                        raise NotAllowed(tr("service.only_game_s_creator2",
                                            "Only the game's creator or a moderator can start it."))
                    if row.use_thread and row.thread_id is None and sql.now(tx) - row.created_at < THREAD_WAIT:
                        raise WrongStatus(tr("service.game_s_thread_still",
                                             "The game's thread is still being opened: start again in a moment."))
                    seats = sorted(await tx.seats(game_id), key=lambda s: s.joined_order)
                    if len(seats) < 2:
                        raise NotEnoughPlayers(tr("service.tikal_needs_at_least",
                                                  "Tikal needs at least 2 players; wait for someone to join."))
                    if order == "shuffled":
                        self._rng.shuffle(seats)
                    setup = await lobby_setup(tx, row)
                    names = seat_names([s.display_name for s in seats],
                                       option_words([engine.Option(o) for o in setup.options], setup.variant))
                    state = engine.new_game(names, setup.variant, row.seed, options=setup.options)
                    for seat, (member, name) in enumerate(zip(seats, names, strict=True)):
                        await tx.assign_seat(game_id, member.member_id, seat, name)
                        if is_computer_member(member.member_id):
                            level = await lobby_level(tx, game_id)
                            await put_computer(tx, game_id, seat, level, secrets.randbits(62), row.creator_id)
                    await tx.set_setup(game_id, _setup_of(state))
                    await tx.set_status(game_id, Status.RUNNING)
                    place = row.thread_id if row.use_thread and row.thread_id is not None else row.place_id
                    if place != row.place_id:
                        await tx.set_place(game_id, place)
                    await tx.put_snapshot(game_id, state.version, engine.state_to_json(state))
                    for hook in self.commit_hooks:
                        await hook(tx, row, None, state)
                    computers = await computer_seats(tx, game_id)

                    def member_of(seat: int) -> int | None:
                        return absent_member_id(seat) if seat in computers else seats[seat].member_id

                    def by_bot(seat: int) -> bool:
                        return seat in computers or is_absent_member(member_of(seat))

                    first = await next_wait(tx, row, None, state, member_of, by_bot)
                    planned = await tx.game(guild_id, game_id)
                    if first is not None:
                        stamp_deadline(first, planned.deadline_at if planned is not None else None)
                    queued = [] if first is None else [await tx.add_post(row, state.version, first, place_id=place)]
            except IntegrityError:
                raise ChannelBusy(tr("service.game_s_thread_already",
                                     "The game's thread already has another game.")) from None
            self._cache.put(game_id, state)
        game = await self._info(guild_id, game_id)
        to_act = game.at_seat(state.to_act)
        assert to_act is not None
        return Started(game, engine.view(state, None), to_act, tuple(queued))

    # --- playing ---------------------------------------------------------------------------

    @staticmethod
    def _acting_seat(row: GameRow, seats: list[SeatRow], state: GameState, member_id: int) -> int:
        """The member's seat, if it is the one to act. Raises ``WrongStatus``, ``NotAPlayer``, ``NotYourTurn``."""
        if row.status is Status.ABORTED:
            raise WrongStatus(tr("service.game_was_stopped", "Game #{game} was stopped.", game=row.id))
        if state.finished:
            raise engine.GameOver("The game is over; no more moves can be made.")
        to_act = state.players[state.to_act]
        waiting = labels.waiting_said(state.phase, state.variant, state.stage)
        seat = next((s.seat for s in seats if s.member_id == member_id), None)
        if seat is None:
            raise NotAPlayer(tr("service.are_playing_game_s",
                                "You are not playing in this game; it is {player}'s {waiting}.",
                                player=f"{labels.square(state.to_act)} {to_act}", waiting=waiting))
        if seat != state.to_act:
            raise NotYourTurn(labels.not_yours(state.to_act, to_act, waiting))
        return seat

    async def act(self, guild_id: int, game: GameRef, member_id: int, move: Move | str) -> Moved:
        """Apply a move for the member, who must be the player to act, and commit it.

        Raises ``NoGame``, ``NotYourTurn``/``NotAPlayer``, the engine's error for an unreadable or illegal
        move (nothing changes), or ``StaleState`` if other commands kept committing first.
        """

        async def plan(loaded: Loaded) -> Planned:
            self._acting_seat(loaded.row, loaded.seats, loaded.state, member_id)
            parsed = engine.parse_move(move) if isinstance(move, str) else move
            return Planned([(parsed, engine.apply(loaded.state, parsed))])

        moved = await self._play(guild_id, game, plan, actor_id=member_id)
        assert moved is not None
        return moved

    async def skip(self, guild_id: int, game_id: int, member_id: int, *, is_moderator: bool = False) -> Moved:
        """A moderator takes the current turn for an absent seat (SPEC ruling 14): recorded as ordinary moves.

        The seat places its hexagon on the first legal space and ends, passes a bid, picks 1, or ends a
        scoring turn, until someone else is to act.
        """
        if not is_moderator:
            raise NotAllowed(tr("service.only_moderator_can_take",
                                "Only a moderator can take a turn for an absent player."))

        async def plan(loaded: Loaded) -> Planned:
            if loaded.row.status is not Status.RUNNING or loaded.state.finished:
                raise WrongStatus(tr("service.game_running", "Game #{game} is not running.", game=game_id))
            return Planned(apply_all(loaded.state, engine.absent_moves(loaded.state)))

        moved = await self._play(guild_id, game_id, plan, actor_id=None)
        assert moved is not None
        return moved

    async def play_for(self, guild_id: int, game_id: int, plan: Plan, *, actor_id: int | None = None) -> Moved | None:
        """Commit the moves ``plan`` makes on the current state, under the game's lock; None if it makes none.

        For moves the bot makes for a seat (deadlines, absent seats, standing orders): ``plan`` re-checks
        that they are still due on the state it is given.
        """
        return await self._play(guild_id, game_id, plan, actor_id=actor_id)

    async def _play(self, guild_id: int, game: GameRef, plan: Plan, *, actor_id: int | None) -> Moved | None:
        """Load the game once, let ``plan`` apply its moves in memory (or refuse), commit them once.

        If another command committed in between, the version check refuses the commit and the plan is
        tried again on the new state (it may now be refused: the AP it wanted may be spent).
        """
        loaded = await self._load(guild_id, game)
        async with self._lock(loaded.row.id):
            for attempt in range(self._retries):
                if attempt:
                    loaded = await self._load(guild_id, loaded.row.id)
                planned = await plan(loaded)
                if planned is None or (not planned.steps and planned.write is None):
                    return None
                try:
                    if not planned.steps:
                        assert planned.write is not None
                        await self._write_only(loaded, planned.write)
                        return None
                    return await self._commit(loaded, planned, actor_id=actor_id)
                except StaleState:
                    self.forget(loaded.row.id)
                    if attempt + 1 == self._retries:
                        raise
        raise AssertionError("unreachable")

    async def _write_only(self, loaded: Loaded, write: Callable[[Transaction], Awaitable[None]]) -> None:
        """A transaction without moves (a jump's choice kept), refused like a move if the game moved on or is
        paused."""
        row = loaded.row
        async with self.storage.transaction() as tx:
            now = await tx.game(row.guild_id, row.id)
            if now is None or now.version != loaded.state.version or now.status is not Status.RUNNING:
                raise StaleState(tr("service.game_has_moved_on",
                                    "The game has moved on since you looked (someone else was quicker); look at the "
                                    "board again and retry."))
            clock = await timing.read_clock(tx, row.id)
            if clock is not None and clock.paused:
                raise timing.GamePaused(f"Game #{row.id} is paused by a moderator; nothing can be played until it "
                                        "is resumed.")
            await write(tx)

    async def _commit(self, loaded: Loaded, planned: Planned, *, actor_id: int | None) -> Moved:
        """Commit moves already applied in memory: one transaction (log, snapshot, clocks, posts), or nothing.

        The version check makes it fail with ``StaleState`` if another command committed since the load.
        """
        row, before, steps = loaded.row, loaded.state, planned.steps
        queued: list[tuple[int, NewPost]] = []
        logged: list[NewMove] = []
        prev = before
        actors = [actor_id] * len(steps) if planned.actors is None else planned.actors
        for (move, after), actor in zip(steps, actors, strict=True):
            logged.append(NewMove(after.log[-1], prev.to_act, actor, story_of(prev, move, after)))
            queued.extend((after.version, p) for p in posts_for(prev, move, after, loaded.member_of))
            prev = after
        final = prev
        queued[:0] = [(final.version, p) for p in planned.first]
        async with self.storage.transaction() as tx:
            await tx.advance(
                row.id, before.version, final.version, status=Status.FINISHED if final.finished else None,
                turn_started=final.to_act != before.to_act or final.turn != before.turn,
            )
            await tx.append_moves(row.id, before.version, logged)
            if planned.write is not None:
                await planned.write(tx)
            for hook in self.commit_hooks:
                await hook(tx, row, before, final)
            await tx.put_snapshot(row.id, final.version, engine.state_to_json(final))
            wait = await next_wait(tx, row, before, final, loaded.member_of, loaded.played_by_bot, loaded.computers,
                                   overdue=any(p.kind == PostKind.DEADLINE_SKIPPED for p in planned.first))
            if wait is not None:
                queued.append((final.version, wait))
            order_next = not final.finished and final.phase is engine.Phase.BID and await sql.one(
                tx, "SELECT 1 FROM standing_orders WHERE game_id = ? AND seat = ? AND round = ?",
                (row.id, final.to_act, final.round)) is not None
            now = await self._row(tx, row.guild_id, row.id)
            for version, post in queued:  # the wait that begins now: its deadline, as the clock planned it
                if version == final.version:
                    stamp_deadline(post, now.deadline_at)
            posts = [await tx.add_post(row, version, post) for version, post in queued]
            game = GameInfo.of(now, await tx.seats(row.id))
        self._cache.put(row.id, final)
        return Moved(
            game=game, moves=tuple(a.log[-1] for _, a in steps), player=before.players[before.to_act],
            view=engine.view(final, None), turn_ended=any(isinstance(m, engine.End) for m, _ in steps),
            to_act=None if final.finished else game.at_seat(final.to_act), posts=tuple(posts),
            computer_next=not final.finished and (final.to_act in loaded.computers or any(
                loaded.played_by_bot(q) for q in choosers(final)) or loaded.nobody_left),
            order_next=order_next,
        )

    async def announce(self, guild_id: int, game_id: int, *, again: bool = False) -> bool:
        """Queue the message of the wait under way if the game has none yet (a game from before one message per
        wait), or once more without a ping (``again``: someone deleted it); False when there is nothing to queue
        (it has one, or the bot plays the seats waited for)."""
        loaded = await self._load(guild_id, game_id)
        async with self._lock(loaded.row.id), self.storage.transaction() as tx:
            row = await tx.game(guild_id, game_id)
            if row is None or row.status is not Status.RUNNING or row.version != loaded.state.version or (
                    not again and await tx.latest_post(guild_id, game_id, PostKind.WAIT, LATEST) is not None):
                return False
            wait = await next_wait(tx, row, loaded.state, loaded.state, loaded.member_of, loaded.played_by_bot,
                                   loaded.computers, again=again)
            if wait is None:
                return False
            stamp_deadline(wait, row.deadline_at)
            await tx.add_post(row, row.version, wait)
        return True

    async def seat_view(self, guild_id: int, game: GameRef, member_id: int) -> GameView:
        """What the member sees of the game as its player to act (their own secrets only: for a hint).

        Raises ``NotAPlayer``/``NotYourTurn`` if they are not the player to act, ``GameOver`` after the end. In a
        Tikal Rápido jump everyone still to choose is a player to act (the view names them so).
        """
        loaded = await self._load(guild_id, game)
        seat = next((s.seat for s in loaded.seats if s.member_id == member_id), None)
        if seat is not None and seat in choosers(loaded.state):
            return replace(engine.view(loaded.state, seat), to_act=seat)
        seat = self._acting_seat(loaded.row, loaded.seats, loaded.state, member_id)
        return engine.view(loaded.state, seat)

    # --- computer players ------------------------------------------------------------------

    async def play_computers(self, guild_id: int, game_id: int, *, limit: int = 1000) -> list[Moved]:
        """While the seat to act is played by a computer, play its obligation and commit it, one by one.

        Each obligation (a turn, a bid, a pick, a scoring turn) is one commit through the version check,
        with a ``computer_turn`` post first; it stops at a person's seat, the end, or a paused game. When nobody is
        left (every person resigned or was removed), the absent seats' obligations are played here too, at once
        (SPEC ruling 14, with an ``absent_turn`` post): the game ends now rather than at the scheduler's pace.
        """
        played: list[Moved] = []
        for _ in range(limit):
            moved = await self._play_computer(guild_id, game_id, None)
            if moved is None:
                break
            played.append(moved)
        return played

    async def play_overdue(
        self, guild_id: int, game_id: int, *, expected_key: str, post: SeatPost, level: str = "strong",
    ) -> Moved | None:
        """A computer player of ``level`` takes the overdue obligation of the seat to act (deadline policy
        ``computer``), with the post ``post`` makes first, if the game still waits for ``expected_key``; else
        None."""
        return await self._play_computer(guild_id, game_id, (expected_key, level, post))

    def _computer_due(self, loaded: Loaded, overdue: tuple[str, str, SeatPost] | None
                      ) -> tuple[ComputerSeat | None, SeatPost] | Literal["jump"] | None:
        """What the bot decides for now: a computer player's obligation (the player and the post that marks it; no
        player: an absent seat's, when nobody is left), the choices of a jump, or nothing (a person's seat, the end,
        the overdue obligation already played)."""
        state = loaded.state
        if loaded.row.status is not Status.RUNNING or state.finished:
            return None
        if overdue is None:
            if choosers(state):  # a jump: computer and absent seats choose (SPEC 7.6.9)
                return "jump"
            computer = loaded.computers.get(state.to_act)
            if computer is None:
                return (None, absent_post("absent")) if loaded.nobody_left else None
            return computer, computer_post
        key, level, make = overdue
        if timing.wait_key(state.turn, state.to_act, state.phase) != key:
            return None
        if choosers(state):  # a jump's deadline: a computer player chooses for everyone still to choose
            return "jump"
        return ComputerSeat(state.to_act, level, loaded.row.id), make

    async def _think(self, state: GameState, computer: ComputerSeat) -> list[Move]:
        """The computer player's obligation, thought out in the worker pool on a snapshot (a thread without one)."""
        seed = computer.ai_seed + state.version
        if self.pool is None:
            return await asyncio.to_thread(thinking.obligation, state, computer.level, seed)
        return await thinking.off_loop(self.pool, thinking.obligation_of_snapshot, engine.state_to_json(state),
                                       computer.level, seed)

    @staticmethod
    def _bot_jump(loaded: Loaded, overdue: tuple[str, str, SeatPost] | None
                  ) -> tuple[list[int] | None, str | None, SeatPost | None]:
        """Whose chips the bot chooses in a jump it is due to decide (None: everyone still to choose), by which
        computer level for the seats without their own (None: the most chips), and the post that marks it."""
        if overdue is None:
            return [q for q in choosers(loaded.state) if loaded.played_by_bot(q)], None, None
        return None, overdue[1], overdue[2]

    def _computer_plan(self, game_id: int, overdue: tuple[str, str, SeatPost] | None,
                       thought: tuple[int, ComputerSeat | None, list[Move]] | None, jump: JumpThought | None) -> Plan:
        """Commit what a computer player thought (version, player, moves), or the jump's choices thought for it,
        if it is still due, else ``Rethink``."""

        async def plan(now: Loaded) -> Planned | None:
            state = now.state
            current = self._computer_due(now, overdue)
            if current is None:
                return None
            if current == "jump":
                seats, level, post = self._bot_jump(now, overdue)
                return await self.plan_jump_choices(now, seats, level=level, post=post, thought=jump)
            computer, make = current
            if thought is None or thought[:2] != (state.version, computer):
                raise Rethink
            if not thought[2]:
                return None
            steps = apply_all(state, thought[2])
            payload = seat_played(state, steps[-1][1], game_id, None)
            if computer is not None:
                payload["level"] = computer.level
            return Planned(steps, [make(payload)])

        return plan

    async def _play_computer(
        self, guild_id: int, game_id: int, overdue: tuple[str, str, SeatPost] | None,
    ) -> Moved | None:
        """Think without the game's lock, then commit what was thought with the version check; if the game moved
        meanwhile (or the seat's player changed), think again on what it is now."""

        async def think(loaded: Loaded) -> Plan:
            due = self._computer_due(loaded, overdue)
            thought = None
            jump = None
            if isinstance(due, tuple):
                computer = due[0]
                moves = before_jump(engine.absent_moves(loaded.state)) if computer is None else \
                    await self._think(loaded.state, computer)
                thought = (loaded.state.version, computer, moves)
            elif due == "jump":
                seats, level, _ = self._bot_jump(loaded, overdue)
                jump = await self.think_jump(loaded, seats, level)
            return self._computer_plan(game_id, overdue, thought, jump)

        try:
            return await self._thought_out(guild_id, game_id, think, actor_id=None)
        except timing.GamePaused:
            return None

    async def _thought_out(self, guild_id: int, game_id: int, think: Callable[[Loaded], Awaitable[Plan]], *,
                           actor_id: int | None) -> Moved | None:
        """Let ``think`` think on the game as loaded, without its lock, and return the plan made of what it thought;
        commit that plan under the lock with the version check. When the plan raises ``Rethink`` (the game moved
        meanwhile), think again on what it is now."""
        for _ in range(self._retries):
            plan = await think(await self._load(guild_id, game_id))
            try:
                return await self._play(guild_id, game_id, plan, actor_id=actor_id)
            except Rethink:
                continue
        raise StaleState(tr("service.computer_rethink", "Game #{game} kept moving while a computer player thought; "
                                                        "it plays at the next chance.", game=game_id))

    # --- Tikal Rápido's secret jumps (SPEC 7.6.4; bot.core.table.jump_choices) ----------------------------

    async def choose_jump(self, guild_id: int, game: GameRef, member_id: int, chips: int, *,
                          jump: int | None = None) -> JumpChoice:
        """Keep the member's chips for the jump under way, in secret (a choice made again replaces the earlier);
        when it is the last choice, log every jump in round order in the same transaction (the reveal).

        ``jump``: the jump the member answered (a button's), refused if that jump is over. Raises ``NotAPlayer``,
        ``WrongStatus``, ``IllegalMove`` (no jump open, no chips, a number out of range), ``GamePaused``.
        """
        done: dict[str, Any] = {}

        async def plan(loaded: Loaded) -> Planned | None:
            state, row = loaded.state, loaded.row
            if row.status is not Status.RUNNING or state.finished:
                raise WrongStatus(tr("service.game_running", "Game #{game} is not running.", game=row.id))
            seat = next((s.seat for s in loaded.seats if s.member_id == member_id), None)
            if seat is None:
                raise NotAPlayer(tr("service.are_playing_game", "You are not playing in this game."))
            if not jump_choices.is_open(state):
                raise engine.IllegalMove("No jump is open now: chips are chosen when a jump of a Tikal Rápido round "
                                         "opens (the turn message says so).")
            if jump is not None and jump != opened(state):
                raise WrongStatus(tr("service.jump_over_choose_on",
                                     "That jump is over: choose on the current turn message (or with `/tikal jump`)."))
            if seat in state.chosen:
                raise WrongStatus(tr("service.chips_for_jump_are", "Your chips for this jump are already recorded."))
            if seat not in choosers(state):
                raise engine.IllegalMove("You have no chips left: you sit out the other jumps of this round.")
            most = most_chips(state, seat)
            if not 1 <= chips <= most:
                raise engine.IllegalMove(f"A jump takes 1–5 chips and at most the chips you have "
                                         f"({state.chips[seat]}): choose 1–{most}.")
            done.update(seat=seat, state=state, game_id=row.id)
            return await self.plan_jump_choices(loaded, {seat: Choice(chips, member_id)})

        moved = await self._play(guild_id, game, plan, actor_id=member_id)
        state: GameState = done["state"]
        info = moved.game if moved is not None else await self._info(guild_id, done["game_id"])
        view = moved.view if moved is not None else engine.view(state, None)
        chosen: list[int] = []
        waiting: list[int] = []
        if moved is None:
            chosen, waiting = await self.jump_status(guild_id, info.id, state)
        return JumpChoice(info, view, done["seat"], chips, tuple(chosen), tuple(waiting), moved)

    async def jump_status(self, guild_id: int, game_id: int,
                          state: GameState | None = None) -> tuple[list[int], list[int]]:
        """Who has chosen in the jump under way and who still has to, in round order: never how many."""
        if state is None:
            state = (await self._load(guild_id, game_id)).state
        if not choosers(state):
            return list(state.chosen), []
        async with self.storage.read() as r:
            kept = await jump_choices.chosen_seats(r, game_id, opened(state))
        chosen = [q for q in state.round_order if q in state.chosen or q in kept]
        return chosen, [q for q in choosers(state) if q not in kept]

    async def jump_chips(self, guild_id: int, game: GameRef, member_id: int) -> tuple[int, int | None]:
        """The most chips the member may take into the jump under way (0: nothing to choose now), and their own
        kept choice (for their eyes only: a private answer or their autocomplete), or None."""
        loaded = await self._load(guild_id, game)
        seat = next((s.seat for s in loaded.seats if s.member_id == member_id), None)
        if seat is None or seat not in choosers(loaded.state):
            return 0, None
        async with self.storage.read() as r:
            own = await jump_choices.chips_of(r, loaded.row.id, opened(loaded.state), seat)
        return most_chips(loaded.state, seat), own

    async def plan_jump_choices(self, loaded: Loaded, made: Mapping[int, Choice] | Iterable[int] | None, *,
                                level: str | None = None, post: SeatPost | None = None,
                                thought: JumpThought | None = None) -> Planned | None:
        """Choices for the jump under way: ``made`` (seat → choice), or the bot's for these seats (None: every
        seat still to choose) — a computer seat's by its own player, else by a computer player of ``level``, or
        the most chips allowed (SPEC 7.6.9) without one. They are kept; when nobody is left to choose, the jump's
        moves are planned in round order and the kept choices cleared with them. ``post`` marks the bot's choices
        (without their numbers). None when there is nothing to choose.

        A computer player's chips come from ``thought`` (``think_jump``, before the game's lock): raises
        ``Rethink`` when it holds none for this state, so that no computer player thinks under the lock."""
        state, game_id = loaded.state, loaded.row.id
        key = opened(state)
        async with self.storage.read() as r:
            kept = await jump_choices.choices(r, game_id, key)
        if not isinstance(made, Mapping):
            seats = self._jump_seats(state, kept, made)
            if not seats:
                return None
            made = {q: Choice(self._thought_chips(loaded, q, level, thought), None) for q in seats}
        first: list[NewPost] = []
        if post is not None and made:
            names = [state.players[q] for q in made]
            first.append(post(SeatPlayed(game_id=game_id, seat=next(iter(made)), player=names[0], moves=[],
                                         member_id=None, jump=names)))
        every = {**kept, **made}
        if any(q not in every for q in choosers(state)):
            async def keep(tx: Transaction) -> None:
                await jump_choices.keep(tx, game_id, key, made)
                for notice in first:
                    await tx.add_post(loaded.row, state.version, notice)

            return Planned([], write=keep)
        steps = jump_steps(state, {q: c.chips for q, c in every.items()})
        actors = [every[before.to_act].member_id for before in [state, *(after for _, after in steps[:-1])]]

        async def clear(tx: Transaction) -> None:
            await jump_choices.forget(tx, game_id)

        return Planned(steps, first, actors=actors, write=clear)

    @staticmethod
    def _jump_seats(state: GameState, kept: Mapping[int, Choice], made: Iterable[int] | None) -> list[int]:
        """The seats among ``made`` (None: all) still to choose in the jump under way, whose choice is not kept."""
        return [q for q in (choosers(state) if made is None else made) if q not in kept and q in choosers(state)]

    @staticmethod
    def _chooser(loaded: Loaded, seat: int, level: str | None) -> ComputerSeat | None:
        """The computer player that chooses the seat's chips: its own, else one of ``level``; None: the most."""
        computer = loaded.computers.get(seat)
        if computer is None and level is None:
            return None
        return computer or ComputerSeat(seat, level or "strong", loaded.state.version)

    def _thought_chips(self, loaded: Loaded, seat: int, level: str | None, thought: JumpThought | None) -> int:
        """The chips the bot takes for a seat: what its computer player thought (``Rethink`` if that is not for this
        state), else the most allowed."""
        if self._chooser(loaded, seat, level) is None:
            return most_chips(loaded.state, seat)
        if thought is None or thought.version != loaded.state.version or seat not in thought.chips:
            raise Rethink
        return thought.chips[seat]

    async def think_jump(self, loaded: Loaded, made: Iterable[int] | None, level: str | None = None) -> JumpThought:
        """The chips the computer players choose for the seats ``plan_jump_choices`` would choose for (same
        arguments), thought out now, in the worker pool: call it before taking the game's lock."""
        state = loaded.state
        async with self.storage.read() as r:
            kept = await jump_choices.choices(r, loaded.row.id, opened(state))
        chips: dict[int, int] = {}
        for seat in self._jump_seats(state, kept, made):
            chooser = self._chooser(loaded, seat, level)
            if chooser is not None:
                chips[seat] = await self._computer_chips(state, seat, chooser)
        return JumpThought(state.version, chips)

    async def play_thinking_jumps(self, guild_id: int, game_id: int, plan: Callable[[JumpThought | None], Plan], *,
                                  actor_id: int | None = None) -> Moved | None:
        """``play_for`` a plan that may choose a jump's chips for every seat still to choose: the computer
        players among them think first, without the game's lock, and again if the game moved meanwhile."""

        async def think(loaded: Loaded) -> Plan:
            return plan(await self.think_jump(loaded, None) if choosers(loaded.state) else None)

        return await self._thought_out(guild_id, game_id, think, actor_id=actor_id)

    async def _computer_chips(self, state: GameState, seat: int, chosen_by: ComputerSeat) -> int:
        """The chips ``chosen_by`` takes for a seat in the jump under way (the most allowed if it names none)."""
        most = most_chips(state, seat)
        seen = replace(engine.view(state, seat), to_act=seat)  # as if it were its turn to choose
        moves = await thinking.off_loop(self.pool, plan_moves, seen, chosen_by.level, chosen_by.ai_seed + state.version)
        count = moves[0].count if moves and isinstance(moves[0], engine.Jump) else most
        return count if 1 <= count <= most else most

    async def computers(self, guild_id: int, game_id: int) -> dict[int, ComputerSeat]:
        """The game's seats played by a computer player, by seat."""
        async with self.storage.read() as r:
            row = await self._row(r, guild_id, game_id)
            return await computer_seats(r, row.id)

    async def legal_moves(self, guild_id: int, game: GameRef, member_id: int) -> list[LegalMove]:
        """The engine's legal moves if the member is the player to act, else none."""
        return (await self.view_and_moves(guild_id, game, member_id))[1]

    async def view_and_moves(self, guild_id: int, game: GameRef, member_id: int) -> tuple[GameView, list[LegalMove]]:
        """What everyone sees of the game, and the member's legal moves (see ``legal_moves``), from one load:
        what autocomplete offers."""
        loaded = await self._load(guild_id, game)
        view = engine.view(loaded.state, None)
        try:
            self._acting_seat(loaded.row, loaded.seats, loaded.state, member_id)
        except engine.EngineError:
            return view, []
        return view, engine.legal_moves(loaded.state)

    # --- the outbox ------------------------------------------------------------------------

    async def pending_posts(self, limit: int = 50) -> list[Post]:
        """Unsent posts of this process's guilds (``shards``), oldest first (after a restart: the ones a crash
        left behind)."""
        async with self.storage.read() as r:
            return await r.outbox_pending(limit, self.shards)

    async def claim(self, post_ids: Sequence[int], until: float) -> set[int]:
        """Claim posts for sending until ``until`` (a lease: a sender that dies lets it run out); the ids claimed.

        Only where other processes share the database (``Storage.shared``): a post another process holds or
        has claimed is not claimed. With SQLite's one process every post is this process's, and claiming costs
        no transaction."""
        if not post_ids:
            return set()
        if not self.storage.shared:
            return set(post_ids)
        async with self.storage.transaction() as tx:
            return await tx.claim_posts(post_ids, until)

    async def release(self, post_ids: Sequence[int]) -> None:
        """Give back claimed posts that were not tried (their lease ends now)."""
        if post_ids and self.storage.shared:
            async with self.storage.transaction() as tx:
                await tx.release_posts(post_ids)

    async def latest_post(self, guild_id: int, game_id: int, kind: str, *, before: int) -> Post | None:
        """The game's last post of ``kind`` queued before the post ``before`` (what a later post continues)."""
        async with self.storage.read() as r:
            return await r.latest_post(guild_id, game_id, kind, before)

    async def posts_of(self, guild_id: int, game_id: int) -> list[Post]:
        async with self.storage.read() as r:
            return await r.outbox_of_game(guild_id, game_id)

    async def mark_sent(self, post_id: int, message_id: int | None = None) -> bool:
        """Record a post as delivered; False if it already was."""
        async with self.storage.transaction() as tx:
            return await tx.mark_sent(post_id, message_id)

    async def mark_failed(self, post_id: int, error: str, retry_at: float) -> None:
        """Count a failed try of a post; it is not tried again before ``retry_at``."""
        async with self.storage.transaction() as tx:
            await tx.mark_failed(post_id, error, retry_at)

    async def give_up(self, post: Post, reason: str | Msg) -> Post | None:
        """Give up ``post`` and its game's later unsent posts in the same channel or thread (they could not be
        delivered: ``reason``, in words for a person), and queue one ``delivery_failed`` notice for the
        moderators on their route (``bot.core.outbox.mod_notices``), never in the channel that failed unless only the
        creator's DMs are left. Returns the notice (None for a notice given up)."""
        async with self.storage.transaction() as tx:
            count = await tx.give_up(post.game_id, post.channel_id)
            row = await tx.game(post.guild_id, post.game_id)
            if row is None or count == 0 or post.kind == PostKind.DELIVERY_FAILED:
                return None
            failed = DeliveryFailed(
                game_id=row.id, channel_id=post.channel_id, count=count, since=post.first_failed_at or post.created_at,
                reason=str(reason), moderator_role_id=None)
            if isinstance(reason, Msg):
                failed["said"] = stored(reason)
            notice = NewPost(PostKind.DELIVERY_FAILED, failed)
            return await queue_for_moderators(tx, row, row.version, notice, not_in=post.channel_id)

    async def resend(self, guild_id: int, game_id: int) -> int:
        """Queue the game's given-up posts again, and try its waiting ones at once; return how many there are."""
        async with self.storage.transaction() as tx:
            row = await self._row(tx, guild_id, game_id)
            return await tx.requeue(row.id)

    async def undelivered(self, guild_id: int, game_id: int) -> list[Post]:
        """The game's posts not delivered: waiting after a failure, or given up."""
        async with self.storage.read() as r:
            return [p for p in await r.outbox_of_game(guild_id, game_id)
                    if p.sent_at is None and (p.given_up_at is not None or p.first_failed_at is not None)]

    # --- guild settings --------------------------------------------------------------------

    async def settings(self, guild_id: int) -> GuildSettings:
        async with self.storage.read() as r:
            return await r.guild_settings(guild_id)

    async def save_settings(self, settings: GuildSettings) -> None:
        if settings.default_variant not in DEFAULT_VARIANTS:
            raise BadOption(tr("service.variant_basic_or_auction",
                               "The variant is `basic` or `auction`, not {value}.",
                               value=quoted(settings.default_variant)))
        async with self.storage.transaction() as tx:
            await tx.put_guild_settings(settings)

    async def running_games(self) -> list[tuple[int, int]]:
        """``(guild_id, game_id)`` of every running game of this process's guilds (to resume turn messages after a
        restart)."""
        async with self.storage.read() as r:
            return await r.running_game_ids(self.shards)


__all__ = ["Overview", "SeatInfo", "TikalService"]

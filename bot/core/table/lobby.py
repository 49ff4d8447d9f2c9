"""The lobby: a game opened in a channel, its seats taken and left, its options chosen, its thread, and its start
(seat order, seat names, the first wait's message), each in one transaction."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

import engine
from bot.core.clocks import timing
from bot.core.storage import sql
from bot.core.storage.base import IntegrityError, Transaction
from bot.core.storage.rows import GameRow, SeatRow, Status
from bot.core.storage.seats import absent_member_id, computer_member_id, is_absent_member, is_computer_member
from bot.core.table.computer_seats import check_level, computer_seats, lobby_level, put_computer, put_lobby_level
from bot.core.table.game_options import STORED_VARIANT, lobby_setup, put_setup
from bot.core.table.game_options import checked as checked_setup
from bot.core.table.posts import stamp_deadline
from bot.core.table.results import GameInfo, Post, Started
from bot.core.table.seat_names import seat_names
from bot.core.table.status_words import status_word
from bot.core.table.store import GameStore
from bot.core.table.waits import next_wait
from bot.core.words.errors import (
    AlreadyJoined,
    BadOption,
    ChannelBusy,
    LobbyFull,
    NotAllowed,
    NotEnoughPlayers,
    NotJoined,
    WrongStatus,
    quoted,
)
from bot.core.words.texts import ntr, tr
from engine import GameState
from engine.messages import Said
from engine.options import option_words

THREAD_WAIT: Final = 120.0
"""Seconds a lobby waits for its thread before Start plays the game in the channel instead (the thread's
creation failed without a word, e.g. the bot stopped in between)."""
SEAT_ORDERS: Final = ("joined", "shuffled")


def _setup_of(state: GameState) -> dict[str, Any]:
    record = engine.record_of(state, full_orders=True)
    record.pop("moves")
    return record


def _busy_message(busy: GameRow) -> Said:
    if busy.status is Status.LOBBY:
        return tr("service.busy_lobby", "This channel already has an open lobby (game #{game}). One game per "
                                        "channel or thread: finish or abort it first, or open the new game in "
                                        "another channel or in a thread.", game=busy.id)
    return tr("service.busy_game", "This channel already has a running game (game #{game}). One game per channel "
                                   "or thread: finish or abort it first, or open the new game in another channel "
                                   "or in a thread.", game=busy.id)


class Lobby:
    """Lobbies of every guild until their start (``GameStore`` underneath)."""

    def __init__(self, store: GameStore, *, rng: random.Random | None = None,
                 seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self._rng = rng or random.SystemRandom()
        # ruling 13: a secret seed of at least 64 bits.
        self._seed_source = seed_source or (lambda: secrets.randbits(64))

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
        ``variant`` is ``basic``, ``auction`` or ``rapido``; ``options`` those of rules.md §7 (changed in the lobby with
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
            async with self.store.storage.transaction() as tx:
                busy = await tx.active_game_at(guild_id, channel_id)
                if busy is not None:
                    raise ChannelBusy(_busy_message(busy))
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
        return await self.store.info(guild_id, game_id)

    async def set_options(self, guild_id: int, game_id: int, member_id: int, options: Sequence[str], *,
                          is_moderator: bool = False) -> GameInfo:
        """Choose the lobby's options (rules.md §7; all at once, replacing the earlier choice): its creator or a
        moderator, before the start. Raises ``NotAllowed``, ``WrongStatus``, ``BadOption`` (the engine's reason
        for a combination it does not allow)."""
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_has_already_started",
                                     "Game #{game} has already started: its options are fixed.", game=game_id))
            if member_id != row.creator_id and not is_moderator:
                raise NotAllowed(tr("service.only_game_s_creator",
                                    "Only the game's creator or a moderator can choose its options."))
            current = await lobby_setup(tx, row)
            await put_setup(tx, game_id, checked_setup(current.variant, options))
        return await self.store.info(guild_id, game_id)

    async def join(self, guild_id: int, game_id: int, member_id: int, display_name: str) -> GameInfo:
        """Take a seat in a lobby. Raises ``WrongStatus``, ``AlreadyJoined``, ``LobbyFull``."""
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
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
        return await self.store.info(guild_id, game_id)

    async def leave(self, guild_id: int, game_id: int, member_id: int) -> GameInfo:
        """Leave a lobby. The last one out closes it; if the creator leaves, the next to have joined takes over."""
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
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
        return await self.store.info(guild_id, game_id)

    async def attach_thread(self, guild_id: int, game_id: int, thread_id: int) -> GameInfo:
        """Record the lobby's thread (the adapter creates it), where the game will be played. A game never
        changes place once started, so a thread that comes too late is refused (``WrongStatus``)."""
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            if row.status is not Status.LOBBY:
                raise WrongStatus(tr("service.game_has_already_started3",
                                     "Game #{game} has already started in {place}.",
                                     game=game_id, place=f"<#{row.place_id}>"))
            await tx.set_thread(game_id, thread_id)
        return await self.store.info(guild_id, game_id)

    async def no_thread(self, guild_id: int, game_id: int) -> GameInfo:
        """The lobby's thread could not be opened: the game will be played in the lobby's channel."""
        async with self.store.storage.transaction() as tx:
            row = await self.store.row(tx, guild_id, game_id)
            if row.status is Status.LOBBY and row.thread_id is None:
                await tx.set_use_thread(game_id, False)
        return await self.store.info(guild_id, game_id)

    async def set_lobby_message(self, guild_id: int, game_id: int, message_id: int | None) -> None:
        async with self.store.storage.transaction() as tx:
            await self.store.row(tx, guild_id, game_id)
            await tx.set_lobby_message(game_id, message_id)

    async def start(
        self, guild_id: int, game_id: int, member_id: int, *, order: str = "joined", is_moderator: bool = False
    ) -> Started:
        """Start a lobby's game: seat order as joined or shuffled, seat names from display names (rules.md §6).

        Only the creator or a moderator may start, with 2 or more players.
        """
        if order not in SEAT_ORDERS:
            raise BadOption(tr("service.seat_order_joined_or",
                               "The seat order is `joined` or `shuffled`, not {value}.", value=quoted(order)))
        async with self.store.game_lock(game_id):
            try:
                async with self.store.storage.transaction() as tx:
                    row = await self.store.row(tx, guild_id, game_id)
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
                    queued = await self.begin(tx, row, seats, names, state)
            except IntegrityError:
                raise ChannelBusy(tr("service.game_s_thread_already",
                                     "The game's thread already has another game.")) from None
            self.store.remember(game_id, state)
        game = await self.store.info(guild_id, game_id)
        to_act = game.at_seat(state.to_act)
        assert to_act is not None
        return Started(game, engine.view(state, None), to_act, tuple(queued))

    async def begin(self, tx: Transaction, row: GameRow, seats: Sequence[SeatRow], names: Sequence[str],
                    state: GameState, *, computers: bool = True) -> list[Post]:
        """In the start's transaction: seat the members in this order under these names, make the lobby's computer
        seats computer players (``computers``; a tutorial plays its own from its lesson), and run the game from
        ``state`` (its first state) in its place; the first wait's post, queued. The caller holds the game's lock
        and remembers the state once committed."""
        game_id = row.id
        for seat, (member, name) in enumerate(zip(seats, names, strict=True)):
            await tx.assign_seat(game_id, member.member_id, seat, name)
            if computers and is_computer_member(member.member_id):
                level = await lobby_level(tx, game_id)
                await put_computer(tx, game_id, seat, level, secrets.randbits(62), row.creator_id)
        await tx.set_setup(game_id, _setup_of(state))
        await tx.set_status(game_id, Status.RUNNING)
        place = row.thread_id if row.use_thread and row.thread_id is not None else row.place_id
        if place != row.place_id:
            await tx.set_place(game_id, place)
        await tx.put_snapshot(game_id, state.version, engine.state_to_json(state))
        for hook in self.store.commit_hooks:
            await hook(tx, row, None, state)
        played = await computer_seats(tx, game_id)

        def member_of(seat: int) -> int | None:
            return absent_member_id(seat) if seat in played else seats[seat].member_id

        def by_bot(seat: int) -> bool:
            return seat in played or is_absent_member(member_of(seat))

        first = await next_wait(tx, row, None, state, member_of, by_bot)
        planned = await tx.game(row.guild_id, game_id)
        if first is not None:
            stamp_deadline(first, planned.deadline_at if planned is not None else None)
        return [] if first is None else [await tx.add_post(row, state.version, first, place_id=place)]


__all__ = ["SEAT_ORDERS", "THREAD_WAIT", "Lobby"]

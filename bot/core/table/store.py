"""The game store: every guild's games on one ``Storage``, shared by the services of the table.

A game's truth is its move log; the state is the engine's fold over it, cached in memory (keyed by game id and
checked against the stored version) and as a snapshot beside the log. ``load`` reads a started game in one read.
``play`` lets a plan apply moves to it in memory, or refuse, and commits them in one transaction (the log, the
snapshot, the commit hooks' clocks and ratings, the posts the moves cause and the wait's message) that only
succeeds if the stored version is still the one they were validated against. Every lookup is scoped by its guild,
so a game id from another guild is simply not found.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

import engine
from bot.core.clocks import timing
from bot.core.storage import sql
from bot.core.storage.base import Reader, Storage, Transaction
from bot.core.storage.rows import GameRow, NewMove, Status
from bot.core.storage.shards import EVERY_GUILD, Shards
from bot.core.table.computer_seats import computer_seats
from bot.core.table.game_options import lobby_setup
from bot.core.table.jump_choices import choosers
from bot.core.table.locks import GameLocks
from bot.core.table.plans import CommitHook, GameRef, Loaded, Place, Plan, Planned
from bot.core.table.posts import NewPost, PostKind, posts_for, stamp_deadline
from bot.core.table.results import GameInfo, Moved
from bot.core.table.state_cache import StateCache
from bot.core.table.story import story_of
from bot.core.table.waits import next_wait
from bot.core.words.errors import NoGame, WrongStatus
from bot.core.words.texts import tr
from engine import GameState, InvalidRecord, StaleState

log = logging.getLogger(__name__)


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


class GameStore:
    """Games of every guild on one ``Storage``: loaded in one read, their moves committed in one transaction."""

    def __init__(self, storage: Storage, *, shards: Shards = EVERY_GUILD, cache_size: int = 1024, retries: int = 3,
                 commit_hooks: Sequence[CommitHook] = ()) -> None:
        self.storage = storage
        self.shards = shards
        """The guilds whose background work (clocks, posts, resuming) this process does (``storage.shards``)."""
        self.commit_hooks = list(commit_hooks)
        """What runs inside the transaction of a start and of every move: the clocks, the ratings (``Core``)."""
        self._cache = StateCache(cache_size)
        self.retries = retries
        """How many times a plan is tried when other commands keep committing first (``StaleState``)."""
        self._lock = GameLocks()
        self.loads = 0
        """States loaded so far (cache, snapshot or log): what one command costs, for tests and benchmarks."""

    def game_lock(self, game_id: int) -> asyncio.Lock:
        """The lock every move of the game takes: hold it to change seats without a move slipping in between."""
        return self._lock(game_id)

    # --- reading ---------------------------------------------------------------------------

    @staticmethod
    async def row(reader: Reader, guild_id: int, game_id: int) -> GameRow:
        """The game ``game_id`` of this guild. Raises ``NoGame``."""
        row = await reader.game(guild_id, game_id)
        if row is None:
            raise NoGame(tr("service.there_no_game_server", "There is no game #{game} in this server.", game=game_id))
        return row

    @staticmethod
    async def row_here(reader: Reader, guild_id: int, place_id: int) -> GameRow:
        """The open lobby or running game of a channel or thread. Raises ``NoGame``."""
        row = await reader.active_game_at(guild_id, place_id)
        if row is None:
            raise NoGame(tr("service.there_no_game_here", "There is no game here. Start one with `/tikal-game new`."))
        return row

    async def info(self, guild_id: int, game_id: int) -> GameInfo:
        """The game ``game_id`` of this guild with its seats and setup. Raises ``NoGame``."""
        async with self.storage.read() as r:
            row = await self.row(r, guild_id, game_id)
            return GameInfo.of(row, await r.seats(row.id), await lobby_setup(r, row))

    async def load(self, guild_id: int, game: GameRef) -> Loaded:
        """The started game (by number, or the one of a place), in one read. Raises ``NoGame``, or
        ``WrongStatus`` before the start.

        The state comes from the memory cache if its version is current, else from the snapshot if its
        version is current, else from folding the log.
        """
        async with self.storage.read() as r:
            if isinstance(game, Place):
                row = await self.row_here(r, guild_id, game.place_id)
            else:
                row = await self.row(r, guild_id, game)
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

    def remember(self, game_id: int, state: GameState) -> None:
        """Cache a state just committed (the start's), so that the next load needs no replay."""
        self._cache.put(game_id, state)

    def forget(self, game_id: int | None = None) -> None:
        """Drop cached states (one game's, or all): the next load uses the snapshot or the log."""
        self._cache.forget(game_id)

    # --- committing ------------------------------------------------------------------------

    async def play(self, guild_id: int, game: GameRef, plan: Plan, *, actor_id: int | None) -> Moved | None:
        """Load the game once, let ``plan`` apply its moves in memory (or refuse), commit them once, under the game's
        lock; None if it makes none.

        If another command committed in between, the version check refuses the commit and the plan is
        tried again on the new state (it may now be refused: the AP it wanted may be spent).
        """
        loaded = await self.load(guild_id, game)
        async with self._lock(loaded.row.id):
            for attempt in range(self.retries):
                if attempt:
                    loaded = await self.load(guild_id, loaded.row.id)
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
                    if attempt + 1 == self.retries:
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
            now = await self.row(tx, row.guild_id, row.id)
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


__all__ = ["GameStore"]

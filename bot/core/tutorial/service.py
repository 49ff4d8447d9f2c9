"""``Tutorials``: a member's guided first game, a real game through the game store.

A lesson starts in one transaction (the game, its seats, its prepared start, a clock without reminders or deadlines,
the member's tutorial row); the member plays it with the ordinary commands (``Turns.act``); the commit hook
(``judge.on_commit``) judges each of the member's moves against the step under way in the move's own transaction;
the computer player plays the lesson's turns through the game store like any computer (``play_opponent``); and
``guide`` says what to do now, passing over a step the game has made impossible. The end, a skip, a restart or
another lesson closes the game quietly: it never posts in a channel, and counts for no rating or statistic.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

import engine
from bot.core.clocks import timing
from bot.core.storage import sql
from bot.core.storage.base import IntegrityError, Transaction
from bot.core.storage.rows import Status
from bot.core.storage.seats import computer_member_id
from bot.core.table.computers import computer_post
from bot.core.table.game_options import STORED_VARIANT
from bot.core.table.jump_choices import choosers
from bot.core.table.lobby import Lobby
from bot.core.table.plans import Loaded, Planned, apply_all
from bot.core.table.posts import seat_played
from bot.core.table.results import GameInfo, Moved
from bot.core.table.seat_names import seat_names
from bot.core.table.store import GameStore
from bot.core.tutorial import progress
from bot.core.tutorial.goals import Suggestion, suggestion
from bot.core.tutorial.lesson import Lesson, Step, lesson
from bot.core.tutorial.opponent import opponent_moves
from bot.core.tutorial.progress import Counts, Tutorial
from bot.core.words.errors import BadOption, ChannelBusy
from bot.core.words.texts import tr
from engine import GameView


def private_place(member_id: int) -> int:
    """Where a tutorial answered only privately is played: a place of its own, below zero, that no channel has."""
    return -member_id


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the member reads now: the step under way (None: the lesson's end) and the move to try."""

    tutorial: Tutorial
    lesson: Lesson
    game: GameInfo
    view: GameView
    """The game now, as everyone sees it."""
    step: Step | None
    shown: Suggestion | None
    passed: int = 0
    """Steps passed over just now: the game made them impossible."""

    @property
    def number(self) -> int:
        """The step's number, 1-based (the lesson's count + 1 at its end)."""
        return self.tutorial.step + 1


class Tutorials:
    """The members' tutorials in every guild (``GameStore`` underneath; ``Lobby`` starts their games)."""

    def __init__(self, store: GameStore, lobby: Lobby) -> None:
        self.store = store
        self.lobby = lobby

    async def under_way(self, guild_id: int, member_id: int) -> Tutorial | None:
        async with self.store.storage.read() as r:
            return await progress.under_way(r, guild_id, member_id)

    async def of_game(self, game_id: int) -> Tutorial | None:
        async with self.store.storage.read() as r:
            return await progress.of_game(r, game_id)

    async def latest(self, guild_id: int, member_id: int) -> Tutorial | None:
        async with self.store.storage.read() as r:
            return await progress.latest(r, guild_id, member_id)

    async def counts(self, guild_id: int) -> list[Counts]:
        async with self.store.storage.read() as r:
            return await progress.counts(r, guild_id)

    async def start(self, guild_id: int, member_id: int, display_name: str, lesson_name: str, channel_id: int,
                    place_id: int | None) -> Tutorial:
        """Start a lesson for the member in one transaction (closing the one under way): in ``place_id`` (a private
        thread), or without one (ephemeral answers only). Raises ``BadOption`` for an unknown lesson."""
        try:
            chosen = lesson(lesson_name)
        except KeyError:
            raise BadOption(tr("tutorial.no_lesson", "There is no lesson {name}.", name=lesson_name[:20])) from None
        place = private_place(member_id) if place_id is None else place_id
        current = await self.under_way(guild_id, member_id)
        closing = self.store.game_lock(current.game_id) if current is not None else contextlib.nullcontext()
        try:
            async with closing, self.store.storage.transaction() as tx:
                current = await progress.under_way(tx, guild_id, member_id)
                if current is not None:
                    await _close(tx, current)
                game_id = await tx.insert_game(guild_id=guild_id, channel_id=place,
                                               variant=STORED_VARIANT[chosen.variant], seats_wanted=2,
                                               use_thread=False, creator_id=member_id, seed=chosen.seed)
                await sql.run(tx, "UPDATE games SET channel_id = ?, lesson = ? WHERE id = ?",
                              (channel_id, chosen.name, game_id))
                await timing.write_clock(tx, timing.Clock(game_id, guild_id, timing.Timing(False)))
                await tx.add_seat(game_id, member_id, display_name)
                await tx.add_seat(game_id, computer_member_id(1), chosen.opponent)
                seats = sorted(await tx.seats(game_id), key=lambda s: s.joined_order)
                names = seat_names([display_name, chosen.opponent])
                state = engine.new_game(names, chosen.variant, chosen.seed, tile_order=chosen.tile_order,
                                        treasure_order=chosen.treasure_order)
                row = await self.store.row(tx, guild_id, game_id)
                await self.lobby.begin(tx, row, seats, names, state, computers=False)
                await progress.put(tx, guild_id, member_id, chosen.name, game_id,
                                   "thread" if place_id is not None else "ephemeral")
                started = await progress.under_way(tx, guild_id, member_id)
        except IntegrityError:  # the same member twice at once: the other start won
            raise ChannelBusy(tr("tutorial.busy", "Your tutorial is being set up right now: try again in a "
                                                  "moment.")) from None
        self.store.remember(game_id, state)
        assert started is not None
        return started

    async def stop(self, guild_id: int, member_id: int, *, skipped: bool = False) -> Tutorial | None:
        """Close the member's tutorial under way (``skipped``: to its end); the one closed, or None."""
        current = await self.under_way(guild_id, member_id)
        if current is None:
            return None
        async with self.store.game_lock(current.game_id), self.store.storage.transaction() as tx:
            current = await progress.under_way(tx, guild_id, member_id)
            if current is not None:
                await _close(tx, current, skipped=skipped)
        return current

    async def play_opponent(self, guild_id: int, game_id: int) -> list[Moved]:
        """While the lesson's computer player is to act, play its obligations, each one commit (the lesson's turns in
        order, ruling 14's where the player's choices made one impossible)."""
        played: list[Moved] = []

        async def plan(loaded: Loaded) -> Planned | None:
            state, row = loaded.state, loaded.row
            if row.status is not Status.RUNNING or state.finished or row.lesson is None or choosers(state):
                return None
            async with self.store.storage.read() as r:
                tutorial = await progress.of_game(r, row.id)
            if tutorial is None or tutorial.closed or state.to_act == tutorial.seat:
                return None
            steps = apply_all(state, opponent_moves(lesson(row.lesson), state, tutorial.opponent_turn))
            turn = tutorial.opponent_turn + 1

            async def write(tx: Transaction) -> None:
                await progress.set_opponent_turn(tx, row.id, turn)

            return Planned(steps, [computer_post(seat_played(state, steps[-1][1], row.id, None))], write=write)

        for _ in range(20):
            moved = await self.store.play(guild_id, game_id, plan, actor_id=None)
            if moved is None:
                break
            played.append(moved)
        return played

    async def guide(self, guild_id: int, game_id: int) -> Guidance:
        """The tutorial of a game as it stands: its step and the move to try. A step nothing leads to any more (the
        player's own choices took the game elsewhere) is passed over, in a transaction of its own."""
        passed = 0
        while True:
            loaded = await self.store.load(guild_id, game_id)
            async with self.store.storage.read() as r:
                tutorial = await progress.of_game(r, game_id)
            if tutorial is None:
                raise BadOption(tr("tutorial.not_tutorial", "Game #{game} is not a tutorial.", game=game_id))
            chosen = lesson(tutorial.lesson)
            game = GameInfo.of(loaded.row, loaded.seats)
            view = engine.view(loaded.state, None)
            state = loaded.state
            if tutorial.closed or tutorial.step >= len(chosen.steps):
                return Guidance(tutorial, chosen, game, view, None, None, passed)
            step = chosen.steps[tutorial.step]
            if state.finished or state.to_act != tutorial.seat:
                return Guidance(tutorial, chosen, game, view, step, None, passed)
            shown = await asyncio.to_thread(suggestion, step, state)
            if shown is not None or loaded.row.status is not Status.RUNNING:
                return Guidance(tutorial, chosen, game, view, step, shown, passed)
            await self._pass(guild_id, game_id, tutorial, len(chosen.steps))
            passed += 1

    async def _pass(self, guild_id: int, game_id: int, tutorial: Tutorial, steps: int) -> None:
        """Pass over the step under way (the last: the lesson is done), unless the game moved meanwhile."""

        async def plan(loaded: Loaded) -> Planned:
            async def write(tx: Transaction) -> None:
                now = await progress.of_game(tx, game_id)
                if now is None or now.step != tutorial.step:
                    return
                await progress.set_step(tx, game_id, tutorial.step + 1, None)
                if tutorial.step + 1 >= steps:
                    await finish(tx, game_id)

            return Planned([], write=write)

        await self.store.play(guild_id, game_id, plan, actor_id=None)


async def _close(tx: Transaction, tutorial: Tutorial, *, skipped: bool = False) -> None:
    row = await tx.game(tutorial.guild_id, tutorial.game_id)
    if row is not None and row.status is Status.RUNNING:
        await tx.set_status(tutorial.game_id, Status.ABORTED)
    await progress.close(tx, tutorial.game_id, skipped=skipped)


async def finish(tx: Transaction, game_id: int) -> None:
    """The lesson's last step is done: its game is over, quietly (no post, no rating), and the lesson finished."""
    await tx.set_status(game_id, Status.ABORTED)
    await progress.close(tx, game_id, finished=True)


__all__ = ["Guidance", "Tutorials", "finish", "private_place"]

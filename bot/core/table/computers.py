"""Computer players (issue 6) and the bot's other decisions for a seat: a computer seat's obligations, an overdue
one under the deadline policy ``computer``, every absent seat's when nobody is left (SPEC ruling 14), and the
chips of a Tikal Rápido jump.

A computer player thinks in the worker pool (``thinking``), without the game's lock; what it thought is committed
through the game store with the version check, and if the game moved meanwhile it thinks again on what the game
is now (``Rethink``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Literal

import engine
from bot.core.clocks import timing
from bot.core.metrics.instruments import THINKING_SECONDS
from bot.core.storage.rows import Status
from bot.core.table import jump_choices, thinking
from bot.core.table.computer_seats import ComputerSeat
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.jump_choices import choosers, most_chips, opened
from bot.core.table.jumps import Jumps, JumpThought, Rethink, chooser, still_to_choose
from bot.core.table.plans import Loaded, Plan, Planned, SeatPost, apply_all
from bot.core.table.posts import NewPost, PostKind, SeatPlayed, seat_played
from bot.core.table.results import Moved
from bot.core.table.store import GameStore
from bot.core.words.texts import tr
from engine import GameState, Move, StaleState
from engine.ai import plan as plan_moves

Overdue = tuple[str, str, SeatPost]
"""An overdue obligation the bot plays: the wait's key, the computer level that plays it, the post that marks it."""


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
    everyone at once (``Jumps.plan_jump_choices``)."""
    return moves[:next((i for i, m in enumerate(moves) if isinstance(m, engine.Jump)), len(moves))]


def _due(loaded: Loaded, overdue: Overdue | None) -> tuple[ComputerSeat | None, SeatPost] | Literal["jump"] | None:
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


def _bot_jump(loaded: Loaded, overdue: Overdue | None) -> tuple[list[int] | None, str | None, SeatPost | None]:
    """Whose chips the bot chooses in a jump it is due to decide (None: everyone still to choose), by which
    computer level for the seats without their own (None: the most chips), and the post that marks it."""
    if overdue is None:
        return [q for q in choosers(loaded.state) if loaded.played_by_bot(q)], None, None
    return None, overdue[1], overdue[2]


class Computers:
    """The bot's decisions for seats in the games of every guild (``GameStore`` underneath, ``Jumps`` for the
    chips of a jump)."""

    def __init__(self, store: GameStore, jumps: Jumps, *, pool: CpuPool | None = None) -> None:
        self.store = store
        self.jumps = jumps
        self.pool = pool
        """Where computer players think (``bot.core.table.thinking``); None: in a thread."""

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

    async def play_thinking_jumps(self, guild_id: int, game_id: int, plan: Callable[[JumpThought | None], Plan], *,
                                  actor_id: int | None = None) -> Moved | None:
        """``GameStore.play`` a plan that may choose a jump's chips for every seat still to choose: the computer
        players among them think first, without the game's lock, and again if the game moved meanwhile."""

        async def think(loaded: Loaded) -> Plan:
            return plan(await self.think_jump(loaded, None) if choosers(loaded.state) else None)

        return await self._thought_out(guild_id, game_id, think, actor_id=actor_id)

    async def think_jump(self, loaded: Loaded, made: Iterable[int] | None, level: str | None = None) -> JumpThought:
        """The chips the computer players choose for the seats ``Jumps.plan_jump_choices`` would choose for (same
        arguments), thought out now, in the worker pool: call it before taking the game's lock."""
        state = loaded.state
        async with self.store.storage.read() as r:
            kept = await jump_choices.choices(r, loaded.row.id, opened(state))
        chips: dict[int, int] = {}
        for seat in still_to_choose(state, kept, made):
            chosen_by = chooser(loaded, seat, level)
            if chosen_by is not None:
                chips[seat] = await self._computer_chips(state, seat, chosen_by)
        return JumpThought(state.version, chips)

    async def _think(self, state: GameState, computer: ComputerSeat) -> list[Move]:
        """The computer player's obligation, thought out in the worker pool on a snapshot (a thread without one)."""
        seed = computer.ai_seed + state.version
        with THINKING_SECONDS.time():
            if self.pool is None:
                return await asyncio.to_thread(thinking.obligation, state, computer.level, seed)
            return await thinking.off_loop(self.pool, thinking.obligation_of_snapshot, engine.state_to_json(state),
                                           computer.level, seed)

    async def _computer_chips(self, state: GameState, seat: int, chosen_by: ComputerSeat) -> int:
        """The chips ``chosen_by`` takes for a seat in the jump under way (the most allowed if it names none)."""
        most = most_chips(state, seat)
        seen = replace(engine.view(state, seat), to_act=seat)  # as if it were its turn to choose
        with THINKING_SECONDS.time():
            moves = await thinking.off_loop(self.pool, plan_moves, seen, chosen_by.level,
                                            chosen_by.ai_seed + state.version)
        count = moves[0].count if moves and isinstance(moves[0], engine.Jump) else most
        return count if 1 <= count <= most else most

    def _plan(self, game_id: int, overdue: Overdue | None, thought: tuple[int, ComputerSeat | None, list[Move]] | None,
              jump: JumpThought | None) -> Plan:
        """Commit what a computer player thought (version, player, moves), or the jump's choices thought for it,
        if it is still due, else ``Rethink``."""

        async def plan(now: Loaded) -> Planned | None:
            state = now.state
            current = _due(now, overdue)
            if current is None:
                return None
            if current == "jump":
                seats, level, post = _bot_jump(now, overdue)
                return await self.jumps.plan_jump_choices(now, seats, level=level, post=post, thought=jump)
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

    async def _play_computer(self, guild_id: int, game_id: int, overdue: Overdue | None) -> Moved | None:
        """Think without the game's lock, then commit what was thought with the version check; if the game moved
        meanwhile (or the seat's player changed), think again on what it is now."""

        async def think(loaded: Loaded) -> Plan:
            due = _due(loaded, overdue)
            thought = None
            jump = None
            if isinstance(due, tuple):
                computer = due[0]
                moves = before_jump(engine.absent_moves(loaded.state)) if computer is None else \
                    await self._think(loaded.state, computer)
                thought = (loaded.state.version, computer, moves)
            elif due == "jump":
                seats, level, _ = _bot_jump(loaded, overdue)
                jump = await self.think_jump(loaded, seats, level)
            return self._plan(game_id, overdue, thought, jump)

        try:
            return await self._thought_out(guild_id, game_id, think, actor_id=None)
        except timing.GamePaused:
            return None

    async def _thought_out(self, guild_id: int, game_id: int, think: Callable[[Loaded], Awaitable[Plan]], *,
                           actor_id: int | None) -> Moved | None:
        """Let ``think`` think on the game as loaded, without its lock, and return the plan made of what it thought;
        commit that plan under the lock with the version check. When the plan raises ``Rethink`` (the game moved
        meanwhile), think again on what it is now."""
        for _ in range(self.store.retries):
            plan = await think(await self.store.load(guild_id, game_id))
            try:
                return await self.store.play(guild_id, game_id, plan, actor_id=actor_id)
            except Rethink:
                continue
        raise StaleState(tr("service.computer_rethink", "Game #{game} kept moving while a computer player thought; "
                                                        "it plays at the next chance.", game=game_id))


__all__ = ["Computers", "Overdue", "absent_post", "before_jump", "computer_post"]

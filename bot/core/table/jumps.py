"""Tikal Rápido's secret jumps (docs/rules.md §7.6.4; the choices' own table is ``jump_choices``): a member's chips kept
in secret, who has chosen and who still has to, and the reveal — every jump logged in round order in the transaction of
the last choice. What the bot chooses for computer and absent seats comes in as a ``JumpThought``, thought out before
the game's lock is taken (``Computers.think_jump``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import engine
from bot.core.storage.base import Transaction
from bot.core.storage.rows import Status
from bot.core.table import jump_choices
from bot.core.table.computer_seats import ComputerSeat
from bot.core.table.jump_choices import Choice, choosers, jump_steps, most_chips, opened
from bot.core.table.plans import GameRef, Loaded, Planned, SeatPost
from bot.core.table.posts import NewPost, SeatPlayed
from bot.core.table.results import JumpChoice
from bot.core.table.store import GameStore
from bot.core.words.errors import NotAPlayer, WrongStatus
from bot.core.words.texts import tr
from engine import GameState


class Rethink(Exception):
    """What a computer player thought is for a state that is gone (or was not thought before the game's lock):
    think again, without the lock."""


@dataclass(frozen=True, slots=True)
class JumpThought:
    """The chips the bot's computer players chose for the jump under way at ``version``, thought out before the
    game's lock is taken (``Computers.think_jump``)."""

    version: int
    chips: Mapping[int, int]


def still_to_choose(state: GameState, kept: Mapping[int, Choice], made: Iterable[int] | None) -> list[int]:
    """The seats among ``made`` (None: all) still to choose in the jump under way, whose choice is not kept."""
    return [q for q in (choosers(state) if made is None else made) if q not in kept and q in choosers(state)]


def chooser(loaded: Loaded, seat: int, level: str | None) -> ComputerSeat | None:
    """The computer player that chooses the seat's chips: its own, else one of ``level``; None: the most."""
    computer = loaded.computers.get(seat)
    if computer is None and level is None:
        return None
    return computer or ComputerSeat(seat, level or "strong", loaded.state.version)


def _thought_chips(loaded: Loaded, seat: int, level: str | None, thought: JumpThought | None) -> int:
    """The chips the bot takes for a seat: what its computer player thought (``Rethink`` if that is not for this
    state), else the most allowed."""
    if chooser(loaded, seat, level) is None:
        return most_chips(loaded.state, seat)
    if thought is None or thought.version != loaded.state.version or seat not in thought.chips:
        raise Rethink
    return thought.chips[seat]


class Jumps:
    """The secret jump choices of every guild's Tikal Rápido games (``GameStore`` underneath)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

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
            seat = loaded.seat_of(member_id)
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

        moved = await self.store.play(guild_id, game, plan, actor_id=member_id)
        state: GameState = done["state"]
        info = moved.game if moved is not None else await self.store.info(guild_id, done["game_id"])
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
            state = (await self.store.load(guild_id, game_id)).state
        if not choosers(state):
            return list(state.chosen), []
        async with self.store.storage.read() as r:
            kept = await jump_choices.chosen_seats(r, game_id, opened(state))
        chosen = [q for q in state.round_order if q in state.chosen or q in kept]
        return chosen, [q for q in choosers(state) if q not in kept]

    async def jump_chips(self, guild_id: int, game: GameRef, member_id: int) -> tuple[int, int | None]:
        """The most chips the member may take into the jump under way (0: nothing to choose now), and their own
        kept choice (for their eyes only: a private answer or their autocomplete), or None."""
        loaded = await self.store.load(guild_id, game)
        seat = loaded.seat_of(member_id)
        if seat is None or seat not in choosers(loaded.state):
            return 0, None
        async with self.store.storage.read() as r:
            own = await jump_choices.chips_of(r, loaded.row.id, opened(loaded.state), seat)
        return most_chips(loaded.state, seat), own

    async def plan_jump_choices(self, loaded: Loaded, made: Mapping[int, Choice] | Iterable[int] | None, *,
                                level: str | None = None, post: SeatPost | None = None,
                                thought: JumpThought | None = None) -> Planned | None:
        """Choices for the jump under way: ``made`` (seat → choice), or the bot's for these seats (None: every
        seat still to choose) — a computer seat's by its own player, else by a computer player of ``level``, or
        the most chips allowed (rules.md §7.6.9) without one. They are kept; when nobody is left to choose, the jump's
        moves are planned in round order and the kept choices cleared with them. ``post`` marks the bot's choices
        (without their numbers). None when there is nothing to choose.

        A computer player's chips come from ``thought`` (``Computers.think_jump``, before the game's lock): raises
        ``Rethink`` when it holds none for this state, so that no computer player thinks under the lock."""
        state, game_id = loaded.state, loaded.row.id
        key = opened(state)
        async with self.store.storage.read() as r:
            kept = await jump_choices.choices(r, game_id, key)
        if not isinstance(made, Mapping):
            seats = still_to_choose(state, kept, made)
            if not seats:
                return None
            made = {q: Choice(_thought_chips(loaded, q, level, thought), None) for q in seats}
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


__all__ = ["JumpThought", "Jumps", "Rethink", "chooser", "still_to_choose"]

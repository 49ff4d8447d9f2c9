"""The outbox keeps each place's posts in order without making other games wait: a game's board that
is slow to draw or to reach Discord holds back only its own game's later posts."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Literal

import pytest

import engine
import render
from bot.core.assembly import Core
from engine import GameView
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    DEE,
    GUILD,
    SECOND_CHANNEL,
    bot_of,
    command,
    open_game,
    posts,
    running_bot,
    text_of,
)
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.clockkit import FakeClock

GUARD = 60.0
"""Seconds before a test that would otherwise wait forever (one game's post waiting for another's) fails."""


class FirstHeld(asyncio.Event):
    """For ``Wire.slow``: holds the first call that reaches it until set (``reached`` tells when it is there);
    the later calls pass."""

    def __init__(self) -> None:
        super().__init__()
        self.reached = asyncio.Event()

    async def wait(self) -> Literal[True]:
        if self.reached.is_set():
            return True
        self.reached.set()
        return await super().wait()


def boards(calls: list[Call], channel: int) -> list[Call]:
    """The waits' messages after a turn in ``channel`` (each with its board)."""
    return [c for c in posts(calls, channel) if any(f.startswith("board-") for f in c.files)
            and "Since your last turn" in text_of(c)]


async def turn_posts(wire: Wire, game_id: int) -> int:
    """How many waits' messages the game has queued after its start (sent or not)."""
    return sum(p.kind == "wait" for p in await bot_of(wire).core.outbox.posts_of(GUILD, game_id)) - 1


async def until(done: Callable[[], Awaitable[bool]]) -> None:
    """Let the bot work until ``done`` (bounded: a test never hangs on it)."""
    for _ in range(int(GUARD * 100)):
        if await done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never got there")


async def place_first(wire: Wire, game_id: int, channel: int) -> int:
    """The player to act in ``channel``'s game places on the first legal space; its member id."""
    svc: Core = bot_of(wire).core
    view = await svc.games.view(GUILD, game_id)
    assert view.to_act is not None
    seat = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act)
    assert seat is not None and seat.member_id is not None
    space, rotation = view.placements[0]
    await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation},
                  user=seat.member_id, channel=channel)
    return seat.member_id


async def two_games(wire: Wire) -> tuple[int, int, int, int]:
    """A game in ``CHANNEL`` and one in ``SECOND_CHANNEL``, each with its first hexagon placed; the games and the
    members to end their turns."""
    first = await open_game(wire, [ANA, BEN])
    second = await open_game(wire, [CY, DEE], channel=SECOND_CHANNEL)
    return first, await place_first(wire, first, CHANNEL), second, await place_first(wire, second, SECOND_CHANNEL)


@pytest.mark.backends
async def test_a_turns_end_goes_out_while_another_games_board_is_stuck_on_its_way_to_discord(
        database: Path | str) -> None:
    async with running_bot(database) as wire:
        _, slow_member, _, member = await two_games(wire)
        gate = FirstHeld()
        wire.slow[f"POST /channels/{CHANNEL}/messages"] = gate
        slow = asyncio.create_task(command(wire, "tikal end", user=slow_member))
        await asyncio.wait_for(gate.reached.wait(), GUARD)  # the first game's board is at Discord, unanswered

        calls = await asyncio.wait_for(command(wire, "tikal end", user=member, channel=SECOND_CHANNEL), GUARD)

        (board,) = boards(calls, SECOND_CHANNEL)
        assert "🟦 Cy: placed " in text_of(board)
        assert not slow.done()
        gate.set()
        (held,) = boards(await slow, CHANNEL)
        assert "🟦 Ana: placed " in text_of(held)


@pytest.mark.backends
async def test_a_turns_end_goes_out_while_another_games_board_is_being_drawn(
        database: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    drawing, finish = asyncio.Event(), threading.Event()
    loop = asyncio.get_running_loop()
    draw = render.render_board
    calls_made: list[int] = []

    def slow_first(view: GameView, **kwargs: Any) -> bytes:
        calls_made.append(1)
        if len(calls_made) == 1:  # the first board drawn here (the first game's) takes until the test says
            loop.call_soon_threadsafe(drawing.set)
            finish.wait(GUARD)
        return draw(view, **kwargs)

    async with running_bot(database) as wire:
        _, slow_member, _, member = await two_games(wire)
        monkeypatch.setattr(render, "render_board", slow_first)
        slow = asyncio.create_task(command(wire, "tikal end", user=slow_member))
        await asyncio.wait_for(drawing.wait(), GUARD)
        try:
            calls = await asyncio.wait_for(command(wire, "tikal end", user=member, channel=SECOND_CHANNEL), GUARD)
            assert boards(calls, SECOND_CHANNEL) and not slow.done()
        finally:
            finish.set()
        (held,) = boards(await slow, CHANNEL)
        assert "🟦 Ana: placed " in text_of(held)


@pytest.mark.backends
async def test_a_post_read_by_the_workers_round_while_its_command_sends_it_goes_out_once(database: Path | str) -> None:
    async with running_bot(database) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id, CHANNEL)
        gate = FirstHeld()
        wire.slow[f"POST /channels/{CHANNEL}/messages"] = gate
        ending = asyncio.create_task(command(wire, "tikal end", user=member))
        await asyncio.wait_for(gate.reached.wait(), GUARD)
        assert len(await bot.core.outbox.pending_posts()) >= 1  # the round below reads the post being sent
        round_ = asyncio.create_task(bot.outbox.flush())
        gate.set()
        await ending
        assert await round_ == 0
        assert len(boards(wire.calls, CHANNEL)) == 1
        assert not await bot.core.outbox.pending_posts()


@pytest.mark.backends
async def test_a_post_the_workers_round_sent_first_is_not_sent_again_by_its_command(database: Path | str) -> None:
    """The move is committed, its answer slow to reach Discord; meanwhile the worker's round sends the move's posts.
    The command's own send, after its answer, finds them delivered: each goes out once."""
    async with running_bot(database) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id, CHANNEL)
        gate = FirstHeld()
        wire.slow["POST /interactions/"] = gate  # the answer to the command, after the commit, before its send
        start = len(wire.calls)
        ending = asyncio.create_task(command(wire, "tikal end", user=member))
        await asyncio.wait_for(gate.reached.wait(), GUARD)
        assert await turn_posts(wire, game_id) == 1
        assert await bot.outbox.flush() >= 1  # the round sends the turn's end
        gate.set()
        await ending
        assert len(boards(wire.calls[start:], CHANNEL)) == 1
        assert not await bot.core.outbox.pending_posts()


@pytest.mark.backends
async def test_a_games_posts_keep_their_order_when_a_command_sends_while_the_worker_retries(
        database: Path | str) -> None:
    """The first turn's wait message fails, the second's waits behind it; the worker's round drops the first (Ben
    has played since: its ping would come too late) and sends the second; while that is at Discord, a third turn
    ends: the messages still reach the channel in order, each once."""
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        wire.fail_next.append((f"POST /channels/{CHANNEL}/messages", 503))
        await command(wire, "tikal end", user=await place_first(wire, game_id, CHANNEL))
        await command(wire, "tikal end", user=await place_first(wire, game_id, CHANNEL))
        clock.now += 31
        gate = FirstHeld()
        wire.slow[f"POST /channels/{CHANNEL}/messages"] = gate
        start = len(wire.calls)
        round_ = asyncio.create_task(bot.outbox.flush())
        await asyncio.wait_for(gate.reached.wait(), GUARD)  # the worker sends the second wait's message

        third = await place_first(wire, game_id, CHANNEL)
        ending = asyncio.create_task(command(wire, "tikal end", user=third))
        await until(lambda: _three(wire, game_id))  # the third board is committed, its send waiting
        gate.set()
        await ending
        assert await round_ == 2

        sent = boards(wire.calls[start:], CHANNEL)
        assert [c.data["content"][:7] for c in sent] == [f"<@{ANA}>"[:7], f"<@{BEN}>"[:7]]
        assert "🟧 Ben: placed " in text_of(sent[0]) and "🟦 Ana: placed " in text_of(sent[1])
        assert not await bot.core.outbox.pending_posts()



async def _three(wire: Wire, game_id: int) -> bool:
    return await turn_posts(wire, game_id) == 3

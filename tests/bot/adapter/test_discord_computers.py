"""Computer players through the real discord.py bot (issue 6): a moderator hands a seat to a computer and
back; a computer seat plays whenever it is to act, its turns are posted and marked, and it is never pinged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from bot.core.storage import sql
from bot.core.storage.rows import Status
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    bot_of,
    choices_of,
    click,
    command,
    custom_ids,
    member_to_act,
    mod,
    open_game,
    pinged,
    posts,
    responses,
    running_bot,
    text_of,
    tick,
)
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.clockkit import HOUR, T0, FakeClock
from tests.bot.core.servicekit import replays_to_snapshot

ALL = MOD_PERMISSIONS


to_act = member_to_act


def pinged_users(calls: list[Call]) -> set[str]:
    return {u for c in posts(calls) for u in pinged(c)[0]}


@pytest.mark.slow
@pytest.mark.backends
async def test_a_computer_seat_plays_to_the_end_marked_and_never_pinged(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    actor = await to_act(wire, game_id)
    assert actor is not None
    human = BEN if actor == ANA else ANA
    name = (await svc.games.game(GUILD, game_id)).seat_of(actor).name  # type: ignore[union-attr]
    calls = await command(wire, "tikal-mod computer", {"player": ""}, user=MOD, permissions=ALL, focused="player")
    assert {c["value"] for c in choices_of(calls[0])} == {"Ana", "Ben"}

    calls = await mod(wire, "computer", {"player": name, "level": "easy"})
    assert responses(calls)[0].ephemeral and "computer" in text_of(responses(calls)[0])
    texts = [text_of(c) for c in posts(calls, CHANNEL)]
    assert texts[0].startswith(f"🛠️ <@{MOD}> handed {name}'s seat") and "🤖 computer (easy)" in texts[0]
    # it was to act: it played, and the human's wait tells it in its catch-up (a computer's turn has no message)
    (wait,) = [c for c in posts(calls, CHANNEL) if pinged(c)[0]]
    assert pinged(wait)[0] == [str(human)] and re.search(rf"{name} 🤖: placed an? ", text_of(wait)), text_of(wait)
    assert await to_act(wire, game_id) == human
    seen = pinged_users(calls)

    # The human's turns are taken by a moderator; the computer plays each of its own at once.
    for _ in range(400):
        if await to_act(wire, game_id) is None:
            break
        assert await to_act(wire, game_id) == human
        calls = await mod(wire, "skip")
        seen |= pinged_users(calls)
    game = await svc.games.game(GUILD, game_id)
    assert game.status is Status.FINISHED
    assert str(actor) not in seen and str(human) in seen
    async with svc.storage.read() as r:
        rows = await r.move_rows(game_id)
    seat = game.seat_of(actor).seat  # type: ignore[union-attr]
    computer_moves = [m for m in rows if m.seat == seat and m.actor_id is None]
    assert len(computer_moves) > 20 and any(m.move.startswith("place") for m in computer_moves)
    marked = [p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "computer_turn"]
    assert len(marked) >= 10 and all(p.payload["level"] == "easy" for p in marked)


@pytest.mark.backends
async def test_handing_the_seat_back_stops_the_computer(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    actor = await to_act(wire, game_id)
    other = BEN if actor == ANA else ANA
    other_name = (await svc.games.game(GUILD, game_id)).seat_of(other).name  # type: ignore[union-attr]
    calls = await mod(wire, "computer", {"player": other_name, "level": "strong"})
    assert (await svc.games.computers(GUILD, game_id)).keys() == {(await svc.games.game(GUILD, game_id))
                                                           .seat_of(other).seat}  # type: ignore[union-attr]
    assert await to_act(wire, game_id) == actor  # not its turn: nothing played yet
    calls = await mod(wire, "computer", {"player": other_name, "level": "human"})
    log = posts(calls, CHANNEL)[0]
    assert f"back to <@{other}>" in text_of(log) and pinged(log) == ([], [])
    assert not await svc.games.computers(GUILD, game_id)
    calls = await mod(wire, "skip")  # the actor's turn ends; the seat handed back now waits for its member
    assert await to_act(wire, game_id) == other
    assert not [p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "computer_turn"]
    assert str(other) in pinged_users(calls)
    calls = await mod(wire, "computer", {"player": other_name, "level": "human"})
    assert responses(calls)[0].ephemeral and "not played by a computer" in text_of(responses(calls)[0])
    calls = await command(wire, "tikal-mod computer", {"player": other_name, "level": "easy"}, user=ANA)
    assert responses(calls)[0].ephemeral and "moderator" in text_of(responses(calls)[0])
    assert not await svc.games.computers(GUILD, game_id)


@pytest.mark.backends
async def test_a_new_game_with_computers_fills_seats_that_play_and_are_never_pinged(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"seats": 2, "computers": 2}, user=ANA)
    assert responses(calls)[0].ephemeral and "0–1" in text_of(responses(calls)[0]) and not posts(calls)

    calls = await command(wire, "tikal-game new", {"seats": 3, "computers": 2, "level": "easy", "thread": False},
                          user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    assert text_of(lobby).count("🤖 computer") == 2 and "Bot1" in text_of(lobby) and "Bot2" in text_of(lobby)
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    calls = await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    assert responses(calls)[0].ephemeral and "full" in text_of(responses(calls)[0])
    calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
    svc = bot_of(wire).core
    game = await svc.games.game(GUILD, game_id)
    names = [s.name for s in sorted(game.seats, key=lambda s: s.seat or 0)]
    assert names == ["Ana", "Bot1", "Bot2"] and all(engine.name_problem(n or "") is None for n in names)
    computers = await svc.games.computers(GUILD, game_id)
    assert sorted(computers) == [1, 2] and {c.level for c in computers.values()} == {"easy"}
    seen = pinged_users(calls)
    bots: set[str] = set()
    marks: list[str] = []
    for _ in range(3):  # Ana's turns are taken by a moderator; both computers play theirs at once
        assert await to_act(wire, game_id) == ANA
        before = len([p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "computer_turn"])
        calls = await mod(wire, "skip")
        seen |= pinged_users(calls)
        marks += [text_of(c) for c in posts(calls, CHANNEL) if any(f.startswith("board-") for f in c.files)]
        played = [p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == "computer_turn"][before:]
        assert played and {p.payload["player"] for p in played} <= {"Bot1", "Bot2"}
        bots |= {p.payload["player"] for p in played}
    assert bots == {"Bot1", "Bot2"} and sum("🟧 Bot1 🤖" in t and "🟩 Bot2 🤖" in t for t in marks) >= 3
    assert seen == {str(ANA)}


async def test_the_computer_deadline_policy_lets_a_computer_take_an_overdue_turn(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        svc = bot_of(wire).core
        calls = await mod(wire, "deadline", {"turn_hours": 2.0, "policy": "computer", "reminders": False})
        assert "then a computer player plays that turn" in text_of(responses(calls)[0])
        actor = await to_act(wire, game_id)
        view = await svc.games.view(GUILD, game_id)
        _, calls = await tick(wire, clock, T0 + 1 * HOUR)
        assert posts(calls) == [] and await to_act(wire, game_id) == actor
        _, calls = await tick(wire, clock, T0 + 2 * HOUR)
        # told once, where the wait's message closes; the next player's catch-up tells what the bot played
        (closed,) = [c for c in calls if c.method == "PATCH" and "⏰ the deadline passed: the bot played" in text_of(c)]
        assert closed.data["components"] == []
        (wait,) = posts(calls, CHANNEL)
        assert "(played by the bot): " in text_of(wait) and "deadline" not in text_of(wait)
        assert await to_act(wire, game_id) != actor
        async with svc.storage.read() as r:
            rows = (await r.move_rows(game_id))[view.version:]
        assert rows and all(m.actor_id is None for m in rows)
        # Unlike ruling 14's absent moves (place, then end), the computer acts with its AP.
        assert len(rows) > 2 and not await svc.games.computers(GUILD, game_id)


async def resign(wire: Wire, game_id: int, member: int) -> list[Call]:
    """``/tikal-game resign`` and its confirmation button."""
    ask = responses(await command(wire, "tikal-game resign", user=member))[0]
    return await click(wire, f"tikal:resign:{game_id}", user=member,
                       message_id=int(ask.response["resource"]["message"]["id"]))


@pytest.mark.slow
@pytest.mark.backends
@pytest.mark.timeout(300)
async def test_a_game_nobody_is_left_in_is_played_out_at_once_move_by_move(wire: Wire) -> None:
    """Everyone resigned but a computer seat plays on: the bot plays the absent seats and the computer to the end
    at once (no waiting for the scheduler's ticks), each obligation a commit of its own, so the log replays to the
    snapshot and the game ends, is posted and is rated once."""
    calls = await command(wire, "tikal-game new", {"seats": 3, "computers": 1, "level": "easy", "thread": False},
                          user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
    svc = bot_of(wire).core
    await resign(wire, game_id, ANA)
    assert (await svc.games.game(GUILD, game_id)).status is Status.RUNNING  # Ben still plays: the bot waits for him
    assert not (await svc.games.view(GUILD, game_id)).finished
    await bot_of(wire).outbox.flush()  # Ana's resignation is out (on a busy machine the outbox may still hold it)
    start = len(wire.calls)
    await resign(wire, game_id, BEN)
    game = await svc.games.game(GUILD, game_id)
    assert game.status is Status.FINISHED  # no clock ticked: played out within Ben's resign
    async with svc.storage.read() as r:
        final = await replays_to_snapshot(r, GUILD, game_id)
        rows = await r.move_rows(game_id)
        rated = await sql.rows(r, "SELECT game_id FROM rated_games WHERE game_id = ?", (game_id,))
    assert final.finished and len(rated) == 1
    assert all(m.actor_id is None for m in rows[-20:])  # the bot's moves, logged one by one
    kinds = [p.kind for p in await svc.outbox.posts_of(GUILD, game_id)]
    assert kinds.count("finished") == 1 and kinds.count("absent_turn") >= 10 and kinds.count("computer_turn") >= 5
    ends = [c for c in posts(wire.calls[start:], CHANNEL) if f"tikal-game-{game_id}.json" in c.files]
    assert len(ends) == 1 and "🏆" in text_of(ends[0])
    assert posts(wire.calls[start:], CHANNEL) == ends  # the bot's turns have no message: only the result goes out
    assert await svc.computers.play_computers(GUILD, game_id) == []  # nothing left to play, nothing played twice

"""Interactions that arrive at the same moment, through the real discord.py bot on both backends: a
burst of mixed commands, clicks and autocompletes in a running game, members joining and leaving a lobby at once,
double clicks. Each interaction is answered once and never with "Something went wrong"; the game's snapshot is
the replay of its log; every post the moves queued reaches the channel once."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.core.storage import sql
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    DEE,
    EVE,
    GUILD,
    MOD,
    NAMES,
    bot_of,
    custom_ids,
    member_to_act,
    mixed_burst,
    open_game,
    posts,
    running_bot,
    text_of,
    went_wrong,
)
from tests.bot.adapter.test_discord_outbox_places import GUARD, FirstHeld
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.servicekit import replays_to_snapshot

pytestmark = [pytest.mark.backends, pytest.mark.timeout(240)]


def command_payload(wire: Wire, name: str, options: dict[str, Any] | None = None, *, user: int,
                    focused: str | None = None) -> dict[str, Any]:
    return wire.command_payload(name, options, guild_id=GUILD, channel_id=CHANNEL, user_id=user,
                                name=NAMES.get(user, "someone"), focused=focused)


def click_payload(wire: Wire, custom_id: str, *, user: int, message_id: int) -> dict[str, Any]:
    return wire.component_payload(custom_id, message_id=message_id, guild_id=GUILD, channel_id=CHANNEL,
                                  user_id=user, name=NAMES.get(user, "someone"))


def assert_answered_once_each(wire: Wire, payloads: list[dict[str, Any]]) -> None:
    """Every interaction got exactly one initial response, none of them "Something went wrong"."""
    counts = [len(wire.answers(p)) for p in payloads]
    assert counts == [1] * len(payloads), counts
    assert went_wrong(wire, payloads) == []


def delivered(wire: Wire) -> Counter[str]:
    """The nonces of the channel messages that reached Discord."""
    return Counter((c.json or {}).get("nonce") for c in posts(wire.calls) if c.response)


async def assert_every_post_delivered_once(wire: Wire, earlier: Counter[str] | None = None) -> None:
    """Nothing left in the outbox; each post with a message reached the channel once (by its nonce), in this run or
    an ``earlier`` one on the same database."""
    bot = bot_of(wire)
    await bot.outbox.flush()
    sent = delivered(wire) + (earlier or Counter())
    async with bot.core.storage.read() as r:
        rows = await sql.rows(r, "SELECT nonce, message_id, sent_at, given_up_at FROM outbox")
    assert [row for row in rows if row[2] is None or row[3] is not None] == []  # none pending or given up
    assert all(n == 1 for n in sent.values()), sent.most_common(3)
    assert {nonce for nonce, message, _, _ in rows if message is not None} <= set(sent)


@pytest.mark.slow
async def test_a_burst_of_mixed_interactions_in_a_game_is_answered_once_each_and_loses_nothing(
        wire: Wire, caplog: pytest.LogCaptureFixture) -> None:
    game_id = await open_game(wire, [ANA, BEN, CY])
    svc = bot_of(wire).core
    rng = random.Random(8)
    for _ in range(4):  # four bursts, one after the other
        payloads = await mixed_burst(wire, game_id, rng)
        await wire.burst(payloads)
        assert_answered_once_each(wire, payloads)
        async with svc.storage.read() as r:
            replayed = await replays_to_snapshot(r, GUILD, game_id)
        assert engine.view(replayed, None) == await svc.games.view(GUILD, game_id)
    await assert_every_post_delivered_once(wire)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_members_joining_and_leaving_a_lobby_at_once_leave_it_as_stored_and_shown(
        wire: Wire, caplog: pytest.LogCaptureFixture) -> None:
    svc = bot_of(wire).core
    lobby = posts(await wire.send(command_payload(wire, "tikal-game new", {"seats": 4, "thread": False},
                                                  user=ANA)))[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    rng = random.Random(3)
    for _ in range(3):
        payloads = [click_payload(wire, f"tikal:{action}:{game_id}", user=member, message_id=lobby.message_id)
                    for member in (BEN, CY, DEE, EVE, MOD) for action in ("join", "leave", "join")
                    if rng.random() < 0.7]
        payloads += [command_payload(wire, "tikal-game join", user=BEN), command_payload(wire, "tikal-game leave",
                                                                                          user=CY)]
        rng.shuffle(payloads)
        await wire.burst(payloads)
        assert_answered_once_each(wire, payloads)
        game = await svc.games.game(GUILD, game_id)
        members = [s.member_id for s in game.seats]
        assert members[0] == ANA and len(members) == len(set(members)) <= 4
        # the lobby message, as Discord holds it after every edit, shows the seats as stored
        assert [int(m) for m in _mentions(shown(wire, lobby.message_id))] == members
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def shown(wire: Wire, message_id: int) -> str:
    """What a channel message shows now, after all its edits (in the order Discord applied them)."""
    return text_of(Call("http", "GET", f"/messages/{message_id}", wire.messages[message_id]))


def _mentions(text: str) -> list[str]:
    import re

    return re.findall(r"\(<@(\d+)>\)", text)


async def test_double_clicks_and_twice_sent_commands_count_once(wire: Wire, caplog: pytest.LogCaptureFixture) -> None:
    svc = bot_of(wire).core
    lobby = posts(await wire.send(command_payload(wire, "tikal-game new", {"seats": 3, "thread": False},
                                                  user=ANA)))[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    twice: list[dict[str, Any]] = []

    async def both(make: Any) -> None:
        pair = [make(), make()]
        twice.extend(pair)
        await wire.burst(pair)
        assert_answered_once_each(wire, pair)

    await both(lambda: click_payload(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id))
    await both(lambda: click_payload(wire, f"tikal:join:{game_id}", user=CY, message_id=lobby.message_id))
    assert [s.member_id for s in (await svc.games.game(GUILD, game_id)).seats] == [ANA, BEN, CY]
    await both(lambda: click_payload(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id))
    kinds = [p.kind for p in await svc.outbox.posts_of(GUILD, game_id)]
    assert kinds == ["wait"]  # the first wait's message, once
    actor = await member_to_act(wire, game_id)
    assert actor is not None
    view = await svc.games.view(GUILD, game_id)
    space, rotation = view.placements[0]
    await both(lambda: command_payload(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation},
                                       user=actor))
    await both(lambda: command_payload(wire, "tikal end", user=actor))
    assert [p.kind for p in await svc.outbox.posts_of(GUILD, game_id)] == ["wait", "wait"]  # the next wait's, once
    assert (await svc.games.view(GUILD, game_id)).version == view.version + 2
    resign = next(c for c in await wire.send(command_payload(wire, "tikal-game resign", user=CY))
                  if c.callback_type == 4)
    await both(lambda: click_payload(wire, f"tikal:resign:{game_id}", user=CY,
                                     message_id=int(resign.response["resource"]["message"]["id"])))
    async with svc.storage.read() as r:
        absent = await sql.rows(r, "SELECT seat FROM absent_seats WHERE game_id = ?", (game_id,))
        await replays_to_snapshot(r, GUILD, game_id)
    assert len(absent) == 1
    notices = [c for c in posts(wire.calls) if "🏳️" in (c.data.get("content") or "")]
    assert len(notices) == 1
    await assert_every_post_delivered_once(wire)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_burst_after_a_restart_meets_the_game_where_it_was(database: Path | str) -> None:
    """The bot stops mid-game; the one started on the same database takes a burst on the same game at once."""
    async with running_bot(database) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        messages, before = dict(wire.messages), delivered(wire)
    async with running_bot(database, messages) as wire:
        actor = await member_to_act(wire, game_id)
        assert actor is not None
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        payloads = [command_payload(wire, "tikal place", {"space": engine.space_name(s), "rotation": r}, user=actor)
                    for s, r in view.placements[:4]] + [command_payload(wire, "tikal end", user=actor)]
        await wire.burst(payloads)
        assert_answered_once_each(wire, payloads)
        async with bot_of(wire).core.storage.read() as r:
            replayed = await replays_to_snapshot(r, GUILD, game_id)
        assert replayed.version in (view.version + 1, view.version + 2)  # one placement, and the end if after it
        await assert_every_post_delivered_once(wire, before)


async def test_a_lobby_edit_slow_to_reach_discord_is_never_overtaken_by_a_later_one(wire: Wire) -> None:
    """Ben joins and his edit of the lobby message is slow at Discord; Cy joins meanwhile. The message ends showing
    both (an edit made from the older seat list must not land after the newer one)."""
    lobby = posts(await wire.send(command_payload(wire, "tikal-game new", {"seats": 4, "thread": False},
                                                  user=ANA)))[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    gate = FirstHeld()
    wire.slow[f"PATCH /channels/{CHANNEL}/messages/{lobby.message_id}"] = gate
    ben = asyncio.create_task(wire.send(click_payload(wire, f"tikal:join:{game_id}", user=BEN,
                                                      message_id=lobby.message_id)))
    await asyncio.wait_for(gate.reached.wait(), GUARD)
    cy_joins = click_payload(wire, f"tikal:join:{game_id}", user=CY, message_id=lobby.message_id)
    cy = asyncio.create_task(wire.send(cy_joins))
    edits = len([c for c in wire.calls if c.method == "PATCH"])
    for _ in range(int(GUARD * 100)):  # until Cy's edit went out, or it waits for Ben's (the game's lock)
        if len([c for c in wire.calls if c.method == "PATCH"]) > edits or (
                wire.answers(cy_joins) and bot_of(wire).table._lock(game_id).locked()):
            break
        await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(ben, cy)
    assert [int(m) for m in _mentions(shown(wire, lobby.message_id))] == [ANA, BEN, CY]

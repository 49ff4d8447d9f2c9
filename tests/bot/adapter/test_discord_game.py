"""Whole games and restarts through the real discord.py bot (the outbox's failures: ``test_discord_outbox``)."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.adapter.outbox import CLAIM_LEASE
from bot.core.storage import sql
from engine import Phase
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    as_command,
    bot_of,
    click,
    command,
    custom_ids,
    open_game,
    pick_move,
    place_first,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.clockkit import FakeClock


def _pings(call: Call) -> list[str]:
    mentions = (call.json or {}).get("allowed_mentions") or {}
    assert mentions.get("parse") == [], "mentions must never be parsed from the text"
    return [str(u) for u in mentions.get("users") or []]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["basic", "auction"])
async def test_a_whole_three_player_game_through_the_wire(tmp_path: Path, variant: str) -> None:
    rng = random.Random(11 if variant == "basic" else 12)
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        start = len(wire.calls)
        game_id = await open_game(wire, [ANA, BEN, CY], variant=variant)
        svc = bot_of(wire).core
        game = await svc.games.game(GUILD, game_id)
        members = {s.seat: s.member_id for s in game.seats}
        actions_done, turn_key, commands = 0, None, 0
        while True:
            view = await svc.games.view(GUILD, game_id)
            if view.finished:
                break
            assert view.to_act is not None
            key = (view.turn, view.to_act, view.phase in (Phase.PLACE, Phase.ACTIONS, Phase.SCORING))
            if key != turn_key:
                turn_key, actions_done = key, 0
            member = members[view.to_act]
            move = pick_move(await svc.turns.legal_moves(GUILD, game_id, member), rng, actions_done)
            name, options = as_command(move)
            calls = await command(wire, name, options, user=member)
            reply = responses(calls)[0]
            assert reply.ephemeral and reply.data["content"].startswith("✅"), (str(move), reply.data["content"])
            if not isinstance(move, engine.Place | engine.Bid | engine.Pass | engine.Pick | engine.End):
                actions_done += 1
            commands += 1
            assert commands < 2000, "a game that does not end"

        final = await svc.games.view(GUILD, game_id)
        calls = wire.calls[start:]
        channel = posts(calls, CHANNEL)
        waits = [c for c in channel if any(name.startswith("board-") for name in c.files)]
        assert len(waits) >= 20 and not [c for c in calls if c.method == "DELETE"]
        for post in waits:  # each wait's message pings in its content only: the players it waits for
            pinged = _pings(post)
            assert pinged and post.data["content"].startswith(f"<@{pinged[0]}>")
            assert all(f"<@{p}>" in post.data["content"] for p in pinged)
            assert all(f"<@{p}>" not in (e.get("description") or "") for p in pinged for e in post.data["embeds"])
        # Scoring rounds have no message of their own: the next waits' catch-ups give each round's points.
        rounds = {m[1] for c in waits for m in re.finditer(r"🌋 Scoring round (\d): ", text_of(c))}
        assert 1 <= len(rounds) <= 4
        # The result pings every player once: ranking and scores as the engine has them, and the game record.
        (result,) = [c for c in channel if "🏆" in text_of(c)]
        assert sorted(_pings(result)) == sorted(str(m) for m in (ANA, BEN, CY))
        assert not any(name.startswith("board") for name in result.files)
        for p in final.players:
            assert f"{p.name} **{p.score}**" in text_of(result)
        record = json.loads(result.files[f"tikal-game-{game_id}.json"])
        replayed = engine.replay(engine.read_record(record))
        assert replayed.finished and list(replayed.score) == [p.score for p in final.players]
        if variant == "auction":  # an auction's message asks every bidder; the winner's pick and turn are one message
            opened = [c for c in waits if "is open: bid in turn" in (c.data.get("content") or "")]
            assert opened and max(len(_pings(c)) for c in opened) == 3
            won = [c for c in waits if "you won the " in (c.data.get("content") or "")]
            assert won and all(len(_pings(c)) == 1 for c in won)
        game = await svc.games.game(GUILD, game_id)
        assert game.status.value == "finished" and game.turn_message_id is None
        with sqlite3.connect(tmp_path / "t.sqlite3") as db:
            assert db.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0] == 0


async def stored(wire: Wire, query: str) -> list[tuple[Any, ...]]:
    """Rows of the running bot's database (either backend)."""
    async with bot_of(wire).core.storage.read() as r:
        return await sql.rows(r, query)


@pytest.mark.backends
async def test_buttons_keep_working_after_a_restart(database: Path | str) -> None:
    async with running_bot(database) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        lobby = await command(wire, "tikal-game new", {"seats": 2, "thread": False}, user=CY, channel=7103)
        lobby_game = int(custom_ids(posts(lobby)[0].data)[0].split(":")[2])
        lobby_message = posts(lobby)[0].message_id
        game = await bot_of(wire).core.games.game(GUILD, game_id)
        message = game.turn_message_id
        assert message is not None
    async with running_bot(database) as wire:  # a new bot object on the same database: nothing in memory
        assert message not in wire.messages  # the harness rebuilds the clicked message from the custom id
        calls = await click(wire, f"tikal:board:{game_id}", user=CY, message_id=message)
        assert calls[0].callback_type == 5 and "board.png" in calls[-1].files
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        other = ANA if game.at_seat(view.to_act or 0).member_id == BEN else BEN  # type: ignore[union-attr]
        calls = await click(wire, f"tikal:end:{game_id}", user=other, message_id=message)
        assert calls[0].ephemeral and "turn" in calls[0].data["content"]
        calls = await click(wire, f"tikal:join:{lobby_game}", user=ANA, message_id=lobby_message, channel=7103)
        assert responses(calls)[0].ephemeral and "joined" in responses(calls)[0].data["content"]


@pytest.mark.backends
async def test_a_post_lost_in_a_crash_is_sent_again_with_the_same_nonce(database: Path | str) -> None:
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)

        # The post reaches Discord, then the process dies before it is marked sent.
        async def crash(post_id: int, message_id: int | None = None) -> bool:
            raise RuntimeError("the process died here")

        bot.core.outbox.mark_sent = crash  # type: ignore[method-assign]
        calls = await command(wire, "tikal end", user=member)
        assert responses(calls)[-1].ephemeral and "went wrong" in responses(calls)[-1].data["content"]
        first = [c for c in posts(wire.calls, CHANNEL) if any(f.startswith("board-") for f in c.files)][-1]
        nonce = (first.json or {})["nonce"]
        assert (await stored(wire, "SELECT nonce, sent_at FROM outbox WHERE kind = 'wait' ORDER BY id DESC"))[0] == \
            (nonce, None)
    clock.now += CLAIM_LEASE + 1  # PostgreSQL: the dead sender's claim on the post runs out (then anyone sends it)
    async with running_bot(database, clock=clock) as wire:  # restart: the worker re-sends it with the same nonce
        again = [c for c in posts(wire.calls, CHANNEL) if any(f.startswith("board-") for f in c.files)]
        assert len(again) == 1 and again[0].json is not None
        assert again[0].json["nonce"] == nonce and again[0].json["enforce_nonce"]
        assert await stored(wire, "SELECT id FROM outbox WHERE sent_at IS NULL") == []
        game = await bot_of(wire).core.games.game(GUILD, game_id)
        assert game.turn_message_id == again[0].message_id  # and it is the live message of the next turn


@pytest.mark.backends
async def test_a_move_committed_before_a_crash_is_posted_after_the_restart(database: Path | str) -> None:
    async with running_bot(database) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        view = await bot.core.games.view(GUILD, game_id)
        member = (await bot.core.games.game(GUILD, game_id)).at_seat(view.to_act or 0)
        assert member is not None
        space, rotation = view.placements[0]
        # Committed through the service alone: the process "dies" before the adapter sends anything.
        await bot.core.turns.act(GUILD, game_id, member.member_id, f"place {engine.space_name(space)} {rotation}")
        await bot.core.turns.act(GUILD, game_id, member.member_id, "end")
        assert not [c for c in posts(wire.calls) if "Since your last turn" in text_of(c)]  # nothing went out
        ((nonce,),) = await stored(wire, "SELECT nonce FROM outbox WHERE kind = 'wait' AND sent_at IS NULL")
        old_turn = (await bot.core.games.game(GUILD, game_id)).turn_message_id
        kept = dict(wire.messages)
    async with running_bot(database, kept) as wire:
        sent = [c for c in posts(wire.calls, CHANNEL) if any(f.startswith("board-") for f in c.files)]
        assert [(c.json or {})["nonce"] for c in sent] == [nonce]
        # The old wait's message (read back from Discord: it still has its buttons) gets a last form, and the new
        # wait's message, sent now, is the live one.
        fetched = [c for c in wire.calls if c.method == "GET" and c.path.endswith(f"/messages/{old_turn}")]
        assert len(fetched) == 1
        (final,) = [c for c in wire.calls if c.method == "PATCH" and c.path.endswith(f"/messages/{old_turn}")]
        assert final.json is not None and final.json["components"] == [] and "over" in text_of(final)
        turn = [c for c in posts(wire.calls, CHANNEL) if f"tikal:end:{game_id}" in custom_ids(c.data)]
        assert turn == sent
        assert (await bot_of(wire).core.games.game(GUILD, game_id)).turn_message_id == turn[0].message_id

"""A process that touches more games than it keeps anything for: what it remembers per game (a wait's message as it
last showed it, the states, the locks of games and places, the posts it sent, discord.py's views) stays within its
bounds, and a game it no longer remembers is shown as well as one it does (read again from the database)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

import bot.adapter.outbox
import bot.adapter.table.base
from bot.core.table.state_cache import StateCache
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    MOD,
    NAMES,
    PLAYER_PERMISSIONS,
    as_command,
    bot_of,
    command,
    edits,
    open_game,
    posts,
    running_bot,
)
from tests.bot.adapter.wire import Call, Wire

SERVER = 31 << 22
CHANNELS = [6_100_000 + n for n in range(8)]
KEPT = 3


async def act(wire: Wire, game_id: int, channel: int) -> list[Call]:
    """The player to act makes their first legal move that does not end their turn: the calls it made."""
    core = bot_of(wire).core
    view = await core.games.view(SERVER, game_id)
    assert view.to_act is not None
    seat = (await core.games.game(SERVER, game_id)).at_seat(view.to_act)
    assert seat is not None
    entries = await core.turns.legal_moves(SERVER, game_id, seat.member_id)
    move = next(m for e in entries for m in e.moves() if str(m).split()[0] not in ("end", "undo"))
    name, options = as_command(move)
    return await command(wire, name, options, user=seat.member_id, channel=channel, guild=SERVER)


async def test_a_process_touching_many_games_keeps_what_it_remembers_per_game_bounded(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.adapter.table.base, "LIVE_KEPT", KEPT)
    monkeypatch.setattr(bot.adapter.outbox, "REMEMBERED", 2 * KEPT)
    async with running_bot(db_path) as wire:
        app = bot_of(wire)
        app.core.store._cache = StateCache(KEPT)
        wire.add_guild(SERVER, owner_id=MOD, members=dict(NAMES), channels=CHANNELS,
                       everyone_permissions=PLAYER_PERMISSIONS)
        games = {await open_game(wire, [ANA, BEN], channel=c, guild=SERVER): c for c in CHANNELS}
        for game_id, channel in games.items():
            await act(wire, game_id, channel)
        gc.collect()
        table, store, outbox = app.table, app.core.store, app.outbox
        views = app._connection._view_store
        assert len(table._live) == KEPT < len(games)
        assert len(store._cache) <= KEPT
        assert len(outbox._delivered) <= 2 * KEPT
        assert (len(table._lock._locks), len(store._lock._locks), len(outbox._places._locks)) == (0, 0, 0)
        assert len(outbox._held) == 0
        assert len(views._synced_message_views) == 0 and len(views._views) == 0  # the buttons are dynamic items

        # the first game is no longer remembered, the last one is: a move in each edits its wait's message alike
        placed = list(games.items())
        (first, first_channel), (last, last_channel) = placed[0], placed[-1]
        assert first not in table._live and last in table._live
        for game_id, channel in ((first, first_channel), (last, last_channel)):
            message = (await app.core.games.game(SERVER, game_id)).turn_message_id
            calls = await act(wire, game_id, channel)
            assert [c.path for c in edits(calls)] == [f"/channels/{channel}/messages/{message}"]
            assert posts(calls) == []
        assert len(table._live) == KEPT

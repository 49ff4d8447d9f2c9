"""The lobby through the real discord.py bot: `/tikal-game …`, the lobby buttons, permissions, threads."""

from __future__ import annotations

import asyncio

import discord
import pytest

import engine
from bot.core.storage.rows import Status
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    DEE,
    GUILD,
    MOD,
    OTHER_CHANNEL,
    OTHER_GUILD,
    bot_of,
    click,
    command,
    custom_ids,
    edits,
    posts,
    responses,
    text_of,
)
from tests.bot.adapter.wire import EPHEMERAL, Wire


@pytest.mark.backends
async def test_the_commands_are_registered_as_described(wire: Wire) -> None:
    tree = bot_of(wire).tree
    tikal, games, mod = (tree.get_command(name) for name in ("tikal", "tikal-game", "tikal-mod"))
    assert isinstance(tikal, discord.app_commands.Group) and isinstance(games, discord.app_commands.Group)
    assert isinstance(mod, discord.app_commands.Group)
    assert {c.name for c in tikal.commands} == {
        "place", "deploy", "transfer", "move", "uncover", "recover", "exchange", "camp", "guard", "end", "undo",
        "bid", "pass", "pick", "board", "hint", "obstacle", "fire", "jump", "declare"}
    assert {c.name for c in games.commands} == {
        "new", "join", "leave", "start", "status", "rules", "games", "history", "export", "resign", "order",
        "notify", "settings", "stats", "leaderboard", "replay", "review", "tutorial", "web"}
    assert {c.name for c in mod.commands} == {
        "abort", "kick", "replace", "computer", "skip", "pause", "resume", "deadline", "config", "season", "resend",
        "weblink", "doctor"}
    assert mod.default_permissions is not None and mod.default_permissions.manage_guild
    sync = [c for c in wire.calls if c.path.startswith("/applications/")]
    assert sync and sync[0].method == "PUT"


@pytest.mark.backends
async def test_new_posts_a_lobby_with_persistent_buttons_and_join_updates_it(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"variant": "auction", "seats": 3, "thread": False}, user=ANA)
    (reply,) = responses(calls)
    assert reply.ephemeral and "is open" in reply.data["content"]
    (lobby,) = posts(calls, CHANNEL)
    assert not lobby.ephemeral
    ids = custom_ids(lobby.data)
    game_id = int(ids[0].split(":")[2])
    assert ids == [f"tikal:join:{game_id}", f"tikal:leave:{game_id}", f"tikal:start:{game_id}",
                   f"tikal:options:{game_id}"]
    assert "Auction game" in text_of(lobby) and "Ana" in text_of(lobby)

    calls = await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    assert responses(calls)[0].ephemeral
    (edit,) = edits(calls)
    assert edit.path == f"/channels/{CHANNEL}/messages/{lobby.message_id}"
    assert "Ben" in text_of(edit) and "(2/3)" in text_of(edit)

    calls = await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    (refusal,) = responses(calls)
    assert refusal.ephemeral and "already" in refusal.data["content"]
    assert not edits(calls)

    calls = await command(wire, "tikal-game leave", user=BEN)
    assert responses(calls)[0].ephemeral and "(1/3)" in text_of(edits(calls)[0])


@pytest.mark.backends
async def test_only_the_creator_or_a_moderator_starts(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False}, user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
    assert responses(calls)[0].ephemeral and "at least 2" in responses(calls)[0].data["content"]
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    calls = await click(wire, f"tikal:start:{game_id}", user=BEN, message_id=lobby.message_id)
    assert responses(calls)[0].ephemeral and "creator or a moderator" in responses(calls)[0].data["content"]
    assert not posts(calls)
    calls = await command(wire, "tikal-game start", {"order": "shuffled"}, user=MOD,
                          permissions=discord.Permissions.all().value)
    assert responses(calls)[0].ephemeral and "started" in responses(calls)[0].data["content"]
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    assert game.status is Status.RUNNING
    # The lobby loses its buttons; the first wait's message follows: the board, the seat order, the first turn.
    assert any(e.json is not None and e.json.get("components") == [] for e in edits(calls))
    (first,) = posts(calls, CHANNEL)
    assert any(f.startswith("board-") for f in first.files)
    assert "Seat order" in text_of(first) and "place" in text_of(first)


@pytest.mark.backends
async def test_new_says_exactly_which_permissions_are_missing(wire: Wire) -> None:
    perms = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    calls = await command(wire, "tikal-game new", {"thread": True}, user=ANA, app_permissions=perms.value)
    (reply,) = responses(calls)
    assert reply.ephemeral
    text = reply.data["content"]
    for missing in ("Embed Links", "Attach Files", "Create Public Threads", "Send Messages in Threads"):
        assert missing in text
    assert "View Channel" not in text and "Send Messages**" not in text
    assert not posts(calls)
    assert await bot_of(wire).core.games.games(GUILD) == []


@pytest.mark.backends
async def test_a_thread_game_leaves_the_lobby_in_the_channel(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": True}, user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    (thread,) = wire.threads
    assert int(thread["parent_id"]) == CHANNEL
    assert thread["thread_metadata"]["auto_archive_duration"] == 10080
    thread_id = int(thread["id"])
    assert f"<#{thread_id}>" in text_of(edits(calls)[-1])
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
    assert len(posts(calls, thread_id)) == 1 and not posts(calls, CHANNEL)
    # In the channel, a turn command points to the thread.
    calls = await command(wire, "tikal end", user=ANA)
    assert responses(calls)[0].ephemeral and f"<#{thread_id}>" in responses(calls)[0].data["content"]
    # The channel can host another lobby while the game runs in the thread.
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False}, user=CY)
    assert len(posts(calls, CHANNEL)) == 1
    # Commands in the thread reach the game.
    calls = await command(wire, "tikal-game status", user=DEE, channel=thread_id)
    assert responses(calls)[0].ephemeral and "Ana" in text_of(responses(calls)[0])


@pytest.mark.backends
async def test_guilds_are_isolated(wire: Wire) -> None:
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False}, user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    calls = await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id,
                        channel=OTHER_CHANNEL, guild=OTHER_GUILD)
    (reply,) = responses(calls)
    assert reply.ephemeral and "no game" in reply.data["content"].lower()
    calls = await command(wire, "tikal-game status", user=BEN, channel=OTHER_CHANNEL, guild=OTHER_GUILD)
    assert responses(calls)[0].data["flags"] & EPHEMERAL and "no game" in text_of(responses(calls)[0]).lower()


@pytest.mark.backends
async def test_every_post_of_a_thread_game_goes_to_its_thread(wire: Wire) -> None:
    """After the start, the turn's boards, pings and live messages go to the game's thread, never to the channel
    that holds the lobby."""
    calls = await command(wire, "tikal-game new", {"seats": 2, "thread": True}, user=ANA)
    lobby = posts(calls, CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    thread_id = int(wire.threads[0]["id"])
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
    await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
    svc = bot_of(wire).core
    start = len(wire.calls)
    for _ in range(2):  # two turns: place, end
        view = await svc.games.view(GUILD, game_id)
        seat = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act or 0)
        assert seat is not None
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation},
                      user=seat.member_id, channel=thread_id)
        await command(wire, "tikal end", user=seat.member_id, channel=thread_id)
    later = wire.calls[start:]
    assert len([c for c in posts(later, thread_id) if any(f.startswith("board-") for f in c.files)]) == 2
    assert posts(later, CHANNEL) == []
    assert all(f"/channels/{thread_id}/" in c.path for c in edits(later))


@pytest.mark.backends
async def test_start_waits_for_the_games_thread_and_the_game_never_moves(wire: Wire) -> None:
    """A slow thread creation: Start is refused until the thread is attached, then the game begins there."""
    opened = asyncio.Event()
    wire.slow[f"POST /channels/{CHANNEL}/messages/"] = opened  # a thread from the lobby message (…/threads)
    creating = asyncio.create_task(command(wire, "tikal-game new", {"seats": 2, "thread": True}, user=ANA))
    for _ in range(1000):  # until the thread's creation is under way (bounded; not a timing assertion)
        lobby = posts(wire.calls, CHANNEL)
        if any(c.path.endswith("/threads") for c in wire.calls):
            break
        await asyncio.sleep(0.01)
    game_id = int(custom_ids(lobby[0].data)[0].split(":")[2])
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby[0].message_id)
    calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby[0].message_id)
    assert responses(calls)[0].ephemeral and "thread" in responses(calls)[0].data["content"]
    assert not posts(calls) and (await bot_of(wire).core.games.game(GUILD, game_id)).status is Status.LOBBY
    opened.set()
    await creating
    thread_id = int(wire.threads[0]["id"])
    calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby[0].message_id)
    assert len(posts(calls, thread_id)) == 1 and not posts(calls, CHANNEL)
    assert (await bot_of(wire).core.games.game(GUILD, game_id)).place_id == thread_id

"""``/tikal-mod`` through the real discord.py bot: every command refuses a plain member privately and changes
nothing; a moderator's actions are logged in the game's channel without pinging anyone; the server's
moderator role counts; deadlines with each policy on a fake clock; kick and replace; guild removal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import engine
from bot.core.clocks.timing import DEFAULTS
from bot.core.storage.rows import Status
from bot.core.storage.seats import is_absent_member
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    DEE,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    add_role,
    bot_of,
    choices_of,
    click,
    command,
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
from tests.bot.adapter.wire import Call, Ref, Wire
from tests.bot.core.clockkit import HOUR, T0, FakeClock

ALL = MOD_PERMISSIONS


def answer(calls: list[Call]) -> tuple[bool, str]:
    (first, *_) = responses(calls)
    return first.ephemeral, text_of(first)


async def to_act(wire: Wire, game_id: int) -> int:
    member = await member_to_act(wire, game_id)
    assert member is not None
    return member


async def dispatch(wire: Wire, event: str, *args: Any) -> None:
    """Feed a gateway event to the listeners and wait for them (the harness counts their tasks as background)."""
    before = asyncio.all_tasks()
    wire.client.dispatch(event, *args)
    listeners = [t for t in asyncio.all_tasks() - before if t.get_name().startswith(f"discord.py: on_{event}")]
    assert listeners
    await asyncio.gather(*listeners)


def no_pings(calls: list[Call]) -> None:
    for post in posts(calls):
        users, roles = pinged(post)
        assert not roles and all(not is_absent_member(int(u)) for u in users)


@pytest.mark.backends
async def test_every_moderator_command_refuses_a_plain_member_and_changes_nothing(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    before = await svc.games.view(GUILD, game_id)
    sent = len(posts(wire.calls))
    for name, options in (("abort", {}), ("kick", {"player": "Ana"}), ("replace", {"player": "Ana",
                          "member": Ref("user", CY, "Cy")}), ("skip", {}), ("pause", {}), ("resume", {}),
                          ("deadline", {"turn_hours": 2.0}), ("deadline", {}), ("config", {"policy": "skip"}),
                          ("config", {})):
        calls = await mod(wire, name, options, user=BEN)
        ephemeral, text = answer(calls)
        assert ephemeral and "moderator" in text, (name, text)
    assert len(posts(wire.calls)) == sent  # nothing logged in the channel
    game = await svc.games.game(GUILD, game_id)
    assert game.status is Status.RUNNING and (await svc.games.view(GUILD, game_id)).version == before.version
    assert {s.member_id for s in game.seats} == {ANA, BEN}
    assert (await bot_of(wire).core.moderation.config(GUILD)).defaults == DEFAULTS


@pytest.mark.backends
async def test_pause_resume_skip_and_abort_are_logged_in_the_channel(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    actor = await to_act(wire, game_id)

    calls = await mod(wire, "pause")
    assert answer(calls) == (True, f"Game #{game_id} is paused.")
    (log,) = posts(calls, CHANNEL)
    assert (log.json or {})["content"].startswith(f"⏸️ <@{MOD}> paused game #{game_id}")
    no_pings(calls)
    assert pinged(log) == ([], [])
    view = await svc.games.view(GUILD, game_id)
    space, rotation = view.placements[0]
    calls = await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation},
                          user=actor)
    ephemeral, text = answer(calls)
    assert ephemeral and "paused" in text and (await svc.games.view(GUILD, game_id)).version == view.version
    calls = await mod(wire, "pause")
    assert answer(calls)[0] and "already paused" in answer(calls)[1]
    calls = await mod(wire, "resume")
    assert "▶️" in (posts(calls, CHANNEL)[0].json or {})["content"]

    calls = await mod(wire, "skip")
    assert answer(calls)[0]
    log, wait = posts(calls, CHANNEL)
    assert (log.json or {})["content"].startswith(f"⏭️ <@{MOD}> took") and "`" not in (log.json or {})["content"]
    (closed,) = [c for c in calls if c.method == "PATCH" and "· played by the bot" in text_of(c)]  # actor's wait
    assert closed.data["components"] == [] and "deadline" not in text_of(closed)
    no_pings([log])
    assert await to_act(wire, game_id) != actor  # the turn moved on, and the next player is pinged
    assert pinged(wait)[0] == [str(await to_act(wire, game_id))] and "(played by the bot): placed" in text_of(wait)

    calls = await mod(wire, "abort", {"game": game_id})
    assert answer(calls) == (True, f"Game #{game_id} is stopped.")
    assert any("🛑" in (c.json or {}).get("content", "") for c in posts(calls, CHANNEL))
    assert (await svc.games.game(GUILD, game_id)).status is Status.ABORTED


@pytest.mark.backends
async def test_the_servers_moderator_role_counts_and_config_shows_the_purge_policy(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    role = 7300
    calls = await mod(wire, "config", {"moderator_role": Ref("role", role, "Tikal mods"), "turn_hours": 24.0,
                                       "policy": "skip"})
    ephemeral, text = answer(calls)
    assert ephemeral and f"<@&{role}>" in text and "turn deadline 24 h" in text and "30 days" in text
    add_role(wire, GUILD, role)
    calls = await command(wire, "tikal-mod pause", user=CY, roles=[role])  # no Manage Server, but the role
    assert answer(calls) == (True, f"Game #{game_id} is paused.")
    calls = await command(wire, "tikal-mod resume", user=DEE)  # neither Manage Server nor the role
    assert "moderator" in answer(calls)[1]

    calls = await mod(wire, "deadline")
    assert "paused" in answer(calls)[1].lower()
    calls = await mod(wire, "config", {"no_moderator_role": True})
    assert "<@&" not in answer(calls)[1]
    calls = await command(wire, "tikal-mod resume", user=CY, roles=[role])
    assert "moderator" in answer(calls)[1]


async def test_deadlines_with_each_policy_on_a_fake_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        svc = bot_of(wire).core
        role = 7301
        await mod(wire, "config", {"moderator_role": Ref("role", role, "Tikal mods")})
        calls = await mod(wire, "deadline", {"turn_hours": 2.0, "policy": "wait", "reminders": False})
        ephemeral, text = answer(calls)
        assert ephemeral and "turn deadline 2 h" in text and f"<t:{int(T0 + 2 * HOUR)}:R>" in text
        (log,) = posts(calls, CHANNEL)
        assert "changed game" in (log.json or {})["content"] and pinged(log) == ([], [])
        actor = await to_act(wire, game_id)

        _, calls = await tick(wire, clock, T0 + 2 * HOUR)  # policy wait: the moderators' role is told, once
        (notice,) = posts(calls, CHANNEL)
        assert pinged(notice) == ([], [str(role)])
        assert (notice.json or {})["content"].startswith(f"<@&{role}> ⏰ 🟦 Ana's turn deadline in game #{game_id} "
                                                        "passed")
        _, calls = await tick(wire, clock, T0 + 3 * HOUR)
        assert posts(calls) == [] and await to_act(wire, game_id) == actor

        calls = await mod(wire, "deadline", {"policy": "skip"})
        _, calls = await tick(wire, clock, T0 + 4 * HOUR)  # policy skip: the turn is played (ruling 14)
        # the next player's wait: it tells what the bot played; the skip is told once, where the skipped wait's
        # message closes, and the moderators, told of this deadline already, not twice
        (wait,) = posts(calls, CHANNEL)
        assert "(played by the bot): placed" in text_of(wait)
        assert [c for c in calls if c.method == "PATCH" and "⏰ the deadline passed: the bot played" in text_of(c)]
        assert await to_act(wire, game_id) != actor
        history = await bot_of(wire).core.history.history(GUILD, game_id)
        assert [e.actor_id for e in history.entries] == [None, None]  # made by the bot
        assert (await svc.games.game(GUILD, game_id)).status is Status.RUNNING


@pytest.mark.backends
async def test_kick_and_replace_keep_the_game_playable(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    actor = await to_act(wire, game_id)
    kicked = (await svc.games.game(GUILD, game_id)).seat_of(actor)
    assert kicked is not None and kicked.name is not None
    calls = await command(wire, "tikal-mod kick", {"player": ""}, user=MOD, permissions=ALL, focused="player")
    assert {c["value"] for c in choices_of(calls[0])} == {"Ana", "Ben"}

    calls = await mod(wire, "kick", {"player": kicked.name})
    assert answer(calls)[0]
    texts = [text_of(c) for c in posts(calls, CHANNEL)]
    assert texts[0].startswith(f"🛠️ <@{MOD}> removed {kicked.name}")
    # the kicked seat was to act: the bot played it at once, as the next player's wait tells
    assert any(f"{kicked.name} (left: played by the bot): placed" in t for t in texts[1:])
    no_pings(calls)
    assert await to_act(wire, game_id) != actor

    calls = await mod(wire, "replace", {"player": kicked.name, "member": Ref("user", CY, "Cy")})
    assert answer(calls)[0] and f"<@{CY}>" in answer(calls)[1]
    (log,) = posts(calls, CHANNEL)
    assert "instead of an absent player" in (log.json or {})["content"] and pinged(log) == ([], [])
    game = await svc.games.game(GUILD, game_id)
    assert {s.member_id for s in game.seats} == {CY, next(m for m in (ANA, BEN) if m != actor)}
    # Both seats are played on: two turns, each by its member through the commands.
    for _ in range(2):
        member = await to_act(wire, game_id)
        view = await svc.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=member)
        calls = await command(wire, "tikal end", user=member)
        assert answer(calls) == (True, "✅ Turn ended.")
    assert (await svc.games.view(GUILD, game_id)).turn == view.turn + 1


async def test_the_member_who_takes_the_seat_to_act_is_pinged_by_a_wait_message_of_their_own(wire: Wire) -> None:
    """Replacing the player the game waits for: the moderators' line pings nobody, then a wait's message pings the
    newcomer (their turn, the catch-up, the buttons); the old member's message stays, and the newcomer plays."""
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    actor = await to_act(wire, game_id)
    seat = (await svc.games.game(GUILD, game_id)).seat_of(actor)
    assert seat is not None and seat.name is not None
    calls = await mod(wire, "replace", {"player": seat.name, "member": Ref("user", CY, "Cy")})
    log, wait = posts(calls, CHANNEL)
    assert pinged(log) == ([], []) and "instead of" in text_of(log)
    assert pinged(wait) == ([str(CY)], []) and text_of(wait).startswith(f"<@{CY}>, your turn"), text_of(wait)
    assert not [c for c in calls if c.method == "DELETE"]
    assert await to_act(wire, game_id) == CY
    view = await svc.games.view(GUILD, game_id)
    space, rotation = view.placements[0]
    await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=CY)
    assert answer(await command(wire, "tikal end", user=CY)) == (True, "✅ Turn ended.")
    # replacing a seat the game does not wait for pings nobody
    assert await to_act(wire, game_id) != CY
    calls = await mod(wire, "replace", {"player": seat.name, "member": Ref("user", DEE, "Dee")})
    assert [pinged(c) for c in posts(calls, CHANNEL)] == [([], [])]


async def test_guild_removal_shows_the_purge_date_and_coming_back_cancels_it(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        bot = bot_of(wire)
        await open_game(wire, [ANA, BEN])
        guild = bot.get_guild(GUILD)
        assert guild is not None
        await dispatch(wire, "guild_remove", guild)
        purge = await bot.core.removal.pending(GUILD)
        assert purge == T0 + 30 * 86400
        calls = await mod(wire, "config")
        assert f"<t:{int(purge)}:R>" in answer(calls)[1]
        await dispatch(wire, "guild_join", guild)
        assert await bot.core.removal.pending(GUILD) is None
        await dispatch(wire, "guild_remove", guild)
        assert await bot.core.removal.pending(GUILD) == T0 + 30 * 86400
        report, _ = await tick(wire, clock, T0 + 31 * 86400)
        assert report.purged == (GUILD,)
        assert await bot.core.games.games(GUILD, tuple(Status)) == []


async def test_a_lobby_sets_its_own_deadline_and_a_bad_one_is_refused_before_anything_exists(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        svc = bot_of(wire).core
        calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False, "turn_hours": 0.5}, user=ANA)
        assert answer(calls)[0] and "between 1 and" in answer(calls)[1] and posts(calls) == []
        assert await svc.games.games(GUILD) == []
        calls = await command(wire, "tikal-game new", {"seats": 2, "thread": False, "turn_hours": 24.0,
                                                       "policy": "skip"}, user=ANA)
        assert "turn deadline 24 h" in answer(calls)[1] and "the bot plays that turn" in answer(calls)[1]
        lobby = posts(calls, CHANNEL)[0]
        game_id = int(lobby.data["components"][0]["components"][0]["custom_id"].split(":")[2])
        await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id)
        calls = await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id)
        start = next(c for c in posts(calls, CHANNEL) if any(f.startswith("board-") for f in c.files))
        assert f"⏰ Deadline: <t:{int(T0 + 24 * HOUR)}:R>" in text_of(start)
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        assert any("⏰ the deadline passed: the bot played" in text_of(c) for c in calls if c.method == "PATCH")

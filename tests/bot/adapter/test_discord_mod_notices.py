"""Notices for the moderators through the real discord.py bot: where moderators see them, once per
event — the server's log channel (``/tikal-mod config log_channel``), else the game's channel pinging the moderator
role, else the game's creator by direct message (the game's channel, pinging them, when their DMs are closed)."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    MOD,
    MOD_PERMISSIONS,
    NAMES,
    SECOND_CHANNEL,
    bot_of,
    command,
    mod,
    open_game,
    pinged,
    place_first,
    posts,
    responses,
    running_bot,
    text_of,
    tick,
)
from tests.bot.adapter.wire import Call, Ref
from tests.bot.core.clockkit import HOUR, T0, FakeClock

ROLE = 7350


def dms(calls: list[Call]) -> list[Call]:
    """The direct messages among the calls (posted in a channel the bot opened with ``/users/@me/channels``)."""
    opened = {int(c.response["id"]) for c in calls if c.method == "POST" and c.path == "/users/@me/channels"}
    return [c for c in posts(calls) if int(c.path.split("/")[2]) in opened]


async def test_with_a_log_channel_a_passed_deadline_is_told_there_once(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        calls = await mod(wire, "config", {"log_channel": Ref("channel", SECOND_CHANNEL, "mod-log"),
                                           "moderator_role": Ref("role", ROLE, "Tikal mods"), "policy": "wait"})
        assert f"<#{SECOND_CHANNEL}>" in text_of(responses(calls)[0])
        game_id = await open_game(wire, [ANA, BEN])
        _, calls = await tick(wire, clock, T0 + 48 * HOUR)
        (notice,) = posts(calls, SECOND_CHANNEL)
        assert posts(calls, CHANNEL) == [] and dms(calls) == []  # not a public post in the game's channel
        assert pinged(notice) == ([], [str(ROLE)])
        assert text_of(notice).startswith(f"<@&{ROLE}> ⏰ 🟦 Ana's turn deadline in game #{game_id} passed")
        for hours in (49, 72, 120):  # the game waits; the player is reminded, the moderators are not told again
            _, calls = await tick(wire, clock, T0 + hours * HOUR)
            assert posts(calls, SECOND_CHANNEL) == []
            if hours == 72:  # a day after the deadline, in words true today
                (reminder,) = posts(calls, CHANNEL)
                assert text_of(reminder).endswith(f"your turn in game #{game_id}: waiting for 3 days — the deadline "
                                                  "has passed and the moderators have been told.")


async def test_without_a_log_channel_or_role_the_creator_is_told_by_dm_in_their_language(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        wire.locales[BEN] = "de"
        game_id = await open_game(wire, [BEN, ANA])  # Ben creates the game; the server chose nothing
        _, calls = await tick(wire, clock, T0 + 48 * HOUR)  # the default: a computer player takes the turn
        (notice,) = dms(calls)
        (opened,) = [c for c in calls if c.path == "/users/@me/channels"]
        assert int((opened.json or {})["recipient_id"]) == BEN and pinged(notice) == ([], [])
        text = text_of(notice)
        assert text.startswith("⏰ 🟦 Ben hat die Frist (Zug) in Partie") and "Computerspieler" in text
        assert f"Ersteller von Partie #{game_id} auf **Test server**" in text
        assert not any("Frist" in text_of(c) or "missed" in text_of(c) for c in posts(calls, CHANNEL))
        _, calls = await tick(wire, clock, T0 + 49 * HOUR)
        assert dms(calls) == []


async def test_a_creator_whose_dms_are_closed_is_pinged_in_the_games_channel_once(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        await mod(wire, "deadline", {"turn_hours": 24.0, "policy": "wait", "game": game_id})
        wire.closed_dms.add(ANA)
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        (refused,) = dms(calls)  # tried first, refused by Discord
        (fallback,) = [c for c in posts(calls, CHANNEL) if "deadline in game" in text_of(c)]
        assert calls.index(refused) < calls.index(fallback) and pinged(fallback) == ([str(ANA)], [])
        text = text_of(fallback)
        assert text.startswith(f"<@{ANA}> ⏰ 🟦 Ana's turn deadline in game #{game_id} passed")
        assert "your direct messages are closed" in text and "log_channel" in text
        assert not await bot_of(wire).core.outbox.pending_posts()  # delivered once, marked sent
        for hours in (25, 48, 96):
            _, calls = await tick(wire, clock, T0 + hours * HOUR)
            assert not [c for c in posts(calls) if "deadline in game" in text_of(c)]


async def test_a_log_channel_the_bot_cannot_post_in_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        guild, channel = 7009, 7109
        view_only = discord.Permissions(view_channel=True, read_message_history=True).value
        wire.add_guild(guild, owner_id=MOD, members=dict(NAMES), channels=[channel], bot_permissions=view_only,
                       everyone_permissions=view_only)
        core = bot_of(wire).core
        before = await core.moderation.config(guild)
        calls = await command(wire, "tikal-mod config", {"log_channel": Ref("channel", channel), "language": "fr"},
                              user=MOD, permissions=MOD_PERMISSIONS, guild=guild, channel=channel)
        (answer,) = responses(calls)
        assert answer.ephemeral and "I cannot post in" in text_of(answer) and "Send Messages" in text_of(answer)
        assert await core.moderation.config(guild) == before and await core.languages.server(guild) is None
        assert before.log_channel_id is None


async def test_posts_given_up_are_told_in_the_log_channel_and_a_failing_log_channel_falls_back(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        await mod(wire, "config", {"log_channel": Ref("channel", SECOND_CHANNEL, "mod-log")})
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)
        wire.down[f"POST /channels/{CHANNEL}/messages"] = (404, 10003)  # the game's channel was deleted
        calls = await command(wire, "tikal end", user=member)
        (notice,) = posts(calls, SECOND_CHANNEL)
        assert text_of(notice).startswith(f"⚠️ 1 post of game #{game_id} could not be delivered in <#{CHANNEL}>")
        assert pinged(notice) == ([], []) and dms(calls) == []

    clock = FakeClock()
    async with running_bot(tmp_path / "u.sqlite3", clock=clock) as wire:  # the log channel itself refuses the bot
        await mod(wire, "config", {"log_channel": Ref("channel", SECOND_CHANNEL, "mod-log"), "policy": "wait"})
        game_id = await open_game(wire, [ANA, BEN])
        wire.down[f"POST /channels/{SECOND_CHANNEL}/messages"] = (404, 10003)
        _, calls = await tick(wire, clock, T0 + 48 * HOUR)
        (told,) = dms(calls)  # given up there at once: the creator learns it, and why
        assert f"could not be delivered in <#{SECOND_CHANNEL}>" in text_of(told) and f"game #{game_id}" in text_of(told)

"""Reminders through the real discord.py bot, on a fake clock: a reply to the turn message with one ping, a DM
(and the channel when DMs are closed), quiet hours in the member's time zone, settings and forgetting them."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    bot_of,
    choices_of,
    command,
    mod,
    open_game,
    pinged,
    posts,
    responses,
    running_bot,
    text_of,
    tick,
)
from tests.bot.adapter.wire import Wire
from tests.bot.core.clockkit import HOUR, T0, FakeClock


async def to_act(wire: Wire, game_id: int) -> tuple[int, int]:
    """The member to act and the other one."""
    svc = bot_of(wire).core
    game = await svc.games.game(GUILD, game_id)
    view = await svc.games.view(GUILD, game_id)
    seat = game.at_seat(view.to_act or 0)
    assert seat is not None
    other = next(s.member_id for s in game.seats if s.member_id != seat.member_id)
    return seat.member_id, other


async def test_a_reminder_replies_to_the_turn_message_and_pings_only_the_player(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        turn = (await bot_of(wire).core.games.game(GUILD, game_id)).turn_message_id
        _, calls = await tick(wire, clock, T0 + 23 * HOUR)
        assert posts(calls) == []  # not due yet: half-way through the server's default 48 h
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        (reminder,) = posts(calls, CHANNEL)
        body = reminder.json or {}
        assert int(body["message_reference"]["message_id"]) == turn
        assert body["message_reference"]["fail_if_not_exists"] is False
        assert pinged(reminder) == ([str(actor)], [])
        # the time left in words true when it is written (and the deadline as a date every reader sees in their time)
        assert body["content"] == (f"⏰ <@{actor}>, your turn in game #{game_id}: waiting since yesterday — 1 day "
                                   f"left (until <t:{int(T0 + 48 * HOUR)}:f>).")
        _, calls = await tick(wire, clock, T0 + 25 * HOUR)
        assert posts(calls) == []  # never twice within an interval
        _, calls = await tick(wire, clock, T0 + 44 * HOUR)
        (second,) = posts(calls, CHANNEL)  # the last call, which says what the deadline will do
        assert (second.json or {})["content"] == (
            f"⏰ <@{actor}>, your turn in game #{game_id}: waiting for 2 days — deadline in 4 hours, then a computer "
            "player plays it for you.")
        # once the player acts, the reminders stay: a message that pinged is never deleted
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
        assert not {reminder.message_id, second.message_id} & set(wire.deleted)
        assert all(str(actor) in str(wire.messages[m]["content"]) for m in (reminder.message_id, second.message_id))


async def test_a_dm_reminder_and_the_channel_when_dms_are_closed(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        calls = await command(wire, "tikal-game notify", {"how": "dm"}, user=actor)
        (answer,) = responses(calls)
        assert answer.ephemeral and "a direct message" in text_of(answer)

        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        (opened,) = [c for c in calls if c.method == "POST" and c.path == "/users/@me/channels"]
        assert int((opened.json or {})["recipient_id"]) == actor
        dm_channel = int(opened.response["id"])
        (dm,) = posts(calls)
        assert dm.path == f"/channels/{dm_channel}/messages" and posts(calls, CHANNEL) == []
        content = (dm.json or {})["content"]
        assert content.startswith("⏰ Reminder: your turn in Tikal game") and f"/channels/{GUILD}/{CHANNEL}/" in content
        assert pinged(dm) == ([], [])

        # The member closes their DMs: the next reminder goes to the channel, with the ping, as a reply.
        wire.fail_next.append((f"POST /channels/{dm_channel}/messages", 403))
        _, calls = await tick(wire, clock, T0 + 44 * HOUR)
        (refused,) = posts(calls, dm_channel)
        (fallback,) = posts(calls, CHANNEL)
        assert calls.index(refused) < calls.index(fallback)
        assert pinged(fallback) == ([str(actor)], [])
        assert (fallback.json or {})["content"].startswith(f"⏰ <@{actor}>, your turn")
        assert "message_reference" in (fallback.json or {})
        assert not await bot_of(wire).core.outbox.pending_posts()  # delivered once, marked sent
        # once the player acts, both stay: nothing that pinged is deleted
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
        assert fallback.message_id not in wire.deleted and dm.message_id not in wire.deleted


async def test_quiet_hours_in_the_members_time_zone_move_the_reminder(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        calls = await command(wire, "tikal-game settings", {"time_zone": "berl"}, user=actor, focused="time_zone")
        assert "Europe/Berlin" in [c["value"] for c in choices_of(calls[0])]
        calls = await command(wire, "tikal-game settings", {"time_zone": "Europe/Berlin", "quiet_from": "21:00",
                                                       "quiet_to": "8"}, user=actor)
        text = text_of(responses(calls)[0])
        assert "Europe/Berlin" in text and "21:00–08:00" in text and responses(calls)[0].ephemeral

        await mod(wire, "deadline", {"turn_hours": 24.0})  # the first reminder half-way: after 12 h
        # 12 h after 09:00 UTC is 22:00 in Berlin (CET, UTC+1): inside the quiet hours, so 08:00 Berlin.
        _, calls = await tick(wire, clock, T0 + 12 * HOUR)
        assert posts(calls) == []
        _, calls = await tick(wire, clock, T0 + 21.5 * HOUR)
        assert posts(calls) == []
        _, calls = await tick(wire, clock, T0 + 22 * HOUR)
        assert len(posts(calls, CHANNEL)) == 1

        calls = await command(wire, "tikal-game settings", {"time_zone": "Mars/Olympus"}, user=actor)
        assert responses(calls)[0].ephemeral and "not a time zone" in text_of(responses(calls)[0])
        calls = await command(wire, "tikal-game settings", {"quiet_from": "22:00"}, user=actor)
        assert "both" in text_of(responses(calls)[0])
        calls = await command(wire, "tikal-game settings", {"forget": True}, user=actor)
        assert "deleted" in text_of(responses(calls)[0])
        settings = await bot_of(wire).core.members.get(actor)
        assert settings.time_zone is None and settings.quiet is None and settings.delivery == "channel"


async def test_no_reminder_after_the_turn_moved_on_and_none_in_a_finished_wait(tmp_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        actor, other = await to_act(wire, game_id)
        clock.now = T0 + 11 * HOUR
        view = await bot.core.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        import engine

        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=actor)
        await command(wire, "tikal end", user=actor)
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        assert posts(calls) == []  # the old turn's reminder is gone with the turn
        _, calls = await tick(wire, clock, T0 + 35 * HOUR)
        (reminder,) = posts(calls, CHANNEL)
        assert pinged(reminder) == ([str(other)], [])


@pytest.mark.backends
async def test_a_reminder_queued_before_a_crash_is_sent_once_after_the_restart(database: Path | str) -> None:
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        clock.now = T0 + 24 * HOUR
        start = len(wire.calls)
        report = await bot_of(wire).core.scheduler.tick()  # committed; the process dies before sending it
        (queued,) = report.posts
        assert queued.kind == "reminder" and posts(wire.calls[start:]) == []
        kept = dict(wire.messages)
    async with running_bot(database, kept, clock=clock) as wire:
        (sent,) = [c for c in posts(wire.calls, CHANNEL) if "⏰" in ((c.json or {}).get("content") or "")]
        assert (sent.json or {})["nonce"] == queued.nonce and pinged(sent) == ([str(actor)], [])
        _, calls = await tick(wire, clock, T0 + 24.5 * HOUR)
        assert posts(calls) == []  # not again


async def test_a_dm_reminder_is_in_the_members_language_and_the_channel_fallback_in_the_servers(
        tmp_path: Path) -> None:
    """The DM follows the member's locale as last seen (Dutch), the channel the server's (Italian, set by
    a moderator); both times are Discord timestamps that every reader sees in their own time."""
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        await bot_of(wire).core.languages.set_server(GUILD, "it")
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        wire.locales[actor] = "nl"
        (answer,) = responses(await command(wire, "tikal-game notify", {"how": "dm"}, user=actor))
        assert "een privébericht" in text_of(answer)

        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        (opened,) = [c for c in calls if c.method == "POST" and c.path == "/users/@me/channels"]
        (dm,) = posts(calls, int(opened.response["id"]))
        assert (dm.json or {})["content"].startswith(f"⏰ Herinnering: jouw beurt in Tikal-spel #{game_id} op **Test "
                                                     "server**: wacht sinds gisteren — nog 1 dag (tot <t:")

        wire.fail_next.append((f"POST /channels/{int(opened.response['id'])}/messages", 403))
        _, calls = await tick(wire, clock, T0 + 44 * HOUR)
        (fallback,) = posts(calls, CHANNEL)
        assert (fallback.json or {})["content"] == (
            f"⏰ <@{actor}>, il tuo turno nella partita #{game_id}: in attesa da 2 giorni — scadenza tra 4 ore, poi il "
            "computer lo gioca per te.")


async def test_a_member_told_both_ways_gets_the_reminder_in_the_channels_language_and_the_dm_in_theirs(
        tmp_path: Path) -> None:
    """``/tikal-game notify both``: the reminder pings in the channel, in the server's language (Italian), and the
    DM that goes with it is in the member's own (Dutch)."""
    clock = FakeClock()
    async with running_bot(tmp_path / "t.sqlite3", clock=clock) as wire:
        await bot_of(wire).core.languages.set_server(GUILD, "it")
        game_id = await open_game(wire, [ANA, BEN])
        actor, _ = await to_act(wire, game_id)
        wire.locales[actor] = "nl"
        await command(wire, "tikal-game notify", {"how": "both"}, user=actor)
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        (reminder,) = posts(calls, CHANNEL)
        assert (reminder.json or {})["content"].startswith(f"⏰ <@{actor}>, il tuo turno nella partita #{game_id}")
        (opened,) = [c for c in calls if c.method == "POST" and c.path == "/users/@me/channels"]
        (dm,) = posts(calls, int(opened.response["id"]))
        assert (dm.json or {})["content"].startswith(f"⏰ Herinnering: jouw beurt in Tikal-spel #{game_id} op **")


async def test_a_member_told_by_dm_gets_each_wait_by_dm_and_both_gets_the_ping_too(tmp_path: Path) -> None:
    """``/tikal-game notify``: a wait's message names a member told by DM without pinging them and sends
    them a DM with its link; ``both`` pings in the channel and sends the DM; closed DMs: a channel ping instead."""
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        game_id = await open_game(wire, [ANA, BEN])
        first, other = await to_act(wire, game_id)
        calls = await command(wire, "tikal-game notify", {"how": "dm"}, user=other)
        assert "Saved" in text_of(responses(calls)[0]) and "a direct message" in text_of(responses(calls)[0])
        calls = await command(wire, "tikal-game notify", user=other)
        assert "you get a direct message" in text_of(responses(calls)[0])
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=first)
        calls = await command(wire, "tikal end", user=first)
        (wait,) = posts(calls, CHANNEL)
        assert wait.data["content"].startswith(f"<@{other}>, your turn") and pinged(wait) == ([], [])
        (opened,) = [c for c in calls if c.method == "POST" and c.path == "/users/@me/channels"]
        (dm,) = posts(calls, int(opened.response["id"]))
        content = (dm.json or {})["content"]
        assert content.startswith(f"⏰ Tikal game #{game_id} on **") and "your turn — place the " in content
        assert f"/channels/{GUILD}/{CHANNEL}/{wait.message_id}" in content and pinged(dm) == ([], [])

        await command(wire, "tikal-game notify", {"how": "both"}, user=first)
        view = await bot_of(wire).core.games.view(GUILD, game_id)
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=other)
        wire.fail_next.append(("POST /users/@me/channels", 403))  # Ana's DMs are closed
        calls = await command(wire, "tikal end", user=other)
        (wait,) = posts(calls, CHANNEL)  # both: pinged in the channel already, so no fallback ping
        assert pinged(wait) == ([str(first)], [])

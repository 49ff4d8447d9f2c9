"""The bot process: one per database file, command sync, moderation, and `python -m bot` without a token."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapter import command_links
from bot.adapter.app import TikalBot
from bot.core.storage.process_lock import DatabaseInUse
from bot.core.storage.rows import Status
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    MOD,
    bot_of,
    command,
    open_game,
    posts,
    responses,
    running_bot,
    settings,
    text_of,
)
from tests.bot.adapter.wire import APPLICATION_ID, BOT_USER_ID, Wire

ROOT = Path(__file__).resolve().parents[3]


async def test_a_second_bot_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with running_bot(path):
        second = TikalBot(settings(path))
        with pytest.raises(DatabaseInUse, match="Only one process may use a database file"):
            await second.setup_hook()
        await second.close()


async def test_commands_sync_to_the_dev_guild_when_set(tmp_path: Path) -> None:
    bot = TikalBot(settings(tmp_path / "t.sqlite3").model_copy(update={"dev_guild_id": 4242}))
    wire = Wire(bot)
    await wire.start()
    try:
        (sync,) = [c for c in wire.calls if c.path.startswith("/applications/")]
        assert sync.method == "PUT" and sync.path == f"/applications/{APPLICATION_ID}/guilds/4242/commands"
        registered: list[dict[str, Any]] = sync.json  # type: ignore[assignment]  # a bulk sync sends a list
        assert {c["name"] for c in registered} == {"tikal", "tikal-game", "tikal-mod"}
        mod = next(c for c in registered if c["name"] == "tikal-mod")
        assert int(mod["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    finally:
        await wire.close()


async def test_a_moderator_stops_a_running_game(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    turn = (await bot_of(wire).core.games.game(GUILD, game_id)).turn_message_id
    calls = await command(wire, "tikal-mod abort", user=BEN)  # Discord hides it from members; still refused
    assert responses(calls)[0].ephemeral and "moderator" in responses(calls)[0].data["content"]
    calls = await command(wire, "tikal-mod abort", user=7205, permissions=discord.Permissions.all().value)
    assert responses(calls)[0].ephemeral and "stopped" in responses(calls)[0].data["content"]
    (notice,) = posts(calls, CHANNEL)
    assert "🛑" in notice.data["content"] and notice.json is not None
    assert notice.json["allowed_mentions"]["parse"] == []
    final = [c for c in calls if c.method == "PATCH" and c.path.endswith(f"/messages/{turn}")]
    assert final and final[-1].json is not None and final[-1].json["components"] == []
    game = await bot_of(wire).core.games.game(GUILD, game_id)
    assert game.status is Status.ABORTED and game.turn_message_id is None
    calls = await command(wire, "tikal end", user=ANA)
    assert responses(calls)[0].ephemeral


def test_python_m_bot_without_a_token_runs_the_local_console(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(DISCORD_TOKEN="", BOARD_DIR=str(tmp_path / "boards"), DATABASE_PATH=str(tmp_path / "t.sqlite3"))
    done = subprocess.run([sys.executable, "-m", "bot"], input="board\nquit\n", capture_output=True, text=True,
                          cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "local console" in done.stdout
    assert list((tmp_path / "boards").glob("game-*/*.png"))


def test_env_example_lists_every_setting_and_parses() -> None:
    from bot.config import Settings

    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    named = {line.lstrip("# ").split("=")[0].lower() for line in text.splitlines() if "=" in line}
    assert set(Settings.model_fields) <= named
    parsed = Settings(_env_file=ROOT / ".env.example")
    assert not parsed.has_token and parsed.dev_guild_id is None
    assert (ROOT / "Procfile").read_text(encoding="utf-8").strip() == "worker: python -m bot"


@pytest.mark.parametrize(("raised", "said"), [
    ("aiohttp.ClientOSError(101, 'Network is unreachable')", "Could not reach Discord: "),
    ("discord.LoginFailure('Improper token has been passed.')", "Discord refused the token"),
], ids=["no network", "bad token"])
def test_python_m_bot_that_cannot_log_in_says_why_in_one_line(tmp_path: Path, raised: str, said: str) -> None:
    """No traceback and no voice warnings: one line on stderr and exit status 1."""
    code = ("import sys, aiohttp, discord, discord.http\n"
            f"async def refuse(self, token): raise {raised}\n"
            "discord.http.HTTPClient.static_login = refuse\n"
            "from bot.__main__ import main\n"
            "sys.exit(main())\n")
    env = {**os.environ, "DISCORD_TOKEN": "not.a.token", "DATABASE_PATH": str(tmp_path / "t.sqlite3"),
           "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=120)
    assert done.returncode == 1
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip() and " INFO " not in line]
    assert len(lines) == 1 and lines[0].startswith(said), lines  # one line, besides the INFO log
    assert "Traceback" not in done.stderr and "voice" not in done.stderr


async def test_the_bot_asks_only_for_the_guilds_intent_and_ignores_messages(
        wire: Wire, caplog: pytest.LogCaptureFixture) -> None:
    bot = bot_of(wire)
    assert bot.intents == discord.Intents(guilds=True)
    assert not bot.intents.members and not bot.intents.message_content and not bot.intents.guild_messages
    before = len(wire.calls)
    message: Any = {"id": "1", "channel_id": str(CHANNEL), "guild_id": str(GUILD), "type": 0,
                    "author": {"id": str(ANA), "username": "Ana", "discriminator": "0", "avatar": None},
                    "content": f"<@{BOT_USER_ID}> hello", "embeds": [], "attachments": [], "mentions": [],
                    "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
                    "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": 0}
    running = asyncio.all_tasks()
    bot._connection.parse_message_create(message)
    for _ in range(5):  # the events it dispatches (on_message, then any on_command_error) run as tasks
        events = [t for t in asyncio.all_tasks() - running if t.get_name().startswith("discord.py: on_")]
        running |= set(events)
        if events:
            await asyncio.wait(events, timeout=10)
        await asyncio.sleep(0)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert wire.calls[before:] == []


def syncs(wire: Wire) -> int:
    return len([c for c in wire.calls if c.method == "PUT" and c.path.startswith("/applications/")])


async def test_commands_are_synced_only_when_they_changed(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with running_bot(path) as wire:
        assert syncs(wire) == 1
    async with running_bot(path) as wire:
        assert syncs(wire) == 0  # the same tree: nothing asked of Discord
        assert command_links.link("/tikal place").startswith("</tikal place:")  # the ids were kept
    with sqlite3.connect(path) as db:
        db.execute("UPDATE app_state SET value = json_set(value, '$.hash', 'an older tree')")
    async with running_bot(path) as wire:
        assert syncs(wire) == 1


@pytest.mark.parametrize(("mode", "expected"), [("always", 2), ("never", 0)])
async def test_sync_commands_always_or_never(tmp_path: Path, mode: str, expected: int) -> None:
    count = 0
    for _ in range(2):
        bot = TikalBot(settings(tmp_path / "t.sqlite3").model_copy(update={"sync_commands": mode}))
        wire = Wire(bot)
        await wire.start()
        count += syncs(wire)
        await wire.close()
    assert count == expected


async def test_a_failed_sync_is_logged_and_the_bot_starts_anyway(tmp_path: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "t.sqlite3"
    bot = TikalBot(settings(path))
    wire = Wire(bot)
    wire.fail_next.append(("PUT /applications/", 429))
    await wire.start()
    try:
        wire.add_guild(GUILD, owner_id=MOD, members={ANA: "Ana", BEN: "Ben"}, channels=[CHANNEL])
        assert any("could not sync the slash commands" in r.getMessage() for r in caplog.records)
        calls = await command(wire, "tikal-game rules", user=ANA)  # the commands Discord has still work
        assert "`/tikal place`" in text_of(responses(calls)[0])  # no ids known: plain text
        wire.check()
    finally:
        await wire.close()
    async with running_bot(path) as again:
        assert syncs(again) == 1  # tried again at the next start


async def test_command_paths_in_messages_are_clickable(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    turn = wire.messages[(await bot_of(wire).core.games.game(GUILD, game_id)).turn_message_id or 0]
    assert "</tikal place:" in turn["embeds"][0]["description"]
    calls = await command(wire, "tikal-game rules", user=ANA)
    assert "</tikal uncover:" in text_of(responses(calls)[0]) and "`/tikal" not in text_of(responses(calls)[0])

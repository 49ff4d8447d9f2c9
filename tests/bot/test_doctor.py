"""``python -m bot doctor`` without Discord: the token's form, the database reachable and migrated (read without the
bot's lock, so beside a running bot too), the web view's and health port's addresses; the exit code says whether
anything would stop the bot. (Its Discord checks are tested through the wire harness: test_discord_doctor.py.)"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.config import Settings
from bot.core.health.doctor import LATEST_SCHEMA, Level, token_form
from bot.core.storage.backends import open_storage
from bot.doctor import diagnose, report
from lang import translator

ROOT = Path(__file__).resolve().parents[2]
EN = translator("en")
TOKEN = "OTAwMDAwMDAwMDAwMDAwMDAy.GxYzAb.abcdefghijklmnopqrstuvwxyz0123456789ABC"
"""The form of a bot token (the first part is the bot's id, 900000000000000002, in base64); Discord never saw it."""


def settings(**more: object) -> Settings:
    return Settings(_env_file=None, **more)  # type: ignore[arg-type]


def test_the_tokens_form() -> None:
    assert token_form(TOKEN)[1] == 900000000000000002
    assert token_form(TOKEN)[0].level is Level.OK
    for wrong in (None, "", "   ", "Bot " + TOKEN.split(".")[0], "not.a.token", f'"{TOKEN}"'):
        assert token_form(wrong)[0].level is Level.PROBLEM, wrong


async def test_a_running_bots_database_is_read_without_its_lock(tmp_path: Path) -> None:
    database = tmp_path / "tikal.sqlite3"
    storage = await open_storage(database)  # a running bot holds the file
    try:
        found, _ = await diagnose(settings(database_path=database), EN)
    finally:
        await storage.close()
    text = report(found, {}, EN)
    assert f"✅ The database {database} answers and is up to date (schema {LATEST_SCHEMA})." in text
    assert "❌ There is no DISCORD_TOKEN" in text and text.endswith("1 problem would stop the bot.")


async def test_a_database_from_a_newer_bot_and_one_not_there_yet(tmp_path: Path) -> None:
    database = tmp_path / "tikal.sqlite3"
    storage = await open_storage(database)
    await storage.close()
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, 0)", (LATEST_SCHEMA + 1,))
    found, _ = await diagnose(settings(database_path=database), EN)
    assert any(f.level is Level.PROBLEM and "newer version" in EN.message(f.said) for f in found)
    found, _ = await diagnose(settings(database_path=tmp_path / "none.sqlite3"), EN)
    assert any(f.level is Level.NOTE and "creates it at its first start" in EN.message(f.said) for f in found)
    assert not (tmp_path / "none.sqlite3").exists()  # the doctor creates nothing
    found, _ = await diagnose(settings(database_url="postgresql://tikal:secret@127.0.0.1:1/tikal"), EN)
    (unreachable,) = [EN.message(f.said) for f in found if "cannot be read" in EN.message(f.said)]
    assert "127.0.0.1:1/tikal" in unreachable and "secret" not in unreachable


async def test_the_addresses(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        found, _ = await diagnose(settings(database_path=tmp_path / "t.sqlite3", web_url="http://tikal.example.org",
                                           web_port=port, web_host="127.0.0.1", health_port=port,
                                           health_host="192.0.2.1"), EN)
    said = {EN.message(f.said): f.level for f in found}
    assert said["WEB_URL http://tikal.example.org is plain http: the pages' addresses (which open a game) travel "
                "unencrypted; put the view behind https."] is Level.NOTE
    assert any(text.startswith(f"WEB_PORT 127.0.0.1:{port} is in use") and level is Level.NOTE
               for text, level in said.items())
    assert any(text.startswith(f"HEALTH_PORT 192.0.2.1:{port} cannot be served here (EADDRNOTAVAIL)")
               and level is Level.PROBLEM for text, level in said.items())


def test_the_command_speaks_the_terminals_language_and_exits_1_on_a_problem(tmp_path: Path) -> None:
    env = {**os.environ, "DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(tmp_path / "t.sqlite3"),
           "LANG": "en_US.UTF-8", "LANGUAGE": ""}
    done = subprocess.run([sys.executable, "-m", "bot", "doctor"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == "The bot"
    assert "❌ DISCORD_TOKEN does not have the form of a bot token" in done.stdout
    german = subprocess.run([sys.executable, "-m", "bot", "doctor"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120, env={**env, "LANG": "de_DE.UTF-8"})
    assert german.returncode == 1 and german.stdout.splitlines()[0] == translator("de").tr("doctor.title_bot",
                                                                                             "The bot")

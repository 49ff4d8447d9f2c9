"""``python -m bot migrate-db``: a SQLite file's games copied into PostgreSQL, each checked by replaying it."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.clocks.members import Members
from bot.core.storage.backends import open_storage
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, OTHER_GUILD, open_service, play_to_end
from tests.bot.core.servicekit import started_game as start
from tests.pgcluster import Cluster

ROOT = Path(__file__).resolve().parents[4]


def migrate(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN")}
    return subprocess.run([sys.executable, "-m", "bot", "migrate-db", "--from", str(source), "--to", url],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


async def a_database_with_everything(path: Path) -> dict[str, object]:
    """Running, finished, computer and lobby games in two guilds, settings, a post given up."""
    async with open_service(path) as svc:
        rng = random.Random(5)
        running = await start(svc, 3, "auction")
        await play_to_end(svc, running, rng, limit=40)
        finished = await start(svc, 2, channel=CHANNEL + 1)
        await play_to_end(svc, finished, rng)
        computers = await svc.lobby.new_game(OTHER_GUILD, CHANNEL, MEMBERS[0], NAMES[0], seats=3, computers=2,
                                       computer_level="easy")
        await svc.lobby.start(OTHER_GUILD, computers.id, MEMBERS[0])
        await svc.computers.play_computers(OTHER_GUILD, computers.id)
        season = await svc.standings.start_season(GUILD, "Spring", 1, is_moderator=True)
        lobby = await svc.lobby.new_game(GUILD, CHANNEL + 2, MEMBERS[1], NAMES[1], seats=4)
        await Members(svc.storage).update(MEMBERS[0], delivery="dm", time_zone="Europe/Berlin",
                                          quiet=("22:00", "7:00"))
        await svc.moderation.configure(GUILD, 1, is_moderator=True, turn_hours=24, policy="skip")
        posts = await svc.outbox.pending_posts()
        await svc.outbox.give_up(posts[0], "I lack **Send Messages** there")
        stats = await svc.history.stats(GUILD)
        standings = svc.standings
        rated = (await standings.leaderboard(GUILD), await standings.member(GUILD, MEMBERS[0]), season)
        return {"rated": rated, "running": running.id, "finished": finished.id, "computers": computers.id,
                "lobby": lobby.id,
                "views": {g: await svc.games.view(guild, g) for guild, g in ((GUILD, running.id), (GUILD, finished.id),
                                                                        (OTHER_GUILD, computers.id))},
                "stats": stats, "given_up": (posts[0].guild_id, posts[0].game_id),
                "undelivered": await svc.outbox.undelivered(posts[0].guild_id, posts[0].game_id)}


@pytest.mark.slow
async def test_every_game_is_copied_replays_and_plays_on(tmp_path: Path, pg_url: str) -> None:
    source = tmp_path / "t.sqlite3"
    before = await a_database_with_everything(source)
    done = migrate(source, pg_url)
    assert done.returncode == 0, done.stderr
    assert "copied 4 games" in done.stdout and "3 started games replay to their snapshots" in done.stdout
    async with open_service(pg_url) as svc:
        views = before["views"]
        assert isinstance(views, dict)
        for game_id, view in views.items():
            guild = OTHER_GUILD if game_id == before["computers"] else GUILD
            assert await svc.games.view(guild, game_id) == view
        assert (await svc.games.game(GUILD, int(str(before["lobby"])))).status.value == "lobby"
        assert await svc.history.stats(GUILD) == before["stats"]
        standings = svc.standings
        board, mine, season = before["rated"]  # type: ignore[misc]
        assert board.total == 2 and mine.changes  # the finished game was rated
        assert await standings.leaderboard(GUILD) == board and await standings.member(GUILD, MEMBERS[0]) == mine
        assert await standings.end_season(GUILD, 1, is_moderator=True) != season
        assert (await standings.start_season(GUILD, "Summer", 1, is_moderator=True)).id > season.id
        guild, game_id = before["given_up"]  # type: ignore[misc]
        assert await svc.outbox.undelivered(guild, game_id) == before["undelivered"] != []
        member = await Members(svc.storage).get(MEMBERS[0])
        assert member.delivery == "dm" and member.time_zone == "Europe/Berlin"
        assert (await svc.moderation.config(GUILD)).defaults.policy == "skip"
        # It plays on in PostgreSQL, and new games and posts get new ids.
        running = await svc.games.game(GUILD, int(str(before["running"])))
        await play_to_end(svc, running, random.Random(9), limit=5)
        fresh = await svc.lobby.new_game(GUILD, CHANNEL + 3, MEMBERS[0], NAMES[0])
        assert fresh.id > max(int(str(before[k])) for k in ("running", "finished", "computers", "lobby"))
    again = migrate(source, pg_url)
    assert again.returncode == 1 and "already holds" in again.stderr  # into an empty database only


@pytest.mark.slow
async def test_a_game_that_does_not_replay_to_its_snapshot_is_reported(tmp_path: Path, pg_cluster: Cluster) -> None:
    source = tmp_path / "t.sqlite3"
    async with open_service(source) as svc:
        game = await start(svc, 2)
        await play_to_end(svc, game, random.Random(1), limit=6)
    with sqlite3.connect(source) as db:  # a snapshot that is not the log's state any more
        db.execute("UPDATE snapshots SET state_json = replace(state_json, '\"turn\":', '\"turn\": ')")
    url = await pg_cluster.create_database()
    try:
        done = migrate(source, url)
        assert done.returncode == 1
        assert f"game #{game.id}: the snapshot" in done.stderr
        storage = await open_storage(url)
        await storage.close()
    finally:
        await pg_cluster.drop_database(url)


async def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    """A table added by a later migration must be named in ``copy_db`` (or its rows would be left behind)."""
    from bot.core.storage.copy_db import GAME_TABLES, GLOBAL_TABLES

    async with open_service(tmp_path / "t.sqlite3"):
        pass
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    # purge_permits is empty outside the transaction of a purge; the schema's bookkeeping is the target's own
    assert tables - {"schema_version", "sqlite_sequence", "purge_permits"} == {*GLOBAL_TABLES, "games", *GAME_TABLES}

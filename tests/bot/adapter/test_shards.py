"""Two bot processes, each running some of Discord's shards, on one PostgreSQL database (real OS processes).

Each child (``shard_child.py``) is the real ``ShardedTikalBot`` offline through the wire harness, with the
guilds of its own shard only, as Discord would give them. They play games at the same time and tick their
clocks; then one is killed with SIGKILL in the middle of a move's transaction while the other plays on, and a
new process takes its shard over; that one is killed in turn while a post it claimed hangs in Discord, and the
next one sends the post when the dead sender's lease has run out. Nothing may be lost or doubled: every game
replays to its snapshot, no post is sent twice, a process never sends another shard's post or ticks another
shard's clock, and the start-up membership check never marks another shard's server removed.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.core.storage import sql
from bot.core.storage.backends import open_storage
from tests.bot.core.servicekit import replays_to_snapshot

ROOT = Path(__file__).resolve().parents[3]
COUNT = 2
A_GUILD, B_GUILD = 4 << 22, 5 << 22  # (guild >> 22) % 2: shard 0 and shard 1
A_GONE, B_ONLY = 6 << 22, 7 << 22  # data of a shard-0 server the bot left; a shard-1 server only B is in
A_CHANNELS, B_CHANNELS = [8101, 8102], [8201, 8202]

pytestmark = pytest.mark.timeout(420)


class Child:
    """One bot process: JSON lines in and out."""

    def __init__(self, name: str, url: str, shard: int | str, guilds: dict[int, list[int]], log: Path) -> None:
        self.name, self.url, self.shard, self.guilds, self.log = name, url, shard, guilds, log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> dict[str, Any]:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.adapter.shard_child", "--url", self.url, "--count", str(COUNT),
            "--ids", str(self.shard), "--guilds", json.dumps(self.guilds), "--lease", "5",
            cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=self.log.open("ab"),
        )
        return await self.answer()

    async def answer(self) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), timeout=240)
        assert line, f"{self.name} ended:\n{self.log.read_text()[-4000:]}"
        return dict(json.loads(line))

    async def tell(self, **order: Any) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(order) + "\n").encode())
        await self.proc.stdin.drain()

    async def ask(self, **order: Any) -> dict[str, Any]:
        await self.tell(**order)
        return await self.answer()

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def quit(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            await self.tell(do="quit")
            await asyncio.wait_for(self.proc.wait(), timeout=60)


async def replays_to_snapshots(url: str) -> dict[int, int]:
    """Every game's version, after checking that its log replays to its snapshot."""
    storage = await open_storage(url)
    versions = {}
    try:
        async with storage.read() as r:
            games = await sql.rows(r, "SELECT guild_id, id FROM games WHERE status = 'running'")
            for guild, game_id in games:
                versions[game_id] = (await replays_to_snapshot(r, guild, game_id)).version
    finally:
        await storage.close()
    return versions


async def database_rows(url: str, query: str) -> list[tuple[Any, ...]]:
    storage = await open_storage(url)
    try:
        async with storage.read() as r:
            return await sql.rows(r, query)
    finally:
        await storage.close()


@pytest.mark.slow
async def test_two_processes_share_the_work_and_survive_a_kill(pg_url: str, tmp_path: Path) -> None:
    storage = await open_storage(pg_url)  # the schema, and stored servers of both shards
    async with storage.transaction() as tx:
        for guild in (A_GUILD, B_GUILD, A_GONE, B_ONLY):
            await sql.run(tx, "INSERT INTO guild_timing (guild_id, updated_at) VALUES (?, 0)", (guild,))
    await storage.close()

    a = Child("A", pg_url, 0, {A_GUILD: A_CHANNELS}, tmp_path / "a.log")
    b = Child("B", pg_url, 1, {B_GUILD: B_CHANNELS, B_ONLY: [8301]}, tmp_path / "b.log")
    children = [a, b]
    try:
        ready = await asyncio.gather(a.start(), b.start())
        assert [r["shards"] for r in ready] == ["shards 0 of 2", "shards 1 of 2"]
        # Each checked its own servers only: A's left server is marked; B's servers, which A is not in, are not.
        assert await database_rows(pg_url, "SELECT guild_id FROM guild_removals") == [(A_GONE,)]

        games: dict[str, list[tuple[int, int]]] = {"A": [], "B": []}
        for channel_a, channel_b in zip(A_CHANNELS, B_CHANNELS, strict=True):
            opened = await asyncio.gather(a.ask(do="open", guild=A_GUILD, channel=channel_a),
                                          b.ask(do="open", guild=B_GUILD, channel=channel_b))
            games["A"].append((opened[0]["game"], channel_a))
            games["B"].append((opened[1]["game"], channel_b))
        for _ in range(2):  # both processes play at the same time, game after game
            for (game_a, channel_a), (game_b, channel_b) in zip(games["A"], games["B"], strict=True):
                played = await asyncio.gather(
                    a.ask(do="play", guild=A_GUILD, game=game_a, channel=channel_a, commands=8),
                    b.ask(do="play", guild=B_GUILD, game=game_b, channel=channel_b, commands=8))
                assert all(p["versions"] for p in played)
        # Each ticks its own clocks only: 25 hours later every game waits for a reminder (half-way through the
        # default 48 h), and A's tick reminds A's players; B's games are left for B.
        assert (await a.ask(do="tick", later=25))["guilds"] == [A_GUILD]
        assert await database_rows(pg_url, "SELECT guild_id FROM game_clocks WHERE reminded_at IS NOT NULL "
                                           "GROUP BY guild_id") == [(A_GUILD,)]
        assert (await b.ask(do="tick", later=25))["guilds"] == [B_GUILD]
        await asyncio.gather(a.ask(do="flush"), b.ask(do="flush"))
        sent = {c.name: (await c.ask(do="sent"))["posts"] for c in children}
        assert {int(ch) for ch, _ in sent["A"]} <= set(A_CHANNELS)  # nobody posts for another shard's server
        assert {int(ch) for ch, _ in sent["B"]} <= set(B_CHANNELS)
        nonces = [n for c in children for _, n in sent[c.name] if n is not None]
        assert nonces and len(nonces) == len(set(nonces))  # no post sent twice
        assert await database_rows(pg_url, "SELECT id FROM outbox WHERE sent_at IS NULL") == []
        before = await replays_to_snapshots(pg_url)

        # SIGKILL in the middle of a move: A stops inside the transaction, before its commit.
        game_a, channel_a = games["A"][0]
        await a.ask(do="hang")
        await a.tell(do="play", guild=A_GUILD, game=game_a, channel=channel_a, commands=1)
        assert (await a.answer()) == {"in_commit": True}
        await a.kill()
        # B goes on meanwhile, in the same database.
        game_b, channel_b = games["B"][0]
        assert len((await b.ask(do="play", guild=B_GUILD, game=game_b, channel=channel_b, commands=6))["versions"]) \
            == 6
        after_kill = await replays_to_snapshots(pg_url)
        assert after_kill[game_a] == before[game_a]  # the killed move left nothing behind
        assert after_kill[game_b] > before[game_b]

        # A new process takes shard 0 over: the game goes on where it was, and nothing is sent twice.
        a2 = Child("A2", pg_url, 0, {A_GUILD: A_CHANNELS}, tmp_path / "a2.log")
        children.append(a2)
        await a2.start()
        assert len((await a2.ask(do="play", guild=A_GUILD, game=game_a, channel=channel_a, commands=6))["versions"]) \
            == 6
        await asyncio.gather(a2.ask(do="flush"), b.ask(do="flush"))
        again = [n for _, n in (await a2.ask(do="sent"))["posts"] if n is not None]
        more = [n for _, n in (await b.ask(do="sent"))["posts"] if n is not None]
        everything = [n for _, n in sent["A"] if n is not None] + again + more
        assert len(everything) == len(set(everything))
        assert await database_rows(pg_url, "SELECT id FROM outbox WHERE sent_at IS NULL") == []
        final = await replays_to_snapshots(pg_url)
        assert final[game_a] > before[game_a]
        assert await database_rows(pg_url, "SELECT guild_id FROM guild_removals") == [(A_GONE,)]

        # SIGKILL while a post is being sent: claimed (its lease, 5 s here), not yet marked sent. The process that
        # takes the shard over sends it once the lease has run out.
        await a2.ask(do="stall")
        await a2.tell(do="pause", guild=A_GUILD, game=game_a, channel=channel_a)
        claimed: list[tuple[Any, ...]] = []
        for _ in range(600):
            claimed = await database_rows(pg_url, f"SELECT id, nonce, retry_at FROM outbox WHERE guild_id = {A_GUILD} "
                                                  "AND sent_at IS NULL AND retry_at IS NOT NULL")
            if claimed:
                break
            await asyncio.sleep(0.1)
        assert len(claimed) == 1, "the pause's post was claimed and is being sent"
        await a2.kill()
        a3 = Child("A3", pg_url, 0, {A_GUILD: A_CHANNELS}, tmp_path / "a3.log")
        children.append(a3)
        await a3.start()
        await asyncio.sleep(max(0.0, float(claimed[0][2]) - time.time()) + 0.2)  # until the dead sender's lease ran out
        assert (await a3.ask(do="flush"))["sent"] == 1
        # (the other messages: the live turn message brought up to date after it)
        sent = await a3.ask(do="sent")
        assert [n for _, n in sent["posts"]].count(claimed[0][1]) == 1 and sent["refused"] == []
        assert await database_rows(pg_url, "SELECT id FROM outbox WHERE sent_at IS NULL") == []
    finally:
        for child in children:
            if child.proc is not None and child.proc.returncode is None:
                try:
                    await child.quit()
                except Exception:
                    child.proc.kill()


@pytest.mark.slow
async def test_bursts_through_two_processes_on_the_same_games_are_answered_once_and_lose_nothing(
        pg_url: str, tmp_path: Path) -> None:
    """Two processes run the same shards (a deploy overlapping: either may get a server's interactions) and take
    bursts of mixed interactions on the same games at the same moment. Every interaction is answered once and
    never with "Something went wrong", every game's snapshot is the replay of its log, and every post queued goes
    out once, by one of the two."""
    guilds = {A_GUILD: A_CHANNELS, B_GUILD: B_CHANNELS}
    a = Child("A", pg_url, "0-1", guilds, tmp_path / "a.log")
    b = Child("B", pg_url, "0-1", guilds, tmp_path / "b.log")
    children = [a, b]
    try:
        ready = await asyncio.gather(a.start(), b.start())
        assert [r["shards"] for r in ready] == ["all 2 shards"] * 2
        opened = await asyncio.gather(a.ask(do="open", guild=A_GUILD, channel=A_CHANNELS[0]),
                                      b.ask(do="open", guild=B_GUILD, channel=B_CHANNELS[0]))
        games = [(A_GUILD, opened[0]["game"], A_CHANNELS[0]), (B_GUILD, opened[1]["game"], B_CHANNELS[0])]
        bursts = []
        for _ in range(3):
            for guild, game, channel in games:  # both processes at once, on the same game
                bursts += await asyncio.gather(*(c.ask(do="burst", guild=guild, game=game, channel=channel)
                                                 for c in children))
        assert [b for b in bursts if set(b["answers"]) != {1} or b["wrong"] or b["refused"]] == []
        await asyncio.gather(a.ask(do="flush"), b.ask(do="flush"))
        versions = await replays_to_snapshots(pg_url)
        assert all(versions[game] > 2 for _, game, _ in games)
        delivered = [n for c in children for _, n in (await c.ask(do="delivered"))["posts"] if n is not None]
        assert len(delivered) == len(set(delivered))  # no post sent twice
        assert await database_rows(pg_url, "SELECT id FROM outbox WHERE sent_at IS NULL OR given_up_at IS NOT NULL") \
            == []
        queued = {str(n) for (n,) in await database_rows(pg_url, "SELECT nonce FROM outbox WHERE message_id IS NOT "
                                                                  "NULL")}
        assert queued <= set(delivered)  # none lost: each one a message in the channel
    finally:
        for child in children:
            if child.proc is not None and child.proc.returncode is None:
                try:
                    await child.quit()
                except Exception:
                    child.proc.kill()


async def test_a_sharded_bot_is_discords_auto_sharded_bot_with_the_same_commands(pg_url: str, db_path: Path) -> None:
    from discord.ext import commands

    from bot.adapter.app import ShardedTikalBot, TikalBot, make_bot
    from tests.bot.adapter.discordkit import settings
    from tests.bot.adapter.wire import Wire

    plain = make_bot(settings(db_path))
    sharded = make_bot(settings(pg_url, shard_count=4, shard_ids="1,3"))
    assert type(plain) is TikalBot and not isinstance(plain, commands.AutoShardedBot)
    assert isinstance(sharded, ShardedTikalBot) and isinstance(sharded, commands.AutoShardedBot)
    assert sharded.shard_count == 4 and sharded.shard_ids == [1, 3]
    trees = []
    for client in (plain, sharded):
        wire = Wire(client)
        await wire.start()
        try:
            trees.append([c.to_dict(client.tree) for c in client.tree.get_commands()])
            assert str(client.core.store.shards) == ("every shard" if client is plain else "shards 1, 3 of 4")
        finally:
            await wire.close()
    assert trees[0] == trees[1]

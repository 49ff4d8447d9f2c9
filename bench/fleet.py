"""Many live games on PostgreSQL served by two bot processes (not a test: nothing fails on a missed target).

    python bench/fleet.py [--games 1000,3000,10000] [--processes 2] [--seconds 120] [--every 300] [--pg-url URL]

For each size: a fresh database on a throwaway PostgreSQL server (durable defaults: fsync on), or ``--pg-url``'s;
the games are opened, joined and started through the core (2 players, basic), spread over 2 × 20 servers of both
shards, with their first posts marked sent and their live wait messages known, as a bot that has been running for a
while leaves them. Then
``--processes`` real ``ShardedTikalBot`` processes (one shard each, offline through the wire harness) start on it and
drive a realistic mix for ``--seconds``: most games idle, each game a command every ``--every`` seconds on average
(arrivals at random, all games alike: ``games / every`` commands a second over both processes), each command the
player to act's next move as a slash command, its posts (the board's picture) rendered and sent by the outbox.
Reported: the start (until the outbox resumed), commands per second done, p50/p99 of a command (from its raw
interaction until every task it started has finished), each process's resident memory at the end and at its peak,
and one scheduler tick of a process at a time when every game's reminder is due (``Scheduler.batch`` games a tick:
the tick's seconds, and how long the process's ticks take to work through every due game of its shard).

Targets: p99 ≤ 200 ms, ≤ 300 MB a process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tests.bot.adapter.discordkit import ANA, BEN, NAMES  # noqa: E402

SERVERS_PER_SHARD = 20
CHANNEL_BASE = 50_000_000


def guilds_of(shard: int, count: int) -> list[int]:
    """Server ids that fall on ``shard`` of ``count`` ((id >> 22) % count)."""
    return [((i * count + shard) << 22) | 1 for i in range(1, SERVERS_PER_SHARD + 1)]


def layout(games: int, count: int) -> dict[int, dict[int, list[int]]]:
    """Per shard, per server, the channels of its games (one game a channel)."""
    plan: dict[int, dict[int, list[int]]] = {s: {g: [] for g in guilds_of(s, count)} for s in range(count)}
    for n in range(games):
        shard = n % count
        servers = guilds_of(shard, count)
        plan[shard][servers[(n // count) % len(servers)]].append(CHANNEL_BASE + n)
    return plan


def rss_mb() -> tuple[float, float]:
    """This process's resident memory now and at its peak, in MB."""
    now = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            now = int(line.split()[1]) / 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return now, peak


async def seed(url: str, games: int, count: int) -> float:
    """Open, join and start every game through the core; their queued posts marked sent. Seconds taken."""
    from bot.core.assembly import Core
    from bot.core.storage import sql

    core = await Core.open(url)
    began = time.perf_counter()
    try:
        jobs = [(guild, channel) for shard in layout(games, count).values() for guild, channels in shard.items()
                for channel in channels]
        semaphore = asyncio.Semaphore(8)

        async def one(guild: int, channel: int) -> None:
            async with semaphore:
                info = await core.lobby.new_game(guild, channel, ANA, NAMES[ANA], variant="basic", seats=2)
                await core.lobby.join(guild, info.id, BEN, NAMES[BEN])
                await core.lobby.start(guild, info.id, ANA)

        for start in range(0, len(jobs), 500):
            await asyncio.gather(*(one(g, c) for g, c in jobs[start:start + 500]))
        async with core.storage.transaction() as tx:  # as Discord took them: each running game has its live message
            await sql.run(tx, "UPDATE outbox SET sent_at = ?, message_id = 1000000000000000000 + id "
                              "WHERE sent_at IS NULL", (time.time(),))
            await sql.run(tx, "UPDATE games SET turn_message_id = 2000000000000000000 + id WHERE status = 'running'")
    finally:
        await core.close()
    return time.perf_counter() - began


async def worker(args: argparse.Namespace) -> None:
    """One bot process: its shard's servers and games; the mix after the "go" line; then the tick."""
    from bench.bot import start_bot
    from bot.adapter.app import TikalBot
    from tests.bot.adapter import discordkit

    servers = layout(args.games, args.count)[args.shard]
    began = time.perf_counter()
    first, *others = servers.items()
    wire = await start_bot(args.database, first[1], guild=first[0], shard_count=args.count,
                           shard_ids=str(args.shard))
    for guild, channels in others:
        wire.add_guild(guild, owner_id=discordkit.MOD, members=dict(NAMES), channels=channels,
                       everyone_permissions=discordkit.PLAYER_PERMISSIONS)
    started = time.perf_counter() - began
    bot = wire.client
    assert isinstance(bot, TikalBot)
    core = bot.core
    games = {(guild, channel) for guild, channels in servers.items() for channel in channels}
    ids: list[tuple[int, int, int]] = []
    async with core.storage.read() as r:
        from bot.core.storage import sql

        for game_id, guild, channel in await sql.rows(
                r, f"SELECT id, guild_id, channel_id FROM games WHERE status = 'running'{core.store.shards.where()}"):
            if (guild, channel) in games:
                ids.append((int(game_id), int(guild), int(channel)))
    rng = random.Random(args.shard)
    print(json.dumps({"ready": True, "start": started, "games": len(ids), "rss": rss_mb()}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    rate = args.rate / args.count
    busy: set[int] = set()
    latencies: list[float] = []
    skipped = 0
    tasks: set[asyncio.Task[None]] = set()

    async def play(game_id: int, guild: int, channel: int) -> None:
        try:
            view = await core.games.view(guild, game_id)
            if view.finished or view.to_act is None:
                return
            seat = (await core.games.game(guild, game_id)).at_seat(view.to_act)
            assert seat is not None
            entries = await core.turns.legal_moves(guild, game_id, seat.member_id)
            move = discordkit.pick_move(entries, rng, 0 if view.phase.value == "place" else rng.randrange(3))
            name, options = discordkit.as_command(move)
            payload = wire.command_payload(name, options, guild_id=guild, channel_id=channel,
                                           user_id=seat.member_id, name=NAMES[seat.member_id])
            sent = time.perf_counter()
            await wire.send(payload)
            latencies.append(time.perf_counter() - sent)
        finally:
            busy.discard(game_id)

    began = time.perf_counter()
    deadline = began + args.seconds
    due = began
    while True:
        due += rng.expovariate(rate)
        if due >= deadline:
            break
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        game_id, guild, channel = rng.choice(ids)
        if game_id in busy:
            skipped += 1
            continue
        busy.add(game_id)
        task = asyncio.create_task(play(game_id, guild, channel))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - began
    memory = rss_mb()
    # every game's reminder (half-way through its 48-hour turn) is due 25 hours from now
    later = time.time() + 25 * 3600
    tick_began = time.perf_counter()
    report = await core.scheduler.tick(later)
    one_tick = time.perf_counter() - tick_began
    ticks, reminders = 1, len(report.posts)
    while report.anything:
        report = await core.scheduler.tick(later)
        ticks += 1
        reminders += len(report.posts)
    drained = time.perf_counter() - tick_began
    print(json.dumps({"elapsed": elapsed, "latencies": latencies, "skipped": skipped, "rss": memory,
                      "tick": one_tick, "ticks": ticks, "drained": drained, "reminders": reminders,
                      "batch": core.scheduler.batch}), flush=True)
    await wire.close()


async def run(url: str, args: argparse.Namespace, games: int) -> dict[str, Any]:
    seeded = await seed(url, games, args.processes)
    rate = games / args.every
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", "--database", url, "--count", str(args.processes), "--shard", str(s),
        "--games", str(games), "--rate", str(rate), "--seconds", str(args.seconds), cwd=ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE) for s in range(args.processes)]
    ready = []
    for proc in procs:
        assert proc.stdout is not None
        ready.append(json.loads(await proc.stdout.readline()))
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    done = []
    for proc in procs:
        assert proc.stdout is not None
        done.append(json.loads(await proc.stdout.readline()))
        await proc.wait()
    latencies = [t for d in done for t in d["latencies"]]
    ordered = sorted(latencies)
    return {"games": games, "seeded": seeded, "rate": rate, "ready": ready, "done": done,
            "per_second": len(latencies) / max(d["elapsed"] for d in done),
            "p50": statistics.median(latencies) * 1e3 if latencies else 0.0,
            "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1e3 if latencies else 0.0,
            "n": len(latencies)}


def show(result: dict[str, Any]) -> None:
    ready, done = result["ready"], result["done"]
    print(f"{result['games']:>6} games: seeded in {result['seeded']:.0f} s; load {result['rate']:.1f} commands/s "
          f"offered; done {result['per_second']:.1f}/s (n={result['n']}, "
          f"{sum(d['skipped'] for d in done)} arrivals on a game still busy skipped); "
          f"p50 {result['p50']:.0f} ms, p99 {result['p99']:.0f} ms")
    for shard, (r, d) in enumerate(zip(ready, done, strict=True)):
        print(f"    process {shard}: {r['games']} games, start {r['start']:.1f} s, RSS after start "
              f"{r['rss'][0]:.0f} MB, after the run {d['rss'][0]:.0f} MB (peak {d['rss'][1]:.0f} MB); "
              f"reminders due: one tick of {d['batch']} games {d['tick']:.2f} s, all {d['reminders']} posts in "
              f"{d['ticks']} ticks, {d['drained']:.1f} s")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="1000,3000,10000")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--every", type=float, default=300.0, help="seconds between a game's commands, on average")
    parser.add_argument("--pg-url", default=None)
    parser.add_argument("--json", type=Path, default=None, help="also write the results to this file")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--rate", type=float, default=1.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        args.games = int(args.games)
        await worker(args)
        return
    from tests.pgcluster import Cluster, server_binaries

    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.processes} processes, "
          f"a command per game every {args.every:.0f} s on average, {args.seconds:.0f} s each", flush=True)
    results = []
    cluster = None
    if args.pg_url is None:
        binaries = server_binaries()
        if binaries is None:
            print("no PostgreSQL server binaries: pass --pg-url")
            return
        cluster = Cluster(binaries).start(durable=True)
    try:
        for games in (int(n) for n in args.games.split(",")):
            url = args.pg_url if cluster is None else await cluster.create_database()
            result = await run(url, args, games)
            show(result)
            results.append(result)
            if cluster is not None:
                await cluster.drop_database(url)
            if args.json is not None:
                args.json.write_text(json.dumps([{k: v for k, v in r.items()} for r in results]))
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    asyncio.run(main())

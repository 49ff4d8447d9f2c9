"""Many live games on PostgreSQL served by two bot processes (not a test: nothing fails on a missed target).

    python bench/fleet.py [--games 1000,3000,10000] [--processes 2] [--seconds 120] [--active 0.1] [--every 120]
                          [--session 600] [--reminders-per-day 2] [--deadlines-per-day 0.25] [--pg-url URL]
                          [--trace FILE]

For each size: a fresh database on a throwaway PostgreSQL server (durable defaults: fsync on), or ``--pg-url``'s;
the games are opened, joined and started through the core (2 players, basic), spread over 2 × 20 servers of both
shards, with their first posts marked sent and their live wait messages known, as a bot that has been running for a
while leaves them. Then ``--processes`` real ``ShardedTikalBot`` processes (one shard each, offline through the wire
harness) start on it and serve, for ``--seconds``, the load of games played asynchronously over days:

- most games idle: at any moment a fraction ``--active`` of them (10 %) has a player at it, each such game a command
  every ``--every`` seconds on average (120 s: a turn is several commands — a hexagon placed, moves, end — made at a
  phone's pace), arrivals at random; an active game stays so for ``--session`` seconds on average (600 s), then
  another takes its place. Offered: ``games × active / every`` commands a second over all processes (8.3/s for
  10,000 games). Each command is the player to act's next move as a slash command, its posts (the board's picture)
  rendered and sent by the outbox;
- reminders and deadlines fall due meanwhile, as they do for waits that began at random times: per game
  ``--reminders-per-day`` reminders and ``--deadlines-per-day`` deadlines (whose computer player then plays the
  turn), spread over the run; the bot's own scheduler (its minute's tick) does them.

Reported: the start (until the outbox resumed), commands per second done, p50/p99 of a command (from its raw
interaction until every task started meanwhile has finished), each process's resident memory after the start, at the
end of the load and after the reminders below (and its peak), and a scheduler at a moment when every game's reminder
is due at once (half-way through its 48-hour turn): one tick of the one-by-one path of before (200 games, each game
loaded, one transaction each) timed for comparison, then the batches (``bot.core.days.batches``) working through the
rest of the process's games, then the outbox sending those reminders (through the wire harness).

The wire harness stands in for Discord inside each process; what it records of the requests (their bodies and
files, the messages "Discord" keeps) is trimmed every few seconds, so that the memory measured is the bot's.
``--trace FILE`` also writes each process's growth of memory over the run (``tracemalloc``; slower) and the sizes
of the bot's structures kept per game to ``FILE.N.txt``.

Targets: p99 ≤ 200 ms, ≤ 300 MB a process.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tests.bot.adapter.discordkit import ANA, BEN, NAMES  # noqa: E402

SERVERS_PER_SHARD = 20
CHANNEL_BASE = 50_000_000
DAY = 86400.0
KEEP_MESSAGES = 2000
"""Messages the stand-in for Discord keeps (the newest): what the bot edits is recent."""


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


def trim(wire: Any) -> None:
    """Forget what the stand-in for Discord recorded (requests, answered interactions, old messages): it is not the
    bot's memory."""
    wire.calls.clear()
    interactions = wire.interactions
    for interaction in list(interactions.answered):
        interactions.delivered.pop(interaction, None)
    interactions.answered.clear()
    interactions.tokens.clear()
    for message_id in list(wire.messages)[:-KEEP_MESSAGES]:
        del wire.messages[message_id]


def sizes(bot: Any) -> dict[str, int]:
    """The bot's structures that could grow with the games it touches: their entries now."""
    state = bot._connection
    views = state._view_store
    return {"live wait messages": len(bot.table._live), "states cached": len(bot.core.store._cache),
            "game locks (table)": len(bot.table._lock._locks), "game locks (store)": len(bot.core.store._lock._locks),
            "outbox place locks": len(bot.outbox._places._locks), "outbox held places": len(bot.outbox._held),
            "posts remembered sent": len(bot.outbox._delivered), "replay jobs": len(bot.outbox.animations._jobs),
            "member locales": len(bot.core.languages._seen), "discord.py messages": len(state._messages or ()),
            "discord.py views": len(views._views) + len(views._synced_message_views),
            "cooldown buckets": len(bot.table.cooldowns._buckets)}


async def worker(args: argparse.Namespace) -> None:
    """One bot process: its shard's servers and games; the mix after the "go" line; then the reminders."""
    from bench.bot import start_bot
    from bot.adapter.app import TikalBot
    from bot.core.days.reminders import Scheduler
    from bot.core.storage import sql
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
        for game_id, guild, channel in await sql.rows(
                r, f"SELECT id, guild_id, channel_id FROM games WHERE status = 'running'{core.store.shards.where()}"):
            if (guild, channel) in games:
                ids.append((int(game_id), int(guild), int(channel)))
    rng = random.Random(args.shard)
    trim(wire)
    gc.collect()
    print(json.dumps({"ready": True, "start": started, "games": len(ids), "rss": rss_mb()}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if args.trace is not None:
        tracemalloc.start(10)
        traced = tracemalloc.take_snapshot()

    async def trimming() -> None:
        while True:
            await asyncio.sleep(2.0)
            trim(wire)

    trimmer = asyncio.create_task(trimming())
    busy: set[int] = set()
    latencies: list[float] = []
    skipped = 0
    tasks: set[asyncio.Task[None]] = set()
    order = list(range(len(ids)))
    rng.shuffle(order)
    active = order[:max(1, round(len(ids) * args.active))]
    idle = order[len(active):]
    touched = set(active)
    command_rate = len(active) / args.every
    rotation_rate = len(active) / args.session

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
        due += rng.expovariate(command_rate + rotation_rate)
        if due >= deadline:
            break
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        if idle and rng.random() < rotation_rate / (command_rate + rotation_rate):  # a session ends, another begins
            out, into = rng.randrange(len(active)), rng.randrange(len(idle))
            active[out], idle[into] = idle[into], active[out]
            touched.add(active[out])
            continue
        game_id, guild, channel = ids[rng.choice(active)]
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
    async with core.storage.read() as r:
        queued = dict(await sql.rows(
            r, f"SELECT kind, COUNT(*) FROM outbox WHERE created_at >= ? AND kind IN ('reminder', 'deadline_skipped') "
               f"{core.store.shards.where()} GROUP BY kind", (time.time() - elapsed,)))
    trim(wire)
    gc.collect()
    memory = rss_mb()
    # every game's reminder (half-way through its 48-hour turn) is due 25 hours from now
    later = time.time() + 25 * 3600
    before = Scheduler(core.store, core.games, core.jumps, core.computers, batch=200, batches=False)
    core.store.forget()  # as the games' states would be after a day: not in memory
    tick_began = time.perf_counter()
    old = await before.tick(later)
    one_by_one = time.perf_counter() - tick_began
    tick_began = time.perf_counter()
    report = await core.scheduler.tick(later)
    one_tick, first = time.perf_counter() - tick_began, len(report.posts)
    ticks, reminders = 1, len(report.posts)
    while report.anything:
        report = await core.scheduler.tick(later)
        ticks += 1
        reminders += len(report.posts)
    drained = time.perf_counter() - tick_began
    sending = time.perf_counter()
    # the outbox's own worker sends too: until the queue is empty (or ten minutes, for a post Discord refused)
    while await core.outbox.pending_posts(1) and time.perf_counter() - sending < 600:
        if not await bot.outbox.flush():
            await asyncio.sleep(0.1)
        trim(wire)
    async with core.storage.read() as r:
        (sent,) = await sql.one(r, f"SELECT COUNT(*) FROM outbox WHERE kind = 'reminder' AND sent_at IS NOT NULL"
                                   f"{core.store.shards.where()}") or (0,)
    sending = time.perf_counter() - sending
    gc.collect()
    after = rss_mb()
    if args.trace is not None:
        snapshot = tracemalloc.take_snapshot()
        with open(f"{args.trace}.{args.shard}.txt", "w") as out:
            out.write(f"sizes after {len(touched)} games touched by commands and every game by a reminder: "
                      f"{json.dumps(sizes(bot))}\n")
            for group in ("filename", "lineno", "traceback"):
                out.write(f"=== by {group}\n")
                for stat in snapshot.compare_to(traced, group)[:30]:
                    out.write(f"{stat}\n")
                    if group == "traceback":
                        out.write("\n".join(stat.traceback.format()) + "\n\n")
    trimmer.cancel()
    print(json.dumps({"elapsed": elapsed, "latencies": latencies, "skipped": skipped, "rss": memory,
                      "offered": command_rate, "touched": len(touched), "queued": queued,
                      "old_tick": one_by_one, "old_posts": len(old.posts), "tick": one_tick, "first": first,
                      "ticks": ticks, "drained": drained, "reminders": reminders + len(old.posts),
                      "batched": reminders, "batch": core.scheduler.batch, "sent": sent, "sending": sending,
                      "after": after, "sizes": sizes(bot)}), flush=True)
    await wire.close()


async def due_meanwhile(url: str, args: argparse.Namespace, games: int) -> tuple[int, int]:
    """Let reminders and deadlines fall due during the run, as for waits that began at random times: a wait moved back
    so that its reminder (24 h into its 48 hours) or its deadline (48 h) comes at a random moment of the run. The
    scheduler's next tick plans the clocks again. Returns (reminders, deadlines)."""
    from bot.core.assembly import Core
    from bot.core.storage import sql

    rng = random.Random(games)
    window = args.seconds / DAY
    reminders = round(games * args.reminders_per_day * window)
    deadlines = round(games * args.deadlines_per_day * window)
    core = await Core.open(url)
    try:
        async with core.storage.read() as r:
            ids = [int(g) for (g,) in await sql.rows(r, "SELECT id FROM games WHERE status = 'running' ORDER BY id")]
        chosen = rng.sample(ids, min(len(ids), reminders + deadlines))
        now = time.time()
        rows = [(now - (24 if n < reminders else 48) * 3600 + rng.uniform(0, args.seconds), now, game_id)
                for n, game_id in enumerate(chosen)]
        async with core.storage.transaction() as tx:
            await sql.run_many(tx, "UPDATE game_clocks SET wait_started = ?, next_due = ? WHERE game_id = ?", rows)
            await sql.run_many(tx, "UPDATE games SET turn_started_at = ? WHERE id = ?", [(w, g) for w, _, g in rows])
    finally:
        await core.close()
    return reminders, deadlines


async def run(url: str, args: argparse.Namespace, games: int) -> dict[str, Any]:
    seeded = await seed(url, games, args.processes)
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", "--database", url, "--count", str(args.processes), "--shard", str(s),
        "--games", str(games), "--active", str(args.active), "--every", str(args.every), "--session",
        str(args.session), "--seconds", str(args.seconds), *(["--trace", args.trace] if args.trace else []),
        cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE) for s in range(args.processes)]
    ready = []
    for proc in procs:
        assert proc.stdout is not None
        ready.append(json.loads(await proc.stdout.readline()))
    due = await due_meanwhile(url, args, games)
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
    return {"games": games, "seeded": seeded, "due": due, "load": os.getloadavg(), "ready": ready, "done": done,
            "offered": sum(d["offered"] for d in done),
            "per_second": len(latencies) / max(d["elapsed"] for d in done),
            "p50": statistics.median(latencies) * 1e3 if latencies else 0.0,
            "p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1e3 if latencies else 0.0,
            "n": len(latencies)}


def show(result: dict[str, Any]) -> None:
    ready, done = result["ready"], result["done"]
    queued: dict[str, int] = {}
    for d in done:
        for kind, n in d["queued"].items():
            queued[kind] = queued.get(kind, 0) + n
    print(f"{result['games']:>6} games: seeded in {result['seeded']:.0f} s; load average at the end "
          f"{result['load'][0]:.1f} / {result['load'][1]:.1f} / {result['load'][2]:.1f}; offered "
          f"{result['offered']:.2f} commands/s; done {result['per_second']:.2f}/s (n={result['n']}, "
          f"{sum(d['skipped'] for d in done)} arrivals on a game still busy skipped); p50 {result['p50']:.0f} ms, "
          f"p99 {result['p99']:.0f} ms; due during the run: {result['due'][0]} reminders and {result['due'][1]} "
          f"deadlines (queued: {queued})")
    for shard, (r, d) in enumerate(zip(ready, done, strict=True)):
        print(f"    process {shard}: {r['games']} games ({d['touched']} touched by commands), start "
              f"{r['start']:.1f} s, RSS after start {r['rss'][0]:.0f} MB, after the load {d['rss'][0]:.0f} MB, "
              f"after every reminder {d['after'][0]:.0f} MB (peak {d['after'][1]:.0f} MB)")
        print(f"        every reminder due at once: one by one (before) 200 games in {d['old_tick']:.2f} s; batched "
              f"{d['first']} in the first tick, {d['tick']:.2f} s; {d['batched']} in {d['ticks']} ticks, "
              f"{d['drained']:.1f} s; sent through the outbox in {d['sending']:.1f} s ({d['sent']} reminders sent "
              "in all)")
        print(f"        sizes: {d['sizes']}")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="1000,3000,10000")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--active", type=float, default=0.1, help="the share of games with a player at it")
    parser.add_argument("--every", type=float, default=120.0,
                        help="seconds between an active game's commands, on average")
    parser.add_argument("--session", type=float, default=600.0, help="seconds a game stays active, on average")
    parser.add_argument("--reminders-per-day", type=float, default=2.0, help="reminders due per game and day")
    parser.add_argument("--deadlines-per-day", type=float, default=0.25, help="deadlines due per game and day")
    parser.add_argument("--pg-url", default=None)
    parser.add_argument("--json", type=Path, default=None, help="also write the results to this file")
    parser.add_argument("--trace", default=None, help="write each process's memory growth (tracemalloc) to TRACE.N.txt")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        args.games = int(args.games)
        await worker(args)
        return
    from tests.pgcluster import Cluster, server_binaries

    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.processes} processes; "
          f"{args.active:.0%} of the games active at a time, each a command every {args.every:.0f} s on average "
          f"(sessions of {args.session:.0f} s); {args.reminders_per_day:g} reminders and {args.deadlines_per_day:g} "
          f"deadlines per game and day; {args.seconds:.0f} s each", flush=True)
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
                args.json.write_text(json.dumps(results))
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: the throwaway server is stopped too
    asyncio.run(main())

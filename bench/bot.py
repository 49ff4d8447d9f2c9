"""Benchmark of the bot through the wire harness (not a test: nothing fails on a missed target).

    python bench/bot.py [--games 100] [--commands 600] [--live 1000]

1. Opens ``--games`` 3-player games in one guild (one channel each) on a real SQLite file, through the
   real discord.py bot: ``/tikal-game new``, Join and Start buttons.
2. Times ``--commands`` slash commands, each from the raw INTERACTION_CREATE payload until every task it
   started has finished: validation, the SQLite commit, the edited turn message and, when a turn ends,
   the board PNG rendered and posted through the outbox. Reports p50/p99 overall and per kind.
3. Measures the memory a live game costs: the Python heap (tracemalloc) after ``--live`` started games
   have each been loaded into the service's state cache, divided by their number.

4. Beyond one process (issue 15): commands per second and p99 of one bot process on SQLite, then of 1, 2 and 4
   processes on one PostgreSQL database (each process a ``ShardedTikalBot`` with its shard's guild and
   ``--scale-games`` games), all started together and each sending ``--scale-commands`` commands as fast as it
   can. PostgreSQL is ``--pg-url``, or a throwaway server started here with its durable defaults (fsync on,
   every commit on disk, like the SQLite file's ``synchronous=FULL``); without server binaries that part is
   skipped. ``--scale-only`` runs only this part.

5. While computer players think (issue 14): p50/p99 of ``--thinking-commands`` commands in the ``--games`` games,
   first with no computer thinking, then while ``--thinking-games`` games of Ana and three strong computer players
   go on at once (each computer turn played as a command's ``sync`` plays it), the computers thinking in threads
   as before, then in the worker pool (``CPU_WORKERS``): the same bot and games in one run.
   ``--thinking-only`` runs only this part.

6. Many live games (``--fleet 1000,3000,10000``): ``bench/fleet.py`` — that many games on PostgreSQL served by two
   processes, most of them idle (10 % active at a time, each a command every 120 s; reminders and deadlines due
   meanwhile), each process's memory, and every reminder due at once: one by one as before, then in batches.
   ``--fleet`` runs only this part (it takes several minutes per size).

Targets: p50 ≤ 80 ms, p99 ≤ 200 ms, 1,000 live games in ≤ 300 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from bot.adapter.app import TikalBot, make_bot  # noqa: E402
from bot.core.storage import sql  # noqa: E402
from tests.bot.adapter import discordkit  # noqa: E402
from tests.bot.adapter.discordkit import ANA, BEN, CY, GUILD, MOD, NAMES, PLAYER_PERMISSIONS  # noqa: E402
from tests.bot.adapter.wire import Wire  # noqa: E402

PLAYERS = (ANA, BEN, CY)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def start_bot(path: Path | str, channels: list[int], *, guild: int = GUILD, **shards: Any) -> Wire:
    bot = make_bot(discordkit.settings(path, **shards))
    wire = Wire(bot)
    await wire.start()
    wire.add_guild(guild, owner_id=MOD, members=dict(NAMES), channels=channels,
                   everyone_permissions=PLAYER_PERMISSIONS)
    await bot.outbox.resumed.wait()
    return wire


Costs = dict[str, list[tuple[int, int, int]]]
"""Per kind of command: the state loads, read blocks and write transactions each one cost."""


async def timed_commands(wire: Wire, games: dict[int, int], count: int, rng: random.Random,
                         costs: Costs | None = None, guild: int = GUILD) -> dict[str, list[float]]:
    bot = wire.client
    assert isinstance(bot, TikalBot)
    actions: dict[int, int] = dict.fromkeys(games, 0)
    timings: dict[str, list[float]] = {}
    for _ in range(count):
        game_id = rng.choice(list(games))
        channel = games[game_id]
        view = await bot.core.games.view(guild, game_id)
        if view.finished:
            continue
        assert view.to_act is not None
        game = await bot.core.games.game(guild, game_id)
        seat = game.at_seat(view.to_act)
        assert seat is not None
        entries = await bot.core.turns.legal_moves(guild, game_id, seat.member_id)
        move = discordkit.pick_move(entries, rng, actions[game_id])
        actions[game_id] = 0 if str(move) == "end" else actions[game_id] + 1
        name, options = discordkit.as_command(move)
        payload = wire.command_payload(name, options, guild_id=guild, channel_id=channel, user_id=seat.member_id,
                                       name=NAMES[seat.member_id])
        counted = bot.core.store.loads, bot.core.storage.reads, bot.core.storage.transactions
        began = time.perf_counter()
        await wire.send(payload)
        elapsed = time.perf_counter() - began
        kind = str(move).split()[0]
        timings.setdefault(kind, []).append(elapsed)
        if costs is not None:
            now = bot.core.store.loads, bot.core.storage.reads, bot.core.storage.transactions
            costs.setdefault(kind, []).append((now[0] - counted[0], now[1] - counted[1], now[2] - counted[2]))
    return timings


async def live_memory(path: Path, live: int) -> tuple[float, float]:
    """Heap bytes per live game and the total in MB, with ``live`` games started and cached."""
    channels = [9_000_000 + i for i in range(live)]
    wire = await start_bot(path, channels)
    bot = wire.client
    assert isinstance(bot, TikalBot)
    ids = []
    for channel in channels:
        ids.append(await bot.core.lobby.new_game(GUILD, channel, ANA, "Ana", variant="basic", seats=3))
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for info in ids:
        game_id = info.id
        await bot.core.lobby.join(GUILD, game_id, BEN, "Ben")
        await bot.core.lobby.join(GUILD, game_id, CY, "Cy")
        await bot.core.lobby.start(GUILD, game_id, ANA)
        for text in ("place A3 0", "deploy A1 3", "move A1 A2 2"):
            try:
                await bot.core.turns.act(GUILD, game_id, ANA, text)
            except Exception:  # the drawn hexagon may not fit A3; the rest of the turn then does not matter
                break
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    await wire.close()
    return used / live, used / 2**20


def late_state_size(games: int = 20, moves: int = 250) -> float:
    """Heap bytes one late-game state holds (its log, undo base and all), from random 4-player games."""
    import engine

    states = []
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(["Ana", "Ben", "Cy", "Dee"], "basic", seed)
        for _ in range(moves):
            if state.finished:
                break
            options = [m for e in engine.legal_moves(state) for m in e.moves() if not isinstance(m, engine.Undo)]
            state = engine.apply(state, rng.choice(options))
        states.append(state)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / games


async def worker(args: argparse.Namespace) -> None:
    """One bot process of the scale part: its shard's guild and games; times its commands after the "go" line."""
    guild = (args.count * 10 + args.shard) << 22  # on shard ``args.shard`` of ``args.count``
    channels = [9_500_000 + args.shard * 1000 + i for i in range(args.scale_games)]
    shards: dict[str, Any] = {"shard_count": args.count, "shard_ids": str(args.shard)} if args.count > 1 else {}
    wire = await start_bot(args.database, channels, guild=guild, **shards)
    games = {}
    for channel in channels:
        games[await discordkit.open_game(wire, PLAYERS, channel=channel, guild=guild)] = channel
    rng = random.Random(args.shard)
    await timed_commands(wire, games, 10, rng, guild=guild)  # warm-up: the cached picture layers
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.readline()
    began = time.perf_counter()
    timings = await timed_commands(wire, games, args.scale_commands, rng, guild=guild)
    elapsed = time.perf_counter() - began
    await wire.close()
    print(json.dumps({"elapsed": elapsed, "latencies": [t for ts in timings.values() for t in ts]}), flush=True)


async def scale_run(database: str, processes: int, games: int, commands: int) -> tuple[float, float, float, int]:
    """``processes`` workers on ``database`` at once: commands per second, p50 and p99 (ms), commands."""
    procs = []
    for shard in range(processes):
        procs.append(await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--worker", "--database", database, "--count", str(processes), "--shard",
            str(shard), "--scale-games", str(games), "--scale-commands", str(commands), cwd=ROOT,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE))
    for proc in procs:
        assert proc.stdout is not None
        assert json.loads(await proc.stdout.readline()) == {"ready": True}
    began = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    results = []
    for proc in procs:
        assert proc.stdout is not None
        results.append(json.loads(await proc.stdout.readline()))
        await proc.wait()
    wall = time.perf_counter() - began
    latencies = [t for r in results for t in r["latencies"]]
    return (len(latencies) / wall, statistics.median(latencies) * 1e3, percentile(latencies, 0.99) * 1e3,
            len(latencies))


async def startup_check(database: str, guilds: int = 10_000) -> tuple[float, float, float]:
    """Seconds of the start-up membership check (``GuildRemoval.reconcile``) with ``guilds`` servers stored: all of
    them present; then a tenth of them gone (marked removed) and the others present; and, for comparison, the
    check as it was before (one transaction per server: ``added`` for each)."""
    from bot.core.assembly import Core
    from bot.core.storage import sql

    core = await Core.open(database)
    try:
        ids = [(i + 1) << 22 for i in range(guilds)]
        async with core.storage.transaction() as tx:
            await sql.run_many(tx, "INSERT INTO guild_timing (guild_id, updated_at) VALUES (?, 0)", [(g,) for g in ids])
        began = time.perf_counter()
        await core.removal.reconcile(ids)
        present = time.perf_counter() - began
        began = time.perf_counter()
        await core.removal.reconcile(ids[guilds // 10:])
        some_gone = time.perf_counter() - began
        began = time.perf_counter()
        for guild in ids:
            await core.removal.added(guild)
        one_by_one = time.perf_counter() - began
    finally:
        await core.close()
    return present, some_gone, one_by_one


async def scale(args: argparse.Namespace, tmp: Path) -> None:
    print(f"beyond one process: each process {args.scale_games} games, {args.scale_commands} commands, all at once "
          f"({os.cpu_count()} cores)")
    checks = [("SQLite", await startup_check(str(tmp / "check.sqlite3")))]
    rows = [("SQLite, 1 process", await scale_run(str(tmp / "scale.sqlite3"), 1, args.scale_games,
                                                  args.scale_commands))]
    cluster = None
    url = args.pg_url
    if url is None:
        from tests.pgcluster import Cluster, server_binaries

        binaries = server_binaries()
        if binaries is None:
            print("  PostgreSQL: skipped (no server binaries; install postgresql or pass --pg-url)")
        else:
            cluster = Cluster(binaries).start(durable=True)
    try:
        if cluster is not None:
            check_url = await cluster.create_database()
            checks.append(("PostgreSQL", await startup_check(check_url)))
            await cluster.drop_database(check_url)
        for processes in (1, 2, 4):
            if cluster is not None:
                url = await cluster.create_database()
            if url is None:
                break
            rows.append((f"PostgreSQL, {processes} process{'es' if processes > 1 else ''}",
                         await scale_run(url, processes, args.scale_games, args.scale_commands)))
            if cluster is not None:
                await cluster.drop_database(url)
    finally:
        if cluster is not None:
            cluster.stop()
    for name, (per_second, p50, p99, count) in rows:
        print(f"  {name:<24} {per_second:6.1f} commands/s   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms   (n={count})")
    for name, (present, some_gone, one_by_one) in checks:
        print(f"  start-up check of 10,000 servers, {name}: {present * 1e3:.0f} ms (all present), "
              f"{some_gone * 1e3:.0f} ms (1,000 gone: marked removed); one transaction per server as before: "
              f"{one_by_one:.1f} s")


async def think_along(wire: Wire, game_id: int, stop: asyncio.Event, rng: random.Random) -> None:
    """Keep one game of Ana and three strong computer players going until ``stop``: Ana's turn at random (through
    the service), then the computers' turns as a command's ``sync`` plays them (thinking, commit, posts).
    """
    bot = wire.client
    assert isinstance(bot, TikalBot)
    core = bot.core
    actions = 0
    while not stop.is_set():
        view = await core.games.view(GUILD, game_id)
        if view.finished:
            break
        if view.to_act is not None and (await core.games.game(GUILD, game_id)).at_seat(view.to_act).member_id == ANA:  # type: ignore[union-attr]
            move = discordkit.pick_move(await core.turns.legal_moves(GUILD, game_id, ANA), rng, actions)
            actions = 0 if str(move) == "end" else actions + 1
            moved = await core.turns.act(GUILD, game_id, ANA, move)
            await bot.table.sync(GUILD, game_id, moved)
        else:
            await bot.table.sync(GUILD, game_id)


async def computer_turns(bot: TikalBot) -> int:
    """The computer players' obligations played so far (each queues one ``computer_turn`` post)."""
    async with bot.core.storage.read() as r:
        (count,) = await sql.one(r, "SELECT COUNT(*) FROM outbox WHERE kind = 'computer_turn'") or (0,)
    return int(count)


async def thinking(args: argparse.Namespace, tmp: Path) -> None:
    """Issue 14: command latency while ``--thinking-games`` games of strong computer players think at once, with the
    computers thinking in threads (as before) and in the worker pool (now), in one run on the same games."""
    rng = random.Random(11)
    channels = [8_500_000 + i for i in range(args.games)]
    thinking_channels = [8_600_000 + i for i in range(args.thinking_games)]
    wire = await start_bot(tmp / "thinking.sqlite3", channels + thinking_channels)
    bot = wire.client
    assert isinstance(bot, TikalBot)
    core = bot.core
    games = {}
    for channel in channels:
        games[await discordkit.open_game(wire, PLAYERS, channel=channel)] = channel

    async def computer_games() -> list[int]:
        """Fresh games of Ana and three strong computer players (each mode starts them anew, so each thinks
        through the same stage of the game); a stopped mode's games are stopped, freeing their channels."""
        started = []
        for channel in thinking_channels:
            lobby = await core.lobby.new_game(GUILD, channel, ANA, "Ana", seats=4, computers=3, computer_level="strong")
            started.append((await core.lobby.start(GUILD, lobby.id, ANA)).game.id)
        return started

    await timed_commands(wire, games, 20, rng)  # warm-up: the cached picture layers
    pool = bot.core.pool
    await pool.warm()
    rows = []
    for mode, thinking_on, where in (("no computer thinking", False, None),
                                     ("computers think in threads (before)", True, None),
                                     ("computers think in the worker pool (now)", True, pool)):
        core.computers.pool = where
        stop = asyncio.Event()
        playing = await computer_games() if thinking_on else []
        along = [asyncio.create_task(think_along(wire, g, stop, random.Random(g))) for g in playing]
        played, cpu, began = await computer_turns(bot), time.process_time(), time.perf_counter()
        timings = await timed_commands(wire, games, args.thinking_commands, rng)
        elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
        stop.set()
        await asyncio.gather(*along)
        decisions = await computer_turns(bot) - played
        for game_id in playing:
            if (await core.games.game(GUILD, game_id)).status.value == "running":
                await bot.core.moderation.abort(GUILD, game_id, MOD, is_moderator=True)
        every = [t for ts in timings.values() for t in ts]
        actions = [t for kind, ts in timings.items() if kind != "end" for t in ts]
        ends = timings.get("end", [0.0])
        rows.append((mode, statistics.median(every), percentile(every, 0.99), percentile(actions, 0.99),
                     statistics.median(ends), percentile(ends, 0.99), len(timings.get("end", [])), decisions, elapsed,
                     cpu))
    core.computers.pool = pool
    await wire.close()
    print(f"commands while {args.thinking_games} games of three strong computer players think at once "
          f"({args.thinking_commands} commands each, {args.games} games in play, CPU_WORKERS={pool.workers}):")
    for mode, p50, p99, p99_actions, p50_end, p99_end, ends, decisions, elapsed, cpu in rows:
        print(f"  {mode:<42} p50 {p50 * 1e3:6.1f} ms   p99 {p99 * 1e3:7.1f} ms (actions {p99_actions * 1e3:7.1f} ms; "
              f"end p50 {p50_end * 1e3:6.1f} ms, p99 {p99_end * 1e3:7.1f} ms, n={ends})   computer obligations played "
              f"{decisions:4d} in {elapsed:5.1f} s   (bot process CPU {cpu:5.1f} s)")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--commands", type=int, default=600)
    parser.add_argument("--live", type=int, default=1000)
    parser.add_argument("--scale-games", type=int, default=20)
    parser.add_argument("--scale-commands", type=int, default=300)
    parser.add_argument("--scale-only", action="store_true")
    parser.add_argument("--thinking-games", type=int, default=20)
    parser.add_argument("--thinking-commands", type=int, default=200)
    parser.add_argument("--thinking-only", action="store_true")
    parser.add_argument("--pg-url", default=None)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--fleet", default=None, help="game counts for bench/fleet.py, e.g. 1000,3000,10000")
    args = parser.parse_args()
    if args.worker:
        await worker(args)
        return
    if args.fleet:
        import subprocess

        command = [sys.executable, str(ROOT / "bench" / "fleet.py"), "--games", args.fleet]
        if args.pg_url:
            command += ["--pg-url", args.pg_url]
        subprocess.run(command, check=True)
        return
    if args.scale_only:
        with tempfile.TemporaryDirectory() as tmp:
            await scale(args, Path(tmp))
        return
    if args.thinking_only:
        with tempfile.TemporaryDirectory() as tmp:
            await thinking(args, Path(tmp))
        return
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        channels = [8_000_000 + i for i in range(args.games)]
        wire = await start_bot(Path(tmp) / "bench.sqlite3", channels)
        began = time.perf_counter()
        games = {}
        for channel in channels:
            games[await discordkit.open_game(wire, PLAYERS, channel=channel)] = channel
        setup = time.perf_counter() - began
        # warm-up: the first picture of a process builds the cached layers
        await timed_commands(wire, games, 20, rng)
        costs: Costs = {}
        timings = await timed_commands(wire, games, args.commands, rng, costs)
        autocomplete = []
        for game_id, channel in list(games.items())[:50]:
            bot = wire.client
            assert isinstance(bot, TikalBot)
            view = await bot.core.games.view(GUILD, game_id)
            if view.to_act is None:
                continue
            seat = (await bot.core.games.game(GUILD, game_id)).at_seat(view.to_act)
            assert seat is not None
            name = "tikal place" if view.phase.value == "place" else "tikal move"
            option = "space" if name == "tikal place" else "target"
            began = time.perf_counter()
            await discordkit.command(wire, name, {option: ""}, user=seat.member_id, channel=channel, focused=option)
            autocomplete.append(time.perf_counter() - began)
        await wire.close()
        per_game, total = await live_memory(Path(tmp) / "live.sqlite3", args.live)
    every = [t for ts in timings.values() for t in ts]
    print(f"setup: {args.games} games opened, joined and started in {setup:.1f} s")
    print(f"{len(every)} commands with {args.games} games in play: p50 {statistics.median(every) * 1e3:.1f} ms, "
          f"p99 {percentile(every, 0.99) * 1e3:.1f} ms (targets 80 / 200 ms)")
    for kind, ts in sorted(timings.items(), key=lambda kv: -len(kv[1])):
        loads, reads, writes = (statistics.median(c[i] for c in costs[kind]) for i in range(3))
        print(f"  {kind:<9} n={len(ts):<4} p50 {statistics.median(ts) * 1e3:6.1f} ms   "
              f"p99 {percentile(ts, 0.99) * 1e3:6.1f} ms   median {loads:g} loads, {reads:g} reads, "
              f"{writes:g} transactions")
    if autocomplete:
        print(f"autocomplete: p50 {statistics.median(autocomplete) * 1e3:.1f} ms, "
              f"max {max(autocomplete) * 1e3:.1f} ms (n={len(autocomplete)})")
    print(f"memory: {per_game / 1024:.1f} KB per live game early in the game (cached state, rows, caches); "
          f"{args.live} live games {total:.0f} MB (target ≤ 300 MB for 1,000)")
    late = late_state_size()
    print(f"memory: a late-game state (250 moves, log and undo base included) holds {late / 1024:.1f} KB; "
          f"1,000 of them {late * 1000 / 2**20:.0f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        await scale(args, Path(tmp))
    with tempfile.TemporaryDirectory() as tmp:
        await thinking(args, Path(tmp))


if __name__ == "__main__":
    asyncio.run(main())

"""The review of a finished game (``/tikal-game review``): ``python bench/review.py [--players 4] [--workers 2]``.
A benchmark, not a test: nothing fails when the target is missed, the line just says ``MISSED``.

1. Plays a seeded game through the core on a SQLite file: Ana (her turns chosen by the easy computer player) and
   the other seats easy computer players, so that there are mistakes to find.
2. Judges every turn in this process (``engine.ai.review.review_turns``, the strong player's own search): CPU time
   (``time.process_time``: one core, whatever else the machine runs), in all and per turn.
3. Asks the core for the review (``Reviews.review``) with ``--workers`` worker processes (started and warmed first,
   as a running bot's are): wall time of the first request, which makes it in the pool, and of the second, which
   reads it back from the database.

Target: the first request well under a minute (a 4-player game, 2 workers): Discord's follow-up after a deferred
answer may come up to 15 minutes later, but a member waits for it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path[0:1] = [str(Path(__file__).resolve().parent.parent)]

from bot.core.assembly import Core  # noqa: E402
from bot.core.storage.backends import open_storage  # noqa: E402
from bot.core.table import thinking  # noqa: E402
from bot.core.table.cpu_pool import CpuPool  # noqa: E402
from engine.ai.review import review_turns, turns_of, worst_turns  # noqa: E402

GUILD, CHANNEL, ANA = 1, 2, 3
TARGET_SECONDS = 60.0


async def finished_game(core: Core, players: int, variant: str) -> int:
    """A game of Ana and ``players - 1`` easy computer players, played to its end through the core."""
    game = await core.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", variant=variant, seats=players,
                                     computers=players - 1, computer_level="easy")
    await core.lobby.start(GUILD, game.id, ANA)
    while True:
        await core.computers.play_computers(GUILD, game.id)
        state = (await core.store.load(GUILD, game.id)).state
        if state.finished:
            return game.id
        for move in thinking.obligation(state, "easy", state.version):
            await core.turns.act(GUILD, game.id, ANA, move)


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    parser.add_argument("--variant", default="basic", choices=["basic", "auction"])
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the core's pool (default 2)")
    parser.add_argument("--seed", type=int, default=2024, help="the game's seed (default 2024)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        storage = await open_storage(Path(folder) / "bench.sqlite3")
        core = Core.build(storage, workers=args.workers, rng=random.Random(args.seed), seed_source=lambda: args.seed)
        core.computers.pool = None  # the easy players of the set-up think in threads: the pool is the review's
        try:
            game_id = await finished_game(core, args.players, args.variant)
            record = await core.games.record(GUILD, game_id)
            turns = turns_of(record)
            per_seat = [sum(t.seat == q for t in turns) for q in range(args.players)]
            print(f"game: {args.players} players, {args.variant}, {len(record['moves'])} moves, {len(turns)} turns "
                  f"({', '.join(map(str, per_seat))} per seat)")
            started = time.process_time()
            judged = review_turns(record)
            total = time.process_time() - started
            print(f"in this process: {total:.1f} s CPU, {1000 * total / len(turns):.0f} ms a turn on average")
            shown = worst_turns(judged)
            print(f"turns shown: {sum(len(v) for v in shown.values())} "
                  f"(largest loss about {max((t.loss for t in judged), default=0):.1f} points)")
            pool: CpuPool = core.pool
            pool.preload = ("bot.core.league.review",)  # as a bot's workers have, once a computer player thought
            await asyncio.gather(*(pool.warm() for _ in range(args.workers)))
            start = time.perf_counter()
            await core.reviews.review(GUILD, game_id)
            first = time.perf_counter() - start
            before = _children_cpu()
            await pool.close()  # the workers' CPU time (their start included) is counted once they are gone
            workers_cpu = _children_cpu() - before
            start = time.perf_counter()
            await core.reviews.review(GUILD, game_id)
            second = time.perf_counter() - start
            verdict = "met" if first <= TARGET_SECONDS else "MISSED"
            print(f"through the core, {args.workers} workers: first request {first:.1f} s wall ({workers_cpu:.1f} s "
                  f"CPU in the workers; target ≤ {TARGET_SECONDS:.0f} s: {verdict}), second (kept) "
                  f"{1000 * second:.0f} ms; reviews made: {core.reviews.made}; load average {os.getloadavg()[0]:.1f}")
        finally:
            await core.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

"""Taps per turn: whole games played only by tapping the turn's menus, through the wire harness (a measure, not a
test: nothing fails).

    python bench/taps.py [--actions 5] [--seeds 3 4]

Members who never type play each game to its end (``tests/bot/adapter/tapkit.TapPlayer``): a placement's space and
rotation, then actions chosen at random among what the menu offers until ``--actions`` are made or nothing is left,
then End turn (asking first while AP are left); bids, picks, Rápido chips as the wait's message offers them. Every
interaction they make is counted as a tap (a select's choice is one, as Discord counts it), and every move the menus
applied is counted as the slash command it would have taken to type, with that command's options.

Prints, per game and kind of wait (a turn, a scoring turn, a bid …): waits, taps per wait, slash commands per wait and
their options per wait; and per verb: taps per move against the options its command is typed with.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tests.bot.adapter.discordkit import ANA, BEN, CY, running_bot  # noqa: E402
from tests.bot.adapter.tapkit import Tally, TapPlayer  # noqa: E402
from tests.bot.adapter.test_discord_options import start_game  # noqa: E402

GAMES = (("basic", (), (ANA, BEN, CY)), ("auction", (), (ANA, BEN, CY)), ("rapido", (), (ANA, BEN, CY)))


async def play(variant: str, options: tuple[str, ...], people: tuple[int, ...], seed: int, actions: int) -> Tally:
    with tempfile.TemporaryDirectory() as tmp:
        async with running_bot(Path(tmp) / "t.sqlite3") as wire:
            game_id = await start_game(wire, variant, list(people), list(options), seed=seed)
            return await TapPlayer(wire, game_id, random.Random(seed), actions=actions, probe=0.0).play()


def report(name: str, tally: Tally) -> None:
    print(f"\n{name}")
    print("  wait       waits   taps/wait   (in a select)   commands/wait   options/wait")
    for kind, (n, taps, selects, typed, fields) in tally.by_kind().items():
        print(f"  {kind:9} {n:6}   {taps:9.2f}   {selects:13.2f}   {typed:13.2f}   {fields:12.2f}")
    print("  verb       moves   taps/move   options/command")
    for verb, (n, taps, fields) in tally.by_verb().items():
        print(f"  {verb:9} {n:6}   {taps:9.2f}   {fields:15.2f}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=5, help="actions a turn before ending it (default 5)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3], help="the games' seeds")
    args = parser.parse_args()
    for variant, options, people in GAMES:
        merged = Tally()
        for seed in args.seeds:
            merged.waits += (await play(variant, options, people, seed, args.actions)).waits
        report(f"{variant}, {len(people)} players, seeds {args.seeds}, {args.actions} actions a turn", merged)


if __name__ == "__main__":
    asyncio.run(main())

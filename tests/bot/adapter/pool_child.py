"""A bot that has used its worker pool, for the test that kills it:
``python -m tests.bot.adapter.pool_child DB CHANNEL``.

The real ``TikalBot`` on the SQLite file ``DB``, offline through the wire harness: it opens a 2-player game in
``CHANNEL``, asks ``/tikal hint`` for the player to act (the hint is thought in the worker pool), says
``{"ready": true, "pool": n}`` on stdout (``n``: how many times the pool started) and then goes on asking for hints
until it is killed — so a kill finds a worker busy, as in a game where the computer players think.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from tests.bot.adapter import discordkit
from tests.bot.adapter.discordkit import ANA, BEN, bot_of, command, running_bot, whose_turn


async def main(path: Path, channel: int) -> None:
    async with running_bot(path, cpu_workers=1) as wire:
        game_id = await discordkit.open_game(wire, [ANA, BEN], channel=channel)
        _, actor, _ = await whose_turn(wire, game_id)
        await command(wire, "tikal hint", user=actor, channel=channel)
        print(json.dumps({"ready": True, "pool": bot_of(wire).core.pool.started}), flush=True)
        while True:
            await command(wire, "tikal hint", user=actor, channel=channel)
            await asyncio.sleep(0.1)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))

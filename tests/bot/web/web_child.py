"""A process that only serves the web view, for ``test_processes``: ``python -m tests.bot.web.web_child URL``.

Its own core on the PostgreSQL database at URL, doing the work of shard 1 of 2 only (as a process started with
``SHARD_COUNT=2 SHARD_IDS=1``); it prints ``{"port": …}`` once it serves and stops when its stdin closes."""

from __future__ import annotations

import asyncio
import json
import sys

from bot.core.assembly import Core
from bot.core.storage.shards import Shards
from bot.web.guard import RateLimit
from bot.web.server import WebView


async def main(url: str) -> None:
    core = await Core.open(url, shards=Shards.of(2, [1]))
    web = WebView(core, poll_seconds=0.1, keepalive=1.0, limit=RateLimit(per_minute=1e6, burst=1e6))
    await web.start("127.0.0.1", 0)
    print(json.dumps({"port": web.port}), flush=True)
    try:
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    finally:
        await web.stop()
        await core.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

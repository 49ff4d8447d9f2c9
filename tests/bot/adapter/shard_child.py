"""One bot process of a sharded bot, for the tests of several processes: ``python -m tests.bot.adapter.shard_child``.

The real ``ShardedTikalBot`` on a PostgreSQL database, offline through the wire harness, with the guilds of its
shards. It reads one JSON command a line on stdin and answers one JSON line on stdout:

- ``{"do": "open", "guild": G, "channel": C}`` → ``{"game": id}``: a 2-player game opened, joined, started;
- ``{"do": "play", "guild": G, "game": id, "channel": C, "commands": n}`` → ``{"versions": [...]}``: n slash
  commands of the player to act, chosen from the legal moves;
- ``{"do": "hang"}``: the next move's transaction stops before its commit and says ``{"in_commit": true}``
  (for the parent's ``kill -9``); then ``play`` as above;
- ``{"do": "tick", "later": hours}`` → ``{"guilds": [...]}``: one scheduler tick that many hours from now (its
  posts sent), with the guild of every post it queued;
- ``{"do": "stall"}``: from now on Discord never answers a new channel message (the parent kills the process
  while a post hangs); ``{"do": "pause", "guild": G, "game": id, "channel": C}``: a moderator pauses the game
  (its post is claimed and sent at once), no answer;
- ``{"do": "burst", "guild": G, "game": id, "channel": C}`` → ``{"answers": [...], "wrong": [...]}``: a burst of
  mixed interactions on the game, all at once (``discordkit.mixed_burst``); how many responses each got, the
  answers that said "Something went wrong" and what was not answered once;
- ``{"do": "flush"}`` → ``{"sent": n}``; ``{"do": "sent"}`` → ``{"posts": [[channel, nonce], ...]}``:
  every channel message this process sent (``"delivered"``: only those Discord took);
- ``{"do": "quit"}``.

Start-up: ``--count``, ``--ids`` (its shards), ``--guilds`` (JSON ``{guild: [channels]}`` — given only the guilds of
its shards, as Discord would), ``--lease`` (the outbox's claim lease, short for the tests).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from typing import Any

import bot.adapter.outbox
from bot.adapter.app import TikalBot, make_bot
from tests.bot.adapter import discordkit
from tests.bot.adapter.discordkit import ANA, BEN, MOD, NAMES, PLAYER_PERMISSIONS
from tests.bot.adapter.wire import Wire


def say(**what: Any) -> None:
    print(json.dumps(what), flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--ids", required=True)
    parser.add_argument("--guilds", required=True)
    parser.add_argument("--lease", type=float, default=120.0)
    args = parser.parse_args()
    bot.adapter.outbox.CLAIM_LEASE = args.lease  # type: ignore[misc]
    client = make_bot(discordkit.settings(args.url, shard_count=args.count, shard_ids=args.ids))
    assert isinstance(client, TikalBot)
    wire = Wire(client)
    await wire.start()
    for guild, channels in json.loads(args.guilds).items():
        wire.add_guild(int(guild), owner_id=MOD, members=dict(NAMES), channels=channels,
                       everyone_permissions=PLAYER_PERMISSIONS)
    await client.outbox.resumed.wait()
    clock: Any = client.get_cog("Clockwork")
    await clock.on_ready()  # the start-up membership check, as discord.py's ready event calls it
    rng = random.Random(args.ids)
    actions: dict[int, int] = {}
    say(ready=True, shards=str(client.core.store.shards))
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        order = json.loads(line)
        do = order["do"]
        if do == "quit":
            break
        if do == "open":
            game = await discordkit.open_game(wire, [ANA, BEN], channel=order["channel"], guild=order["guild"])
            say(game=game)
        elif do == "play":
            svc = client.core
            versions = []
            for _ in range(order["commands"]):
                view = await svc.games.view(order["guild"], order["game"])
                if view.finished or view.to_act is None:
                    break
                seat = (await svc.games.game(order["guild"], order["game"])).at_seat(view.to_act)
                assert seat is not None
                entries = await svc.turns.legal_moves(order["guild"], order["game"], seat.member_id)
                move = discordkit.pick_move(entries, rng, actions.get(order["game"], 0))
                actions[order["game"]] = 0 if str(move) == "end" else actions.get(order["game"], 0) + 1
                name, options = discordkit.as_command(move)
                await discordkit.command(wire, name, options, user=seat.member_id, channel=order["channel"],
                                         guild=order["guild"])
                versions.append((await svc.games.view(order["guild"], order["game"])).version)
            say(versions=versions)
        elif do == "hang":
            async def hang(*_: Any) -> None:
                say(in_commit=True)
                await asyncio.Event().wait()  # never: the parent kills this process here

            client.core.store.commit_hooks.append(hang)
            say(hanging=True)
        elif do == "tick":
            done = await clock.tick(time.time() + order["later"] * 3600)
            say(guilds=sorted({p.guild_id for p in done.posts}))
        elif do == "stall":
            wire.slow["POST /channels/"] = asyncio.Event()  # never set
            say(stalled=True)
        elif do == "pause":
            await discordkit.command(wire, "tikal-mod pause", {"game": order["game"]}, user=MOD,
                                     permissions=discordkit.MOD_PERMISSIONS, channel=order["channel"],
                                     guild=order["guild"])
        elif do == "burst":
            payloads = await discordkit.mixed_burst(wire, order["game"], rng, guild=order["guild"],
                                                    channel=order["channel"])
            await wire.burst(payloads)
            say(answers=[len(wire.answers(p)) for p in payloads], wrong=discordkit.went_wrong(wire, payloads),
                refused=refused(wire),
                unanswered=[p["data"].get("custom_id") or p["data"].get("name") for p in payloads
                            if len(wire.answers(p)) != 1])
        elif do == "flush":
            say(sent=await client.outbox.flush())
        elif do in ("sent", "delivered"):
            say(posts=[[c.path.split("/")[2], (c.json or {}).get("nonce")] for c in wire.calls
                       if c.via == "http" and c.method == "POST" and c.path.endswith("/messages")
                       and (do == "sent" or c.response is not None)], refused=refused(wire))
    await wire.close()


def refused(wire: Wire) -> list[str]:
    """The requests Discord refused for breaking its rules (``Wire.refused``), each with Discord's words."""
    return [f"{call.method} {call.path}: {found.exception()}" for call, found in wire.refused]


if __name__ == "__main__":
    asyncio.run(main())

"""Health and metrics over HTTP, from the real bot through the wire harness: ``/livez``, ``/healthz`` (connected to
Discord, the database answers, the outbox not stuck) and ``/metrics`` (Prometheus's format, parsed by
``prometheus-client``'s own parser) on a port of their own (``HEALTH_PORT``, on this machine only unless told), the
two checks without the metrics on the web view's; nothing in them names a member, a channel, a game or a page's
token."""

from __future__ import annotations

import json
import re
from pathlib import Path

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bot.adapter.app import TikalBot
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    GUILD,
    NAMES,
    bot_of,
    command,
    open_game,
    place_first,
    running_bot,
    settings,
    whose_turn,
)
from tests.bot.adapter.wire import BOT_USER_ID
from tests.bot.core.clockkit import FakeClock


async def get(url: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text(), dict(response.headers)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape by name and labels (the parser fails on anything Prometheus would refuse)."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def base_of(bot: TikalBot) -> str:
    assert bot.health is not None and bot.health.port
    return f"http://127.0.0.1:{bot.health.port}"


async def test_liveness_readiness_and_metrics_on_a_port_of_their_own(db_path: Path) -> None:
    clock = FakeClock()
    async with running_bot(db_path, clock=clock, health_port=0, health_host="127.0.0.1") as wire:
        bot = bot_of(wire)
        base = base_of(bot)
        status, text, headers = await get(f"{base}/livez")
        assert (status, text) == (200, "ok\n") and headers["Cache-Control"] == "no-store"

        # offline, the harness has no gateway: not ready, and the answer says why; the rest holds
        status, text, _ = await get(f"{base}/healthz")
        ready = json.loads(text)
        assert status == 503 and ready["ready"] is False
        assert ready["checks"]["discord"] == {"ok": False, "detail": "not connected"}
        assert ready["checks"]["database"]["ok"] and ready["checks"]["outbox"]["ok"]
        assert bot.health is not None
        bot.health.routes.health.connected = lambda: True  # as once the gateway's READY came
        status, text, _ = await get(f"{base}/healthz")
        assert status == 200 and json.loads(text)["ready"] is True

        before = samples((await get(f"{base}/metrics"))[1])
        game_id = await open_game(wire, [ANA, BEN])
        _, actor, other = await whose_turn(wire, game_id)
        await command(wire, "tikal end", user=other)  # not their turn: refused
        await command(wire, "tikal-game status", user=actor)
        status, text, headers = await get(f"{base}/metrics")
        assert status == 200 and headers["Content-Type"].startswith("text/plain; version=")
        after = samples(text)

        def grew(name: str, **labels: str) -> float:
            key = (name, tuple(sorted(labels.items())))
            return after.get(key, 0.0) - before.get(key, 0.0)

        assert grew("tikal_commands_total", kind="tikal-game new", outcome="ok") == 1
        assert grew("tikal_commands_total", kind="button join", outcome="ok") == 1
        assert grew("tikal_commands_total", kind="button start", outcome="ok") == 1
        assert grew("tikal_commands_total", kind="tikal end", outcome="refused") == 1
        assert grew("tikal_commands_total", kind="tikal-game status", outcome="ok") == 1
        assert grew("tikal_command_seconds_count", kind="tikal-game status") == 1
        assert grew("tikal_command_seconds_bucket", kind="tikal-game status", le="+Inf") == 1
        assert after[("tikal_games", (("state", "running"),))] == 1
        assert after[("tikal_games", (("state", "lobby"),))] == 0
        assert after[("tikal_outbox_pending", ())] == 0
        assert ("tikal_worker_pool_starts_total", ()) in after
        assert ("tikal_computer_thinking_seconds_count", ()) in after
        assert ("process_resident_memory_bytes", ()) in after

        # nothing that names anyone or opens a page
        token = await bot.core.spectators.links.token(GUILD, game_id)
        assert token not in text
        labels = {value for _, pairs in after for _, value in pairs}
        for secret in (*map(str, (ANA, BEN, CHANNEL, GUILD, BOT_USER_ID)), *NAMES.values()):
            assert not any(secret in value for value in labels), secret
        assert [value for value in labels if re.search(r"\d{15,}", value)] == []  # no Discord id of any kind

        # Discord refuses every post for a quarter of an hour: the outbox is stuck, and readiness says so
        member = await place_first(wire, game_id)
        wire.down[f"POST /channels/{CHANNEL}/messages"] = (500, 0)
        await command(wire, "tikal end", user=member)  # the next wait's message cannot go out
        assert samples((await get(f"{base}/metrics"))[1])[("tikal_outbox_pending", ())] == 1
        clock.now += 1000
        status, text, _ = await get(f"{base}/healthz")
        outbox = json.loads(text)["checks"]["outbox"]
        assert status == 503 and not outbox["ok"] and "the oldest for 1000 s" in outbox["detail"]
        assert samples((await get(f"{base}/metrics"))[1])[("tikal_outbox_oldest_seconds", ())] >= 1000


async def test_without_a_port_of_their_own_the_checks_are_on_the_web_views_but_never_the_metrics(
        db_path: Path) -> None:
    async with running_bot(db_path, web_url="https://tikal.example.org", web_port=0, web_host="127.0.0.1") as wire:
        bot = bot_of(wire)
        assert bot.health is None and bot.web is not None
        base = f"http://127.0.0.1:{bot.web.port}"
        assert (await get(f"{base}/livez"))[0] == 200
        status, text, headers = await get(f"{base}/healthz")
        assert status == 503 and json.loads(text)["checks"]["database"]["ok"]  # no gateway offline
        assert headers["X-Frame-Options"] == "DENY"  # the web view's headers on every answer
        # the web view's port is public (even a request from this machine may be a visitor behind a proxy)
        status, text, _ = await get(f"{base}/metrics")
        assert status == 404 and "tikal_" not in text


async def test_with_both_ports_the_metrics_are_only_on_the_health_port(db_path: Path) -> None:
    async with running_bot(db_path, web_url="https://tikal.example.org", web_port=0, web_host="127.0.0.1",
                           health_port=0) as wire:
        bot = bot_of(wire)
        assert bot.web is not None and bot.health is not None
        web = f"http://127.0.0.1:{bot.web.port}"
        assert [(await get(f"{web}{path}"))[0] for path in ("/livez", "/healthz", "/metrics")] == [404, 404, 404]
        status, text, _ = await get(f"{base_of(bot)}/metrics")
        assert status == 200 and "tikal_games" in text


def test_the_health_port_listens_on_this_machine_only_unless_told() -> None:
    assert settings("unused.sqlite3", health_port=8081).health_host == "127.0.0.1"
    assert settings("unused.sqlite3", health_port=8081, health_host="0.0.0.0").health_host == "0.0.0.0"


async def test_with_neither_port_nothing_listens(db_path: Path) -> None:
    async with running_bot(db_path) as wire:
        assert bot_of(wire).health is None and bot_of(wire).web is None

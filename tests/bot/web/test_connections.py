"""The web view under a scanner's eyes, over raw sockets: a request aiohttp's parser refuses (a control character in
a page's address, a line too long, a method that is no method) is answered 400 with every answer's headers and
logged in one line below ERROR, without the page's token; no answer names a software version; a client that sends
half a request's head is closed after the deadline, a live stream is not; one address may hold only so many
connections; behind a proxy the view warns when it listens beyond this machine."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from bot.__main__ import QUIET
from bot.web.connections import Connections
from bot.web.server import WebView
from tests.bot.core.servicekit import GUILD, open_service, started_game
from tests.bot.web.test_server import assert_guarded, get
from tests.bot.web.webkit import STREAM, next_event, served

WAIT = 30.0
"""How long a test waits for the server to close a connection (generous: a shared, noisy machine)."""


async def raw(port: int, data: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if data:
        writer.write(data)
        await writer.drain()
    return reader, writer


async def answer(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """What the server answers to ``data`` sent as it is on a new connection, and that it then closes it."""
    reader, writer = await raw(port, data)
    try:
        sent = await asyncio.wait_for(reader.read(), WAIT)  # until the server closes the connection
    finally:
        writer.close()
    head, _, body = sent.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    """Whether the server closes the connection within ``WAIT`` seconds (whatever it sent before)."""
    try:
        async with asyncio.timeout(WAIT):
            while await reader.read(4096):
                pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


async def test_a_refused_request_is_answered_with_every_header_and_logged_without_its_token(
        db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    for name in QUIET:  # as the bot sets them (their DEBUG lines hold SQL parameters)
        caplog.set_level(logging.INFO, logger=name)
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        token = await core.spectators.links.token(GUILD, game.id)
        port = port_of(base)
        malformed = [
            f"GET /g/{token}/view.json?x=\x01 HTTP/1.1\r\nHost: tikal\r\n\r\n",  # a control character
            f"GET /g/{token}?lang=\x7f HTTP/1.1\r\nHost: tikal\r\n\r\n",
            f"GET /g/{token}/events HTTP/1.1\r\nHost: tikal\r\nX-A: \x01{token}\r\n\r\n",  # in a header
            f"GET /g/{token}/view.json?{'a' * 9000} HTTP/1.1\r\nHost: tikal\r\n\r\n",  # a line too long
            f"GET /g/{token} HTTP/1.1\r\nHost: tikal\r\nX-Big: {'b' * 9000}\r\n\r\n",
            f"G\x01T /g/{token} HTTP/1.1\r\nHost: tikal\r\n\r\n",  # no method
            f"GET /g/{token} HTTP/9.9\r\n\r\n",
        ]
        for request in malformed:
            status, headers, body = await answer(port, request.encode("latin-1"))
            assert status == 400, request[:40]
            assert_guarded(headers, request[:40])
            assert headers["Server"] == "Tikal" and token.encode() not in body
        assert (await get(session, f"{base}/g/{token}/view.json"))[0] == 200  # the server serves on

    refused = [r for r in caplog.records if r.name == "bot.web.connections" and "refused a request" in r.getMessage()]
    assert len(refused) == len(malformed)
    assert all(r.levelno == logging.INFO and r.exc_info is None for r in refused)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert token not in caplog.text and token[:12] not in caplog.text  # messages and tracebacks, every logger


async def test_no_answer_names_a_software_version(db_path: Path) -> None:
    async with served(db_path) as (core, base, session):
        game = await started_game(core, 2)
        page = f"{base}/g/{await core.spectators.links.token(GUILD, game.id)}"
        for url in (page, f"{page}/view.json", f"{base}/static/board.js", f"{base}/nothing"):
            _, _, headers = await get(session, url)
            assert headers["Server"] == "Tikal", url
        async with session.post(page) as response:
            assert response.headers["Server"] == "Tikal"
        async with session.get(f"{page}/events", timeout=STREAM) as stream:
            assert stream.headers["Server"] == "Tikal"


async def test_a_client_that_sends_half_a_request_is_closed_and_a_live_stream_is_not(
        db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.web")
    connections = Connections(head_timeout=0.5, per_address=100)
    async with served(db_path, connections=connections) as (core, base, session):
        game = await started_game(core, 2)
        token = await core.spectators.links.token(GUILD, game.id)
        port = port_of(base)
        half = f"GET /g/{token} HTTP/1.1\r\nHost: tikal\r\nAccept: text/ht".encode()
        slow = [await raw(port, half) for _ in range(10)]
        silent = [await raw(port, b"") for _ in range(3)]
        async with session.get(f"{base}/g/{token}/events", timeout=STREAM) as stream:
            closed = await asyncio.gather(*(closed_by_server(reader) for reader, _ in slow + silent))
            assert all(closed), closed
            # a trickle of bytes does not move the deadline
            reader, writer = await raw(port, b"GET /g/")
            for _ in range(int(WAIT / 0.1)):
                if reader.at_eof():
                    break
                try:
                    writer.write(b"a")
                    await writer.drain()
                except ConnectionError:
                    break
                await asyncio.sleep(0.1)
            assert await closed_by_server(reader)
            # the live stream, open far longer than the deadline, still follows the game
            await core.moderation.abort(GUILD, game.id, 1, is_moderator=True)
            assert "event: view" in await next_event(stream)

        # a kept-alive connection answers request after request, each sent whole
        reader, writer = await raw(port, b"")
        for _ in range(3):
            writer.write(f"GET /g/{token}/view.json HTTP/1.1\r\nHost: tikal\r\n\r\n".encode())
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
            assert head.startswith(b"HTTP/1.1 200")
            length = int(next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
                         .split(b":")[1])
            await reader.readexactly(length)
        writer.close()
        for _, w in slow + silent:
            w.close()
    assert connections.open_from("127.0.0.1") == 0
    timeouts = [r for r in caplog.records if "no request's head within" in r.getMessage()]
    assert len(timeouts) == len(slow) + len(silent) + 1 and all(r.levelno == logging.INFO for r in timeouts)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_one_address_may_hold_only_so_many_connections(db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="bot.web")
    connections = Connections(head_timeout=60, per_address=3)
    async with served(db_path, connections=connections) as (core, base, _):
        game = await started_game(core, 2)
        token = await core.spectators.links.token(GUILD, game.id)
        port = port_of(base)
        held = [await raw(port, b"") for _ in range(3)]
        for _ in range(100):  # the server has seen all three
            if connections.open_from("127.0.0.1") == 3:
                break
            await asyncio.sleep(0.05)
        assert connections.open_from("127.0.0.1") == 3
        refused, writer = await raw(port, b"")
        assert await closed_by_server(refused)
        writer.close()
        request = f"GET /g/{token}/view.json HTTP/1.1\r\nHost: tikal\r\nConnection: close\r\n\r\n".encode()
        for reader, writer in held:  # the three held ones are served
            writer.write(request)
            await writer.drain()
            sent = await asyncio.wait_for(reader.read(), WAIT)
            assert sent.startswith(b"HTTP/1.1 200")
            writer.close()
        for _ in range(100):  # once they are gone, the address may connect again
            if connections.open_from("127.0.0.1") == 0:
                break
            await asyncio.sleep(0.05)
        status, _, _ = await answer(port, request)
        assert status == 200
    assert [r.levelno for r in caplog.records if "closes new connections" in r.getMessage()] == [logging.INFO]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(("host", "warned"), [("0.0.0.0", True), ("127.0.0.1", False)])
async def test_behind_a_proxy_listening_beyond_this_machine_is_warned_about(
        db_path: Path, caplog: pytest.LogCaptureFixture, host: str, warned: bool) -> None:
    async with open_service(db_path) as core:
        web = WebView(core, behind_proxy=True)
        assert web.connections.per_address is None  # every connection comes from the proxy
        await web.start(host, 0)
        try:
            async with aiohttp.ClientSession() as session:
                assert (await get(session, f"http://127.0.0.1:{web.port}/nothing"))[0] == 404
        finally:
            await web.stop()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING and "WEB_BEHIND_PROXY" in r.getMessage()]
    assert bool(warnings) is warned

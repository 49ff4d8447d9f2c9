"""Helpers of the tests of a member's own page: a member's client (its own cookies, as a browser of its own) that
opens their link and posts their moves as the page's script does."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bot.core.assembly import Core
from bot.web.sessions import CSRF_HEADER
from tests.bot.core.servicekit import GUILD

PAGE_DATA = re.compile(r'<script type="application/json" id="page-data">(.*?)</script>', re.S)


def page_data(html: str) -> dict[str, Any]:
    """What the page hands its script (the palette, the addresses, the CSRF token, the data)."""
    found = PAGE_DATA.search(html)
    assert found is not None
    return dict(json.loads(found.group(1)))


@dataclass
class Member:
    """One member's browser: its session's cookie, the page's CSRF token and the data it shows."""

    client: aiohttp.ClientSession
    base: str
    game_id: int
    token: str
    html: str = ""
    csrf: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    set_cookie: str = ""

    @property
    def origin(self) -> str:
        return self.base

    async def open(self) -> int:
        async with self.client.get(f"{self.base}/m/{self.token}") as response:
            self.html = await response.text()
            self.set_cookie = response.headers.get("Set-Cookie", "")
            if response.status == 200:
                script = page_data(self.html)
                self.csrf, self.data = script["csrf"], script["data"]
            return response.status

    async def post(self, what: str, body: dict[str, Any] | str, *, origin: str | None = "", csrf: str | None = "",
                   ) -> tuple[int, dict[str, Any]]:
        """A POST as the page's script makes it (``origin``/``csrf`` None: left out; "": the right ones)."""
        headers = {"Content-Type": "application/json"}
        if origin is not None:
            headers["Origin"] = origin or self.origin
        if csrf is not None:
            headers[CSRF_HEADER] = csrf or self.csrf
        text = body if isinstance(body, str) else json.dumps(body)
        async with self.client.post(f"{self.base}/play/{self.game_id}/{what}", data=text, headers=headers) as r:
            answer = await r.json()
        if answer.get("data"):
            self.data = answer["data"]
        return r.status, answer

    async def act(self, path: list[str], version: int | None = None) -> tuple[int, dict[str, Any]]:
        return await self.post("act", {"version": self.data["version"] if version is None else version,
                                       "path": path})

    async def get(self, path: str = "") -> tuple[int, str]:
        async with self.client.get(f"{self.base}/play/{self.game_id}{path}") as response:
            return response.status, await response.text()

    def moves(self) -> set[str]:
        """Every move the page offers now (the finishes of its menu's actions, Undo and End)."""
        menu = self.data["play"]["menu"]
        if menu is None:
            return set()
        offered = {f["move"] for a in menu["actions"] for f in a["finishes"]}
        offered |= {c for c, key in (("undo", "undo"), ("end", "end")) if menu[key] is not None}
        return offered


@asynccontextmanager
async def member(core: Core, base: str, game_id: int, member_id: int) -> AsyncIterator[Member]:
    """The member's own browser, their link opened."""
    token, _ = await core.web_play.access.issue(GUILD, game_id, member_id)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        opened = Member(client, base, game_id, token)
        assert await opened.open() == 200
        yield opened


def legal_texts(entries: list[Any]) -> set[str]:
    """The engine's legal moves as the notation."""
    return {str(m) for e in entries for m in e.moves()}


__all__ = ["Member", "legal_texts", "member", "page_data"]

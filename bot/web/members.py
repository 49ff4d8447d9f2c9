"""A member's own page, served beside the spectators' (``server.WebView``): a board they play by clicking.

``/m/<token>`` opens a member's link (``bot.core.web_play.access``): it starts a session (its cookie goes only to
``/play/<game>``) and answers the member's page, whose script shows ``/play/<game>`` in the address bar instead of the
link. ``/play/<game>`` is the page, ``view.json`` its data, ``history.json`` the game's history (the spectators'),
``events`` its live stream (the data again whenever the game moves, ``gone`` when the session ended), and three
POSTs change something: ``act`` (a path of the turn's menu, at the version the page showed), ``jump`` (a Tikal Rápido
jump's chips) and ``signout``. A POST must come from the page (``Origin`` is ``WEB_URL``'s), carry the session's
CSRF token, and stay within the member's rate limit; a move goes through the core as a slash command's
(``WebPlay.act`` → ``Turns.act``) and the channel is brought up to date as after one (``synced``: the Discord adapter's
``Table.sync``, handed in by the bot). Nothing of a link or session is logged."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

from aiohttp import web

from bot.core.assembly import Core
from bot.core.spectators.links import Watched
from bot.core.table.results import JumpChoice, Moved
from bot.core.web_play.access import SESSION_DAYS, Seated
from bot.core.web_play.keys import csrf_of, digest
from bot.core.web_play.play import SeatPage
from bot.core.words.errors import MovedOn, NoGame
from bot.web.content import board_data, palette
from bot.web.events import GONE, follow, said_gone
from bot.web.guard import Address, RateLimit
from bot.web.page import message_html
from bot.web.play_content import member_data
from bot.web.play_page import member_page_html
from bot.web.play_words import PlayWords
from bot.web.sessions import (
    clear_session,
    csrf_ok,
    from_the_page,
    is_secure,
    origin_of,
    play_path,
    session_of,
    set_session,
)
from bot.web.watch import Watchers
from engine import EngineError
from lang import DEFAULT_LOCALE, LOCALES, known, translator

log = logging.getLogger(__name__)

Synced = Callable[[int, int, Moved | None], Awaitable[None]]
"""What brings a game's channel up to date after a move (the bot's ``Table.sync``: guild, game, what was committed)."""
HistoryOf = Callable[[Watched, PlayWords], Awaitable[bytes]]
WRITES: Final = re.compile(r"/play/[0-9]{1,18}/(act|jump|signout)")
PATH_KEY: Final = re.compile(r"[A-Za-z0-9]{1,12}")
BODY_LIMIT: Final = 2048
CACHED: Final = 64
T = TypeVar("T")


def writable(request: web.Request) -> bool:
    """The requests that may be POSTs: a member's moves (``guard.limited``)."""
    return WRITES.fullmatch(request.path) is not None


def member_key(seated: Seated) -> str:
    """Whose requests count together in the member's rate limit: one seat of one game as one member holds it."""
    return f"{seated.game_id}:{seated.seat}:{seated.member_id}"


class Refused(Exception):
    """A request answered with a refusal (``status``, the words) before it reached the game."""

    def __init__(self, status: int, said: str) -> None:
        super().__init__(status)
        self.status = status
        self.said = said


class MemberRoutes:
    """The members' pages and their moves, over the core."""

    def __init__(self, core: Core, *, public_url: str | None, limit: RateLimit, address: Address,
                 member_limit: RateLimit | None = None, poll_seconds: float = 1.0, keepalive: float = 15.0,
                 history: HistoryOf, closing: asyncio.Event, synced: Synced | None = None) -> None:
        self.core = core
        self.origin = origin_of(public_url) if public_url else None
        """The origin every change must come from (``WEB_URL``'s); None: members cannot act from the web."""
        self.secure = is_secure(public_url)
        self.limit = limit
        self.address = address
        self.member_limit = member_limit or RateLimit(per_minute=60.0, burst=30.0)
        """Each member's moves: a burst of 30, then one a second."""
        self.keepalive = keepalive
        self.history = history
        self.closing = closing
        self.synced = synced
        self.watchers = Watchers[Seated](self._poll, poll_seconds)
        self._boards: dict[tuple[int, int, str, str], dict[str, Any]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    def routes(self) -> list[web.RouteDef]:
        game = "{game:[0-9]{1,18}}"
        return [
            web.get("/m/{token}", self.open, allow_head=False),  # a HEAD (a link checker's) opens no session
            web.get(f"/play/{game}", self.page),
            web.get(f"/play/{game}/view.json", self.view_json),
            web.get(f"/play/{game}/history.json", self.history_json),
            web.get(f"/play/{game}/events", self.events),
            web.post(f"/play/{game}/act", self.act),
            web.post(f"/play/{game}/jump", self.jump),
            web.post(f"/play/{game}/signout", self.sign_out),
        ]

    async def stop(self) -> None:
        await self.watchers.close()
        await self.settled(5.0)  # the channel's updates after the last moves: a few seconds to finish
        for task in list(self._tasks):
            task.cancel()

    async def settled(self, timeout: float | None = None) -> None:
        """Wait until every change made from the pages has been committed and its channel brought up to date."""
        while self._tasks:
            _, late = await asyncio.wait(list(self._tasks), timeout=timeout)
            if late:
                return

    # -- who asks, in which words

    async def _seated(self, request: web.Request) -> tuple[Seated, str] | None:
        session = session_of(request)
        if session is None:
            return None
        seated = await self.core.web_play.access.find(session, int(request.match_info["game"]))
        return None if seated is None else (seated, session)

    async def _words(self, request: web.Request, seated: Seated | None) -> PlayWords:
        asked = known(request.query.get("lang") or "")
        member = await self.core.languages.member(seated.member_id) if seated is not None and not asked else None
        server = await self.core.spectators.languages.server(seated.guild_id) \
            if seated is not None and not asked and not member else None
        locale = asked or known(member or "") or (server if server in LOCALES else None) or DEFAULT_LOCALE
        return PlayWords(translator(locale))

    def _message(self, words: PlayWords, text: str, status: int) -> web.Response:
        return web.Response(status=status, text=message_html("Tikal", text, words.locale), content_type="text/html",
                            charset="utf-8", headers={"Cache-Control": "no-store"})

    # -- the page and its data

    async def _page(self, seated: Seated) -> SeatPage:
        try:
            return await self.core.web_play.page(seated)
        except (NoGame, EngineError):  # removed, or the seat changed hands since the session was found
            raise Refused(403, "") from None

    def _board(self, page: SeatPage, words: PlayWords) -> dict[str, Any]:
        """The board part of the data: the same for every reader of the game at that version in that language."""
        key = (page.game.id, page.view.version, str(page.seated.status), words.locale)
        board = self._boards.get(key)
        if board is None:
            board = self._boards[key] = board_data(page.view, words)
            while len(self._boards) > CACHED:
                self._boards.pop(next(iter(self._boards)))
        return board

    async def _data(self, seated: Seated, words: PlayWords) -> dict[str, Any]:
        page = await self._page(seated)
        return member_data(page, words, self._board(page, words))

    async def _page_response(self, request: web.Request, seated: Seated, session: str) -> web.Response:
        words = await self._words(request, seated)
        try:
            data = await self._data(seated, words)
        except Refused:
            return self._message(words, words.gone(), 404)
        path = play_path(seated.game_id)
        extra = {"palette": palette(), "events": f"{path}/events?lang={words.locale}",
                 "history": f"{path}/history.json?lang={words.locale}", "address": path, "csrf": csrf_of(session),
                 "actions": {"act": f"{path}/act", "jump": f"{path}/jump", "signout": f"{path}/signout"}}
        return web.Response(text=member_page_html(data, words, extra), content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store"})

    async def open(self, request: web.Request) -> web.StreamResponse:
        """A member's link: a new session, and the page."""
        opened = await self.core.web_play.access.open(request.match_info["token"])
        if opened is None:
            words = await self._words(request, None)
            return self._message(words, words.link_ended(), 404)
        response = await self._page_response(request, opened.seated, opened.session_id)
        set_session(response, opened.seated.game_id, opened.session_id, SESSION_DAYS * 86400, secure=self.secure)
        return response

    async def _unknown(self, request: web.Request) -> str:
        """Why a request without a valid session gets nothing: no session yet, or one that ended."""
        words = await self._words(request, None)
        return words.gone() if session_of(request) is not None else words.no_session()

    async def page(self, request: web.Request) -> web.StreamResponse:
        found = await self._seated(request)
        if found is None:
            return self._message(await self._words(request, None), await self._unknown(request), 403)
        return await self._page_response(request, *found)

    async def view_json(self, request: web.Request) -> web.StreamResponse:
        found = await self._seated(request)
        if found is None:
            return _json({"ok": False, "said": await self._unknown(request)}, 403)
        seated, _ = found
        try:
            return _json(await self._data(seated, await self._words(request, seated)))
        except Refused:
            return _json({"ok": False, "said": (await self._words(request, seated)).gone()}, 403)

    async def history_json(self, request: web.Request) -> web.StreamResponse:
        found = await self._seated(request)
        if found is None:
            return _json({"frames": []}, 403)
        seated, _ = found
        words = await self._words(request, seated)
        watched = Watched(seated.guild_id, seated.game_id, seated.version, seated.status, seated.deadline_at)
        response = web.Response(body=await self.history(watched, words), content_type="application/json",
                                charset="utf-8", headers={"Cache-Control": "no-store"})
        response.enable_compression()
        return response

    # -- live

    async def _poll(self, key: str) -> Seated | None:
        game, session_hash = key.split(":", 1)
        return await self.core.web_play.access.find_digest(session_hash, int(game))

    async def events(self, request: web.Request) -> web.StreamResponse:
        found = await self._seated(request)
        if found is None:
            return await said_gone(request)
        seated, session = found
        address = self.address(request)
        if not self.limit.stream_opened(address):
            return web.Response(status=429, headers={"Retry-After": "60"})
        try:
            return await self._stream(request, seated, f"{seated.game_id}:{digest(session)}")
        finally:
            self.limit.stream_closed(address)

    async def _stream(self, request: web.Request, seated: Seated, key: str) -> web.StreamResponse:
        words = await self._words(request, seated)

        async def send(response: web.StreamResponse, now: Seated) -> None:
            await self._send(response, now, words)

        return await follow(request, seated, key, self.watchers, keepalive=self.keepalive, closing=self.closing,
                            event_id=_event_id, send=send)

    async def _send(self, response: web.StreamResponse, seated: Seated, words: PlayWords) -> None:
        try:
            data = await self._data(seated, words)
        except Refused:
            await response.write(GONE)
            return
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        await response.write(b"id: " + _event_id(seated).encode() + b"\nevent: view\ndata: " + body + b"\n\n")

    # -- changes

    async def _writer(self, request: web.Request) -> tuple[Seated, str, PlayWords, dict[str, Any]]:
        """A change's checks, in order: from the page, a session, its CSRF token, the member's rate limit, a JSON
        body. Raises ``Refused``."""
        words = await self._words(request, None)
        if not from_the_page(request, self.origin):
            raise Refused(403, words.forbidden())
        found = await self._seated(request)
        if found is None:
            raise Refused(401, words.gone())
        seated, session = found
        words = await self._words(request, seated)
        if not csrf_ok(request, session):
            raise Refused(403, words.forbidden())
        if not self.member_limit.allow(member_key(seated)):
            raise Refused(429, words.too_fast())
        if request.content_length is not None and request.content_length > BODY_LIMIT:
            raise Refused(400, words.forbidden())
        try:
            body = json.loads(await request.content.read(BODY_LIMIT + 1) or b"{}")
        except ValueError:
            raise Refused(400, words.forbidden()) from None
        if not isinstance(body, dict):
            raise Refused(400, words.forbidden())
        return seated, session, words, body

    async def _refused(self, seated: Seated, words: PlayWords, said: str, status: int, *,
                       stale: bool = False) -> web.Response:
        """A move the game refused: why, and the page's data as the game stands now."""
        out: dict[str, Any] = {"ok": False, "said": said, "stale": stale}
        try:
            out["data"] = await self._data(seated, words)
        except Refused:
            out["said"] = words.gone()
        return _json(out, status)

    async def _committed(self, seated: Seated, work: Awaitable[T], moved: Callable[[T], Moved | None]) -> T:
        """Run a change to its end even if the page goes away meanwhile, then bring the channel up to date in the
        background (the member's answer does not wait for Discord)."""

        async def run() -> T:
            result = await work
            self._sync(seated, moved(result))
            return result

        task = asyncio.ensure_future(run())
        self._keep(task)
        return await asyncio.shield(task)

    def _sync(self, seated: Seated, moved: Moved | None) -> None:
        if self.synced is None:
            return
        self._keep(asyncio.ensure_future(self._run_sync(seated, moved)))

    async def _run_sync(self, seated: Seated, moved: Moved | None) -> None:
        assert self.synced is not None
        try:
            await self.synced(seated.guild_id, seated.game_id, moved)
        except Exception:  # the next move or the outbox's catch-up brings the channel up to date
            log.exception("game %s: the channel could not be brought up to date after a move from the web",
                          seated.game_id)

    def _keep(self, task: asyncio.Task[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def act(self, request: web.Request) -> web.StreamResponse:
        try:
            seated, session, words, body = await self._writer(request)
        except Refused as refused:
            return _json({"ok": False, "said": refused.said}, refused.status)
        version, path = body.get("version"), body.get("path")
        if not isinstance(version, int) or not isinstance(path, list) or len(path) != 3 or \
                not all(isinstance(k, str) and PATH_KEY.fullmatch(k) for k in path):
            return _json({"ok": False, "said": words.forbidden()}, 400)
        try:
            moved = await self._committed(seated, self.core.web_play.act(seated, version, tuple(path)),
                                          lambda m: m)
        except MovedOn:
            return await self._refused(seated, words, words.moved_on(), 409, stale=True)
        except EngineError as error:
            return await self._refused(seated, words, words.refusal(error.message), 422)
        still = moved.to_act is not None and moved.to_act.member_id == seated.member_id
        return await self._done(session, seated, words, words.receipt(moved.view, moved.move, still))

    async def jump(self, request: web.Request) -> web.StreamResponse:
        try:
            seated, session, words, body = await self._writer(request)
        except Refused as refused:
            return _json({"ok": False, "said": refused.said}, refused.status)
        opened, chips = body.get("opened"), body.get("chips")
        if not isinstance(opened, int) or not isinstance(chips, int):
            return _json({"ok": False, "said": words.forbidden()}, 400)

        def moved(chosen: JumpChoice) -> Moved | None:
            return chosen.moved

        try:
            chosen = await self._committed(seated, self.core.web_play.jump(seated, chips, opened), moved)
        except MovedOn:
            return await self._refused(seated, words, words.moved_on(), 409, stale=True)
        except EngineError as error:
            return await self._refused(seated, words, words.refusal(error.message), 422)
        return await self._done(session, seated, words, words.jump_receipt(chosen.chips))

    async def _done(self, session: str, seated: Seated, words: PlayWords, said: str) -> web.Response:
        """A change made: what it did, and the page's data now (where the game stands after it)."""
        now = await self.core.web_play.access.find(session, seated.game_id)
        try:
            data = None if now is None else await self._data(now, words)
        except Refused:
            data = None
        return _json({"ok": True, "said": said, "data": data})

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        try:
            seated, session, words, _ = await self._writer(request)
        except Refused as refused:
            return _json({"ok": False, "said": refused.said}, refused.status)
        await self.core.web_play.access.sign_out(session)
        response = _json({"ok": True, "said": words.signed_out()})
        clear_session(response, seated.game_id, secure=self.secure)
        return response


def _event_id(seated: Seated) -> str:
    return f"{seated.version}.{seated.status}.{seated.deadline_at}"


def _json(data: dict[str, Any], status: int = 200) -> web.Response:
    return web.Response(status=status, body=json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(),
                        content_type="application/json", charset="utf-8", headers={"Cache-Control": "no-store"})


__all__ = ["HistoryOf", "MemberRoutes", "Refused", "Synced", "member_key", "writable"]

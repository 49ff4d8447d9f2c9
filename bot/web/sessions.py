"""A member's session in the browser: its cookie (HttpOnly, SameSite=Strict, Secure when the web view's public address
is HTTPS, sent only to the game's own pages), and what a request that changes something must show besides — the page's
own origin (``Origin``, checked against ``WEB_URL``) and the session's CSRF token (a header the page's script adds)."""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

from aiohttp import web

from bot.core.web_play.keys import csrf_of, same_secret

COOKIE: Final = "tikal_play"
CSRF_HEADER: Final = "X-Tikal-CSRF"
DEFAULT_PORTS: Final = {"http": 80, "https": 443}


def play_path(game_id: int) -> str:
    """A member's page of the game (the session's cookie goes to it and below it only)."""
    return f"/play/{game_id}"


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an address, as a browser's ``Origin`` header says it (a default port left out)."""
    parts = urlsplit(url)
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != DEFAULT_PORTS[parts.scheme] else "")


def is_secure(public_url: str | None) -> bool:
    return public_url is not None and urlsplit(public_url).scheme == "https"


def set_session(response: web.StreamResponse, game_id: int, session_id: str, max_age: int, *, secure: bool) -> None:
    response.set_cookie(COOKIE, session_id, path=play_path(game_id), max_age=max_age, httponly=True, secure=secure,
                        samesite="Strict")


def clear_session(response: web.StreamResponse, game_id: int, *, secure: bool) -> None:
    response.set_cookie(COOKIE, "", path=play_path(game_id), max_age=0, httponly=True, secure=secure,
                        samesite="Strict")


def session_of(request: web.Request) -> str | None:
    return request.cookies.get(COOKIE) or None


def from_the_page(request: web.Request, origin: str | None) -> bool:
    """Whether a request that changes something comes from the web view's own pages: its ``Origin`` is the public
    address's (``WEB_URL``; none set: nothing may change)."""
    given = request.headers.get("Origin")
    return origin is not None and given is not None and given.lower() == origin


def csrf_ok(request: web.Request, session_id: str) -> bool:
    """Whether the request carries the session's CSRF token (which only the session's own page knows)."""
    given = request.headers.get(CSRF_HEADER, "")
    return bool(given) and same_secret(given, csrf_of(session_id))


__all__ = ["COOKIE", "CSRF_HEADER", "clear_session", "csrf_ok", "from_the_page", "is_secure", "origin_of",
           "play_path", "session_of", "set_session"]

"""A wire harness: drive a real discord.py client offline.

The client, its command tree, cogs, views and error handlers are the real ones. Only the two places
where discord.py talks to Discord are replaced:

- ``HTTPClient.request`` — every REST call (channel messages, edits, threads …);
- ``AsyncWebhookAdapter.request`` — interaction responses, follow-ups and edits of them.

Both record a ``Call`` and answer with a plausible JSON payload, or refuse it as Discord would: a request past one of
Discord's limits, an interaction answered twice or too late (``discord_limits``; a refusal also stays in
``Wire.refused``, and ``discordkit.running_bot`` fails the test that leaves one there). Raw ``INTERACTION_CREATE``
payloads go in through ``ConnectionState.parse_interaction_create``, exactly as the gateway would feed them.
The private names used here are checked by ``test_wire_hooks.py`` so an upgrade that moves them fails
loudly instead of silently testing nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.bot.adapter.discord_limits import Interactions, Refusal, refusal

EPHEMERAL = 1 << 6
APPLICATION_ID = 900000000000000001
BOT_USER_ID = 900000000000000002
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit per message in a server without boosts."""

_snowflakes = itertools.count(1_000_000_000_000_000_000)


def snowflake() -> int:
    return next(_snowflakes)


@dataclass
class Call:
    """One request discord.py would have sent."""

    via: str  # "http" (bot REST) or "interaction" (interaction webhook)
    method: str
    path: str
    json: dict[str, Any] | None
    files: dict[str, bytes] = field(default_factory=dict)
    params: dict[str, Any] | None = None
    reason: str | None = None
    response: Any = None
    """What the fake Discord answered (a message payload for a posted message)."""

    @property
    def message_id(self) -> int:
        message = self.response
        if isinstance(message, dict) and "resource" in message:
            message = message["resource"].get("message")
        assert isinstance(message, dict) and "id" in message, "no message was created"
        return int(message["id"])

    @property
    def data(self) -> dict[str, Any]:
        """The message-like part of the body: an interaction callback's ``data`` or the JSON itself."""
        body = self.json or {}
        return body.get("data") or {} if "type" in body and "data" in body else body

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & EPHEMERAL)

    @property
    def callback_type(self) -> int | None:
        return (self.json or {}).get("type") if self.via == "interaction" and self.path.endswith("/callback") else None


def _split_multipart(multipart: list[dict[str, Any]] | None) -> tuple[dict[str, Any] | None, dict[str, bytes]]:
    payload: dict[str, Any] | None = None
    files: dict[str, bytes] = {}
    for part in multipart or []:
        if part["name"] == "payload_json":
            payload = json.loads(part["value"])
        else:
            fp = part["value"]
            fp.seek(0)
            files[part.get("filename") or part["name"]] = fp.read()
    return payload, files


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot, "public_flags": 0}


def member_payload(user_id: int, name: str, *, roles: list[int] | None = None,
                   nick: str | None = None, permissions: int | None = None) -> dict[str, Any]:
    m: dict[str, Any] = {"user": user_payload(user_id, name), "roles": [str(r) for r in roles or []],
                         "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                         "nick": nick, "flags": 0}
    if permissions is not None:
        m["permissions"] = str(permissions)
    return m


@dataclass(frozen=True)
class Ref:
    """A user or role option's value: sent as its id, with Discord's ``resolved`` data beside it."""

    kind: str  # "user", "role" or "channel" (a text channel)
    id: int
    name: str = "someone"


def _resolve(ref: Ref, resolved: dict[str, Any], guild_id: int | None) -> int:
    if ref.kind == "role":
        resolved.setdefault("roles", {})[str(ref.id)] = {
            "id": str(ref.id), "name": ref.name, "permissions": "0", "position": 1, "color": 0, "hoist": False,
            "managed": False, "mentionable": True, "flags": 0}
        return 8
    if ref.kind == "channel":
        resolved.setdefault("channels", {})[str(ref.id)] = {
            "id": str(ref.id), "name": ref.name, "type": 0, "permissions": str(discord.Permissions.all().value),
            "parent_id": None}
        return 7
    resolved.setdefault("users", {})[str(ref.id)] = user_payload(ref.id, ref.name)
    if guild_id:
        member = member_payload(ref.id, ref.name)
        del member["user"]
        resolved.setdefault("members", {})[str(ref.id)] = member
    return 6


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    channels: list[dict[str, Any]]
    members: dict[int, str]
    everyone_permissions: int
    bot_permissions: int


class Wire:
    """Runs one discord.py client against recorded fakes instead of Discord.

    It refuses what Discord refuses (``discord_limits``: a message past a limit, an interaction answered twice or,
    with a ``clock``, more than 3 seconds after it arrived), answering as Discord does, and keeps each refusal in
    ``refused``: a test fails if any is left there (``check``), unless it takes out the ones it provoked."""

    def __init__(self, client: discord.Client, *, clock: Callable[[], float] | None = None) -> None:
        self.client = client
        self.calls: list[Call] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.fail_next: list[tuple[str, int] | tuple[str, int, int]] = []
        """Fail the next call matching a prefix once: ``(prefix, status)`` or ``(prefix, status, Discord code)``;
        status 0 is a network failure."""
        self.down: dict[str, tuple[int, int]] = {}
        """Fail every call matching a prefix with ``(status, code)`` until the entry is removed."""
        self.threads: list[dict[str, Any]] = []
        self.deleted: list[int] = []
        """The ids of the channel messages deleted, in order."""
        self.slow: dict[str, asyncio.Event] = {}
        """Hold every call matching a prefix (or ``"METHOD path"``) until its event is set: a slow Discord."""
        self.nonces_kept = True
        """Whether fetched messages still carry their nonce (Discord drops it after a few minutes)."""
        self.upload_limit = UPLOAD_LIMIT
        """The most a message's attachments may weigh together; Discord refuses more (413, error 40005)."""
        self.locales: dict[int, str] = {}
        """Each member's client language, sent with their interactions (``en-US`` when not set)."""
        self.closed_dms: set[int] = set()
        """Members whose direct messages are closed: Discord refuses the bot's DMs to them (403, error 50007)."""
        self._closed_dm_channels: set[int] = set()
        self.interactions = Interactions(clock)
        """The interactions delivered and answered; ``clock`` (the bot's fake one) times their answers."""
        self.refused: list[tuple[Call, Refusal]] = []
        """The requests refused for breaking Discord's rules, with Discord's answer."""
        self.registered: dict[str, list[dict[str, Any]]] = {}
        """The application's commands as the last sync left them, by path (global or a guild's): what a GET reads."""
        self._saved: list[tuple[Any, str, Any]] = []

    # ----------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        self._patch(HTTPClient, "request", self._http_request)
        self._patch(AsyncWebhookAdapter, "request", self._webhook_request)
        client = self.client
        state = client._connection
        state.application_id = APPLICATION_ID
        me: Any = user_payload(BOT_USER_ID, "TikalBot", bot=True)
        state.user = discord.ClientUser(state=state, data=me)
        await client._async_setup_hook()
        await client.setup_hook()

    async def close(self) -> None:
        for owner, name, value in reversed(self._saved):
            setattr(owner, name, value)
        self._saved.clear()
        await self.client.close()

    def check(self) -> None:
        """Fail if Discord refused any request for breaking its rules (each listed with Discord's words)."""
        assert not self.refused, "Discord refused:\n" + "\n".join(
            f"{call.method} {call.path}: {found.exception()}" for call, found in self.refused)

    def _patch(self, owner: Any, name: str, replacement: Any) -> None:
        self._saved.append((owner, name, getattr(owner, name)))

        async def method(_self: Any, *args: Any, **kwargs: Any) -> Any:
            return await replacement(*args, **kwargs)

        setattr(owner, name, method)

    # ----------------------------------------------------------------- guilds

    def add_guild(
        self,
        guild_id: int,
        *,
        name: str = "Test server",
        owner_id: int,
        members: dict[int, str],
        channels: list[int],
        everyone_permissions: int = discord.Permissions.general().value | discord.Permissions.text().value,
        bot_permissions: int | None = None,
        threads: list[int] | None = None,
        locale: str = "en-US",
    ) -> discord.Guild:
        """Put a guild with text channels, members and the bot into the client's cache."""
        bot_role = snowflake()
        roles = [
            {"id": str(guild_id), "name": "@everyone", "permissions": str(everyone_permissions), "position": 0,
             "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0},
            {"id": str(bot_role), "name": "TikalBot", "permissions": str(
                bot_permissions if bot_permissions is not None else discord.Permissions.all().value),
             "position": 1, "color": 0, "hoist": False, "managed": True, "mentionable": False, "flags": 0},
        ]
        member_list = [member_payload(uid, uname) for uid, uname in members.items()]
        member_list.append(member_payload(BOT_USER_ID, "TikalBot", roles=[bot_role]))
        member_list[-1]["user"]["bot"] = True
        channel_list: list[dict[str, Any]] = [
            {"id": str(cid), "type": 0, "name": f"channel-{i}", "position": i, "guild_id": str(guild_id),
             "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
             "last_message_id": None, "rate_limit_per_user": 0}
            for i, cid in enumerate(channels)
        ]
        thread_list = [
            {"id": str(tid), "type": 11, "name": f"thread-{i}", "guild_id": str(guild_id),
             "parent_id": str(channels[0]), "owner_id": str(BOT_USER_ID), "message_count": 0,
             "member_count": 0, "rate_limit_per_user": 0,
             "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                 "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
            for i, tid in enumerate(threads or [])
        ]
        data = {
            "id": str(guild_id), "name": name, "icon": None, "owner_id": str(owner_id), "roles": roles,
            "emojis": [], "stickers": [], "features": [], "member_count": len(member_list),
            "members": member_list, "channels": channel_list, "threads": thread_list,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "premium_tier": 0, "system_channel_flags": 0, "preferred_locale": locale,
            "nsfw_level": 0, "large": False, "unavailable": False,
        }
        return self.client._connection._add_guild_from_data(data)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- interactions

    def _base(self, kind: int, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
              permissions: int | None, locale: str | None = None) -> dict[str, Any]:
        guild = self.client.get_guild(guild_id) if guild_id else None
        member = guild.get_member(user_id) if guild else None
        if permissions is None:
            channel = guild.get_channel_or_thread(channel_id) if guild else None
            permissions = channel.permissions_for(member).value if channel and member else 0
        payload: dict[str, Any] = {
            "id": str(snowflake()), "application_id": str(APPLICATION_ID), "type": kind,
            "token": f"token-{snowflake()}", "version": 1,
            "locale": locale or self.locales.get(user_id, "en-US"),
            "channel_id": str(channel_id), "app_permissions": str(discord.Permissions.all().value),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild_id)} if guild_id else {},
            "context": 0 if guild_id else 1, "attachment_size_limit": 8 * 1024 * 1024,
        }
        channel_obj = guild.get_channel_or_thread(channel_id) if guild else None
        payload["channel"] = {"id": str(channel_id), "type": 11 if isinstance(channel_obj, discord.Thread) else 0,
                              "guild_id": str(guild_id) if guild_id else None}
        if guild_id:
            payload["guild_id"] = str(guild_id)
            payload["guild_locale"] = guild.preferred_locale.value if guild else "en-US"
            m = member_payload(user_id, name, permissions=permissions)
            if member is not None:
                m["roles"] = [str(r.id) for r in member.roles if r.id != guild_id]
            payload["member"] = m
        else:
            payload["user"] = user_payload(user_id, name)
        return payload

    def command_payload(self, command: str, options: dict[str, Any] | None = None, *, guild_id: int | None,
                        channel_id: int, user_id: int, name: str = "player", focused: str | None = None,
                        permissions: int | None = None, locale: str | None = None) -> dict[str, Any]:
        """Build an application command (or, with ``focused``, autocomplete) interaction.

        ``command`` is the full name, e.g. ``"tikal move"`` or ``"tikal-game new"``.
        """
        tree = self.client.tree  # type: ignore[attr-defined]
        words = command.split()
        root = tree.get_command(words[0])
        if root is None:
            raise KeyError(f"no command /{words[0]}")
        opts: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for key, value in (options or {}).items():
            opt: dict[str, Any] = {"name": key, "type": _option_type(value), "value": value}
            if isinstance(value, Ref):
                opt.update(type=_resolve(value, resolved, guild_id), value=str(value.id))
            if key == focused:
                opt["focused"] = True
            opts.append(opt)
        for depth in range(len(words) - 1, 0, -1):
            kind = 2 if depth < len(words) - 1 else 1
            opts = [{"name": words[depth], "type": kind, "options": opts}]
        data = {"id": str(snowflake()), "name": words[0], "type": 1, "options": opts,
                "guild_id": str(guild_id) if guild_id else None}
        if resolved:
            data["resolved"] = resolved
        payload = self._base(4 if focused else 2, guild_id=guild_id, channel_id=channel_id, user_id=user_id,
                             name=name, permissions=permissions, locale=locale)
        payload["data"] = data
        return payload

    def component_payload(self, custom_id: str, *, message_id: int, guild_id: int | None, channel_id: int,
                          user_id: int, name: str = "player", locale: str | None = None) -> dict[str, Any]:
        payload = self._base(3, guild_id=guild_id, channel_id=channel_id, user_id=user_id, name=name,
                             permissions=None, locale=locale)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        message = self.messages.get(message_id)
        if message is None:  # a message from before a restart: Discord still shows its buttons
            button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
            message = self._message_payload(channel_id, {"components": [{"type": 1, "components": [button]}]}, {})
        message = dict(message, id=str(message_id))
        payload["message"] = message
        return payload

    def modal_payload(self, custom_id: str, values: dict[str, str], *, guild_id: int | None, channel_id: int,
                      user_id: int, name: str = "player", locale: str | None = None) -> dict[str, Any]:
        """A modal's submission: the text inputs' values by their custom ids."""
        payload = self._base(5, guild_id=guild_id, channel_id=channel_id, user_id=user_id, name=name,
                             permissions=None, locale=locale)
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
                for key, value in values.items()]
        payload["data"] = {"custom_id": custom_id, "components": rows}
        return payload

    async def send(self, payload: dict[str, Any]) -> list[Call]:
        """Feed one raw INTERACTION_CREATE payload and wait until everything it started is done.

        Returns the calls it made, in order.
        """
        start = len(self.calls)
        before = asyncio.all_tasks()
        self.interactions.deliver([payload])
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle(before)
        return self.calls[start:]

    async def burst(self, payloads: list[dict[str, Any]]) -> list[Call]:
        """Feed raw INTERACTION_CREATE payloads all at once (as the gateway delivers a burst: each handled in a task
        of its own, none waiting for another) and wait until everything they started is done."""
        start = len(self.calls)
        before = asyncio.all_tasks()
        self.interactions.deliver(payloads)
        for payload in payloads:
            self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle(before)
        return self.calls[start:]

    def answers(self, payload: dict[str, Any]) -> list[Call]:
        """The callbacks Discord got for one interaction (its initial response: exactly one is allowed)."""
        return [c for c in self.calls if c.path.startswith(f"/interactions/{payload['id']}/")]

    async def settle(self, before: set[asyncio.Task[Any]] | None = None) -> None:
        """Wait for every task started since ``before`` (and those they start) to finish."""
        me = asyncio.current_task()
        known = set(before or ())
        for _ in range(200):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() if t is not me and t not in known and not t.done()]
            pending = [t for t in pending if not _is_background(t)]
            if not pending:
                return
            await asyncio.wait(pending, timeout=30)
        raise RuntimeError("tasks kept spawning")

    # ----------------------------------------------------------------- fakes of Discord

    def _message_payload(self, channel_id: int, body: dict[str, Any], files: dict[str, bytes],
                         message_id: int | None = None) -> dict[str, Any]:
        mid = message_id or snowflake()
        return {
            "id": str(mid), "channel_id": str(channel_id), "type": 0,
            "author": user_payload(BOT_USER_ID, "TikalBot", bot=True),
            "content": body.get("content") or "", "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": [
                {"id": str(snowflake()), "filename": fn, "size": len(b), "url": f"https://cdn.invalid/{fn}",
                 "proxy_url": f"https://cdn.invalid/{fn}"} for fn, b in files.items()
            ],
            "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False, "flags": 0,
            "nonce": body.get("nonce"),
        }

    async def _held(self, call: Call) -> None:
        """Wait while a ``slow`` entry holds the call."""
        for prefix, event in self.slow.items():
            if call.path.startswith(prefix) or f"{call.method} {call.path}".startswith(prefix):
                await event.wait()

    def _maybe_fail(self, path: str, method: str = "") -> None:
        """Fail the call if its path (or ``"METHOD path"``) starts with a queued or a ``down`` prefix."""
        for i, (prefix, status, *code) in enumerate(self.fail_next):
            if path.startswith(prefix) or f"{method} {path}".startswith(prefix):
                del self.fail_next[i]
                _raise(status, code[0] if code else 0)
        for prefix, (status, code) in self.down.items():
            if path.startswith(prefix) or f"{method} {path}".startswith(prefix):
                _raise(status, code)

    def _check_uploads(self, uploaded: dict[str, bytes]) -> None:
        """Refuse attachments over the upload limit, as Discord does (413, Request entity too large)."""
        if sum(len(data) for data in uploaded.values()) > self.upload_limit:
            raise discord.HTTPException(_FakeResponse(413), {"message": "Request entity too large", "code": 40005})

    def _refuse(self, call: Call) -> None:
        """Answer as Discord does a request that breaks its rules (``discord_limits``), and keep it in ``refused``."""
        found = refusal(call.via, call.method, call.path, call.json, len(call.files))
        if found is None and call.via == "interaction":
            found = self.interactions.refusal(call.path)
        if found is not None:
            self.refused.append((call, found))
            raise found.exception()

    async def _http_request(self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        body, uploaded = kwargs.get("json"), dict[str, bytes]()
        if form:
            body, uploaded = _split_multipart(list(form))
        call = Call("http", route.method, route.path.format_map(_RouteParams(route)), body, uploaded,
                    kwargs.get("params"), kwargs.get("reason"))
        self.calls.append(call)
        await self._held(call)
        self._maybe_fail(call.path, call.method)
        if call.method == "POST" and call.path.split("/")[1:3] and call.path.split("/")[1] == "channels" \
                and int(call.path.split("/")[2]) in self._closed_dm_channels:
            raise discord.Forbidden(_FakeResponse(403), {"message": "Cannot send messages to this user",
                                                         "code": 50007})
        self._refuse(call)
        self._check_uploads(uploaded)
        call.response = self._answer_http(route, call)
        return call.response

    def _answer_http(self, route: Route, call: Call) -> Any:
        parts = call.path.strip("/").split("/")
        body = call.json or {}
        if parts[0] == "channels" and len(parts) == 5 and parts[2] == "messages" and parts[4] == "threads":
            return self._new_thread(int(parts[1]), body, message_id=int(parts[3]))
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel_id = int(parts[1])
            if route.method == "POST" and len(parts) == 3:
                msg = self._message_payload(channel_id, body, call.files)
                self.messages[int(msg["id"])] = msg
                return msg
            if len(parts) >= 4 and route.method == "PATCH":
                mid = int(parts[3])
                old = self.messages.get(mid) or self._message_payload(channel_id, {}, {}, mid)
                msg = {**old, **{k: v for k, v in body.items() if k in ("content", "embeds", "components")}}
                if call.files:
                    msg["attachments"] = self._message_payload(channel_id, {}, call.files)["attachments"]
                msg["edited_timestamp"] = datetime.now(UTC).isoformat()
                self.messages[mid] = msg
                return msg
            if len(parts) == 4 and route.method == "DELETE":  # gone for everyone; a second try is a 404
                if self.messages.pop(int(parts[3]), None) is None:
                    raise discord.NotFound(_FakeResponse(404), {"message": "Unknown Message", "code": 10008})
                self.deleted.append(int(parts[3]))
                return None
            if len(parts) >= 4 and route.method == "GET":
                mid = int(parts[3])
                if mid not in self.messages:
                    raise discord.NotFound(_FakeResponse(404), {"message": "Unknown Message", "code": 10008})
                return self.messages[mid]
            if route.method == "GET":  # the channel's latest messages, newest first
                limit = int((call.params or {}).get("limit", 50))
                here = [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]
                return [{k: v for k, v in m.items() if k != "nonce" or self.nonces_kept} for m in here[::-1][:limit]]
            return None
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "threads" and self._guild_of(int(parts[1])):
            return self._new_thread(int(parts[1]), body)
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "threads":
            thread_id = snowflake()
            return {"id": str(thread_id), "type": 11, "name": body.get("name", "thread"),
                    "guild_id": None, "parent_id": parts[1], "owner_id": str(BOT_USER_ID),
                    "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
                    "thread_metadata": {"archived": False, "auto_archive_duration": body.get(
                        "auto_archive_duration", 10080), "archive_timestamp": datetime.now(UTC).isoformat(),
                        "locked": False}}
        if parts[0] == "channels" and len(parts) == 2 and route.method == "PATCH":
            return {"id": parts[1], "type": 11, "name": body.get("name", "thread"), "parent_id": None,
                    "owner_id": str(BOT_USER_ID), "message_count": 0, "member_count": 1,
                    "rate_limit_per_user": 0, "thread_metadata": {
                        "archived": body.get("archived", False), "auto_archive_duration": 10080,
                        "archive_timestamp": datetime.now(UTC).isoformat(), "locked": False}}
        if parts[0] == "users" and parts[1] == "@me" and len(parts) > 2 and parts[2] == "channels":
            dm = snowflake()
            if int(body["recipient_id"]) in self.closed_dms:
                self._closed_dm_channels.add(dm)
            return {"id": str(dm), "type": 1, "recipients": [user_payload(int(body["recipient_id"]), "dm")],
                    "last_message_id": None}
        if parts[0] == "applications":  # a bulk sync: Discord answers with the commands and their ids
            if route.method == "PUT" and isinstance(call.json, list):
                self.registered[call.path] = [
                    {**c, "id": str(snowflake()), "application_id": str(APPLICATION_ID), "version": "1",
                     "default_member_permissions": c.get("default_member_permissions")} for c in call.json]
                return self.registered[call.path]
            return self.registered.get(call.path, []) if route.method == "GET" else []
        return {}

    def _guild_of(self, channel_id: int) -> discord.Guild | None:
        return next((g for g in self.client.guilds if g.get_channel_or_thread(channel_id) is not None), None)

    def _new_thread(self, parent_id: int, body: dict[str, Any], message_id: int | None = None) -> dict[str, Any]:
        """A thread in a known guild, added to the cache as Discord's THREAD_CREATE event would."""
        guild = self._guild_of(parent_id)
        thread_id = message_id or snowflake()  # a thread started from a message takes the message's id
        data: dict[str, Any] = {
            "id": str(thread_id), "type": 11, "name": body.get("name", "thread"),
            "guild_id": str(guild.id) if guild else None, "parent_id": str(parent_id),
            "owner_id": str(BOT_USER_ID), "message_count": 0, "member_count": 1, "rate_limit_per_user": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": body.get("auto_archive_duration", 10080),
                                "archive_timestamp": datetime.now(UTC).isoformat(), "locked": False},
        }
        if guild is not None:
            event: Any = {**data, "newly_created": True}
            self.client._connection.parse_thread_create(event)
        self.threads.append(data)
        return data

    async def _webhook_request(self, route: Route, session: Any = None, *, payload: Any = None,
                               multipart: Any = None, files: Any = None, params: Any = None, **kwargs: Any) -> Any:
        body, uploaded = payload, dict[str, bytes]()
        if multipart:
            body, uploaded = _split_multipart(multipart)
        call = Call("interaction", route.method, route.path.format_map(_RouteParams(route)), body, uploaded,
                    params)
        self.calls.append(call)
        await self._held(call)
        self._maybe_fail(call.path, call.method)
        self._refuse(call)
        self._check_uploads(uploaded)
        if call.path.endswith("/callback"):
            interaction_id = call.path.split("/")[2]
            data = (body or {}).get("data") or {}
            resource: dict[str, Any] = {"type": (body or {}).get("type", 4)}
            if (body or {}).get("type") in (4, 7):
                resource["message"] = self._message_payload(0, data, uploaded)
                self.messages[int(resource["message"]["id"])] = resource["message"]
            call.response = {"interaction": {"id": interaction_id, "type": 2,
                                             "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL),
                                             "response_message_loading": (body or {}).get("type") == 5},
                             "resource": resource}
            return call.response
        call.response = self._message_payload(0, body or {}, uploaded)
        self.messages[int(call.response["id"])] = call.response
        return call.response

    # ----------------------------------------------------------------- queries

    def find(self, *, via: str | None = None, method: str | None = None, contains: str = "") -> Iterator[Call]:
        for c in self.calls:
            if (via is None or c.via == via) and (method is None or c.method == method) and contains in c.path:
                yield c


class _RouteParams(dict[str, Any]):
    def __init__(self, route: Route) -> None:
        super().__init__()
        self.route = route

    def __missing__(self, key: str) -> str:
        return str(getattr(self.route, key, None) or _route_value(self.route, key))


def _route_value(route: Route, key: str) -> Any:
    # Route keeps only some parameters as attributes; the formatted URL holds them all.
    template = route.path.split("/")
    actual = route.url.removeprefix(Route.BASE).split("?")[0].split("/")
    for t, a in zip(template, actual, strict=False):
        if t == "{" + key + "}":
            return a
    return key


def _raise(status: int, code: int) -> None:
    if status == 0:
        raise aiohttp.ClientOSError(111, "injected: connection refused")
    error = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        error = discord.DiscordServerError
    raise error(_FakeResponse(status), {"message": "injected", "code": code})


class _FakeResponse:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "injected"


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


def _is_background(task: asyncio.Task[Any]) -> bool:
    name = task.get_name()
    coroutine = getattr(task.get_coro(), "__qualname__", "")
    # discord.py gives views on ephemeral messages a 15-minute timeout (the token's lifetime): a timer, not work.
    timer = "timeout_task_impl" in coroutine
    # A task that only waits for an event is no work either: the outbox's idle wait (``wait_for`` wraps
    # ``Event.wait()`` in a task of its own) would otherwise hold ``settle`` for its 30 s of sleep.
    idle = coroutine == "Event.wait"
    # the web view's connections (aiohttp's server; a page's live stream stays open for days): a browser's work
    code = getattr(task.get_coro(), "cr_code", None)
    web = coroutine.startswith("RequestHandler.") and code is not None and "aiohttp" in code.co_filename
    return timer or idle or web or name.startswith(("discord.py: ", "tikal-background"))

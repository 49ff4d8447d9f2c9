"""Helpers of the Discord adapter tests: the real ``TikalBot`` on a SQLite file, driven through the wire."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord

import engine
from bot.adapter.app import TikalBot
from bot.adapter.exts.clock import Clockwork
from bot.config import Settings
from bot.core.days.reminders import TickReport
from bot.core.storage.backends import is_postgres
from engine import GameView, LegalMove, Move
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.clockkit import FakeClock

GUILD, OTHER_GUILD = 7001, 7002
CHANNEL, OTHER_CHANNEL, SECOND_CHANNEL = 7101, 7102, 7103
ANA, BEN, CY, DEE, MOD, EVE = 7201, 7202, 7203, 7204, 7205, 7206
POSING = {7211: f"<@{BEN}>", 7212: f"<@&{GUILD}>", 7213: f"<#{SECOND_CHANNEL}>", 7214: "</tikal-game new:1>"}
"""Members whose display names are Discord's syntax: shown unescaped, they would read as Ben's mention, a role
(the server's @everyone), a channel and a command to click."""
NAMES = {ANA: "Ana", BEN: "Ben", CY: "Cy", DEE: "Dee", MOD: "Mo",
         EVE: "**Eve** [click](https://evil.example) @everyone", **POSING}
"""Display names; Eve's would render as bold text, a masked link and a mass ping if shown unescaped."""
PLAYER_PERMISSIONS = discord.Permissions.general().value & ~discord.Permissions(manage_guild=True).value | \
    discord.Permissions.text().value


def settings(path: Path | str, **more: Any) -> Settings:
    """The bot's settings on a SQLite file or (a ``postgresql://`` URL) a PostgreSQL database."""
    if is_postgres(path):
        return Settings(_env_file=None, discord_token=None, database_url=str(path), dev_guild_id=None, **more)
    return Settings(_env_file=None, discord_token=None, database_path=Path(path), dev_guild_id=None, **more)


@asynccontextmanager
async def running_bot(path: Path | str, messages: dict[int, dict[str, Any]] | None = None, *,
                      clock: Callable[[], float] = time.time, **more: Any) -> AsyncIterator[Wire]:
    """A bot on ``path`` with one guild (``GUILD``, channels ``CHANNEL`` and ``SECOND_CHANNEL``) and another.

    ``messages``: what Discord still holds from before (a restart), e.g. the previous wire's ``messages``.
    ``clock``: the time of the database and the scheduler (a fake one moves only when told; the wire then refuses an
    interaction answered more than 3 of its seconds after it arrived). ``more``: settings. The test fails if Discord
    refused any request for breaking its rules (``Wire.check``).
    """
    bot = TikalBot(settings(path, **more), clock=clock)
    wire = Wire(bot, clock=None if clock is time.time else clock)
    wire.messages.update(messages or {})
    await wire.start()
    wire.add_guild(GUILD, owner_id=MOD, members=dict(NAMES), channels=[CHANNEL, SECOND_CHANNEL],
                   everyone_permissions=PLAYER_PERMISSIONS)
    wire.add_guild(OTHER_GUILD, owner_id=MOD, members=dict(NAMES), channels=[OTHER_CHANNEL],
                   everyone_permissions=PLAYER_PERMISSIONS)
    await bot.outbox.resumed.wait()
    try:
        yield wire
        wire.check()
    finally:
        await wire.close()


def bot_of(wire: Wire) -> TikalBot:
    assert isinstance(wire.client, TikalBot)
    return wire.client


async def command(wire: Wire, name: str, options: dict[str, Any] | None = None, *, user: int,
                  channel: int = CHANNEL, guild: int = GUILD, focused: str | None = None,
                  permissions: int | None = None, app_permissions: int | None = None,
                  roles: Sequence[int] = ()) -> list[Call]:
    payload = wire.command_payload(name, options, guild_id=guild, channel_id=channel, user_id=user,
                                   name=NAMES.get(user, "someone"), focused=focused, permissions=permissions)
    if roles:
        payload["member"]["roles"] = [str(r) for r in roles]
    if app_permissions is not None:
        payload["app_permissions"] = str(app_permissions)
    return await wire.send(payload)


async def click(wire: Wire, custom_id: str, *, user: int, message_id: int, channel: int = CHANNEL,
                guild: int = GUILD) -> list[Call]:
    return await wire.send(wire.component_payload(custom_id, message_id=message_id, guild_id=guild,
                                                  channel_id=channel, user_id=user, name=NAMES.get(user, "someone")))


def responses(calls: Sequence[Call]) -> list[Call]:
    """The interaction callbacks and follow-ups (what the person who acted sees)."""
    return [c for c in calls if c.via == "interaction"]


def posts(calls: Sequence[Call], channel: int | None = None) -> list[Call]:
    """New channel messages."""
    return [c for c in calls if c.via == "http" and c.method == "POST" and c.path.endswith("/messages")
            and (channel is None or c.path == f"/channels/{channel}/messages")]


def edits(calls: Sequence[Call]) -> list[Call]:
    return [c for c in calls if c.via == "http" and c.method == "PATCH" and "/messages/" in c.path]


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [b["custom_id"] for row in message.get("components") or [] for b in row.get("components", [])]


def choices_of(call: Call) -> list[dict[str, Any]]:
    """The choices of an autocomplete answer."""
    assert call.callback_type == 8 and call.json is not None
    return list(call.json["data"]["choices"])


def text_of(call: Call) -> str:
    """Everything a person reads in a message: content and embed texts."""
    data = call.data
    parts = [data.get("content") or ""]
    for embed in data.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields") or []]
    return "\n".join(parts)


async def open_game(wire: Wire, players: Sequence[int], *, variant: str = "basic", thread: bool = False,
                    channel: int = CHANNEL, guild: int = GUILD) -> int:
    """Open a lobby with ``players[0]``, let the others join through the button, start it; the game's id."""
    calls = await command(wire, "tikal-game new", {"variant": variant, "seats": len(players), "thread": thread},
                          user=players[0], channel=channel, guild=guild)
    lobby = posts(calls, channel)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    lobby_id = lobby.message_id
    for member in players[1:]:
        await click(wire, f"tikal:join:{game_id}", user=member, message_id=lobby_id, channel=channel, guild=guild)
    await click(wire, f"tikal:start:{game_id}", user=players[0], message_id=lobby_id, channel=channel, guild=guild)
    return game_id


COMMAND_OPTIONS: dict[type, tuple[str, ...]] = {
    engine.Place: ("space", "rotation"), engine.Deploy: ("space", "figures"),
    engine.Transfer: ("source", "target", "figures"), engine.Walk: ("source", "target", "figures"),
    engine.Uncover: ("space", "levels"), engine.Recover: ("space", "wafers"),
    engine.Exchange: ("give", "player", "take"), engine.Camp: ("space",), engine.Guard: ("space", "leader"),
    engine.Bid: ("amount",), engine.Pick: ("hexagon",),
}


def as_command(move: Move) -> tuple[str, dict[str, Any]]:
    """The slash command (name and options) that makes ``move``."""
    from bot.core.table.autocomplete import parts

    verb = str(move).split()[0]
    name = "tikal pass" if verb == "pass" else f"tikal {verb}"
    return name, dict(parts(move))


def pick_move(entries: Sequence[LegalMove], rng: random.Random, actions_done: int) -> Move:
    """A quick game: place and auction moves at random, at most two actions a turn, then end."""
    by_kind: dict[str, list[Move]] = {}
    for entry in entries:
        verb = str(entry.move).split()[0]
        if verb == "undo":
            continue
        by_kind.setdefault(verb, []).extend(list(entry.moves())[:3])
    if "end" in by_kind and (actions_done >= 2 or len(by_kind) == 1):
        return by_kind["end"][0]
    kinds = sorted(k for k in by_kind if k != "end") or ["end"]
    return rng.choice(by_kind[rng.choice(kinds)])


def keen(entries: Sequence[LegalMove], rng: random.Random, actions_done: int) -> Move:
    """``pick_move``, but an obstacle, a gun or a shot whenever one is legal (most of the time)."""
    wanted = [m for e in entries for m in e.moves()
              if isinstance(m, engine.Obstacle | engine.Fire) or (isinstance(m, engine.Guard) and m.gun)]
    if wanted and actions_done < 2 and rng.random() < 0.7:
        return rng.choice(wanted)
    return pick_move(entries, rng, actions_done)


async def tick(wire: Wire, clock: FakeClock, now: float) -> tuple[TickReport, list[Call]]:
    """Set the fake clock (the database's time too) to ``now`` and tick once, sending everything it queues;
    the report and the calls it made."""
    clock.now = now
    # Extensions are loaded as fresh modules, so the class is not the one this module imports: by name.
    cog: Any = bot_of(wire).get_cog("Clockwork")
    assert type(cog).__name__ == Clockwork.__name__
    start = len(wire.calls)
    before = asyncio.all_tasks()
    done = await cog.tick(now)
    await wire.settle(before)
    return done, wire.calls[start:]


async def mixed_burst(wire: Wire, game_id: int, rng: random.Random, *, guild: int = GUILD, channel: int = CHANNEL,
                      moves: int = 6) -> list[dict[str, Any]]:
    """Interactions that may all arrive at once in a running game, shuffled: some moves of the player to act (as
    the legal moves are now), two ``end`` commands and a click on the turn message's End button, another member's
    move, ``status``, ``games``, ``history``, the board and an autocomplete."""
    svc = bot_of(wire).core
    view = await svc.games.view(guild, game_id)
    game = await svc.games.game(guild, game_id)
    seat = game.at_seat(view.to_act or 0)
    assert seat is not None and not view.finished
    actor = seat.member_id
    other = next(s.member_id for s in game.seats if s.member_id != actor)

    def slash(name: str, options: dict[str, Any] | None = None, *, user: int,
              focused: str | None = None) -> dict[str, Any]:
        return wire.command_payload(name, options, guild_id=guild, channel_id=channel, user_id=user,
                                    name=NAMES.get(user, "someone"), focused=focused)

    entries = await svc.turns.legal_moves(guild, game_id, actor)
    chosen = sorted({str(pick_move(entries, rng, 0)) for _ in range(moves)})
    payloads = [slash(*as_command(engine.parse_move(m)), user=actor) for m in chosen]
    end = wire.component_payload(f"tikal:end:{game_id}", message_id=game.turn_message_id or 0, guild_id=guild,
                                 channel_id=channel, user_id=actor, name=NAMES.get(actor, "someone"))
    # the live message as the member sees it, with its End button (this process's fake Discord may hold an older
    # copy, edited by itself, when another process moved the game meanwhile)
    end["message"]["components"] = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "End turn", "custom_id": f"tikal:end:{game_id}"}]}]
    payloads += [slash("tikal end", user=actor), slash("tikal end", user=actor), end,
                 slash("tikal deploy", {"space": "A1", "figures": "1"}, user=other),
                 slash("tikal-game status", user=other), slash("tikal-game games", user=other),
                 slash("tikal-game history", user=other), slash("tikal board", user=actor),
                 slash("tikal move", {"source": ""}, user=actor, focused="source")]
    rng.shuffle(payloads)
    return payloads


def went_wrong(wire: Wire, payloads: Sequence[dict[str, Any]]) -> list[str]:
    """The answers to these interactions that say "Something went wrong"."""
    ids = {p["id"] for p in payloads} | {p["token"] for p in payloads}
    return [text_of(c) for c in wire.calls if any(i in c.path for i in ids) and "went wrong" in text_of(c)]


def pinged(call: Call) -> tuple[list[str], list[str]]:
    """The users and roles a message may notify (mentions are never parsed from the text)."""
    allowed = (call.json or {}).get("allowed_mentions") or {}
    assert allowed.get("parse") == [], "mentions must never be parsed from the text"
    return [str(u) for u in allowed.get("users") or []], [str(r) for r in allowed.get("roles") or []]


def add_role(wire: Wire, guild_id: int, role_id: int, name: str = "Tikal mods") -> None:
    """Create a role in the cached guild (as Discord's GUILD_ROLE_CREATE would); ``command(roles=…)`` gives it."""
    guild = wire.client.get_guild(guild_id)
    assert guild is not None
    role = discord.Role(guild=guild, state=wire.client._connection, data={  # type: ignore[typeddict-item]
        "id": str(role_id), "name": name, "permissions": "0", "position": 2, "color": 0, "hoist": False,
        "managed": False, "mentionable": True, "flags": 0})
    guild._add_role(role)


MOD_PERMISSIONS = discord.Permissions.all().value
"""What a moderator's interaction carries (Manage Server included)."""


async def mod(wire: Wire, name: str, options: dict[str, Any] | None = None, user: int = MOD) -> list[Call]:
    """``/tikal-mod <name>`` by ``user`` (the moderator by default, with a moderator's permissions)."""
    return await command(wire, f"tikal-mod {name}", options, user=user,
                         permissions=MOD_PERMISSIONS if user == MOD else None)


async def member_to_act(wire: Wire, game_id: int) -> int | None:
    """The member id of the seat to act in a game of ``GUILD`` (``None`` once it is over)."""
    svc = bot_of(wire).core
    view = await svc.games.view(GUILD, game_id)
    if view.to_act is None:
        return None
    seat = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act)
    assert seat is not None
    return seat.member_id


async def place_first(wire: Wire, game_id: int) -> int:
    """The player to act places its hexagon on the first legal space through ``/tikal place``; its member id."""
    view = await bot_of(wire).core.games.view(GUILD, game_id)
    member = await member_to_act(wire, game_id)
    assert member is not None
    space, rotation = view.placements[0]
    await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation}, user=member)
    return member


async def whose_turn(wire: Wire, game_id: int) -> tuple[GameView, int, int]:
    """The view, the member to act and one member who is not."""
    svc = bot_of(wire).core
    game = await svc.games.game(GUILD, game_id)
    view = await svc.games.view(GUILD, game_id)
    assert view.to_act is not None
    seat = game.at_seat(view.to_act)
    assert seat is not None
    other = next(s.member_id for s in game.seats if s.member_id != seat.member_id)
    return view, seat.member_id, other

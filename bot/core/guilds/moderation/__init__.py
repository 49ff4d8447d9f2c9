"""Moderators' operations on games, and the players' own: resign and "my games". ``Moderation`` is made of one
part per kind of operation (as ``render.words.Words`` is), each in its own module over ``ModerationBase``.

``Moderation(store, games, jumps, computers)``. Permission is the caller's to decide, as everywhere in the core:
the adapter passes ``is_moderator`` (Manage Server, or the guild's moderator role from ``config``), and a plain
member is refused with ``NotAllowed``. Every moderator action on a game queues a ``mod_action`` post for
the game's channel in the action's own transaction (``ModAction.post``; its payload's ``text`` is the
line to show, with mentions that must not ping) and returns it.

Absent seats: ``kick`` and ``resign`` keep the seat, its figures and its score (docs/rules.md, ruling 14) and
replace its member by a placeholder id below zero (``bot.core.storage.seats``), so the former
member can no longer act and is never pinged; the bot makes the seat's moves when it is to act (at
once, and afterwards through ``Scheduler.tick``). ``replace`` gives a seat (absent or not) and its whole
position to another member; the seat keeps its name in the record. When every seat is absent the
game is aborted.

Paused games refuse every move (``GamePaused``, a clear message) and have no reminders or deadlines;
``resume`` starts the current wait over.
"""

from __future__ import annotations

from bot.core.guilds.moderation.base import KEEP, ModAction, ModerationBase
from bot.core.guilds.moderation.clocks import GameClockInfo, GameClocks
from bot.core.guilds.moderation.controls import GameControls
from bot.core.guilds.moderation.players import MyGame, PlayersGames
from bot.core.guilds.moderation.seats import SeatChanges
from bot.core.guilds.moderation.server import GuildConfig, ServerConfiguration


class Moderation(SeatChanges, GameControls, GameClocks, ServerConfiguration, PlayersGames):
    """Every moderator operation, and the players' own (resign, my games)."""


__all__ = ["KEEP", "GameClockInfo", "GuildConfig", "ModAction", "Moderation", "ModerationBase", "MyGame"]

"""What commands and buttons share: acting in a game, the lobby message and each wait's message. ``Table`` is made of
one part per kind (as ``render.words.Words`` is), each in its own module over ``TableBase``: the lobby, acting, the
turn's menus, the wait's message and ``sync`` (``waits.py``), looking, the members' links to their web boards."""

from __future__ import annotations

from bot.adapter.table.acting import Acting
from bot.adapter.table.base import Live, TableBase, Tutor, display_name, is_moderator, played_for, waited_seats
from bot.adapter.table.lobby import Lobbies
from bot.adapter.table.looking import Looking
from bot.adapter.table.menus import Menus
from bot.adapter.table.web_play import WebBoards


class Table(Lobbies, Menus, Looking, WebBoards):
    """The adapter's game logic on top of the core, for one bot."""


__all__ = ["Acting", "Live", "Menus", "Table", "TableBase", "Tutor", "display_name", "is_moderator", "played_for",
           "waited_seats"]

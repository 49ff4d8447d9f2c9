"""A turn's menu as Discord components (the steps of ``bot.core.menus``): a step's entries as selects (each with up to
25 options, its descriptions carrying the costs) or as buttons (how many, which figure), its controls (Undo, End turn)
and ◀ Back as buttons in the last row — within Discord's limits: 5 rows, 5 buttons a row, a select alone in its row,
25 options a select, custom ids of 100 characters; past the rows, a list is paged (``More…``).

Each component is a ``DynamicItem`` whose custom id carries the game, the version the menu was built at, where it is
(``p``: the wait's public message, ``e``: the member's private menu) and the path chosen so far::

    tikal:mps:12:57:p:0      the public message's first select of the spaces of a placement (its value: the space)
    tikal:meb:12:57:mA1.C2.3 a private button: move three workers from A1 to C2
    tikal:mps:12:58::0       the public message's select of a turn's actions (its value: ``mA1``, move from A1)
    tikal:mpb:12:58:         the button that opens the member's menu (when the public view cannot give its moves)

so a menu works after a restart, and a menu of an older version is refused (``Table.menu``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, Final, cast

import discord

from bot.adapter.ui.actions import guarded, table_of
from bot.core.menus import Choice, Menu, Path, Step, entries_from_view
from bot.core.menus.words import placeholder
from engine import GameView, Phase
from engine.messages import ENGLISH, Speaker

ROWS: Final = 5
PER_ROW: Final = 5
OPTIONS: Final = 25
LABEL, VALUE, DESCRIPTION, PLACEHOLDER, BUTTON_LABEL, CUSTOM_ID = 100, 100, 100, 150, 80, 100
"""Discord's limits."""
PHONE_ROW: Final = 320
"""What a row of buttons may be wide (px) in a 400 px chat column: the message's indent and margins off."""
PHONE_OPTION, PHONE_DESCRIPTION = 42, 52
"""The characters of a select option's label and description a 400 px phone shows on one line."""
MORE: Final = "~"
"""A select's value that shows another page of its step (``~2``); no key of a menu starts with it."""


def encode(path: Path) -> str:
    return ".".join(path)


def decode(text: str) -> Path:
    return tuple(text.split(".")) if text else ()


def _char_width(ch: str) -> float:
    if unicodedata.east_asian_width(ch) in "WF" or ord(ch) > 0x2FFF:
        return 20.0  # an emoji (a player's square) or a wide character
    return 8.0


def button_width(label: str) -> float:
    """A button's width in px on a phone: its label (about 8 px a character at Discord's 14 px) and its padding."""
    return sum(_char_width(ch) for ch in label) + 32


def row_fits(labels: Sequence[str]) -> bool:
    """Whether buttons with these labels fit side by side in ``PHONE_ROW`` px (8 px between them)."""
    return len(labels) <= PER_ROW and sum(button_width(x) for x in labels) + 8 * (len(labels) - 1) <= PHONE_ROW


def button_rows(labels: Sequence[str], rows: int) -> list[list[int]] | None:
    """The buttons' indexes row by row, as many a row as fit a phone's width, or None if they need more than ``rows``
    (then a select shows them); a last row of one under a row of three takes one from it (2 + 2, not 3 + 1)."""
    out: list[list[int]] = []
    for i, label in enumerate(labels):
        if out and row_fits([labels[j] for j in out[-1]] + [label]):
            out[-1].append(i)
        else:
            out.append([i])
    if len(out) > rows:
        return None
    if len(out) >= 2 and len(out[-1]) + 1 < len(out[-2]):
        moved = out[-2][-1:]
        out[-2] = out[-2][:-1]
        out[-1] = moved + out[-1]
    return out


class MenuButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"tikal:m(?P<where>[pe])b:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<path>[A-Za-z0-9.]*)"):
    """A button of a menu: it opens the step of its path, or applies the move its full path names."""

    def __init__(self, game_id: int, version: int, path: Path, *, public: bool, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None) -> None:
        custom_id = f"tikal:m{'p' if public else 'e'}b:{game_id}:{version}:{encode(path)}"
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL], style=style, custom_id=custom_id), row=row)
        self.game_id, self.version, self.path, self.public = game_id, version, path, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MenuButton:
        return cls(int(match["game"]), int(match["version"]), decode(match["path"]), public=match["where"] == "p")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, table_of(interaction).menu(interaction, self.game_id, self.version, self.path, None,
                                                              public=self.public))


class MenuSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"tikal:m(?P<where>[pe])s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<path>[A-Za-z0-9.]*)"
                          r":(?P<n>[0-9]+)"):
    """A select of a menu: its path is the step's, its value the key chosen there (or ``~page``)."""

    def __init__(self, game_id: int, version: int, path: Path, n: int = 0, *, public: bool,
                 options: Sequence[discord.SelectOption] = (), placeholder: str | None = None,
                 row: int | None = None) -> None:
        custom_id = f"tikal:m{'p' if public else 'e'}s:{game_id}:{version}:{encode(path)}:{n}"
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id, options=list(options) or [discord.SelectOption(label="?", value="?")],
            placeholder=placeholder[:PLACEHOLDER] if placeholder else None, min_values=1, max_values=1)
        super().__init__(select, row=row)
        self.game_id, self.version, self.path, self.public = game_id, version, path, public

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MenuSelect:
        return cls(int(match["game"]), int(match["version"]), decode(match["path"]), int(match["n"]),
                   public=match["where"] == "p")

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        await guarded(interaction, table_of(interaction).menu(interaction, self.game_id, self.version, self.path,
                                                              values[0] if values else "", public=self.public))


def _option(choice: Choice) -> discord.SelectOption:
    return discord.SelectOption(label=choice.label[:LABEL], value=choice.key[:VALUE],
                                description=choice.description[:DESCRIPTION] or None)


def _placeholder(step: Step, first: int, last: int, total: int, t: Speaker) -> str:
    what = placeholder(step.path, t)
    if total <= OPTIONS:
        return what
    return t.tr("menu.choose_range", "{what} ({first}–{last} of {n})", what=what, first=first, last=last, n=total)


def _pages(count: int, rows: int) -> list[tuple[int, int]]:
    """``(start, end)`` of each page's entries when ``rows`` selects show ``count`` entries: one page if they fit,
    else pages whose first select keeps a slot for ``◀ Earlier`` and whose last keeps one for ``More…``."""
    if count <= rows * OPTIONS:
        return [(0, count)]
    pages: list[tuple[int, int]] = []
    start = 0
    while start < count:
        room = rows * OPTIONS - (1 if pages else 0)
        end = count if count - start <= room else start + room - 1
        pages.append((start, end))
        start = end
    return pages


def add_step(buttons: discord.ui.View, game_id: int, version: int, step: Step, t: Speaker = ENGLISH, *,
             public: bool, page: int = 0, first_row: int = 0, skip: frozenset[str] = frozenset()) -> None:
    """Add a step's components to ``buttons`` from row ``first_row`` on: its entries (but those in ``skip``, which the
    message has as buttons already), then its controls and ◀ Back in the last row used."""
    entries = [c for c in step.entries if c.key not in skip]
    controls: list[tuple[str, Path, discord.ButtonStyle]] = []
    if step.back is not None:
        controls.append((t.tr("menu.back", "◀ Back"), step.back, discord.ButtonStyle.secondary))
    for c in step.controls:
        if c.key not in skip:
            ends = c.move == "end" or c.leads == ("e",)
            style = discord.ButtonStyle.primary if ends else discord.ButtonStyle.secondary
            controls.append((c.label, c.leads, style))
    control_rows = button_rows([label for label, _, _ in controls], 2) or [[i] for i in range(len(controls))]
    rows = ROWS - first_row - len(control_rows)
    layout = button_rows([c.label for c in entries], rows) if step.kind == "buttons" else None
    row = first_row
    if layout is not None:
        for indexes in layout:
            for i in indexes:
                c = entries[i]
                style = discord.ButtonStyle.primary if c.move is not None else discord.ButtonStyle.secondary
                buttons.add_item(MenuButton(game_id, version, c.leads, public=public, label=c.label, style=style,
                                            row=row))
            row += 1
    elif entries:
        pages = _pages(len(entries), rows)
        page = min(max(page, 0), len(pages) - 1)
        start, end = pages[page]
        options = [_option(c) for c in entries[start:end]]
        if page > 0:
            options.insert(0, discord.SelectOption(label=t.tr("menu.earlier", "◀ Earlier"), value=f"{MORE}{page - 1}"))
        if page + 1 < len(pages):
            options.append(discord.SelectOption(label=t.tr("menu.more", "More…"), value=f"{MORE}{page + 1}",
                                                description=t.tr("menu.more_left", "{n} more", n=len(entries) - end)))
        shown = start
        for k in range(0, len(options), OPTIONS):
            chunk = options[k:k + OPTIONS]
            real = [o for o in chunk if not o.value.startswith(MORE)]
            first, last = shown + 1, shown + len(real)
            shown += len(real)
            buttons.add_item(MenuSelect(game_id, version, step.path, page * ROWS + k // OPTIONS, public=public,
                                        options=chunk, placeholder=_placeholder(step, first, last, len(entries), t),
                                        row=row))
            row += 1
    for indexes in control_rows:
        for i in indexes:
            label, path, style = controls[i]
            buttons.add_item(MenuButton(game_id, version, path, public=public, label=label, style=style, row=row))
        row += 1


def menu_view(game_id: int, menu: Menu, step: Step, t: Speaker = ENGLISH, *, page: int = 0) -> discord.ui.View:
    """A step of the member's private menu as components."""
    buttons = discord.ui.View(timeout=None)
    add_step(buttons, game_id, menu.version, step, t, public=False, page=page)
    return buttons


def public_menu(buttons: discord.ui.View, game_id: int, view: GameView, t: Speaker = ENGLISH) -> None:
    """What a wait's public message adds under its buttons (row 0): the first step of the menu of the player to act —
    a placement's spaces, a bidding's bids, a turn's actions — as selects (Pass, Undo and End turn are buttons there
    already)."""
    entries = entries_from_view(view)
    if entries is not None:
        step = Menu(view, entries, t).step()
        add_step(buttons, game_id, view.version, step, t, public=True, first_row=1, skip=frozenset({"P", "z", "e"}))
    elif not view.finished and view.phase in (Phase.ACTIONS, Phase.SCORING):  # the menu as the member's own
        buttons.add_item(MenuButton(game_id, view.version, (), public=True, label=t.tr("menu.open", "Choose an action"),
                                    style=discord.ButtonStyle.primary, row=1))


MENU_ITEMS: Final = (MenuButton, MenuSelect)

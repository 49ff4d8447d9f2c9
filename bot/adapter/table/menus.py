"""A turn played by tapping (``bot.core.menus``): the steps of the member's menu, each a private message (the first
one answers a tap on the wait's public message, the next ones replace it), and the last tap's move applied as the
slash command's (``Acting.commit``: the same core path, answer, undo), the next step shown where the turn goes on.

Only the player to act may open a menu; a menu made at another version than the game's is refused and changes
nothing (``Turns.menu_moves``, and the move's own check of the version in ``Turns.act``)."""

from __future__ import annotations

import discord

from bot.adapter.messages.menus import menu_text, refused_menu
from bot.adapter.messages.wait_message import confirmation
from bot.adapter.replies import edit_original, reply, update
from bot.adapter.speech import reader
from bot.adapter.table.acting import Acting
from bot.adapter.ui.menus import MORE, menu_view
from bot.core.menus import Menu, Path, Step, UnknownChoice
from bot.core.table.results import Moved
from bot.core.words.errors import MovedOn
from engine import EngineError, Phase
from lang import Translator


class Menus(Acting):
    """The member's menu: its steps answered privately, its last tap applied."""

    async def menu(self, interaction: discord.Interaction, game_id: int, version: int, path: Path,
                   value: str | None, *, public: bool) -> None:
        """A tap on a menu made at ``version``: on a button (``value`` None: its path is the step to show or the move
        to apply) or a select (``path`` its step, ``value`` the key chosen or ``~page``). ``public``: on the wait's
        message (answered with a new private message), else on the member's private menu (which it replaces)."""
        guild = self.guild_id(interaction)
        t = reader(interaction)
        try:
            view, entries = await self.core.turns.menu_moves(guild, game_id, interaction.user.id, version)
        except MovedOn as error:
            await self._refuse(interaction, t.message(error.message), public=public)
            return
        menu = Menu(view, entries, t)
        page = 0
        try:
            if value is not None and value.startswith(MORE):
                target, page = path, int(value[len(MORE):])
            elif value is not None:
                target = menu.lead((*path, value))
            else:
                target = path or menu.first()
            move = menu.finish(target).text if len(target) == 3 else None
            step = menu.step(target) if move is None else None
        except (UnknownChoice, ValueError):
            await self._refuse(interaction, t.tr("menu.unknown", "That choice is not on the menu any more: nothing was "
                                                                 "done."), public=public)
            return
        if move is not None:
            await self._apply(interaction, game_id, version, move, public=public, t=t)
            return
        assert step is not None
        components = menu_view(game_id, menu, step, t, page=page)
        if public:
            await reply(interaction, menu_text(view, step, t), view=components)
        else:
            await update(interaction, menu_text(view, step, t), view=components)

    async def _refuse(self, interaction: discord.Interaction, text: str, *, public: bool) -> None:
        """A refused tap: privately, and a private menu loses its components (it can do nothing any more)."""
        if public:
            await reply(interaction, refused_menu(text))
        else:
            await update(interaction, refused_menu(text), view=None)

    async def _apply(self, interaction: discord.Interaction, game_id: int, version: int, move: str, *, public: bool,
                     t: Translator) -> None:
        """The last tap: the move committed as the slash command's, the receipt and the next step where the member
        acts on, then the wait's message brought up to date."""
        if public:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        moved = await self.commit(interaction, move, game_id, version=version)
        if moved is None:
            return
        still = moved.to_act is not None and moved.to_act.member_id == interaction.user.id
        receipt = confirmation(moved.view, moved.move, still_acting=still, t=t)
        text, components = receipt, None
        following = await self._following(interaction, moved, t) if still else None
        if following is not None:
            menu, step = following
            text = menu_text(menu.view, step, t, receipt=receipt)
            components = menu_view(game_id, menu, step, t)
        if public:
            await reply(interaction, text, view=components)
        else:
            await edit_original(interaction, text, view=components)
        await self.sync(moved.game.guild_id, moved.game.id, moved)

    async def _following(self, interaction: discord.Interaction, moved: Moved,
                         t: Translator) -> tuple[Menu, Step] | None:
        """The member's next step after a move when they act on (not in a Rápido jump: its buttons choose)."""
        if moved.view.finished or moved.view.phase is Phase.JUMP:
            return None
        try:
            view, entries = await self.core.turns.menu_moves(moved.game.guild_id, moved.game.id, interaction.user.id,
                                                             moved.view.version)
        except EngineError:  # someone (a computer seat) moved meanwhile: the wait's message has the new menu
            return None
        menu = Menu(view, entries, t)
        return menu, menu.step()

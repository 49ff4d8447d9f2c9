"""Links to the games' web pages in the turn posts and ``/tikal-game status``, when the web view is on
(``WEB_URL``): the address is the web view's and the game's token (``bot.core.spectators.links``), made on first
use."""

from __future__ import annotations

from bot.core.assembly import Core
from bot.core.spectators.links import page_path
from bot.core.words.errors import NoGame


class PageLinks:
    """The address of a game's page, or None without the web view."""

    def __init__(self, core: Core, web_url: str | None) -> None:
        self.core = core
        self.web_url = web_url

    async def of(self, guild_id: int, game_id: int) -> str | None:
        if self.web_url is None:
            return None
        try:
            token = await self.core.spectators.links.token(guild_id, game_id)
        except NoGame:
            return None
        return self.web_url + page_path(token)

"""``Spectators``: what a game's web page is made of, found by the page's token. Reads only."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.guilds.languages import Languages
from bot.core.league.replays import ReplaySource, replay_source
from bot.core.spectators.links import Watched, WebLinks
from bot.core.table.games import Games
from bot.core.table.results import GameInfo
from engine import GameView


@dataclass(frozen=True, slots=True)
class Spectated:
    """A game as its page shows it."""

    watched: Watched
    game: GameInfo
    """Stays in the process: of its members only the names the view holds go out."""
    view: GameView | None
    """What everyone may see now; None before the start."""
    language: str | None
    """The language the server's moderators chose for its channel posts (None: not chosen)."""


class Spectators:
    """Games as their web pages show them."""

    def __init__(self, games: Games, languages: Languages) -> None:
        self.games = games
        self.languages = languages
        self.links = WebLinks(games.store)

    async def find(self, token: str) -> Watched | None:
        """Where the game behind ``token`` stands (one read), or None."""
        return await self.links.find(token)

    async def page(self, watched: Watched) -> Spectated:
        """The game and its view now. Raises ``NoGame`` when it was removed meanwhile."""
        game = await self.games.game(watched.guild_id, watched.game_id)
        view = None if game.started_at is None else await self.games.view(watched.guild_id, game.id)
        return Spectated(watched, game, view, await self.languages.server(watched.guild_id))

    async def history(self, watched: Watched) -> ReplaySource:
        """What the history's views are planned from (``league.replays``: a running game's record never leaves the
        process). Raises ``WrongStatus`` before the start."""
        return await replay_source(self.games, watched.guild_id, watched.game_id)


__all__ = ["Spectated", "Spectators"]

"""A finished game's review: per player, the turns where the strong computer player's judgement says the most points
were lost, what it would have played instead and about how many points (``engine.ai.review``).

Only a finished game is reviewed: a lobby, a running game (a review during play would be a hint) and a stopped one
are refused in the reader's words. The work (a strong player's turn for every turn of the game, some seconds of
CPU) runs in the worker pool, shared out in ``PARTS`` jobs of which at most one per worker is queued at a time (for
all reviews together), so that the computer players of running games keep their turn between them. The result is
kept in ``game_reviews`` (migration 15) with the fingerprint of the judgement it was made with: the next request,
from any process, is answered from there at once, and a review made with another judgement (a new model) is made
again. Two requests for the same game while it is being reviewed share one review.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Final

from bot.core.storage import sql
from bot.core.storage.rows import Status
from bot.core.table import thinking
from bot.core.table.cpu_pool import CpuPool
from bot.core.table.games import Games
from bot.core.table.results import GameInfo
from bot.core.words.errors import BadOption, WrongStatus, quoted
from bot.core.words.escaping import escaped
from bot.core.words.texts import tr
from engine.ai.levels import Settings
from engine.ai.review import TurnLoss, fingerprint, review_turns, turn_loss_from_json, worst_turns

PARTS: Final = 8
"""Jobs a review is shared out in (each replays the game and judges every ``PARTS``-th turn)."""


def review_part(record: dict[str, Any], part: int, parts: int, settings: Settings | None) -> list[dict[str, Any]]:
    """A worker's job: every ``parts``-th turn of a finished game's record from the ``part``-th, judged."""
    return [t.as_json() for t in review_turns(record, part, parts, settings=settings)]


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game's turns judged: the game, its players' names by seat and every turn (in the order played)."""

    game: GameInfo
    players: tuple[str, ...]
    turns: tuple[TurnLoss, ...]

    def worst(self, seat: int | None = None) -> dict[int, list[TurnLoss]]:
        """Per seat (or for ``seat`` only), its three turns that lost the most, the costliest first; every seat of
        the game is a key, with no turns when none lost half a point or more."""
        found = worst_turns(self.turns)
        seats = range(len(self.players)) if seat is None else (seat,)
        return {q: found.get(q, []) for q in seats}

    def seat_named(self, name: str) -> int:
        """The seat of the player called ``name`` (as the game spells it, any case). Raises ``BadOption``."""
        return seat_named(self.game, name)


def players_of(game: GameInfo) -> tuple[str, ...]:
    """A started game's players' names, by seat."""
    seated = sorted((s.seat, s.name or s.display_name) for s in game.seats if s.seat is not None)
    return tuple(name for _, name in seated)


def seat_named(game: GameInfo, name: str) -> int:
    """The seat of the player of ``game`` called ``name`` (as the game spells it, any case). Raises ``BadOption``."""
    players = players_of(game)
    wanted = name.strip().casefold()
    for seat, player in enumerate(players):
        if player.casefold() == wanted:
            return seat
    raise BadOption(tr("review.no_player", "Game #{game} has no player called {name}; its players: {players}.",
                       game=game.id, name=quoted(name), players=", ".join(escaped(p) for p in players)))


def refused(game: GameInfo) -> WrongStatus | None:
    """Why ``game`` has no review (a lobby, a game under way or stopped), else None."""
    if game.status is Status.FINISHED:
        return None
    if game.started_at is None:
        return WrongStatus(tr("review.not_started", "Game #{game} has not started yet: there is nothing to review.",
                              game=game.id))
    if game.status is Status.RUNNING:
        return WrongStatus(tr("review.running", "Game #{game} is still being played: its review comes when it is "
                                                "over (during play it would be a hint).", game=game.id))
    return WrongStatus(tr("review.stopped", "Game #{game} was stopped before its end: only a finished game is "
                                            "reviewed.", game=game.id))


class Reviews:
    """Finished games' reviews, made in the worker pool and kept (``Games`` and its storage underneath)."""

    def __init__(self, games: Games, pool: CpuPool | None, *, settings: Settings | None = None,
                 parts: int = PARTS) -> None:
        self.games = games
        self.storage = games.store.storage
        self.pool = pool
        """Where reviews are made; None: in a thread."""
        self.settings = settings
        """The strong player's search and judgement (None: as it plays; a test's may be quicker)."""
        self.parts = parts
        self._making: dict[int, asyncio.Task[tuple[TurnLoss, ...]]] = {}
        self._slots: asyncio.Semaphore | None = None
        """The jobs of every review in the pool at once: at most one per worker."""
        self.made = 0
        """Reviews made (not read back) by this process."""

    @property
    def judged_by(self) -> str:
        return fingerprint(self.settings)

    async def review(self, guild_id: int, game_id: int) -> Review:
        """The game's review: kept, else made now (some seconds; two requests at once share it). Raises ``NoGame``,
        ``WrongStatus`` for a game that is not finished."""
        game = await self.games.game(guild_id, game_id)
        refusal = refused(game)
        if refusal is not None:
            raise refusal
        turns = await self._kept(game_id)
        if turns is None:
            making = self._making.get(game_id)
            if making is None:
                making = self._making[game_id] = asyncio.ensure_future(self._make(guild_id, game_id))
                making.add_done_callback(lambda _: self._making.pop(game_id, None))
            turns = await asyncio.shield(making)
        return Review(game, players_of(game), turns)

    async def kept(self, guild_id: int, game_id: int) -> Review | None:
        """The game's review if one is kept (made with the bot's judgement), without making one; None for a game
        without. Raises ``NoGame``."""
        game = await self.games.game(guild_id, game_id)
        if refused(game) is not None:
            return None
        turns = await self._kept(game_id)
        return None if turns is None else Review(game, players_of(game), turns)

    async def _kept(self, game_id: int) -> tuple[TurnLoss, ...] | None:
        async with self.storage.read() as r:
            row = await sql.one(r, "SELECT judged_by, turns_json FROM game_reviews WHERE game_id = ?", (game_id,))
        if row is None or row[0] != self.judged_by:
            return None
        return tuple(turn_loss_from_json(t) for t in json.loads(row[1]))

    async def _make(self, guild_id: int, game_id: int) -> tuple[TurnLoss, ...]:
        record = await self.games.record(guild_id, game_id)
        judged_by, settings, parts = self.judged_by, self.settings, self.parts
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.pool.workers if self.pool is not None else 1)
        slots = self._slots

        async def part(k: int) -> list[dict[str, Any]]:
            async with slots:
                return await thinking.off_loop(self.pool, review_part, record, k, parts, settings)

        found = [t for done in await asyncio.gather(*(part(k) for k in range(parts))) for t in done]
        turns = tuple(sorted((turn_loss_from_json(t) for t in found), key=lambda t: t.start))
        async with self.storage.transaction() as tx:
            await sql.run(tx, "INSERT INTO game_reviews (game_id, judged_by, turns_json, created_at) "
                              "VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET judged_by = excluded.judged_by, "
                              "turns_json = excluded.turns_json, created_at = excluded.created_at",
                          (game_id, judged_by, json.dumps([t.as_json() for t in turns]), sql.now(tx)))
        self.made += 1
        return turns


__all__ = ["PARTS", "Review", "Reviews", "players_of", "refused", "review_part", "seat_named"]

"""Shared helpers of the core's tests: open the core on a real SQLite file, start games, play them."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage.backends import open_storage
from bot.core.storage.base import Reader, Storage
from bot.core.storage.rows import GameRow
from bot.core.table.game_options import GameSetup
from bot.core.table.results import GameInfo, Moved
from engine import GameState, LegalMove, Move

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 501
MEMBERS = (11, 12, 13, 14)
NAMES = ("Ana", "Ben", "Cy", "Dee")
STRANGER = 99


def core_on(storage: Storage, *, seed: int = 7, retries: int = 3, clock: Callable[[], float] = time.time) -> Core:
    """The core on ``storage`` with seeded randomness (seat shuffles and game seeds); its computer players think in a
    thread (a test that wants the worker pool gives them one)."""
    core = Core.build(storage, clock, rng=random.Random(seed), seed_source=lambda: seed, retries=retries)
    core.computers.pool = None
    return core


@asynccontextmanager
async def open_service(path: Path | str, *, seed: int = 7, retries: int = 3) -> AsyncIterator[Core]:
    """The core on a SQLite file or (a ``postgresql://`` URL) a PostgreSQL database."""
    storage = await open_storage(path)
    try:
        yield core_on(storage, seed=seed, retries=retries)
    finally:
        await storage.close()


async def started_game(
    svc: Core, players: int = 2, variant: str = "basic", *, guild: int = GUILD, channel: int = CHANNEL
) -> GameInfo:
    """A running game of ``players`` members (``MEMBERS``/``NAMES``), seats in join order."""
    game = await svc.lobby.new_game(guild, channel, MEMBERS[0], NAMES[0], variant=variant, seats=players)
    for member, name in zip(MEMBERS[1:players], NAMES[1:players], strict=True):
        await svc.lobby.join(guild, game.id, member, name)
    started = await svc.lobby.start(guild, game.id, MEMBERS[0])
    return started.game


def as_before_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core as it was before migration 7 (no ``game_options`` table): games are as ``games.variant`` says."""
    import bot.core.table.games
    import bot.core.table.lobby
    import bot.core.table.store

    async def no_options(*_: object) -> None:
        return None

    async def as_stored(_: object, row: GameRow) -> GameSetup:
        return GameSetup(row.variant)

    monkeypatch.setattr(bot.core.table.lobby, "put_setup", no_options)
    for module in (bot.core.table.lobby, bot.core.table.store, bot.core.table.games):
        monkeypatch.setattr(module, "lobby_setup", as_stored)
    as_before_tutorials(monkeypatch)


def as_before_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core as it was before migration 12 (no ``moves.story``, and no wait's message: the old outbox had none of
    the columns the wait's look-up reads)."""
    import bot.core.outbox.queue
    import bot.core.storage.base
    import bot.core.storage.rows
    import bot.core.table.lobby
    import bot.core.table.store

    async def no_wait(*_: object, **__: object) -> None:
        return None

    async def append_moves(self: bot.core.storage.base.Transaction, game_id: int, first_index: int,
                           moves: Sequence[bot.core.storage.rows.NewMove]) -> None:
        await self._db.run_many(
            "INSERT INTO moves (game_id, idx, move, seat, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, first_index + i, m.text, m.seat, m.actor_id, self._clock()) for i, m in enumerate(moves)])

    for module in (bot.core.table.store, bot.core.table.lobby, bot.core.outbox.queue):
        monkeypatch.setattr(module, "next_wait", no_wait)
    monkeypatch.setattr(bot.core.storage.base.Transaction, "append_moves", append_moves)
    as_before_tutorials(monkeypatch)


def as_before_tutorials(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core as it was before migration 13 (no ``games.lesson``): every game an ordinary one."""
    import bot.core.storage.base

    columns = bot.core.storage.base.GAME_COLUMNS  # the Reader's queries read it from its module at each call
    monkeypatch.setattr(bot.core.storage.base, "GAME_COLUMNS", columns.replace(", lesson", ", NULL AS lesson"))
    as_before_clock_phases(monkeypatch)


def as_before_clock_phases(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core as it was before migration 16 (no ``game_clocks.phase``): every clock without its phase, so the
    scheduler does every game one by one."""
    import bot.core.clocks.timing
    import bot.core.days.batches

    timing = bot.core.clocks.timing
    values = timing._clock_values
    monkeypatch.setattr(timing, "_CLOCK_COLUMNS", timing._CLOCK_COLUMNS.replace(", phase", ""))
    monkeypatch.setattr(timing, "_clock_values", lambda clock: values(clock)[:-1])
    from_row = timing.clock_from_row
    monkeypatch.setattr(timing, "clock_from_row", lambda row: from_row((*row, None)))
    monkeypatch.setattr(bot.core.days.batches, "_ROWS", bot.core.days.batches._ROWS.replace("c.phase,", "NULL,"))


def choose(entries: Sequence[LegalMove], rng: random.Random, *, allow_undo: bool) -> Move:
    """A random legal move: a kind of move first (so `end` is not drowned out by walks), then a count."""
    kinds: dict[str, list[LegalMove]] = {}
    for entry in entries:
        verb = str(entry.move).split()[0]
        if verb != "undo" or allow_undo:
            kinds.setdefault(verb, []).append(entry)
    verb = rng.choice(sorted(kinds))
    return rng.choice(list(rng.choice(kinds[verb]).moves()))


async def play_to_end(
    svc: Core, game: GameInfo, rng: random.Random, *, guild: int = GUILD, limit: int | None = None
) -> list[Moved]:
    """Play ``game`` with random legal moves chosen from the service's own ``legal_moves``.

    Stops when the game ends or after ``limit`` moves. At most one undo per turn, so every game ends.
    """
    results: list[Moved] = []
    undone_in: set[tuple[int, int]] = set()
    while limit is None or len(results) < limit:
        view = await svc.games.view(guild, game.id)
        if view.finished:
            break
        assert view.to_act is not None
        member = game.at_seat(view.to_act)
        assert member is not None
        entries = await svc.turns.legal_moves(guild, game.id, member.member_id)
        assert entries, "the player to act always has a legal move"
        key = (view.turn, view.to_act)
        move = choose(entries, rng, allow_undo=key not in undone_in)
        if isinstance(move, engine.Undo):
            undone_in.add(key)
        results.append(await svc.turns.act(guild, game.id, member.member_id, move))
        assert len(results) < 5000, "a game that does not end"
    return results


async def replays_to_snapshot(reader: Reader, guild_id: int, game_id: int) -> GameState:
    """Check that the game's stored log replays to its stored snapshot (either backend); the state replayed."""
    row = await reader.game(guild_id, game_id)
    assert row is not None and row.setup is not None
    moves = await reader.moves(game_id)
    snapshot = await reader.snapshot(game_id)
    replayed = engine.replay(engine.read_record({**row.setup, "moves": moves}))
    assert snapshot is not None and snapshot[0] == row.version == len(moves) == replayed.version
    assert engine.state_to_json(replayed) == snapshot[1]
    return replayed


def replay_from_file(path: Path, game_id: int) -> GameState:
    """Fold the engine over the game's stored setup and move log, read with plain sqlite3."""
    with sqlite3.connect(path) as db:
        (setup_json,) = db.execute("SELECT setup_json FROM games WHERE id = ?", (game_id,)).fetchone()
        moves = [m for (m,) in db.execute("SELECT move FROM moves WHERE game_id = ? ORDER BY idx", (game_id,))]
    return engine.replay(engine.read_record({**json.loads(setup_json), "moves": moves}))


def table_counts(path: Path, game_id: int) -> dict[str, object]:
    """What a crash must not change: version, log, snapshot and outbox of a game."""
    with sqlite3.connect(path) as db:
        return {
            "version": db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0],
            "moves": db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)).fetchone()[0],
            "snapshot": db.execute("SELECT version, state_json FROM snapshots WHERE game_id = ?",
                                   (game_id,)).fetchone(),
            "outbox": db.execute("SELECT COUNT(*) FROM outbox WHERE game_id = ?", (game_id,)).fetchone()[0],
        }

"""Copy every game from one database into another (``python -m bot migrate-db``: SQLite into PostgreSQL).

Both databases are opened (and so migrated) to the same schema first; the target must hold no game yet. The
guilds' and members' settings, seasons and ratings are copied, then the games in batches, each batch with its
seats, move log, snapshot, outbox, clocks, absent and computer seats, results, standing orders and rating history,
in one transaction of the
target: ids stay the same, so posts, buttons of old messages and ``/tikal-game`` numbers keep working. A game's
clock row is copied as it is (since migration 11 no trigger makes one with the game).

Then every copied game is read back from the target and checked: its log replays, with the engine, to the
stored snapshot at the stored version, and the counts of every table agree. Anything that does not is reported;
nothing in the source changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import engine
from bot.core.storage import sql
from bot.core.storage.base import Storage

GLOBAL_TABLES: Final = ("guild_settings", "guild_timing", "member_settings", "app_state", "guild_removals",
                         "guild_rating", "seasons", "ratings", "guild_languages", "member_locales")
GAME_TABLES: Final = ("seats", "moves", "snapshots", "outbox", "game_clocks", "absent_seats", "game_results",
                      "standing_orders", "computer_seats", "computer_lobbies", "game_options", "jump_choices",
                      "rated_games", "rating_history", "tutorials", "web_links", "game_reviews",
                      "web_member_links", "web_sessions")
BATCH: Final = 200


@dataclass
class Copied:
    games: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    """Started games whose log replayed to their snapshot in the target."""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _insert(table: str, columns: Sequence[str]) -> str:
    marks = ", ".join("?" * len(columns))
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"


async def copy_database(source: Storage, target: Storage,
                        progress: Callable[[str], None] = lambda _: None) -> Copied:
    """Copy everything from ``source`` into the empty ``target`` and verify it (see the module's docstring)."""
    done = Copied()
    names: dict[str, list[str]] = {}
    for table in (*GLOBAL_TABLES, "games", *GAME_TABLES):
        names[table] = await source.columns(table)
        theirs = await target.columns(table)
        if set(names[table]) != set(theirs):
            done.problems.append(f"{table}: the columns differ ({sorted(set(names[table]) ^ set(theirs))})")
    if done.problems:
        return done

    def columns(table: str) -> list[str]:
        return names[table]

    async with source.read() as r, target.read() as t:
        if await r.schema_version() != await t.schema_version():
            done.problems.append(f"the source is at schema {await r.schema_version()}, the target at "
                                 f"{await t.schema_version()}")
            return done
        (existing,) = await sql.one(t, "SELECT COUNT(*) FROM games") or (0,)
        if existing:
            done.problems.append(f"the target already holds {existing} game(s): migrate-db copies into an empty "
                                 "database only")
            return done
    for table in GLOBAL_TABLES:
        cols = list(columns(table))
        async with source.read() as r:
            rows = await sql.rows(r, f"SELECT {', '.join(cols)} FROM {table}")
        if rows:
            async with target.transaction() as tx:
                await sql.run_many(tx, _insert(table, cols), rows)
        done.rows[table] = len(rows)
    async with source.read() as r:
        ids = [int(g) for (g,) in await sql.rows(r, "SELECT id FROM games ORDER BY id")]
    game_cols = list(columns("games"))
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        marks = ", ".join("?" * len(batch))
        async with source.read() as r:
            found = {"games": await sql.rows(r, f"SELECT {', '.join(game_cols)} FROM games WHERE id IN ({marks}) "
                                                "ORDER BY id", batch)}
            for table in GAME_TABLES:
                cols = list(columns(table))
                found[table] = await sql.rows(r, f"SELECT {', '.join(cols)} FROM {table} WHERE game_id IN ({marks})",
                                              batch)
        async with target.transaction() as tx:
            await sql.run_many(tx, _insert("games", game_cols), found["games"])
            for table in GAME_TABLES:
                if found[table]:
                    await sql.run_many(tx, _insert(table, list(columns(table))), found[table])
        for table, rows in found.items():
            done.rows[table] = done.rows.get(table, 0) + len(rows)
        done.games += len(batch)
        progress(f"copied {done.games} of {len(ids)} games")
    await target.ids_follow_rows()
    await _verify(source, target, ids, done)
    return done


async def _verify(source: Storage, target: Storage, ids: Sequence[int], done: Copied) -> None:
    for table in (*GLOBAL_TABLES, "games", *GAME_TABLES):
        async with source.read() as r, target.read() as t:
            (theirs,) = await sql.one(r, f"SELECT COUNT(*) FROM {table}") or (0,)
            (ours,) = await sql.one(t, f"SELECT COUNT(*) FROM {table}") or (0,)
        if int(theirs) != int(ours):
            done.problems.append(f"{table}: {theirs} rows in the source, {ours} in the target")
    for game_id in ids:
        async with target.read() as t:
            found = await sql.one(t, "SELECT guild_id FROM games WHERE id = ?", (game_id,))
            row = None if found is None else await t.game(int(found[0]), game_id)
            moves = await t.moves(game_id)
            snapshot = await t.snapshot(game_id)
        if row is None:
            done.problems.append(f"game #{game_id} is missing in the target")
            continue
        if row.setup is None:  # a lobby: nothing to replay
            continue
        problem = _replay_problem(row.setup, moves, row.version, snapshot)
        if problem is None:
            done.replayed += 1
        else:
            done.problems.append(f"game #{game_id}: {problem}")


def _replay_problem(setup: dict[str, Any], moves: list[str], version: int,
                    snapshot: tuple[int, str] | None) -> str | None:
    try:
        state = engine.replay(engine.read_record({**setup, "moves": moves}))
    except engine.EngineError as e:
        return f"its log does not replay ({e})"
    if state.version != version or len(moves) != version:
        return f"{len(moves)} moves replay to version {state.version}, the game says {version}"
    if snapshot is None:
        return "no snapshot"
    if snapshot[0] != version or snapshot[1] != engine.state_to_json(state):
        return f"the snapshot (version {snapshot[0]}) differs from the replayed state (version {version})"
    return None


__all__ = ["BATCH", "Copied", "copy_database"]

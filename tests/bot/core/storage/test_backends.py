"""The storage contract on both backends: the tests here run on SQLite and on PostgreSQL (``backends``).

Migrations, the append-only log, the version check, the database's own rules, ids and 64-bit numbers; and
what several processes sharing one PostgreSQL database rely on: two storages on one database stand for two
processes (their own connections, caches and locks), racing for one game and claiming the same posts.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.clocks.members import Members
from bot.core.guilds.moderation import seats as moderation_seats
from bot.core.storage import sql
from bot.core.storage.backends import open_storage
from bot.core.storage.base import IntegrityError, Reader, Storage
from bot.core.storage.migrations import MIGRATIONS
from bot.core.storage.migrations_pg import POSTGRES_MIGRATIONS
from bot.core.storage.rows import NewMove, Status
from bot.core.storage.shards import Shards
from bot.core.table.waits import caught_up
from bot.core.words.errors import ChannelBusy
from engine import StaleState
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, open_service, play_to_end
from tests.bot.core.servicekit import started_game as start

pytestmark = pytest.mark.backends


async def counts(storage: Storage, game_id: int) -> dict[str, object]:
    """What a refused commit must not change: version, log, snapshot and outbox of a game."""
    async with storage.read() as r:
        return {
            "version": (await sql.one(r, "SELECT version FROM games WHERE id = ?", (game_id,)) or (None,))[0],
            "moves": await r.moves(game_id),
            "snapshot": await r.snapshot(game_id),
            "outbox": len(await r.outbox_of_game(GUILD, game_id)),
        }


async def first_place(svc: Core, game_id: int) -> str:
    """The first legal placement of the first player's hexagon."""
    return str((await svc.turns.legal_moves(GUILD, game_id, MEMBERS[0]))[0].move)


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    """A migration added for one backend only fails here: write its twin (bot/core/storage/migrations_pg.py)."""
    numbers = [n for n, _ in MIGRATIONS]
    assert numbers == [n for n, _ in POSTGRES_MIGRATIONS] == list(range(1, len(numbers) + 1))


async def test_migrations_apply_once_and_reopening_is_idempotent(database: Path | str) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 2)
    for _ in range(2):
        async with await open_storage(database) as storage, storage.read() as r:
            assert await r.schema_version() == MIGRATIONS[-1][0]
            assert (await r.game(GUILD, game.id)) is not None
            assert [v for (v,) in await sql.rows(r, "SELECT version FROM schema_version ORDER BY version")] == \
                [n for n, _ in MIGRATIONS]


async def test_the_move_log_is_append_only_and_the_rules_hold(svc: Core) -> None:
    game = await start(svc, 2)
    await svc.turns.act(GUILD, game.id, MEMBERS[0], await first_place(svc, game.id))
    for statement in ("UPDATE moves SET move = 'end'", "DELETE FROM moves"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with svc.storage.transaction() as tx:
                await sql.run(tx, statement)
    with pytest.raises(IntegrityError):  # no such game: a foreign key
        async with svc.storage.transaction() as tx:
            await tx.add_seat(12345, 1, "Nobody")
    assert len((await counts(svc.storage, game.id))["moves"]) == 1  # type: ignore[arg-type]


async def test_a_commit_for_an_old_version_is_refused_and_writes_nothing(svc: Core) -> None:
    game = await start(svc, 2)
    await svc.turns.act(GUILD, game.id, MEMBERS[0], await first_place(svc, game.id))
    before = await counts(svc.storage, game.id)
    with pytest.raises(StaleState, match="moved on"):
        async with svc.storage.transaction() as tx:
            await tx.append_moves(game.id, 1, [NewMove("deploy A1 1", 0, 11)])
            await tx.advance(game.id, 0, 2)  # validated against version 0, but the game is at 1
    assert await counts(svc.storage, game.id) == before
    with pytest.raises(IntegrityError):  # the log's key refuses a second move with one index
        async with svc.storage.transaction() as tx:
            await tx.append_moves(game.id, 0, [NewMove("deploy A1 1", 0, 11)])
    assert await counts(svc.storage, game.id) == before


async def test_one_game_per_channel_and_64_bit_numbers(database: Path | str) -> None:
    async with open_service(database, seed=2**64 - 1) as svc:
        big_guild, big_channel, big_member = 2**62 + 5, 2**63 - 7, 2**63 - 1  # Discord ids are 64-bit
        game = await svc.lobby.new_game(big_guild, big_channel, big_member, "Ana", seats=2)
        with pytest.raises(ChannelBusy):
            await svc.lobby.new_game(big_guild, big_channel, 5, "Ben")
        await svc.lobby.join(big_guild, game.id, MEMBERS[1], NAMES[1])
        started = await svc.lobby.start(big_guild, game.id, big_member)
        assert started.to_act.member_id == big_member and started.game.channel_id == big_channel
        async with svc.storage.read() as r:
            row = await r.game(big_guild, game.id)
        assert row is not None and row.seed == 2**64 - 1 and row.setup is not None
        assert engine.replay(engine.read_record({**row.setup, "moves": []})).setup.seed == 2**64 - 1


@pytest.mark.slow
async def test_a_whole_game_replays_to_its_snapshot(database: Path | str) -> None:
    async with open_service(database) as svc:
        game = await start(svc, 3, "auction")
        await play_to_end(svc, game, random.Random(3), limit=120)
        async with svc.storage.read() as r:
            row = await r.game(GUILD, game.id)
            snapshot = await r.snapshot(game.id)
            moves = await r.moves(game.id)
        assert row is not None and row.setup is not None and snapshot is not None
        replayed = engine.replay(engine.read_record({**row.setup, "moves": moves}))
        assert snapshot[0] == row.version == replayed.version == len(moves)
        assert engine.state_to_json(replayed) == snapshot[1]


async def test_two_processes_racing_for_one_game_commit_one_move_at_a_time(pg_url: str) -> None:
    """Two services on two storages (two processes' worth of connections, caches and locks) act in the same
    game at the same moment: every commit builds on the one before, none is lost or doubled. (PostgreSQL only:
    a SQLite file serves one process.)"""
    async with open_service(pg_url) as one, open_service(pg_url) as two:
        game = await start(one, 2)
        await one.turns.act(GUILD, game.id, MEMBERS[0], await first_place(one, game.id))
        await two.games.view(GUILD, game.id)  # both caches hold the state at version 1
        # Both deploy one worker at once: both are legal on version 1; the version check lets one through, and the
        # other is tried again on the new state (where it is legal too), so both land, one after the other.
        done = await asyncio.gather(one.turns.act(GUILD, game.id, MEMBERS[0], "deploy A1 1"),
                                    two.turns.act(GUILD, game.id, MEMBERS[0], "deploy A1 1"))
        assert sorted(m.game.version for m in done) == [2, 3]
        async with one.storage.read() as r:
            assert await r.moves(game.id) == [(await r.moves(game.id))[0], "deploy A1 1", "deploy A1 1"]
        # A stale cache never serves: the other process's view is the stored one.
        assert (await one.games.view(GUILD, game.id)).version == (await two.games.view(GUILD, game.id)).version == 3


async def test_two_senders_never_claim_the_same_post(pg_url: str) -> None:
    """(PostgreSQL only: with SQLite's one process there is no one to claim against.)"""
    async with open_service(pg_url) as one, open_service(pg_url) as two:
        for channel in range(CHANNEL, CHANNEL + 4):
            await start(one, 2, channel=channel)
        posts = [p.id for p in await one.outbox.pending_posts()]  # the games' start posts (nobody sends them here)
        assert len(posts) == 4
        now = time.time()
        claims = await asyncio.gather(*(svc.outbox.claim(posts, now + 60) for svc in (one, two, one, two)))
        assert sorted(i for c in claims for i in c) == sorted(posts)  # each post claimed exactly once
        assert await two.outbox.claim(posts, now + 60) == set()  # claimed: nobody else's until the lease runs out
        await one.outbox.release(posts)
        assert await two.outbox.claim(posts, now + 60) == set(posts)
        await two.outbox.release(posts)
        # A sender that dies leaves its lease behind: once it has run out, another sender takes the posts.
        assert await one.outbox.claim(posts, now - 1) == set(posts)
        assert await two.outbox.claim(posts, now + 60) == set(posts)


async def test_a_process_sees_only_its_shards(database: Path | str) -> None:
    """Pending posts, running games and the guilds to check at start: of this process's shards only."""
    shard0, shard1 = 2 << 22, 3 << 22  # with 2 shards, (guild >> 22) % 2: shard 0 and shard 1
    async with open_service(database) as svc:
        for guild in (shard0, shard1):
            await start(svc, 2, guild=guild, channel=CHANNEL + guild % 97)
        for owned, guild in ((0, shard0), (1, shard1)):
            svc.store.shards = Shards(2, frozenset({owned}))
            assert {p.guild_id for p in await svc.outbox.pending_posts()} == {guild}
            assert {g for g, _ in await svc.games.running_games()} == {guild}
            assert await svc.removal.known_guilds() == {guild}


async def test_the_start_check_of_ten_thousand_guilds_is_one_transaction_and_spares_other_shards(
    database: Path | str,
) -> None:
    async with open_service(database) as svc:
        svc.store.shards = Shards(2, frozenset({0}))
        mine = [(2 * i) << 22 for i in range(1, 10_001)]
        theirs = [(2 * i + 1) << 22 for i in range(1, 51)]
        async with svc.storage.transaction() as tx:
            for guild in mine[:100] + theirs:
                await sql.run(tx, "INSERT INTO guild_timing (guild_id, updated_at) VALUES (?, 0)", (guild,))
        removal = svc.removal
        await removal.removed(mine[0])  # pending from an earlier removal: the bot is back now
        before = svc.storage.transactions
        done = await removal.reconcile(mine[:60] + theirs)  # the bot is not in 40 of its guilds with data any more
        assert svc.storage.transactions - before == 1
        assert done.back == (mine[0],) and set(done.removed) == set(mine[60:100])
        async with svc.storage.read() as r:
            removed = {g for (g,) in await sql.rows(r, "SELECT guild_id FROM guild_removals")}
        assert removed == set(mine[60:100])  # another shard's guilds are never marked, named or not


def test_the_parameter_style_is_translated_in_one_place() -> None:
    from bot.core.storage.postgres import numbered

    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    quoted = "SELECT '?', \"x?\", ? FROM t WHERE d = 'it''s ?'"
    assert numbered(quoted) == quoted.replace(", ? FROM", ", $1 FROM")


async def test_an_unreachable_server_is_one_clear_error_without_the_password() -> None:
    from bot.core.storage.base import DatabaseUnavailable
    from bot.core.storage.postgres import without_password

    assert without_password("postgresql://tikal:s3cr:et@db:5432/tikal") == "postgresql://tikal:***@db:5432/tikal"
    assert without_password("postgresql://db/tikal") == "postgresql://db/tikal"
    with pytest.raises(DatabaseUnavailable, match=r"postgresql://tikal:\*\*\*@127\.0\.0\.1:1/tikal") as refused:
        await open_storage("postgresql://tikal:hunter2@127.0.0.1:1/tikal")
    assert "hunter2" not in str(refused.value)


def test_the_core_writes_sql_both_backends_understand() -> None:
    """SQLite-only SQL would work with the default file and fail on PostgreSQL: write ``INSERT … ON CONFLICT``
    (not ``INSERT OR IGNORE/REPLACE``), ``RETURNING id`` (not ``lastrowid``), and reach the database through the
    storage's methods or ``bot.core.storage.sql`` (never a driver) outside the two backends."""
    import re

    core = Path(__file__).resolve().parents[4] / "bot" / "core"
    # and the two that are driver-level by nature: SQLite's online backup API, and the doctor's read without the lock
    backends = {"storage/sqlite.py", "storage/postgres.py", "storage/migrations.py", "storage/migrations_pg.py",
                "storage/backup.py", "storage/peek.py"}
    wrong = []
    for path in sorted(core.rglob("*.py")):
        name = path.relative_to(core).as_posix()
        if name in backends:
            continue
        text = path.read_text(encoding="utf-8")
        for pattern in (r"INSERT\s+OR\s+(IGNORE|REPLACE)", r"\blastrowid\b", r"^\s*import (sqlite3|aiosqlite|asyncpg)",
                        r"^\s*from (sqlite3|aiosqlite|asyncpg)\b", r"RAISE\s*\(\s*ABORT", r"WITHOUT\s+ROWID",
                        r"\bexecutescript\b"):
            wrong += [f"{name}: {m.group(0).strip()}" for m in re.finditer(pattern, text, re.MULTILINE)]
    assert wrong == []


async def test_moves_keep_their_public_facts_for_the_next_waits_catch_up(database: Path | str) -> None:
    """Migration 12 on both backends: each move keeps its public facts (the hexagon it placed …), read back for the
    next wait's catch-up; a member may be told of their waits both in the channel and by DM."""
    async with open_service(database) as svc:
        game = await start(svc, 2)
        placed = await svc.turns.act(GUILD, game.id, MEMBERS[0], await first_place(svc, game.id))
        ended = await svc.turns.act(GUILD, game.id, MEMBERS[0], "end")
        (wait,) = ended.posts
        assert [c["move"] for c in wait.payload["catch_up"]] == [placed.move, "end"]
        tile = wait.payload["catch_up"][0]["facts"]["tile"]
        assert tile and placed.view.spaces[engine.parse_move(placed.move).space].tile == tile
        async with svc.storage.read() as r:
            assert await caught_up(r, game.id, 0) == wait.payload["catch_up"]
        saved = await Members(svc.storage).update(MEMBERS[1], delivery="both")
        assert saved.delivery == "both" == (await Members(svc.storage).get(MEMBERS[1])).delivery


async def test_a_database_at_schema_11_upgrades_to_one_message_per_wait(
        database: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as main's migration 11 left it (a server's log channel; the answered pings' columns still there),
    with a game under way, a member told by DM and a ping waiting to be deleted, upgrades to migration 12: the
    settings are kept, the pings' columns go, the game plays on, gets its wait's message once and tells its moves'
    facts from then on."""
    import bot.core.storage.postgres
    import bot.core.storage.sqlite
    from tests.bot.core.servicekit import as_before_waits

    with monkeypatch.context() as before:
        before.setattr(bot.core.storage.sqlite, "MIGRATIONS", MIGRATIONS[:11])
        before.setattr(bot.core.storage.postgres, "POSTGRES_MIGRATIONS", POSTGRES_MIGRATIONS[:11])
        as_before_waits(before)
        async with open_service(database) as svc:
            game = await start(svc, 2)
            await svc.turns.act(GUILD, game.id, MEMBERS[0], await first_place(svc, game.id))
            await Members(svc.storage).update(MEMBERS[1], delivery="dm")
            await svc.moderation.configure(GUILD, MEMBERS[0], is_moderator=True, log_channel_id=4242)
            async with svc.storage.transaction() as tx:
                assert await tx.schema_version() == 11
                await sql.run(tx, "UPDATE outbox SET ping = 1, ping_tries = 2")
    async with open_service(database) as svc:
        async with svc.storage.read() as r:
            assert await r.schema_version() == MIGRATIONS[-1][0] >= 12
            assert await sql.rows(r, "SELECT move FROM moves WHERE story IS NOT NULL") == []
        assert (await Members(svc.storage).get(MEMBERS[1])).delivery == "dm"
        assert (await svc.moderation.config(GUILD)).log_channel_id == 4242
        with pytest.raises(Exception, match="ping"):
            async with svc.storage.read() as r:
                await sql.rows(r, "SELECT ping FROM outbox")
        assert await svc.outbox.announce(GUILD, game.id) and not await svc.outbox.announce(GUILD, game.id)
        ended = await svc.turns.act(GUILD, game.id, MEMBERS[0], "end")
        (wait,) = ended.posts
        assert wait.kind == "wait" and [c["move"] for c in wait.payload["catch_up"]][-1] == "end"
        assert (await Members(svc.storage).update(MEMBERS[1], delivery="both")).delivery == "both"


GUARD = 60.0
"""Seconds before a test that would otherwise wait forever fails."""


async def lock_waiters(svc: Core) -> int:
    """How many of the database's transactions wait for a lock another holds (PostgreSQL's own account)."""
    async with svc.storage.read() as r:
        (count,) = await sql.one(r, "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                    "AND datname = current_database()")  # type: ignore[misc]
    return int(count)


async def test_a_transaction_that_reads_a_game_to_change_it_locks_it_against_other_processes(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two moderators, in two processes, remove the last two players of a game at the same moment. The first one's
    transaction has read the game (``FOR UPDATE``) and its absent seats; the second one's waits for it, then sees
    that seat gone as well as its own, and stops the game. Were the game row read without the lock, both would
    decide on the same version of the game, neither seeing the other's seat gone, and a game without a single
    player would run on. (PostgreSQL only: SQLite has one writer at a time.)"""
    async with open_service(pg_url) as one, open_service(pg_url) as two:
        game = await start(one, 2)
        decided, go = asyncio.Event(), asyncio.Event()
        read_absent = moderation_seats.absent_seats

        async def first_waits(reader: Reader, game_id: int) -> dict[int, int]:
            found = await read_absent(reader, game_id)
            if not decided.is_set():  # the first kick, inside its transaction, after its reads
                decided.set()
                await go.wait()
            return found

        monkeypatch.setattr(moderation_seats, "absent_seats", first_waits)
        first = asyncio.create_task(one.moderation.kick(GUILD, game.id, MEMBERS[0], MEMBERS[3], is_moderator=True))
        await asyncio.wait_for(decided.wait(), GUARD)
        second = asyncio.create_task(two.moderation.kick(GUILD, game.id, MEMBERS[1], MEMBERS[3], is_moderator=True))
        try:
            for _ in range(int(GUARD * 100)):  # until the second one waits for the lock (or, unlocked, is done)
                if second.done() or await lock_waiters(one):
                    break
                await asyncio.sleep(0.01)
            assert not second.done(), "the second transaction read the game while the first was changing it"
        finally:
            go.set()
            await asyncio.gather(first, second)
        assert (await one.games.game(GUILD, game.id)).status is Status.ABORTED
        stops = [p for p in await one.outbox.posts_of(GUILD, game.id)
                 if p.kind == "mod_action" and p.payload.get("stopped")]
        assert len(stops) == 1

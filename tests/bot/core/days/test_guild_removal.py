"""A guild that removes the bot: its games freeze, and are purged after the grace period unless it comes back."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from bot.core.days.guild_removal import GRACE
from bot.core.words.errors import NoGame
from tests.bot.core.clockkit import HOUR, T0, open_kit
from tests.bot.core.servicekit import GUILD, OTHER_GUILD, play_to_end
from tests.bot.core.servicekit import started_game as start


async def test_removal_freezes_rejoining_cancels_and_the_purge_deletes_only_that_guild(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        removal = k.svc.removal
        for guild in (GUILD, OTHER_GUILD):  # no deadlines: reminders after a day, three days, a week …
            await k.mod.configure(guild, 1, is_moderator=True, turn_hours=0)
        game = await start(k.svc, 2)
        done = await start(k.svc, 2, channel=2)
        await play_to_end(k.svc, done, random.Random(1))  # rated
        await k.svc.standings.start_season(GUILD, "Spring", 1, is_moderator=True)
        await k.mod.configure(GUILD, 1, is_moderator=True, rate_aborted="scores")
        theirs = await start(k.svc, 2, guild=OTHER_GUILD)
        assert await removal.known_guilds() == {GUILD, OTHER_GUILD}
        k.clock.at(1)
        purge_at = await removal.removed(GUILD)
        assert purge_at == T0 + HOUR + GRACE.total_seconds() and await removal.pending(GUILD) == purge_at
        assert await removal.removed(GUILD) == purge_at  # told twice: the first date stays
        assert (await k.mod.config(GUILD)).purge_at == purge_at
        kinds = await k.tick(24)
        assert kinds == ["reminder"]  # the other guild's game only
        assert [p.kind for p in await k.svc.outbox.posts_of(OTHER_GUILD, theirs.id)] == ["wait", "reminder"]
        assert [p.kind for p in await k.svc.outbox.posts_of(GUILD, game.id)] == ["wait"]
        k.clock.at(30)
        assert await removal.added(GUILD) and not await removal.added(GUILD)
        assert await removal.pending(GUILD) is None
        assert await k.tick(30) == ["reminder"]  # the frozen game wakes up
        k.clock.at(31)
        purge_at = await removal.removed(GUILD)
        assert await k.tick(31 + GRACE.total_seconds() / HOUR - 0.1) == ["reminder"]  # the other guild goes on
        report = await k.scheduler.tick(k.clock.at(31 + GRACE.total_seconds() / HOUR))
        assert report.purged == (GUILD,)
        for game_id in (game.id, done.id):
            with pytest.raises(NoGame):
                await k.svc.games.game(GUILD, game_id)
        assert await k.svc.games.games(GUILD) == [] and (await k.history.stats(GUILD)).games == 0
        assert (await k.svc.games.game(OTHER_GUILD, theirs.id)).id == theirs.id
        assert await removal.known_guilds() == {OTHER_GUILD}
    with sqlite3.connect(path) as db:
        for table in ("games", "moves", "seats", "outbox", "snapshots", "game_clocks", "game_results"):
            guild_games = db.execute(f"SELECT COUNT(*) FROM {table} WHERE "
                                     f"{'id' if table == 'games' else 'game_id'} IN (?, ?)", (game.id, done.id))
            assert guild_games.fetchone()[0] == 0, table
        for table in ("ratings", "seasons", "guild_rating", "rated_games", "rating_history"):
            assert db.execute(f"SELECT COUNT(*) FROM {table} WHERE guild_id = ?", (GUILD,)).fetchone() == (0,), table
        assert db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (theirs.id,)).fetchone()[0] == 0
        db.execute("INSERT INTO moves (game_id, idx, move, seat, actor_id, created_at) VALUES (?, 0, 'end', 0, 1, 0)",
                   (theirs.id,))
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM moves WHERE game_id = ?", (theirs.id,))

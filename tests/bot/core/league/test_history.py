"""History, exports, the guild's games and statistics: paged, public before the end, complete after, per guild."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

import engine
from bot.core.storage.rows import Status
from bot.core.words.errors import BadOption, NoGame, WrongStatus
from tests.bot.core.clockkit import HOUR, MOD, T0, finish_obligation, open_kit
from tests.bot.core.servicekit import GUILD, MEMBERS, OTHER_GUILD, play_to_end, replay_from_file
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, _ = MEMBERS


async def test_history_pages_the_moves_with_who_and_when(tmp_path: Path) -> None:
    async with open_kit(tmp_path / "t.sqlite3") as k:
        game = await start(k.svc, 2)
        k.clock.at(1)
        await finish_obligation(k.svc, game)  # Ana: place, end
        await k.mod.skip(GUILD, game.id, MOD, is_moderator=True)  # Ben's turn, by the bot
        await play_to_end(k.svc, game, random.Random(2), limit=30)
        log = list(replay_from_file(tmp_path / "t.sqlite3", game.id).log)
        last = await k.history.history(GUILD, game.id, per_page=10)
        assert last.total == len(log) and last.pages == -(-len(log) // 10) and last.page == last.pages
        first = await k.history.history(GUILD, game.id, page=1, per_page=10)
        assert [e.move for e in first.entries] == log[:10] and [e.index for e in first.entries] == list(range(10))
        ana_place, ana_end, ben_place = first.entries[:3]
        assert (ana_place.player, ana_place.actor_id, ana_place.at) == ("Ana", ANA, T0 + HOUR)
        assert ana_end.move == "end" and ben_place.player == "Ben" and ben_place.actor_id is None
        pages = [await k.history.history(GUILD, game.id, page=p, per_page=10) for p in range(1, last.pages + 1)]
        assert [e.move for p in pages for e in p.entries] == log
        with pytest.raises(BadOption, match="pick 1 to"):
            await k.history.history(GUILD, game.id, page=last.pages + 1, per_page=10)
        lobby = await k.svc.lobby.new_game(GUILD, 9, ANA, "Ana")
        with pytest.raises(WrongStatus):
            await k.history.history(GUILD, lobby.id)


async def test_export_of_a_running_game_reveals_nothing_hidden(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path, seed=0x9E3779B97F4A7C15) as k:
        game = await start(k.svc, 3, "auction")
        await play_to_end(k.svc, game, random.Random(4), limit=25)
        exported = await k.history.export(GUILD, game.id)
        assert not exported.complete and exported.filename.endswith("-log.json")
        text = json.dumps(exported.data)
        state = replay_from_file(path, game.id)
        assert "seed" not in exported.data and "tile_order" not in text and "treasure_order" not in text
        assert str(state.setup.seed) not in text
        assert exported.data["moves"] == list(state.log) and exported.data["players"] == ["Ana", "Ben", "Cy"]
        with pytest.raises(engine.InvalidRecord):  # not meant to replay: no seed, no orders
            engine.read_record(exported.data)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players", "seed"), [("basic", 2, 11), ("auction", 3, 12)])
async def test_the_export_of_a_finished_game_replays_to_the_services_final_state(
    tmp_path: Path, variant: str, players: int, seed: int
) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path, seed=seed) as k:
        game = await start(k.svc, players, variant)
        await play_to_end(k.svc, game, random.Random(seed))
        exported = await k.history.export(GUILD, game.id)
        assert exported.complete and exported.data["seed"] == seed
        assert {"tile_order", "treasure_order", "moves"} <= exported.data.keys()
        replayed = engine.replay(engine.read_record(json.loads(json.dumps(exported.data))))
        assert replayed == replay_from_file(path, game.id)
        assert engine.view(replayed, None) == await k.svc.games.view(GUILD, game.id)


@pytest.mark.slow
async def test_games_and_stats_are_per_guild_and_count_shared_wins(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        one = await start(k.svc, 2, channel=1)
        two = await start(k.svc, 3, channel=2)
        running = await start(k.svc, 2, channel=3)
        lobby = await k.svc.lobby.new_game(GUILD, 4, CY, "Cy")
        theirs = await start(k.svc, 2, guild=OTHER_GUILD, channel=1)
        for game, seed in ((one, 1), (two, 2)):
            k.clock.at(seed)
            await play_to_end(k.svc, game, random.Random(seed))
        await play_to_end(k.svc, theirs, random.Random(3), guild=OTHER_GUILD)
        listed = await k.history.games(GUILD)
        assert [g.id for g in listed.active] == [running.id, lobby.id]
        assert [g.id for g in listed.recent] == [two.id, one.id]  # the latest ended first
        assert theirs.id not in {g.id for g in (*listed.active, *listed.recent)}
        with pytest.raises(NoGame):
            await k.history.export(GUILD, theirs.id)
        with pytest.raises(NoGame):
            await k.history.history(OTHER_GUILD, one.id)

        views = [await k.svc.games.view(GUILD, g.id) for g in (one, two)]
        stats = await k.history.stats(GUILD)
        assert stats.games == 2
        by_member = {m.member_id: m for m in stats.members}
        assert set(by_member) == {ANA, BEN, CY}
        assert (by_member[ANA].played, by_member[CY].played) == (2, 1)
        for seat, member in enumerate((ANA, BEN)):
            scores = [v.players[seat].score for v in views]
            wins = sum(seat in v.winners for v in views)
            assert by_member[member].average == pytest.approx(sum(scores) / 2) and by_member[member].wins == wins
        assert (await k.history.stats(OTHER_GUILD)).games == 1
        assert {m.member_id for m in (await k.history.stats(OTHER_GUILD)).members} == {ANA, BEN}
    # a shared first place is a win for everyone sharing it
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game_results SET score = 50, winner = 1 WHERE game_id = ?", (one.id,))
        db.execute("UPDATE game_results SET winner = 0 WHERE game_id = ?", (two.id,))
    async with open_kit(path) as k:
        stats = await k.history.stats(GUILD)
        assert {m.member_id: m.wins for m in stats.members} == {ANA: 1, BEN: 1, CY: 0}


@pytest.mark.slow
async def test_results_of_games_finished_before_the_results_table_are_filled_in(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 2)
        await play_to_end(k.svc, game, random.Random(8))
        before = await k.history.stats(GUILD)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM game_results")
    async with open_kit(path) as k:
        assert await k.history.stats(GUILD) == before
        assert (await k.svc.games.game(GUILD, game.id)).status is Status.FINISHED

"""Moderator operations and the players' own: permissions, kick, resign, replace, skip, abort, settings."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

import engine
from bot.core.clocks.timing import DEFAULTS
from bot.core.storage import sql
from bot.core.storage.rows import Status
from bot.core.storage.seats import is_absent_member
from bot.core.table.results import GameInfo
from bot.core.words.errors import AlreadyJoined, NotAllowed, NotAPlayer, WrongStatus
from engine import NotYourTurn
from lang import translator
from tests.bot.core.clockkit import MOD, T0, Kit, finish_obligation, open_kit
from tests.bot.core.servicekit import (
    CHANNEL,
    GUILD,
    MEMBERS,
    OTHER_GUILD,
    STRANGER,
    choose,
    replay_from_file,
    replays_to_snapshot,
)
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, DEE = MEMBERS


async def play_out(k: Kit, game: GameInfo, rng: random.Random, hours: float = 1.0) -> int:
    """Play the game to its end: members with random legal moves, absent seats by the scheduler's ticks."""
    ticks = 0
    while True:
        view = await k.svc.games.view(GUILD, game.id)
        if view.finished:
            return ticks
        assert view.to_act is not None
        info = await k.svc.games.game(GUILD, game.id)
        seat = info.at_seat(view.to_act)
        assert seat is not None
        if is_absent_member(seat.member_id):
            hours += 0.01
            report = await k.scheduler.tick(k.clock.at(hours))
            assert report.moved, "an absent seat to act is always played at the next tick"
            ticks += 1
            continue
        entries = await k.svc.turns.legal_moves(GUILD, game.id, seat.member_id)
        await k.svc.turns.act(GUILD, game.id, seat.member_id, choose(entries, rng, allow_undo=False))


@pytest.mark.backends
async def test_a_plain_member_is_refused_every_moderator_action(kit: Kit) -> None:
    game = await start(kit.svc, 3)
    posts = len(await kit.svc.outbox.posts_of(GUILD, game.id))
    refused = [
        kit.mod.kick(GUILD, game.id, CY, BEN, is_moderator=False),
        kit.mod.replace(GUILD, game.id, CY, STRANGER, "Zed", BEN, is_moderator=False),
        kit.mod.pause(GUILD, game.id, BEN, is_moderator=False),
        kit.mod.resume(GUILD, game.id, BEN, is_moderator=False),
        kit.mod.skip(GUILD, game.id, BEN, is_moderator=False),
        kit.mod.abort(GUILD, game.id, ANA, is_moderator=False),  # even the creator, once it runs
        kit.mod.set_timing(GUILD, game.id, ANA, is_moderator=False, turn_hours=5),
        kit.mod.configure(GUILD, BEN, is_moderator=False, moderator_role_id=1),
    ]
    for action in refused:
        with pytest.raises(NotAllowed):
            await action
    info = await kit.svc.games.game(GUILD, game.id)
    assert info.status is Status.RUNNING and [s.member_id for s in info.seats] == [ANA, BEN, CY]
    assert len(await kit.svc.outbox.posts_of(GUILD, game.id)) == posts and info.version == 0
    assert (await kit.mod.config(GUILD)).moderator_role_id is None


async def test_kick_the_player_to_act_plays_the_seat_at_once_and_the_game_runs_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 3)
        k.clock.at(1)
        kicked = await k.mod.kick(GUILD, game.id, ANA, MOD, is_moderator=True)
        assert kicked.post is not None and kicked.post.kind == "mod_action"
        assert kicked.post.payload["action"] == "kick" and kicked.post.payload["member_id"] == ANA
        assert kicked.moved is not None and kicked.moved.to_act is not None and kicked.moved.to_act.member_id == BEN
        assert [p.kind for p in kicked.moved.posts] == ["absent_turn", "wait"]
        seat = kicked.game.at_seat(0)
        assert seat is not None and is_absent_member(seat.member_id) and seat.name == "Ana"
        assert kicked.game.seat_of(ANA) is None
        with pytest.raises(NotAPlayer):
            await k.svc.turns.act(GUILD, game.id, ANA, "end")
        with pytest.raises(WrongStatus):
            await k.mod.kick(GUILD, game.id, "ana", MOD, is_moderator=True)
        ticks = await play_out(k, game, random.Random(3))
        assert ticks > 0
        final = await k.svc.games.view(GUILD, game.id)
        assert final.finished and engine.view(replay_from_file(path, game.id), None) == final
        stats = await k.history.stats(GUILD)
        assert {m.member_id for m in stats.members} == {ANA, BEN, CY}  # the kicked seat counts for Ana


async def test_kick_of_a_waiting_player_and_resign_keep_figures_and_score(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 3)
        await finish_obligation(k.svc, game)  # Ana
        before = await k.svc.games.view(GUILD, game.id)
        kicked = await k.mod.kick(GUILD, game.id, "Cy", MOD, is_moderator=True)
        assert kicked.moved is None  # Ben is to act, not Cy
        after = await k.svc.games.view(GUILD, game.id)
        assert after.players == before.players  # figures, score and treasures unchanged
        resigned = await k.mod.resign(GUILD, game.id, BEN)  # Ben, to act, resigns: the bot plays him, then Cy
        assert resigned.post is not None and resigned.post.payload["action"] == "resign"
        assert resigned.moved is not None
        report = await k.scheduler.tick(k.clock.at(0.1))
        assert [m.player for m in report.moved] == ["Cy"]
        assert (await k.svc.games.view(GUILD, game.id)).to_act == 0
        last = await k.mod.resign(GUILD, game.id, ANA)  # nobody left: the game stops
        assert last.game.status is Status.ABORTED and last.post is not None and last.post.payload["stopped"]
        assert await k.tick(50) == []


async def test_replace_gives_a_seat_and_its_position_to_another_member(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        game = await start(k.svc, 3)
        await k.mod.kick(GUILD, game.id, BEN, MOD, is_moderator=True)
        with pytest.raises(AlreadyJoined):
            await k.mod.replace(GUILD, game.id, "Ben", CY, "Cy", MOD, is_moderator=True)
        replaced = await k.mod.replace(GUILD, game.id, "ben", STRANGER, "Zed", MOD, is_moderator=True)
        assert replaced.post is not None and replaced.post.payload["new_member_id"] == STRANGER
        seat = replaced.game.at_seat(1)
        assert seat is not None and seat.member_id == STRANGER and seat.name == "Ben" and seat.display_name == "Zed"
        await finish_obligation(k.svc, game)  # Ana
        with pytest.raises(NotAPlayer):
            await k.svc.turns.act(GUILD, game.id, BEN, "end")
        await finish_obligation(k.svc, replaced.game)  # Zed plays Ben's seat
        # replacing the player to act starts the wait over for the newcomer
        k.clock.at(10)
        again = await k.mod.replace(GUILD, game.id, CY, DEE, "Dee", MOD, is_moderator=True)
        assert await k.tick(33.9) == []
        assert await k.tick(34) == ["reminder"]  # half-way through the default 48 h
        assert (await k.svc.outbox.posts_of(GUILD, game.id))[-1].payload["member_id"] == DEE
        with pytest.raises(NotYourTurn):
            await k.svc.turns.act(GUILD, game.id, STRANGER, "end")
        await play_out(k, again.game, random.Random(5), hours=40)
        record = await k.svc.games.record(GUILD, game.id)
        assert record["players"] == ["Ana", "Ben", "Cy"]
        assert engine.replay(engine.read_record(record)) == replay_from_file(path, game.id)


@pytest.mark.backends
async def test_moderator_skip_abort_and_the_log_posts(kit: Kit) -> None:
    game = await start(kit.svc, 2)
    skipped = await kit.mod.skip(GUILD, game.id, MOD, is_moderator=True)
    assert skipped.post is not None and skipped.post.payload["action"] == "skip"
    assert skipped.moved is not None and [p.kind for p in skipped.moved.posts] == ["mod_action", "wait"]
    assert skipped.post.payload["moves"] == list(skipped.moved.moves) and skipped.post.payload["player"] == "Ana"
    aborted = await kit.mod.abort(GUILD, game.id, MOD, is_moderator=True)
    assert aborted.game.status is Status.ABORTED and aborted.post is not None
    assert aborted.post.payload["action"] == "abort"
    assert await kit.tick(100) == []
    with pytest.raises(WrongStatus):
        await kit.mod.pause(GUILD, game.id, MOD, is_moderator=True)
    # a lobby: it is not running, and French and Spanish say it is a lobby («c'est», «es»), not a state
    lobby = await kit.svc.lobby.new_game(GUILD, 600, ANA, "Ana")
    with pytest.raises(WrongStatus) as refused:
        await kit.mod.pause(GUILD, lobby.id, MOD, is_moderator=True)
    assert translator("fr").render(refused.value).endswith("(c’est un salon d’attente).")
    assert translator("es").render(refused.value).endswith("(es una sala de espera).")
    # its creator closes it without a moderator and without a log post
    closed = await kit.mod.abort(GUILD, lobby.id, ANA, is_moderator=False)
    assert closed.game.status is Status.ABORTED and closed.post is None


async def test_timing_is_set_at_new_by_the_creator_and_guild_defaults_apply_to_new_games(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_kit(path) as k:
        config = await k.mod.configure(GUILD, MOD, is_moderator=True, moderator_role_id=9, turn_hours=48,
                                       bid_hours=6, policy="skip", reminders=False)
        assert config.moderator_role_id == 9 and config.grace_days == 30 and config.purge_at is None
        assert (config.defaults.turn_hours, config.defaults.bid_hours, config.defaults.policy) == (48, 6, "skip")
        assert not config.defaults.reminders
        lobby = await k.svc.lobby.new_game(GUILD, 600, ANA, "Ana")
        assert (await k.mod.clock(GUILD, lobby.id)).timing == config.defaults
        with pytest.raises(NotAllowed):
            await k.mod.set_timing(GUILD, lobby.id, BEN, is_moderator=False, turn_hours=5)
        with pytest.raises(Exception, match="between 1 and"):
            await k.mod.set_timing(GUILD, lobby.id, ANA, is_moderator=False, turn_hours=100000)
        set_ = await k.mod.set_timing(GUILD, lobby.id, ANA, is_moderator=False, turn_hours=0, reminders=True)
        assert set_.post is None
        timing = (await k.mod.clock(GUILD, lobby.id)).timing
        assert timing.turn_hours is None and timing.reminders and timing.bid_hours == 6
        other = await k.mod.config(OTHER_GUILD)
        assert other.moderator_role_id is None and other.defaults == DEFAULTS
        # the guild's default turn deadline is the one guild_settings already had
        assert (await k.svc.settings.get(GUILD)).turn_hours == 48
        # "no deadline" is a choice kept as such, not the bot's default
        config = await k.mod.configure(GUILD, MOD, is_moderator=True, turn_hours=0, bid_hours=0)
        assert (config.defaults.turn_hours, config.defaults.bid_hours) == (None, None)
        assert (await k.mod.config(GUILD)).defaults == config.defaults
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM game_clocks").fetchone()[0] == 1


@pytest.mark.backends
async def test_my_games_lists_the_games_waiting_for_me_first_in_this_guild_only(kit: Kit) -> None:
    first = await start(kit.svc, 2, channel=1)  # Ana to act
    second = await start(kit.svc, 2, channel=2)
    await finish_obligation(kit.svc, second)  # Ben to act
    lobby = await kit.svc.lobby.new_game(GUILD, 3, BEN, "Ben")
    elsewhere = await start(kit.svc, 2, guild=OTHER_GUILD, channel=4)
    mine = await kit.mod.my_games(GUILD, BEN)
    assert [(g.game.id, g.waiting_for_me) for g in mine] == [(second.id, True), (first.id, False),
                                                              (lobby.id, False)]
    assert mine[1].to_act is not None and mine[1].to_act.member_id == ANA
    assert elsewhere.id not in {g.game.id for g in await kit.mod.my_games(GUILD, ANA)}
    assert [g.game.id for g in await kit.mod.my_games(OTHER_GUILD, ANA)] == [elsewhere.id]
    assert T0 > 0


@pytest.mark.backends
async def test_a_kick_and_the_kicked_players_own_move_at_the_same_moment(database: Path | str) -> None:
    import asyncio

    async with open_kit(database) as k:
        game = await start(k.svc, 2)
        entries = await k.svc.turns.legal_moves(GUILD, game.id, ANA)
        place = next(e.move for e in entries if str(e.move).startswith("place"))
        kicked, moved = await asyncio.gather(
            k.mod.kick(GUILD, game.id, ANA, MOD, is_moderator=True),
            k.svc.turns.act(GUILD, game.id, ANA, place),
            return_exceptions=True,
        )
        assert not isinstance(kicked, BaseException)
        page = await k.history.history(GUILD, game.id)
        if isinstance(moved, BaseException):  # the kick came first: Ana is no longer a player
            assert isinstance(moved, NotAPlayer)
            assert ANA not in {e.actor_id for e in page.entries}
        else:  # Ana's move came first, then the bot finished her turn
            assert page.entries[0].actor_id == ANA and all(e.actor_id is None for e in page.entries[1:])
        assert (await k.svc.games.view(GUILD, game.id)).to_act == 1
        async with k.svc.storage.read() as r:
            replayed = await replays_to_snapshot(r, GUILD, game.id)
        assert engine.view(replayed, None) == await k.svc.games.view(GUILD, game.id)


async def test_my_games_cost_the_same_few_reads_however_many_games_and_use_the_index(kit: Kit) -> None:
    """``/tikal-game games mine`` for a member of many games: no game state is loaded, and the reads do not grow
    with the number of games (the seats are found by member through ``seats_by_member``)."""
    costs = []
    for count in (2, 8):
        while len(await kit.svc.games.games(GUILD)) < count:
            await start(kit.svc, 2, channel=CHANNEL + len(await kit.svc.games.games(GUILD)) + 1)
        kit.svc.store.forget()
        loads, reads = kit.svc.store.loads, kit.svc.storage.reads
        mine = await kit.mod.my_games(GUILD, MEMBERS[0])
        assert len(mine) == count and all(g.to_act is not None for g in mine)
        assert [g.waiting_for_me for g in mine] == [True] * count  # Ana opens every game
        costs.append((kit.svc.store.loads - loads, kit.svc.storage.reads - reads))
    assert costs == [(0, 1), (0, 1)]
    async with kit.svc.storage.read() as r:
        plan = await sql.rows(r, "EXPLAIN QUERY PLAN SELECT game_id FROM seats WHERE member_id = ?", (1,))
    assert any("seats_by_member" in str(step) for step in plan)

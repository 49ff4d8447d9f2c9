"""The lobby through the service: new, join, leave, start, threads, one game per channel, permissions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.core.assembly import Core
from bot.core.storage.rows import GuildSettings, Status
from bot.core.storage.sqlite import SqliteStorage
from bot.core.table.lobby import THREAD_WAIT
from bot.core.words.errors import (
    AlreadyJoined,
    BadOption,
    ChannelBusy,
    LobbyFull,
    NoGame,
    NotAllowed,
    NotEnoughPlayers,
    NotJoined,
    ServiceError,
    WrongStatus,
)
from engine import EngineError, Phase
from tests.bot.core.clockkit import Kit
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, STRANGER, open_service

ANA, BEN, CY, DEE = MEMBERS


@pytest.mark.backends
async def test_a_lobby_fills_up_and_starts(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", variant="auction", seats=3)
    assert game.status is Status.LOBBY and game.variant == "auction" and game.seats_wanted == 3
    assert [s.member_id for s in game.seats] == [ANA] and game.open_seats == 2
    assert (await svc.games.game_here(GUILD, CHANNEL)).id == game.id

    game = await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    game = await svc.lobby.join(GUILD, game.id, CY, "Cy")
    assert [s.member_id for s in game.seats] == [ANA, BEN, CY] and game.open_seats == 0
    with pytest.raises(LobbyFull, match="full"):
        await svc.lobby.join(GUILD, game.id, DEE, "Dee")
    with pytest.raises(AlreadyJoined):
        await svc.lobby.join(GUILD, game.id, BEN, "Ben")

    started = await svc.lobby.start(GUILD, game.id, ANA)
    assert started.game.status is Status.RUNNING
    assert [(s.seat, s.name, s.member_id) for s in started.game.seats] == [(0, "Ana", ANA), (1, "Ben", BEN),
                                                                          (2, "Cy", CY)]
    assert started.to_act.member_id == ANA
    assert started.view.phase is Phase.BID and [p.name for p in started.view.players] == ["Ana", "Ben", "Cy"]
    assert [p.kind for p in started.posts] == ["wait"] and "order" in started.posts[0].payload
    assert started.posts[0].payload["next"]["member_id"] == ANA
    with pytest.raises(WrongStatus):
        await svc.lobby.join(GUILD, game.id, DEE, "Dee")
    with pytest.raises(WrongStatus):
        await svc.lobby.start(GUILD, game.id, ANA)


@pytest.mark.backends
async def test_only_the_creator_or_a_moderator_starts_and_with_two_players(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    with pytest.raises(NotEnoughPlayers, match="at least 2"):
        await svc.lobby.start(GUILD, game.id, ANA)
    await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    with pytest.raises(NotAllowed, match="creator or a moderator"):
        await svc.lobby.start(GUILD, game.id, BEN)
    with pytest.raises(NotAllowed):
        await svc.lobby.start(GUILD, game.id, STRANGER)
    started = await svc.lobby.start(GUILD, game.id, STRANGER, is_moderator=True)
    assert started.game.status is Status.RUNNING and len(started.game.seats) == 2


@pytest.mark.backends
async def test_leaving_hands_the_lobby_on_and_the_last_one_out_closes_it(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    with pytest.raises(NotJoined):
        await svc.lobby.leave(GUILD, game.id, CY)
    game = await svc.lobby.leave(GUILD, game.id, ANA)
    assert [s.member_id for s in game.seats] == [BEN] and game.creator_id == BEN
    game = await svc.lobby.leave(GUILD, game.id, BEN)
    assert game.status is Status.ABORTED and game.seats == ()
    with pytest.raises(NoGame):
        await svc.games.game_here(GUILD, CHANNEL)
    # the channel is free again
    again = await svc.lobby.new_game(GUILD, CHANNEL, CY, "Cy")
    assert again.id != game.id


@pytest.mark.backends
async def test_one_lobby_or_game_per_channel_but_several_per_guild(svc: Core) -> None:
    first = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    with pytest.raises(ChannelBusy, match="already has an open lobby"):
        await svc.lobby.new_game(GUILD, CHANNEL, BEN, "Ben")
    await svc.lobby.join(GUILD, first.id, BEN, "Ben")
    await svc.lobby.start(GUILD, first.id, ANA)
    with pytest.raises(ChannelBusy, match="running game"):
        await svc.lobby.new_game(GUILD, CHANNEL, CY, "Cy")
    second = await svc.lobby.new_game(GUILD, CHANNEL + 1, CY, "Cy")
    assert [g.id for g in await svc.games.games(GUILD)] == [first.id, second.id]
    assert [g.id for g in await svc.games.games(GUILD, [Status.LOBBY])] == [second.id]


async def test_a_thread_game_frees_its_channel_once_it_runs_in_the_thread(tmp_path: Path) -> None:
    thread = 7001
    async with open_service(tmp_path / "t.sqlite3") as svc:
        game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", thread=True)
        game = await svc.lobby.attach_thread(GUILD, game.id, thread)
        assert game.use_thread and game.thread_id == thread and game.place_id == CHANNEL
        assert (await svc.games.game_here(GUILD, thread)).id == game.id  # commands typed in the thread find it
        with pytest.raises(ChannelBusy):  # the lobby still sits in the channel
            await svc.lobby.new_game(GUILD, CHANNEL, CY, "Cy")
        await svc.lobby.join(GUILD, game.id, BEN, "Ben")
        started = await svc.lobby.start(GUILD, game.id, ANA)
        assert started.game.place_id == thread and started.posts[0].channel_id == thread
        assert (await svc.games.game_here(GUILD, thread)).id == game.id
        other = await svc.lobby.new_game(GUILD, CHANNEL, CY, "Cy")
        assert (await svc.games.game_here(GUILD, CHANNEL)).id == other.id
        with pytest.raises(ChannelBusy):
            await svc.lobby.new_game(GUILD, thread, DEE, "Dee")


async def test_shuffled_seats_are_a_permutation_with_names_from_display_names(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "t.sqlite3")
    try:
        svc = Core.build(storage, rng=random.Random(3))
        displays = ["Zoë", "zoe", "pass", "Mary Jane"]
        game = await svc.lobby.new_game(GUILD, CHANNEL, MEMBERS[0], displays[0])
        for member, display in zip(MEMBERS[1:], displays[1:], strict=True):
            await svc.lobby.join(GUILD, game.id, member, display)
        started = await svc.lobby.start(GUILD, game.id, MEMBERS[0], order="shuffled")
        seats = started.game.seats
        assert sorted(s.member_id for s in seats) == sorted(MEMBERS)
        assert [s.seat for s in seats] == [0, 1, 2, 3]
        by_member = {s.member_id: s.name or "" for s in seats}
        assert by_member[MEMBERS[0]] in ("Zoe", "Zoe2") and by_member[MEMBERS[1]] in ("zoe", "zoe2")
        assert {by_member[MEMBERS[0]].lower(), by_member[MEMBERS[1]].lower()} == {"zoe", "zoe2"}
        assert by_member[MEMBERS[2]].startswith("Player") and by_member[MEMBERS[3]] == "Mary_Jane"
        # the seed is 64 secure bits and never part of what the service hands out
        assert not hasattr(started.game, "seed")
    finally:
        await storage.close()


@pytest.mark.backends
async def test_bad_options_and_unknown_games_are_refused_in_words(svc: Core) -> None:
    with pytest.raises(BadOption, match="2–4 players"):
        await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", seats=5)
    with pytest.raises(BadOption, match="basic"):
        await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", variant="chess")
    with pytest.raises(NoGame, match="no game #42"):
        await svc.lobby.join(GUILD, 42, ANA, "Ana")
    with pytest.raises(NoGame, match="no game here"):
        await svc.games.game_here(GUILD, CHANNEL)
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    with pytest.raises(BadOption, match="joined"):
        await svc.lobby.start(GUILD, game.id, ANA, order="alphabetical")
    with pytest.raises(WrongStatus, match="not started"):
        await svc.turns.act(GUILD, game.id, ANA, "end")
    # every refusal belongs to the engine's error family, so the adapter catches one type
    assert issubclass(ServiceError, EngineError)


@pytest.mark.backends
async def test_abort_is_for_the_creator_in_the_lobby_and_moderators_always(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
    await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    with pytest.raises(NotAllowed):
        await svc.moderation.abort(GUILD, game.id, BEN, is_moderator=False)
    await svc.lobby.start(GUILD, game.id, ANA)
    with pytest.raises(NotAllowed, match="moderator"):
        await svc.moderation.abort(GUILD, game.id, ANA, is_moderator=False)
    stopped = (await svc.moderation.abort(GUILD, game.id, STRANGER, is_moderator=True)).game
    assert stopped.status is Status.ABORTED and stopped.finished_at is not None
    with pytest.raises(WrongStatus, match="stopped"):
        await svc.turns.act(GUILD, game.id, ANA, "place A3 0")
    lobby = await svc.lobby.new_game(GUILD, CHANNEL, CY, "Cy")
    assert (await svc.moderation.abort(GUILD, lobby.id, CY, is_moderator=False)).game.status is Status.ABORTED


@pytest.mark.backends
async def test_names_come_from_the_lobby_in_join_order(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, NAMES[0], seats=2)
    await svc.lobby.join(GUILD, game.id, BEN, NAMES[1])
    started = await svc.lobby.start(GUILD, game.id, ANA, order="joined")
    assert [p.name for p in started.view.players] == ["Ana", "Ben"]


async def test_status_message_ids_and_guild_settings_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana")
        lobby = await svc.games.overview(GUILD, CHANNEL)
        assert lobby.game.id == game.id and lobby.view is None
        await svc.lobby.set_lobby_message(GUILD, game.id, 9001)
        await svc.lobby.join(GUILD, game.id, BEN, "Ben")
        await svc.lobby.start(GUILD, game.id, ANA)
        await svc.turns.set_turn_message(GUILD, game.id, 9002)
        running = await svc.games.overview(GUILD, CHANNEL)
        assert running.view is not None and running.view.players[0].name == "Ana" and running.view.ap_left == 10
        assert running.game.turn_started_at is not None
        assert (await svc.settings.get(GUILD)) == GuildSettings(GUILD)
        await svc.settings.save(GuildSettings(GUILD, moderator_role_id=5, default_variant="auction", turn_hours=48))
        with pytest.raises(BadOption):
            await svc.settings.save(GuildSettings(GUILD, default_variant="go"))
    async with open_service(path) as svc:
        info = await svc.games.game(GUILD, game.id)
        assert (info.lobby_message_id, info.turn_message_id) == (9001, 9002)
        saved = await svc.settings.get(GUILD)
        assert (saved.moderator_role_id, saved.default_variant, saved.turn_hours) == (5, "auction", 48)
        assert await svc.settings.get(GUILD + 1) == GuildSettings(GUILD + 1)


@pytest.mark.backends
async def test_a_lobby_with_computer_seats_closes_when_its_last_member_leaves(svc: Core) -> None:
    """Computer seats never keep a lobby open, nor become its creator."""
    ana, ben = MEMBERS[0], MEMBERS[1]
    game = await svc.lobby.new_game(GUILD, CHANNEL, ana, NAMES[0], seats=4, computers=2)
    await svc.lobby.join(GUILD, game.id, ben, NAMES[1])
    left = await svc.lobby.leave(GUILD, game.id, ana)
    assert left.status is Status.LOBBY and left.creator_id == ben  # the next member, not a computer seat
    left = await svc.lobby.leave(GUILD, game.id, ben)
    assert left.status is Status.ABORTED
    alone = await svc.lobby.new_game(GUILD, CHANNEL, ana, NAMES[0], seats=2, computers=1)
    assert (await svc.lobby.leave(GUILD, alone.id, ana)).status is Status.ABORTED


@pytest.mark.backends
async def test_a_thread_lobby_starts_only_once_its_thread_is_known_and_never_moves(kit: Kit) -> None:
    svc = kit.svc
    ana, ben = MEMBERS[0], MEMBERS[1]
    game = await svc.lobby.new_game(GUILD, CHANNEL, ana, NAMES[0], seats=2, thread=True)
    await svc.lobby.join(GUILD, game.id, ben, NAMES[1])
    with pytest.raises(WrongStatus, match="thread is still being opened"):
        await svc.lobby.start(GUILD, game.id, ana)
    kit.clock.now += THREAD_WAIT + 1  # the thread never came (the bot stopped in between): the channel it is
    started = await svc.lobby.start(GUILD, game.id, ana)
    assert started.game.place_id == CHANNEL
    with pytest.raises(WrongStatus, match="already started"):
        await svc.lobby.attach_thread(GUILD, game.id, 4242)
    assert (await svc.games.game(GUILD, game.id)).place_id == CHANNEL

    other = await svc.lobby.new_game(GUILD, CHANNEL + 1, ana, NAMES[0], seats=2, thread=True)
    await svc.lobby.join(GUILD, other.id, ben, NAMES[1])
    await svc.lobby.no_thread(GUILD, other.id)  # Discord refused the thread: played in the channel, at once
    assert (await svc.lobby.start(GUILD, other.id, ana)).game.place_id == CHANNEL + 1

"""Playing through the service: whole games, permissions, errors, autocomplete, the outbox, guild isolation."""

from __future__ import annotations

import json
import random
import sqlite3
from itertools import pairwise
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage.base import Storage
from bot.core.storage.rows import MoveRow, Status
from bot.core.storage.sqlite import SqliteStorage
from bot.core.table.autocomplete import option_choices
from bot.core.words.errors import NoGame, NotAllowed, NotAPlayer, WrongStatus
from engine import GameOver, IllegalMove, NotYourTurn, Phase, UnreadableMove
from tests.bot.core.servicekit import (
    CHANNEL,
    GUILD,
    MEMBERS,
    OTHER_GUILD,
    STRANGER,
    open_service,
    play_to_end,
    replay_from_file,
)
from tests.bot.core.servicekit import started_game as start

ANA, BEN, CY, _ = MEMBERS


@pytest.mark.parametrize(("variant", "players", "seed"), [("basic", 2, 1), ("basic", 3, 2), ("auction", 3, 3),
                                                            ("auction", 2, 4)])
@pytest.mark.slow
async def test_a_whole_game_played_through_the_service(tmp_path: Path, variant: str, players: int, seed: int) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path, seed=seed) as svc:
        game = await start(svc, players, variant)
        results = await play_to_end(svc, game, random.Random(seed))
        final = await svc.games.view(GUILD, game.id)
        assert final.finished and final.winners and final.to_act is None
        assert results[-1].finished and results[-1].to_act is None
        info = await svc.games.game(GUILD, game.id)
        assert info.status is Status.FINISHED and info.finished_at is not None and info.version == len(results)
        # the log is the truth: its fold is the state the service ended with
        replayed = replay_from_file(path, game.id)
        assert engine.view(replayed, None) == final
        assert [r.move for r in results] == list(replayed.log)
        # the record is only given out at the end, and it replays
        record = await svc.games.record(GUILD, game.id)
        assert engine.replay(engine.read_record(record)).finished
        with pytest.raises(GameOver):
            await svc.turns.act(GUILD, game.id, MEMBERS[0], "end")
        # one message per wait: the first tells the seat order, a new one each time another player is
        # waited for (in the auction game, one per auction asks every bidder); the last post is the result
        posts = await svc.outbox.posts_of(GUILD, game.id)
        assert posts[0].kind == "wait"
        assert [e["name"] for e in posts[0].payload["order"]] == [p.name for p in final.players]
        assert posts[-1].kind == "finished" and posts[-1].payload["record"]["moves"] == list(replayed.log)
        waits = [p for p in posts if p.kind == "wait"]
        seats = [r.player for r in results]
        changes = 1 + sum(1 for a, b in pairwise(seats) if a != b)
        assert len(waits) == changes if variant == "basic" else len(waits) < changes
        assert all(len(p.payload["pinged"]) == 1 for p in waits if p.payload.get("opening") != "auction")
        if variant == "auction":
            assert any(p.payload.get("opening") == "auction" and len(p.payload["pinged"]) == players
                       for p in waits)  # a round's first auction asks every player


async def test_only_the_player_to_act_may_act_and_engine_errors_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        with pytest.raises(NotYourTurn, match=r"^It is 🟦 Ana.s turn, not yours\.$"):
            await svc.turns.act(GUILD, game.id, BEN, "place A3 0")
        with pytest.raises(NotAPlayer, match=r"not playing in this game; it is 🟦 Ana.s turn"):
            await svc.turns.act(GUILD, game.id, STRANGER, "place A3 0")
        with pytest.raises(UnreadableMove, match="is not a move"):
            await svc.turns.act(GUILD, game.id, ANA, "fly A3")
        with pytest.raises(IllegalMove, match=r"[Pp]lace"):
            await svc.turns.act(GUILD, game.id, ANA, "deploy A1 1")
        assert (await svc.games.game(GUILD, game.id)).version == 0
        assert await svc.turns.legal_moves(GUILD, game.id, BEN) == []
        placed = await svc.turns.act(GUILD, game.id, ANA, engine.legal_moves(replay_from_file(path, game.id))[0].move)
        assert placed.player == "Ana" and placed.move.startswith("place ") and not placed.turn_ended
        assert placed.view.phase is Phase.ACTIONS and placed.to_act is not None and placed.to_act.member_id == ANA
        assert placed.posts == ()
        for _ in range(10):
            await svc.turns.act(GUILD, game.id, ANA, "deploy A1 1")
        with pytest.raises(IllegalMove, match="Not enough AP"):
            await svc.turns.act(GUILD, game.id, ANA, "deploy A1 1")
        ended = await svc.turns.act(GUILD, game.id, ANA, "end")
        assert ended.turn_ended and ended.to_act is not None and ended.to_act.member_id == BEN
        (post,) = ended.posts  # Ben's wait: it pings him and tells him Ana's turn
        assert post.kind == "wait" and post.payload["pinged"] == [{"seat": 1, "name": "Ben", "member_id": BEN}]
        assert [c["move"] for c in post.payload["catch_up"]][1:] == ["deploy A1 1"] * 10 + ["end"]
        assert all(c["seat"] == 0 and not c["bot"] for c in post.payload["catch_up"])
        assert post.payload["catch_up"][0]["facts"]["tile"] and post.payload["next"]["member_id"] == BEN
        with pytest.raises(NotYourTurn, match="It is 🟧 Ben's turn"):
            await svc.turns.act(GUILD, game.id, ANA, "end")
        assert (await svc.games.game(GUILD, game.id)).version == 12
        assert engine.view(replay_from_file(path, game.id), None) == await svc.games.view(GUILD, game.id)


@pytest.mark.backends
async def test_autocomplete_offers_the_acting_members_legal_moves_with_their_cost(svc: Core) -> None:
    game = await start(svc, 2)
    view, entries = await svc.turns.view_and_moves(GUILD, game.id, ANA)
    spaces = option_choices(view, entries, "place", "space", {})
    assert 0 < len(spaces) <= 25 and all(" rotation" in o.label for o in spaces)
    assert (await svc.turns.view_and_moves(GUILD, game.id, BEN))[1] == []
    rotation = option_choices(view, entries, "place", "rotation", {"space": spaces[0].value})[0]
    await svc.turns.act(GUILD, game.id, ANA, f"place {spaces[0].value} {rotation.value}")
    view, entries = await svc.turns.view_and_moves(GUILD, game.id, ANA)
    figures = option_choices(view, entries, "deploy", "figures", {"space": "A1"})
    assert figures[0].value == "1" and figures[0].label == "1 worker · 1 AP"
    assert any(o.label == "3 workers · 3 AP" for o in figures)
    await svc.turns.act(GUILD, game.id, ANA, f"deploy A1 {figures[2].value}")  # an offered choice is accepted


@pytest.mark.backends
async def test_nothing_of_one_guild_is_reachable_from_another(svc: Core) -> None:
    game = await start(svc, 2)
    lobby = await svc.lobby.new_game(GUILD, CHANNEL + 1, CY, "Cy")
    for call in (
        svc.games.game(OTHER_GUILD, game.id),
        svc.games.view(OTHER_GUILD, game.id),
        svc.turns.act(OTHER_GUILD, game.id, ANA, "place A3 0"),
        svc.turns.legal_moves(OTHER_GUILD, game.id, ANA),
        svc.turns.view_and_moves(OTHER_GUILD, game.id, ANA),
        svc.lobby.join(OTHER_GUILD, lobby.id, BEN, "Ben"),
        svc.lobby.leave(OTHER_GUILD, lobby.id, CY),
        svc.lobby.start(OTHER_GUILD, lobby.id, CY, is_moderator=True),
        svc.moderation.abort(OTHER_GUILD, game.id, STRANGER, is_moderator=True),
        svc.games.record(OTHER_GUILD, game.id),
        svc.turns.set_turn_message(OTHER_GUILD, game.id, 1),
        svc.lobby.attach_thread(OTHER_GUILD, game.id, 5),
        svc.games.game_here(OTHER_GUILD, CHANNEL),
    ):
        with pytest.raises(NoGame):
            await call
    assert await svc.games.games(OTHER_GUILD) == [] and await svc.outbox.posts_of(OTHER_GUILD, game.id) == []
    # the same channel id in another guild is another place
    other = await svc.lobby.new_game(OTHER_GUILD, CHANNEL, 77, "Eve")
    assert (await svc.games.game_here(OTHER_GUILD, CHANNEL)).id == other.id
    assert (await svc.games.game_here(GUILD, CHANNEL)).id == game.id
    assert (await svc.games.game(GUILD, game.id)).status is Status.RUNNING
    assert (await svc.games.game(GUILD, lobby.id)).seats[0].member_id == CY


async def test_posts_wait_in_the_outbox_until_marked_sent(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 2)
        results = await play_to_end(svc, game, random.Random(5), limit=60)
        committed = [p for r in results for p in r.posts]
        pending = await svc.outbox.pending_posts(limit=1000)
        assert [p.id for p in pending] == [p.id for p in (await svc.outbox.posts_of(GUILD, game.id))]
        assert [p.id for p in pending][1:] == [p.id for p in committed]
        assert len({p.nonce for p in pending}) == len(pending) and all(len(p.nonce) <= 25 for p in pending)
        assert sum(p.kind == "wait" for p in pending) == sum(r.turn_ended for r in results) + 1 > 1
        first = pending[0]
        assert await svc.outbox.mark_sent(first.id, message_id=555)
        assert not await svc.outbox.mark_sent(first.id, message_id=556)  # a second delivery report changes nothing
        await svc.outbox.mark_failed(pending[1].id, "HTTP 503", retry_at=12345.0)
    async with open_service(path) as svc:  # after a restart the unsent ones are still waiting
        again = await svc.outbox.pending_posts(limit=1000)
        assert [p.id for p in again] == [p.id for p in pending[1:]]
        assert again[0].attempts == 1 and again[0].last_error == "HTTP 503" and again[0].retry_at == 12345.0
        assert again[0].first_failed_at is not None and again[0].given_up_at is None
        sent = (await svc.outbox.posts_of(GUILD, game.id))[0]
        assert sent.sent_at is not None and sent.message_id == 555


@pytest.mark.backends
async def test_a_post_can_be_rendered_from_the_version_it_describes(svc: Core) -> None:
    game = await start(svc, 2)
    results = await play_to_end(svc, game, random.Random(8), limit=40)
    ended = next(r for r in results if r.turn_ended)
    (post,) = [p for p in ended.posts if p.kind == "wait"]
    assert post.version == ended.view.version
    assert await svc.games.view_at(GUILD, game.id, post.version) == ended.view
    assert (await svc.games.view_at(GUILD, game.id, 0)).version == 0
    with pytest.raises(WrongStatus):
        await svc.games.record(GUILD, game.id)  # a running game's record would reveal the stack


@pytest.mark.parametrize("variant", ["basic", "auction"])
async def test_a_moderator_moves_for_absent_seats_with_ordinary_moves(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path) as svc:
        game = await start(svc, 3, variant)
        with pytest.raises(NotAllowed, match="moderator"):
            await svc.turns.skip(GUILD, game.id, ANA)
        first = await svc.turns.skip(GUILD, game.id, STRANGER, is_moderator=True)
        assert first.player == "Ana" and first.to_act is not None and first.to_act.member_id != ANA
        if variant == "basic":
            assert first.moves[0].startswith("place ") and first.moves[-1] == "end" and first.turn_ended
            assert [p.kind for p in first.posts] == ["wait"]
        else:  # the auction's message asked every bidder: it goes on
            assert first.moves == ("pass",) and first.posts == ()
        skips = 1
        while not (await svc.games.view(GUILD, game.id)).finished:
            await svc.turns.skip(GUILD, game.id, STRANGER, is_moderator=True)
            skips += 1
            assert skips < 1000
        replayed = replay_from_file(path, game.id)
        assert replayed.finished and engine.view(replayed, None) == await svc.games.view(GUILD, game.id)
        assert (await svc.games.game(GUILD, game.id)).status is Status.FINISHED
        with sqlite3.connect(path) as db:
            actors = {a for (a,) in db.execute("SELECT actor_id FROM moves WHERE game_id = ?", (game.id,))}
        assert actors == {None}
        with pytest.raises(WrongStatus):
            await svc.turns.skip(GUILD, game.id, STRANGER, is_moderator=True)


async def test_nothing_handed_out_before_the_end_reveals_the_stack_or_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with open_service(path, seed=123456789) as svc:
        game = await start(svc, 3, "auction")
        results = await play_to_end(svc, game, random.Random(9), limit=80)
        state = replay_from_file(path, game.id)
        assert not state.finished
        secrets = {"123456789", "tile_order", "treasure_order", *state.setup.tile_order[state.stack_pos:]}
        handed_out = json.dumps([p.payload for p in await svc.outbox.pending_posts(1000)]) + repr(results)
        assert not [s for s in secrets if s in handed_out]
        assert all(not hasattr(r, "state") and not hasattr(r.game, "seed") for r in results)


async def test_the_turn_start_time_moves_only_when_someone_else_must_act(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    now = [1_000.0]
    storage = await SqliteStorage.open(path, clock=lambda: now[0])
    try:
        svc = Core.build(storage, seed_source=lambda: 7)
        game = await start(svc, 2)
        assert game.turn_started_at == 1_000.0 and game.created_at == 1_000.0
        now[0] = 2_000.0
        placed = await svc.turns.act(GUILD, game.id, ANA, engine.legal_moves(replay_from_file(path, game.id))[0].move)
        assert placed.game.turn_started_at == 1_000.0  # still Ana's turn
        now[0] = 3_000.0
        ended = await svc.turns.act(GUILD, game.id, ANA, "end")
        assert ended.game.turn_started_at == 3_000.0 and ended.posts[0].created_at == 3_000.0
        (row,) = [r for r in await _move_rows(storage, game.id) if r.move == "end"]
        assert (row.actor_id, row.seat, row.created_at) == (ANA, 0, 3_000.0)
    finally:
        await storage.close()


async def _move_rows(storage: Storage, game_id: int) -> list[MoveRow]:
    async with storage.read() as r:
        return await r.move_rows(game_id)

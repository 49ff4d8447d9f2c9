"""docs/rules.md §7 through the service: a lobby's variant and options, whole games with options, and Tikal Rápido's
secret jumps (kept apart until the last choice, then logged in round order in one transaction)."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

import engine
from bot.core.assembly import Core
from bot.core.storage.rows import Status
from bot.core.table.posts import PostKind
from bot.core.words.errors import BadOption, NotAllowed, NotAPlayer, WrongStatus
from engine import IllegalMove, Phase, Stage
from tests.bot.core.optionkit import choose_all, drive, options_game, seat_of
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, STRANGER, replay_from_file

ANA, BEN, CY, DEE = MEMBERS


async def test_a_lobby_takes_a_variant_and_options_from_its_creator_or_a_moderator(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", variant="auction", seats=3)
    assert (game.variant, game.options) == ("auction", ())
    await svc.lobby.join(GUILD, game.id, BEN, "Ben")
    chosen = await svc.lobby.set_options(GUILD, game.id, ANA, ["guns", "obstacles", "indiana2d6"])
    assert chosen.options == ("indiana2d6", "obstacles", "guns")  # canonical order
    with pytest.raises(NotAllowed, match="creator or a moderator"):
        await svc.lobby.set_options(GUILD, game.id, BEN, ["noround"])
    moderated = await svc.lobby.set_options(GUILD, game.id, BEN, ["randomterrain", "noround"], is_moderator=True)
    assert moderated.options == ("noround", "randomterrain")
    with pytest.raises(BadOption, match="At most one Indiana Jones option") as refused:
        await svc.lobby.set_options(GUILD, game.id, ANA, ["indiana", "indiana1d20"])
    assert "Nothing was changed" in str(refused.value)
    assert (await svc.games.game(GUILD, game.id)).options == ("noround", "randomterrain")
    assert [g.options for g in await svc.games.games(GUILD)] == [("noround", "randomterrain")]
    started = await svc.lobby.start(GUILD, game.id, ANA)
    with pytest.raises(WrongStatus, match="options are fixed"):
        await svc.lobby.set_options(GUILD, game.id, ANA, [])
    assert started.game.options == ("noround", "randomterrain") and started.view.options == (
        engine.Option.NOROUND, engine.Option.RANDOMTERRAIN)
    assert started.view.stack_by_letter == ()  # random terrain: no letters


async def test_random_terrain_needs_the_auction_and_rapido_is_a_variant(svc: Core) -> None:
    basic = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", variant="basic", seats=2)
    with pytest.raises(BadOption, match="randomterrain needs the auction variant"):
        await svc.lobby.set_options(GUILD, basic.id, ANA, ["randomterrain"])
    with pytest.raises(BadOption, match="not an option"):
        await svc.lobby.set_options(GUILD, basic.id, ANA, ["rapido"])
    with pytest.raises(BadOption, match="`basic`, `auction` or `rapido`"):
        await svc.lobby.new_game(GUILD, CHANNEL + 1, ANA, "Ana", variant="speedy")
    rapido = await svc.lobby.new_game(GUILD, CHANNEL + 2, BEN, "Ben", variant="rapido", seats=2)
    assert rapido.variant == "rapido"
    with sqlite3.connect(svc.storage.path) as db:  # games.variant's CHECK predates Rápido: the truth is beside it
        assert db.execute("SELECT variant FROM games WHERE id = ?", (rapido.id,)).fetchone() == ("auction",)
        assert db.execute("SELECT variant FROM game_options WHERE game_id = ?", (rapido.id,)).fetchone() == (
            "rapido",)


async def test_seat_names_avoid_the_words_an_option_makes_verbs(svc: Core) -> None:
    game = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Jump", variant="rapido", seats=2)
    await svc.lobby.join(GUILD, game.id, BEN, "Fire")
    started = await svc.lobby.start(GUILD, game.id, ANA)
    assert [p.name for p in started.view.players] == ["Player1", "Fire"]  # fire is a verb only with guns


@pytest.mark.parametrize(("variant", "options", "seed"), [
    ("basic", ("obstacles", "guns", "indiana"), 3),
    ("auction", ("randomterrain", "noround"), 5),
    ("auction", ("randomterrain", "indiana1d20"), 8),
])
@pytest.mark.slow
async def test_a_whole_game_with_options_replays_from_its_log(tmp_path: Path, variant: str, options: tuple[str, ...],
                                                              seed: int) -> None:
    from tests.bot.core.servicekit import open_service

    path = tmp_path / "t.sqlite3"
    async with open_service(path, seed=seed) as svc:
        game = await options_game(svc, 3, variant, options)
        final = await drive(svc, game, random.Random(seed))
        assert final.finished
        replayed = replay_from_file(path, game.id)
        assert engine.view(replayed, None) == final
        record = await svc.games.record(GUILD, game.id)
        assert record["options"] == list(engine.view(replayed, None).options) and engine.replay(
            engine.read_record(record)).finished
        kinds = [p.kind for p in await svc.outbox.posts_of(GUILD, game.id)]
        assert kinds[0] == PostKind.WAIT and kinds[-1] == PostKind.FINISHED


async def _at_a_jump(svc: Core, computers: int = 0, seed: int = 2) -> tuple[engine.GameView, int]:
    game = await options_game(svc, 3, "rapido", computers=computers)
    view = await drive(svc, game, random.Random(seed), until=lambda v: v.phase is Phase.JUMP)
    return view, game.id


async def test_a_jump_is_kept_secret_until_the_last_choice_then_logged_in_round_order(svc: Core) -> None:
    view, game_id = await _at_a_jump(svc)
    game = await svc.games.game(GUILD, game_id)
    order = view.round_order
    first, second, last = (seat_of(game, q) for q in order)
    version = view.version
    before_posts = len(await svc.outbox.posts_of(GUILD, game_id))
    # the last in round order chooses first: kept, nothing logged, nobody's view changes
    kept = await svc.jumps.choose_jump(GUILD, game_id, last, 4)
    assert kept.moved is None and kept.chips == 4 and kept.chosen == (order[2],) and kept.waiting == order[:2]
    assert (await svc.games.view(GUILD, game_id)) == view
    assert (await svc.games.game(GUILD, game_id)).version == version
    assert await svc.jumps.jump_chips(GUILD, game_id, last) == (5, 4)  # the member's own, for their eyes
    assert await svc.jumps.jump_chips(GUILD, game_id, first) == (5, None)
    changed = await svc.jumps.choose_jump(GUILD, game_id, last, 2)  # a choice made again replaces the earlier
    assert changed.chosen == (order[2],)
    with pytest.raises(WrongStatus, match="That jump is over"):
        await svc.jumps.choose_jump(GUILD, game_id, first, 1, jump=version - 1)
    with pytest.raises(IllegalMove, match="choose 1–5"):
        await svc.jumps.choose_jump(GUILD, game_id, first, 6)
    with pytest.raises(NotAPlayer):
        await svc.jumps.choose_jump(GUILD, game_id, STRANGER, 1)
    await svc.jumps.choose_jump(GUILD, game_id, first, 3, jump=version)
    assert await svc.jumps.jump_status(GUILD, game_id) == ([order[0], order[2]], [order[1]])
    # nothing so far holds a number: no post, no move, no snapshot of a later version
    posts = await svc.outbox.posts_of(GUILD, game_id)
    assert len(posts) == before_posts
    with sqlite3.connect(svc.storage.path) as db:
        assert db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)).fetchone() == (version,)
        assert db.execute("SELECT version FROM snapshots WHERE game_id = ?", (game_id,)).fetchone() == (version,)
    revealed = await svc.jumps.choose_jump(GUILD, game_id, second, 5)
    moved = revealed.moved
    assert moved is not None and moved.moves == ("jump 3", "jump 5", "jump 2")  # round order
    with sqlite3.connect(svc.storage.path) as db:
        rows = db.execute("SELECT move, seat, actor_id FROM moves WHERE game_id = ? AND idx >= ? ORDER BY idx",
                          (game_id, version)).fetchall()
        assert rows == [("jump 3", order[0], first), ("jump 5", order[1], second), ("jump 2", order[2], last)]
        assert db.execute("SELECT COUNT(*) FROM jump_choices").fetchone() == (0,)
    after = moved.view
    assert after.phase is Phase.ACTIONS and after.stage is Stage.JUMPS and after.to_act == order[2]  # lowest first
    assert after.ap_left == 2 and after.slots == (order[0], order[1])
    [slot] = [p for p in moved.posts if p.kind == PostKind.WAIT]  # the lowest acts first: their slot's message
    assert slot.payload["next"]["seat"] == order[2] and slot.payload["next"].get("slot")
    assert [(c["seat"], c["move"]) for c in slot.payload["catch_up"] if c["move"].startswith("jump")] == \
        [(order[0], "jump 3"), (order[1], "jump 5"), (order[2], "jump 2")]  # every number at once, once chosen
    assert engine.view(replay_from_file(Path(svc.storage.path), game_id), None) == after
    with pytest.raises(IllegalMove, match="No jump is open now"):
        await svc.jumps.choose_jump(GUILD, game_id, first, 1)


async def test_the_jump_opens_with_one_message_that_pings_every_chooser(svc: Core) -> None:
    view, game_id = await _at_a_jump(svc)
    waits = [p for p in await svc.outbox.posts_of(GUILD, game_id) if p.kind == PostKind.WAIT]
    opened = [p for p in waits if p.payload.get("opening") == "jump"]
    assert len(opened) == 1 and opened[0] is waits[-1]
    payload = opened[0].payload
    assert payload["seats"] == list(view.round_order)
    assert {e["member_id"] for e in payload["pinged"]} == {ANA, BEN, CY}
    # each placing in round order had its own message, pinging the placer alone
    placing = waits[-4:-1]
    assert [p.payload["next"]["seat"] for p in placing] == list(view.round_order)
    assert all(p.payload["next"]["phase"] == "place" and p.payload["next"]["ap"] is None for p in placing)
    assert all(len(p.payload["pinged"]) == 1 for p in placing)


async def test_computer_seats_choose_in_secret_and_the_last_person_reveals(svc: Core) -> None:
    _, game_id = await _at_a_jump(svc, computers=1)
    game = await svc.games.game(GUILD, game_id)
    computer = next(s.seat for s in game.seats if s.member_id < 0)
    assert computer is not None
    chosen, waiting = await svc.jumps.jump_status(GUILD, game_id)
    assert chosen == [computer] and computer not in waiting  # chose at once, when the jump opened
    assert (await svc.games.view(GUILD, game_id)).chosen == ()  # kept, not logged
    with sqlite3.connect(svc.storage.path) as db:
        ((member,),) = db.execute("SELECT member_id FROM jump_choices WHERE game_id = ?", (game_id,)).fetchall()
        assert member is None  # the bot chose
    moved = await choose_all(svc, await svc.games.game(GUILD, game_id), random.Random(1))
    assert moved is not None and len([m for m in moved.moves if m.startswith("jump")]) == 3


@pytest.mark.slow
async def test_a_whole_rapido_game_with_a_computer_seat(tmp_path: Path) -> None:
    from tests.bot.core.servicekit import open_service

    path = tmp_path / "t.sqlite3"
    async with open_service(path, seed=4) as svc:
        game = await options_game(svc, 3, "rapido", computers=1)
        final = await drive(svc, game, random.Random(4))
        assert final.finished and (await svc.games.game(GUILD, game.id)).status is Status.FINISHED
        replayed = replay_from_file(path, game.id)
        assert engine.view(replayed, None) == final
        record = await svc.games.record(GUILD, game.id)
        assert record["variant"] == "rapido" and engine.replay(engine.read_record(record)).finished
        posts = await svc.outbox.posts_of(GUILD, game.id)
        assert sum(1 for p in posts if p.kind == PostKind.WAIT and p.payload.get("opening") == "jump") > 0
        # no post names a number of chips before the jump's reveal: a wait's catch-up holds logged moves only, and the
        # bot's choices are recorded without their numbers
        for post in posts:
            if post.kind == PostKind.WAIT:
                assert all(c["idx"] < post.version for c in post.payload["catch_up"])
            elif post.kind != PostKind.FINISHED:
                assert "jump " not in json.dumps(post.payload), post
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT COUNT(*) FROM jump_choices").fetchone() == (0,)



async def test_a_hint_in_a_jump_is_for_whoever_still_chooses(svc: Core) -> None:
    from bot.core.table.hints import suggest

    view, game_id = await _at_a_jump(svc)
    game = await svc.games.game(GUILD, game_id)
    last = view.round_order[2]  # not the engine's player to act, but choosing all the same
    seen = await svc.turns.seat_view(GUILD, game_id, seat_of(game, last))
    assert seen.to_act == last and seen.viewer == last
    steps = suggest(seen, 1).steps
    assert steps and isinstance(steps[0].move, engine.Jump)

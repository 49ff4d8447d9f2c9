"""History, export, games, stats, resign and standing orders through the real discord.py bot: every answer
private; the export of a finished game replays to its final scores; each server sees only its own games."""

from __future__ import annotations

import json
import random

import pytest

import engine
from bot.core.storage.rows import Status
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    OTHER_CHANNEL,
    OTHER_GUILD,
    bot_of,
    choices_of,
    click,
    command,
    custom_ids,
    open_game,
    pinged,
    posts,
    responses,
    text_of,
)
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.servicekit import choose


def answer(calls: list[Call]) -> Call:
    (first, *_) = responses(calls)
    assert first.ephemeral, first.json
    return first


async def played(wire: Wire, game_id: int, moves: int | None = None, seed: int = 5) -> None:
    """Play random legal moves through the service (fast; the bot's scheduler plays absent seats), then bring
    the channel up to date."""
    bot = bot_of(wire)
    svc = bot.core
    rng = random.Random(seed)
    made, undone = 0, set()
    while moves is None or made < moves:
        view = await svc.games.view(GUILD, game_id)
        if view.finished:
            break
        seat = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act or 0)
        assert seat is not None
        if seat.member_id < 0:
            assert (await bot.core.scheduler.tick()).moved  # an absent seat is due at once
            continue
        entries = await svc.turns.legal_moves(GUILD, game_id, seat.member_id)
        move = choose(entries, rng, allow_undo=(view.turn, view.to_act) not in undone)
        if isinstance(move, engine.Undo):
            undone.add((view.turn, view.to_act))
        await svc.turns.act(GUILD, game_id, seat.member_id, move)
        made += 1
        assert made < 5000
    await bot.table.sync(GUILD, game_id)


@pytest.mark.backends
async def test_history_pages_with_buttons_and_a_page_option(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id, moves=45)
    start = len(wire.calls)
    calls = await command(wire, "tikal-game history", user=CY)  # anyone may look; the latest moves first
    first = answer(calls)
    embed = first.data["embeds"][0]
    assert embed["footer"]["text"] == "Page 3 of 3 · 45 moves"
    assert "` 41`" in embed["description"] and "<t:" in embed["description"]
    ids = custom_ids(first.data)
    assert ids == [f"tikal:history:{game_id}:1:first", f"tikal:history:{game_id}:2:earlier",
                   f"tikal:history:{game_id}:3:later", f"tikal:history:{game_id}:3:last"]  # the last two greyed out
    message = int(first.response["resource"]["message"]["id"])
    calls = await click(wire, f"tikal:history:{game_id}:2:earlier", user=CY, message_id=message)
    (edit,) = responses(calls)
    assert edit.callback_type == 7 and edit.data["embeds"][0]["footer"]["text"].startswith("Page 2 of 3")
    calls = await command(wire, "tikal-game history", {"page": 1, "game": game_id}, user=ANA)
    assert "`  1`" in answer(calls).data["embeds"][0]["description"]
    calls = await command(wire, "tikal-game history", {"page": 9}, user=ANA)
    assert "pick 1 to 3" in text_of(answer(calls))
    assert posts(wire.calls[start:]) == []  # nothing public


@pytest.mark.slow
@pytest.mark.backends
async def test_export_of_a_finished_game_replays_to_its_final_scores_and_stats_count_it(wire: Wire) -> None:
    bot = bot_of(wire)
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id, moves=6)
    calls = await command(wire, "tikal-game export", user=ANA)
    log = answer(calls)
    data = json.loads(log.files[f"tikal-game-{game_id}-log.json"])
    assert "seed" not in data and len(data["moves"]) == 6 and "does not replay" in text_of(log)

    await played(wire, game_id)
    final = await bot.core.games.view(GUILD, game_id)
    assert final.finished
    calls = await command(wire, "tikal-game export", {"game": game_id}, user=CY)
    record = json.loads(answer(calls).files[f"tikal-game-{game_id}.json"])
    replayed = engine.replay(engine.read_record(record))
    assert replayed.finished and list(replayed.score) == [p.score for p in final.players]

    calls = await command(wire, "tikal-game stats", user=CY)
    text = text_of(answer(calls))
    assert "1 finished game." in text
    best = max(p.score for p in final.players)
    game = await bot.core.games.game(GUILD, game_id)
    for p in final.players:
        seat = game.at_seat(p.seat)
        assert seat is not None
        wins = "1 win of 1" if p.score == best else "0 wins of 1"
        assert f"<@{seat.member_id}> · {wins} · average {p.score:.1f}" in text
    calls = await command(wire, "tikal-game stats", user=ANA, guild=OTHER_GUILD, channel=OTHER_CHANNEL)
    assert "0 finished games." in text_of(answer(calls))


@pytest.mark.backends
async def test_games_lists_the_servers_games_with_links_and_mine_waiting_first(wire: Wire) -> None:
    bot = bot_of(wire)
    first = await open_game(wire, [ANA, BEN])
    second = await open_game(wire, [BEN, ANA], channel=7103)
    other = (await bot.core.lobby.new_game(OTHER_GUILD, OTHER_CHANNEL, ANA, "Ana", seats=2)).id
    view = await bot.core.games.view(GUILD, second)
    waiting = (await bot.core.games.game(GUILD, second)).at_seat(view.to_act or 0)
    assert waiting is not None
    calls = await command(wire, "tikal-game games", {"mine": True}, user=waiting.member_id)
    deferred, listed = responses(calls)
    assert deferred.callback_type == 5 and deferred.ephemeral and listed.ephemeral  # deferred: it may take a while
    mine = listed.data["embeds"][0]["fields"][0]["value"].splitlines()
    assert mine[0].startswith(f"#{second} · **waiting for you**")
    assert f"/channels/{GUILD}/7103/" in mine[0]
    calls = await command(wire, "tikal-game games", user=CY)
    text = text_of(responses(calls)[-1])
    assert f"#{first} · running" in text and f"#{second} · running" in text and f"#{other} " not in text
    calls = await command(wire, "tikal-game export", {"game": ""}, user=CY, focused="game")
    assert {c["value"] for c in choices_of(calls[0])} == {first, second}  # this server's games only


@pytest.mark.backends
async def test_resign_asks_first_then_the_bot_plays_the_seat(wire: Wire) -> None:
    bot = bot_of(wire)
    game_id = await open_game(wire, [ANA, BEN, CY])
    calls = await command(wire, "tikal-game resign", user=CY)
    ask = answer(calls)
    assert "cannot be undone" in text_of(ask) and custom_ids(ask.data) == [f"tikal:resign:{game_id}"]
    assert (await bot.core.games.game(GUILD, game_id)).seat_of(CY) is not None  # nothing yet
    message = int(ask.response["resource"]["message"]["id"])
    calls = await click(wire, f"tikal:resign:{game_id}", user=CY, message_id=message)
    (done, *_) = responses(calls)
    assert done.callback_type == 7 and "You resigned" in done.data["content"] and done.data["components"] == []
    (log,) = [c for c in posts(calls, CHANNEL) if "🏳️" in ((c.json or {}).get("content") or "")]
    assert pinged(log) == ([], [])
    game = await bot.core.games.game(GUILD, game_id)
    assert game.seat_of(CY) is None and game.status is Status.RUNNING
    calls = await command(wire, "tikal-game resign", user=CY)
    assert "not playing" in text_of(answer(calls))
    # The resigned seat's turns are played by the bot: the others play on, nobody pings the absent seat.
    await played(wire, game_id, moves=30)
    for post in posts(wire.calls, CHANNEL):
        assert all(int(u) > 0 for u in pinged(post)[0])
    assert (await bot.core.games.view(GUILD, game_id)).version > 30


@pytest.mark.backends
async def test_a_standing_order_is_played_when_the_bid_is_due(wire: Wire) -> None:
    bot = bot_of(wire)
    game_id = await open_game(wire, [ANA, BEN], variant="auction")
    view = await bot.core.games.view(GUILD, game_id)
    assert view.phase.value == "bid"
    game = await bot.core.games.game(GUILD, game_id)
    bidder = game.at_seat(view.to_act or 0)
    assert bidder is not None
    calls = await command(wire, "tikal-game order", {"order": ""}, user=bidder.member_id, focused="order")
    offered = [c["value"] for c in choices_of(calls[0])]
    assert offered[0] == "pass" and offered[-1] == "cancel"
    assert all(o.startswith("bid up to ") for o in offered[1:-1])
    calls = await command(wire, "tikal-game order", {"order": "pass"}, user=bidder.member_id)
    assert "played now" in text_of(answer(calls))
    # the order stays private: no post names it; the auction's message goes on with the pass
    assert not [c for c in posts(calls, CHANNEL) if "order" in text_of(c)]
    shown = [c for c in calls if c.method == "PATCH" and c.path.endswith(f"/messages/{game.turn_message_id}")]
    assert shown and "Passed: " in text_of(shown[-1])
    assert (await bot.core.games.view(GUILD, game_id)).to_act != view.to_act
    calls = await command(wire, "tikal-game order", {"order": "bid up to lots"}, user=bidder.member_id)
    assert "not an order" in text_of(answer(calls))


async def test_the_auctions_buttons_pass_and_leave_private_standing_orders(wire: Wire) -> None:
    """Issue 22: the auction's message offers Pass to the bidder to act and the standing orders to every bidder —
    Bid up to… asks for the highest bid in a private form; each answer is private and the order is played when due."""
    bot = bot_of(wire)
    svc = bot.core
    game_id = await open_game(wire, [ANA, BEN, CY], variant="auction")
    game = await svc.games.game(GUILD, game_id)
    message = game.turn_message_id or 0
    assert [i for i in custom_ids(wire.messages[message]) if not i.startswith("tikal:board")] == [
        f"tikal:pass:{game_id}", f"tikal:upto:{game_id}", f"tikal:passround:{game_id}",
        f"tikal:mps:{game_id}:{game.version}:b:0"]  # and the bids of the bidder to act, in a menu
    first = game.at_seat((await svc.games.view(GUILD, game_id)).to_act or 0)
    assert first is not None
    others = [m for m in (ANA, BEN, CY) if m != first.member_id]
    # Pass is the bidder's to act: another member is told whose bid it is
    calls = await click(wire, f"tikal:pass:{game_id}", user=others[0], message_id=message)
    assert responses(calls)[0].ephemeral and "not yours" in text_of(responses(calls)[0])
    # a waiting bidder leaves "bid up to 3" in the private form: nothing is played yet, nobody else sees it
    calls = await click(wire, f"tikal:upto:{game_id}", user=others[0], message_id=message)
    (form,) = responses(calls)
    assert form.callback_type == 9 and form.data["custom_id"] == f"tikal:upto-form:{game_id}:{others[0]}"
    calls = await wire.send(wire.modal_payload(form.data["custom_id"], {"tikal:upto-highest": "3"}, guild_id=GUILD,
                                               channel_id=CHANNEL, user_id=others[0]))
    (answer_,) = responses(calls)
    assert answer_.ephemeral and "bid for you up to 3 points" in text_of(answer_) and "Only you see it" in text_of(
        answer_)
    assert not posts(calls) and (await svc.games.view(GUILD, game_id)).version == 0
    # the bidder to act passes with the button; the order bids at once when its bid comes
    calls = await click(wire, f"tikal:pass:{game_id}", user=first.member_id, message_id=message)
    assert calls[0].ephemeral and text_of(calls[0]).startswith("✅ pass")
    async with svc.storage.read() as r:
        rows = await r.move_rows(game_id)
    assert [m.move for m in rows][:2] == ["pass", "bid 1"] and rows[1].actor_id == others[0]
    assert not [c for c in posts(calls, CHANNEL) if "3" in (c.data.get("content") or "")]  # the maximum is private
    # Pass this round: the last bidder passes every auction of the round, answered privately
    calls = await click(wire, f"tikal:passround:{game_id}", user=others[1], message_id=message)
    assert responses(calls)[0].ephemeral and "pass every auction of this round" in text_of(responses(calls)[0])

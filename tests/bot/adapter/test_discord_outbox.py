"""The outbox through the real discord.py bot, on a fake clock: what happens to a post Discord refuses, cannot
be reached for, or already has."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import discord
import pytest

import engine
from bot.adapter.permissions import EMBED, SEND
from bot.adapter.send_failures import GIVE_UP_AFTER, MAX_BACKOFF, classify
from bot.core.assembly import Core
from bot.core.storage import sql
from lang import translator
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    bot_of,
    command,
    mod,
    open_game,
    place_first,
    posts,
    responses,
    running_bot,
    text_of,
    tick,
)
from tests.bot.adapter.wire import Call, Wire, _FakeResponse
from tests.bot.core.clockkit import HOUR, T0, FakeClock

MESSAGES = f"POST /channels/{CHANNEL}/messages"


def boards(calls: list[Call], channel: int = CHANNEL) -> list[Call]:
    """The waits' messages among ``calls`` after a turn (each with the board as its wait began)."""
    return [c for c in posts(calls, channel) if any(f.startswith("board-") for f in c.files)
            and "Since your last turn" in text_of(c)]


async def attempts(wire: Wire) -> int:
    """The tries of the first wait's post after the game's start."""
    async with bot_of(wire).core.storage.read() as r:
        rows = await sql.rows(r, "SELECT attempts FROM outbox WHERE kind = 'wait' ORDER BY id")
    return int(rows[1][0])


async def outbox_rows(wire: Wire, kind: str) -> list[tuple[object, ...]]:
    """Per post of ``kind``, in order (of the waits, those after the game's start): sent, its message, given up, its
    nonce (either backend)."""
    async with bot_of(wire).core.storage.read() as r:
        rows = await sql.rows(r, "SELECT sent_at IS NOT NULL, message_id, given_up_at IS NOT NULL, nonce FROM outbox "
                                 "WHERE kind = ? ORDER BY id", (kind,))
    return rows[1:] if kind == "wait" else rows


@pytest.mark.backends
@pytest.mark.parametrize(("status", "code"), [(403, 50013), (503, 0), (0, 0)], ids=["forbidden", "outage", "network"])
async def test_a_turn_post_is_kept_through_a_short_fault_and_delivered_when_it_is_over(
        database: Path | str, status: int, code: int) -> None:
    """Send Messages revoked (or Discord down, or no network) while the next player places and deploys 8 times:
    the board and the next player's ping still reach Discord once the fault is over."""
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)
        wire.down[MESSAGES] = (status, code)
        calls = await command(wire, "tikal end", user=member)
        assert responses(calls)[0].data["content"].startswith("✅")  # the move stands
        following = await place_first(wire, game_id)
        for _ in range(8):  # each deploy and each worker round tries the post again (its pause is over)
            clock.now += MAX_BACKOFF + 1
            await command(wire, "tikal deploy", {"space": "A1", "figures": "1"}, user=following)
            clock.now += MAX_BACKOFF + 1
            await bot.outbox.flush()
        assert (await outbox_rows(wire, "wait"))[0] and await attempts(wire) > 8  # more tries than the old limit
        assert (await outbox_rows(wire, "wait"))[0][:3] == (0, None, 0)  # waiting, not given up
        del wire.down[MESSAGES]
        clock.now += MAX_BACKOFF
        start = len(wire.calls)
        await bot.outbox.flush_and_catch_up()
        (board,) = boards(wire.calls[start:])
        assert board.data["content"].startswith(f"<@{following}>")
        sent, message_id, given_up, _ = (await outbox_rows(wire, "wait"))[0]
        assert sent == 1 and message_id == board.message_id and not given_up
        # and the live message of the turn is back
        assert (await bot.core.games.game(GUILD, game_id)).turn_message_id is not None


@pytest.mark.backends
async def test_a_failed_post_holds_back_its_games_later_posts_so_they_keep_their_order(database: Path | str) -> None:
    """The posts of a game keep their order behind a failed one; a wait's message that comes too late is dropped."""
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        first = await place_first(wire, game_id)
        wire.fail_next.append((MESSAGES, 503))
        calls = await command(wire, "tikal end", user=first)
        (failed,) = boards(calls)
        second = await place_first(wire, game_id)
        calls = await command(wire, "tikal end", user=second)
        assert boards(calls) == []  # the second turn's board waits behind the first
        clock.now += 31
        start = len(wire.calls)
        assert await bot.outbox.flush() == 2
        # Ben's wait is over before its message could go: it is dropped (a ping that would lead to nothing), and
        # Ana's, which tells Ben's turn, goes out after it
        (later,) = boards(wire.calls[start:])
        assert (later.json or {})["nonce"] != (failed.json or {})["nonce"]
        assert later.data["content"].startswith(f"<@{first}>") and "🟧 Ben: placed " in text_of(later)
        async with bot.core.storage.read() as r:
            assert await sql.one(r, "SELECT sent_at IS NOT NULL, message_id FROM outbox WHERE nonce = ?",
                                 ((failed.json or {})["nonce"],)) == (1, None)


@pytest.mark.backends
async def test_a_post_is_tried_again_only_after_a_pause_and_by_the_worker(database: Path | str) -> None:
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)
        wire.fail_next.append((MESSAGES, 500))
        await command(wire, "tikal end", user=member)
        assert await bot.outbox.flush() == 0  # not before its pause is over: Discord is not hammered
        clock.now += 31
        bot.outbox.wake()
        for _ in range(3000):  # wait for the worker's round (bounded; not a timing assertion)
            if not await bot.core.outbox.pending_posts():
                break
            await wire.settle()
        assert not await bot.core.outbox.pending_posts()
        failed, retried = boards(wire.calls)
        assert (failed.json or {})["nonce"] == (retried.json or {})["nonce"]


@pytest.mark.backends
async def test_a_deleted_thread_is_given_up_at_once_and_the_creator_is_told_by_dm(database: Path | str) -> None:
    async with running_bot(database) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN], thread=True)
        thread = int(wire.threads[0]["id"])
        view = await bot.core.games.view(GUILD, game_id)
        game = await bot.core.games.game(GUILD, game_id)
        member = game.at_seat(view.to_act or 0)
        assert member is not None
        space, rotation = view.placements[0]
        await command(wire, "tikal place", {"space": engine.space_name(space), "rotation": rotation},
                      user=member.member_id, channel=thread)
        wire.down[f"POST /channels/{thread}/messages"] = (404, 10003)
        calls = await command(wire, "tikal end", user=member.member_id, channel=thread)
        assert (await outbox_rows(wire, "wait"))[0][:3] == (0, None, 1)  # given up, never marked sent
        # no moderator log channel or role: the game's creator learns it by direct message, in no channel
        (opened,) = [c for c in calls if c.method == "POST" and c.path == "/users/@me/channels"]
        assert int((opened.json or {})["recipient_id"]) == ANA and posts(calls, CHANNEL) == []
        (notice,) = posts(calls, int(opened.response["id"]))
        content = notice.data["content"]
        assert content.startswith("⚠️ 1 post of game") and f"<#{thread}>" in content
        assert "the channel or thread was deleted" in content and "/tikal-mod resend" in content
        assert "as the creator of game" in content and (notice.json or {})["allowed_mentions"] == {"parse": []}
        assert await bot.outbox.flush() == 0  # nothing left to try


@pytest.mark.backends
async def test_after_a_day_of_failures_posts_are_given_up_and_resend_delivers_them(database: Path | str) -> None:
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)
        wire.down[MESSAGES] = (403, 50013)
        await command(wire, "tikal end", user=member)
        for _ in range(int(GIVE_UP_AFTER / HOUR) + 2):
            clock.now += HOUR
            await bot.outbox.flush()
        assert (await outbox_rows(wire, "wait"))[0][:3] == (0, None, 1)
        # the game's creator learnt it by direct message while the channel still refused the bot
        (notice,) = [c for c in posts(wire.calls) if "could not be delivered" in (c.data.get("content") or "")]
        assert notice.path != f"/channels/{CHANNEL}/messages" and "Discord refused me" in notice.data["content"]
        del wire.down[MESSAGES]  # the permission is back
        clock.now += MAX_BACKOFF
        start = len(wire.calls)
        await bot.outbox.flush()
        assert boards(wire.calls[start:]) == []  # given up: only a moderator sends it again

        calls = await mod(wire, "resend", user=BEN)
        assert responses(calls)[0].ephemeral and "moderator" in responses(calls)[0].data["content"]
        calls = await mod(wire, "resend")
        assert responses(calls)[0].data["content"].startswith(f"Sending 1 post of game #{game_id} again")
        (board,) = boards(calls)
        sent, message_id, given_up, _ = (await outbox_rows(wire, "wait"))[0]
        assert sent == 1 and message_id == board.message_id and not given_up
        calls = await mod(wire, "resend")
        assert "nothing to send" in responses(calls)[0].data["content"]


@pytest.mark.backends
async def test_a_reminder_whose_turn_message_is_gone_is_sent_without_the_reply(database: Path | str) -> None:
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        await open_game(wire, [ANA, BEN])
        wire.fail_next.append((MESSAGES, 404, 10008))  # Unknown Message: not a lost channel
        _, calls = await tick(wire, clock, T0 + 24 * HOUR)
        refused, sent = posts(calls, CHANNEL)
        assert "message_reference" in (refused.json or {}) and "message_reference" not in (sent.json or {})
        assert "⏰" in sent.data["content"]


@pytest.mark.backends
async def test_a_post_delivered_before_a_long_outage_is_recognised_and_not_sent_twice(database: Path | str) -> None:
    """Discord forgets nonces after minutes: an older post is looked for among the channel's last messages (the
    bot's own, by its picture's file name, named after the post; fetched messages no longer carry their nonce)."""
    clock = FakeClock()
    async with running_bot(database, clock=clock) as wire:
        bot = bot_of(wire)
        game_id = await open_game(wire, [ANA, BEN])
        member = await place_first(wire, game_id)

        async def crash(post_id: int, message_id: int | None = None) -> bool:
            raise RuntimeError("the process died here")

        bot.core.outbox.mark_sent = crash  # type: ignore[method-assign]
        calls = await command(wire, "tikal end", user=member)
        (delivered,) = boards(calls)
        del bot.core.outbox.mark_sent
        clock.now += 3600
        wire.nonces_kept = False
        start = len(wire.calls)
        await bot.outbox.flush()
        assert boards(wire.calls[start:]) == []
        assert any(c.method == "GET" and c.path == f"/channels/{CHANNEL}/messages" for c in wire.calls[start:])
        assert (await outbox_rows(wire, "wait"))[0][:2] == (1, delivered.message_id)


def test_failures_are_sorted_by_what_they_mean() -> None:
    def http(kind: type[discord.HTTPException], status: int, code: int = 0) -> discord.HTTPException:
        return kind(_FakeResponse(status), {"message": "x", "code": code})

    assert classify(http(discord.NotFound, 404, 10003)).gone
    unknown_message = classify(http(discord.NotFound, 404, 10008))
    assert not unknown_message.gone and not unknown_message.refused
    forbidden = classify(http(discord.Forbidden, 403, 50013), [SEND, EMBED])
    assert str(forbidden.reason) == "I lack **Send Messages**, **Embed Links** there"
    assert not forbidden.gone and not forbidden.refused
    assert translator("fr").message(forbidden.reason) == "il me manque **Envoyer des messages**, **Intégrer des " \
                                                          "liens** là-bas"
    assert not classify(http(discord.DiscordServerError, 503)).refused
    assert not classify(aiohttp.ClientOSError(111, "refused")).refused
    assert classify(http(discord.HTTPException, 400, 50035)).refused
    assert classify(KeyError("payload")).refused


async def test_a_message_that_pinged_is_never_deleted_nor_its_mention_edited_away(tmp_path: Path) -> None:
    """A ping is a promise (docs/channel.md, principle 5): answering a ping deletes nothing. The auction's message
    pings every bidder once and goes on through the bids; the winner's pick and turn are one message; each keeps its
    ping through every edit and after it is closed."""
    path, clock = tmp_path / "t.sqlite3", FakeClock()
    async with running_bot(path, clock=clock) as wire:
        svc = bot_of(wire).core
        game_id = await open_game(wire, [ANA, BEN, CY], variant="auction")

        async def bidder() -> int:
            view = await svc.games.view(GUILD, game_id)
            seat = (await svc.games.game(GUILD, game_id)).at_seat(view.to_act or 0)
            assert seat is not None
            return seat.member_id

        start = len(wire.calls)
        for _ in range(3):  # everyone passes: the first to pass plays for free
            await command(wire, "tikal pass", user=await bidder())
        turn = await bidder()
        await command(wire, "tikal pick", {"hexagon": 1}, user=turn)
        await command(wire, "tikal place", await _first_placement(svc, game_id, turn), user=turn)
        await command(wire, "tikal end", user=turn)
        calls = wire.calls[start:]
        assert not [c for c in calls if c.method == "DELETE"]
        pinging = [c for c in posts(wire.calls, CHANNEL) if (c.json or {}).get("allowed_mentions", {}).get("users")]
        assert len(pinging) >= 3  # the auction's, the winner's pick and turn, the next auction's
        for call in pinging:
            edits_of = [c for c in calls if c.method == "PATCH" and c.path.endswith(f"/{call.message_id}")]
            assert all("content" not in (c.json or {}) for c in edits_of), "an edit touched the ping"
            assert call.message_id in wire.messages and "<@" in str(wire.messages[call.message_id]["content"])


async def _first_placement(svc: Core, game_id: int, member: int) -> dict[str, object]:
    view = await svc.turns.seat_view(GUILD, game_id, member)
    space, rotation = view.placements[0]
    return {"space": engine.space_name(space), "rotation": rotation}

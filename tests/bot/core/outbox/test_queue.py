"""The post queue: a post given up takes its channel's later posts with it and tells the moderators once, on their
route (never the channel that failed while another is left); a moderator sends them again; a claim costs nothing
where one process owns the database; a game without a wait's message gets one, and again without a ping."""

from __future__ import annotations

import pytest

from bot.core.assembly import Core
from bot.core.storage.rows import GuildSettings
from bot.core.table.posts import PostKind
from engine.messages import Msg
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS
from tests.bot.core.servicekit import started_game as start

ANA, BEN = MEMBERS[:2]
LOG = 808


async def two_waits(svc: Core) -> int:
    """A game whose start and first turn each queued a wait's message, none of them sent."""
    game = await start(svc, 2)
    place = str((await svc.turns.legal_moves(GUILD, game.id, ANA))[0].move)
    await svc.turns.act(GUILD, game.id, ANA, place)
    await svc.turns.act(GUILD, game.id, ANA, "end")
    return game.id


@pytest.mark.backends
async def test_a_post_given_up_takes_the_later_ones_with_it_and_tells_the_moderators_once(svc: Core) -> None:
    await svc.settings.save(GuildSettings(GUILD, log_channel_id=LOG))
    game_id = await two_waits(svc)
    first, second = await svc.outbox.pending_posts()
    notice = await svc.outbox.give_up(first, Msg("outbox.forbidden"))
    assert notice is not None and notice.kind == PostKind.DELIVERY_FAILED and notice.channel_id == LOG
    assert notice.payload["count"] == 2 and notice.payload["to"] == "log" and notice.payload["said"]
    assert [p.id for p in await svc.outbox.pending_posts()] == [notice.id]
    assert [p.id for p in await svc.outbox.undelivered(GUILD, game_id)] == [first.id, second.id]
    assert await svc.outbox.give_up(notice, "the log channel is gone") is None  # no notice about a notice
    assert await svc.outbox.resend(GUILD, game_id) == 3
    assert {p.id for p in await svc.outbox.pending_posts()} == {first.id, second.id, notice.id}


async def test_without_a_log_channel_or_role_the_creator_is_told(svc: Core) -> None:
    await two_waits(svc)
    first, _ = await svc.outbox.pending_posts()
    notice = await svc.outbox.give_up(first, "403 Forbidden")
    assert notice is not None and notice.payload["to"] == "creator" and notice.payload["creator_id"] == ANA
    assert notice.channel_id == CHANNEL and notice.payload["reason"] == "403 Forbidden"


async def test_one_process_claims_without_a_transaction_and_releases_nothing(svc: Core) -> None:
    await two_waits(svc)
    ids = [p.id for p in await svc.outbox.pending_posts()]
    before = svc.storage.transactions
    assert await svc.outbox.claim(ids, 0.0) == set(ids) and await svc.outbox.claim([], 0.0) == set()
    await svc.outbox.release(ids)
    assert svc.storage.transactions == before


@pytest.mark.backends
async def test_a_game_without_its_waits_message_gets_it_and_again_without_a_ping(svc: Core) -> None:
    game = await start(svc, 2)
    assert not await svc.outbox.announce(GUILD, game.id)  # the start queued it
    assert await svc.outbox.announce(GUILD, game.id, again=True)
    waits = [p for p in await svc.outbox.posts_of(GUILD, game.id) if p.kind == PostKind.WAIT]
    assert len(waits) == 2 and not waits[0].payload.get("quiet") and waits[1].payload["quiet"]
    latest = await svc.outbox.latest_post(GUILD, game.id, PostKind.WAIT, before=waits[1].id + 1)
    assert latest is not None and latest.id == waits[1].id

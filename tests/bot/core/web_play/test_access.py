"""A member's web access in the core (``bot.core.web_play``), on both backends: a link for one seat opens sessions
that find that seat; only hashes are stored; a new link ends the old one and its sessions; a link expires after a day
and a session after 30; a moderator's renewal of the page's address, a replacement, a kick or a resignation end the
seat's (or game's) links and sessions; a lobby, a tutorial's game and a stranger get no link."""

from __future__ import annotations

import pytest

from bot.core.storage import sql
from bot.core.web_play.access import LINK_HOURS, SESSION_DAYS
from bot.core.web_play.keys import csrf_of, digest
from bot.core.words.errors import NotAPlayer, WrongStatus
from tests.bot.core.clockkit import HOUR, Kit
from tests.bot.core.servicekit import GUILD, MEMBERS, NAMES, STRANGER, started_game

pytestmark = pytest.mark.backends


async def stored(kit: Kit) -> list[tuple[object, ...]]:
    async with kit.svc.storage.read() as r:
        return [*await sql.rows(r, "SELECT * FROM web_member_links"), *await sql.rows(r, "SELECT * FROM web_sessions")]


async def test_a_link_opens_sessions_of_its_seat_and_only_hashes_are_kept(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 2)
    member = game.seats[1].member_id
    token, seat = await svc.web_play.access.issue(GUILD, game.id, member)
    assert seat == game.seats[1].seat and len(token) == 32
    first = await svc.web_play.access.open(token)
    second = await svc.web_play.access.open(token)  # a phone and a desktop: the link works twice
    assert first is not None and second is not None and first.session_id != second.session_id
    assert first.csrf == csrf_of(first.session_id) != csrf_of(second.session_id)
    seated = await svc.web_play.access.find(first.session_id, game.id)
    assert seated is not None and (seated.guild_id, seated.seat, seated.member_id) == (GUILD, seat, member)
    assert seated.version == game.version
    assert await svc.web_play.access.find(first.session_id, game.id + 1) is None  # another game's pages
    assert await svc.web_play.access.find(token, game.id) is None  # a link is no session
    assert await svc.web_play.access.find("x" * 31, game.id) is None
    rows = " ".join(str(r) for r in await stored(kit))
    for secret in (token, first.session_id, second.session_id, first.csrf):
        assert secret not in rows
    assert digest(token) in rows and digest(first.session_id) in rows
    await svc.web_play.access.sign_out(first.session_id)
    assert await svc.web_play.access.find(first.session_id, game.id) is None
    assert await svc.web_play.access.find(second.session_id, game.id) is not None


async def test_a_new_link_ends_the_old_one_and_every_session_it_opened(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 2)
    member = game.seats[0].member_id
    old, _ = await svc.web_play.access.issue(GUILD, game.id, member)
    opened = await svc.web_play.access.open(old)
    other, _ = await svc.web_play.access.issue(GUILD, game.id, game.seats[1].member_id)
    kept = await svc.web_play.access.open(other)
    assert opened is not None and kept is not None
    new, _ = await svc.web_play.access.issue(GUILD, game.id, member)
    assert await svc.web_play.access.open(old) is None
    assert await svc.web_play.access.find(opened.session_id, game.id) is None
    assert await svc.web_play.access.open(new) is not None
    assert await svc.web_play.access.find(kept.session_id, game.id) is not None  # the other member's stays


async def test_a_link_works_for_a_day_and_a_session_for_thirty(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 2)
    token, _ = await svc.web_play.access.issue(GUILD, game.id, game.seats[0].member_id)
    kit.clock.at(LINK_HOURS - 0.1)
    opened = await svc.web_play.access.open(token)
    assert opened is not None
    kit.clock.at(LINK_HOURS + 0.1)
    assert await svc.web_play.access.open(token) is None
    assert await svc.web_play.access.find(opened.session_id, game.id) is not None
    kit.clock.now += SESSION_DAYS * 24 * HOUR
    assert await svc.web_play.access.find(opened.session_id, game.id) is None


async def test_renewing_the_pages_address_ends_every_members_link_and_session(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 2)
    sessions = []
    for seat in game.seats:
        token, _ = await svc.web_play.access.issue(GUILD, game.id, seat.member_id)
        sessions.append(await svc.web_play.access.open(token))
    assert await svc.web_play.access.counts(game.id) == (2, 2)
    await svc.spectators.links.renew(GUILD, game.id)
    assert await svc.web_play.access.counts(game.id) == (0, 0)
    for session in sessions:
        assert session is not None and await svc.web_play.access.find(session.session_id, game.id) is None


async def test_a_replacement_a_kick_and_a_resignation_end_the_seats_links_and_sessions(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 3)
    opened = {}
    for seat in game.seats:
        token, _ = await svc.web_play.access.issue(GUILD, game.id, seat.member_id)
        opened[seat.member_id] = (token, await svc.web_play.access.open(token))
    a, b, c = (s.member_id for s in game.seats)
    await svc.moderation.replace(GUILD, game.id, a, STRANGER, "Zed", MEMBERS[0], is_moderator=True)
    token, session = opened[a]
    assert session is not None and await svc.web_play.access.find(session.session_id, game.id) is None
    assert await svc.web_play.access.open(token) is None
    with pytest.raises(NotAPlayer):
        await svc.web_play.access.issue(GUILD, game.id, a)
    assert await svc.web_play.access.issue(GUILD, game.id, STRANGER)  # the newcomer may ask for their own
    await svc.moderation.kick(GUILD, game.id, b, MEMBERS[0], is_moderator=True)
    await svc.moderation.resign(GUILD, game.id, c)
    for member in (b, c):
        _, session = opened[member]
        assert session is not None and await svc.web_play.access.find(session.session_id, game.id) is None
    assert await svc.web_play.access.counts(game.id) == (1, 0)


async def test_no_link_for_a_stranger_a_lobby_or_a_tutorial(kit: Kit) -> None:
    svc = kit.svc
    game = await started_game(svc, 2)
    with pytest.raises(NotAPlayer):
        await svc.web_play.access.issue(GUILD, game.id, STRANGER)
    lobby = await svc.lobby.new_game(GUILD, 777, MEMBERS[0], NAMES[0], seats=2)
    with pytest.raises(WrongStatus):
        await svc.web_play.access.issue(GUILD, lobby.id, MEMBERS[0])
    started = await svc.tutorials.start(GUILD, MEMBERS[2], "Cy", "basic", 778, None)
    with pytest.raises(WrongStatus):
        await svc.web_play.access.issue(GUILD, started.game_id, MEMBERS[2])
    assert await svc.web_play.access.open("A" * 32) is None and await svc.web_play.access.open("short") is None

"""Games as everyone may see them: a guild's games by status, the running ones to resume after a restart, a game's
computer seats, the overview of a channel before and after the start."""

from __future__ import annotations

from bot.core.assembly import Core
from bot.core.storage.rows import ACTIVE, Status
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, OTHER_GUILD
from tests.bot.core.servicekit import started_game as start

ANA = MEMBERS[0]


async def test_a_guilds_games_by_status_and_the_running_ones(svc: Core) -> None:
    lobby = await svc.lobby.new_game(GUILD, CHANNEL, ANA, "Ana", seats=2, computers=1, computer_level="easy")
    assert (await svc.games.overview(GUILD, CHANNEL)).view is None
    running = await start(svc, 2, channel=CHANNEL + 1)
    stopped = await svc.lobby.new_game(GUILD, CHANNEL + 2, ANA, "Ana")
    await svc.lobby.leave(GUILD, stopped.id, ANA)  # the last one out closes it
    await start(svc, 2, guild=OTHER_GUILD)
    assert [g.id for g in await svc.games.games(GUILD)] == [lobby.id, running.id]
    assert [g.id for g in await svc.games.games(GUILD, ACTIVE)] == [lobby.id, running.id]
    assert [g.id for g in await svc.games.games(GUILD, (Status.ABORTED,))] == [stopped.id]
    assert (GUILD, running.id) in await svc.games.running_games()
    started = await svc.lobby.start(GUILD, lobby.id, ANA)
    computers = await svc.games.computers(GUILD, lobby.id)
    assert [(c.seat, c.level) for c in computers.values()] == [(1, "easy")]
    overview = await svc.games.overview(GUILD, CHANNEL)
    assert overview.game.id == lobby.id and overview.view == started.view

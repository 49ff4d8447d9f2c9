"""Helpers of the tests of docs/rules.md §7 through the service: lobbies with a variant and options, games driven to a
moment (Tikal Rápido's secret jumps chosen through ``choose_jump``, computer seats through ``play_computers``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.core.assembly import Core
from bot.core.storage.seats import is_absent_member
from bot.core.table.results import GameInfo, Moved
from engine import GameView, Phase
from tests.bot.core.servicekit import CHANNEL, GUILD, MEMBERS, NAMES, choose


async def options_game(svc: Core, players: int = 3, variant: str = "basic", options: Sequence[str] = (), *,
                       computers: int = 0, level: str = "random", channel: int = CHANNEL) -> GameInfo:
    """A started game with ``players`` seats: members first (``MEMBERS``), then ``computers`` computer seats."""
    people = players - computers
    game = await svc.lobby.new_game(GUILD, channel, MEMBERS[0], NAMES[0], variant=variant, seats=players,
                              computers=computers, computer_level=level)
    if options:
        await svc.lobby.set_options(GUILD, game.id, MEMBERS[0], options)
    for member, name in zip(MEMBERS[1:people], NAMES[1:people], strict=True):
        await svc.lobby.join(GUILD, game.id, member, name)
    started = await svc.lobby.start(GUILD, game.id, MEMBERS[0])
    await svc.computers.play_computers(GUILD, game.id)
    return started.game


async def choose_all(svc: Core, game: GameInfo, rng: random.Random) -> Moved | None:
    """Every member still to choose in the jump under way picks a number at random (each in secret)."""
    info = await svc.games.game(GUILD, game.id)
    moved = None
    _, waiting = await svc.jumps.jump_status(GUILD, game.id)
    for seat in waiting:
        member = info.at_seat(seat)
        assert member is not None and not is_absent_member(member.member_id)
        most, _ = await svc.jumps.jump_chips(GUILD, game.id, member.member_id)
        chosen = await svc.jumps.choose_jump(GUILD, game.id, member.member_id, rng.randint(1, most))
        moved = chosen.moved or moved
    return moved


async def drive(svc: Core, game: GameInfo, rng: random.Random, *,
                until: Callable[[GameView], bool] = lambda v: False, limit: int = 6000) -> GameView:
    """Play random legal moves (no undo) until ``until(view)`` or the end; computer seats play through the
    service, and Tikal Rápido's jumps are chosen through the secret choices."""
    info = await svc.games.game(GUILD, game.id)
    for _ in range(limit):
        view = await svc.games.view(GUILD, game.id)
        if view.finished or until(view):
            return view
        if view.phase is Phase.JUMP:
            await svc.computers.play_computers(GUILD, game.id)
            if (await svc.games.view(GUILD, game.id)).phase is Phase.JUMP:
                await choose_all(svc, game, rng)
            continue
        assert view.to_act is not None
        member = info.at_seat(view.to_act)
        assert member is not None
        if is_absent_member(member.member_id):
            assert await svc.computers.play_computers(GUILD, game.id), "a computer seat to act plays at once"
            continue
        entries = await svc.turns.legal_moves(GUILD, game.id, member.member_id)
        moved = await svc.turns.act(GUILD, game.id, member.member_id, choose(entries, rng, allow_undo=False))
        if moved.computer_next:
            await svc.computers.play_computers(GUILD, game.id)
    raise AssertionError("the game did not end")


def seat_of(game: GameInfo, seat: int) -> int:
    member = game.at_seat(seat)
    assert member is not None
    return member.member_id


__all__ = ["choose_all", "drive", "options_game", "seat_of"]

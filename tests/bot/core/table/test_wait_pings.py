"""One message per wait, from the player's side (``bot.core.table.waits``): whenever the game comes back to a member
after others acted, a message pings them — the bidding coming round to a bidder again, a Tikal Rápido slot after the
others' chips, a basic game's turn after computer players' — unless their standing order answers for them.

Games are played through the core (members' commands, computer seats, secret jump choices, standing orders); after
each change, whom the game waits for is noted. At the end the rule is checked over the game's log and its wait posts:
a member the game waits for, who acted since they were last pinged, was pinged again if another seat moved since
their last action."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.core.assembly import Core
from bot.core.storage.rows import OutboxRow
from bot.core.storage.seats import is_absent_member
from bot.core.table.posts import PostKind
from bot.core.table.results import GameInfo
from engine import GameView, Phase
from tests.bot.core.optionkit import choose_all, options_game
from tests.bot.core.servicekit import GUILD, MEMBERS, choose, open_service

ANA, BEN, CY, _ = MEMBERS


@dataclass(frozen=True)
class Moment:
    """The game after one change: its version, whom it waits for (members to answer, not their standing orders),
    and where it stood."""

    version: int
    waited: tuple[int, ...]
    phase: Phase
    stage: str


async def _moment(svc: Core, game: GameInfo) -> Moment:
    view = await svc.games.view(GUILD, game.id)
    info = await svc.games.game(GUILD, game.id)
    seats = list((await svc.jumps.jump_status(GUILD, game.id))[1]) if view.phase is Phase.JUMP else \
        [] if view.to_act is None else [view.to_act]
    waited = []
    for seat in seats:
        member = info.at_seat(seat)
        if member is None or is_absent_member(member.member_id):
            continue  # a computer player's seat or an absent one: the bot plays it
        order = await svc.orders.of(GUILD, game.id, member.member_id) if view.phase is Phase.BID else None
        if order is not None and order.round == view.round:
            continue  # their standing order answers for them
        waited.append(seat)
    return Moment(view.version, tuple(waited), view.phase, str(view.stage))


async def _played(svc: Core, game: GameInfo, rng: random.Random, *, commits: int,
                  orders: float = 0.0) -> list[Moment]:
    """Play random legal moves (no undo) for ``commits`` changes or to the end, noting each moment. ``orders``: how
    often a bidder not to act leaves a standing order (``bid up to`` a small number, or ``pass``) when an auction
    is under way."""
    moments = [await _moment(svc, game)]
    info = await svc.games.game(GUILD, game.id)
    for _ in range(commits):
        view: GameView = await svc.games.view(GUILD, game.id)
        if view.finished:
            break
        if view.phase is Phase.JUMP:
            await svc.computers.play_computers(GUILD, game.id)
            if (await svc.games.view(GUILD, game.id)).phase is Phase.JUMP:
                await choose_all(svc, game, rng)
        elif (seat := info.at_seat(view.to_act or 0)) is None or is_absent_member(seat.member_id):
            assert await svc.computers.play_computers(GUILD, game.id), "a computer seat to act plays at once"
        elif view.phase is Phase.BID and rng.random() < orders:
            bidder = rng.choice([s.member_id for s in info.seats
                                 if not is_absent_member(s.member_id) and s.seat != view.to_act])
            await svc.orders.leave(GUILD, game.id, bidder, rng.choice(["pass", "bid up to 2", "bid up to 4"]))
        else:
            entries = await svc.turns.legal_moves(GUILD, game.id, seat.member_id)
            moved = await svc.turns.act(GUILD, game.id, seat.member_id, choose(entries, rng, allow_undo=False))
            while moved is not None and (moved.computer_next or moved.order_next):
                if moved.computer_next:
                    played = await svc.computers.play_computers(GUILD, game.id)
                    moved = played[-1] if played else None
                else:
                    moved = await svc.orders.play_due(GUILD, game.id)
        moments.append(await _moment(svc, game))
    return moments


async def _owed(svc: Core, game: GameInfo, moments: list[Moment]) -> tuple[list[str], list[tuple[Moment, str]]]:
    """Each moment a member the game came back to after others acted was not pinged (as words), and the moments the
    rule asked a ping of, each with that member's last move."""
    async with svc.storage.read() as r:
        rows = await r.move_rows(game.id)
    log = [(m.index, m.seat) for m in rows]
    assert [i for i, _ in log] == list(range(len(log)))
    waits: list[OutboxRow] = [p for p in await svc.outbox.posts_of(GUILD, game.id) if p.kind == PostKind.WAIT]
    missed, asked = [], []
    for moment in moments:
        for seat in moment.waited:
            acted = max((i for i, q in log if q == seat and i < moment.version), default=-1)
            pinged = max((p.version for p in waits if p.version <= moment.version
                          and seat in {int(e["seat"]) for e in p.payload.get("pinged") or []}), default=-1)
            others = [i for i, q in log if acted < i < moment.version and q != seat]
            if not others:
                continue  # nobody else moved since their last action: their wait goes on
            asked.append((moment, rows[acted].move if acted >= 0 else ""))
            if pinged <= acted:
                missed.append(f"version {moment.version} ({moment.phase}, {moment.stage}): seat {seat} last acted at "
                              f"move {acted}, others moved since ({len(others)} moves), last pinged at version "
                              f"{pinged}")
    return missed, asked


async def test_a_bidder_is_pinged_when_the_bidding_comes_round_again(tmp_path: Path) -> None:
    async with open_service(tmp_path / "t.sqlite3", seed=4) as svc:
        game = await options_game(svc, 3, "auction")
        moments = await _played(svc, game, random.Random(4), commits=120, orders=0.2)
        missed, asked = await _owed(svc, game, moments)
        assert not missed, "\n".join(missed)
        # the bidding came round again to bidders who had bid (not only the turns after an auction)
        assert sum(m.phase is Phase.BID and last.startswith("bid") for m, last in asked) >= 3
        posts = await svc.outbox.posts_of(GUILD, game.id)
        assert sum(p.kind == PostKind.STANDING_ORDER for p in posts) >= 2  # orders answered for some bidders


async def test_a_rapido_slot_after_the_others_chips_pings_its_player(tmp_path: Path) -> None:
    async with open_service(tmp_path / "t.sqlite3", seed=5) as svc:
        game = await options_game(svc, 3, "rapido")
        moments = await _played(svc, game, random.Random(5), commits=120)
        missed, asked = await _owed(svc, game, moments)
        assert not missed, "\n".join(missed)
        assert any(m.phase is Phase.ACTIONS and m.stage == "jumps" and last.startswith("jump") for m, last in asked), \
            "no slot came after the others' chips"
        assert any(m.phase is Phase.BID for m, _ in asked)


@pytest.mark.parametrize("computers", [1, 2])
async def test_a_basic_turn_after_the_computer_players_pings_the_member(tmp_path: Path, computers: int) -> None:
    async with open_service(tmp_path / "t.sqlite3", seed=3) as svc:
        game = await options_game(svc, 3, "basic", computers=computers)
        moments = await _played(svc, game, random.Random(3), commits=90)
        missed, asked = await _owed(svc, game, moments)
        assert not missed, "\n".join(missed)
        assert len(asked) >= 10

"""One message per wait: when a move makes the game wait for someone new, the transaction that commits it
queues that wait's message (``PostKind.WAIT``), which pings them once and which the adapter edits as they act.

Whom a wait is about: the player to act; when an auction opens, every bidder (they may leave a standing order at
once); when a jump opens, everyone who must choose chips. A seat played by the bot (a computer player, an absent
seat) or covered by a standing order is never pinged.

A member is pinged only if they acted since they were last pinged: a bidder asked by the auction's message is not
pinged again until the bidding comes back to them, and a player whose waits follow each other (a pick and the turn
it opens, Tikal Rápido's slots and jumps when nobody else has chips) keeps their one message, pinged once. So no new
message is queued when everyone the game now waits for was pinged by the current wait message and has not acted
since, or when that message is the same player's alone and only they acted since.

A wait's catch-up is every public move since the earliest last move of the members it pings (the moves' facts from
``bot.core.table.story``), at most ``CATCH_UP`` of them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final

from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import GameRow
from bot.core.storage.seats import is_absent_member
from bot.core.table.jump_choices import choosers, opened
from bot.core.table.posts import MemberOf, NewPost, PostKind, SeatEntry, Wait, seat_entries, who
from bot.core.table.story import CaughtUp
from engine import GameState, Phase

CATCH_UP: Final = 120
"""The most moves a catch-up carries (the latest): more than a phone reader would read."""

LATEST: Final = 2 ** 62
"""An outbox id above any: ``latest_post`` then finds the game's last post of a kind."""


@dataclass(frozen=True, slots=True)
class Opening:
    """What a move opened that asks several players at once."""

    kind: str
    """``auction`` or ``jump``."""
    seats: list[int]


def opening(before: GameState | None, after: GameState) -> Opening | None:
    """An auction or a jump that opened between ``before`` and ``after`` (the commit's first and last state; no
    ``before``: the game's start, which opens its first auction or its first turn)."""
    if after.finished:
        return None
    if after.phase is Phase.JUMP and (before is None or before.phase is not Phase.JUMP
                                      or opened(before) != opened(after)):
        return Opening("jump", choosers(after))
    if after.phase is Phase.BID and (before is None or before.phase is not Phase.BID):
        start = after.bidders.index(after.to_act) if after.to_act in after.bidders else 0
        order = [*after.bidders[start:], *after.bidders[:start]]
        return Opening("auction", [q for q in order if not after.passed[q]])
    return Opening("start", waited(after)) if before is None else None


def waited(state: GameState) -> list[int]:
    """Whom the game waits for now: everyone still to choose in a jump, else the player to act."""
    if state.finished:
        return []
    return choosers(state) if state.phase is Phase.JUMP else [state.to_act]


async def _ordered(tx: Transaction, game_id: int, round_: int) -> set[int]:
    """Seats with a standing order for this round (played for them: nobody to ask)."""
    return {int(q) for (q,) in await sql.rows(tx, "SELECT seat FROM standing_orders WHERE game_id = ? AND round = ?",
                                              (game_id, round_))}


async def next_wait(tx: Transaction, row: GameRow, before: GameState | None, after: GameState,
                    member_of: MemberOf, played_by_bot: Callable[[int], bool],
                    computers: Collection[int] = (), overdue: bool = False, again: bool = False,
                    newcomer: int | None = None) -> NewPost | None:
    """The message of the wait that begins with ``after``, or None when the current one goes on (or nobody is to be
    asked: the bot plays the seats waited for). ``before``: the state before the commit (None: the game's start);
    ``computers``: the seats computer players play (their moves are marked so in the catch-up); ``overdue``: the
    commit's moves were made because a deadline passed; ``again``: the wait's message is posted once more (someone
    deleted it), pinging nobody; ``newcomer``: a seat that just changed hands (``/tikal-mod replace``) — its new
    member is pinged by a message of their own, as if the wait began now, if the game waits for that seat."""
    opened_now = opening(before, after)
    seats = opened_now.seats if opened_now is not None else waited(after)
    if not seats:
        return None
    ordered = await _ordered(tx, row.id, after.round) if after.phase is Phase.BID else set()
    people = [q for q in seats if not played_by_bot(q) and q not in ordered and _member(member_of, q) is not None]
    if newcomer is not None:
        people = [q for q in people if q == newcomer]
    if not people:
        return None
    fresh = before is None or again or newcomer is not None
    live = None if fresh else await tx.latest_post(row.guild_id, row.id, PostKind.WAIT, LATEST)
    movers = [] if live is None else [int(q) for (q,) in await sql.rows(
        tx, "SELECT seat FROM moves WHERE game_id = ? AND idx >= ? ORDER BY idx", (row.id, live.version))]
    if live is not None and (opened_now is None or opened_now.kind == "jump"):
        pinged = {int(e["seat"]) for e in live.payload.get("pinged") or []}
        pending = pinged - set(movers)
        about = {int(q) for q in live.payload.get("seats") or []}
        if opened_now is None and set(people) <= pending:
            return None
        if about == set(people) and len(about) == 1 and set(movers) <= about:
            return None  # the same player's waits follow each other: their message goes on
        if opened_now is None:
            people = [q for q in people if q not in pending]
    caught = [] if before is None else await _catch_up(tx, row.id, people, computers)
    for move in caught:
        if overdue and before is not None and move["idx"] >= before.version and move["bot"]:
            move["deadline"] = True
    wait = _wait(after, seats, people, caught, member_of, opened_now)
    if again:
        wait["quiet"] = True
    await _deliveries(tx, wait["pinged"])
    if before is None:
        wait["order"] = [SeatEntry(seat=q, name=name, member_id=member_of(q)) for q, name in enumerate(after.players)]
    return NewPost(PostKind.WAIT, wait)


def _member(member_of: MemberOf, seat: int) -> int | None:
    member = member_of(seat)
    return None if member is None or is_absent_member(member) else member


def _wait(state: GameState, seats: list[int], people: Collection[int], catch_up: list[CaughtUp],
          member_of: MemberOf, opened_now: Opening | None) -> Wait:
    wait = Wait(seats=list(seats), pinged=seat_entries(state, [q for q in seats if q in people], member_of),
                next=who(state, member_of), catch_up=catch_up)
    if opened_now is not None:
        wait["opening"] = opened_now.kind
    return wait


async def _deliveries(tx: Transaction, pinged: list[SeatEntry]) -> None:
    """How each member pinged is told (``/tikal-game notify``): the default, a channel ping, is left out."""
    members = [e["member_id"] for e in pinged if e["member_id"] is not None]
    if not members:
        return
    chosen = dict(await sql.rows(tx, f"SELECT user_id, delivery FROM member_settings WHERE user_id IN "
                                     f"({', '.join('?' * len(members))}) AND delivery <> 'channel'", tuple(members)))
    for entry in pinged:
        if entry["member_id"] in chosen:
            entry["delivery"] = str(chosen[entry["member_id"]])


async def caught_up(reader: Reader, game_id: int, since: int) -> list[CaughtUp]:
    """The game's moves from index ``since`` on, each with its seat, whether the bot made it, and its facts."""
    moves = []
    for idx, move, seat, actor, story in await sql.rows(
            reader, "SELECT idx, move, seat, actor_id, story FROM moves WHERE game_id = ? AND idx >= ? ORDER BY idx",
            (game_id, since)):
        caught = CaughtUp(idx=int(idx), move=move, seat=int(seat), bot=actor is None)
        if story:
            caught["facts"] = json.loads(story)
        moves.append(caught)
    return moves


async def _catch_up(tx: Transaction, game_id: int, people: Collection[int],
                    computers: Collection[int]) -> list[CaughtUp]:
    """Every move since the earliest last move of ``people`` (all of them if one never moved; a jump's chips count
    for none: they are chosen at once and logged when everyone has chosen), the latest ``CATCH_UP`` at most."""
    marks = ", ".join("?" * len(people))
    last = dict(await sql.rows(tx, f"SELECT seat, MAX(idx) FROM moves WHERE game_id = ? AND seat IN ({marks}) "
                                   "AND move NOT LIKE 'jump %' GROUP BY seat", (game_id, *people)))
    since = 0 if len(last) < len(people) else min(int(i) for i in last.values()) + 1
    moves = (await caught_up(tx, game_id, since))[-CATCH_UP:]
    for move in moves:
        if move["bot"] and move["seat"] in computers:
            move["computer"] = True
    if moves:  # which of the bot's moves a deadline made (each such post names its seat and its moves)
        skipped = await sql.rows(tx, "SELECT version, payload_json FROM outbox WHERE game_id = ? AND kind = ? "
                                     "AND version > ?", (game_id, PostKind.DEADLINE_SKIPPED.value, moves[0]["idx"]))
        for version, payload in skipped:
            played = json.loads(payload) if isinstance(payload, str) else payload
            made = range(int(version) - len(played.get("moves") or []), int(version))
            for move in moves:
                if move["bot"] and move["idx"] in made and move["seat"] == played.get("seat"):
                    move["deadline"] = True
    return moves


__all__ = ["CATCH_UP", "Opening", "caught_up", "next_wait", "opening", "waited"]

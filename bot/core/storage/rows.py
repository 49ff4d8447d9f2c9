"""The rows the storage reads and writes: a game, a seat, a move, a queued post, a server's settings, and what a
commit hands in (a new move, a post to queue). Plain values; ``bot.core.storage.base`` holds the API that uses them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Protocol


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABORTED = "aborted"


ACTIVE: Final = (Status.LOBBY, Status.RUNNING)


@dataclass(frozen=True, slots=True)
class GameRow:
    """A row of ``games``. It holds the seed: it stays inside the core."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    place_id: int
    lobby_message_id: int | None
    turn_message_id: int | None
    status: Status
    variant: str
    seats_wanted: int
    use_thread: bool
    creator_id: int
    seed: int
    setup: dict[str, Any] | None
    version: int
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    turn_started_at: float | None
    deadline_at: float | None
    lesson: str | None = None
    """A tutorial's lesson (``bot.core.tutorial``); None: an ordinary game."""


GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, place_id, lobby_message_id, turn_message_id, status, variant, "
    "seats_wanted, use_thread, creator_id, seed, setup_json, version, created_at, updated_at, started_at, "
    "finished_at, turn_started_at, deadline_at, lesson"
)


def game_row(row: tuple[Any, ...]) -> GameRow:
    (id_, guild, channel, thread, place, lobby_msg, turn_msg, status, variant, wanted, use_thread, creator,
     seed, setup_json, version, created, updated, started, finished, turn_started, deadline, lesson) = tuple(row)
    return GameRow(
        id=id_, guild_id=guild, channel_id=channel, thread_id=thread, place_id=place,
        lobby_message_id=lobby_msg, turn_message_id=turn_msg, status=Status(status), variant=variant,
        seats_wanted=wanted, use_thread=bool(use_thread), creator_id=creator, seed=int(seed),
        setup=json.loads(setup_json) if setup_json else None, version=version, created_at=created,
        updated_at=updated, started_at=started, finished_at=finished, turn_started_at=turn_started,
        deadline_at=deadline, lesson=lesson,
    )


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    member_id: int
    display_name: str
    joined_order: int
    seat: int | None
    seat_name: str | None


@dataclass(frozen=True, slots=True)
class MoveRow:
    game_id: int
    index: int
    move: str
    seat: int
    actor_id: int | None
    created_at: float


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    version: int
    payload: dict[str, Any]
    nonce: str
    created_at: float
    sent_at: float | None
    message_id: int | None
    attempts: int
    last_error: str | None
    first_failed_at: float | None = None
    """When the current run of failures began (None: not failing)."""
    retry_at: float | None = None
    """Not tried again before this (backoff)."""
    given_up_at: float | None = None
    """Given up (never sent) until a moderator resends it."""


OUTBOX_COLUMNS: Final = (
    "id, game_id, guild_id, channel_id, kind, version, payload_json, nonce, created_at, sent_at, message_id, "
    "attempts, last_error, first_failed_at, retry_at, given_up_at"
)


def outbox_row(row: tuple[Any, ...]) -> OutboxRow:
    (id_, game, guild, channel, kind, version, payload, nonce, created, sent, message, attempts, error, failed,
     retry, given_up) = tuple(row)
    return OutboxRow(id_, game, guild, channel, kind, version, json.loads(payload), nonce, created, sent, message,
                     attempts, error, failed, retry, given_up)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    default_variant: str = "basic"
    use_threads: bool = True
    turn_hours: int | None = None
    """The default turn deadline of new games: None the bot's (``bot.core.clocks.timing.DEFAULTS``), 0 none."""
    reminder_hours: int | None = None
    log_channel_id: int | None = None
    """Where moderator notices go (``bot.core.outbox.mod_notices``); None: the moderator role or the creator's DMs."""


@dataclass(frozen=True, slots=True)
class NewMove:
    """A move to append to the log, with its public facts (``bot.core.table.story``)."""

    text: str
    seat: int
    actor_id: int | None
    story: Mapping[str, object] | None = None


class PostToQueue(Protocol):
    """A post to queue in the outbox: its kind and its payload, stored as JSON (``bot.core.table.posts.NewPost``)."""

    @property
    def kind(self) -> str: ...

    @property
    def payload(self) -> Mapping[str, object]: ...

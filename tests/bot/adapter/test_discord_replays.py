"""The animated replay through the real discord.py bot: the end-of-game post carries the GIF drawn in the
worker pool, after a restart too; when Discord refuses it as too large, or it cannot be drawn, the post goes out
without it and says how to get it; ``/tikal-game replay`` sends it privately, and for a running game only what
everyone sees."""

from __future__ import annotations

import inspect
import io
import json
import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engine
from engine import Move
from render import replay_frames
from render.replay_jobs import gif_of_frames, gif_of_record
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    as_command,
    bot_of,
    command,
    member_to_act,
    open_game,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.wire import Call, Wire
from tests.bot.core.servicekit import choose

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


async def near_the_end(wire: Wire, seed: int = 5, *,
                       early: Callable[[int], Awaitable[None]] | None = None) -> tuple[int, int, Move]:
    """A 2-player game played (through the service) up to its last move: the game, the member to make it, and it.
    Every post queued so far is sent. ``early(game_id)`` runs 20 moves in, while the game is young (a running
    game's replay of a few frames, quick to draw), before it plays on to the same end."""
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    rng = random.Random(seed)
    for played in range(5000):
        if played == 20 and early is not None:
            await early(game_id)
        state = (await svc.store.load(GUILD, game_id)).state
        member = await member_to_act(wire, game_id)
        assert member is not None
        move = choose(await svc.turns.legal_moves(GUILD, game_id, member), rng, allow_undo=False)
        if engine.apply(state, move).finished:
            await bot_of(wire).outbox.flush()
            return game_id, member, move
        await svc.turns.act(GUILD, game_id, member, move)
    raise AssertionError("the game never ends")


def each_gif_drawn_once(wire: Wire) -> None:
    """The worker pool's jobs memoised by what they are asked (the job and its arguments, defaults filled in): the end
    post draws the whole game's GIF, and the replay command, asked after Discord refused it, first draws the very
    same one (the same record, language and limit) before it draws a smaller one. Asked again, the same bytes come
    back at once; every GIF not drawn before is still drawn in the pool."""
    pool = bot_of(wire).core.pool
    run = pool.run
    drawn: dict[str, Any] = {}

    async def once(fn: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        bound = inspect.signature(fn).bind(*args)
        bound.apply_defaults()
        key = json.dumps([fn.__module__, fn.__qualname__, list(bound.arguments.items())], sort_keys=True, default=repr)
        if key not in drawn:
            drawn[key] = await run(fn, *args, timeout=timeout)
        return drawn[key]

    pool.run = once  # type: ignore[method-assign]


def end_post(calls: list[Call], game_id: int) -> Call:
    """The end-of-game post as delivered (a try Discord refused has no message)."""
    (found,) = [c for c in posts(calls, CHANNEL) if f"tikal-game-{game_id}.json" in c.files and c.response]
    return found


def unsent(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0])


def assert_is_the_replay(gif: bytes, record: dict[str, object]) -> None:
    assert gif == gif_of_record(record)  # the very GIF `python -m render animate` draws from the posted record
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.is_animated and image.n_frames > 20


async def test_the_end_of_game_post_carries_the_animated_replay(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        game_id, member, move = await near_the_end(wire)
        name, options = as_command(move)
        calls = await command(wire, name, options, user=member)
        assert responses(calls)[0].ephemeral
        post = end_post(calls, game_id)
        assert "🏆" in text_of(post) and "could not be attached" not in text_of(post)
        assert set(post.files) == {f"tikal-game-{game_id}.json", f"tikal-game-{game_id}.gif"}
        assert post.data["embeds"][0]["image"]["url"] == f"attachment://tikal-game-{game_id}.gif"  # plays inline
        attachments = {a["filename"]: a for a in post.json["attachments"]}  # type: ignore[index]
        assert attachments[f"tikal-game-{game_id}.gif"]["description"].startswith("The animated replay")
        record = json.loads(post.files[f"tikal-game-{game_id}.json"])
        assert_is_the_replay(post.files[f"tikal-game-{game_id}.gif"], record)
        assert bot_of(wire).core.pool.started == 1  # drawn in a worker process
        # Anyone may ask for it again later, privately.
        calls = await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
        answer = [c for c in calls if c.files][-1]
        assert answer.ephemeral and answer.files[f"tikal-game-{game_id}.gif"] == post.files[
            f"tikal-game-{game_id}.gif"]
    assert unsent(tmp_path / "t.sqlite3") == 0


async def test_a_crash_before_the_end_post_went_out_loses_neither_it_nor_its_replay(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    async with running_bot(path) as wire:
        game_id, member, move = await near_the_end(wire, seed=6)
        await bot_of(wire).core.turns.act(GUILD, game_id, member, move)  # committed; the process dies before sending
        messages = dict(wire.messages)
    assert unsent(path) > 0
    async with running_bot(path, messages) as wire:  # the restart sends what the crash left
        await wire.settle()
        post = end_post(wire.calls, game_id)
        record = json.loads(post.files[f"tikal-game-{game_id}.json"])
        assert_is_the_replay(post.files[f"tikal-game-{game_id}.gif"], record)
    assert unsent(path) == 0


@pytest.mark.parametrize("fault", ["Discord refuses it as too large", "it cannot be drawn"])
async def test_the_end_post_goes_out_without_the_replay_when(tmp_path: Path, fault: str) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        game_id, member, move = await near_the_end(wire, seed=7)
        if fault.startswith("Discord"):
            wire.upload_limit = 1_000_000  # the board and the record fit; the GIF (about 1–2 MB) does not
        else:
            bot_of(wire).outbox.animations.timeout = 0.001  # the worker is stopped: no GIF
        name, options = as_command(move)
        calls = await command(wire, name, options, user=member)
        post = end_post(calls, game_id)
        assert f"tikal-game-{game_id}.gif" not in post.files and f"tikal-game-{game_id}.json" in post.files
        assert "image" not in post.data["embeds"][0]  # no picture pointing at the GIF left out
        assert "🏆" in text_of(post)
        text = text_of(post)
        assert f"The animated replay of game #{game_id} could not be attached here: " in text
        assert "tikal-game replay" in text.split("could not be attached")[1].split("\n")[0]
        if fault.startswith("Discord"):  # it was tried with the GIF first, refused, and sent at once without
            tries = [c for c in posts(calls, CHANNEL) if f"tikal-game-{game_id}.json" in c.files or
                     f"tikal-game-{game_id}.gif" in c.files]
            assert len(tries) == 2 and f"tikal-game-{game_id}.gif" in tries[0].files
            return
        # The replay command draws it again (a fresh worker), for anyone.
        calls = await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
        answer = [c for c in calls if c.files][-1]
        record = json.loads(post.files[f"tikal-game-{game_id}.json"])
        assert answer.ephemeral and answer.files[f"tikal-game-{game_id}.gif"] == gif_of_record(record)
    assert unsent(tmp_path / "t.sqlite3") == 0


@pytest.mark.parametrize("room", ["a smaller animation fits", "nothing fits"])
async def test_the_replay_command_after_discord_refused_the_gif_as_too_large(tmp_path: Path, room: str,
                                                                            caplog: pytest.LogCaptureFixture) -> None:
    """The end post's GIF was refused (413): it says to use ``/tikal-game replay``, which meets the same refusal and
    answers the way the end post does: a smaller animation, or the record and a sentence; nothing is logged as an
    error."""
    async def running_game_too_large(game_id: int) -> None:
        """A running game's record is not shown: the sentence alone (its replay so far, of a few frames, is about
        100 KB even drawn narrower)."""
        limit, wire.upload_limit = wire.upload_limit, 50_000
        calls = await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
        wire.upload_limit = limit  # the game's next pictures go out as before
        (answer,) = [c for c in responses(calls) if c.response and "game #" in text_of(c)]
        assert "too large for this server" in text_of(answer) and not answer.files

    async with running_bot(tmp_path / "t.sqlite3") as wire:
        each_gif_drawn_once(wire)
        early = running_game_too_large if room == "nothing fits" else None
        game_id, member, move = await near_the_end(wire, seed=7, early=early)
        wire.upload_limit = 1_000_000  # the server's real limit, lower than discord.py thinks (a boost ended)
        name, options = as_command(move)
        post = end_post(await command(wire, name, options, user=member), game_id)
        assert f"tikal-game-{game_id}.gif" not in post.files and "tikal-game replay" in text_of(post)
        record = json.loads(post.files[f"tikal-game-{game_id}.json"])
        if room == "nothing fits":
            wire.upload_limit = 50_000  # the record fits; no GIF does, not even 400 px wide
        calls = await command(wire, "tikal-game replay", {"game": game_id}, user=BEN)  # CY waits for the cooldown
        answers = [c for c in responses(calls) if c.response]  # what reached the member (a refused try did not)
        assert "went wrong" not in "".join(text_of(c) for c in responses(calls))
        refused = [c for c in responses(calls) if c.files and not c.response]
        assert refused and f"tikal-game-{game_id}.gif" in refused[0].files  # tried with the whole one first
        answer = answers[-1]
        assert answer.ephemeral
        if room == "a smaller animation fits":
            gif = answer.files[f"tikal-game-{game_id}.gif"]
            assert len(gif) < len(refused[0].files[f"tikal-game-{game_id}.gif"]) and len(gif) <= wire.upload_limit
            with Image.open(io.BytesIO(gif)) as image:
                assert image.is_animated and image.width < 1000
            assert f"Replay of game #{game_id}" in text_of(answer)
        else:
            assert set(answer.files) == {f"tikal-game-{game_id}.json"}
            assert json.loads(answer.files[f"tikal-game-{game_id}.json"]) == record
            assert "too large for this server" in text_of(answer)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_the_replay_of_a_running_game_shows_only_what_everyone_sees(wire: Wire) -> None:
    lobby = await command(wire, "tikal-game replay", {}, user=ANA)
    assert "no game" in text_of(responses(lobby)[0]).lower()
    game_id = await open_game(wire, [ANA, BEN])
    svc = bot_of(wire).core
    rng = random.Random(3)
    for _ in range(30):
        member = await member_to_act(wire, game_id)
        assert member is not None
        await svc.turns.act(GUILD, game_id, member, choose(await svc.turns.legal_moves(GUILD, game_id, member), rng,
                                                     allow_undo=False))
    calls = await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
    answer = [c for c in calls if c.files][-1]
    assert answer.ephemeral and "as everyone sees it" in text_of(answer)
    state = (await svc.store.load(GUILD, game_id)).state
    record = engine.read_record({**engine.record_of(state)})
    frames = replay_frames(record)
    assert all(f.view.viewer is None for f in frames) and frames[-1].view == engine.view(state, None)
    assert answer.files[f"tikal-game-{game_id}.gif"] == gif_of_frames(frames)
    # Asked too often, it waits (a whole game is drawn each time).
    await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
    again = await command(wire, "tikal-game replay", {"game": game_id}, user=CY)
    assert "You can ask again in" in text_of(responses(again)[0])

"""The tutorial through the real discord.py bot: a member plays the whole lesson by typing only the commands its
steps suggest (read from each step's text), in every language; privately, in a thread of their own or in ephemeral
answers; a different move works too, an illegal one is refused with the step's hint; it resumes, restarts and skips,
its end points to a real game with clickable commands and offers the auction version, a finished one counts in no
stats, rating, season or list, and moderators see how many members started and finished it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapter.messages.tutorial import COLOUR
from bot.core.storage.rows import Status
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    bot_of,
    click,
    command,
    custom_ids,
    mod,
    open_game,
    pinged,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.english import english_left
from tests.bot.adapter.tutorialkit import END_TITLE, STEP_TITLE, play_tutorial, step_of, steps_in, title_of
from tests.bot.adapter.wire import Ref

LANGUAGES = {"en-US": "en", "de": "de", "fr": "fr", "es-ES": "es", "it": "it", "nl": "nl"}
NO_PRIVATE_THREADS = discord.Permissions.all().value & ~discord.Permissions(create_private_threads=True).value
NAMES = ("Ana", "Bot", "Tikal")


@pytest.mark.parametrize("locale", [pytest.param(locale, marks=() if locale == "en-US" else pytest.mark.slow)
                                    for locale in LANGUAGES])  # `make check`: English; `make test`: all six
async def test_the_whole_tutorial_played_as_its_steps_say_in_every_language(tmp_path: Path, locale: str) -> None:
    language = LANGUAGES[locale]
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        start = len(wire.calls)
        played = await play_tutorial(wire, locale=locale)
        calls = wire.calls[start:]
        titles = played.titles
        assert [t.startswith(STEP_TITLE) for t in titles] == [True] * 17 + [False]
        assert titles[-1].startswith(END_TITLE)
        assert [int(re.findall(r"\d+", t)[0]) for t in titles[:-1]] == list(range(1, 18))  # in order, none passed
        (thread,) = [c for c in calls if c.path == f"/channels/{CHANNEL}/threads"]
        assert thread.json is not None and thread.json["type"] == 12 and thread.json["invitable"] is False
        assert any(c.method == "PUT" and c.path == f"/channels/{played.place}/thread-members/{ANA}" for c in calls)
        assert posts(calls, CHANNEL) == []  # the channel gets nothing: the lesson is in the member's own thread
        first = played.messages[0]
        assert first.path == f"/channels/{played.place}/messages"
        assert pinged(first) == ([str(ANA)], [])  # the one ping: the member, to their own thread
        assert not any(m.ephemeral for m in played.messages)  # the thread is private: its answers stay there
        for message in played.messages:
            assert any(name.endswith(".png") for name in message.files), title_of(message)
            assert step_of(message)["color"] == COLOUR.value
            if language != "en":
                assert english_left(text_of(message), language, NAMES) == set(), text_of(message)
        game_id = int(re.findall(r"tikal:board:(\d+)", " ".join(custom_ids(played.messages[1].data)))[0])
        game = await bot_of(wire).core.games.game(GUILD, game_id)
        assert game.lesson == "basic" and game.status is Status.ABORTED
        assert custom_ids(played.messages[-1].data) == ["tikal:lesson:auction"]  # the auction version, next
        end = step_of(played.messages[-1])["description"]  # a real game next: the commands, clickable
        assert re.search(r"</tikal-game games:\d+>", end) and re.search(r"</tikal-game new:\d+>", end), end


async def test_without_private_threads_every_answer_is_private_and_a_game_in_the_channel_goes_on(
        tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        real = await open_game(wire, [BEN, CY])
        start = len(wire.calls)
        played = await play_tutorial(wire, app_permissions=NO_PRIVATE_THREADS)
        calls = wire.calls[start:]
        assert played.place == CHANNEL and len(played.messages) == 18
        assert all(m.ephemeral for m in played.messages)
        assert not [c for c in calls if c.path.endswith("/threads")] and posts(calls, CHANNEL) == []
        core = bot_of(wire).core
        assert (await core.games.game(GUILD, real)).status is Status.RUNNING
        assert (await core.games.view(GUILD, real)).version == 0  # Ana's commands went to her tutorial only


async def test_another_move_works_too_and_an_illegal_one_is_refused_with_the_steps_hint(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        calls = await command(wire, "tikal-game tutorial", user=ANA)
        thread = int(next(c for c in calls if c.path.endswith("/threads")).response["id"])
        for name, options in (("tikal place", {"space": "C2", "rotation": 0}),
                              ("tikal deploy", {"space": "A1", "figures": "2"})):
            await command(wire, name, options, user=ANA, channel=thread)
        calls = await command(wire, "tikal deploy", {"space": "A1", "figures": "1"}, user=ANA, channel=thread)
        (shown,) = steps_in(calls)
        assert "Step 3 of 17" in title_of(shown)
        assert "That works too! This step is about something else, though:" in step_of(shown)["description"]
        calls = await command(wire, "tikal move", {"source": "A1", "target": "H5", "figures": "1"}, user=ANA,
                              channel=thread)
        (refusal,) = responses(calls)
        assert refusal.ephemeral and "💡 **Try:** </tikal move:" in text_of(refusal), text_of(refusal)
        assert steps_in(calls) == []
        calls = await command(wire, "tikal move", {"source": "A1", "target": "H5", "figures": "1"}, user=BEN,
                              channel=thread)  # someone else's illegal move there gets no hint of Ana's
        assert "💡" not in text_of(responses(calls)[0])


async def test_a_hint_in_the_tutorial_is_the_steps_move(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        calls = await command(wire, "tikal-game tutorial", user=ANA)
        thread = int(next(c for c in calls if c.path.endswith("/threads")).response["id"])
        (step,) = steps_in(calls)
        tried = re.search(r"\*\*Try:\*\* [^\n]+", step_of(step)["description"])
        assert tried is not None
        (hint,) = responses(await command(wire, "tikal hint", user=ANA, channel=thread))
        assert hint.ephemeral and text_of(hint).startswith("💡")
        assert tried.group(0) in text_of(hint), (text_of(hint), tried.group(0))
        assert "computer player" not in text_of(hint)


async def test_it_resumes_restarts_skips_and_offers_the_auction_version(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        calls = await command(wire, "tikal-game tutorial", user=ANA)
        thread = int(next(c for c in calls if c.path.endswith("/threads")).response["id"])
        await command(wire, "tikal place", {"space": "C2", "rotation": 0}, user=ANA, channel=thread)
        calls = await command(wire, "tikal-game tutorial", user=ANA)  # from the channel: shown again in the thread
        (again,) = steps_in(calls)
        assert again.path == f"/channels/{thread}/messages" and "Step 2 of 17" in title_of(again)
        assert f"<#{thread}>" in text_of(responses(calls)[-1]) and responses(calls)[-1].ephemeral
        calls = await command(wire, "tikal-game tutorial", {"restart": True}, user=ANA)
        (fresh,) = steps_in(calls)
        assert fresh.path == f"/channels/{thread}/messages" and "Step 1 of 17" in title_of(fresh)
        assert not [c for c in calls if c.path.endswith("/threads")]  # the same thread
        calls = await command(wire, "tikal-game tutorial", {"skip": True}, user=ANA, channel=thread)
        (end,) = steps_in(calls)
        assert not end.ephemeral and title_of(end).startswith(END_TITLE)  # it stays in the thread, as every step
        assert custom_ids(end.data) == ["tikal:lesson:auction"]
        calls = await click(wire, "tikal:lesson:auction", user=ANA, message_id=end.message_id, channel=thread)
        (auction,) = steps_in(calls)
        assert "Step 1 of 3" in title_of(auction) and "auction version" in text_of(auction)
        played = [auction]
        for name, options in (("tikal bid", {"amount": 2}), ("tikal pick", {"hexagon": 1}),
                              ("tikal place", {"space": "C2", "rotation": 0})):
            played += steps_in(await command(wire, name, options, user=ANA, channel=thread))
        assert [title_of(m)[:1] for m in played] == ["🎓", "🎓", "🎓", "🎉"]
        counts = {c.lesson: (c.started, c.finished) for c in await bot_of(wire).core.tutorials.counts(GUILD)}
        assert counts == {"basic": (1, 0), "auction": (1, 1)}


async def test_a_computer_turn_left_unplayed_is_played_when_the_tutorial_is_asked_for_again(tmp_path: Path) -> None:
    """The member's end was committed, then the bot stopped before the computer played: asked again, the tutorial
    lets it play and shows what it did."""
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        await command(wire, "tikal-game tutorial", user=ANA)
        core = bot_of(wire).core
        tutorial = await core.tutorials.under_way(GUILD, ANA)
        assert tutorial is not None
        for move in ("place C2 0", "deploy A1 2", "move A1 C2 2", "uncover C2 1", "end"):
            await core.turns.act(GUILD, tutorial.game_id, ANA, move)
        calls = await command(wire, "tikal-game tutorial", user=ANA)
        (shown,) = steps_in(calls)
        assert "Step 6 of 17" in title_of(shown) and "Bot 🤖: placed" in text_of(shown)


async def test_moderators_see_how_many_members_started_and_finished_it(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        await command(wire, "tikal-game tutorial", user=ANA)
        calls = await command(wire, "tikal-game stats", user=MOD, permissions=MOD_PERMISSIONS)
        (answer,) = responses(calls)
        assert "**basic**: 1 member started it, 0 finished it." in text_of(answer)
        calls = await command(wire, "tikal-game stats", user=BEN)
        assert "started it" not in text_of(responses(calls)[0])
        listed = text_of(responses(await command(wire, "tikal-game games", user=ANA))[-1])
        assert "#1" not in listed  # the tutorial's game is nobody's business but Ana's


async def test_a_finished_tutorial_counts_in_no_stats_rating_season_or_list(tmp_path: Path) -> None:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        await mod(wire, "season start", {"name": "Spring"})

        async def seen() -> list[str]:
            asked: list[tuple[str, dict[str, Any], int]] = [
                ("tikal-game stats", {}, ANA), ("tikal-game stats", {"member": Ref("user", ANA, "Ana")}, BEN),
                ("tikal-game leaderboard", {}, BEN), ("tikal-game leaderboard", {"season": "Spring"}, BEN),
                ("tikal-game games", {}, BEN), ("tikal-game games", {"mine": True}, ANA)]
            return [text_of(responses(await command(wire, name, options, user=user))[-1])
                    for name, options, user in asked]

        before = await seen()
        played = await play_tutorial(wire)
        assert title_of(played.messages[-1]).startswith(END_TITLE)
        assert await seen() == before  # stats, ratings, the season, the lists: all as if it had never been


async def test_skipped_from_the_channel_the_end_goes_to_the_thread_and_stays(tmp_path: Path) -> None:
    """The end of a skipped tutorial is a message of the thread, like every step (an ephemeral one would vanish);
    the member who typed the command elsewhere is told where it is."""
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        calls = await command(wire, "tikal-game tutorial", user=ANA)
        thread = int(next(c for c in calls if c.path.endswith("/threads")).response["id"])
        calls = await command(wire, "tikal-game tutorial", {"skip": True}, user=ANA)
        (end,) = steps_in(calls)
        assert end.path == f"/channels/{thread}/messages" and title_of(end).startswith(END_TITLE)
        assert custom_ids(end.data) == ["tikal:lesson:auction"]
        answer = responses(calls)[-1]
        assert answer.ephemeral and f"<#{thread}>" in text_of(answer) and "Skipped" in text_of(answer)

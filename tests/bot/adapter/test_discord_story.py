"""Issue 17: whole games played through the wire harness as people would, and the channel's story checked as a
player on a phone reads it: few messages per turn, one ping per wait, nothing said twice, a deadline where each
wait starts, answered pings gone, and each scoring round's lines in its announcement."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from bot.core.labels import square
from engine import Phase
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    NAMES,
    bot_of,
    command,
    posts,
    responses,
    running_bot,
    text_of,
)
from tests.bot.adapter.storyplay import AUCTION, BASIC, RAPIDO, Story, play_story, start_story
from tests.bot.adapter.transcript import Transcript
from tests.bot.adapter.wire import Call, Wire

MEMBERS = {name: member for member, name in NAMES.items()}


def _pinged(call: Call) -> list[int]:
    return [int(u) for u in ((call.json or {}).get("allowed_mentions") or {}).get("users") or []]


def _titles(call: Call) -> list[str]:
    return [e.get("title") or "" for e in call.data.get("embeds") or []]


def _message_id(call: Call) -> int:
    return int(call.path.rsplit("/", 1)[1])


class Channel:
    """A played game's channel: its new messages, edits and deletions in order, and who acted when."""

    def __init__(self, wire: Wire, transcript: Transcript) -> None:
        self.wire = wire
        self.transcript = transcript
        self.channel = transcript.channel_calls()
        self.new = [(i, c) for i, c in self.channel if c.method == "POST"]
        self.deleted_at = {_message_id(c): i for i, c in self.channel if c.method == "DELETE"}
        self.actions: list[tuple[int, int]] = []
        """(call index, member) of every command or click after the lobby."""
        for index, text in transcript.notes:
            name = re.split(r":| clicks ", text, maxsplit=1)[0]
            if name in MEMBERS and "clicks Join" not in text and "clicks Start" not in text:
                self.actions.append((index, MEMBERS[name]))

    def last_edit(self, message_id: int) -> dict[str, Any]:
        found = [c for _, c in self.channel if c.method == "PATCH" and _message_id(c) == message_id]
        return found[-1].data if found else next(c.data for _, c in self.new if c.message_id == message_id)

    def stages(self) -> list[tuple[str, list[tuple[int, Call]]]]:
        """The channel's calls of each stage the transcript marked (a turn, a bidding, a pick …)."""
        bounds = [*self.transcript.marks, (len(self.wire.calls), "")]
        return [(key, [(i, c) for i, c in self.channel if begin <= i < end])
                for (begin, key), (end, _) in pairwise(bounds)]


async def _played(tmp_path: Path, story: Story) -> Channel:
    async with running_bot(tmp_path / "t.sqlite3") as wire:
        game_id, transcript = await play_story(wire, story)
        (tmp_path / f"{story.name}.txt").write_text(transcript.render())  # to read when a check fails
        assert (await bot_of(wire).core.service.view(GUILD, game_id)).finished
        return Channel(wire, transcript)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("story", [BASIC, AUCTION, RAPIDO], ids=lambda s: s.name)
async def test_a_whole_game_tells_its_story_in_few_messages(tmp_path: Path, story: Story) -> None:
    told = await _played(tmp_path, story)
    assert told.new, "nothing was posted"

    # At most two channel messages per ordinary turn, pings included (its board post, with the ping, and the next
    # turn's message or bidding); a turn that opens a scoring round adds its announcement.
    ordinary = 0
    for key, calls in told.stages():
        if not key.startswith("turn "):
            continue
        new = [c for i, c in calls if c.method == "POST"]
        announced = [c for c in new if any(t.startswith("🌋") for t in _titles(c))]
        assert len(new) - len(announced) <= 2, (key, [text_of(c)[:80] for c in new])
        ordinary += not announced
    assert story is RAPIDO or ordinary >= 20
    # A pick's private receipt names the hexagon, not the notation ("pick 2")
    if story is AUCTION:
        rendered = told.transcript.render()
        picks = re.findall(r": /tikal pick hexagon:\d+\n  \[private\] ✅ Picked the (\*\*.*?\*\*).*\n.*\n.*\n"
                           r"    ┃ Picked the (\*\*.*?\*\*)\.", rendered)
        assert len(picks) == rendered.count(": /tikal pick hexagon:") and all(a == b for a, b in picks), picks

    # The bidding leaves nothing in the channel but its one message, edited bid by bid up to the pick.
    for key, calls in told.stages():
        if key.startswith("bidding "):
            assert [c for _, c in calls if c.method == "POST" and c.message_id not in told.deleted_at] == [], key

    # One ping per wait: a member is pinged again only after acting (no reminders are due in this game).
    for member in {m for _, c in told.new for m in _pinged(c)}:
        events = sorted([(i, "ping") for i, c in told.new if member in _pinged(c)]
                        + [(i, "act") for i, m in told.actions if m == member])
        kinds = [kind for _, kind in events]
        twice = [events[k] for k in range(1, len(events)) if kinds[k - 1] == kinds[k] == "ping"]
        assert not twice, (NAMES[member], [text_of(told.wire.calls[i])[:90] for i, _ in twice])

    # Every ping says the deadline of the wait it starts (or that there is none), and so does every turn message.
    for _, call in told.new:
        if _pinged(call):
            assert re.search(r" — (deadline <t:\d+:R>|no deadline)", call.data["content"]), call.data["content"]
        if call.data.get("components") and any(" — turn " in t or "scoring turn" in t for t in _titles(call)):
            assert "⏰ Deadline" in text_of(call), text_of(call)

    # How to act and end a turn is said on each player's first turn only, not on every edit of every turn.
    helped = [int(m[1]) for _, c in told.channel for m in [re.search(r" — turn (\d+) · ", text_of(c))]
              if m and "Act with" in text_of(c)]
    assert story is RAPIDO or (helped and max(helped) <= len(story.players))

    # A ping that only asks someone to act is deleted as soon as it is answered: before the next action.
    only_pings = [(i, c) for i, c in told.new if _pinged(c) and not c.data.get("embeds")]
    assert story is BASIC or only_pings
    for i, call in only_pings:
        answered = next(j for j, m in told.actions if j > i and m in _pinged(call))
        next_action = next((j for j, _ in told.actions if j > answered), len(told.wire.calls))
        deleted = told.deleted_at.get(call.message_id)
        assert deleted is not None and answered < deleted < next_action, call.data["content"]

    # The turn's actions are told once, on the turn message; its board post sums it up in one line.
    for _, call in told.new:
        if "board.png" in call.files and any(t.endswith(" done") for t in _titles(call)):
            description = call.data["embeds"][0]["description"]
            assert "•" not in description and len(description.splitlines()) == 2, description
    lines = [line for _, c in told.new if "board.png" in c.files for line in text_of(c).splitlines()
             if re.search(r"actions? for \d+ AP|no actions", line)]
    assert lines

    # Scoring rounds: announced, then edited with each player's line, closed by the round's totals; no scoring
    # line anywhere else.
    announcements = [c for _, c in told.new if any(t.startswith("🌋") for t in _titles(c))]
    assert len(announcements) == 4
    for announcement in announcements:
        final = told.last_edit(announcement.message_id)
        text = "\n".join([(final["embeds"][0].get("description") or ""),
                          *(f"{f['name']}: {f['value']}" for f in final["embeds"][0].get("fields") or [])])
        scored = re.findall(r"\+\d+ temples? \+\d+ treasures? = \d+", text)
        assert len(scored) == 3 and re.search(r"(Scores after round \d|Final scores): ", text), text
        assert "drew a volcano" in text or "took a volcano" in text or "last hexagon" in text
    assert not any(re.search(r"\+\d+ temples? \+\d+ treasures?", text_of(c)) for _, c in told.new
                   if c not in announcements)

    # The result: no board again (it is the post just above), the record with one line on what it is for.
    (result,) = [c for _, c in told.new if any(t.startswith("🏆") for t in _titles(c))]
    assert "board.png" not in result.files and any(name.endswith(".json") for name in result.files)
    assert "python -m" not in text_of(result) and "every move of this game" in text_of(result)
    assert re.search(r"\*\*\d+\*\* = \d+ temples \+ \d+ treasures", text_of(result))


async def test_the_deadline_shows_in_the_lobby_the_status_and_where_a_wait_starts(wire: Wire) -> None:
    transcript = Transcript(wire, CHANNEL, start=len(wire.calls))
    game_id = await start_story(wire, Story("clock", "auction", seed=4, bid_hours=6.0), transcript)
    game = await bot_of(wire).core.service.game(GUILD, game_id)
    assert game.lobby_message_id is not None and game.deadline_at is not None
    lobby = text_of(Call("http", "GET", "", wire.messages[game.lobby_message_id]))
    assert "⏰ Turn time: 24 h per turn · 6 h per bid" in lobby
    status = text_of(responses(await command(wire, "tikal-game status", user=CY))[0])
    assert f"⏰ Deadline: <t:{int(game.deadline_at)}:R>" in status
    # the auction's refusal says whose bid it is, in the same words from a command and from a button
    view = await bot_of(wire).core.service.view(GUILD, game_id)
    assert view.phase is Phase.BID and view.to_act is not None
    bidder = game.at_seat(view.to_act)
    assert bidder is not None
    other = next(m for m in (ANA, BEN, CY) if m != bidder.member_id)
    (refusal,) = responses(await command(wire, "tikal pass", user=other))
    assert refusal.ephemeral and refusal.data["content"] == \
        f"It is {square(view.to_act)} {NAMES[bidder.member_id]}'s bid, not yours."


async def test_without_a_clock_the_lobby_and_the_pings_say_no_deadline(wire: Wire) -> None:
    transcript = Transcript(wire, CHANNEL, start=len(wire.calls))
    game_id = await start_story(wire, Story("free", "basic", seed=3, turn_hours=None), transcript)
    game = await bot_of(wire).core.service.game(GUILD, game_id)
    assert game.lobby_message_id is not None
    assert "⏰ Turn time: No deadline" in text_of(Call("http", "GET", "", wire.messages[game.lobby_message_id]))
    started = [c for c in posts(wire.calls, CHANNEL) if "begins" in text_of(c)]
    assert started and started[-1].data["content"].endswith(" — no deadline")
    assert game.turn_message_id is not None
    assert "⏰ Deadline: none" in text_of(Call("http", "GET", "", wire.messages[game.turn_message_id]))


@pytest.mark.timeout(300)
async def test_scoring_at_once_is_announced_after_the_turn_with_everyones_line_and_the_ping(tmp_path: Path) -> None:
    told = await _played(tmp_path, Story("noround", "basic", ("noround",), seed=3, moves_seed=11))
    at_once = [(k, c) for k, (_, c) in enumerate(told.new) if any("everyone scores at once" in t for t in _titles(c))]
    assert at_once
    for k, call in at_once:
        before = told.new[k - 1][1]
        assert any(t.endswith(" done") for t in _titles(before)) and not before.data.get("content")
        text = text_of(call)
        assert "drew a volcano" in text and len(re.findall(r"\+\d+ temples? \+\d+ treasures? = \d+", text)) == 3
        assert "Scores after volcano" in text and len(_pinged(call)) == 1
        assert "place the volcano hexagon" in call.data["content"]

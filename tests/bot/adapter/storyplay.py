"""Whole games played through the wire harness as people would (commands, buttons), with a transcript of the
channel: ``play_story`` for the story test, ``python -m tests.bot.adapter.storyplay DIR [LANGUAGE …]`` writes their
transcripts into DIR (a basic game, an auction game, a Tikal Rápido game with obstacles and guns, an auction game with
options and a computer player), to read as the players would, each with its measure (``Transcript.measure``): messages
left per wait, pings per player waited on, ghost pings and technical words. With languages, the server speaks each of
them in turn (``DIR/de/basic.txt`` …)."""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from bot.core.table.story import CaughtUp
from bot.core.table.waits import caught_up
from engine import GameView, Phase
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    MOD,
    NAMES,
    as_command,
    bot_of,
    click,
    command,
    custom_ids,
    keen,
    mod,
    posts,
    responses,
    running_bot,
    tick,
)
from tests.bot.adapter.transcript import Measure, Transcript
from tests.bot.adapter.wire import Ref, Wire
from tests.bot.core.clockkit import HOUR, FakeClock


@dataclass(frozen=True)
class Story:
    """A game to tell: its variant and options, the game's seed and the players' choices' seed."""

    name: str
    variant: str
    options: tuple[str, ...] = ()
    seed: int = 1
    moves_seed: int = 1
    players: tuple[int, ...] = (ANA, BEN, CY)
    turn_hours: float | None = 24.0
    bid_hours: float | None = None
    computers: int = 0
    """Seats taken by computer players of ``level`` (after the members')."""
    level: str = "easy"
    stop: int | None = None
    """Stop after this many commands and clicks (a short game), else play to the end."""
    idle: tuple[int, ...] = ()
    """Before these plays (counted as ``stop``), the player to act stays away: the clock runs on hour by hour past
    the wait's deadline — its reminders, the moderators' notice (the server has a moderator role), the bot playing
    that turn (the server's default policy: a computer player)."""


BASIC = Story("basic", "basic", seed=3, moves_seed=11, idle=(40,))
AUCTION = Story("auction", "auction", seed=4, moves_seed=12, bid_hours=6.0)
RAPIDO = Story("rapido", "rapido", ("obstacles", "guns"), seed=5, moves_seed=5, turn_hours=None)
OPTIONS = Story("options", "auction", ("indiana2d6", "randomterrain"), seed=6, moves_seed=6, players=(ANA, BEN),
                computers=1)
STORIES = (BASIC, AUCTION, RAPIDO, OPTIONS)
SHORT = (Story("short-basic", "basic", ("noround",), seed=3, moves_seed=11, stop=60),
         Story("short-rapido", "rapido", ("guns",), seed=5, moves_seed=5, turn_hours=None, stop=70))
"""Short games for the other languages: a basic game with scoring at once to its first volcano's points, a Tikal Rápido
round with its auctions, placings, jumps and slots."""
AWAY = Story("short-away", "basic", seed=3, moves_seed=11, stop=12, idle=(2, 9))
"""A few turns for the other languages in which players stay away past their deadline, once at the start of a turn
and once in the middle of one: the reminders, the moderators' notice and the bot's turn, in words."""
MODERATORS = 7301
"""The moderator role of the stories' server (``/tikal-mod config moderator_role``)."""


def stage_key(view: GameView) -> str:
    """What the game waits for, as the transcript's stage: ``turn 7 Ana``, ``bidding 3``, ``jump 2.1`` …"""
    name = view.players[view.to_act].name if view.to_act is not None else "?"
    if view.phase is Phase.JUMP:
        return f"jump r{view.round} v{view.version - len(view.chosen)}"
    if view.variant is engine.Variant.RAPIDO and view.stage is engine.Stage.PLACING and view.phase is Phase.PLACE:
        return f"placing r{view.round} {name}"
    if view.variant is engine.Variant.RAPIDO and view.stage is engine.Stage.JUMPS and view.phase is Phase.ACTIONS:
        return f"slot r{view.round} v{len(view.log)} {name}"
    if view.phase is Phase.DECLARE:
        return f"declare r{view.round} {name}"
    if view.phase is Phase.SCORING:
        return f"scoring s{view.scoring_round} {name}"
    if view.phase in (Phase.PLACE, Phase.ACTIONS):
        return f"turn t{view.turn} {name}"
    if view.phase is Phase.BID:
        return f"bidding r{view.round} t{view.turn}"
    return f"pick r{view.round} {name}"


def _typed(name: str, options: dict[str, Any]) -> str:
    return "/" + name + "".join(f" {k}:{v}" for k, v in options.items())


async def start_story(wire: Wire, story: Story, transcript: Transcript) -> int:
    """Open the lobby (with its clock and options), let the others join with the button, start it."""
    bot_of(wire).core.lobby._seed_source = lambda: story.seed
    first = story.players[0]
    options: dict[str, Any] = {"variant": story.variant, "seats": len(story.players) + story.computers,
                               "thread": False, "turn_hours": story.turn_hours or 0, "bid_hours": story.bid_hours or 0}
    if story.computers:
        options |= {"computers": story.computers, "level": story.level}
    transcript.note(f"{NAMES[first]}: {_typed('tikal-game new', options)}")
    calls = await command(wire, "tikal-game new", options, user=first)
    (lobby,) = posts(calls, CHANNEL)
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    if story.options:
        transcript.note(f"{NAMES[first]} chooses the options {', '.join(story.options)} in the lobby's menu")
        payload = wire.component_payload(f"tikal:options:{game_id}", message_id=lobby.message_id, guild_id=GUILD,
                                         channel_id=CHANNEL, user_id=first)
        payload["data"] = {"custom_id": f"tikal:options:{game_id}", "component_type": 3,
                           "values": list(story.options)}
        await wire.send(payload)
    for member in story.players[1:]:
        transcript.note(f"{NAMES[member]} clicks Join")
        await click(wire, f"tikal:join:{game_id}", user=member, message_id=lobby.message_id)
    transcript.note(f"{NAMES[first]} clicks Start")
    await click(wire, f"tikal:start:{game_id}", user=first, message_id=lobby.message_id)
    return game_id


async def stay_away(wire: Wire, clock: FakeClock, deadline: float, who: str, transcript: Transcript) -> None:
    """The player to act does not come: the clock runs on, an hour at a time, until the wait's ``deadline`` has
    passed (each hour a tick of the scheduler, as the bot's clock would run it)."""
    transcript.note(f"{who} stays away: the clock runs on, an hour at a time, past the deadline")
    while clock.now < deadline:
        await tick(wire, clock, min(clock.now + HOUR, deadline))


async def play_story(wire: Wire, story: Story, *, limit: int = 3000,
                     clock: FakeClock | None = None) -> tuple[int, Transcript]:
    """Play ``story``'s game to its end through commands and buttons (its idle players on ``clock``, which the bot
    runs on); the game and its transcript."""
    transcript = Transcript(wire, CHANNEL, start=len(wire.calls))
    if story.idle:
        assert clock is not None, "a story with a player who stays away needs the bot's clock"
        transcript.note(f"{NAMES[MOD]}: /tikal-mod config moderator_role:@Tikal mods")
        await mod(wire, "config", {"moderator_role": Ref("role", MODERATORS, "Tikal mods")})
    game_id = await start_story(wire, story, transcript)
    svc = bot_of(wire).core
    rng = random.Random(story.moves_seed)
    actions_done, turn_key = 0, ""
    for played in range(limit):
        view = await svc.games.view(GUILD, game_id)
        if view.finished or played == story.stop:
            transcript.mark("over")
            return game_id, transcript
        game = await svc.games.game(GUILD, game_id)
        assert view.to_act is not None
        key = stage_key(view)
        transcript.mark(key)
        if key != turn_key:
            turn_key, actions_done = key, 0
        if view.phase is Phase.JUMP:
            _, waiting = await svc.jumps.jump_status(GUILD, game_id)
            for seat in waiting:
                member = game.at_seat(seat)
                assert member is not None
                most, _ = await svc.jumps.jump_chips(GUILD, game_id, member.member_id)
                chips = rng.randint(1, most)
                opened = view.version - len(view.chosen)
                transcript.note(f"{NAMES[member.member_id]} clicks {chips} (a jump's chips, in secret)")
                await click(wire, f"tikal:jump:{game_id}:{opened}:{chips}", user=member.member_id,
                            message_id=game.turn_message_id or 0)
            continue
        acting = game.at_seat(view.to_act)
        assert acting is not None
        if played in story.idle and clock is not None and game.deadline_at is not None:
            await stay_away(wire, clock, game.deadline_at, NAMES[acting.member_id], transcript)
            continue
        entries = await svc.turns.legal_moves(GUILD, game_id, acting.member_id)
        move = keen(entries, rng, actions_done)
        who = NAMES[acting.member_id]
        if isinstance(move, engine.Declare):
            answer = "yes" if move.score else "no"
            transcript.note(f"{who} clicks {answer} (the volcano's declaration)")
            calls = await click(wire, f"tikal:declare:{game_id}:{answer}", user=acting.member_id,
                                message_id=game.turn_message_id or 0)
        elif isinstance(move, engine.End) and view.phase is Phase.ACTIONS and not view.ap_left:
            transcript.note(f"{who} clicks End turn")
            calls = await click(wire, f"tikal:end:{game_id}", user=acting.member_id,
                                message_id=game.turn_message_id or 0)
        else:
            name, options = as_command(move)
            transcript.note(f"{who}: {_typed(name, options)}")
            calls = await command(wire, name, options, user=acting.member_id)
        replies = responses(calls)
        assert replies, str(move)
        if not isinstance(move, engine.Place | engine.Bid | engine.Pass | engine.Pick | engine.End):
            actions_done += 1
    raise AssertionError("the game did not end")


def _wait_kind(caught: CaughtUp) -> str:
    verb = caught["move"].split(" ", 1)[0]
    if verb in ("bid", "pass", "pick", "jump", "score"):
        return verb
    return "scoring" if (caught.get("facts") or {}).get("scoring") else "turn"


async def waits_of(wire: Wire, game_id: int) -> int:
    """The game's waits, from its move log: a moment the game waits for one player that is not a computer — a bid
    or a pass, a pick, a turn, a scoring turn, a Rápido placement or slot, each jump's choice, a declaration: a run
    of moves by one seat of one kind; and, in a game stopped short, the waits under way."""
    core = bot_of(wire).core
    computers = await core.games.computers(GUILD, game_id)
    async with core.storage.read() as r:
        moves = await caught_up(r, game_id, 0)
    kinds = [(m["seat"], _wait_kind(m)) for m in moves]
    done = sum(seat not in computers for k, (seat, kind) in enumerate(kinds)
               if k == 0 or kinds[k - 1] != (seat, kind) or kind in ("bid", "pass", "jump"))
    view = await core.games.view(GUILD, game_id)
    if view.finished or view.to_act is None:
        return done
    waiting = (await core.jumps.jump_status(GUILD, game_id))[1] if view.phase is Phase.JUMP else [view.to_act]
    going_on = kinds[-1][0] if kinds and view.phase is not Phase.JUMP else None  # a turn half played goes on
    return done + sum(seat not in computers and seat != going_on for seat in waiting)


async def measured_story(wire: Wire, story: Story, language: str | None = None,
                         clock: FakeClock | None = None) -> tuple[Transcript, Measure]:
    """Play ``story`` (in a server that speaks ``language``, on the bot's ``clock``) and measure its channel."""
    if language is not None:
        await bot_of(wire).core.languages.set_server(GUILD, language)
    game_id, transcript = await play_story(wire, story, clock=clock)
    return transcript, transcript.measure(await waits_of(wire, game_id))


async def write_transcripts(out: Path, stories: tuple[Story, ...] = STORIES,
                            languages: tuple[str | None, ...] = (None,)) -> None:
    for language in languages:
        folder = out / language if language else out
        folder.mkdir(parents=True, exist_ok=True)
        for story in stories:
            with tempfile.TemporaryDirectory() as tmp:
                clock = FakeClock()
                async with running_bot(Path(tmp) / "t.sqlite3", clock=clock) as wire:
                    transcript, measure = await measured_story(wire, story, language, clock)
                    (folder / f"{story.name}.txt").write_text(transcript.render())
                    summary = f"{transcript.summary()}\n{measure.line()}\n"
                    (folder / f"{story.name}.summary.txt").write_text(summary)
                    print(f"{language or 'en'} {story.name}", summary, sep="\n")


if __name__ == "__main__":
    asyncio.run(write_transcripts(Path(sys.argv[1] if len(sys.argv) > 1 else "transcripts"),
                                  languages=tuple(sys.argv[2:]) or (None,)))

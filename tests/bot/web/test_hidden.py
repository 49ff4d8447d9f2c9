"""Nothing the web view sends shows hidden information (docs/rules.md, ruling 13, §7.2, §7.6.4): for games of every
variant, at moments of every phase, everything the server sends — the page's HTML, its data, the history, a live event —
is compared with the hidden state the game store holds: no hexagon still face down in the stack, no wafer kinds of a
space, no seed before the end, no dice still to roll, and no Tikal Rápido choice before its reveal (while choices are
pending, the server sends exactly what it sent before anyone chose)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import pytest

import engine
from bot.core.assembly import Core
from bot.core.spectators.view_data import view_data
from engine import GameState, Phase
from tests.bot.core.optionkit import drive, options_game, seat_of
from tests.bot.core.servicekit import GUILD
from tests.bot.web.webkit import served

SEED = 0x6A5F_3C2B_1D4E_7081
"""Games' seeds as the bot draws them (64 bits): a number no page would show by chance."""
SPACE_KEYS = {"space", "name", "column", "row", "explored", "terrain", "tile", "rotation", "stones", "value",
              "wafers", "camp", "guard", "workers", "leaders", "gun"}


async def everything_sent(core: Core, base: str, session: aiohttp.ClientSession, game_id: int) -> dict[str, str]:
    """What a spectator's browser gets from the server now: the page, its data, the history and a live event."""
    token = await core.spectators.links.token(GUILD, game_id)
    page = f"{base}/g/{token}"
    sent = {}
    for name, url in (("html", page), ("view", f"{page}/view.json"), ("history", f"{page}/history.json"),
                      ("html de", f"{page}?lang=de")):
        async with session.get(url) as response:
            assert response.status == 200, name
            sent[name] = await response.text()
    async with session.get(f"{page}/events", headers={"Last-Event-ID": "an older position"}) as response:
        lines = []
        async for line in response.content:
            lines.append(line.decode())
            if line == b"\n" and any(x.startswith("data:") for x in lines):
                break
        sent["event"] = "".join(lines)
    return sent


def secrets_of(state: GameState) -> list[str]:
    """The hidden facts of a state, as they would read if any were sent."""
    hidden = [f'"{tile}"' for tile in state.setup.tile_order[state.stack_pos:]]  # still face down in the stack
    hidden += [json.dumps(list(kinds)) for kinds in state.wafers if len(kinds) > 1]  # a space's wafers in order
    if state.phase is not Phase.FINISHED:
        hidden.append(str(state.setup.seed))
    return hidden


def check_nothing_hidden(state: GameState, sent: dict[str, str]) -> None:
    for secret in secrets_of(state):
        leaked = [name for name, text in sent.items() if secret in text]
        assert leaked == [], f"{secret} in {leaked}"
    data = json.loads(sent["view"])["board"]
    assert {key for s in data["spaces"] for key in s} == SPACE_KEYS  # no wafer kinds, no stack order
    assert data["rolls"] == list(engine.view(state, None).rolls)  # only the dice rolled so far
    assert data == {**data, **view_data(engine.view(state, None))}  # the spectator's view, field by field
    for name, text in sent.items():
        assert not any(word in text for word in ("seed", "tile_order", "treasure_order")), name


GAMES: Sequence[tuple[str, tuple[str, ...], int]] = (
    ("basic", (), 3),
    ("auction", ("indiana", "obstacles", "guns"), 3),
    ("auction", ("randomterrain", "indiana2d6", "noround"), 2),
    ("rapido", (), 3),
)


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("variant", "options", "players"),  # `make check` runs the first; `make test` every one
                         [pytest.param(*game, marks=() if i == 0 else pytest.mark.slow)
                          for i, game in enumerate(GAMES)])
async def test_nothing_hidden_is_sent_in_any_phase(db_path: Path, variant: str, options: tuple[str, ...],
                                                   players: int) -> None:
    rng = random.Random(27)
    checked: set[str] = set()
    async with served(db_path, seed=SEED + players) as (core, base, session):
        game = await options_game(core, players, variant, options)
        last = 0
        while True:  # each phase when first entered, and every 40 moves
            view = await drive(core, game, rng, until=lambda v, start=last: v.version >= start + 40
                               or str(v.phase) not in checked)
            last = view.version
            state = (await core.store.load(GUILD, game.id)).state
            check_nothing_hidden(state, await everything_sent(core, base, session, game.id))
            checked.add(str(view.phase))
            if view.finished:
                break
    expected = {"actions", "finished"} | ({"scoring"} if "noround" not in options else set()) | (
        {"place"} if variant != "rapido" else set()) | ({"bid", "pick"} if variant == "auction" else set()) | (
        {"jump"} if variant == "rapido" else set())
    assert expected <= checked, checked


@pytest.mark.timeout(300)
async def test_a_rapido_jumps_choices_pending_change_nothing_that_is_sent(db_path: Path) -> None:
    """While some players have chosen their chips and others not, the server sends byte for byte what it sent before
    anyone chose — whatever they chose."""
    rng = random.Random(5)
    async with served(db_path, seed=SEED + 31) as (core, base, session):
        game = await options_game(core, 3, "rapido")
        view = await drive(core, game, rng, until=lambda v: v.phase is Phase.JUMP)
        assert view.phase is Phase.JUMP
        before = await everything_sent(core, base, session, game.id)
        _, waiting = await core.jumps.jump_status(GUILD, game.id)
        assert len(waiting) == 3
        for seat in waiting[:2]:  # two of three choose, in secret
            member = seat_of(game, seat)
            most, _ = await core.jumps.jump_chips(GUILD, game.id, member)
            await core.jumps.choose_jump(GUILD, game.id, member, most)
        during = await everything_sent(core, base, session, game.id)
        assert during == before
        state = (await core.store.load(GUILD, game.id)).state
        check_nothing_hidden(state, during)

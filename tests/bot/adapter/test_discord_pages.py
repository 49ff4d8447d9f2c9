"""The page buttons of ``/tikal-game history`` and ``/tikal-game leaderboard`` at every page count (1, 2, 3, many),
through the wire harness, which refuses a message whose custom ids repeat (as Discord does, disabled buttons
included): every page shows ⏮ ◀ ▶ ⏭ with ids of their own, those that lead nowhere greyed out, and each of the
others opens the page it names. A button sent before the ids carried the button's role still works."""

from __future__ import annotations

import re

import pytest

from bot.core.league.ratings import Rating
from bot.core.storage import sql
from tests.bot.adapter.discordkit import ANA, BEN, CY, GUILD, bot_of, click, command, open_game, responses
from tests.bot.adapter.test_discord_records import played
from tests.bot.adapter.wire import Call, Wire, snowflake

ROLES = {"history": ("first", "earlier", "later", "last"), "board": ("first", "higher", "lower", "last")}


def _buttons(call: Call) -> list[dict[str, object]]:
    return [item for row in call.data.get("components") or [] for item in row["components"]]


def _footer(call: Call) -> str:
    return str(call.data["embeds"][0]["footer"]["text"])


def _shown(call: Call) -> tuple[int, int]:
    """The page shown and the page count, from the footer (``Page 2 of 3 · …`` or ``page 2 of 3 · …``)."""
    found = re.match(r"[Pp]age (\d+) of (\d+)", _footer(call))
    assert found, _footer(call)
    return int(found[1]), int(found[2])


def _answer(calls: list[Call]) -> Call:
    (first, *_) = responses(calls)
    assert first.callback_type == 7 or (first.callback_type == 4 and first.ephemeral), first.json
    return first


async def _walk(wire: Wire, kind: str, opened: Call, pages: int, prefix: str) -> None:
    """From the page shown in ``opened``, check its buttons and follow each enabled one; then the same for every
    page reached."""
    seen: set[int] = set()
    todo = [opened]
    while todo:
        call = todo.pop()
        page, count = _shown(call)
        assert count == pages
        if page in seen:
            continue
        seen.add(page)
        buttons = _buttons(call)
        if pages == 1:
            assert buttons == []
            continue
        ids = [str(b["custom_id"]) for b in buttons]
        assert len(ids) == len(set(ids)) == 4, ids
        targets = {"first": 1, "earlier": page - 1, "higher": page - 1, "later": page + 1, "lower": page + 1,
                   "last": pages}
        for role, button in zip(ROLES[kind], buttons, strict=True):
            target = targets[role]
            leads = 1 <= target <= pages and target != page
            assert bool(button.get("disabled")) == (not leads), (page, role, button)
            assert str(button["custom_id"]).startswith(prefix) and str(button["custom_id"]).endswith(f":{role}")
            if leads:
                assert button["custom_id"] == f"{prefix}{target}:{role}"
                landed = _answer(await click(wire, str(button["custom_id"]), user=CY, message_id=call.message_id))
                assert _shown(landed) == (target, pages)
                todo.append(landed)
    assert seen == set(range(1, pages + 1))


@pytest.mark.parametrize(("moves", "pages"), [(12, 1), (30, 2), (45, 3), (130, 7)])
async def test_the_history_pages_at_every_page_count(wire: Wire, moves: int, pages: int) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id, moves=moves)
    for page in range(1, pages + 1):  # each page as the command opens it, then every button from there
        opened = _answer(await command(wire, "tikal-game history", {"page": page}, user=CY))
        assert _shown(opened) == (page, pages)
        await _walk(wire, "history", opened, pages, f"tikal:history:{game_id}:")


async def test_a_history_button_of_the_old_form_still_opens_its_page(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    await played(wire, game_id, moves=45)
    # a message this wire never sent, as after a restart: Discord shows it with the button clicked
    landed = _answer(await click(wire, f"tikal:history:{game_id}:2", user=CY, message_id=snowflake()))
    assert _shown(landed) == (2, 3)
    assert [b["custom_id"] for b in _buttons(landed)] == [f"tikal:history:{game_id}:1:first",
                                                          f"tikal:history:{game_id}:1:earlier",
                                                          f"tikal:history:{game_id}:3:later",
                                                          f"tikal:history:{game_id}:3:last"]


async def _ranked(wire: Wire, members: int) -> None:
    """``members`` rated members in the server's all-time leaderboard."""
    async with bot_of(wire).core.storage.transaction() as tx:
        await sql.run_many(tx, "INSERT INTO ratings (guild_id, season_id, player_id, mu, sigma, ordinal, games, "
                               "wins, last_played) VALUES (?, 0, ?, ?, 5.0, ?, 3, 1, 1000.0)",
                           [(GUILD, 1000 + k, 20 + k, Rating(20 + k, 5.0).ordinal) for k in range(members)])


@pytest.mark.parametrize(("members", "pages"), [(7, 1), (15, 2), (30, 3), (64, 7)])
async def test_the_leaderboard_pages_at_every_page_count(wire: Wire, members: int, pages: int) -> None:
    await _ranked(wire, members)
    for page in range(1, pages + 1):
        opened = _answer(await command(wire, "tikal-game leaderboard", {"page": page}, user=ANA))
        assert _shown(opened) == (page, pages)
        await _walk(wire, "board", opened, pages, "tikal:board:0:")


async def test_a_leaderboard_button_of_the_old_form_still_opens_its_page(wire: Wire) -> None:
    await _ranked(wire, 30)
    landed = _answer(await click(wire, "tikal:board:0:3", user=ANA, message_id=snowflake()))
    assert _shown(landed) == (3, 3)

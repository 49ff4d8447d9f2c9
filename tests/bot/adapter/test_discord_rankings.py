"""Ratings through the real discord.py bot (issue 16): moderators start and end seasons and choose how seats that
left count; the leaderboard pages by button and by season; ``/tikal-game stats`` shows a member's rating history.
Every answer is private."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.league import ratings
from bot.core.league.ratings import COMPUTER_PLAYERS, Rating
from bot.core.storage import sql
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CHANNEL,
    CY,
    GUILD,
    SECOND_CHANNEL,
    bot_of,
    choices_of,
    click,
    command,
    custom_ids,
    mod,
    open_game,
    responses,
    text_of,
)
from tests.bot.adapter.wire import Call, Ref, Wire


async def rated(wire: Wire, players: Sequence[int], scores: Sequence[int], channel: int = CHANNEL) -> int:
    """A game of ``players`` rated as if it had ended with ``scores`` (the whole end is ``test_ratings``'s)."""
    game_id = await open_game(wire, list(players), channel=channel)
    svc = bot_of(wire).core
    async with svc.storage.transaction() as tx:
        row = await tx.game(GUILD, game_id)
        assert row is not None
        await ratings.rate_game(tx, row, scores)
    return game_id


def answer(calls: list[Call]) -> Call:
    found = responses(calls)
    assert found and found[0].ephemeral
    return found[0]


async def test_seasons_are_the_moderators_and_the_leaderboard_shows_them(wire: Wire) -> None:
    refused = await mod(wire, "season start", {"name": "Spring"}, user=ANA)
    assert "Only a moderator" in text_of(answer(refused))
    assert "No season is running" in text_of(answer(await mod(wire, "season end")))
    started = await mod(wire, "season start", {"name": "Spring 2026"})
    assert "Season “Spring 2026” has started" in text_of(answer(started))
    again = await mod(wire, "season start", {"name": "Summer"})
    assert "is running: end it first" in text_of(answer(again))
    first = await rated(wire, [ANA, BEN], [30, 20])

    board = answer(await command(wire, "tikal-game leaderboard", {}, user=CY))
    text = text_of(board)
    assert "leaderboard · all time" in text and text.index(f"<@{ANA}>") < text.index(f"<@{BEN}>")
    assert "1 game · 1 win" in text and custom_ids(board.data) == []  # one page: no buttons
    season = answer(await command(wire, "tikal-game leaderboard", {"season": "spring 2026"}, user=CY))
    assert "season “Spring 2026”" in text_of(season) and f"1. <@{ANA}>" in text_of(season)
    completions = await command(wire, "tikal-game leaderboard", {"season": "spr"}, user=CY, focused="season")
    assert [c["value"] for c in choices_of(completions[0])] == ["Spring 2026"]
    assert choices_of(completions[0])[0]["name"] == "Spring 2026 (running)"
    unknown = answer(await command(wire, "tikal-game leaderboard", {"season": "Winter"}, user=CY))
    assert "no season “Winter”" in text_of(unknown)

    ended = answer(await mod(wire, "season end"))
    assert "Season “Spring 2026” has ended" in text_of(ended)
    await rated(wire, [ANA, BEN], [10, 20], SECOND_CHANNEL)  # after the season: all time only
    season = answer(await command(wire, "tikal-game leaderboard", {"season": "Spring 2026"}, user=CY))
    assert "(ended)" in text_of(season) and "1 game · 1 win" in text_of(season)

    mine = answer(await command(wire, "tikal-game stats", {}, user=ANA))
    text = text_of(mine)
    assert "Tikal in this server" in text and f"<@{ANA}>: rating **" in text and "#1 of the server" not in text
    assert "μ" not in text and "σ" not in text  # a rating is one number
    assert f"Game #{first} · 1st of 2 · +" in text and text.index(f"Game #{first + 1}") < text.index(
        f"Game #{first} ")
    theirs = answer(await command(wire, "tikal-game stats", {"member": Ref("user", BEN, "Ben")}, user=ANA))
    assert f"<@{BEN}>: rating **" in text_of(theirs) and "2nd of 2" in text_of(theirs)
    nobody = answer(await command(wire, "tikal-game stats", {}, user=CY))
    assert "has no rated game in this server yet" in text_of(nobody)


async def test_the_leaderboard_pages_with_its_buttons(wire: Wire) -> None:
    svc = bot_of(wire).core
    async with svc.storage.transaction() as tx:
        await sql.run_many(tx, "INSERT INTO ratings (guild_id, season_id, player_id, mu, sigma, ordinal, games, "
                               "wins, last_played) VALUES (?, 0, ?, ?, 5.0, ?, 3, 1, 1000.0)",
                           [(GUILD, 1000 + k, 20 + k, Rating(20 + k, 5.0).ordinal) for k in range(22)]
                           + [(GUILD, COMPUTER_PLAYERS["easy"], 60.0, Rating(60.0, 5.0).ordinal)])
    first = answer(await command(wire, "tikal-game leaderboard", {}, user=ANA))
    assert text_of(first).startswith("\nTikal leaderboard · all time\n1. 🤖 computer (easy) · **45.0**")
    assert first.data["embeds"][0]["footer"]["text"].startswith("page 1 of 3 · 23 rated")
    assert custom_ids(first.data)[:4] == ["tikal:board:0:1:first", "tikal:board:0:1:higher", "tikal:board:0:2:lower",
                                          "tikal:board:0:3:last"]  # the first two greyed out
    calls = await click(wire, "tikal:board:0:2:lower", user=ANA, message_id=first.message_id)
    page = responses(calls)[0]
    assert page.data["embeds"][0]["description"].startswith("11. <@1012>")
    assert page.data["embeds"][0]["footer"]["text"].startswith("page 2 of 3")
    beyond = answer(await command(wire, "tikal-game leaderboard", {"page": 4}, user=ANA))
    assert "The leaderboard has 3 pages; pick 1 to 3." in text_of(beyond)


async def test_the_moderators_choose_how_seats_that_left_are_rated(wire: Wire) -> None:
    shown = answer(await mod(wire, "config"))
    assert "Ratings: A resignation: last place · a kicked seat: as a resignation · a stopped game: not rated." in \
        text_of(shown)
    saved = answer(await mod(wire, "config", {"rate_resigned": "score", "rate_aborted": "scores"}))
    assert "Saved." in text_of(saved)
    assert "A resignation: by its score · a kicked seat: as a resignation · a stopped game: rated by its scores " \
        "then." in text_of(saved)
    refused = answer(await mod(wire, "config", {"rate_kicked": "last"}, user=ANA))
    assert "Only a moderator" in text_of(refused)
    assert (await bot_of(wire).core.moderation.config(GUILD)).rating == ratings.RatingRules("score", "resigned",
                                                                                           "scores")

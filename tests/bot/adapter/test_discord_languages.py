"""Issue 12 through the real discord.py bot: who reads which language. A private answer follows the member's
client (``interaction.locale``), a channel post the server's language (``/tikal-mod config language``, else the
server's Discord locale), a direct message the member's locale as last seen."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import engine
import render
from bot.core.guilds.languages import channel_language
from bot.core.league.ratings import COMPUTER_PLAYERS, Rating
from bot.core.storage import sql
from render.replay_jobs import gif_of_record
from tests.bot.adapter.discordkit import (
    ANA,
    BEN,
    CY,
    GUILD,
    MOD,
    MOD_PERMISSIONS,
    NAMES,
    PLAYER_PERMISSIONS,
    as_command,
    bot_of,
    click,
    command,
    custom_ids,
    member_to_act,
    mod,
    open_game,
    pick_move,
    place_first,
    posts,
    responses,
    text_of,
)
from tests.bot.adapter.english import english_left
from tests.bot.adapter.wire import Call, Ref, Wire
from tests.bot.core.servicekit import choose


async def test_a_refusal_is_written_in_the_members_client_language(wire: Wire) -> None:
    wire.locales[ANA] = "de"
    (answer,) = responses(await command(wire, "tikal-mod config", {}, user=ANA))
    assert answer.ephemeral
    assert text_of(answer) == "Das kann nur ein Moderator (Server verwalten oder die Moderatorrolle des Servers)."
    wire.locales[ANA] = "es-419"
    (answer,) = responses(await command(wire, "tikal-game settings", {"quiet_from": "22:00"}, user=ANA))
    assert text_of(answer) == "Las horas de silencio necesitan `quiet_from` y `quiet_to` (p. ej. 22:00 y 7:30)."
    wire.locales[ANA] = "pt-BR"  # a language of no rulebook: English
    (answer,) = responses(await command(wire, "tikal-game settings", {"quiet_from": "22:00"}, user=ANA))
    assert text_of(answer) == "Quiet hours need both `quiet_from` and `quiet_to` (e.g. 22:00 and 7:30)."


async def test_an_engine_refusal_is_rendered_in_the_readers_language(wire: Wire) -> None:
    game_id = await open_game(wire, [ANA, BEN])
    actor = await member_to_act(wire, game_id)
    assert actor is not None
    wire.locales[actor] = "fr"
    (answer,) = responses(await command(wire, "tikal end", {}, user=actor))
    assert answer.ephemeral and text_of(answer).startswith("Posez d’abord votre hexagone (`place <hex> <rotation>`) ; "
                                                           "il peut aller sur ")


async def test_a_moderator_sets_the_servers_language_and_can_give_it_back_to_discord(wire: Wire) -> None:
    bot = bot_of(wire)
    assert await bot.core.languages.server(GUILD) is None
    wire.locales[MOD] = "nl"
    calls = await mod(wire, "config", {"language": "fr"})
    (answer,) = responses(calls)
    assert answer.ephemeral and "Opgeslagen." in text_of(answer) and "Français" in text_of(answer)
    assert await bot.core.languages.server(GUILD) == "fr"
    calls = await mod(wire, "config", {"language": "server"})
    assert "English" in text_of(responses(calls)[0])  # the test server's Discord locale is en-US
    assert await bot.core.languages.server(GUILD) is None
    calls = await command(wire, "tikal-mod config", {"language": "de"}, user=ANA)
    assert await bot.core.languages.server(GUILD) is None  # a plain member changes nothing
    assert channel_language(None, "es-419") == "es"
    assert MOD_PERMISSIONS


async def test_every_interaction_records_the_members_locale_for_direct_messages(wire: Wire) -> None:
    bot = bot_of(wire)
    assert await bot.core.languages.member(ANA) is None
    wire.locales[ANA] = "it"
    await command(wire, "tikal-game rules", {}, user=ANA)
    assert await bot.core.languages.member(ANA) == "it"
    wire.locales[ANA] = "nl"
    await command(wire, "tikal-game games", {}, user=ANA)
    assert await bot.core.languages.member(ANA) == "nl"


# --- a whole turn: a German-speaking member in a French server -------------------------------------------------

FR_GUILD, FR_CHANNEL = 7003, 7105


def everything_read(call: Call) -> str:
    """Every word a person reads in a message: content, embeds (footers too), buttons and menus, alt texts."""
    data = call.data
    parts = [text_of(call)]
    for embed in data.get("embeds") or []:
        parts.append((embed.get("footer") or {}).get("text") or "")
        parts.append((embed.get("author") or {}).get("name") or "")
    for row in data.get("components") or []:
        for item in row.get("components") or []:
            parts += [item.get("label") or "", item.get("placeholder") or ""]
            parts += [f"{o.get('label', '')} {o.get('description', '')}" for o in item.get("options") or []]
    parts += [a.get("description") or "" for a in data.get("attachments") or []]
    # A post's footer ends in its technical marker (``post 12``, matched after a retry), not a word to read.
    return re.sub(r"\bpost \d+\b", "", "\n".join(p for p in parts if p))


@pytest.mark.parametrize("variant", ["basic", "auction", "rapido"])
async def test_a_german_member_in_a_french_server_reads_german_privately_and_french_in_the_channel(
        wire: Wire, variant: str) -> None:
    wire.add_guild(FR_GUILD, owner_id=MOD, members=dict(NAMES), channels=[FR_CHANNEL],
                   everyone_permissions=PLAYER_PERMISSIONS, locale="fr")
    wire.locales.update({ANA: "de", BEN: "es-419"})
    svc = bot_of(wire).core
    names = ["Ana", "Ben", "Mo", "TikalBot"]
    start = len(wire.calls)
    mine: list[Call] = []  # what Ana's own interactions answered

    async def ana(name: str, options: dict[str, Any] | None = None, focused: str | None = None) -> list[Call]:
        calls = await command(wire, name, options, user=ANA, channel=FR_CHANNEL, guild=FR_GUILD, focused=focused)
        mine.extend(responses(calls))
        return calls

    calls = await ana("tikal-game new", {"variant": variant, "seats": 2, "thread": False})
    lobby = posts(calls, FR_CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    await click(wire, f"tikal:join:{game_id}", user=BEN, message_id=lobby.message_id, channel=FR_CHANNEL,
                guild=FR_GUILD)
    mine += responses(await click(wire, f"tikal:start:{game_id}", user=ANA, message_id=lobby.message_id,
                                  channel=FR_CHANNEL, guild=FR_GUILD))
    await ana("tikal-game rules")
    await ana("tikal-game status")
    rng = random.Random(12)
    ana_turns, done, refused = 0, 0, False
    for _ in range(400):
        if ana_turns:
            break
        view = await svc.games.view(FR_GUILD, game_id)
        assert view.to_act is not None
        seat = (await svc.games.game(FR_GUILD, game_id)).at_seat(view.to_act)
        assert seat is not None
        member = seat.member_id
        if member != ANA and not refused:
            await ana("tikal end")  # not Ana's turn (or bid): refused in German
            refused = True
        if member == ANA and view.phase is engine.Phase.PLACE and not done:
            await ana("tikal end")  # refused: place first (the engine's words, in German)
            await ana("tikal place", {"space": ""}, focused="space")  # autocomplete, in German
        entries = await svc.turns.legal_moves(FR_GUILD, game_id, member)
        move = pick_move(entries, rng, done)
        name, options = as_command(move)
        if member == ANA:
            await ana(name, options)
        else:
            await command(wire, name, options, user=member, channel=FR_CHANNEL, guild=FR_GUILD)
        done = 0 if str(move) == "end" or isinstance(move, engine.Bid | engine.Pass | engine.Pick) else done + 1
        ana_turns += member == ANA and (str(move) == "end" or isinstance(move, engine.Jump))
    assert ana_turns == 1
    calls = wire.calls[start:]
    channel = [c for c in calls if c.via == "http" and c.path.startswith(f"/channels/{FR_CHANNEL}/messages")
               and c.method in ("POST", "PATCH") and c.json]
    private = [c for c in mine if c.ephemeral or c.callback_type == 8]
    assert len(channel) >= 6 and len(private) >= 8, (len(channel), len(private))

    leftover = {}
    for call in channel:
        text = everything_read(call)
        if english_left(text, "fr", names):
            leftover[text] = english_left(text, "fr", names)
    for call in private:
        text = everything_read(call) + "\n".join(c["name"] for c in (call.data.get("choices") or []))
        if english_left(text, "de", names):
            leftover[text] = english_left(text, "de", names)
    assert leftover == {}

    channel_text = "\n".join(everything_read(c) for c in channel)
    private_text = "\n".join(everything_read(c) for c in private)
    assert ("Partie n° " in channel_text and "Tour" in channel_text) or "tour" in channel_text
    assert ("Partie #" in private_text and "Geländetafel" in private_text) or "Zug" in private_text
    turn_posts = [c for c in channel if c.method == "POST" and c.files]
    assert turn_posts, "the board pictures"
    final = await svc.games.view(FR_GUILD, game_id)
    alt = [a.get("description") for c in turn_posts for a in c.data.get("attachments") or []]
    assert alt and all(a and not english_left(a, "fr", names) for a in alt)
    assert render.describe(final, locale="fr") != render.describe(final)
    # The board picture itself: the last one posted is the channel picture of its position drawn in French.
    png = next(iter(turn_posts[-1].files.values()))
    drawn = {}
    for version in range(final.version, max(final.version - 8, 0), -1):
        at = await svc.games.view_at(FR_GUILD, game_id, version)
        drawn[version] = (render.render_board(at, locale="fr"), render.render_board(at))
    assert any(png == french != english for french, english in drawn.values())


async def test_the_leader_typed_in_the_members_language_is_read_as_in_english(wire: Wire) -> None:
    """The options are localized, so a member may type the leader in their words: `Expeditionsleiter` reads as
    `leader` for a German client (the record keeps the notation); in another client it is not a number of figures."""
    game_id = await open_game(wire, [ANA, BEN])
    member = await place_first(wire, game_id)
    wire.locales[member] = "fr"
    (refused,) = responses(await command(wire, "tikal deploy", {"space": "A1", "figures": "Expeditionsleiter"},
                                         user=member))
    assert text_of(refused).startswith("“Expeditionsleiter” n’est pas un nombre de pions")
    wire.locales[member] = "de"
    (answer,) = responses(await command(wire, "tikal deploy", {"space": "A1", "figures": "Expeditionsleiter"},
                                        user=member))
    assert text_of(answer) == "✅ Expeditionsleiter eingesetzt → A1 · 1 AP · noch 9 AP"
    view = await bot_of(wire).core.games.view(GUILD, game_id)
    assert view.log[-1] == "deploy A1 leader"


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["basic", "auction"])
async def test_a_whole_game_reads_french_in_the_channel_and_german_privately_to_the_end(wire: Wire,
                                                                                      variant: str) -> None:
    """Scoring rounds, their announcements edited line by line, the final scoring and the result: no English left
    in the French server's channel or in the German member's private answers, from the lobby to the record."""
    wire.add_guild(FR_GUILD, owner_id=MOD, members=dict(NAMES), channels=[FR_CHANNEL],
                   everyone_permissions=PLAYER_PERMISSIONS, locale="fr")
    wire.locales.update({ANA: "de", BEN: "de"})
    svc = bot_of(wire).core
    start = len(wire.calls)
    private: list[Call] = []
    calls = await command(wire, "tikal-game new", {"variant": variant, "seats": 2, "thread": False}, user=ANA,
                          channel=FR_CHANNEL, guild=FR_GUILD)
    lobby = posts(calls, FR_CHANNEL)[0]
    game_id = int(custom_ids(lobby.data)[0].split(":")[2])
    for member, action in ((BEN, "join"), (ANA, "start")):
        private += responses(await click(wire, f"tikal:{action}:{game_id}", user=member, message_id=lobby.message_id,
                                         channel=FR_CHANNEL, guild=FR_GUILD))
    rng = random.Random(5)
    done = 0
    for _ in range(3000):
        view = await svc.games.view(FR_GUILD, game_id)
        if view.finished or view.to_act is None:
            break
        seat = (await svc.games.game(FR_GUILD, game_id)).at_seat(view.to_act)
        assert seat is not None
        move = pick_move(await svc.turns.legal_moves(FR_GUILD, game_id, seat.member_id), rng, done)
        name, options = as_command(move)
        private += [c for c in responses(await command(wire, name, options, user=seat.member_id, channel=FR_CHANNEL,
                                                       guild=FR_GUILD)) if c.ephemeral]
        done = 0 if str(move) == "end" or isinstance(move, engine.Bid | engine.Pass | engine.Pick) else done + 1
    assert (await svc.games.view(FR_GUILD, game_id)).finished
    channel = [c for c in wire.calls[start:] if c.via == "http" and c.method in ("POST", "PATCH") and c.json
               and c.path.startswith(f"/channels/{FR_CHANNEL}/messages")]
    names = ["Ana", "Ben", "Mo", "TikalBot"]
    leftover = {text: english_left(text, "fr", names) for text in map(everything_read, channel)
                if english_left(text, "fr", names)}
    leftover |= {text: english_left(text, "de", names) for text in map(everything_read, private)
                 if english_left(text, "de", names)}
    assert leftover == {}
    read = "\n".join(map(everything_read, channel))
    assert "🌋 Décompte final" in read and "🏆 La partie n° " in read and "Classement" in read


# --- issue 16 in the readers' languages: ratings, seasons and the animated replay ------------------------------

async def french_server_near_the_end(wire: Wire, seed: int) -> tuple[int, int, engine.Move]:
    """A 2-player game in the French server played (through the service) up to its last move: the game, the member
    to make it, and it. Every post queued so far is sent."""
    wire.add_guild(FR_GUILD, owner_id=MOD, members=dict(NAMES), channels=[FR_CHANNEL],
                   everyone_permissions=PLAYER_PERMISSIONS, locale="fr")
    game_id = await open_game(wire, [ANA, BEN], channel=FR_CHANNEL, guild=FR_GUILD)
    svc = bot_of(wire).core
    rng = random.Random(seed)
    while True:
        state = (await svc.store.load(FR_GUILD, game_id)).state
        view = await svc.games.view(FR_GUILD, game_id)
        assert view.to_act is not None
        seat = (await svc.games.game(FR_GUILD, game_id)).at_seat(view.to_act)
        assert seat is not None
        move = choose(await svc.turns.legal_moves(FR_GUILD, game_id, seat.member_id), rng, allow_undo=False)
        if engine.apply(state, move).finished:
            await bot_of(wire).outbox.flush()
            return game_id, seat.member_id, move
        await svc.turns.act(FR_GUILD, game_id, seat.member_id, move)


def english_read(calls: list[Call], locale: str) -> dict[str, set[str]]:
    """Each message's English-only words for ``locale`` (none: every message reads in that language)."""
    names = ["Ana", "Ben", "Mo", "TikalBot", "Primavera"]
    return {text: english_left(text, locale, names) for text in map(everything_read, calls)
            if english_left(text, locale, names)}


@pytest.mark.slow
@pytest.mark.timeout(300)
async def test_the_end_post_its_replay_ratings_and_seasons_read_french_in_the_channel_and_german_privately(
        wire: Wire) -> None:
    """The end-of-game post (its text, the record's and the GIF's alt texts, the GIF's frame captions) in the French
    server's language; the leaderboard with its page buttons, a member's rating, the replay command's GIF and
    answer in the German member's; the season and rating rules of /tikal-mod in the Italian moderator's."""
    game_id, member, move = await french_server_near_the_end(wire, seed=5)
    wire.locales.update({ANA: "de", BEN: "de", MOD: "it"})
    moderator: list[Call] = []

    async def in_france(name: str, options: dict[str, Any] | None = None, user: int = ANA) -> Call:
        (answer,) = responses(await command(wire, name, options, user=user, channel=FR_CHANNEL, guild=FR_GUILD,
                                            permissions=MOD_PERMISSIONS if user == MOD else None))
        assert answer.ephemeral
        return answer

    moderator.append(await in_france("tikal-mod season start", {"name": "Primavera"}, user=MOD))
    assert "La stagione «Primavera» è iniziata" in text_of(moderator[-1])
    moderator.append(await in_france("tikal-mod config", {"rate_resigned": "score"}, user=MOD))
    assert "Un ritiro: secondo il suo punteggio" in text_of(moderator[-1])

    name, options = as_command(move)
    calls = await command(wire, name, options, user=member, channel=FR_CHANNEL, guild=FR_GUILD)
    (post,) = [c for c in posts(calls, FR_CHANNEL) if f"tikal-game-{game_id}.json" in c.files and c.response]
    gif = post.files[f"tikal-game-{game_id}.gif"]
    record = json.loads(post.files[f"tikal-game-{game_id}.json"])
    assert post.data["embeds"][0]["image"]["url"] == f"attachment://tikal-game-{game_id}.gif"
    # The frames' captions in French: the very GIF drawn from the record in French, and not the English one.
    assert gif == gif_of_record(record, "fr") != gif_of_record(record)
    alt = {a["filename"]: a["description"] for a in post.json["attachments"]}  # type: ignore[index]
    assert alt[f"tikal-game-{game_id}.gif"] == "La rediffusion animée de la partie, tour par tour"
    assert english_read([post], "fr") == {}

    # Privately, in German: the replay (its frames' captions too), the leaderboard and the ratings.
    svc = bot_of(wire).core
    async with svc.storage.transaction() as tx:  # enough rated players for a second page
        await sql.run_many(tx, "INSERT INTO ratings (guild_id, season_id, player_id, mu, sigma, ordinal, games, "
                               "wins, last_played) VALUES (?, 0, ?, ?, 5.0, ?, 3, 1, 1000.0)",
                           [(FR_GUILD, 1000 + k, 20 + k, Rating(20 + k, 5.0).ordinal) for k in range(12)]
                           + [(FR_GUILD, COMPUTER_PLAYERS["easy"], 60.0, Rating(60.0, 5.0).ordinal)])
    private = [await in_france("tikal-game leaderboard"),
               await in_france("tikal-game leaderboard", {"season": "primavera"}),
               await in_france("tikal-game stats"),
               await in_france("tikal-game stats", {"member": Ref("user", BEN, "Ben")}),
               await in_france("tikal-game stats", {"member": Ref("user", CY, "Cy")}),
               await in_france("tikal-game leaderboard", {"page": 9})]
    calls = await command(wire, "tikal-game replay", {"game": game_id}, user=ANA, channel=FR_CHANNEL,
                          guild=FR_GUILD)
    (replayed,) = [c for c in calls if c.files]
    assert replayed.ephemeral and replayed.files[f"tikal-game-{game_id}.gif"] == gif_of_record(record, "de")
    private.append(replayed)
    first_page = private[0]
    assert first_page.data["embeds"][0]["title"] == "Tikal-Rangliste · alle Zeiten"
    assert [b.get("label") for row in first_page.data["components"] for b in row["components"]] == [
        "⏮ erste", "◀ höher", "tiefer ▶", "letzte ⏭"]
    page = responses(await click(wire, "tikal:board:0:2:lower", user=ANA, message_id=first_page.message_id,
                                 channel=FR_CHANNEL, guild=FR_GUILD))[0]
    assert page.data["embeds"][0]["footer"]["text"].startswith("Seite 2 von 2")
    private.append(page)
    assert "Saison „Primavera“" in text_of(private[1]) and "Spielstärke" in text_of(private[2])
    assert text_of(private[5]) == "Die Rangliste hat 2 Seiten; wähle 1 bis 2."
    assert "🎞️ Wiederholung von Partie #" in text_of(replayed)
    assert english_read(private, "de") == {}
    assert english_read(moderator, "it") == {}


@pytest.mark.slow
async def test_the_end_post_says_in_french_how_to_get_a_replay_it_could_not_attach(wire: Wire) -> None:
    game_id, member, move = await french_server_near_the_end(wire, seed=7)
    bot_of(wire).outbox.animations.timeout = 0.001  # the worker is stopped: no GIF
    name, options = as_command(move)
    calls = await command(wire, name, options, user=member, channel=FR_CHANNEL, guild=FR_GUILD)
    (post,) = [c for c in posts(calls, FR_CHANNEL) if f"tikal-game-{game_id}.json" in c.files and c.response]
    assert f"tikal-game-{game_id}.gif" not in post.files
    line = next(line for line in text_of(post).splitlines() if line.startswith("🎞️"))
    assert line.startswith(f"🎞️ La rediffusion animée de la partie n° {game_id} n’a pas pu être jointe ici : ")
    assert "tikal-game replay" in line and line.endswith(" la montre à qui la demande.")
    assert english_read([post], "fr") == {}

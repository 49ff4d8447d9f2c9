"""A game's variant and options (docs/rules.md §7): chosen in the lobby, explained in words (the words live with
the short rules, ``bot.core.words.help``), handed to the engine at Start.

Until Start they live in ``game_options`` (migration 7); Start writes them into the game's setup (its record),
which holds them from then on, so a running or finished game's variant and options come from ``setup`` and
cost no read. The engine decides which combinations are allowed (``engine.options.canonical_options``); its
refusal is passed on word for word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.core.storage import sql
from bot.core.storage.base import Reader, Transaction
from bot.core.storage.rows import GameRow
from bot.core.words.errors import BadOption, quoted
from bot.core.words.help import OPTION_TEXT, VARIANT_TEXT, explained
from bot.core.words.texts import tr
from engine import InvalidRecord, Option
from engine.messages import Said
from engine.options import canonical_options

VARIANTS: Final = ("basic", "auction", "rapido")
"""The variants a lobby may be opened with."""
STORED_VARIANT: Final = {"basic": "basic", "auction": "auction", "rapido": "auction"}
"""What ``games.variant`` (whose CHECK predates Rápido) holds for each variant; ``game_options`` the truth."""
OPTIONS: Final = tuple(o.value for o in Option)
"""Every option name, in canonical order."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """A game's variant and options (option names in canonical order)."""

    variant: str
    options: tuple[str, ...] = ()


def checked(variant: str, options: Iterable[str]) -> GameSetup:
    """The variant and options if the engine allows them together, options in canonical order.

    Raises ``BadOption`` with the engine's reason (an unknown name, two Indiana Jones options, random terrain
    without the auction variant …)."""
    if variant not in VARIANTS:
        raise BadOption(tr("game_options.variant_basic_auction_or",
                           "The variant is `basic`, `auction` or `rapido`, not {value}.", value=quoted(variant)))
    try:
        chosen = canonical_options(list(options), variant)
    except InvalidRecord as error:
        raise BadOption(tr("game_options.nothing_was_changed",
                           "{error} Nothing was changed.", error=error.message)) from None
    return GameSetup(variant, tuple(o.value for o in chosen))


def of_setup(setup: dict[str, Any]) -> GameSetup:
    """A started game's variant and options, from its stored setup (its record without moves)."""
    return GameSetup(str(setup.get("variant", "basic")), tuple(str(o) for o in setup.get("options") or ()))


def _row(found: Sequence[Any]) -> GameSetup:
    variant, options = found
    return GameSetup(str(variant), tuple(str(options).split()))


async def lobby_setup(reader: Reader, row: GameRow) -> GameSetup:
    """The game's variant and options: from its setup once started, else as chosen in its lobby."""
    if row.setup is not None:
        return of_setup(row.setup)
    found = await sql.one(reader, "SELECT variant, options FROM game_options WHERE game_id = ?", (row.id,))
    return GameSetup(row.variant) if found is None else _row(found)


async def lobby_setups(reader: Reader, rows: Iterable[GameRow]) -> dict[int, GameSetup]:
    """``lobby_setup`` of many games, in one query for those not started."""
    out = {row.id: of_setup(row.setup) for row in rows if row.setup is not None}
    waiting = {row.id: row for row in rows if row.setup is None}
    if waiting:
        marks = ", ".join("?" * len(waiting))
        found = await sql.rows(reader, f"SELECT game_id, variant, options FROM game_options WHERE game_id IN ({marks})",
                               tuple(waiting))
        out |= {int(game): _row((variant, options)) for game, variant, options in found}
        out |= {game: GameSetup(row.variant) for game, row in waiting.items() if game not in out}
    return out


async def put_setup(tx: Transaction, game_id: int, setup: GameSetup) -> None:
    await sql.run(tx, "INSERT INTO game_options (game_id, variant, options) VALUES (?, ?, ?) ON CONFLICT (game_id) "
                      "DO UPDATE SET variant = excluded.variant, options = excluded.options",
                  (game_id, setup.variant, " ".join(setup.options)))


def explain(setup: GameSetup) -> list[tuple[Said, Said]]:
    """The variant (unless basic) and each option, in two lines each: name and rule."""
    return explained(setup.variant, setup.options)


def short(setup: GameSetup) -> str:
    """``rapido + obstacles, guns`` for lists and titles."""
    return setup.variant + (f" + {', '.join(setup.options)}" if setup.options else "")


__all__ = ["OPTIONS", "OPTION_TEXT", "STORED_VARIANT", "VARIANTS", "VARIANT_TEXT", "GameSetup", "checked", "explain",
           "lobby_setup", "lobby_setups", "of_setup", "put_setup", "short"]

"""What a game's page shows, as JSON: the spectator view (``bot.core.spectators.view_data``) with the words the
page needs in its language — the status line and the last turn's caption as the channel picture says them (parts:
a text, or a seat drawn as its marker), each space's details, the alt text — and the history: the animated
replay's frames (``render.replay_frames``), each a spectator's view with its caption, and a finished game's review as
marks on them.

Everything here is built from ``GameView``s only: the record a running game's history is planned from stays in
this process and is never sent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.core.spectators.pages import Spectated
from bot.core.spectators.view_data import view_data
from bot.core.storage.rows import Status
from bot.web.words import PageWords
from engine import GameView
from engine.ai.review import TurnLoss
from render import describe
from render.frame_caption import frame_caption
from render.frames import Frame, FrameKind, replay_frames
from render.highlight import changed_spaces
from render.palette import (
    HIGHLIGHT,
    INK,
    MARKER_SYMBOLS,
    PLAYER_COLOURS,
    PLAYER_MARKERS,
    STONE,
    TERRAIN_FILL,
    UNEXPLORED,
    UNEXPLORED_INK,
    font,
    text_on,
)
from render.panel import stack_line
from render.status import auction_parts, status_parts, story_lines
from render.textrun import Part

ROOM: Final = 1e9
"""Room for a caption in pixels: the page wraps its own lines, so nothing is shortened."""
CAPTION_LINES: Final = 4


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def palette() -> dict[str, Any]:
    """The pictures' colours (``render.palette``) for the page's board: one palette everywhere."""
    fills = {str(k): hex_colour(v) for k, v in TERRAIN_FILL.items()}
    return {
        "terrain": fills,
        "terrain_ink": {str(k): hex_colour(text_on(v)) for k, v in TERRAIN_FILL.items()},
        "unexplored": hex_colour(UNEXPLORED), "unexplored_ink": hex_colour(UNEXPLORED_INK),
        "seats": [hex_colour(c) for c in PLAYER_COLOURS], "seat_ink": [hex_colour(text_on(c)) for c in PLAYER_COLOURS],
        "markers": list(PLAYER_MARKERS), "symbols": list(MARKER_SYMBOLS),
        "stone": hex_colour(STONE), "highlight": hex_colour(HIGHLIGHT), "ink": hex_colour(INK),
    }


def _line(parts: Sequence[Part]) -> list[str | int]:
    return [p if isinstance(p, int) else str(p) for p in parts]


def _caption(lines: list[list[Part]]) -> list[str | int]:
    out: list[str | int] = []
    for line in lines:
        out += ([" "] if out else []) + _line(line)
    return [p.replace("\u00a0", " ") if isinstance(p, str) else p for p in out]


def board_data(view: GameView, words: PageWords, *, highlight: bool = True, costs: bool = True,
               caption: list[list[Part]] | None = None) -> dict[str, Any]:
    """One position as the page draws it."""
    data = view_data(view)
    if not costs:
        data["costs"] = None
    changed = changed_spaces(view) if highlight else frozenset()
    data["highlight"] = sorted(view.spaces[s].name for s in changed)
    details = {}
    for space in range(len(view.spaces)):
        lines = words.space_lines(view, space, space in changed, data["costs"])
        details[view.spaces[space].name] = {"lines": [[seat, text] for seat, text in lines],
                                            "label": words.space_label(view, space, lines)}
    data["details"] = details
    data["seat_labels"] = [words.seat_label(view, seat) for seat in range(len(view.players))]
    data["panels"] = [words.panel(view, seat) for seat in range(len(view.players))]
    data["stack"] = stack_line(view, words.w)
    data["status"] = _line(status_parts(view, words.w))
    auction = auction_parts(view, words.w)
    data["auction"] = None if auction is None else _line(auction)
    told = caption if caption is not None else story_lines(view, words.w, ROOM, font(16), CAPTION_LINES)
    data["caption"] = _caption(told)
    data["alt"] = describe(view, locale=words.locale)
    return data


def live_data(spectated: Spectated, words: PageWords) -> dict[str, Any]:
    """The page's data now: the game's state of play and, once started, its board."""
    game = spectated.game
    status = spectated.watched.status
    notice = {Status.ABORTED: words.stopped(), Status.FINISHED: words.finished(),
              Status.LOBBY: words.not_started()}.get(status)
    return {
        "game": game.id,
        "status": str(status),
        "version": spectated.watched.version,
        "deadline_at": spectated.watched.deadline_at if status is Status.RUNNING else None,
        "notice": notice,
        "board": None if spectated.view is None else board_data(spectated.view, words),
    }


def frame_data(frame: Frame, words: PageWords) -> dict[str, Any]:
    highlight = frame.kind not in (FrameKind.ROUND, FrameKind.FINAL)
    told = frame_caption(frame, words.w)(frame.view, words.w, ROOM, font(16), CAPTION_LINES)
    data = board_data(frame.view, words, highlight=highlight, costs=False, caption=told)
    data["kind"] = str(frame.kind)
    data["moves"] = frame.moves
    return data


def history_data(record: Mapping[str, Any], words: PageWords, review: Sequence[TurnLoss] = ()) -> dict[str, Any]:
    """Every frame of the animated replay, planned from the record in this process (CPU-bound: run it in a
    thread); with a finished game's ``review`` (the turns it shows), a mark at the position after each of them."""
    frames = [f for f in replay_frames(record) if f.kind is not FrameKind.NOW]  # the page's last position is now
    data: dict[str, Any] = {"frames": [frame_data(f, words) for f in frames]}
    if review:
        players = list(record.get("players") or [])
        data["review"] = [{"at": next((i for i, f in enumerate(frames) if f.moves >= turn.end), len(frames)),
                           "seat": turn.seat, "text": words.review_mark(players[turn.seat], turn.loss)}
                          for turn in sorted(review, key=lambda t: t.start)]
    return data


__all__ = ["board_data", "frame_data", "history_data", "live_data", "palette"]

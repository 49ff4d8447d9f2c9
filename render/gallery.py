"""Example pictures from seeded games: ``python -m render.gallery OUT_DIR`` (or ``make gallery``).

Each moment is written as the channel picture (``NAME.png``), the same shrunk to the 400 px a phone's
chat column shows (``NAME-400px.png``) and the private detail picture (``NAME-detail.png``).

The games are played by a seeded random player that prefers busy moves (deploying, moving,
uncovering), so boards fill up like real ones. Tests and the benchmark reuse these positions.
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from PIL import Image

from engine import (
    Bid,
    Camp,
    Deploy,
    End,
    Exchange,
    GameState,
    Guard,
    Pass,
    Phase,
    Recover,
    Transfer,
    Uncover,
    Undo,
    Walk,
    apply,
    legal_moves,
    new_game,
    view,
)
from engine.moves import Move

from .channel import render_board
from .detail import render_detail
from .encode import to_png
from .layout import PHONE_WIDTH
from .legend import render_legend
from .placement import render_placement
from .zoom import render_zoom

PLAYERS: Final = ("Ana", "Alex", "Ben", "Cara")
WEIGHTS: Final[dict[type, float]] = {
    Deploy: 4, Walk: 5, Uncover: 6, Recover: 12, Camp: 0.8, Guard: 1.5, Exchange: 1, Transfer: 0.4,
}


def random_move(state: GameState, rng: random.Random) -> Move:
    """A legal move for the player to act, chosen at random with a taste for busy moves."""
    entries = legal_moves(state)
    if state.phase in (Phase.PLACE, Phase.PICK):
        return rng.choice(entries).move
    if state.phase is Phase.BID:
        bids = [e for e in entries if isinstance(e.move, Bid)]
        if bids and rng.random() < 0.5:
            return rng.choice(list(bids[0].moves())[:3])
        return Pass()
    busy = [e for e in entries if not isinstance(e.move, End | Undo)]
    if not busy or (state.ap <= 1 and rng.random() < 0.7) or rng.random() < 0.03:
        return End()
    eager = [e for e in busy if isinstance(e.move, Recover | Uncover | Exchange)]
    if eager and rng.random() < 0.7:
        busy = eager
    entry = rng.choices(busy, weights=[WEIGHTS.get(type(e.move), 1) for e in busy])[0]
    counts = list(entry.moves())
    return counts[-1] if isinstance(entry.move, Deploy) else rng.choice(counts[:4])


def play(seed: int, players: tuple[str, ...] = PLAYERS, variant: str = "basic", *,
         until: Callable[[GameState], bool], limit: int = 5000) -> GameState:
    """Play a seeded game with random moves until ``until(state)`` holds (or the game ends)."""
    rng = random.Random(seed)
    state = new_game(list(players), variant, seed=seed)
    for _ in range(limit):
        if until(state) or state.phase is Phase.FINISHED:
            break
        state = apply(state, random_move(state, rng))
    return state


def mid_game(seed: int = 7, turn: int = 24) -> GameState:
    """A crowded 4-player game in the middle of a normal turn."""
    return play(seed, until=lambda s: s.turn >= turn and s.phase is Phase.ACTIONS and len(s.turn_moves) >= 3)


def placing(seed: int = 7, turn: int = 22) -> GameState:
    """A 4-player game where a hexagon waits to be placed."""
    return play(seed, until=lambda s: s.turn >= turn and s.phase is Phase.PLACE)


def moments() -> dict[str, GameState]:
    """The gallery's positions by file stem."""
    return {
        "opening": play(3, until=lambda s: s.turn >= 2 and s.phase is Phase.PLACE),
        "opening-2p": play(5, PLAYERS[:2], until=lambda s: s.turn >= 3 and s.phase is Phase.PLACE),
        "mid-game": mid_game(),
        "scoring-round": play(11, until=lambda s: s.phase is Phase.SCORING and len(s.turn_moves) >= 2),
        "auction-round": play(
            7, variant="auction",
            until=lambda s: s.round >= 4 and s.phase is Phase.BID and s.high_bid > 0),
        "final-scoring": play(13, until=lambda s: s.phase is Phase.SCORING and s.stack_left == 0),
        "finished": play(13, until=lambda s: False),
        "placement": placing(),
    }


def phone_copy(png: bytes, width: int = PHONE_WIDTH) -> bytes:
    """The picture shrunk to ``width`` pixels wide, as a phone shows it."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return to_png(image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS))


def write_gallery(out: Path) -> list[Path]:
    """Write every example picture into ``out`` and return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    states = moments()
    for name, state in states.items():
        v = view(state, None)
        pictures = {"": render_board(v), f"-{PHONE_WIDTH}px": phone_copy(render_board(v)),
                    "-detail": render_detail(v)}
        for suffix, png in pictures.items():
            path = out / f"{name}{suffix}.png"
            path.write_bytes(png)
            written.append(path)
    legend = out / "legend.png"
    legend.write_bytes(render_legend())
    written.append(legend)
    place = out / "placement-preview.png"
    place.write_bytes(render_placement(view(states["placement"], None)))
    mid = view(states["mid-game"], None)
    busiest = max((s for s in mid.spaces if s.explored), key=lambda s: sum(s.workers) + sum(s.leaders))
    zoom = out / f"zoom-{busiest.name}.png"
    zoom.write_bytes(render_zoom(mid, busiest.name))
    return [*written, place, zoom]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUT_DIR", file=sys.stderr)
        return 2
    for path in write_gallery(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

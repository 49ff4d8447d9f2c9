"""A hot-seat game in a terminal, as text in and text out.

``Console.handle(line)`` takes one typed line and returns what to print; it does no I/O itself
(``engine.__main__`` owns the terminal), so the same loop serves tests and people.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import COLUMNS, ROWS, SIDE_NAMES, space_index, space_name
from .errors import EngineError
from .legal import absent_moves, legal_moves
from .moves import Place, parse_move
from .options import Option
from .record import new_game, record_of
from .rules import apply, border_cost
from .state import GameState, Phase, Stage
from .tiles import HEXAGONS, Terrain
from .view import GameView, view

HELP = """Type a move in the notation, e.g. `place C1 0`, `deploy A1 3`, `move A1 B2 2`, `uncover A2 2`,
`recover C3`, `camp B2`, `guard A2`, `exchange mask Ben idol`, `end`, `undo`, `bid 3`, `pass`, `pick 1`.
Other commands: `help` lists the legal moves, `show` prints the board, `score` the scores,
`record` prints the game record (it reveals the hidden stack: for after the game), `quit` leaves."""

OPTION_HELP = """
Options' moves: `obstacle A1 B2`, `guard A2 gun`, `fire A2 Ben`, `jump 3` (Tikal Rápido), `score yes`/`score no`."""

_TERRAIN_CODE = {Terrain.BASECAMP: "BC", Terrain.TEMPLE: "T", Terrain.JUNGLE: "J",
                 Terrain.TREASURE: "$", Terrain.VOLCANO: "V"}


def _hexagon_name(tile_id: str | None) -> str:
    return HEXAGONS[tile_id].describe() if tile_id else "nothing"


def _cell(v: GameView, space: int) -> str:
    s = v.spaces[space]
    if not s.explored or s.terrain is None:
        return f"{s.name:<3}  .   "
    code = _TERRAIN_CODE[s.terrain]
    if s.terrain is Terrain.TEMPLE:
        code += str(s.value)
    elif s.terrain is Terrain.TREASURE:
        code += str(s.wafers)
    return f"{s.name:<3} {code:<4} "


def board_text(state: GameState) -> str:
    """Return a text picture of the board: a map of terrain, then every explored hex in detail."""
    v = view(state)
    lines = ["Map (T5 temple of value 5, $2 treasure with 2 wafers, J jungle, V volcano, BC base camp;",
             "columns A C E G sit half a hex higher than B D F H):"]
    for row in range(ROWS, 0, -1):
        upper = "".join(_cell(v, space_index(c, row)) if c % 2 == 0 else " " * 10 for c in range(len(COLUMNS)))
        lower = "".join(_cell(v, space_index(c, row)) if c % 2 == 1 else " " * 10 for c in range(len(COLUMNS)))
        lines += ["  " + upper.rstrip(), "  " + lower.rstrip()]
    lines.append("")
    initials = [p.name for p in v.players]
    for s in v.spaces:
        if not s.explored or s.terrain is None:
            continue
        parts = [f"{s.name}: {s.terrain.value}"]
        if s.value is not None:
            parts.append(f"value {s.value}")
        if s.wafers:
            parts.append(f"{s.wafers} wafer{'s' if s.wafers > 1 else ''}")
        if s.camp is not None:
            parts.append(f"{initials[s.camp]}'s camp")
        if s.guard is not None:
            parts.append(f"guarded by {initials[s.guard]}")
        if s.gun is not None:
            parts.append(f"{initials[s.gun]}'s machine gun" + (" (fired this turn)" if s.space in v.fired else ""))
        costs = [f"{SIDE_NAMES[side]}→{c}" for side in range(6) if (c := border_cost(state, s.space, side))]
        if costs:
            parts.append("paths " + " ".join(costs))
        figures = [
            f"{p.name} {s.workers[p.seat]}" + ("+L" if s.leaders[p.seat] else "")
            for p in v.players if s.workers[p.seat] or s.leaders[p.seat]
        ]
        if figures:
            parts.append("figures: " + ", ".join(figures))
        lines.append("  " + " · ".join(parts))
    return "\n".join(lines + option_lines(v))


def option_lines(v: GameView) -> list[str]:
    """The state of the game's options (SPEC 7), one line each; none in a game without options."""
    names = [p.name for p in v.players]
    lines = []
    if Option.OBSTACLES in v.options:
        borders = ", ".join(f"{space_name(a)}–{space_name(b)}" for a, b in v.obstacles) or "none yet"
        lines.append(f"Obstacles (+2 AP to cross): {borders}.")
    if v.dice is not None:
        rolls = ", ".join(map(str, v.rolls)) or "none yet"
        lines.append(f"Indiana Jones ({v.dice[0]}d{v.dice[1]}): rolls so far {rolls}.")
    if Option.RANDOMTERRAIN in v.options:
        lines.append(f"Random terrain: {v.stack_left} hexagons in the stack, {v.volcanoes_added} of 3 volcanoes "
                     f"shuffled in, {v.volcanoes_taken} taken.")
    if v.stage is not Stage.NONE:
        order = ", ".join(names[q] for q in v.round_order) or "not yet"
        chips = ", ".join(f"{names[q]} {c}" for q, c in enumerate(v.chips))
        hands = ", ".join(f"{names[q]} {_hexagon_name(t)}" for q, t in enumerate(v.hands) if t)
        lines.append(f"Tikal Rápido, round {v.round} ({v.stage.value}): round order {order}; chips {chips}"
                     + (f"; holding {hands}" if hands else "") + ".")
    return lines


def status_text(state: GameState) -> str:
    """Return one or two lines: whose turn, the phase, AP, the hexagon in hand or the auction."""
    v = view(state)
    if v.finished:
        best = ", ".join(v.players[w].name for w in v.winners)
        return "The game is over. " + scores_text(state) + f"\nWinner: {best}."
    who = v.players[v.to_act].name if v.to_act is not None else "?"
    if v.phase is Phase.PLACE and v.stage is Stage.PLACING:
        return f"{who}, round {v.round}, phase 2: place the {_hexagon_name(v.hand)} hexagon (final, no AP)."
    if v.phase is Phase.ACTIONS and v.stage is Stage.JUMPS:
        rest = ", ".join(v.players[q].name for q in v.slots)
        return (f"{who}: one action of at most {v.ap_left} AP in this jump, or `end`"
                + (f"; then {rest}." if rest else "."))
    if v.phase is Phase.JUMP:
        chose = ", ".join(v.players[q].name for q in v.chosen) or "nobody yet"
        return (f"{who}: choose chips for the next jump, `jump <n>` (1–{min(5, v.chips[v.to_act or 0])}; "
                f"you have {v.chips[v.to_act or 0]}). Chosen so far (secret): {chose}.")
    if v.phase is Phase.DECLARE:
        return f"{who} took the {_hexagon_name(v.hand)}: declare `score yes` or `score no`."
    if v.phase is Phase.PLACE:
        return f"{who}, turn {v.turn}: place the {_hexagon_name(v.hand)} hexagon — `help` lists the spaces."
    if v.phase is Phase.ACTIONS:
        return f"{who}, turn {v.turn}: {v.ap_left} AP left."
    if v.phase is Phase.SCORING:
        which = "final scoring" if v.final_scoring else f"scoring round {v.scoring_round} of 4"
        return f"{who}: scoring turn ({which}), {v.ap_left} AP left; `end` scores."
    shown = ", ".join(f"{i}: {_hexagon_name(t)}" for i, t in enumerate(v.shown, 1))
    if v.phase is Phase.BID:
        high = "no bid yet"
        if v.high_bidder is not None:
            high = f"high bid {v.high_bid} by {v.players[v.high_bidder].name}"
        score = state.score[state.to_act]
        return f"Auction, round {v.round} — shown: {shown}.\n{who} to bid or pass ({high}; your score {score})."
    return f"{who} won the auction: pick a hexagon — {shown}."


def scores_text(state: GameState) -> str:
    return "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(state.players, state.score, strict=True)) + "."


def legal_text(state: GameState) -> str:
    """Return the legal moves, one per line; placements grouped by space with their rotations."""
    entries = legal_moves(state)
    if not entries:
        return "No moves: the game is over."
    lines: list[str] = []
    rotations: dict[int, list[int]] = {}
    for e in entries:
        if isinstance(e.move, Place):
            rotations.setdefault(e.move.space, []).append(e.move.rotation)
        else:
            lines.append(f"  {e}")
    placed = [f"  place {space_name(sp)} <{', '.join(map(str, rs))}>" for sp, rs in rotations.items()]
    return "Legal now:\n" + "\n".join(placed + lines)


@dataclass
class Console:
    """One hot-seat game driven by typed lines."""

    state: GameState
    computers: dict[int, str] = field(default_factory=dict)
    """Seats (0-based) played by computer players, with their levels (``engine.ai.LEVELS``)."""
    ai_seed: int = 0

    @classmethod
    def start(cls, players: Sequence[str], variant: str = "basic", seed: int | None = None, *,
              computers: dict[int, str] | None = None, ai_seed: int = 0, options: Sequence[str] = ()) -> Console:
        """Start a new game; raises ``EngineError`` on bad names, variant, options or computer seat."""
        state = new_game(players, variant, seed, options=options)
        for seat in computers or {}:
            if not 0 <= seat < len(state.players):
                raise EngineError(f"There is no seat {seat + 1} for a computer player.")
        return cls(state, dict(computers or {}), ai_seed)

    def intro(self) -> str:
        """Return the greeting; computer players who act first play here, so their turns follow it."""
        names = ", ".join(f"{i + 1}. {n}" + (f" (computer, {self.computers[i]})" if i in self.computers else "")
                          for i, n in enumerate(self.state.players))
        first = self.computers_play()
        options = ", ".join(o.value for o in self.state.setup.options)
        game = f"{self.state.variant.value} game" + (f" with {options}" if options else "")
        extra = OPTION_HELP if options or self.state.stage is not Stage.NONE else ""
        text = f"Tikal, {game}. Seats: {names}.\n{HELP}{extra}\n\n"
        return text + (f"{first}\n" if first else "") + status_text(self.state)

    def computers_play(self) -> str:
        """Let computer seats act while one is to act; return what they did (empty if nothing)."""
        from .ai import computer_turn

        lines = []
        while not self.finished and self.state.to_act in self.computers:
            before = self.state
            seat = before.to_act
            self.state, moves = computer_turn(before, self.computers[seat], self.ai_seed + seat)
            lines.append(f"🤖 {before.players[seat]} ({self.computers[seat]}): " + "; ".join(map(str, moves)))
            news = self._phase_news(before)
            if news:
                lines.append(news)
        return "\n".join(lines)

    def handle(self, line: str) -> str:
        """Act on one typed line and return the text to show."""
        word = line.strip().lower()
        if not word:
            return status_text(self.state)
        if word == "help":
            return legal_text(self.state)
        if word == "show":
            return board_text(self.state) + "\n" + status_text(self.state)
        if word == "score":
            return scores_text(self.state)
        if word == "record":
            return json.dumps(record_of(self.state))
        if word in ("absent", "skip"):
            return self._play([str(m) for m in absent_moves(self.state)], note="(absent: ruling 14) ")
        return self._play([line])

    def _play(self, lines: list[str], note: str = "") -> str:
        before = self.state
        try:
            for text in lines:
                self.state = apply(self.state, parse_move(text))
        except EngineError as e:
            self.state = before
            return f"✗ {e}"
        done = "; ".join(self.state.log[before.version:])
        out = [f"{note}✓ {done}"]
        if self.state.to_act != before.to_act or self.state.phase is not before.phase:
            out.append(self._phase_news(before))
        out.append(self.computers_play())
        out.append(status_text(self.state))
        return "\n".join(x for x in out if x)

    def _phase_news(self, before: GameState) -> str:
        s = self.state
        news = []
        if s.score_log != before.score_log:
            for e in s.score_log[len(before.score_log):]:
                news.append(f"{s.players[e.player]} +{e.temples} temples +{e.treasures} treasures = {e.total}")
        if s.phase is Phase.SCORING and before.phase is not Phase.SCORING:
            news.append(f"Scoring round {s.scoring_round} of 4 — each player takes 10 AP, then scores.")
        return "\n".join(news)

    @property
    def finished(self) -> bool:
        return self.state.phase is Phase.FINISHED

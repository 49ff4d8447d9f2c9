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
from .messages import ENGLISH, Speaker, treasure
from .moves import Place, parse_move
from .options import Option
from .record import new_game, record_of
from .rules import apply, border_cost
from .state import GameState, Phase, ScoreEntry, Stage, Variant
from .tiles import HEXAGONS, Terrain
from .view import GameView, view


def help_text(t: Speaker = ENGLISH) -> str:
    """How to play in the console (the notation's words stay English: they are what one types)."""
    return t.tr("console.help", """Type a move in the notation, e.g. `place C1 0`, `deploy A1 3`, `move A1 B2 2`, \
`uncover A2 2`,
`recover C3`, `camp B2`, `guard A2`, `exchange mask Ben idol`, `end`, `undo`, `bid 3`, `pass`, `pick 1`.
Other commands: `help` lists the legal moves, `show` prints the board and every player, `score` the scores
with each player's supply, camps, guards and treasures, `record` prints the game record (it reveals the
hidden stack: for after the game), `quit` leaves.""")


def option_help(options: Sequence[Option], rapido: bool, t: Speaker = ENGLISH) -> str:
    """The moves this game's options (and Tikal Rápido) add, one example each; empty when there are none."""
    examples = []
    if Option.OBSTACLES in options:
        examples.append("`obstacle A1 B2`")
    if Option.GUNS in options:
        examples += ["`guard A2 gun`", "`fire A2 Ben`"]
    if rapido:
        examples.append("`jump 3`")
    if Option.RANDOMTERRAIN in options:
        examples += ["`score yes`", "`score no`"]
    if not examples:
        return ""
    return t.tr("console.option_help", "This game's own moves: {moves}.", moves=", ".join(examples))


_TERRAIN_CODE = {Terrain.BASECAMP: "BC", Terrain.TEMPLE: "T", Terrain.JUNGLE: "J",
                 Terrain.TREASURE: "$", Terrain.VOLCANO: "V"}


def _hexagon_name(tile_id: str | None, t: Speaker) -> str:
    """A hexagon as a player names it: ``temple (value 5)``, ``treasure hexagon with 3 treasures``, ``jungle``."""
    if not tile_id:
        return t.tr("console.nothing", "nothing")
    return t.message(HEXAGONS[tile_id].words())


def _terrain_word(terrain: Terrain, t: Speaker) -> str:
    if terrain is Terrain.BASECAMP:
        return t.tr("console.terrain.basecamp", "basecamp")
    if terrain is Terrain.TEMPLE:
        return t.tr("console.terrain.temple", "temple")
    if terrain is Terrain.JUNGLE:
        return t.tr("console.terrain.jungle", "jungle")
    if terrain is Terrain.TREASURE:
        return t.tr("console.terrain.treasure", "treasure")
    return t.tr("console.terrain.volcano", "volcano")


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


def board_text(state: GameState, t: Speaker = ENGLISH) -> str:
    """Return a text picture of the board: a map of terrain, then every explored hex in detail."""
    v = view(state)
    lines = [t.tr("console.map", "Map (T5 temple of value 5, $2 treasure with 2 wafers, J jungle, V volcano, "
                                 "BC base camp;\ncolumns A C E G sit half a hex higher than B D F H):")]
    for row in range(ROWS, 0, -1):
        upper = "".join(_cell(v, space_index(c, row)) if c % 2 == 0 else " " * 10 for c in range(len(COLUMNS)))
        lower = "".join(_cell(v, space_index(c, row)) if c % 2 == 1 else " " * 10 for c in range(len(COLUMNS)))
        lines += ["  " + upper.rstrip(), "  " + lower.rstrip()]
    lines.append("")
    initials = [p.name for p in v.players]
    for s in v.spaces:
        if not s.explored or s.terrain is None:
            continue
        parts = [f"{s.name}: {_terrain_word(s.terrain, t)}"]
        if s.value is not None:
            parts.append(t.tr("console.value", "value {value}", value=s.value))
        if s.wafers:
            parts.append(t.ntr("console.wafers", "{n} wafer", "{n} wafers", s.wafers))
        if s.camp is not None:
            parts.append(t.tr("console.camp", "{player}'s camp", player=initials[s.camp]))
        if s.guard is not None:
            parts.append(t.tr("console.guarded", "guarded by {player}", player=initials[s.guard]))
        if s.gun is not None:
            parts.append(t.tr("console.gun_fired", "{player}'s machine gun (fired this turn)", player=initials[s.gun])
                         if s.space in v.fired else t.tr("console.gun", "{player}'s machine gun",
                                                         player=initials[s.gun]))
        costs = [f"{SIDE_NAMES[side]}→{c}" for side in range(6) if (c := border_cost(state, s.space, side))]
        if costs:
            parts.append(t.tr("console.paths", "paths {costs}", costs=" ".join(costs)))
        figures = [
            f"{p.name} {s.workers[p.seat]}" + ("+L" if s.leaders[p.seat] else "")
            for p in v.players if s.workers[p.seat] or s.leaders[p.seat]
        ]
        if figures:
            parts.append(t.tr("console.figures", "figures: {figures}", figures=tuple(figures)))
        lines.append("  " + " · ".join(parts))
    return "\n".join(lines + option_lines(v, t))


def option_lines(v: GameView, t: Speaker = ENGLISH) -> list[str]:
    """The state of the game's options (SPEC 7), one line each; none in a game without options."""
    names = [p.name for p in v.players]
    none_yet = t.tr("console.none_yet", "none yet")
    lines = []
    if Option.OBSTACLES in v.options:
        borders = ", ".join(f"{space_name(a)}–{space_name(b)}" for a, b in v.obstacles) or none_yet
        lines.append(t.tr("console.obstacles", "Obstacles (+2 AP to cross): {borders}.", borders=borders))
    if v.dice is not None:
        rolls = ", ".join(map(str, v.rolls)) or none_yet
        lines.append(t.tr("console.indiana", "Indiana Jones ({dice}d{faces}): rolls so far {rolls}.", dice=v.dice[0],
                          faces=v.dice[1], rolls=rolls))
    if Option.RANDOMTERRAIN in v.options:
        lines.append(t.ntr("console.random_terrain", "Random terrain: {n} hexagon in the stack, {added} of 3 "
                                                     "volcanoes shuffled in, {taken} taken.",
                           "Random terrain: {n} hexagons in the stack, {added} of 3 volcanoes shuffled in, {taken} "
                           "taken.", v.stack_left, added=v.volcanoes_added, taken=v.volcanoes_taken))
    if v.stage is not Stage.NONE:
        order = ", ".join(names[q] for q in v.round_order) or t.tr("console.not_yet", "not yet")
        chips = ", ".join(f"{names[q]} {c}" for q, c in enumerate(v.chips))
        hands = ", ".join(f"{names[q]} {_hexagon_name(h, t)}" for q, h in enumerate(v.hands) if h)
        stage = _stage(v.stage, t)
        if hands:
            lines.append(t.tr("console.rapido_holding", "Tikal Rápido, round {round} ({stage}): round order {order}; "
                                                        "chips {chips}; holding {hands}.", round=v.round, stage=stage,
                              order=order, chips=chips, hands=hands))
        else:
            lines.append(t.tr("console.rapido", "Tikal Rápido, round {round} ({stage}): round order {order}; chips "
                                                "{chips}.", round=v.round, stage=stage, order=order, chips=chips))
    return lines


def _stage(stage: Stage, t: Speaker) -> str:
    if stage is Stage.AUCTION:
        return t.tr("console.stage.auction", "auction")
    if stage is Stage.PLACING:
        return t.tr("console.stage.placing", "placing")
    if stage is Stage.JUMPS:
        return t.tr("console.stage.jumps", "jumps")
    return stage.value


def status_text(state: GameState, t: Speaker = ENGLISH) -> str:
    """Return one or two lines: whose turn, the phase, AP, the hexagon in hand or the auction."""
    v = view(state)
    if v.finished:
        best = ", ".join(v.players[w].name for w in v.winners)
        return t.tr("console.over", "The game is over. {scores}\nWinner: {winners}.", scores=scores_text(state, t),
                    winners=best)
    who = v.players[v.to_act].name if v.to_act is not None else "?"
    hexagon = _hexagon_name(v.hand, t)
    if v.phase is Phase.PLACE and v.stage is Stage.PLACING:
        return t.tr("console.rapido_place", "{who}, round {round}, phase 2: your hexagon is the {hexagon}; place it "
                                            "(final, no AP).", who=who, round=v.round, hexagon=hexagon)
    if v.phase is Phase.ACTIONS and v.stage is Stage.JUMPS:
        rest = ", ".join(v.players[q].name for q in v.slots)
        if rest:
            return t.tr("console.slot_then", "{who}: one action of at most {ap} AP in this jump, or `end`; then "
                                             "{rest}.", who=who, ap=str(v.ap_left), rest=rest)
        return t.tr("console.slot", "{who}: one action of at most {ap} AP in this jump, or `end`.", who=who,
                    ap=str(v.ap_left))
    if v.phase is Phase.JUMP:
        chose = ", ".join(v.players[q].name for q in v.chosen) or t.tr("console.nobody_yet", "nobody yet")
        chips = v.chips[v.to_act or 0]
        return t.tr("console.jump", "{who}: choose chips for the next jump, `jump <n>` (1–{most}; you have "
                                    "{chips}). Chosen so far (secret): {chose}.", who=who, most=min(5, chips),
                    chips=chips, chose=chose)
    if v.phase is Phase.DECLARE:
        return t.tr("console.declare", "{who} took a volcano: declare whether it scores, `score yes` or `score no`.",
                    who=who)
    if v.phase is Phase.PLACE:
        return t.tr("console.place", "{who}, turn {turn}: your hexagon is the {hexagon}; place it — `help` lists "
                                     "the spaces.", who=who, turn=v.turn, hexagon=hexagon)
    if v.phase is Phase.ACTIONS:
        return t.ntr("console.actions", "{who}, turn {turn}: {n} AP left.", "{who}, turn {turn}: {n} AP left.",
                     v.ap_left or 0, who=who, turn=v.turn)
    if v.phase is Phase.SCORING:
        which = t.tr("console.final_scoring", "final scoring") if v.final_scoring else \
            t.tr("console.scoring_round", "scoring round {n} of 4", n=v.scoring_round)
        return t.ntr("console.scoring", "{who}: scoring turn ({which}), {n} AP left; `end` scores.",
                     "{who}: scoring turn ({which}), {n} AP left; `end` scores.", v.ap_left or 0, who=who,
                     which=which)
    shown = ", ".join(f"{i}: {_hexagon_name(h, t)}" for i, h in enumerate(v.shown, 1))
    if v.phase is Phase.BID:
        high = t.tr("console.no_bid", "no bid yet")
        if v.high_bidder is not None:
            high = t.tr("console.high_bid", "high bid {bid} by {player}", bid=v.high_bid,
                        player=v.players[v.high_bidder].name)
        score = state.score[state.to_act]
        return t.tr("console.bid", "Auction, round {round} — shown: {shown}.\n{who} to bid or pass ({high}; your "
                                   "score {score}).", round=v.round, shown=shown, who=who, high=high, score=score)
    return t.tr("console.pick", "{who} won the auction: pick a hexagon — {shown}.", who=who, shown=shown)


def scores_text(state: GameState, t: Speaker = ENGLISH) -> str:
    scores = ", ".join(f"{n} {s}" for n, s in zip(state.players, state.score, strict=True))
    return t.tr("console.scores", "Scores: {scores}.", scores=scores)


def scored_text(player: str, entry: ScoreEntry, t: Speaker = ENGLISH) -> str:
    """One player's scoring as a sum that adds up: ``Ana: 78 + temples 41 + treasures 9 = 128`` (the score before,
    what the round brought, the score after)."""
    return t.tr("console.scored_sum", "{player}: {before} + temples {temples} + treasures {treasures} = {total}",
                player=player, before=entry.total - entry.temples - entry.treasures, temples=entry.temples,
                treasures=entry.treasures, total=entry.total)


def _leader(v: GameView, seat: int, t: Speaker) -> str:
    p = v.players[seat]
    if p.leader == "board" and p.leader_space is not None:
        return t.tr("console.leader.board", "leader on {space}", space=space_name(p.leader_space))
    if p.leader == "guard":
        return t.tr("console.leader.guard", "leader guarding a temple")
    if p.leader == "removed":
        return t.tr("console.leader.removed", "leader out of the game")
    return t.tr("console.leader.supply", "leader in the supply")


def treasures_text(kinds: Sequence[tuple[str, int]], t: Speaker = ENGLISH) -> str:
    """``mask ×2, idol`` in the reader's words, or ``no treasures``."""
    shown = [t.message(treasure(k)) + (f" ×{n}" if n > 1 else "") for k, n in kinds if n]
    return ", ".join(shown) or t.tr("console.no_treasures", "no treasures")


def players_text(state: GameState, t: Speaker = ENGLISH) -> str:
    """One line per player: score, supply, leader, camps and guards left, treasures (to plan an exchange)."""
    v = view(state)
    lines = []
    for p in v.players:
        lines.append(t.tr(
            "console.player", "{name} {score}: {supply} · {leader} · {camps} · {guards} · {treasures}",
            name=p.name, score=p.score,
            supply=t.ntr("console.supply", "{n} worker in the supply", "{n} workers in the supply",
                         p.workers_supply),
            leader=_leader(v, p.seat, t),
            camps=t.ntr("console.camps_left", "{n} camp left", "{n} camps left", p.camps_left),
            guards=t.ntr("console.guards_left", "{n} guard left", "{n} guards left", p.guards_left),
            treasures=treasures_text(p.treasures, t)))
    return "\n".join(lines)


def _found(before: GameState, after: GameState, seat: int) -> list[tuple[str, int]]:
    """The treasure kinds ``seat`` holds more of after a move than before it."""
    gained = [(k, n - before.treasures[seat].get(k, 0)) for k, n in after.treasures[seat].items()]
    return sorted((k, n) for k, n in gained if n > 0)


def step_text(before: GameState, after: GameState, t: Speaker = ENGLISH) -> str:
    """One applied move in words for the console: its notation and what it did that the notation does not
    say — the AP it cost, the treasure found, what ``undo`` took back, the AP lost by ending early."""
    move = after.log[-1]
    verb = move.split()[0]
    seat = before.to_act
    details = []
    if verb == "undo":
        taken = before.turn_moves[len(after.turn_moves):]
        details.append(t.tr("console.took_back", "took back {moves}", moves=", ".join(taken) or "—"))
        if after.ap > before.ap:
            details.append(t.ntr("console.ap_back", "{n} AP back", "{n} AP back", after.ap - before.ap))
    elif verb == "end":
        if before.phase in (Phase.ACTIONS, Phase.SCORING) and before.ap > 0 and before.stage is not Stage.JUMPS:
            details.append(t.ntr("console.ap_lost", "{n} AP lost", "{n} AP lost", before.ap))
    else:
        if verb == "recover":
            found = _found(before, after, seat)
            if found:
                details.append(t.tr("console.found", "found {treasures}", treasures=treasures_text(found, t)))
        if after.to_act == seat and before.phase in (Phase.ACTIONS, Phase.SCORING) and before.ap > after.ap:
            details.append(t.ntr("console.ap_cost", "{n} AP", "{n} AP", before.ap - after.ap))
    return move + (f" — {' · '.join(details)}" if details else "")


def steps_text(before: GameState, after: GameState, t: Speaker = ENGLISH) -> str:
    """Every move from ``before`` to ``after`` (a state it led to) as ``step_text``, joined by ``; ``."""
    out = []
    state = before
    for text in after.log[before.version:]:
        nxt = apply(state, parse_move(text))
        out.append(step_text(state, nxt, t))
        state = nxt
    return "; ".join(out)


def legal_text(state: GameState, t: Speaker = ENGLISH) -> str:
    """Return the legal moves, one per line; placements grouped by space with their rotations."""
    entries = legal_moves(state)
    if not entries:
        return t.tr("console.no_moves", "No moves: the game is over.")
    lines: list[str] = []
    rotations: dict[int, list[int]] = {}
    for e in entries:
        if isinstance(e.move, Place):
            rotations.setdefault(e.move.space, []).append(e.move.rotation)
        else:
            lines.append(f"  {e}")
    placed = [f"  place {space_name(sp)} <{', '.join(map(str, rs))}>" for sp, rs in rotations.items()]
    return t.tr("console.legal", "Legal now:") + "\n" + "\n".join(placed + lines)


@dataclass
class Console:
    """One hot-seat game driven by typed lines."""

    state: GameState
    computers: dict[int, str] = field(default_factory=dict)
    """Seats (0-based) played by computer players, with their levels (``engine.ai.LEVELS``)."""
    ai_seed: int = 0
    t: Speaker = ENGLISH
    """Who speaks to the players: English, or a ``lang.Translator`` handed in by ``engine.__main__``."""

    @classmethod
    def start(cls, players: Sequence[str], variant: str = "basic", seed: int | None = None, *,
              computers: dict[int, str] | None = None, ai_seed: int = 0, options: Sequence[str] = (),
              t: Speaker = ENGLISH) -> Console:
        """Start a new game; raises ``EngineError`` on bad names, variant, options or computer seat."""
        state = new_game(players, variant, seed, options=options)
        for seat in computers or {}:
            if not 0 <= seat < len(state.players):
                raise EngineError("console.no_seat", seat=seat + 1)
        return cls(state, dict(computers or {}), ai_seed, t)

    def intro_head(self) -> str:
        """``Tikal, basic game. Seats: 1. Ana, 2. Ben (computer, strong).``"""
        t = self.t
        names = ", ".join(t.tr("console.computer_seat", "{seat}. {name} (computer, {level})", seat=i + 1, name=n,
                               level=self.computers[i]) if i in self.computers else f"{i + 1}. {n}"
                          for i, n in enumerate(self.state.players))
        options = ", ".join(o.value for o in self.state.setup.options)
        game = self._game_name()
        if options:
            game = t.tr("console.game_with", "{game} with {options}", game=game, options=options)
        return t.tr("console.intro", "Tikal, {game}. Seats: {names}.", game=game, names=names)

    def intro(self) -> str:
        """Return the greeting; computer players who act first play here, so their turns follow it."""
        t = self.t
        text = self.intro_head()
        first = self.computers_play()
        own = option_help(self.state.setup.options, self.state.variant.value == "rapido", t)
        text += f"\n{help_text(t)}" + (f"\n{own}" if own else "") + "\n\n"
        return text + (f"{first}\n" if first else "") + status_text(self.state, t)

    def resumed_intro(self) -> str:
        """The greeting of a game taken up again: what it is, who sits where, the scores and whose turn it is."""
        t = self.t
        text = self.intro_head() + "\n" + t.ntr("console.resumed", "Resumed after {n} move.",
                                                 "Resumed after {n} moves.", self.state.version)
        own = option_help(self.state.setup.options, self.state.variant.value == "rapido", t)
        return "\n".join(x for x in (text, own, scores_text(self.state, t), status_text(self.state, t)) if x)

    def _game_name(self) -> str:
        variant = self.state.variant.value
        if variant == "auction":
            return self.t.tr("console.game.auction", "auction game")
        if variant == "rapido":
            return self.t.tr("console.game.rapido", "rapido game")
        return self.t.tr("console.game.basic", "basic game")

    def computers_play(self) -> str:
        """Let computer seats act while one is to act; return what they did (empty if nothing)."""
        from .ai import computer_turn

        lines = []
        while not self.finished and self.state.to_act in self.computers:
            before = self.state
            seat = before.to_act
            self.state, _ = computer_turn(before, self.computers[seat], self.ai_seed + seat)
            played = steps_text(before, self.state, self.t)
            lines.append(f"🤖 {before.players[seat]} ({self.computers[seat]}): {played}")
            news = self._phase_news(before)
            if news:
                lines.append(news)
        return "\n".join(lines)

    def handle(self, line: str) -> str:
        """Act on one typed line and return the text to show."""
        word = line.strip().lower()
        if not word:  # where the game stands; a computer's turn that was interrupted goes on first
            played = self.computers_play()
            return "\n".join(x for x in (played, status_text(self.state, self.t)) if x)
        if word == "help":
            return legal_text(self.state, self.t)
        if word == "show":
            return "\n".join((board_text(self.state, self.t), players_text(self.state, self.t),
                              status_text(self.state, self.t)))
        if word == "score":
            return scores_text(self.state, self.t) + "\n" + players_text(self.state, self.t)
        if word == "record":
            return json.dumps(record_of(self.state))
        if word in ("absent", "skip"):
            return self._play([str(m) for m in absent_moves(self.state)],
                              note=self.t.tr("console.absent", "(absent: ruling 14)") + " ")
        return self._play([line])

    def confirmation(self, line: str) -> str | None:
        """The question to ask before playing ``line`` (as Discord's End turn button asks): ``end`` while AP are
        left in a turn of actions or a scoring turn; ``None`` for anything else."""
        s = self.state
        if line.strip().lower() != "end" or s.phase not in (Phase.ACTIONS, Phase.SCORING) or s.ap <= 0:
            return None
        yes, no = self.t.tr("console.choice.yes", "yes"), self.t.tr("console.choice.no", "no")
        if s.stage is Stage.JUMPS:
            return self.t.tr("console.ask.give_slot_up", "You still have {ap} AP. Give this slot up? ({yes}/{no}) "
                                                         "[{no}]: ", ap=s.ap, yes=yes, no=no)
        return self.t.tr("console.ask.end", "You still have {ap} AP. End your turn anyway? ({yes}/{no}) [{no}]: ",
                         ap=s.ap, yes=yes, no=no)

    def _play(self, lines: list[str], note: str = "") -> str:
        before = self.state
        try:
            for text in lines:
                self.state = apply(self.state, text)  # a refusal in this game's words (its options')
        except EngineError as e:
            self.state = before
            return f"✗ {self.t.message(e.message)}"
        out = [f"{note}✓ {steps_text(before, self.state, self.t)}"]
        if self.state.to_act != before.to_act or self.state.phase is not before.phase:
            out.append(self._phase_news(before))
        out.append(self.computers_play())
        out.append(status_text(self.state, self.t))
        return "\n".join(x for x in out if x)

    def _phase_news(self, before: GameState) -> str:
        """What began or was scored since ``before``, move by move: a scoring round with its reason, the scores."""
        news = []
        state = before
        for text in self.state.log[before.version:]:
            after = apply(state, parse_move(text))
            news += self._step_news(state, after)
            state = after
        return "\n".join(news)

    def _step_news(self, before: GameState, s: GameState) -> list[str]:
        t = self.t
        news = []
        scored = s.score_log[len(before.score_log):]
        if scored and s.phase is not Phase.SCORING and before.phase is not Phase.SCORING:
            news.append(t.tr("console.everyone_scores", "A volcano: scoring round {n}, everyone scores at once.",
                             n=s.scoring_round))
        for e in scored:
            news.append(scored_text(s.players[e.player], e, t))
        if s.phase is Phase.SCORING and before.phase is not Phase.SCORING:
            news.append(self._round_news(s))
        return news

    def _round_news(self, s: GameState) -> str:
        """Why a scoring round begins (a volcano, or the last hexagon), and how it goes."""
        t = self.t
        first = s.players[s.to_act]
        if s.volcano_player < 0:
            return t.tr("console.final_round", "The last hexagon is placed: the final scoring round begins. Each "
                                               "player in turn takes 10 AP, then scores; {first} is first.",
                        first=first)
        who = s.players[s.volcano_player]
        if s.variant is Variant.BASIC:
            reason = t.tr("console.volcano_drawn", "{player} drew a volcano.", player=who)
        elif s.variant is Variant.RAPIDO:
            reason = t.tr("console.volcano_placed", "{player} placed a volcano this round.", player=who)
        else:
            reason = t.tr("console.volcano_taken", "{player} took a volcano.", player=who)
        if Option.RANDOMTERRAIN in s.setup.options:
            which = t.tr("console.round_n", "Scoring round {n}", n=s.scoring_round)
        else:
            which = t.tr("console.round_n_of_4", "Scoring round {n} of 4", n=s.scoring_round)
        return t.tr("console.round_starts", "{reason} {round}: each player in turn takes 10 AP, then scores; {first} "
                                            "is first.", reason=reason, round=which, first=first)

    @property
    def finished(self) -> bool:
        return self.state.phase is Phase.FINISHED

"""Random players and random well-formed moves, shared by the property tests and ``bench/engine.py``.

A random player picks a kind of move first (so `end`, camps and guards are not drowned out by the
many walks), then an entry of ``legal_moves`` of that kind, then a count in the entry's range. It
takes back at most ``max_undos`` actions per turn, so it cannot loop on place/undo forever.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from engine import (
    SPACE_NAMES,
    TREASURE_KINDS,
    End,
    GameState,
    LegalMove,
    Move,
    Phase,
    Undo,
    apply,
    legal_moves,
    new_game,
)
from engine.options import Option, dice_of, roll_range
from engine.randomterrain import sample_rest

MAX_UNDOS_PER_TURN = 2
MAX_MOVES_PER_GAME = 5000
"""A random game that is not over after this many moves is a bug (a loop in the turn flow)."""

# Relative weights of the kinds of move a random player picks from (anything else weighs 1).
_WEIGHTS = {"end": 0.35, "undo": 0.25, "move": 1.5, "deploy": 1.5}


def _verb(move: Move) -> str:
    return str(move).split(" ", 1)[0]


def choose(entries: list[LegalMove], rng: random.Random, *, undo_allowed: bool = True) -> Move:
    """Pick one concrete move from ``legal_moves`` output."""
    groups: dict[str, list[LegalMove]] = {}
    for entry in entries:
        verb = _verb(entry.move)
        if verb == "undo" and not undo_allowed:
            continue
        groups.setdefault(verb, []).append(entry)
    verbs = sorted(groups)
    verb = rng.choices(verbs, weights=[_WEIGHTS.get(v, 1.0) for v in verbs])[0]
    entry = rng.choice(groups[verb])
    concrete = list(entry.moves())
    return rng.choice(concrete)


@dataclass
class RandomPlayer:
    """Chooses moves for whoever acts; counts undos per turn so that every game ends."""

    rng: random.Random
    max_undos: int = MAX_UNDOS_PER_TURN
    _turn_key: tuple[int, int, str] = field(default=(-1, -1, ""))
    _undos: int = 0

    def choose(self, state: GameState, entries: list[LegalMove] | None = None) -> Move:
        key = (state.turn, state.to_act, state.phase.value)
        if key != self._turn_key:
            self._turn_key, self._undos = key, 0
        move = choose(entries if entries is not None else legal_moves(state), self.rng,
                      undo_allowed=self._undos < self.max_undos)
        if isinstance(move, Undo):
            self._undos += 1
        return move


def play(state: GameState, rng: random.Random) -> Iterator[tuple[GameState, Move, GameState]]:
    """Play randomly to the end of the game, yielding ``(before, move, after)`` for every move."""
    player = RandomPlayer(rng)
    for _ in range(MAX_MOVES_PER_GAME):
        if state.finished:
            return
        move = player.choose(state)
        after = apply(state, move)
        yield state, move, after
        state = after
    raise AssertionError(f"random game not over after {MAX_MOVES_PER_GAME} moves: {state!r}")


def random_game(players: int, variant: str, seed: int, options: tuple[str, ...] = ()) -> list[GameState]:
    """Play one random game from ``seed``; return every state from the first to the final one."""
    rng = random.Random(seed)
    state = new_game(["Ana", "Ben", "Cy", "Dee"][:players], variant, seed=seed, options=options)
    states = [state]
    for _, _, after in play(state, rng):
        states.append(after)
    return states


# ---------------------------------------------------------------------------------------------
# Random well-formed moves: any verb of the notation with random arguments


_VERBS = ("place", "deploy", "transfer", "move", "uncover", "recover", "exchange", "camp", "guard",
          "end", "undo", "bid", "pass", "pick", "obstacle", "fire", "jump", "score")


def _space(rng: random.Random, near: list[str]) -> str:
    name = rng.choice(near) if near and rng.random() < 0.7 else rng.choice(SPACE_NAMES)
    return name.lower() if rng.random() < 0.2 else name


def _count(rng: random.Random) -> str:
    return str(rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 18, 19, 25)))


def _figures(rng: random.Random) -> str:
    return "leader" if rng.random() < 0.2 else _count(rng)


def _own(state: GameState) -> list[str]:
    """The spaces where the player to act has figures (the sources of most legal moves)."""
    p = state.to_act
    if p < 0:
        return []
    return [SPACE_NAMES[s] for s in range(len(SPACE_NAMES)) if state.figures_at(p, s)]


def random_move_text(state: GameState, rng: random.Random) -> str:
    """Return a random move in the notation: readable by ``parse_move``, often illegal.

    Spaces are drawn mostly from explored ones, sources mostly from where the player has figures,
    so that legal moves and near misses (one count too many, the wrong camp) both come up often.
    """
    near = [SPACE_NAMES[s] for s in range(len(SPACE_NAMES)) if state.explored[s]]
    near += [SPACE_NAMES[s] for s in range(len(SPACE_NAMES)) if not state.explored[s]][:6]
    own = _own(state) or near
    verb = rng.choice(_VERBS)
    names = [*state.players, "Zed"]
    match verb:
        case "place":
            return f"place {_space(rng, near)} {rng.randrange(6)}"
        case "deploy":
            return f"deploy {_space(rng, near)} {_figures(rng)}"
        case "transfer" | "move":
            small = rng.choice(("leader", "1", "1", "2", "3")) if rng.random() < 0.6 else _figures(rng)
            return f"{verb} {_space(rng, own)} {_space(rng, near)} {small}"
        case "uncover" | "recover":
            return f"{verb} {_space(rng, near)}" + ("" if rng.random() < 0.3 else f" {_count(rng)}")
        case "exchange":
            name = rng.choice(names)
            name = name.upper() if rng.random() < 0.2 else name
            return f"exchange {rng.choice(TREASURE_KINDS)} {name} {rng.choice(TREASURE_KINDS)}"
        case "camp":
            return f"camp {_space(rng, near)}"
        case "guard":
            return (f"guard {_space(rng, near)}" + (" leader" if rng.random() < 0.4 else "")
                    + (" gun" if rng.random() < 0.3 else ""))
        case "obstacle":
            return f"obstacle {_space(rng, own)} {_space(rng, near)}"
        case "fire":
            return f"fire {_space(rng, near)} {rng.choice(names)}"
        case "jump":
            return f"jump {rng.randint(1, 7)}"
        case "score":
            return rng.choice(("score yes", "score no"))
        case "bid":
            return f"bid {rng.choice((1, 2, 3, 5, 8, 13, 20, 21, 30, 60))}"
        case "pick":
            return f"pick {rng.randint(1, 6)}"
        case _:
            return verb


def mutations(entries: list[LegalMove], rng: random.Random, k: int) -> Iterator[str]:
    """Yield ``k`` near misses of listed moves (one past a range's high end, a worker instead of the
    leader); the caller decides whether each applies."""
    if not entries:
        return
    for _ in range(k):
        entry = rng.choice(entries)
        text = str(entry.move)
        head, _, last = text.rpartition(" ")
        if last.isdigit() and head:
            yield f"{head} {entry.high + 1}"
        elif text.startswith("guard "):
            yield text.removesuffix(" leader") if text.endswith(" leader") else text + " leader"
        elif text.endswith(" leader"):
            yield text.removesuffix(" leader") + " 1"
        else:
            yield str(End())


def all_move_texts(state: GameState) -> Iterator[str]:
    """Yield every well-formed move of the notation within bounds that cover every legal move:
    all verbs, every space, counts up to one past what could apply (the supply, the figures on a
    hex, the score), every exchange. Walks and transfers start where the player has figures, or
    on the base camp, plus one empty explored space."""
    p = state.to_act
    spaces = list(SPACE_NAMES)
    yield from ("end", "undo", "pass")
    for space in spaces:
        for r in range(6):
            yield f"place {space} {r}"
        for n in range(1, 4):
            yield f"uncover {space} {n}"
            yield f"recover {space} {n}"
        yield f"camp {space}"
        yield f"guard {space}"
        yield f"guard {space} leader"
        yield f"guard {space} gun"
        yield f"guard {space} leader gun"
        for other in spaces:
            if other > space:
                yield f"obstacle {space} {other}"
        for name in state.players:
            yield f"fire {space} {name}"
    yield from ("score yes", "score no")
    for n in range(1, 8):
        yield f"jump {n}"
    if p < 0:
        return
    for space in spaces:
        yield f"deploy {space} leader"
        for n in range(1, min(state.supply[p], 10) + 2):
            yield f"deploy {space} {n}"
    empty = [s for s in range(len(spaces)) if state.explored[s] and not state.figures_at(p, s)][:1]
    sources = {0, *empty, *(s for s in range(len(spaces)) if state.figures_at(p, s))}
    for source in sorted(sources):
        most = min(state.workers[p][source], 10) + 1
        for target in spaces:
            for verb in ("move", "transfer"):
                yield f"{verb} {spaces[source]} {target} leader"
                for n in range(1, most + 1):
                    yield f"{verb} {spaces[source]} {target} {n}"
    for give in TREASURE_KINDS:
        for name in state.players:
            for take in TREASURE_KINDS:
                yield f"exchange {give} {name} {take}"
    for n in range(1, max(state.score[p], 0) + 2):
        yield f"bid {n}"
    for k in range(1, 6):
        yield f"pick {k}"


def with_other_secrets(s: GameState, rng: random.Random) -> GameState:
    """Return a state equal to ``s`` but for its hidden parts: the face-down stack reshuffled within
    each letter (random terrain: drawn anew as the rules draw it), the wafers still on the board or in
    the order dealt anew (same count per hex), the rolls to come rolled anew and, while a jump's
    choices are secret, other numbers for the players who chose."""
    setup = s.setup
    seen, stack = setup.tile_order[: s.stack_pos], list(setup.tile_order[s.stack_pos:])
    by_letter: dict[str, list[str]] = {}
    for tile in stack:
        by_letter.setdefault(tile[0], []).append(tile)
    for group in by_letter.values():
        rng.shuffle(group)
    stack = [t for letter in sorted(by_letter) for t in by_letter[letter]]
    if Option.RANDOMTERRAIN in setup.options:
        stack = sample_rest(len(s.players), set(seen), len(seen), rng)
    rolls = setup.rolls
    if rolls:
        dice = dice_of(setup.options)
        assert dice is not None
        low, high = roll_range(dice)
        rolls = (*rolls[: s.roll_pos], *(rng.randint(low, high) for _ in rolls[s.roll_pos:]))
    hexes = [space for space in range(len(SPACE_NAMES)) if s.wafers[space]]
    on_board = [k for space in hexes for k in s.wafers[space]]
    hidden = on_board + list(setup.treasure_order[s.wafer_pos:])
    rng.shuffle(hidden)
    other = s.clone()
    other.setup = replace(setup, tile_order=(*seen, *stack), rolls=rolls,
                          treasure_order=(*setup.treasure_order[: s.wafer_pos], *hidden[len(on_board):]))
    if s.phase is Phase.JUMP:
        other.jump = tuple(rng.randint(1, min(5, s.chips[q])) if q in s.chosen else 0 for q in range(len(s.players)))
    at = 0
    for space in hexes:
        count = len(s.wafers[space])
        other.wafers[space] = tuple(hidden[at: at + count])
        at += count
    return other

"""Every word the pictures and the alt text use, in English, as small functions with parameters.

A later translation replaces this module's functions per language; nothing else in ``render`` assembles
English. Lengths vary by language (German runs about 30% longer), so callers measure what they draw and
shrink or wrap it by rule; the layout tests catch what still does not fit.
"""

from __future__ import annotations

from typing import Final

from engine import Terrain

SEP: Final = " · "
ELLIPSIS: Final = "…"
ARROW: Final = "→"


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# --- status (whose turn, the phase) ----------------------------------------------------------------

def turn(n: int) -> str:
    return f"Turn {n}"


def ap_left(ap: int) -> str:
    return f"{ap} AP left"


def places_first() -> str:
    return "places a hexagon"


def scoring_round(n: int) -> str:
    return f"Scoring round {n} of 4"


def final_scoring() -> str:
    return "Final scoring"


def auction_round(n: int) -> str:
    return f"Auction round {n}"


def to_bid() -> str:
    return "to bid"


def picks() -> str:
    return "picks"


def no_bid_yet() -> str:
    return "no bid yet"


def high_bid(n: int) -> str:
    return f"high bid {n}"


def by() -> str:
    return "by"


def passed_list() -> str:
    return "passed:"


def pick_one(k: int) -> str:
    return f"pick one of the {k} shown hexagons (1–{k})"


def pick_range(k: int) -> str:
    return f"one of 1–{k}"


def game_over() -> str:
    return "Game over"


def wins_with(shared: bool, score: int) -> str:
    return f"{'win' if shared else 'wins'} with {score}"


def and_() -> str:
    return "and"


def nobody() -> str:
    return "nobody"


def normal_turn(auction_round_no: int) -> str:
    return "Normal turn" + (f" · auction round {auction_round_no}" if auction_round_no else "")


def place_first_detail() -> str:
    return "Normal turn · place the hexagon in hand first"


def scoring_detail(final: bool) -> str:
    if final:
        return "Round 4 of 4: each player takes a last 10-AP turn, then scores"
    return "Each player takes a 10-AP scoring turn, then scores"


def finished_detail() -> str:
    return "Final scores below · 4 scoring rounds played"


def stack(left: int, letters: str, volcanoes: int) -> str:
    return (f"Stack {left} left: {letters or 'empty'} · "
            f"{volcanoes} volcano{'es' if volcanoes != 1 else ''} to come")


def stack_short(left: int) -> str:
    return f"stack {left}"


# --- the caption: what the last turn changed --------------------------------------------------------

def terrain(kind: Terrain, value: int) -> str:
    """A hexagon by what it is: ``temple 3``, ``treasure (2)``, ``jungle``."""
    if kind is Terrain.TEMPLE:
        return f"temple {value}"
    if kind is Terrain.TREASURE:
        return f"treasure {value}"
    return {Terrain.JUNGLE: "jungle", Terrain.VOLCANO: "volcano", Terrain.BASECAMP: "base camp"}[kind]


def figures(count: int, leader: bool) -> str:
    return "leader" if leader else str(count)


def placed(space: str, what: str) -> str:
    return f"placed {space} ({what})"


def deployed(what: str, space: str) -> str:
    return f"deployed {what} to {space}"


def moved(what: str, source: str, target: str) -> str:
    return f"moved {what} {source}{ARROW}{target}"


def transferred(what: str, source: str, target: str) -> str:
    return f"transferred {what} {source}{ARROW}{target}"


def uncovered(space: str, value: int) -> str:
    return f"uncovered {space} to {value}"


def recovered(count: int, space: str) -> str:
    return f"took {plural(count, 'wafer', 'wafers')} on {space}"


def exchanged(give: str, player: str, take: str) -> str:
    return f"swapped {give} for {player}'s {take}"


def camped(space: str) -> str:
    return f"camp on {space}"


def guarded(space: str, leader: bool) -> str:
    return f"{'leader guards' if leader else 'guard on'} {space}"


def scored(temples: int, treasures: int) -> str:
    return f"scored {temples} + {treasures} = {temples + treasures}"


def no_actions() -> str:
    return "no actions"


def more_actions(n: int) -> str:
    return f"+{n} more"


def turn_story(actions: str, ap: int | None) -> str:
    """``actions`` of one turn, joined, with the AP it left."""
    return actions + (f" — {ap_left(ap)}" if ap is not None else "")


def so_far() -> str:
    return "so far:"


def story_join(phrases: list[str]) -> str:
    return ", ".join(phrases)


def game_starts() -> str:
    return "A new game: place the first hexagon, then spend 10 AP"


# --- the animated replay: what a frame's caption adds ---------------------------------------------------

def replay_start(players: int, auction: bool) -> str:
    return f"The start: {players} players, {'auction' if auction else 'basic'} game"


def auction_won(price: int) -> str:
    return f"won the auction for {plural(price, 'point', 'points')}" if price else "got a hexagon free (all passed)"


def round_over(n: int, final: bool) -> str:
    return f"{final_scoring() if final else scoring_round(n)} is over:"


def points_gained(name: str, points: int) -> str:
    return f"{name} +{points}"


# --- the hexagon in hand, the auction, the stack -----------------------------------------------------

def in_hand() -> str:
    return "in hand"


def set_aside() -> str:
    return "set aside"


def shown() -> str:
    return "shown"


def hexagons_left() -> str:
    return "left"


# --- players -----------------------------------------------------------------------------------------

def tag_winner() -> str:
    return "winner"


def tag_to_act() -> str:
    return "to act"


def tag_bids() -> str:
    return "bids"


def tag_picks() -> str:
    return "picks"


def tag_passed() -> str:
    return "passed"


def tag_bid(n: int) -> str:
    return f"bid {n}"


def tag_played() -> str:
    return "played"


def supply(workers: int) -> str:
    return f"supply {workers}"


def leader_at(where: str) -> str:
    return {"supply": "leader in supply", "board": "leader on board", "guard": "leader is a guard",
            "removed": "leader removed"}[where]


def camps_left(n: int) -> str:
    return f"{plural(n, 'camp', 'camps')} left"


def guards_left(n: int) -> str:
    return f"{plural(n, 'guard', 'guards')} left"


def removed(n: int) -> str:
    return f"{n} removed"


def scores_now(temples: int, treasures: int) -> str:
    return f"now: temples {temples} + treasures {treasures}"


def no_treasures() -> str:
    return "no treasures"


def treasure_chip(kind: str, count: int) -> str:
    return f"{kind} ×{count}" if count > 1 else kind


def guard_word() -> str:
    return "guard"


# --- the legend ------------------------------------------------------------------------------------

def legend_title() -> str:
    return "How to read the board"


def legend_players() -> str:
    return "Each player has a colour and a shape: a chip shows the shape and how many workers; ♛ is the leader."


def legend_outline() -> str:
    return "A yellow outline marks the spaces the last turn changed."


def legend_temple() -> str:
    return "A temple's square: its value, in the colour and shape of whom it scores for now; thick frame: guarded."


def legend_wafers() -> str:
    return "Gold dots on a treasure hex are the wafers still to take; hollow ones were taken."


def legend_camp() -> str:
    return "A flag is a camp, in its owner's colour and shape."


def legend_scores() -> str:
    return "Under each player: the score, and what temples and treasures would score now."


def legend_stack() -> str:
    return "Beside the board: the hexagons left in the stack, and the volcanoes among them."


def legend_costs() -> str:
    return "In the private board, circles on borders are the AP to cross (the stones of both sides)."


# --- other pictures ----------------------------------------------------------------------------------

def rotations_title() -> str:
    return "The hexagon in hand, rotations 0–5 (turned clockwise):"


def all_rotations() -> str:
    return "all"


def rotations() -> str:
    return "rotations"


def close_up(space: str) -> str:
    return f"Close-up of {space} and its neighbours"


def no_such_space(text: str) -> str:
    return f"No space is called {text!r}; spaces are A1 … H5."


# --- the alt text --------------------------------------------------------------------------------------

def alt_board() -> str:
    return "Tikal board."


def alt_player(name: str, colour: str, marker: str, score: int) -> str:
    return f"{name} ({colour} {marker}) {score}"


def alt_scores(players: str) -> str:
    return f"Scores: {players}."


def alt_game_over(names: list[str]) -> str:
    return f"Game over: {' and '.join(names)} {'win' if len(names) > 1 else 'wins'}."


def alt_bidding(rnd: int, who: str, bid: int, bidder: str | None, shown_count: int) -> str:
    state = f"high bid {bid} by {bidder}" if bidder is not None else "no bid yet"
    return f"Auction round {rnd}: {who} to bid, {state}; {shown_count} hexagons shown."


def alt_picking(rnd: int, who: str, shown_count: int) -> str:
    return f"Auction round {rnd}: {who} picks one of {shown_count} shown hexagons."


def alt_scoring(head: str, who: str, ap: int | None) -> str:
    return f"{head}: {who} has {ap} AP left."


def alt_turn(n: int, who: str, placing: bool, ap: int | None) -> str:
    return f"Turn {n}: {who} {'places a hexagon' if placing else f'has {ap} AP left'}."


def alt_in_hand(what: str) -> str:
    return f"In hand: {what}."


def alt_passed(names: list[str]) -> str:
    return f"Passed: {', '.join(names)}."


def alt_shown(items: list[str]) -> str:
    return f"Shown: {', '.join(items)}."


def alt_last_turn(who: str, story: str) -> str:
    return f"Last turn, {who}: {story}."


def alt_temple(space: str, value: int, guard: str | None, holder: str | None) -> str:
    who = f" guarded by {guard}" if guard else (f" held by {holder}" if holder else "")
    return f"{space} value {value}{who}"


def alt_temples(items: list[str]) -> str:
    return f"Temples: {'; '.join(items)}."


def alt_outlined(names: list[str]) -> str:
    return f"Outlined as just changed: {', '.join(names)}."


def alt_wafers(count: int, space: str) -> str:
    return f"{count} on {space}"


def alt_wafers_left(items: list[str]) -> str:
    return f"Wafers left: {', '.join(items)}."


def alt_camps(items: list[str]) -> str:
    return f"Camps: {', '.join(items)}."


def alt_figures_of(name: str, workers: int, leader: bool) -> str:
    text = str(workers) if workers else ""
    text += (" and leader" if workers else "leader") if leader else ""
    return f"{name} {text}"


def alt_figures(items: list[str]) -> str:
    return f"Figures: {'; '.join(items)}."


def alt_explored(n: int) -> str:
    return f"{n} of 40 spaces explored."


COLOUR_NAMES: Final[tuple[str, ...]] = ("blue", "orange", "green", "purple")


# --- the variants of SPEC 7 (obstacles, machine guns, dice, random terrain, Tikal Rápido) ----------------------

def obstacle_built(first: str, second: str) -> str:
    return f"obstacle {first}|{second}"


def gun_mounted(space: str, leader: bool) -> str:
    return f"{'leader guards' if leader else 'guard'} + gun on {space}"


def fired(player: str, space: str) -> str:
    return f"fired at {player} on {space}"


def roll_hit(roll: int, value: int, player: str) -> str:
    """Indiana Jones: the dice fell at or under the temple's new value."""
    return f"rolled {roll} ≤ {value}: one of {player}'s workers falls"


def roll_safe(roll: int, value: int) -> str:
    return f"rolled {roll} > {value}: safe"


def rolls_told(rolls: list[int], falls: int, player: str) -> str:
    """Indiana Jones, several levels at once: the dice and how many workers fell."""
    dice = ", ".join(str(r) for r in rolls)
    if not falls:
        return f"rolled {dice}: safe"
    return f"rolled {dice}: {falls} of {player}'s workers {'falls' if falls == 1 else 'fall'}"


def with_note(phrase: str, note: str) -> str:
    return f"{phrase} ({note})"


def declared(score: bool) -> str:
    return "the volcano scores" if score else "no scoring round"


def round_no(n: int) -> str:
    return f"Round {n}"


def jump_no(n: int) -> str:
    return f"jump {n}"


def choosing_chips() -> str:
    return "everyone chooses chips in secret"


def places_nth(n: int, of: int) -> str:
    return f"places {ordinal(n)} of {of}"


def slot_ap(ap: int) -> str:
    return f"{ap} AP, one action"


def declares() -> str:
    return "declares: does the volcano score?"


def declare_rule() -> str:
    return "Two volcanoes in this display: yes, a scoring round now; no, none (another then must score)"


def round_order_head() -> str:
    return "Round order:"


def placed_short(space: str, what: str) -> str:
    """A Tikal Rápido placement in the round's caption (after ``placed:``)."""
    return f"{space} ({what})"


def auctions_head(n: int) -> str:
    return f"Round {n}, auctions:"


def auctions_start(n: int) -> str:
    return f"Round {n}: auctions hand out the hexagons, one each"


def took_hexagon(what: str) -> str:
    return f"took {what}"


def placed_this_round() -> str:
    return "placed:"


def jump_head(n: int) -> str:
    return f"Jump {n}"


def slot_given_up() -> str:
    return "—"


def acts_first() -> str:
    return "acts first"


def tag_chips(n: int) -> str:
    return f"{n} chips" if n else "no chips"


def tag_jump(n: int) -> str:
    return f"jump {n}"


def tag_holds() -> str:
    return "holds one"


def tag_places(n: int) -> str:
    """Tikal Rápido: the player's turn to place in the round order."""
    return ordinal(n)


def tag_placed() -> str:
    return "placed"


def stack_mixed(left: int, added: int, to_come: int) -> str:
    """Random terrain: the stack has no letters; volcanoes are shuffled in over the game."""
    return (f"Stack {left} left, mixed · {added} of 3 volcanoes shuffled in · "
            f"{to_come} volcano{'es' if to_come != 1 else ''} to come")


def dice_rolled(dice: str, rolls: list[int]) -> str:
    return f"{dice}: rolled {', '.join(str(r) for r in rolls)}" if rolls else f"{dice}: nothing rolled yet"


def dice_name(count: int, faces: int) -> str:
    return f"{count}d{faces}"


def legend_obstacle() -> str:
    return "A brown bar on a border is an obstacle: crossing it costs 2 AP more per figure (counted in the costs)."


def legend_gun() -> str:
    return "A badge with a crosshair on a temple is its guard's machine gun: rivals cannot cross that hex."


def alt_obstacles(items: list[str]) -> str:
    return f"Obstacles: {', '.join(items)}."


def alt_guns(items: list[str]) -> str:
    return f"Machine guns: {', '.join(items)}."


def alt_round_order(names: list[str]) -> str:
    return f"Round order: {', '.join(names)}."


def alt_chips(items: list[str]) -> str:
    return f"Chips: {', '.join(items)}."


def alt_rolls(text: str) -> str:
    return f"Dice {text}."

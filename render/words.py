"""Every word the pictures and the alt text use, as the methods of ``Words``, written in English and
translated through the reader's catalogue (``lang``): ``words_for("de").turn(7)`` → ``Zug 7``.

Nothing else in ``render`` assembles words. Lengths vary by language (German runs about 30% longer), so
callers measure what they draw and shrink or wrap it by rule; the layout tests draw every language.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from engine import Terrain, Variant
from engine.messages import Msg, Speaker, joined
from lang import translator

SEP: Final = " · "
ELLIPSIS: Final = "…"
ARROW: Final = "→"


class Words:
    """The pictures' words in one language, spoken by ``t`` (``engine.messages.ENGLISH`` or a ``lang.Translator``)."""

    def __init__(self, t: Speaker) -> None:
        self.t = t

    @property
    def locale(self) -> str:
        return self.t.locale

    def ordinal(self, n: int) -> str:
        form = self.t.ordinal_form(n)
        if form == "one":
            return self.t.tr("render.ordinal.one", "{n}st", n=n)
        if form == "two":
            return self.t.tr("render.ordinal.two", "{n}nd", n=n)
        if form == "few":
            return self.t.tr("render.ordinal.few", "{n}rd", n=n)
        return self.t.tr("render.ordinal.other", "{n}th", n=n)

    def treasure(self, kind: str) -> str:
        """A treasure kind of the notation (``mask``) as the game's word."""
        return self.t.message(Msg(f"treasure.{kind}"))

    # --- status (whose turn, the phase) ------------------------------------------------------------

    def turn(self, n: int) -> str:
        return self.t.tr("render.turn", "Turn {n}", n=n)

    def ap_left(self, ap: int) -> str:
        return self.t.ntr("render.ap_left", "{n} AP left", "{n} AP left", ap)

    def places_first(self) -> str:
        return self.t.tr("render.places_first", "places a hexagon")

    def scoring_round(self, n: int) -> str:
        return self.t.tr("render.scoring_round", "Scoring round {n} of 4", n=n)

    def final_scoring(self) -> str:
        return self.t.tr("render.final_scoring", "Final scoring")

    def auction_round(self, n: int) -> str:
        return self.t.tr("render.auction_round", "Auction round {n}", n=n)

    def to_bid(self) -> str:
        return self.t.tr("render.to_bid", "to bid")

    def picks(self) -> str:
        return self.t.tr("render.picks", "picks")

    def no_bid_yet(self) -> str:
        return self.t.tr("render.no_bid_yet", "no bid yet")

    def high_bid(self, n: int) -> str:
        return self.t.tr("render.high_bid", "high bid {n}", n=n)

    def by(self) -> str:
        return self.t.tr("render.by", "by")

    def passed_list(self) -> str:
        return self.t.tr("render.passed_list", "passed:")

    def pick_one(self, k: int) -> str:
        return self.t.ntr("render.pick_one", "pick the {n} shown hexagon (1–{n})",
                          "pick one of the {n} shown hexagons (1–{n})", k)

    def pick_range(self, k: int) -> str:
        return self.t.tr("render.pick_range", "one of 1–{k}", k=k)

    def game_over(self) -> str:
        return self.t.tr("render.game_over", "Game over")

    def wins_with(self, shared: bool, score: int) -> str:
        if shared:
            return self.t.tr("render.win_with", "win with {score}", score=score)
        return self.t.tr("render.wins_with", "wins with {score}", score=score)

    def and_(self) -> str:
        return self.t.tr("render.and", "and")

    def nobody(self) -> str:
        return self.t.tr("render.nobody", "nobody")

    def normal_turn(self, auction_round_no: int) -> str:
        if auction_round_no:
            return self.t.tr("render.normal_turn_auction", "Normal turn · auction round {n}", n=auction_round_no)
        return self.t.tr("render.normal_turn", "Normal turn")

    def place_first_detail(self) -> str:
        return self.t.tr("render.place_first_detail", "Normal turn · place the hexagon in hand first")

    def scoring_detail(self, final: bool) -> str:
        if final:
            return self.t.tr("render.final_detail", "Round 4 of 4: each player takes a last 10-AP turn, then scores")
        return self.t.tr("render.scoring_detail", "Each player takes a 10-AP scoring turn, then scores")

    def finished_detail(self) -> str:
        return self.t.tr("render.finished_detail", "Final scores below · 4 scoring rounds played")

    def stack(self, left: int, letters: str, volcanoes: int) -> str:
        to_come = self.t.ntr("render.volcanoes_to_come", "{n} volcano to come", "{n} volcanoes to come", volcanoes)
        return self.t.tr("render.stack", "Stack {left} left: {letters} · {volcanoes}", left=left,
                         letters=letters or self.t.tr("render.stack_empty", "empty"), volcanoes=to_come)

    def stack_short(self, left: int) -> str:
        return self.t.tr("render.stack_short", "stack {left}", left=left)

    # --- the caption: what the last turn changed ----------------------------------------------------

    def terrain(self, kind: Terrain, value: int) -> str:
        """A hexagon by what it is: ``temple 3``, ``treasure 2``, ``jungle``."""
        if kind is Terrain.TEMPLE:
            return self.t.tr("render.terrain.temple", "temple {value}", value=value)
        if kind is Terrain.TREASURE:
            return self.t.tr("render.terrain.treasure", "treasure {value}", value=value)
        if kind is Terrain.JUNGLE:
            return self.t.tr("render.terrain.jungle", "jungle")
        if kind is Terrain.VOLCANO:
            return self.t.tr("render.terrain.volcano", "volcano")
        return self.t.tr("render.terrain.basecamp", "base camp")

    def figures(self, count: int, leader: bool) -> str:
        return self.t.tr("render.leader", "leader") if leader else str(count)

    def placed(self, space: str, what: str) -> str:
        return self.t.tr("render.placed", "placed {space} ({what})", space=space, what=what)

    def deployed(self, what: str, space: str) -> str:
        return self.t.tr("render.deployed", "deployed {what} to {space}", what=what, space=space)

    def moved(self, what: str, source: str, target: str) -> str:
        return self.t.tr("render.moved", "moved {what} {source}→{target}", what=what, source=source, target=target)

    def transferred(self, what: str, source: str, target: str) -> str:
        return self.t.tr("render.transferred", "transferred {what} {source}→{target}", what=what, source=source,
                         target=target)

    def uncovered(self, space: str, value: int) -> str:
        return self.t.tr("render.uncovered", "uncovered {space} to {value}", space=space, value=value)

    def recovered(self, count: int, space: str) -> str:
        return self.t.ntr("render.recovered", "took {n} wafer on {space}", "took {n} wafers on {space}", count,
                          space=space)

    def exchanged(self, give: str, player: str, take: str) -> str:
        return self.t.tr("render.exchanged", "swapped {give} for {player}'s {take}", give=self.treasure(give),
                         player=player, take=self.treasure(take))

    def camped(self, space: str) -> str:
        return self.t.tr("render.camped", "camp on {space}", space=space)

    def guarded(self, space: str, leader: bool) -> str:
        if leader:
            return self.t.tr("render.leader_guards", "leader guards {space}", space=space)
        return self.t.tr("render.guard_on", "guard on {space}", space=space)

    def scored(self, temples: int, treasures: int) -> str:
        return self.t.tr("render.scored", "scored {temples} + {treasures} = {total}", temples=temples,
                         treasures=treasures, total=temples + treasures)

    def no_actions(self) -> str:
        return self.t.tr("render.no_actions", "no actions")

    def more_actions(self, n: int) -> str:
        return self.t.tr("render.more_actions", "+{n} more", n=n)

    def turn_story(self, actions: str, ap: int | None) -> str:
        """``actions`` of one turn, joined, with the AP it left."""
        return actions if ap is None else self.t.tr("render.turn_story", "{actions} — {ap_left}", actions=actions,
                                                    ap_left=self.ap_left(ap))

    def so_far(self) -> str:
        return self.t.tr("render.so_far", "so far:")

    def story_join(self, phrases: list[str]) -> str:
        return ", ".join(phrases)

    def game_starts(self) -> str:
        return self.t.tr("render.game_starts", "A new game: place the first hexagon, then spend 10 AP")

    # --- the animated replay: what a frame's caption adds ---------------------------------------------

    def replay_start(self, players: int, variant: Variant) -> str:
        if variant is Variant.RAPIDO:
            return self.t.ntr("render.replay_start_rapido", "The start: {n} player, Tikal Rápido",
                              "The start: {n} players, Tikal Rápido", players)
        if variant is Variant.AUCTION:
            return self.t.ntr("render.replay_start_auction", "The start: {n} player, auction game",
                              "The start: {n} players, auction game", players)
        return self.t.ntr("render.replay_start_basic", "The start: {n} player, basic game",
                          "The start: {n} players, basic game", players)

    def auction_won(self, price: int) -> str:
        if not price:
            return self.t.tr("render.auction_free", "got a hexagon free (all passed)")
        return self.t.ntr("render.auction_won", "won the auction for {n} point", "won the auction for {n} points",
                          price)

    def round_over(self, n: int, final: bool) -> str:
        head = self.final_scoring() if final else self.scoring_round(n)
        return self.t.tr("render.round_over", "{round} is over:", round=head)

    def points_gained(self, name: str, points: int) -> str:
        return f"{name} +{points}"

    # --- the hexagon in hand, the auction, the stack ---------------------------------------------------

    def in_hand(self) -> str:
        return self.t.tr("render.in_hand", "in hand")

    def set_aside(self) -> str:
        return self.t.tr("render.set_aside", "set aside")

    def shown(self) -> str:
        return self.t.tr("render.shown", "shown")

    def hexagons_left(self) -> str:
        return self.t.tr("render.hexagons_left", "left")

    # --- players -----------------------------------------------------------------------------------------

    def tag_winner(self) -> str:
        return self.t.tr("render.tag.winner", "winner")

    def tag_to_act(self) -> str:
        return self.t.tr("render.tag.to_act", "to act")

    def tag_bids(self) -> str:
        return self.t.tr("render.tag.bids", "bids")

    def tag_picks(self) -> str:
        return self.t.tr("render.tag.picks", "picks")

    def tag_passed(self) -> str:
        return self.t.tr("render.tag.passed", "passed")

    def tag_bid(self, n: int) -> str:
        return self.t.tr("render.tag.bid", "bid {n}", n=n)

    def tag_played(self) -> str:
        return self.t.tr("render.tag.played", "played")

    def supply(self, workers: int) -> str:
        return self.t.tr("render.supply", "supply {n}", n=workers)

    def leader_at(self, where: str) -> str:
        if where == "supply":
            return self.t.tr("render.leader.supply", "leader in supply")
        if where == "board":
            return self.t.tr("render.leader.board", "leader on board")
        if where == "guard":
            return self.t.tr("render.leader.guard", "leader is a guard")
        return self.t.tr("render.leader.removed", "leader removed")

    def camps_left(self, n: int) -> str:
        return self.t.ntr("render.camps_left", "{n} camp left", "{n} camps left", n)

    def guards_left(self, n: int) -> str:
        return self.t.ntr("render.guards_left", "{n} guard left", "{n} guards left", n)

    def removed(self, n: int) -> str:
        return self.t.ntr("render.removed", "{n} removed", "{n} removed", n)

    def scores_now(self, temples: int, treasures: int) -> str:
        return self.t.tr("render.scores_now", "now: temples {temples} + treasures {treasures}", temples=temples,
                         treasures=treasures)

    def no_treasures(self) -> str:
        return self.t.tr("render.no_treasures", "no treasures")

    def treasure_chip(self, kind: str, count: int) -> str:
        return f"{self.treasure(kind)} ×{count}" if count > 1 else self.treasure(kind)

    def guard_word(self) -> str:
        return self.t.tr("render.guard", "guard")

    # --- the legend ------------------------------------------------------------------------------------

    def legend_title(self) -> str:
        return self.t.tr("render.legend.title", "How to read the board")

    def legend_players(self) -> str:
        return self.t.tr("render.legend.players", "Each player has a colour and a shape: a chip shows the shape and "
                                                  "how many workers; ♛ is the leader.")

    def legend_outline(self) -> str:
        return self.t.tr("render.legend.outline", "A yellow outline marks the spaces the last turn changed.")

    def legend_temple(self) -> str:
        return self.t.tr("render.legend.temple", "A temple's square: its value, in the colour and shape of whom it "
                                                 "scores for now; thick frame: guarded.")

    def legend_wafers(self) -> str:
        return self.t.tr("render.legend.wafers", "Gold dots on a treasure hex are the wafers still to take; hollow "
                                                 "ones were taken.")

    def legend_camp(self) -> str:
        return self.t.tr("render.legend.camp", "A flag is a camp, in its owner's colour and shape.")

    def legend_scores(self) -> str:
        return self.t.tr("render.legend.scores", "Under each player: the score, and what temples and treasures would "
                                                 "score now.")

    def legend_stack(self) -> str:
        return self.t.tr("render.legend.stack", "Beside the board: the hexagons left in the stack, and the volcanoes "
                                                "among them.")

    def legend_costs(self) -> str:
        return self.t.tr("render.legend.costs", "In the private board, circles on borders are the AP to cross (the "
                                                "stones of both sides).")

    # --- other pictures ----------------------------------------------------------------------------------

    def rotations_title(self) -> str:
        return self.t.tr("render.rotations_title", "The hexagon in hand, rotations 0–5 (turned clockwise):")

    def all_rotations(self) -> str:
        return self.t.tr("render.all_rotations", "all")

    def rotations(self) -> str:
        return self.t.tr("render.rotations", "rotations")

    def close_up(self, space: str) -> str:
        return self.t.tr("render.close_up", "Close-up of {space} and its neighbours", space=space)

    def no_such_space(self, text: str) -> str:
        return self.t.tr("render.no_such_space", "No space is called {text}; spaces are A1 … H5.", text=repr(text))

    # --- the alt text --------------------------------------------------------------------------------------

    def colour(self, seat: int) -> str:
        return (self.t.tr("render.colour.blue", "blue"), self.t.tr("render.colour.orange", "orange"),
                self.t.tr("render.colour.green", "green"), self.t.tr("render.colour.purple", "purple"))[seat]

    def alt_board(self) -> str:
        return self.t.tr("render.alt.board", "Tikal board.")

    def alt_player(self, name: str, colour: str, marker: str, score: int) -> str:
        return f"{name} ({colour} {marker}) {score}"

    def alt_scores(self, players: str) -> str:
        return self.t.tr("render.alt.scores", "Scores: {players}.", players=players)

    def alt_game_over(self, names: list[str]) -> str:
        return self.t.ntr("render.alt.game_over", "Game over: {names} wins.", "Game over: {names} win.", len(names),
                          names=joined(names))

    def alt_bidding(self, rnd: int, who: str, bid: int, bidder: str | None, shown_count: int) -> str:
        state = self.t.tr("render.alt.high_bid", "high bid {bid} by {bidder}", bid=bid, bidder=bidder) \
            if bidder is not None else self.no_bid_yet()
        return self.t.ntr("render.alt.bidding", "Auction round {round}: {who} to bid, {state}; {n} hexagon shown.",
                          "Auction round {round}: {who} to bid, {state}; {n} hexagons shown.", shown_count, round=rnd,
                          who=who, state=state)

    def alt_picking(self, rnd: int, who: str, shown_count: int) -> str:
        return self.t.ntr("render.alt.picking", "Auction round {round}: {who} picks the {n} shown hexagon.",
                          "Auction round {round}: {who} picks one of {n} shown hexagons.", shown_count, round=rnd,
                          who=who)

    def alt_scoring(self, head: str, who: str, ap: int | None) -> str:
        return self.t.ntr("render.alt.scoring", "{round}: {who} has {n} AP left.", "{round}: {who} has {n} AP left.",
                          ap or 0, round=head, who=who)

    def alt_turn(self, n: int, who: str, placing: bool, ap: int | None) -> str:
        if placing:
            return self.t.tr("render.alt.turn_placing", "Turn {n}: {who} places a hexagon.", n=n, who=who)
        return self.t.ntr("render.alt.turn", "Turn {turn}: {who} has {n} AP left.",
                          "Turn {turn}: {who} has {n} AP left.", ap or 0, turn=n, who=who)

    def alt_in_hand(self, what: str) -> str:
        return self.t.tr("render.alt.in_hand", "In hand: {what}.", what=what)

    def alt_passed(self, names: list[str]) -> str:
        return self.t.tr("render.alt.passed", "Passed: {names}.", names=tuple(names))

    def alt_shown(self, items: list[str]) -> str:
        return self.t.tr("render.alt.shown", "Shown: {items}.", items=tuple(items))

    def alt_last_turn(self, who: str, story: str) -> str:
        return self.t.tr("render.alt.last_turn", "Last turn, {who}: {story}.", who=who, story=story)

    def alt_temple(self, space: str, value: int, guard: str | None, holder: str | None) -> str:
        if guard:
            return self.t.tr("render.alt.temple_guarded", "{space} value {value} guarded by {player}", space=space,
                             value=value, player=guard)
        if holder:
            return self.t.tr("render.alt.temple_held", "{space} value {value} held by {player}", space=space,
                             value=value, player=holder)
        return self.t.tr("render.alt.temple", "{space} value {value}", space=space, value=value)

    def alt_temples(self, items: list[str]) -> str:
        return self.t.tr("render.alt.temples", "Temples: {items}.", items="; ".join(items))

    def alt_outlined(self, names: list[str]) -> str:
        return self.t.tr("render.alt.outlined", "Outlined as just changed: {spaces}.", spaces=tuple(names))

    def alt_wafers(self, count: int, space: str) -> str:
        return self.t.tr("render.alt.wafers", "{n} on {space}", n=count, space=space)

    def alt_wafers_left(self, items: list[str]) -> str:
        return self.t.tr("render.alt.wafers_left", "Wafers left: {items}.", items=tuple(items))

    def alt_camps(self, items: list[str]) -> str:
        return self.t.tr("render.alt.camps", "Camps: {items}.", items=tuple(items))

    def alt_figures_of(self, name: str, workers: int, leader: bool) -> str:
        if workers and leader:
            return self.t.tr("render.alt.workers_and_leader", "{name} {n} and leader", name=name, n=workers)
        if leader:
            return self.t.tr("render.alt.leader_only", "{name} leader", name=name)
        return f"{name} {workers}" if workers else f"{name} "

    def alt_figures(self, items: list[str]) -> str:
        return self.t.tr("render.alt.figures", "Figures: {items}.", items="; ".join(items))

    def alt_explored(self, n: int) -> str:
        return self.t.tr("render.alt.explored", "{n} of 40 spaces explored.", n=n)


    # --- the variants of SPEC 7 (obstacles, machine guns, dice, random terrain, Tikal Rápido) -------------------

    def obstacle_built(self, first: str, second: str) -> str:
        return self.t.tr("render.obstacle_built", "obstacle {first}|{second}", first=first, second=second)

    def gun_mounted(self, space: str, leader: bool) -> str:
        if leader:
            return self.t.tr("render.gun_mounted_leader", "leader guards + gun on {space}", space=space)
        return self.t.tr("render.gun_mounted", "guard + gun on {space}", space=space)

    def fired(self, player: str, space: str) -> str:
        return self.t.tr("render.fired", "fired at {player} on {space}", player=player, space=space)

    def roll_hit(self, roll: int, value: int, player: str) -> str:
        """Indiana Jones: the dice fell at or under the temple's new value."""
        return self.t.tr("render.roll_hit", "rolled {roll} ≤ {value}: one of {player}'s workers falls", roll=roll,
                         value=value, player=player)

    def roll_safe(self, roll: int, value: int) -> str:
        return self.t.tr("render.roll_safe", "rolled {roll} > {value}: safe", roll=roll, value=value)

    def rolls_told(self, rolls: list[int], falls: int, player: str) -> str:
        """Indiana Jones, several levels at once: the dice and how many workers fell."""
        dice = tuple(rolls)
        if not falls:
            return self.t.tr("render.rolls_safe", "rolled {dice}: safe", dice=dice)
        return self.t.ntr("render.rolls_hit", "rolled {dice}: {n} of {player}'s workers falls",
                          "rolled {dice}: {n} of {player}'s workers fall", falls, dice=dice, player=player)

    def with_note(self, phrase: str, note: str) -> str:
        return f"{phrase} ({note})"

    def round_no(self, n: int) -> str:
        return self.t.tr("render.round_no", "Round {n}", n=n)

    def extra_turn(self) -> str:
        """A Tikal Rápido volcano placer's extra turn (SPEC 7.6.7)."""
        return self.t.tr("render.extra_turn", "extra turn")

    def jump_no(self, n: int) -> str:
        return self.t.tr("render.jump_no", "jump {n}", n=n)

    def choosing_chips(self) -> str:
        return self.t.tr("render.choosing_chips", "everyone chooses chips in secret")

    def places_nth(self, n: int, of: int) -> str:
        return self.t.tr("render.places_nth", "places {nth} of {of}", nth=self.ordinal(n), of=of)

    def slot_ap(self, ap: int) -> str:
        return self.t.tr("render.slot_ap", "{ap} AP, one action", ap=ap)

    def declares(self) -> str:
        return self.t.tr("render.declares", "declares: does the volcano score?")

    def declare_rule(self) -> str:
        return self.t.tr("render.declare_rule", "Two volcanoes in this display: yes, a scoring round now; no, none "
                                                "(another then must score)")

    def round_order_head(self) -> str:
        return self.t.tr("render.round_order_head", "Round order:")

    def placed_short(self, space: str, what: str) -> str:
        """A Tikal Rápido placement in the round's caption (after ``placed:``)."""
        return f"{space} ({what})"

    def auctions_head(self, n: int) -> str:
        return self.t.tr("render.auctions_head", "Round {n}, auctions:", n=n)

    def auctions_start(self, n: int) -> str:
        return self.t.tr("render.auctions_start", "Round {n}: auctions hand out the hexagons, one each", n=n)

    def took_hexagon(self, what: str) -> str:
        return self.t.tr("render.took_hexagon", "took {what}", what=what)

    def placed_this_round(self) -> str:
        return self.t.tr("render.placed_this_round", "placed:")

    def jump_head(self, n: int) -> str:
        return self.t.tr("render.jump_head", "Jump {n}", n=n)

    def slot_given_up(self) -> str:
        return "—"

    def acts_first(self) -> str:
        return self.t.tr("render.acts_first", "acts first")

    def tag_chips(self, n: int) -> str:
        if not n:
            return self.t.tr("render.tag.no_chips", "no chips")
        return self.t.ntr("render.tag.chips", "{n} chip", "{n} chips", n)

    def tag_jump(self, n: int) -> str:
        return self.t.tr("render.tag.jump", "jump {n}", n=n)

    def tag_holds(self) -> str:
        return self.t.tr("render.tag.holds", "holds one")

    def tag_places(self, n: int) -> str:
        """Tikal Rápido: the player's turn to place in the round order."""
        return self.ordinal(n)

    def tag_placed(self) -> str:
        return self.t.tr("render.tag.placed", "placed")

    def stack_mixed(self, left: int, added: int, to_come: int) -> str:
        """Random terrain: the stack has no letters; volcanoes are shuffled in over the game."""
        volcanoes = self.t.ntr("render.volcanoes_to_come", "{n} volcano to come", "{n} volcanoes to come", to_come)
        return self.t.ntr("render.stack_mixed", "Stack {n} left, mixed · {added} of 3 volcanoes shuffled in · "
                                                "{volcanoes}", "Stack {n} left, mixed · {added} of 3 volcanoes "
                                                               "shuffled in · {volcanoes}", left, added=added,
                          volcanoes=volcanoes)

    def dice_rolled(self, dice: str, rolls: list[int]) -> str:
        if not rolls:
            return self.t.tr("render.dice_none", "{dice}: nothing rolled yet", dice=dice)
        return self.t.tr("render.dice_rolled", "{dice}: rolled {rolls}", dice=dice, rolls=tuple(rolls))

    def dice_name(self, count: int, faces: int) -> str:
        return self.t.tr("render.dice_name", "{count}d{faces}", count=count, faces=faces)

    def legend_obstacle(self) -> str:
        return self.t.tr("render.legend.obstacle", "A brown bar on a border is an obstacle: crossing it costs 2 AP "
                                                   "more per figure (counted in the costs).")

    def legend_gun(self) -> str:
        return self.t.tr("render.legend.gun", "A badge with a crosshair on a temple is its guard's machine gun: "
                                              "rivals cannot cross that hex.")

    def alt_obstacles(self, items: list[str]) -> str:
        return self.t.tr("render.alt.obstacles", "Obstacles: {items}.", items=tuple(items))

    def alt_guns(self, items: list[str]) -> str:
        return self.t.tr("render.alt.guns", "Machine guns: {items}.", items=tuple(items))

    def alt_round_order(self, names: list[str]) -> str:
        return self.t.tr("render.alt.round_order", "Round order: {names}.", names=tuple(names))

    def alt_chips(self, items: list[str]) -> str:
        return self.t.tr("render.alt.chips", "Chips: {items}.", items=tuple(items))

    def alt_rolls(self, text: str) -> str:
        return self.t.tr("render.alt.rolls", "Dice {text}.", text=text)


@cache
def words_for(locale: str | None = None) -> Words:
    """The pictures' words in the language of ``locale`` (resolved by ``lang``: ``es-419`` → Spanish)."""
    return Words(translator(locale))

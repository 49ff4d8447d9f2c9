"""The words of the variants of docs/rules.md §7: obstacles, machine guns, dice, random terrain and Tikal Rápido."""

from __future__ import annotations

from .base import WordsBase


class VariantWords(WordsBase):
    """The variants of rules.md §7."""

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
        """A Tikal Rápido volcano placer's extra turn (rules.md §7.6.7)."""
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

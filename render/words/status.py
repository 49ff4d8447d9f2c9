"""The words of the status: whose turn it is and in which phase, the auction, the hexagon in hand and the stack."""

from __future__ import annotations

from .base import WordsBase


class StatusWords(WordsBase):
    """Whose turn, the phase, the auction and the stack."""

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

    def in_hand(self) -> str:
        return self.t.tr("render.in_hand", "in hand")

    def set_aside(self) -> str:
        return self.t.tr("render.set_aside", "set aside")

    def shown(self) -> str:
        return self.t.tr("render.shown", "shown")

    def hexagons_left(self) -> str:
        return self.t.tr("render.hexagons_left", "left")

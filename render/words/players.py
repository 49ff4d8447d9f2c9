"""The words of the players' panel: tags, supplies, camps and guards left, scores and treasures."""

from __future__ import annotations

from .base import WordsBase


class PlayerWords(WordsBase):
    """The players' panel."""

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

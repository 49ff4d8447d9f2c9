"""The words an animated replay's frames add to the caption: the game's start, an auction won, a round's points."""

from __future__ import annotations

from engine import Variant

from .status import StatusWords


class ReplayWords(StatusWords):
    """What a replay frame's caption adds."""

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

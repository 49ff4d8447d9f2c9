"""The alt text: the whole picture told in sentences, for a screen reader."""

from __future__ import annotations

from engine.messages import joined

from .status import StatusWords


class AltWords(StatusWords):
    """The pictures' alt text."""

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

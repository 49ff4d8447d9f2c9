"""The words of a picture's caption: what the last turn changed, action by action."""

from __future__ import annotations

from engine import Terrain

from .status import StatusWords


class CaptionWords(StatusWords):
    """What the last turn changed."""

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

"""The words of the board picture's legend and of the other pictures' titles (rotations, a close-up)."""

from __future__ import annotations

from .base import WordsBase


class LegendWords(WordsBase):
    """The legend and the other pictures' titles."""

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

"""The web page's words in the reader's language (the server's, or ``?lang=``): its labels, the templates its script
fills in (``{when}``, ``{at}``, ``{of}``: kept as they are by every translation) and each space's details."""

from __future__ import annotations

from typing import Any

from engine import GameView, Terrain
from engine.messages import Speaker
from render.words import Words


class PageWords:
    """The page's words, spoken by ``t``; the game's own words (terrains, colours) are the pictures' (``Words``)."""

    def __init__(self, t: Speaker) -> None:
        self.t = t
        self.w = Words(t)

    @property
    def locale(self) -> str:
        return self.t.locale

    def title(self, game: int) -> str:
        return self.t.tr("web.title", "Tikal game #{game}", game=game)

    def stopped(self) -> str:
        return self.t.tr("web.stopped", "This game was stopped by a moderator: the board stays as it was left.")

    def finished(self) -> str:
        return self.t.tr("web.finished", "This game is over.")

    def not_started(self) -> str:
        return self.t.tr("web.not_started", "This game has not started yet. The page shows the board once it has.")

    def gone(self) -> str:
        return self.t.tr("web.gone", "There is no game at this address: the game was removed, or a moderator gave "
                                     "its page a new address.")

    def too_many(self) -> str:
        return self.t.tr("web.too_many", "Too many requests from your address: wait a minute, then reload the page.")

    def review_mark(self, player: str, loss: float) -> str:
        """A mark of the review on the history: the turn before this position lost about so many points."""
        n = max(1, round(loss))
        return self.t.ntr("web.review_mark", "🔎 {player} lost about {n} point in this turn (the review's estimate)",
                          "🔎 {player} lost about {n} points in this turn (the review's estimate)", n, player=player)

    def script_words(self) -> dict[str, str]:
        """What the page's script writes, as templates."""
        t = self.t
        return {
            "deadline": t.tr("web.deadline", "Deadline: {when}", when="{when}"),
            "no_deadline": t.tr("web.no_deadline", "No deadline"),
            "live": t.tr("web.live", "Live: the page follows the game by itself."),
            "offline": t.tr("web.offline", "Connection lost: trying again…"),
            "position": t.tr("web.position", "Position {at} of {of}", at="{at}", of="{of}"),
            "now": t.tr("web.now", "Now"),
            "loading": t.tr("web.loading", "Loading the history…"),
            "pick_space": t.tr("web.pick_space", "Point at a space, tap it or move to it with Tab to see what is "
                                                 "there."),
            "gone": self.gone(),
            "stopped": self.stopped(),
            "finished": self.finished(),
        }

    def labels(self) -> dict[str, str]:
        """The page's fixed labels."""
        t = self.t
        return {
            "board": t.tr("web.board", "The board: columns A to H, rows 1 to 5"),
            "scores": t.tr("web.scores", "Scores"),
            "player": t.tr("web.player", "Player"),
            "points": t.tr("web.points", "Points"),
            "temples_now": t.tr("web.temples_now", "Temples now"),
            "treasures_now": t.tr("web.treasures_now", "Treasures now"),
            "details": t.tr("web.details", "Space"),
            "history": t.tr("web.history", "History"),
            "history_slider": t.tr("web.history_slider", "Move through the game, turn by turn"),
            "in_words": t.tr("web.in_words", "The position in words"),
            "language": t.tr("web.language", "Language"),
        }

    def space_lines(self, view: GameView, space: int, changed: bool,
                    costs: dict[str, Any] | None) -> list[tuple[int | None, str]]:
        """What is on a space, a line each, with the seat a line is about (its colour and shape on the page)."""
        s = view.spaces[space]
        t, name = self.t, view.players
        lines: list[tuple[int | None, str]] = []
        if not s.explored or s.terrain is None:
            lines.append((None, t.tr("web.unexplored", "not explored yet")))
        else:
            lines.append((None, self.w.terrain(s.terrain, s.value or 0)))
            if s.terrain is Terrain.TREASURE:
                lines.append((None, t.ntr("web.wafers", "{n} treasure left here", "{n} treasures left here",
                                          s.wafers)))
        if s.camp is not None:
            lines.append((s.camp, t.tr("web.camp_of", "camp of {name}", name=name[s.camp].name)))
        if s.guard is not None:
            lines.append((s.guard, t.tr("web.guarded_by", "guarded by {name}", name=name[s.guard].name)))
        if s.gun is not None:
            lines.append((s.gun, t.tr("web.gun_of", "machine gun of {name}", name=name[s.gun].name)))
        for seat, player in enumerate(view.players):
            workers, leader = s.workers[seat], s.leaders[seat]
            if leader:
                lines.append((seat, t.ntr("web.leader_and_workers", "{name}: the leader and {n} worker",
                                          "{name}: the leader and {n} workers", workers, name=player.name)
                              if workers else t.tr("web.leader", "{name}: the leader", name=player.name)))
            elif workers:
                lines.append((seat, t.ntr("web.workers", "{name}: {n} worker", "{name}: {n} workers", workers,
                                          name=player.name)))
        if costs is not None and s.name in costs["ap"] and s.name not in costs["from"]:
            seat = costs["seat"]
            lines.append((seat, t.ntr("web.cost", "{name} gets a figure here for {n} action point",
                                      "{name} gets a figure here for {n} action points", costs["ap"][s.name],
                                      name=view.players[seat].name)))
        if changed:
            lines.append((None, t.tr("web.changed", "changed in the last turn")))
        return lines

    def space_label(self, view: GameView, space: int, lines: list[tuple[int | None, str]]) -> str:
        """The space's name and details in one line (its label for a screen reader)."""
        return f"{view.spaces[space].name}: " + "; ".join(text for _, text in lines)

    def seat_label(self, view: GameView, seat: int) -> str:
        """``Ana (blue circle)``: a seat as a screen reader says it."""
        return f"{view.players[seat].name} ({self.w.colour(seat)})"

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
            "scoring_now": t.tr("web.scoring_now", "A scoring round now would add"),
            "from_temples": t.tr("web.from_temples", "from temples"),
            "from_treasures": t.tr("web.from_treasures", "from treasures"),
            "players": t.tr("web.players", "Players"),
            "legend": self.w.legend_title(),
            "details": t.tr("web.details", "Space"),
            "history": t.tr("web.history", "History"),
            "history_slider": t.tr("web.history_slider", "Move through the game, turn by turn"),
            "in_words": t.tr("web.in_words", "The position in words"),
            "language": t.tr("web.language", "Language"),
        }

    def legend(self) -> dict[str, str]:
        """How to read the board, a line per thing the board draws (``gun`` and ``obstacle`` only in games with
        those options)."""
        t = self.t
        return {
            "figures": t.tr("web.legend.figures", "A chip in a player's colour and shape: that many workers; with a "
                                                  "star, the leader."),
            "temple": t.tr("web.legend.temple", "A number: a temple's value; a ring around it in a player's colour: "
                                                "that player's guard holds the temple."),
            "camp": t.tr("web.legend.camp", "A little house in a player's colour: that player's camp."),
            "treasure": t.tr("web.legend.treasure", "A gold coin and a number: the treasures still to recover there."),
            "stones": t.tr("web.legend.stones", "Dots along a side are stones: crossing a border costs the stones on "
                                                "both sides in action points; a border without stones cannot be "
                                                "crossed."),
            "changed": t.tr("web.legend.changed", "A yellow outline: the spaces the last turn changed."),
            "gun": t.tr("web.legend.gun", "A bar in a player's colour on a temple: that player's machine gun."),
            "obstacle": t.tr("web.legend.obstacle", "A dark red line across a border: an obstacle (2 action points "
                                                    "more to cross)."),
        }

    def panel(self, view: GameView, seat: int) -> list[str]:
        """A player's panel: what they have left and what they hold, a line each."""
        t, w, p = self.t, self.w, view.players[seat]
        lines = [
            t.ntr("web.panel.workers", "{n} worker in the supply, {board} on the board",
                  "{n} workers in the supply, {board} on the board", p.workers_supply, board=p.workers_on_board),
            {
                "supply": t.tr("web.panel.leader_supply", "The leader is in the supply."),
                "board": t.tr("web.panel.leader_board", "The leader is on the board."),
                "guard": t.tr("web.panel.leader_guard", "The leader guards a temple."),
            }.get(p.leader) or t.tr("web.panel.leader_removed", "The leader is out of the game."),
            f"{w.camps_left(p.camps_left)} · {w.guards_left(p.guards_left)}",
        ]
        if p.removed:
            lines.append(t.ntr("web.panel.removed", "{n} figure out of the game", "{n} figures out of the game",
                               p.removed))
        if p.treasures:
            held = ", ".join(w.treasure_chip(kind, count) for kind, count in p.treasures)
            lines.append(t.tr("web.panel.treasures", "Treasures: {held}", held=held))
        else:
            lines.append(t.tr("web.panel.no_treasures", "No treasures yet."))
        return lines

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

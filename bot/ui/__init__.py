"""Persistent buttons: their custom ids carry the game, so they keep working after a restart."""

from .buttons import BUTTONS, LobbyButton, TurnButton, confirm_end_view, live_view, lobby_view

__all__ = ["BUTTONS", "LobbyButton", "TurnButton", "confirm_end_view", "live_view", "lobby_view"]

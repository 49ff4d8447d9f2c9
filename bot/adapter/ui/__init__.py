"""Persistent buttons: their custom ids carry the game, so they keep working after a restart."""

from bot.adapter.ui.buttons import BUTTONS as GAME_BUTTONS
from bot.adapter.ui.buttons import LobbyButton, TurnButton, confirm_end_view, live_view, lobby_view
from bot.adapter.ui.pages import HistoryPageButton, ResignButton, history_view, resign_view
from bot.adapter.ui.web import WebLinkButton, open_board_view, with_web_link

BUTTONS = (*GAME_BUTTONS, HistoryPageButton, ResignButton, WebLinkButton)

__all__ = ["BUTTONS", "HistoryPageButton", "LobbyButton", "ResignButton", "TurnButton", "WebLinkButton",
           "confirm_end_view", "history_view", "live_view", "lobby_view", "open_board_view", "resign_view",
           "with_web_link"]

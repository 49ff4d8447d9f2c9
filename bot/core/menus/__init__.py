"""The menus of a turn (issue 31): the legal moves of the moment as a few steps to tap — what, where, how many — built
from the engine's legal moves and the player's view, in the reader's words, independent of any widget. The Discord
adapter shows them as buttons and selects (``bot.adapter.ui.menus``); a web page can show the same steps, or start
from a space (``Menu.at``)."""

from bot.core.menus.actions import Action, Finish, actions_at, actions_of, entries_from_view
from bot.core.menus.steps import MAX_DEPTH, Choice, Menu, Path, Step, UnknownChoice, depth_of

__all__ = ["MAX_DEPTH", "Action", "Choice", "Finish", "Menu", "Path", "Step", "UnknownChoice", "actions_at",
           "actions_of", "depth_of", "entries_from_view"]

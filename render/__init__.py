"""Pictures of a Tikal game for Discord, drawn from an engine ``GameView`` with Pillow only.

In the manner of ``chess.svg.board``::

    png = render_board(engine.view(state, None))
"""

from .board import render_board
from .describe import describe
from .placement import render_placement
from .zoom import render_zoom

__all__ = ["describe", "render_board", "render_placement", "render_zoom"]

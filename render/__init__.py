"""Pictures of a Tikal game for Discord, drawn from an engine ``GameView`` with Pillow only.

In the manner of ``chess.svg.board``::

    png = render_board(engine.view(state, None))   # the channel picture, read on a phone
    png = render_detail(engine.view(state, None))  # the full-detail private picture
    gif = render_replay(replay_frames(record))      # the animated replay of a game record
"""

from .channel import render_board
from .describe import describe
from .detail import render_detail
from .frames import Frame, FrameKind, replay_frames
from .legend import legend_lines, render_legend
from .placement import render_placement
from .replay import ReplayOptions, render_replay
from .variants import legend_lines as option_legend_lines
from .zoom import render_zoom

__all__ = ["Frame", "FrameKind", "ReplayOptions", "describe", "legend_lines", "option_legend_lines", "render_board",
           "render_detail", "render_legend", "render_placement", "render_replay", "render_zoom", "replay_frames"]

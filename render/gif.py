"""An animated GIF from pictures sharing one palette, written frame by frame.

GIF plays inline in every Discord client. All frames use one global palette of 255 colours (no flicker,
no colour table per frame); index 255 is transparent. Each frame after the first is cropped to the box of
pixels that changed, and inside that box the unchanged pixels are transparent, so they leave the previous
frame showing and compress to almost nothing. Frames are encoded as they come, so only the previous
picture is held in memory, not the whole game.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from PIL import GifImagePlugin, Image, ImageChops

COLOURS: Final = 255
TRANSPARENT: Final = 255
"""The palette index no colour uses: the pixels a frame leaves unchanged."""
PALETTE_SAMPLE: Final = 4
"""Pictures are shrunk this much before choosing the palette: every colour that matters covers many pixels."""
KEEP: Final = 1
"""GIF disposal method 1: a frame stays under the next one."""
_UNCHANGED: Final = [255, *(0,) * 255]
"""Maps a difference of palette indices to a mask: 255 where the index did not change."""


def shared_palette(samples: Sequence[Image.Image]) -> Image.Image:
    """A palette image of ``COLOURS`` colours chosen from RGB pictures of the same size, side by side."""
    small = [image.reduce(PALETTE_SAMPLE) for image in samples]
    sheet = Image.new("RGB", (sum(s.width for s in small), max(s.height for s in small)))
    x = 0
    for s in small:
        sheet.paste(s, (x, 0))
        x += s.width
    return sheet.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def indexed(image: Image.Image, palette: Image.Image) -> Image.Image:
    """An RGB picture mapped onto ``palette``, each pixel to the nearest colour, without dithering."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


class GifWriter:
    """Collects indexed frames (all on one palette, all the same size) and encodes them one by one.

    A frame is written when the next one arrives, so a frame identical to the one before only adds its
    time to it.
    """

    def __init__(self, *, loop: int | None = None) -> None:
        self._out = io.BytesIO()
        self._loop = loop
        """None: no NETSCAPE2.0 extension, so players show the frames once and stop on the last; 0: forever."""
        self._previous: Image.Image | None = None
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        if self._previous is None:
            header, _ = GifImagePlugin.getheader(frame, info={} if self._loop is None else {"loop": self._loop})
            self._out.write(b"".join(header))
            self._pending = (frame, (0, 0), duration_ms)
        else:
            delta = ImageChops.subtract_modulo(frame, self._previous)
            box = delta.getbbox(alpha_only=False)
            if box is None:
                assert self._pending is not None
                image, offset, ms = self._pending
                self._pending = (image, offset, ms + duration_ms)
                return
            self._flush()
            changed = frame.copy()
            changed.paste(TRANSPARENT, mask=delta.point(_UNCHANGED, "1"))
            self._pending = (changed.crop(box), (box[0], box[1]), duration_ms)
        self._previous = frame

    def _flush(self) -> None:
        if self._pending is None:
            return
        image, offset, ms = self._pending
        for chunk in GifImagePlugin.getdata(image, offset, duration=ms, disposal=KEEP, transparency=TRANSPARENT):
            self._out.write(chunk)
        self._pending = None

    def finish(self) -> bytes:
        """The GIF's bytes; the writer is done after this."""
        self._flush()
        self._out.write(b";")
        return self._out.getvalue()

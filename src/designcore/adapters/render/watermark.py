"""The download watermark: the product name tiled diagonally over the whole page.

It is drawn by the renderer on top of everything (so the client cannot leave it out), in
document pixels (so it scales with the export and a small pixel ratio cannot shrink it away),
and tiles cover the whole page (so cropping leaves copies). Dark, semi-transparent letters
with a light, semi-transparent outline keep it visible on light and dark designs alike.
"""

from __future__ import annotations

import math

import skia

from designcore.adapters.render.fonts import FontLibrary

WATERMARK_TEXT = "designcore"
"""What the watermark says: the product name."""

WATERMARK_ANGLE = -30.0
"""Rotation of the rows, in degrees (counter-clockwise on screen)."""

WATERMARK_FILL = skia.Color4f(0.1, 0.1, 0.12, 0.30)
"""Letters: dark, 30 % opaque."""

WATERMARK_OUTLINE = skia.Color4f(1.0, 1.0, 1.0, 0.35)
"""Outline: white, 35 % opaque, so the name shows on dark backgrounds too."""

FONT_SHARE = 1 / 14
"""Letter size as a share of the page's shorter side."""

MIN_FONT_PX = 10.0
"""Smallest letter size, in document pixels."""

_FAMILIES = ("Montserrat", "Noto Sans")


def _font(fonts: FontLibrary, size: float) -> skia.Font:
    for family in (*_FAMILIES, *fonts.fallback):
        choice = fonts.choose(family, "bold", "normal")
        if choice is not None:
            return choice.font(size)
    return skia.Font(skia.Typeface.MakeDefault(), size)


def draw_watermark(canvas: skia.Canvas, width: float, height: float, fonts: FontLibrary) -> None:
    """Tile :data:`WATERMARK_TEXT` over the ``width`` x ``height`` page (document pixels)."""
    size = max(MIN_FONT_PX, min(width, height) * FONT_SHARE)
    font = _font(fonts, size)
    blob = skia.TextBlob.MakeFromString(WATERMARK_TEXT, font)
    if blob is None:  # pragma: no cover - the bundled fonts always shape ASCII
        return
    text_width = font.measureText(WATERMARK_TEXT)
    step_x = text_width + size * 1.5
    step_y = size * 3.0
    outline = skia.Paint(Color4f=WATERMARK_OUTLINE, AntiAlias=True)
    outline.setStyle(skia.Paint.kStroke_Style)
    outline.setStrokeWidth(max(1.0, size / 12))
    outline.setStrokeJoin(skia.Paint.kRound_Join)
    fill = skia.Paint(Color4f=WATERMARK_FILL, AntiAlias=True)
    # Rotated about the page centre, rows must reach every corner: cover the circle through
    # them.
    reach = math.hypot(width, height) / 2 + step_x
    canvas.save()
    canvas.clipRect(skia.Rect.MakeWH(width, height))
    canvas.translate(width / 2, height / 2)
    canvas.rotate(WATERMARK_ANGLE)
    rows = math.ceil(reach / step_y)
    columns = math.ceil(reach / step_x) + 1
    for row in range(-rows, rows + 1):
        # Alternate rows are shifted by half a step, a brick pattern.
        shift = (step_x / 2) * (row % 2)
        y = row * step_y + size / 3
        for column in range(-columns, columns + 1):
            x = column * step_x + shift - text_width / 2
            canvas.drawTextBlob(blob, x, y, outline)
            canvas.drawTextBlob(blob, x, y, fill)
    canvas.restore()

"""The download watermark: a corner mark plus a light pattern over the whole page.

The corner mark is the product name on an opaque white label in the bottom-right corner, the
part a person reads; the pattern is the same name tiled diagonally and faint, so a crop that
removes the corner still leaves copies but the design stays easy to judge. The download dialog
says exactly this ("a designcore mark in the corner and a light pattern over the design").

It is drawn by the renderer on top of everything (so the client cannot leave it out) and in
document pixels (so it scales with the export and a small pixel ratio cannot shrink it away).
Dark, faint letters with a light, faint outline keep the pattern visible on light and dark
designs alike.
"""

from __future__ import annotations

import math

import skia

from designcore.adapters.render.fonts import FontLibrary

WATERMARK_TEXT = "designcore"
"""What the watermark says: the product name."""

WATERMARK_ANGLE = -30.0
"""Rotation of the rows, in degrees (counter-clockwise on screen)."""

WATERMARK_FILL = skia.Color4f(0.1, 0.1, 0.12, 0.12)
"""Pattern letters: dark, 12 % opaque (light: the design stays readable)."""

WATERMARK_OUTLINE = skia.Color4f(1.0, 1.0, 1.0, 0.16)
"""Pattern outline: white, 16 % opaque, so the name shows on dark backgrounds too."""

CORNER_LABEL = skia.Color4f(1.0, 1.0, 1.0, 0.92)
"""The corner mark's label: white, nearly opaque."""

CORNER_TEXT = skia.Color4f(0.1, 0.1, 0.12, 1.0)
"""The corner mark's letters: dark, opaque."""

CORNER_SHARE = 1 / 22
"""Corner mark letter size as a share of the page's shorter side."""

FONT_SHARE = 1 / 14
"""Letter size as a share of the page's shorter side."""

MIN_FONT_PX = 10.0
"""Smallest letter size, in document pixels."""

LEGIBLE_PATTERN_PX = 24.0
"""Pattern letters drawn smaller than this on the output (a thumbnail-sized export) are made
up to :data:`MAX_PATTERN_BOOST` times more opaque, so shrinking the export cannot fade the
pattern away."""

MAX_PATTERN_BOOST = 3.0
"""The most the pattern's opacity is raised on small outputs (12 % becomes at most 36 %)."""

_FAMILIES = ("Montserrat", "Noto Sans")


def _font(fonts: FontLibrary, size: float) -> skia.Font:
    for family in (*_FAMILIES, *fonts.fallback):
        choice = fonts.choose(family, "bold", "normal")
        if choice is not None:
            return choice.font(size)
    return skia.Font(skia.Typeface.MakeDefault(), size)


def draw_watermark(canvas: skia.Canvas, width: float, height: float, fonts: FontLibrary) -> None:
    """Draw the light pattern and then the corner mark on the ``width`` x ``height`` page
    (document pixels)."""
    _draw_pattern(canvas, width, height, fonts)
    _draw_corner_mark(canvas, width, height, fonts)


def _draw_corner_mark(canvas: skia.Canvas, width: float, height: float, fonts: FontLibrary) -> None:
    """:data:`WATERMARK_TEXT` on an opaque label in the bottom-right corner."""
    size = max(MIN_FONT_PX, min(width, height) * CORNER_SHARE)
    font = _font(fonts, size)
    blob = skia.TextBlob.MakeFromString(WATERMARK_TEXT, font)
    if blob is None:  # pragma: no cover - the bundled fonts always shape ASCII
        return
    text_width = font.measureText(WATERMARK_TEXT)
    pad = size * 0.5
    margin = size * 0.6
    label = skia.Rect.MakeXYWH(
        width - margin - text_width - 2 * pad,
        height - margin - size - 2 * pad,
        text_width + 2 * pad,
        size + 2 * pad,
    )
    canvas.save()
    canvas.clipRect(skia.Rect.MakeWH(width, height))
    canvas.drawRRect(
        skia.RRect.MakeRectXY(label, pad, pad), skia.Paint(Color4f=CORNER_LABEL, AntiAlias=True)
    )
    canvas.drawTextBlob(
        blob,
        label.left() + pad,
        label.top() + pad + size * 0.8,
        skia.Paint(Color4f=CORNER_TEXT, AntiAlias=True),
    )
    canvas.restore()


def _draw_pattern(canvas: skia.Canvas, width: float, height: float, fonts: FontLibrary) -> None:
    """Tile :data:`WATERMARK_TEXT` faintly over the ``width`` x ``height`` page."""
    size = max(MIN_FONT_PX, min(width, height) * FONT_SHARE)
    font = _font(fonts, size)
    blob = skia.TextBlob.MakeFromString(WATERMARK_TEXT, font)
    if blob is None:  # pragma: no cover - the bundled fonts always shape ASCII
        return
    text_width = font.measureText(WATERMARK_TEXT)
    step_x = text_width + size * 1.5
    step_y = size * 3.0
    boost = _small_output_boost(canvas, size)
    outline = skia.Paint(Color4f=_more_opaque(WATERMARK_OUTLINE, boost), AntiAlias=True)
    outline.setStyle(skia.Paint.kStroke_Style)
    outline.setStrokeWidth(max(1.0, size / 12))
    outline.setStrokeJoin(skia.Paint.kRound_Join)
    fill = skia.Paint(Color4f=_more_opaque(WATERMARK_FILL, boost), AntiAlias=True)
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


def _small_output_boost(canvas: skia.Canvas, size: float) -> float:
    """How much more opaque the pattern is drawn: 1 when its letters are at least
    :data:`LEGIBLE_PATTERN_PX` high on the output, more (up to :data:`MAX_PATTERN_BOOST`) as
    the export's scale shrinks them."""
    matrix = canvas.getTotalMatrix()
    scale = math.sqrt(
        abs(matrix.getScaleX() * matrix.getScaleY() - matrix.getSkewX() * matrix.getSkewY())
    )
    drawn = size * scale
    if drawn <= 0:
        return MAX_PATTERN_BOOST
    return min(MAX_PATTERN_BOOST, max(1.0, LEGIBLE_PATTERN_PX / drawn))


def _more_opaque(colour: skia.Color4f, boost: float) -> skia.Color4f:
    return skia.Color4f(colour.fR, colour.fG, colour.fB, min(1.0, colour.fA * boost))

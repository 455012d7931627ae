"""Photo placeholders: a small gradient PNG with a pale motif, drawn with Pillow.

A template's photo slot shows one of these until the person drops in their own picture; the
editor stretches it over the slot, so a small image is enough.
"""

from __future__ import annotations

import base64
import functools
import io
from typing import Literal

from PIL import Image, ImageDraw

Motif = Literal["person", "house", "plate", "none"]
"""What the placeholder suggests: a portrait, a building, a dish, or nothing."""

SIZE = 160
"""Side of the square placeholder, in pixels."""

_SUPERSAMPLE = 4
_MOTIF_STRENGTH = 0.42


@functools.lru_cache(maxsize=64)
def placeholder_data_url(top: str, bottom: str, motif: Motif = "none") -> str:
    """A ``data:image/png`` URL of a square placeholder: a vertical gradient from ``top`` to
    ``bottom`` (``#RRGGBB``) with ``motif`` drawn in a lighter tint."""
    mask = Image.linear_gradient("L").resize((SIZE, SIZE))
    image = Image.composite(
        Image.new("RGB", (SIZE, SIZE), bottom), Image.new("RGB", (SIZE, SIZE), top), mask
    )
    shape = _motif_mask(motif)
    if shape is not None:
        tint = Image.new("RGB", (SIZE, SIZE), "#FFFFFF")
        image = Image.composite(tint, image, shape.point(lambda v: round(v * _MOTIF_STRENGTH)))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _motif_mask(motif: Motif) -> Image.Image | None:
    """The motif as an antialiased greyscale mask (drawn large, then scaled down)."""
    if motif == "none":
        return None
    side = SIZE * _SUPERSAMPLE
    mask = Image.new("L", (side, side), 0)
    draw = ImageDraw.Draw(mask)

    def box(left: float, top: float, right: float, bottom: float) -> tuple[int, int, int, int]:
        return (round(left * side), round(top * side), round(right * side), round(bottom * side))

    if motif == "person":
        draw.ellipse(box(0.35, 0.25, 0.65, 0.55), fill=255)
        draw.ellipse(box(0.18, 0.62, 0.82, 1.34), fill=255)
    elif motif == "house":
        draw.polygon(
            [(0.2 * side, 0.52 * side), (0.5 * side, 0.28 * side), (0.8 * side, 0.52 * side)],
            fill=255,
        )
        draw.rectangle(box(0.27, 0.52, 0.73, 0.8), fill=255)
        draw.rectangle(box(0.45, 0.62, 0.55, 0.8), fill=0)
    else:
        draw.ellipse(box(0.16, 0.16, 0.84, 0.84), fill=255)
        draw.ellipse(box(0.28, 0.28, 0.72, 0.72), fill=150)
    return mask.resize((SIZE, SIZE), Image.Resampling.LANCZOS)

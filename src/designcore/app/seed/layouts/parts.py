"""Pieces several layouts share: confetti, sparkles, dots, a framed photo and a little
geometry."""

from __future__ import annotations

import math
import random

from designcore.app.seed.canvas import Canvas
from designcore.app.seed.placeholder import Motif

CONFETTI_SEED = 20261101
"""Seeds the confetti's positions (with the template's slug), so every build is the same."""


def rotated(x: float, y: float, degrees: float, u: float, v: float) -> tuple[float, float]:
    """The page position of local point (u, v) of an element at (x, y) rotated by degrees."""
    theta = math.radians(degrees)
    return (
        x + u * math.cos(theta) - v * math.sin(theta),
        y + u * math.sin(theta) + v * math.cos(theta),
    )


def centred_at(
    cx: float, cy: float, width: float, height: float, degrees: float
) -> tuple[float, float]:
    """Top-left of a box of this size, rotated about its top-left, whose centre is (cx, cy)."""
    theta = math.radians(degrees)
    offset_x = width / 2 * math.cos(theta) - height / 2 * math.sin(theta)
    offset_y = width / 2 * math.sin(theta) + height / 2 * math.cos(theta)
    return (cx - offset_x, cy - offset_y)


def sparkles(c: Canvas, colour: str, spots: tuple[tuple[float, float, float], ...]) -> None:
    """Small stars at (x, y, size) spots."""
    for x, y, size in spots:
        c.shape("star", x, y, size, size, fill=colour, opacity=0.9)


def confetti(c: Canvas, count: int, *, keep_out: tuple[float, float]) -> None:
    """Scatter small shapes around the edges, leaving the band ``keep_out`` = (top, bottom)
    clear in the middle of the page."""
    rng = random.Random(f"{CONFETTI_SEED}:{c.slug}")
    colours = c.palette.party
    for index in range(count):
        side = index % 4
        if side == 0:
            x, y = rng.uniform(30, c.width - 60), rng.uniform(20, keep_out[0])
        elif side == 1:
            x, y = rng.uniform(30, c.width - 60), rng.uniform(keep_out[1], c.height - 40)
        elif side == 2:
            x, y = rng.uniform(15, 70), rng.uniform(40, c.height - 60)
        else:
            x, y = rng.uniform(c.width - 80, c.width - 30), rng.uniform(40, c.height - 60)
        colour = colours[index % len(colours)]
        shape = index % 5
        if shape == 0:
            c.circle(x, y, rng.uniform(12, 26), fill=colour, opacity=0.9)
        elif shape == 1:
            size = rng.uniform(22, 40)
            c.shape("star", x, y, size, size, fill=colour, rotation=rng.uniform(0, 40))
        elif shape == 2:
            c.rect(
                x, y, 10, rng.uniform(24, 34), fill=colour, radius=4, rotation=rng.uniform(0, 180)
            )
        elif shape == 3:
            size = rng.uniform(18, 28)
            c.shape("triangle", x, y, size, size, fill=colour, rotation=rng.uniform(0, 120))
        else:
            c.circle(x, y, rng.uniform(16, 30), fill=None, stroke=colour, stroke_width=4)


def dots(c: Canvas, x: float, y: float, rows: int, columns: int, *, colour: str) -> None:
    """A small grid of dots, a common accent in corners."""
    for row in range(rows):
        for column in range(columns):
            c.circle(x + column * 34, y + row * 34, 10, fill=colour, opacity=0.45)


def framed_photo(
    c: Canvas,
    box: tuple[float, float, float, float],
    *,
    colours: tuple[str, str],
    motif: Motif,
    offset: float = 26,
    radius: float = 28,
) -> None:
    """The photo slot ``box`` (x, y, width, height) with an accent outline offset behind it."""
    x, y, width, height = box
    c.rect(
        x + offset,
        y + offset,
        width,
        height,
        fill=None,
        stroke=c.palette.accent,
        stroke_width=5,
        radius=radius,
    )
    c.image("photo", x, y, width, height, colours=colours, radius=radius, motif=motif)

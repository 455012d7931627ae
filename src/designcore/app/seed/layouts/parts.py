"""Pieces several layouts share: buttons, confetti, sparkles and a little geometry."""

from __future__ import annotations

import math
import random

from designcore.app.seed.canvas import Canvas, Look

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


def pill(
    c: Canvas,
    key: str,
    y: float,
    *,
    width: float,
    height: float,
    fill: str,
    text_fill: str,
    size: float = 30,
    x: float | None = None,
) -> None:
    """A rounded button with its text centred in it (left edge ``x``; centred when ``None``)."""
    left = (c.width - width) / 2 if x is None else x
    c.rect(left, y, width, height, fill=fill, radius=height / 2)
    look = Look(c.fonts.body, size, text_fill, weight="bold", spacing=0.04, line_height=1.15)
    c.text(
        key,
        y,
        x=left + height * 0.4,
        width=width - height * 0.8,
        look=look,
        height=height,
        vertical_align="middle",
    )


def hugging_pill_width(c: Canvas, key: str, size: float, *, padding: float, most: float) -> float:
    """The width of a button that hugs the text of ``key`` set bold at ``size``."""
    look = Look(c.fonts.body, size, "#000000", weight="bold", spacing=0.04)
    return min(most, c.line_width(c[key], look) + 2 * padding)


def dots(c: Canvas, x: float, y: float, rows: int, columns: int, *, colour: str) -> None:
    """A small grid of dots, a common accent in corners."""
    for row in range(rows):
        for column in range(columns):
            c.circle(x + column * 34, y + row * 34, 10, fill=colour, opacity=0.45)

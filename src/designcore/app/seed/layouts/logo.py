"""Starter logos: an emblem drawn from shapes above the brand name and a tagline, the whole
composition centred on a 1000x1000 page."""

from __future__ import annotations

import math

from designcore.app.seed.canvas import Canvas, Look
from designcore.app.seed.layouts.parts import centred_at, rotated


def _words(c: Canvas, top: float, *, script: bool = False) -> None:
    """The brand name and the tagline under the emblem, then everything centred vertically."""
    p, f = c.palette, c.fonts
    if script:
        name = Look(f.script, 120, p.ink, line_height=1.15)
    else:
        name = Look(f.display, 92, p.ink, line_height=1.1, spacing=0.04)
    used = c.text("brand_name", top, x=60, width=c.width - 120, look=name)
    tagline = Look(f.body, 30, p.soft, weight="bold", spacing=0.3)
    c.text("tagline", top + used + 26, x=100, width=c.width - 200, look=tagline)
    first, last = c.vertical_extent()
    c.shift_all(round((c.height - last - first) / 2, 2))


def badge(c: Canvas) -> None:
    """A ringed seal with a star and a crown of dots."""
    p = c.palette
    cx, cy, ring = 500.0, 330.0, 420.0
    c.circle(cx - ring / 2, cy - ring / 2, ring, fill=None, stroke=p.accent, stroke_width=10)
    c.circle(cx - 175, cy - 175, 350, fill=p.surface)
    for index in range(16):
        angle = 2 * math.pi * index / 16
        c.circle(cx + 248 * math.cos(angle) - 7, cy + 248 * math.sin(angle) - 7, 14, fill=p.accent)
    c.shape("star", cx - 105, cy - 110, 210, 210, fill=p.accent)
    _words(c, 610)


def cross(c: Canvas) -> None:
    """A cross in a disc with radiating rays."""
    p = c.palette
    cx, cy = 500.0, 320.0
    for index in range(16):
        degrees = 360 * index / 16
        x, y = rotated(cx, cy, degrees, 190, -3)
        c.line(x, y, 60 if index % 2 == 0 else 36, color=p.accent, thickness=6, rotation=degrees)
    c.circle(cx - 170, cy - 170, 340, fill=p.surface)
    c.rect(cx - 20, cy - 130, 40, 260, fill=p.accent, radius=6)
    c.rect(cx - 85, cy - 70, 170, 40, fill=p.accent, radius=6)
    _words(c, 590)


def bowl(c: Canvas) -> None:
    """A steaming bowl."""
    p = c.palette
    c.circle(290, 150, 420, fill=p.surface)
    c.rect(270, 120, 460, 240, fill=p.background)
    for x, y, tilt in ((420, 170, -8), (485, 140, 0), (550, 170, 8)):
        c.rect(x, y, 28, 130, fill=p.accent, radius=14, rotation=tilt)
    c.rect(260, 345, 480, 28, fill=p.accent, radius=14)
    c.rect(430, 566, 140, 22, fill=p.surface, radius=11)
    _words(c, 640)


def diamonds(c: Canvas) -> None:
    """Three interlocking diamonds."""
    p = c.palette
    for index, (colour, opacity) in enumerate(((p.surface, 1.0), (p.accent, 0.88), (p.soft, 0.8))):
        c.shape("diamond", 260 + index * 120, 150, 240, 300, fill=colour, opacity=opacity)
    _words(c, 540)


def route(c: Canvas) -> None:
    """A hexagon with a forward arrow and speed lines."""
    p = c.palette
    c.shape("hexagon", 360, 120, 360, 380, fill=p.surface)
    x, y = centred_at(560, 310, 190, 160, 90)
    c.shape("triangle", x, y, 190, 160, fill=p.accent, rotation=90)
    for index, length in enumerate((170, 120, 190)):
        c.rect(450 - length, 262 + index * 40, length, 18, fill=p.accent, radius=9)
    _words(c, 570)


def leaf(c: Canvas) -> None:
    """Two leaves and a dewdrop."""
    p = c.palette
    for cx, degrees, colour in ((440.0, -28.0, p.surface), (560.0, 28.0, p.accent)):
        x, y = centred_at(cx, 300, 170, 320, degrees)
        c.shape("circle", x, y, 170, 320, fill=colour, rotation=degrees, opacity=0.92)
    c.rect(497, 380, 6, 120, fill=p.ink, radius=3)
    c.circle(482, 470, 36, fill=p.ink)
    _words(c, 560, script=True)


def hanger(c: Canvas) -> None:
    """A clothes hanger drawn with a ring, a stem and a triangle."""
    p = c.palette
    c.circle(460, 110, 80, fill=None, stroke=p.accent, stroke_width=12)
    c.rect(494, 184, 12, 66, fill=p.accent, radius=6)
    c.shape("triangle", 230, 250, 540, 240, fill=p.surface, stroke=p.accent, stroke_width=14)
    _words(c, 580)

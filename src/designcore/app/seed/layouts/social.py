"""Social media posts: a pull quote, a hiring call, an announcement, festive greetings and
a motivational stack."""

from __future__ import annotations

import functools

from designcore.app.seed.canvas import Canvas, Flow, Look
from designcore.app.seed.layouts.parts import centred_at, dots, sparkles


def quote(c: Canvas) -> None:
    """A pull quote with drawn quotation marks, a rule and the author."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width - 460, height - 460, 760, fill=p.surface, opacity=0.7)
    c.circle(width - 250, 70, 180, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    c.circle(width - 190, 130, 60, fill=p.accent, opacity=0.5)
    mark_y = c.pick(170, 120, 300)
    for offset in (0, 96):
        c.circle(90 + offset, mark_y + 50, 72, fill=p.accent)
        x, y = centred_at(90 + offset + 48, mark_y + 34, 34, 74, 32)
        c.shape("triangle", x, y, 34, 74, fill=p.accent, rotation=32)
    length = len(c["quote"])
    if length < 40:
        size = c.pick(120, 100, 140)
    elif length < 110:
        size = c.pick(62, 56, 80)
    else:
        size = c.pick(52, 46, 60)
    flow = Flow(c)
    flow.text("quote", Look(f.serif, size, p.ink, align="left", line_height=1.3))
    flow.text(
        "translation",
        Look(f.body, c.pick(32, 30, 38), p.soft, style="italic", align="left", line_height=1.4),
    )
    flow.block(6, lambda y: c.line(90, y, 140, color=p.accent, thickness=6))
    flow.text(
        "author",
        Look(f.body, c.pick(30, 28, 34), p.accent, weight="bold", align="left", spacing=0.15),
    )
    flow.place(mark_y + 160, height - c.pick(200, 170, 300), max_gap=48)
    if c.has("handle"):
        look = Look(f.body, c.pick(26, 26, 30), p.soft, weight="bold", align="left", spacing=0.05)
        c.text("handle", height - c.pick(110, 96, 160), x=90, width=width - 180, look=look)


def hiring(c: Canvas) -> None:
    """A loud hiring headline, the role as a pill, the requirements card and how to apply."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width - 420, 60, 560, fill=None, stroke=p.accent, stroke_width=4, opacity=0.7)
    c.circle(width - 350, 130, 420, fill=p.surface, opacity=0.6)
    dots(c, width - 200, height - 220, 4, 4, colour=p.soft)
    left, column = 90.0, width - 180

    look = functools.partial(Look, align="left")
    flow = Flow(c)
    flow.text(
        "brand", look(f.body, 28, p.accent, weight="bold", spacing=0.25), x=left, width=column
    )
    flow.text(
        "headline",
        look(f.display, c.pick(170, 130, 200), p.ink, line_height=0.95),
        x=left,
        width=column - 120,
    )
    button = c.pick(84, 74, 96)
    role_size = c.pick(34, 30, 40)
    role_width = c.pill_width("role", role_size, padding=button * 0.6, most=column)
    flow.pill(
        "role",
        width=role_width,
        height=button,
        fill=p.accent,
        text_fill=p.on_accent,
        size=role_size,
        x=left,
    )
    details = c.fit(
        c["details"], look(f.body, c.pick(30, 28, 36), p.ink, line_height=1.5), column - 80
    )
    card = c.text_height(c["details"], details, column - 80) + 60

    def requirements(y: float) -> None:
        c.rect(left, y, column, card, fill=p.surface, radius=26, opacity=0.9)
        c.text("details", y + 30, x=left + 40, width=column - 80, look=details)

    flow.block(card, requirements)
    flow.text(
        "location", look(f.body, c.pick(28, 26, 34), p.soft, weight="bold"), x=left, width=column
    )
    flow.text(
        "cta", look(f.body, c.pick(30, 28, 36), p.accent, weight="bold"), x=left, width=column
    )
    flow.text("phone", look(f.body, c.pick(28, 26, 32), p.ink), x=left, width=column)
    flow.text("date", look(f.body, c.pick(28, 26, 32), p.ink), x=left, width=column)
    flow.place(c.pick(80, 60, 160), height - c.pick(80, 56, 160), max_gap=46)


def announcement(c: Canvas) -> None:
    """A header band, a centred statement, the date in a pill and the sender at the foot."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    band = c.pick(130, 110, 160)
    c.rect(0, 0, width, band, fill=p.accent)
    kicker = Look(f.body, c.pick(32, 28, 38), p.on_accent, weight="bold", spacing=0.3)
    c.text("kicker", 0, x=60, width=width - 120, look=kicker, height=band, vertical_align="middle")
    c.shape("triangle", -120, height - 300, 420, 360, fill=p.surface, opacity=0.8)
    c.shape("triangle", width - 260, height - 240, 360, 300, fill=p.accent, opacity=0.25)
    c.circle(width - 220, band + 60, 140, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    flow = Flow(c)
    flow.text("headline", Look(f.display, c.pick(116, 92, 140), p.ink, line_height=1.05))
    flow.block(6, lambda y: c.line(width / 2 - 80, y, 160, color=p.accent, thickness=6))
    flow.text("message", Look(f.body, c.pick(34, 30, 42), p.soft, line_height=1.5), x=120)
    button = c.pick(84, 74, 96)
    if c.has("date"):
        flow.pill(
            "date",
            width=width - 360,
            height=button,
            fill=p.surface,
            text_fill=p.ink,
            size=c.pick(30, 28, 34),
        )
    footer = Flow(c)
    footer.text(
        "brand", Look(f.body, c.pick(30, 28, 34), p.ink, weight="bold", spacing=0.08), x=200
    )
    footer.text("phone", Look(f.body, c.pick(26, 26, 30), p.soft), x=200)
    bottom = height - c.pick(70, 60, 110)
    footer_top = bottom - c.pick(100, 90, 110)
    flow.place(band + c.pick(80, 60, 160), footer_top - c.pick(70, 50, 120), max_gap=56)
    footer.place(footer_top, bottom, min_gap=8, max_gap=12)


def crescent_greeting(c: Canvas) -> None:
    """A crescent moon with stars and hanging lanterns over a festive greeting."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    moon = c.pick(380, 320, 440)
    moon_x, moon_y = width - moon - 110, c.pick(110, 80, 200)
    c.circle(moon_x - 40, moon_y - 40, moon + 80, fill=p.accent, opacity=0.12)
    c.circle(moon_x, moon_y, moon, fill=p.accent)
    c.circle(moon_x + moon * 0.26, moon_y - moon * 0.08, moon * 0.9, fill=p.background)
    spots = (
        (moon_x - 90, moon_y + 40, 46),
        (moon_x + 40, moon_y + moon * 0.8, 30),
        (200, height * 0.3, 26),
    )
    sparkles(c, p.accent, spots)
    for index, drop in enumerate((170, 250, 130, 210, 160)):
        x = 100 + index * 70
        c.line(x + 1.5, 0, drop, color=p.soft, thickness=3, rotation=90, opacity=0.7)
        c.shape("hexagon", x - 16, drop, 36, 44, fill=p.accent if index % 2 == 0 else p.surface)
    flow = Flow(c)
    flow.text("headline", Look(f.script, c.pick(118, 96, 140), p.ink, line_height=1.1))
    flow.text("subheading", Look(f.body, c.pick(32, 28, 38), p.accent, weight="bold", spacing=0.25))
    flow.text(
        "message",
        Look(f.serif, c.pick(36, 30, 42), p.soft, style="italic", line_height=1.45),
        x=130,
    )
    rule_y = height - c.pick(170, 150, 240)
    flow.place(moon_y + moon + 40, rule_y - 40, max_gap=50)
    c.rect(0, rule_y, width, 4, fill=p.accent, opacity=0.5)
    footer = Flow(c)
    footer.text("brand", Look(f.body, c.pick(30, 28, 36), p.ink, weight="bold", spacing=0.1), x=100)
    footer.text("handle", Look(f.body, c.pick(26, 26, 30), p.soft), x=100)
    footer.place(rule_y + 20, height - c.pick(40, 30, 80), min_gap=6, max_gap=12)


def flag_greeting(c: Canvas) -> None:
    """Green-white-green stripes like the Nigerian flag, the greeting in the white band."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    stripe = width / 3 * 0.62
    c.rect(0, 0, stripe, height, fill=p.surface)
    c.rect(width - stripe, 0, stripe, height, fill=p.surface)
    for index in range(6):
        y = 90 + index * (height - 180) / 5
        c.circle(stripe / 2 - 14, y, 28, fill="#FFFFFF", opacity=0.25)
        c.circle(width - stripe / 2 - 14, y, 28, fill="#FFFFFF", opacity=0.25)
    c.shape("star", width / 2 - 40, c.pick(100, 70, 190), 80, 80, fill=p.accent)
    left, column = stripe + 40, width - 2 * stripe - 80
    flow = Flow(c)
    flow.text(
        "kicker",
        Look(f.body, c.pick(28, 26, 34), p.accent, weight="bold", spacing=0.2),
        x=left,
        width=column,
    )
    flow.text(
        "headline",
        Look(f.display, c.pick(96, 76, 112), p.accent, line_height=1.0),
        x=left,
        width=column,
    )
    flow.text(
        "subheading",
        Look(f.serif, c.pick(44, 38, 52), p.ink, style="italic"),
        x=left,
        width=column,
    )
    flow.block(6, lambda y: c.line(width / 2 - 60, y, 120, color=p.accent, thickness=6))
    flow.text(
        "message",
        Look(f.body, c.pick(30, 28, 36), p.soft, line_height=1.45),
        x=left,
        width=column,
    )
    flow.text(
        "brand",
        Look(f.body, c.pick(28, 26, 32), p.ink, weight="bold", spacing=0.06),
        x=left,
        width=column,
    )
    flow.text("handle", Look(f.body, c.pick(26, 24, 28), p.soft), x=left, width=column)
    flow.place(c.pick(220, 170, 340), height - c.pick(80, 60, 160), max_gap=48)


def motivational(c: Canvas) -> None:
    """Stacked bold words with the key line highlighted and underlined."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width - 520, -260, 820, fill=None, stroke=p.surface, stroke_width=46, opacity=0.8)
    c.circle(width - 170, height - 190, 90, fill=p.accent, opacity=0.9)
    c.circle(width - 260, height - 120, 40, fill=None, stroke=p.accent, stroke_width=4)
    left, column = 90.0, width - 180
    size = c.pick(140, 112, 170)
    flow = Flow(c)
    flow.text(
        "kicker",
        Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", align="left", spacing=0.3),
        x=left,
        width=column,
    )
    flow.text(
        "headline",
        Look(f.display, size, p.ink, align="left", line_height=1.0),
        x=left,
        width=column,
    )
    highlight = c.fit(
        c["highlight"], Look(f.display, size * 0.8, p.accent, align="left", line_height=1.0), column
    )
    highlight_height = c.text_height(c["highlight"], highlight, column)

    def underlined(y: float) -> None:
        c.text("highlight", y, x=left, width=column, look=highlight)
        c.rect(left, y + highlight_height + 8, 320, 14, fill=p.accent, radius=7)

    flow.block(highlight_height + 22, underlined)
    flow.text(
        "message",
        Look(f.serif, c.pick(36, 30, 42), p.soft, style="italic", align="left", line_height=1.4),
        x=left,
        width=column - 140,
    )
    flow.place(height * c.pick(0.14, 0.1, 0.2), height - c.pick(200, 160, 300), max_gap=50)
    c.line(left, height - c.pick(140, 116, 220), 90, color=p.accent, thickness=5)
    handle = Look(f.body, c.pick(28, 26, 32), p.ink, weight="bold", align="left", spacing=0.05)
    c.text("handle", height - c.pick(115, 92, 195), x=left, width=column, look=handle)

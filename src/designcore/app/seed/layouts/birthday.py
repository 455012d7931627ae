"""Birthday designs: a giant age numeral, a framed portrait, a kids' party with balloons and a
surprise-party gift box."""

from __future__ import annotations

from designcore.app.seed.canvas import Canvas, Flow, Look
from designcore.app.seed.layouts.parts import confetti, framed_photo
from designcore.domain.text_layout import Align


def number(c: Canvas) -> None:
    """A giant age numeral in a ringed disc, framed by confetti."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    confetti(c, int(c.pick(30, 24, 38)), keep_out=(height * 0.09, height * 0.91))
    numeral = c.pick(280, 220, 340)
    disc = numeral * 1.32
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(92, 76, 110), p.accent), x=120)

    def age(y: float) -> None:
        left = width / 2 - disc / 2
        c.circle(left - 16, y - 16, disc + 32, fill=None, stroke=p.accent, stroke_width=3)
        c.circle(left, y, disc, fill=p.surface)
        look = Look(f.display, numeral, p.ink, line_height=1.0)
        c.text(
            "age", y, x=left + 20, width=disc - 40, look=look, height=disc, vertical_align="middle"
        )

    flow.block(disc, age)
    flow.text("name", Look(f.display, c.pick(92, 74, 110), p.ink, spacing=0.05, line_height=1.0))
    flow.text("subheading", Look(f.serif, c.pick(40, 34, 46), p.accent, style="italic"), x=120)
    flow.text("message", Look(f.body, c.pick(30, 28, 34), p.soft, line_height=1.45), x=140)
    flow.text("phone", Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", spacing=0.05))
    flow.text("signoff", Look(f.serif, c.pick(30, 28, 34), p.accent, style="italic"))
    flow.place(height * 0.1, height * 0.9, max_gap=60)


def photo(c: Canvas) -> None:
    """A framed portrait with a star age badge and the wishes beside it (or below, on tall
    pages)."""
    p, f, width, height = c.palette, c.fonts, float(c.width), float(c.height)
    confetti(c, 16, keep_out=(60, height - 60))
    stacked = c.format == "story"
    if stacked:
        photo_w, photo_h = width - 300, height * 0.42
        photo_x, photo_y = 150.0, height * 0.08
    else:
        photo_w, photo_h = width * 0.44, height - 260
        photo_x, photo_y = 80.0, 130.0
    framed_photo(
        c, (photo_x, photo_y, photo_w, photo_h), colours=(p.surface, p.accent), motif="person"
    )
    star = 220.0
    star_x, star_y = photo_x + photo_w - star * 0.7, photo_y + photo_h - star * 0.7
    c.shape("star", star_x, star_y, star, star, fill=p.accent)
    age = Look(f.display, star * 0.34, p.on_accent, line_height=1.0)
    c.text(
        "age",
        star_y + star * 0.24,
        x=star_x + star * 0.25,
        width=star * 0.5,
        look=age,
        height=star * 0.5,
        vertical_align="middle",
    )
    if stacked:
        left, column = 100.0, width - 200
        top, bottom = photo_y + photo_h + star * 0.4, height - 80
        align: Align = "center"
    else:
        left = photo_x + photo_w + 80
        column = width - left - 60
        top, bottom = 110.0, height - 110
        align = "left"
    flow = Flow(c)

    def add(key: str, look: Look) -> None:
        flow.text(key, look.aligned(align), x=left, width=column)

    add("kicker", Look(f.script, c.pick(72, 60, 84), p.accent))
    add("name", Look(f.display, c.pick(96, 84, 112), p.ink, line_height=1.0))
    add("message", Look(f.body, c.pick(30, 28, 36), p.soft, line_height=1.45))
    add("greeting", Look(f.serif, c.pick(34, 30, 40), p.accent, style="italic"))
    add("handle", Look(f.body, 26, p.soft, weight="bold", spacing=0.05))
    flow.place(top, bottom, max_gap=50)


def kids_party(c: Canvas) -> None:
    """Balloons, a scalloped top edge, a star age badge and a party details card."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    colours = p.confetti or (p.surface, p.accent)
    for index in range(9):
        c.circle(index * 135 - 30, -80, 150, fill=colours[index % len(colours)])
    balloons = (
        (40, 150, 0, -8),
        (170, 120, 1, 6),
        (width - 190, 140, 2, 8),
        (width - 320, 110, 3, -5),
    )
    for x, y, colour, tilt in balloons:
        string = c.pick(200, 140, 260)
        c.line(x + 65, y + 168, string, color=p.soft, thickness=3, rotation=90 + tilt)
        c.shape("circle", x, y, 130, 165, fill=colours[colour % len(colours)], rotation=tilt)
        c.circle(x + 28, y + 30, 26, fill="#FFFFFF", opacity=0.45)
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(64, 56, 76), p.surface), x=330, width=width - 660)
    flow.text(
        "name",
        Look(f.display, c.pick(140, 124, 160), p.ink, weight="bold", line_height=1.0),
        x=330,
        width=width - 660,
    )
    flow.text("subheading", Look(f.body, c.pick(38, 32, 46), p.surface, weight="bold"))
    star = c.pick(260, 220, 300)

    def badge(y: float) -> None:
        c.shape("star", width / 2 - star / 2, y, star, star, fill=p.accent)
        look = Look(f.display, star * 0.36, "#FFFFFF", weight="bold", line_height=1.0)
        c.text(
            "age",
            y + star * 0.26,
            x=width / 2 - star * 0.25,
            width=star * 0.5,
            look=look,
            height=star * 0.5,
            vertical_align="middle",
        )

    flow.block(star, badge)
    size = c.pick(36, 32, 42)
    date = Look(f.body, size, p.ink, weight="bold")
    time = Look(f.body, size * 0.85, p.soft)
    venue = Look(f.body, size * 0.8, p.soft, line_height=1.3)
    inner = width - 300
    heights = [
        c.text_height(c[key], look, inner)
        for key, look in (("date", date), ("time", time), ("venue", venue))
    ]
    card = sum(heights) + 2 * 14 + 2 * 36

    def details(y: float) -> None:
        c.rect(
            110, y, width - 220, card, fill="#FFFFFF", radius=32, stroke=p.surface, stroke_width=4
        )
        top = y + 36
        for key, look, used in zip(
            ("date", "time", "venue"), (date, time, venue), heights, strict=True
        ):
            c.text(key, top, x=150, width=inner, look=look)
            top += used + 14

    flow.block(card, details)
    button = c.pick(86, 76, 100)
    flow.pill(
        "phone",
        width=width - 280,
        height=button,
        fill=p.surface,
        text_fill="#FFFFFF",
        size=c.pick(28, 26, 32),
    )
    flow.place(c.pick(150, 120, 260), height - c.pick(60, 40, 120), max_gap=50)


def surprise(c: Canvas) -> None:
    """A gift box with a bow, sparkles and a hush-hush invitation."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    top, bottom = c.pick(80, 60, 150), height - c.pick(70, 50, 140)
    confetti(c, 18, keep_out=(top - 10, bottom + 10))
    box = c.pick(300, 240, 360)

    def gift(y: float) -> None:
        left = width / 2 - box / 2
        lid = box * 0.24
        for dx in (-0.36, 0.02):
            c.circle(width / 2 + box * dx, y, box * 0.34, fill=None, stroke=p.soft, stroke_width=14)
        c.rect(
            left + box * 0.06, y + box * 0.3 + lid, box * 0.88, box * 0.6, fill=p.accent, radius=10
        )
        c.rect(left, y + box * 0.3, box, lid, fill=p.accent, radius=10)
        c.rect(left, y + box * 0.3 + lid - 8, box, 8, fill=p.ink, opacity=0.15)
        c.rect(width / 2 - box * 0.08, y + box * 0.3, box * 0.16, box * 0.84, fill=p.soft)
        c.circle(width / 2 - box * 0.07, y + box * 0.26, box * 0.14, fill=p.soft)
        for dx, dy, size in (
            (-0.8, 0.05, 0.14),
            (0.7, 0.12, 0.11),
            (-0.72, 0.62, 0.09),
            (0.76, 0.7, 0.12),
        ):
            c.shape(
                "star", width / 2 + box * dx, y + box * dy, box * size, box * size, fill=p.accent
            )

    flow = Flow(c)
    flow.block(box * 1.14, gift)
    flow.text("kicker", Look(f.script, c.pick(70, 58, 84), p.accent))
    flow.text("headline", Look(f.display, c.pick(118, 92, 140), p.ink, line_height=1.0))
    flow.text("name", Look(f.serif, c.pick(46, 38, 54), p.accent, style="italic"))
    flow.text("date", Look(f.body, c.pick(34, 30, 40), p.ink, weight="bold"))
    flow.text("venue", Look(f.body, c.pick(30, 28, 36), p.soft, line_height=1.35), x=140)
    flow.text("message", Look(f.serif, c.pick(30, 28, 34), p.soft, style="italic"))
    flow.text("phone", Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", spacing=0.05))
    flow.place(top, bottom, max_gap=46)

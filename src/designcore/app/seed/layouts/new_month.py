"""New month greetings: the month over a rising arc, on a raised card, or beside its outlined
number."""

from __future__ import annotations

from designcore.app.seed.canvas import Canvas, Flow, Look
from designcore.app.seed.layouts.parts import dots, sparkles


def arc(c: Canvas) -> None:
    """A huge arc rising from the bottom, the month in display type above it and the brand
    on the arc."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    horizon = height * c.pick(0.62, 0.6, 0.64)
    diameter = width * 1.6
    left = (width - diameter) / 2
    c.circle(
        left - 40,
        horizon - 40,
        diameter + 80,
        fill=None,
        stroke=p.accent,
        stroke_width=3,
        opacity=0.6,
    )
    c.circle(left, horizon, diameter, fill=p.surface)
    c.circle(-140, -140, 380, fill=p.surface, opacity=0.5)
    sparkles(c, p.accent, ((width - 100, 54, 44), (width - 64, 130, 22), (40, horizon - 110, 28)))
    flow = Flow(c)
    flow.text("greeting", Look(f.body, c.pick(30, 28, 36), p.accent, weight="bold", spacing=0.18))
    flow.text("kicker", Look(f.script, c.pick(100, 84, 120), p.ink))
    month = c.pick(200, 160, 230) * (1.0 if "\n" not in c["month"] else 0.72)
    flow.text("month", Look(f.display, month, p.ink, line_height=1.0, spacing=0.04))
    flow.text(
        "message", Look(f.serif, c.pick(36, 32, 44), p.soft, style="italic", line_height=1.4), x=120
    )
    flow.place(height * 0.07, horizon - 70, max_gap=40)
    after = Flow(c)
    after.text("brand", Look(f.body, c.pick(36, 32, 42), p.ink, weight="bold", spacing=0.1))
    after.text("handle", Look(f.body, c.pick(28, 26, 32), p.soft))
    after.place(horizon + c.pick(150, 120, 220), height - 60, max_gap=24)


def card(c: Canvas) -> None:
    """A raised card with an offset shadow block holding the greeting."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    margin = 80
    c.circle(-150, -150, 460, fill=p.accent, opacity=0.22)
    c.circle(width - 300, height - 330, 520, fill=p.accent, opacity=0.16)
    inner_w, inner_h = width - 2 * margin, height - 2 * margin
    c.rect(margin + 26, margin + 26, inner_w, inner_h, fill=p.accent, radius=40)
    c.rect(margin, margin, inner_w, inner_h, fill=p.surface, radius=40)
    sparkles(c, p.accent, ((width - margin - 110, margin + 60, 44), (margin + 60, margin + 90, 26)))
    inner = margin + 70
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(84, 70, 100), p.accent), x=inner)
    flow.text("month", Look(f.display, c.pick(176, 140, 210), p.ink, line_height=1.0), x=inner)
    flow.block(10, lambda y: c.line(width / 2 - 100, y + 3, 200, color=p.accent, thickness=4))
    flow.text("message", Look(f.serif, c.pick(36, 32, 44), p.ink, line_height=1.45), x=inner)
    flow.text(
        "greeting",
        Look(f.body, c.pick(28, 26, 34), p.accent, weight="bold", spacing=0.12),
        x=inner,
    )
    footer = Flow(c)
    footer.text(
        "brand", Look(f.body, c.pick(32, 30, 38), p.ink, weight="bold", spacing=0.08), x=inner
    )
    footer.text("handle", Look(f.body, c.pick(26, 24, 30), p.soft), x=inner)
    bottom = height - margin - 50
    footer_top = bottom - c.pick(100, 90, 110)
    flow.place(margin + 70, footer_top - 40, max_gap=c.pick(56, 40, 110))
    footer.place(footer_top, bottom, min_gap=8, max_gap=12)


def numeral(c: Canvas) -> None:
    """An outlined month number behind left-aligned type, and a footer band."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    size = c.pick(460, 380, 560)
    numeral_y = c.pick(40, 20, 110)
    outline = Look(f.display, size, "rgba(0,0,0,0)", align="right", line_height=1.0)
    numeral_height = c.text(
        "month_number",
        numeral_y,
        x=width - 700,
        width=640,
        look=outline,
        stroke=p.accent,
        stroke_width=4,
    )
    flow_top = numeral_y + numeral_height
    c.rect(80, flow_top + 10, 12, 140, fill=p.accent)
    dots(c, 110, 90, 3, 5, colour=p.soft)
    band = c.pick(150, 130, 180)
    c.circle(
        width - 260,
        height - band - 230,
        300,
        fill=None,
        stroke=p.accent,
        stroke_width=3,
        opacity=0.5,
    )
    c.circle(width - 180, height - band - 160, 160, fill=p.surface, opacity=0.6)
    left, column = 120.0, width - 240
    flow = Flow(c)
    flow.text(
        "kicker", Look(f.script, c.pick(92, 76, 120), p.ink, align="left"), x=left, width=column
    )
    flow.text(
        "month",
        Look(f.display, c.pick(170, 136, 220), p.ink, align="left", line_height=1.0, spacing=0.03),
        x=left,
        width=column,
    )
    flow.text(
        "message",
        Look(f.serif, c.pick(36, 30, 48), p.soft, style="italic", align="left", line_height=1.4),
        x=left,
        width=column - 120,
    )
    flow.text(
        "greeting",
        Look(f.body, c.pick(28, 26, 34), p.accent, weight="bold", align="left", spacing=0.14),
        x=left,
        width=column,
    )
    flow.place(flow_top, height - band - 60, max_gap=c.pick(44, 30, 80))
    c.rect(0, height - band, width, band, fill=p.surface)
    brand = Look(f.body, c.pick(32, 30, 36), p.ink, weight="bold", align="left")
    c.text(
        "brand",
        height - band,
        x=80,
        width=width / 2 - 80,
        look=brand,
        height=band,
        vertical_align="middle",
    )
    if c.has("handle"):
        handle = Look(f.body, c.pick(26, 24, 30), p.soft, align="right")
        c.text(
            "handle",
            height - band,
            x=width / 2,
            width=width / 2 - 80,
            look=handle,
            height=band,
            vertical_align="middle",
        )

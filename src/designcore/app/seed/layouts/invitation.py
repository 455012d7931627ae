"""Formal invitations: a double frame with diamond corners and a centred serif hierarchy
(church services, choir concerts, milestone birthdays)."""

from __future__ import annotations

from designcore.app.seed.canvas import Canvas, Flow, Look


def framed(c: Canvas) -> None:
    """An elegant double frame around a kicker, headline, message and the event details."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width / 2 - 420, -560, 840, fill=p.surface, opacity=0.7)
    c.circle(width / 2 - 340, height - 220, 680, fill=p.surface, opacity=0.5)
    c.rect(40, 40, width - 80, height - 80, fill=None, stroke=p.accent, stroke_width=3)
    c.rect(
        58, 58, width - 116, height - 116, fill=None, stroke=p.accent, stroke_width=1, opacity=0.6
    )
    for cx, cy in ((41, 41), (width - 41, 41), (41, height - 41), (width - 41, height - 41)):
        c.shape("diamond", cx - 18, cy - 18, 36, 36, fill=p.accent)
    c.shape("star", width / 2 - 22, c.pick(96, 84, 130), 44, 44, fill=p.accent)
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(64, 54, 76), p.accent))
    flow.text("headline", Look(f.display, c.pick(104, 84, 124), p.ink, line_height=1.05), x=110)
    flow.text("name", Look(f.serif, c.pick(50, 42, 60), p.accent, style="italic"), x=110)
    flow.text(
        "subheading",
        Look(f.serif, c.pick(44, 38, 52), p.accent, style="italic", line_height=1.25),
        x=120,
    )

    def divider(y: float) -> None:
        c.line(width / 2 - 190, y + 14, 150, color=p.accent, thickness=2)
        c.shape("diamond", width / 2 - 12, y + 3, 24, 24, fill=p.accent)
        c.line(width / 2 + 40, y + 14, 150, color=p.accent, thickness=2)

    flow.block(30, divider)
    flow.text("message", Look(f.body, c.pick(32, 29, 38), p.soft, line_height=1.45), x=140)
    flow.text("date", Look(f.body, c.pick(38, 34, 44), p.ink, weight="bold"), x=110)
    flow.text("time", Look(f.body, c.pick(32, 29, 38), p.ink))
    flow.text("venue", Look(f.body, c.pick(30, 28, 36), p.soft, line_height=1.35), x=130)
    footer = height - c.pick(130, 112, 170)
    flow.place(c.pick(170, 150, 230), footer - 40, max_gap=60)
    phone = Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", spacing=0.06)
    c.text("phone", footer, x=110, width=width - 220, look=phone)

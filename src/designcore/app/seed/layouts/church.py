"""Church flyers: a big display headline over layered circles, and a split page with a date
badge on the fold."""

from __future__ import annotations

from designcore.app.seed.canvas import Canvas, Flow, Look
from designcore.app.seed.layouts.parts import sparkles


def hero(c: Canvas) -> None:
    """The organiser on top, a big headline, a date and time band and a contact footer."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width - 430, -330, 800, fill=p.surface, opacity=0.65)
    c.circle(width - 370, -260, 660, fill=None, stroke=p.accent, stroke_width=3, opacity=0.55)
    c.circle(-300, height - 420, 640, fill=p.accent, opacity=0.12)
    c.circle(-230, height - 350, 500, fill=None, stroke=p.accent, stroke_width=2, opacity=0.35)
    sparkles(
        c, p.accent, ((width - 190, 170, 46), (width - 270, 270, 22), (110, height * 0.36, 28))
    )
    footer = c.pick(120, 100, 150)
    top = c.pick(80, 60, 150)
    if c.has("org"):
        look = Look(f.body, 28, p.accent, weight="bold", spacing=0.25)
        used = c.text("org", top, x=90, width=width - 180, look=look)
        c.line(width / 2 - 70, top + used + 14, 140, color=p.accent, thickness=3)
        top += used + 40
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(66, 56, 84), p.ink))
    flow.text(
        "headline", Look(f.display, c.pick(150, 116, 176), p.ink, line_height=1.0, spacing=0.02)
    )
    flow.text("subheading", Look(f.serif, c.pick(42, 36, 50), p.accent, style="italic"))
    flow.text("speaker", Look(f.body, c.pick(34, 30, 40), p.ink, weight="bold"))
    band = c.pick(150, 130, 180)
    flow.block(band, lambda y: info_band(c, y, band))
    flow.text("venue", Look(f.body, c.pick(30, 28, 36), p.soft, line_height=1.35), x=120)
    flow.place(top + 10, height - footer - 40, max_gap=c.pick(48, 30, 80))
    c.rect(0, height - footer, width, footer, fill=p.accent)
    c.text(
        "phone",
        height - footer,
        x=60,
        width=width - 120,
        look=Look(f.body, c.pick(30, 28, 34), p.on_accent, weight="bold", spacing=0.04),
        height=footer,
        vertical_align="middle",
    )


def info_band(c: Canvas, y: float, band: float) -> None:
    """A rounded band with the date on the left and the time on the right."""
    p, f, width = c.palette, c.fonts, c.width
    c.rect(90, y, width - 180, band, fill=p.surface, radius=26, stroke=p.accent, stroke_width=2)
    half = (width - 180) / 2
    look = Look(f.body, c.pick(36, 32, 42), p.ink, weight="bold", line_height=1.15)
    c.text("date", y, x=120, width=half - 60, look=look, height=band, vertical_align="middle")
    c.line(width / 2 + 1.5, y + 28, band - 56, color=p.accent, thickness=3, rotation=90)
    c.text(
        "time",
        y,
        x=width / 2 + 30,
        width=half - 60,
        look=look,
        height=band,
        vertical_align="middle",
    )


def split_date(c: Canvas) -> None:
    """A coloured top panel with the headline and a round date badge on its edge."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    panel = height * c.pick(0.5, 0.5, 0.54)
    c.rect(0, 0, width, panel, fill=p.surface)
    c.circle(width - 380, -220, 640, fill=p.background, opacity=0.22)
    c.circle(-220, panel - 320, 440, fill=p.accent, opacity=0.16)
    sparkles(c, p.accent, ((width - 190, panel - 90, 36), (130, panel - 110, 26)))
    top = c.pick(70, 56, 110)
    if c.has("org"):
        look = Look(f.body, 26, p.accent, weight="bold", spacing=0.25)
        top += c.text("org", top, x=90, width=width - 180, look=look) + 20
    badge = c.pick(270, 230, 320)
    flow = Flow(c)
    flow.text("kicker", Look(f.script, c.pick(64, 54, 80), p.ink))
    flow.text(
        "headline", Look(f.display, c.pick(124, 100, 150), p.ink, line_height=1.0, spacing=0.02)
    )
    flow.text("subheading", Look(f.serif, c.pick(36, 30, 42), p.soft, style="italic"), x=120)
    flow.place(top + 20, panel - badge / 2 - 40, max_gap=50)
    left = width / 2 - badge / 2
    c.circle(left, panel - badge / 2, badge, fill=p.accent, stroke=p.background, stroke_width=12)
    day = Look(f.body, badge * 0.1, p.on_accent, weight="bold", spacing=0.2)
    c.text("day", panel - badge * 0.3, x=left + 40, width=badge - 80, look=day)
    date = Look(f.display, badge * 0.27, p.on_accent, line_height=1.0)
    c.text(
        "date", panel - badge * 0.16, x=left + 25, width=badge - 50, look=date, height=badge * 0.36
    )
    after = Flow(c)
    after.text("time", Look(f.body, c.pick(38, 32, 52), p.ink, weight="bold", line_height=1.3))
    after.text("venue", Look(f.body, c.pick(32, 28, 42), p.soft, line_height=1.35), x=120)
    after.text(
        "theme", Look(f.serif, c.pick(36, 30, 46), p.accent, style="italic", line_height=1.3), x=120
    )
    footer_y = height - c.pick(120, 100, 170)
    after.place(panel + badge / 2 + 50, footer_y - 40, max_gap=c.pick(60, 40, 100))
    phone = Look(f.body, c.pick(28, 26, 32), p.ink, weight="bold")
    phone_height = c.text("phone", footer_y, x=250, width=width - 500, look=phone)
    c.line(90, footer_y + phone_height / 2, 140, color=p.accent, thickness=2)
    c.line(width - 230, footer_y + phone_height / 2, 140, color=p.accent, thickness=2)

"""Business designs: a promotion ribbon, a dish special, a menu, a property listing, a
services card and a product showcase."""

from __future__ import annotations

import math

from designcore.app.seed.canvas import Canvas, Flow, Look
from designcore.app.seed.layouts.parts import dots, framed_photo, rotated
from designcore.domain.text_layout import Align


def promo(c: Canvas) -> None:
    """A slanted ribbon carrying the offer, then the price and a call-to-action button."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(width - 340, -240, 600, fill=p.surface, opacity=0.35)
    c.circle(-200, height - 300, 440, fill=p.accent, opacity=0.14)
    band_y = height * c.pick(0.4, 0.4, 0.38)
    band = c.pick(230, 170, 270)
    tilt = -6.0
    # The ribbon rises to the right: the headline must clear it under its right edge too.
    rise = (width - 90 + 80) * math.tan(math.radians(-tilt))
    top = Flow(c)
    top.text("brand", Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", spacing=0.3))
    top.text("headline", Look(f.display, c.pick(128, 96, 150), p.ink, line_height=1.0))
    top.place(c.pick(70, 50, 140), band_y - 30 - rise, max_gap=30)
    c.rect(-80, band_y + 28, width + 200, band, fill=p.accent, rotation=tilt, opacity=0.9)
    c.rect(-80, band_y, width + 200, band, fill=p.surface, rotation=tilt)
    offer_height = band * 0.8
    x, y = rotated(-80, band_y, tilt, 150, (band - offer_height) / 2)
    offer = Look(f.display, band * 0.5, p.ink, line_height=1.0)
    c.text(
        "offer",
        y,
        x=x,
        width=width - 140,
        look=offer,
        rotation=tilt,
        height=offer_height,
        vertical_align="middle",
    )
    after = Flow(c)
    after.text("item", Look(f.serif, c.pick(40, 34, 48), p.ink, style="italic", line_height=1.3))
    row = c.pick(110, 92, 130)
    after.block(row, lambda y: prices(c, y, row, align="center"))
    button = c.pick(96, 84, 110)
    after.pill(
        "cta",
        width=560,
        height=button,
        fill=p.accent,
        text_fill=p.on_accent,
        size=c.pick(30, 28, 34),
    )
    after.text("phone", Look(f.body, c.pick(28, 26, 32), p.soft, weight="bold", spacing=0.04))
    after.place(
        band_y + band + c.pick(60, 40, 110),
        height - c.pick(60, 40, 120),
        max_gap=c.pick(50, 40, 90),
    )


def prices(
    c: Canvas, y: float, row: float, *, align: Align, x: float = 90, width: float | None = None
) -> None:
    """The price in a row ``row`` tall, after the old price struck through when there is one."""
    p, f = c.palette, c.fonts
    column = width if width is not None else c.width - 2 * x
    price = Look(f.display, row * 0.82, p.accent, align=align, line_height=1.0)
    if not c.has("old_price"):
        c.text("price", y, x=x, width=column, look=price, height=row, vertical_align="middle")
        return
    old = Look(f.body, c.pick(38, 32, 44), p.soft, line_height=1.0)
    old_width = c.line_width(c["old_price"], old)
    price_width = c.line_width(c["price"], price)
    gap = 36
    start = x + (column - old_width - gap - price_width) / 2 if align == "center" else x
    c.text(
        "old_price",
        y,
        x=start,
        width=old_width + 2,
        look=old.aligned("left"),
        height=row,
        vertical_align="middle",
    )
    c.line(start - 6, y + row / 2, old_width + 12, color=p.accent, thickness=4)
    c.text(
        "price",
        y,
        x=start + old_width + gap,
        width=min(price_width + 8, x + column - start - old_width - gap),
        look=price.aligned("left"),
        height=row,
        vertical_align="middle",
    )


def food_special(c: Canvas) -> None:
    """A plate holding the dish photo, a starburst price and the order details."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(-160, height * 0.3, 420, fill=p.surface, opacity=0.25)
    c.circle(width - 200, -160, 420, fill=p.surface, opacity=0.3)
    for x, y, size in ((140, 140, 18), (width - 160, height * 0.45, 14), (100, height * 0.7, 22)):
        c.circle(x, y, size, fill=p.accent, opacity=0.8)
    top = Flow(c)
    top.text("brand", Look(f.body, c.pick(26, 24, 30), p.accent, weight="bold", spacing=0.3))
    top.text("kicker", Look(f.script, c.pick(68, 56, 80), p.accent))
    top.text("headline", Look(f.display, c.pick(112, 84, 132), p.ink, line_height=1.0))
    plate_top = height * c.pick(0.375, 0.37, 0.34)
    top.place(c.pick(60, 44, 130), plate_top - 30, max_gap=28)
    plate = c.pick(530, 370, 700)
    plate_x = width / 2 - plate / 2
    c.circle(plate_x - 20, plate_top - 20, plate + 40, fill=p.accent, opacity=0.25)
    c.circle(plate_x, plate_top, plate, fill="#FFFFFF")
    inset = plate * 0.1
    dish = plate - 2 * inset
    c.image(
        "photo",
        plate_x + inset,
        plate_top + inset,
        dish,
        dish,
        colours=(p.accent, p.surface),
        radius=dish / 2,
        motif="plate",
    )
    star = plate * 0.5
    star_x, star_y = plate_x + plate - star * 0.55, plate_top - star * 0.2
    c.shape("star", star_x, star_y, star, star, fill=p.accent)
    price = Look(f.display, round(star * 0.15), p.on_accent, line_height=1.0)
    c.text(
        "price",
        star_y + star * 0.34,
        x=star_x + star * 0.25,
        width=star * 0.5,
        look=price,
        height=star * 0.36,
        vertical_align="middle",
    )
    after = Flow(c)
    after.text(
        "item", Look(f.serif, c.pick(36, 30, 42), p.ink, style="italic", line_height=1.3), x=120
    )
    after.text("location", Look(f.body, c.pick(28, 26, 32), p.soft, line_height=1.3))
    button = c.pick(88, 72, 100)
    after.pill(
        "phone",
        width=width - 320,
        height=button,
        fill=p.accent,
        text_fill=p.on_accent,
        size=c.pick(28, 26, 32),
    )
    after.place(plate_top + plate + 40, height - c.pick(50, 34, 110), max_gap=40)


def menu_board(c: Canvas) -> None:
    """A menu card: dishes on the left, prices on the right, on the same rhythm."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    for x, y in ((-180, -180), (width - 260, height - 260)):
        c.circle(x, y, 460, fill=p.surface, opacity=0.55)
        c.circle(x + 50, y + 50, 360, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    flow = Flow(c)
    flow.text("brand", Look(f.body, c.pick(26, 24, 30), p.accent, weight="bold", spacing=0.3))
    flow.text("kicker", Look(f.script, c.pick(72, 60, 84), p.accent))
    flow.text(
        "headline", Look(f.display, c.pick(120, 92, 140), p.ink, line_height=1.0, spacing=0.06)
    )
    size = c.pick(34, 30, 40)
    rows = c["details"].count("\n") + 1
    lines = rows * size * 1.8
    card = lines + 70
    dishes = Look(f.body, size, p.ink, align="left", line_height=1.8)
    amounts = Look(f.body, size, p.accent, weight="bold", align="right", line_height=1.8)

    def menu(y: float) -> None:
        c.rect(90, y, width - 180, card, fill=p.surface, opacity=0.6, radius=28)
        c.rect(90, y, width - 180, card, fill=None, stroke=p.accent, stroke_width=2, radius=28)
        c.text("details", y + 35, x=130, width=width - 480, look=dishes, height=lines)
        c.text("prices", y + 35, x=width - 350, width=220, look=amounts, height=lines)

    flow.block(card, menu)
    flow.text("location", Look(f.body, c.pick(28, 26, 32), p.soft, line_height=1.3))
    button = c.pick(86, 72, 100)
    flow.pill(
        "phone",
        width=width - 340,
        height=button,
        fill=p.accent,
        text_fill=p.on_accent,
        size=c.pick(28, 26, 32),
    )
    flow.place(c.pick(60, 40, 140), height - c.pick(60, 40, 140), max_gap=50)


def listing(c: Canvas) -> None:
    """A property listing: the photo with a tag and a price badge, then the facts."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    margin = 70.0
    photo = c.pick(580, 440, 860)
    c.rect(margin - 14, margin - 14, width - 2 * margin + 28, photo + 28, fill=p.surface, radius=38)
    c.image(
        "photo",
        margin,
        margin,
        width - 2 * margin,
        photo,
        colours=(p.soft, p.surface),
        radius=30,
        motif="house",
    )
    c.rect(margin + 30, margin + 30, 300, 72, fill=p.accent, radius=36)
    tag = Look(f.body, 28, p.on_accent, weight="bold", spacing=0.15)
    c.text(
        "offer",
        margin + 30,
        x=margin + 50,
        width=260,
        look=tag,
        height=72,
        vertical_align="middle",
    )
    badge_w, badge_h = 360.0, 120.0
    badge_x, badge_y = width - margin - badge_w - 30, margin + photo - badge_h / 2
    c.rect(badge_x, badge_y, badge_w, badge_h, fill=p.accent, radius=22)
    price = Look(f.display, 64, p.on_accent, line_height=1.0)
    c.text(
        "price",
        badge_y,
        x=badge_x + 20,
        width=badge_w - 40,
        look=price,
        height=badge_h,
        vertical_align="middle",
    )
    column = width - 2 * margin
    flow = Flow(c)
    flow.text(
        "headline",
        Look(f.display, c.pick(80, 64, 96), p.ink, align="left", line_height=1.05),
        x=margin,
        width=column - 60,
    )
    flow.text(
        "location",
        Look(f.body, c.pick(30, 28, 36), p.accent, weight="bold", align="left"),
        x=margin,
        width=column,
    )
    flow.text(
        "details",
        Look(f.body, c.pick(30, 28, 36), p.soft, align="left", line_height=1.5),
        x=margin,
        width=column,
    )
    footer = height - c.pick(110, 90, 150)
    flow.place(margin + photo + badge_h / 2 + 30, footer - 40, max_gap=40)
    c.line(margin, footer - 20, column, color=p.soft, thickness=2, opacity=0.4)
    look = Look(f.body, c.pick(28, 26, 32), p.ink, weight="bold", align="left")
    c.text("brand", footer, x=margin, width=column / 2, look=look)
    c.text("phone", footer, x=width / 2, width=column / 2, look=look.aligned("right"))


def services(c: Canvas) -> None:
    """A side bar, a bold headline, a card listing the services with a sticker offer, and a
    button beside the phone number."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.rect(0, 0, 22, height, fill=p.accent)
    c.circle(width - 320, -220, 560, fill=p.surface, opacity=0.8)
    c.circle(width - 260, -160, 440, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    dots(c, width - 230, height - 330, 3, 4, colour=p.soft)
    left, column = 90.0, width - 180
    flow = Flow(c)
    flow.text(
        "brand",
        Look(f.body, c.pick(28, 26, 32), p.accent, weight="bold", align="left", spacing=0.25),
        x=left,
        width=column - 200,
    )
    flow.text(
        "headline",
        Look(f.display, c.pick(124, 96, 150), p.ink, align="left", line_height=1.0),
        x=left,
        width=column - 180,
    )
    flow.text(
        "subheading",
        Look(f.serif, c.pick(36, 30, 42), p.soft, style="italic", align="left", line_height=1.3),
        x=left,
        width=column - 120,
    )
    details = Look(f.body, c.pick(32, 28, 38), p.ink, align="left", line_height=1.55)
    inner = column - 80 - (180 if c.has("badge") else 0)
    details = c.fit(c["details"], details, inner)
    text_height = c.text_height(c["details"], details, inner)
    card = text_height + 70

    def card_block(y: float) -> None:
        c.rect(left, y, column, card, fill=p.surface, radius=28)
        c.text("details", y + 35, x=left + 40, width=inner, look=details)
        if c.has("badge"):
            _sticker(c, y)

    flow.block(card, card_block)
    flow.text(
        "location",
        Look(f.body, c.pick(28, 26, 32), p.soft, align="left", line_height=1.3),
        x=left,
        width=column,
    )
    button = c.pick(92, 80, 104)

    def actions(y: float) -> None:
        c.pill(
            "cta",
            y,
            width=430,
            height=button,
            fill=p.accent,
            text_fill=p.on_accent,
            size=c.pick(28, 26, 32),
            x=left,
        )
        phone = Look(f.body, c.pick(30, 28, 34), p.ink, weight="bold", align="right")
        c.text(
            "phone",
            y,
            x=left + 460,
            width=column - 460,
            look=phone,
            height=button,
            vertical_align="middle",
        )

    flow.block(button, actions)
    flow.place(c.pick(80, 60, 160), height - c.pick(70, 50, 150), max_gap=56)


def _sticker(c: Canvas, y: float) -> None:
    """A round sticker with the badge text, overlapping the top right of a card at ``y``."""
    p = c.palette
    sticker = c.pick(220, 180, 250)
    sx, sy = c.width - 90 - sticker * 0.8, y - sticker * 0.35
    c.shape("star", sx - 10, sy - 10, sticker + 20, sticker + 20, fill=p.accent, opacity=0.35)
    c.circle(sx, sy, sticker, fill=p.accent)
    badge = Look(c.fonts.display, sticker * 0.16, p.on_accent, line_height=1.05)
    c.text(
        "badge",
        sy + sticker * 0.2,
        x=sx + sticker * 0.15,
        width=sticker * 0.7,
        look=badge,
        height=sticker * 0.6,
        vertical_align="middle",
    )


def showcase(c: Canvas) -> None:
    """A product photo with an offset frame, a tag, headline, price and a button."""
    p, f, width, height = c.palette, c.fonts, c.width, c.height
    c.circle(-220, height - 420, 520, fill=p.surface, opacity=0.7)
    align: Align
    if c.format == "story":
        photo_x, photo_y, photo_w, photo_h = 110.0, 100.0, width - 220.0, height * 0.43
        left, column, top, align = 90.0, width - 180.0, photo_y + photo_h + 80, "center"
    else:
        photo_w = width * 0.46
        photo_x, photo_y, photo_h = width - photo_w - 70, 80.0, height - 230.0
        left, column, top, align = 70.0, width - photo_w - 170, 90.0, "left"
    framed_photo(
        c,
        (photo_x, photo_y, photo_w, photo_h),
        colours=(p.surface, p.accent),
        motif="person",
        offset=28,
        radius=30,
    )
    flow = Flow(c)
    tag_w = 220.0

    def tag(y: float) -> None:
        x = left if align == "left" else (width - tag_w) / 2
        c.rect(x, y, tag_w, 64, fill=p.accent, radius=32)
        look = Look(f.body, 26, p.on_accent, weight="bold", spacing=0.15)
        c.text(
            "badge", y, x=x + 20, width=tag_w - 40, look=look, height=64, vertical_align="middle"
        )

    if c.has("badge"):
        flow.block(64, tag)
    flow.text(
        "headline",
        Look(f.display, c.pick(96, 76, 120), p.ink, align=align, line_height=1.0),
        x=left,
        width=column,
    )
    flow.text(
        "subheading",
        Look(f.serif, c.pick(32, 28, 40), p.soft, style="italic", align=align, line_height=1.4),
        x=left,
        width=column,
    )
    row = c.pick(74, 62, 92)
    flow.block(row, lambda y: prices(c, y, row, align=align, x=left, width=column))
    button = c.pick(86, 76, 100)
    flow.pill(
        "cta",
        width=min(column, 420),
        height=button,
        fill=p.accent,
        text_fill=p.on_accent,
        size=c.pick(26, 26, 32),
        x=left if align == "left" else None,
    )
    flow.place(top, height - c.pick(180, 150, 200), max_gap=44)
    footer = height - c.pick(110, 96, 150)
    look = Look(f.body, c.pick(26, 26, 30), p.ink, weight="bold", align="left")
    c.text("handle", footer, x=70, width=width / 2 - 70, look=look)
    c.text("phone", footer, x=width / 2, width=width / 2 - 70, look=look.aligned("right"))

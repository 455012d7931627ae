"""The seed layouts, one module per family, each a small function drawing on a
:class:`~designcore.app.seed.canvas.Canvas`.

A copy file names the layout of each template as ``module.function`` (``church.hero``);
:data:`LAYOUTS` maps those names to the functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from designcore.app.seed.canvas import Canvas
from designcore.app.seed.layouts import (
    birthday,
    business,
    church,
    invitation,
    logo,
    new_month,
    social,
)

Layout = Callable[[Canvas], None]
"""Draws one template's page on a canvas."""

LAYOUTS: Mapping[str, Layout] = {
    "church.hero": church.hero,
    "church.split_date": church.split_date,
    "invitation.framed": invitation.framed,
    "birthday.number": birthday.number,
    "birthday.photo": birthday.photo,
    "birthday.kids_party": birthday.kids_party,
    "birthday.surprise": birthday.surprise,
    "new_month.arc": new_month.arc,
    "new_month.card": new_month.card,
    "new_month.numeral": new_month.numeral,
    "business.promo": business.promo,
    "business.food_special": business.food_special,
    "business.menu_board": business.menu_board,
    "business.listing": business.listing,
    "business.services": business.services,
    "business.showcase": business.showcase,
    "social.quote": social.quote,
    "social.hiring": social.hiring,
    "social.announcement": social.announcement,
    "social.crescent_greeting": social.crescent_greeting,
    "social.flag_greeting": social.flag_greeting,
    "social.motivational": social.motivational,
    "logo.badge": logo.badge,
    "logo.cross": logo.cross,
    "logo.bowl": logo.bowl,
    "logo.diamonds": logo.diamonds,
    "logo.route": logo.route,
    "logo.leaf": logo.leaf,
    "logo.hanger": logo.hanger,
}
"""Every layout a copy file may name."""

"""The seed template catalogue: original starter templates for Nigerian creators and businesses.

``seed_templates()`` returns plain dicts shaped like rows of ``design_templates`` (minus
``preview_url``, ``created_at`` and ``updated_at``, which the seeder derives: it subtracts each
``created_at_offset_minutes`` from ``SEED_EPOCH``). Every ``polotno_json`` is a Polotno store
document (``width``, ``height``, ``fonts``, ``unit``, ``dpi``, ``pages[].children[]``) built
from a handful of layout functions below, so each template is a real design: a headline, a
sub-heading, the details (date, time, venue, price), a call to action and decorative shapes.
Every text element, and every image placeholder, has a matching ``field_requirements`` entry.

All copy is original. The output is deterministic: no clock, and the only randomness is a
``random.Random`` seeded with a fixed value (confetti positions and the created-at order).
"""

from __future__ import annotations

import base64
import math
import struct
import uuid
import zlib
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import attrs

SEED_NAMESPACE = uuid.UUID("5d0c8a3e-6f1b-5b7e-9a44-2c1e7f3d9b10")
"""Namespace for the templates' uuid5 ids (the name is the template's slug)."""

SEED_EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
"""The instant the newest seed template was created; older ones are offset before it."""

MAIN_CATEGORIES: tuple[str, ...] = (
    "Church",
    "Birthdays",
    "Business & Industries",
    "Social Media Post",
    "New Month",
)
"""The categories of the home screen rows."""

LOGO_CATEGORY = "Logos"
"""The category of the logo maker's starter logos."""

FLYER = (1080, 1350)
SQUARE = (1080, 1080)
STORY = (1080, 1920)
LOGO = (1000, 1000)
SIZES: tuple[tuple[int, int], ...] = (FLYER, SQUARE, STORY, LOGO)
"""Every page size the seed documents use (width, height)."""

_ORDER_SEED = 20261101

# --------------------------------------------------------------------------- styling


@attrs.frozen
class _Palette:
    """Colours of one template, all solid hex strings."""

    background: str
    """Page background."""
    surface: str
    """Large secondary shapes and cards."""
    accent: str
    """Highlights, rules and badges."""
    ink: str
    """Main text colour (reads on background and surface)."""
    soft: str
    """Secondary text colour."""
    on_accent: str
    """Text drawn on accent-coloured shapes."""
    confetti: tuple[str, ...] = ()
    """Extra colours for scattered decoration."""


@attrs.frozen
class _Fonts:
    """Font families of one template (bundled later by the rendering issue)."""

    display: str
    """Headlines."""
    script: str
    """Handwritten accents."""
    body: str
    """Details and labels."""
    serif: str
    """Sub-headings and quotes."""


CLASSIC = _Fonts("Playfair Display", "Great Vibes", "Montserrat", "Playfair Display")
BOLD = _Fonts("Anton", "Dancing Script", "Poppins", "Lora")
MODERN = _Fonts("Bebas Neue", "Great Vibes", "Raleway", "Playfair Display")
EDITORIAL = _Fonts("Merriweather", "Dancing Script", "Lora", "Lora")
STRONG = _Fonts("Oswald", "Great Vibes", "Roboto", "Merriweather")
PLAYFUL = _Fonts("Poppins", "Dancing Script", "Poppins", "Lora")

ROYAL = _Palette("#1E0B36", "#3F1A6B", "#E3B448", "#FFFFFF", "#D9C9F0", "#1E0B36")
MIDNIGHT = _Palette("#0A0F24", "#1C2A5E", "#F2C14E", "#FFFFFF", "#AEB9E0", "#0A0F24")
CRIMSON = _Palette("#170707", "#8E1B1B", "#F59E0B", "#FFFFFF", "#F5CFB0", "#170707")
EMERALD = _Palette("#0B3B2E", "#136B51", "#F0C75E", "#FFFFFF", "#C4E6D4", "#0B3B2E")
IVORY = _Palette("#FBF6EC", "#EFE3C8", "#B8891F", "#2B1D0E", "#6F5B44", "#FFFFFF")
TEAL = _Palette("#0E3F4C", "#176C7A", "#FF7F50", "#FFFFFF", "#BFE4E8", "#0E3F4C")
BLUSH = _Palette("#FCE9E4", "#F4C7C3", "#C8475B", "#3D1A23", "#80525C", "#FFFFFF")
ONYX = _Palette("#101010", "#262626", "#D4AF37", "#FFFFFF", "#C9C2AE", "#101010")
SUNRISE = _Palette("#2B0F3A", "#5B1E63", "#FF8A3D", "#FFFFFF", "#F4C9DD", "#2B0F3A")
KIDS_POP = _Palette(
    "#FFF4D6", "#FF4F8B", "#13B5A7", "#3A0CA3", "#5B4B8A", "#FFFFFF",
    ("#FF4F8B", "#13B5A7", "#FFB703", "#8338EC", "#3A86FF"),
)  # fmt: skip
KIDS_SKY = _Palette(
    "#E8F4FF", "#3A86FF", "#FFB703", "#1D2B64", "#4A5A8C", "#1D2B64",
    ("#3A86FF", "#FFB703", "#FB5607", "#8AC926", "#FF006E"),
)  # fmt: skip
NEON = _Palette(
    "#0D0221", "#261447", "#F5F749", "#FFFFFF", "#C7B8FF", "#0D0221",
    ("#F5F749", "#FF3CAC", "#2EF2E5", "#784BA0"),
)  # fmt: skip
GOLD_GREEN = _Palette(
    "#0F2A1D", "#1F4D36", "#E6B84C", "#FFFFFF", "#CFE3D6", "#0F2A1D",
    ("#E6B84C", "#F3D98B", "#FFFFFF"),
)  # fmt: skip
PARTY_BLUSH = _Palette(
    "#FCE9E4", "#F4C7C3", "#C8475B", "#3D1A23", "#80525C", "#FFFFFF",
    ("#C8475B", "#E9A23B", "#F4C7C3", "#7A3E65"),
)  # fmt: skip
PARTY_ONYX = _Palette(
    "#101010", "#262626", "#D4AF37", "#FFFFFF", "#C9C2AE", "#101010",
    ("#D4AF37", "#F3E2A9", "#8C6D1F"),
)  # fmt: skip
JOLLOF = _Palette("#2A0A04", "#B5301F", "#FFB627", "#FFF6E9", "#F6CDB4", "#2A0A04")
PALM = _Palette("#FFF8EC", "#F4A259", "#1B5E20", "#2B1A0E", "#6D5640", "#FFFFFF")
ANKARA = _Palette("#1B1464", "#F7B32B", "#E94E1B", "#FFFFFF", "#D8D4FF", "#FFFFFF")
NAVY_GOLD = _Palette("#0B1F3A", "#16325C", "#C9A646", "#FFFFFF", "#B7C4DA", "#0B1F3A")
ROSE_NUDE = _Palette("#F7EDE8", "#E8CFC3", "#A4485E", "#3B2228", "#7A5F63", "#FFFFFF")
DISPATCH = _Palette("#0B2545", "#13315C", "#FF8C1A", "#FFFFFF", "#B8C7DD", "#0B2545")
FINTECH = _Palette("#04332B", "#0A5C4D", "#B6F36B", "#FFFFFF", "#BFE3D9", "#04332B")
INDIGO_MINT = _Palette("#1B1340", "#2E2170", "#3DDC97", "#FFFFFF", "#C9C2F0", "#1B1340")
SALE_RED = _Palette("#111111", "#E63946", "#FFD166", "#FFFFFF", "#D6D6D6", "#111111")
SALE_CITRUS = _Palette("#FFF3E0", "#FF6B35", "#1A1A2E", "#1A1A2E", "#5C5C70", "#FFFFFF")
SAGE = _Palette("#EEF2EA", "#D6E2CF", "#3E6B48", "#1F2D22", "#51604F", "#FFFFFF")
CLAY = _Palette("#F4E9DC", "#E2CBB0", "#9C4A1A", "#2E1B0F", "#6E5441", "#FFFFFF")
DUSK = _Palette("#1A1033", "#33245E", "#FF9F68", "#FFFFFF", "#CBBEF0", "#1A1033")
NAIJA = _Palette("#00653A", "#008751", "#FFFFFF", "#FFFFFF", "#D3F0E0", "#00653A")
SAND_GREEN = _Palette("#FAF3E3", "#E9DCC0", "#0E6B4F", "#1E2A22", "#5E6B5F", "#FFFFFF")
CHARCOAL_LIME = _Palette("#16181D", "#252932", "#C6F432", "#FFFFFF", "#B4BAC6", "#16181D")
BERRY = _Palette("#3A0C2B", "#6A1B4D", "#FFC857", "#FFFFFF", "#F1C6DD", "#3A0C2B")
OCEAN = _Palette("#06304A", "#0B4F6C", "#4FD1C5", "#FFFFFF", "#B9DCEB", "#06304A")
LILAC = _Palette("#F1EAFB", "#DCCDF5", "#6B3FA0", "#2A1846", "#6A5A86", "#FFFFFF")
ICE = _Palette("#EAF4FB", "#CFE4F4", "#1E5F8C", "#102A43", "#4F6B84", "#FFFFFF")
ROSE = _Palette("#3B0A1E", "#6E1638", "#FF8FAB", "#FFFFFF", "#F6C6D4", "#3B0A1E")
SPRING = _Palette("#F1F8E9", "#D7EDC2", "#2E7D32", "#1B3A1E", "#55705A", "#FFFFFF")
SUNFLOWER = _Palette("#FFF6D5", "#FFE08A", "#C2410C", "#3A2208", "#785C34", "#FFFFFF")
CORAL = _Palette("#FFEDE6", "#FFCBB8", "#E4572E", "#3B1C12", "#7A5448", "#FFFFFF")
HARVEST = _Palette("#2D1B0E", "#5A3515", "#F2A541", "#FFFFFF", "#EBD2B4", "#2D1B0E")
AMBER = _Palette("#FDF4E7", "#F6DDB7", "#B5651D", "#3A230E", "#7A5E43", "#FFFFFF")
FESTIVE = _Palette("#7A0E1A", "#0F5132", "#F6D365", "#FFFFFF", "#F6D6D6", "#7A0E1A")
PLUM_GOLD = _Palette("#2E1437", "#4C2459", "#F4B942", "#FFFFFF", "#E2CBEA", "#2E1437")
SKY_CORAL = _Palette("#F0F7FF", "#D6E8FF", "#FF6F59", "#16213E", "#4B5A78", "#FFFFFF")


# ------------------------------------------------------------------------- fields

_FIELD_META: dict[str, tuple[str, int | None, bool]] = {
    # key: (label, max_length, required)
    "org": ("Church or organiser", 48, False),
    "kicker": ("Intro line", 40, False),
    "headline": ("Headline", 48, True),
    "subheading": ("Sub-heading", 80, False),
    "theme": ("Theme or scripture", 90, False),
    "day": ("Day", 12, True),
    "date": ("Date", 48, True),
    "time": ("Time", 60, True),
    "venue": ("Venue", 90, True),
    "phone": ("Phone or WhatsApp", 48, True),
    "speaker": ("Minister or speaker", 60, False),
    "name": ("Celebrant's name", 40, True),
    "age": ("Age", 3, True),
    "message": ("Message", 160, False),
    "greeting": ("Local greeting", 48, False),
    "month": ("Month", 12, True),
    "month_number": ("Month number", 2, True),
    "brand": ("Business name", 48, True),
    "handle": ("Social handle", 40, False),
    "offer": ("Offer", 30, True),
    "item": ("Product or dish", 80, True),
    "price": ("Price", 24, True),
    "old_price": ("Old price", 24, False),
    "details": ("Details", 220, True),
    "prices": ("Prices", 120, True),
    "location": ("Location", 80, True),
    "cta": ("Call to action", 48, True),
    "quote": ("Quote", 180, True),
    "translation": ("Translation", 120, False),
    "author": ("Author", 50, True),
    "role": ("Role", 48, True),
    "highlight": ("Highlighted line", 48, True),
    "badge": ("Badge", 24, False),
    "brand_name": ("Brand name", 28, True),
    "tagline": ("Tagline", 48, True),
    "photo": ("Photo", None, False),
}

_WIDTH_FACTOR = {
    "Anton": 0.5,
    "Bebas Neue": 0.42,
    "Oswald": 0.5,
    "Montserrat": 0.64,
    "Poppins": 0.62,
    "Raleway": 0.58,
    "Roboto": 0.55,
    "Playfair Display": 0.55,
    "Lora": 0.55,
    "Merriweather": 0.6,
    "Great Vibes": 0.42,
    "Dancing Script": 0.47,
}
"""Average advance of a character per em, to estimate how many lines a text needs."""


def _text_height(
    text: str, size: float, width: float, family: str, line_height: float, spacing: float
) -> int:
    factor = _WIDTH_FACTOR.get(family, 0.6)
    if text.upper() == text and family not in {"Bebas Neue"}:
        factor *= 1.12
    advance = size * (factor + spacing)
    per_line = max(1, math.floor(width / advance))
    lines = 0
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        count, length = 1, 0
        for word in words:
            needed = len(word) if length == 0 else length + 1 + len(word)
            if needed <= per_line or length == 0:
                length = needed
            else:
                count += 1
                length = len(word)
        lines += count
    return math.ceil(lines * size * line_height)


# ------------------------------------------------------------------------ documents


def _png_data_url(top: str, bottom: str, size: int = 16) -> str:
    """A tiny diagonal-gradient PNG as a ``data:`` URL, used as a photo placeholder."""
    first, last = _rgb(top), _rgb(bottom)
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            share = (x + y) / (2 * (size - 1))
            rows.extend(round(a + (b - a) * share) for a, b in zip(first, last, strict=True))

    def chunk(tag: bytes, data: bytes) -> bytes:
        checksum = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", checksum)

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def _rotated(x: float, y: float, degrees: float, u: float, v: float) -> tuple[float, float]:
    """The page position of local point (u, v) of an element at (x, y) rotated by degrees."""
    theta = math.radians(degrees)
    return (
        x + u * math.cos(theta) - v * math.sin(theta),
        y + u * math.sin(theta) + v * math.cos(theta),
    )


class _Content:
    """The sample copy of one template, keyed by field key."""

    def __init__(self, values: Mapping[str, str]) -> None:
        self._values = dict(values)

    def has(self, key: str) -> bool:
        return key in self._values

    def __getitem__(self, key: str) -> str:
        return self._values[key]


class _Doc:
    """Builds one Polotno document and the field requirements of its editable elements."""

    def __init__(self, slug: str, size: tuple[int, int], background: str) -> None:
        self.slug = slug
        self.width, self.height = size
        self.background = background
        self.children: list[dict[str, Any]] = []
        self.fields: list[dict[str, Any]] = []
        self._decorations = 0

    # Elements -------------------------------------------------------------------------

    def _base(
        self,
        element_id: str,
        kind: str,
        name: str,
        geometry: tuple[float, float, float, float],
        *,
        rotation: float,
        opacity: float,
    ) -> dict[str, Any]:
        x, y, width, height = geometry
        return {
            "id": element_id,
            "type": kind,
            "name": name,
            "x": round(x, 2),
            "y": round(y, 2),
            "width": round(width, 2),
            "height": round(height, 2),
            "rotation": rotation,
            "opacity": opacity,
            "visible": True,
            "selectable": True,
            "removable": True,
            "draggable": True,
            "resizable": True,
            "contentEditable": True,
            "styleEditable": True,
            "alwaysOnTop": False,
            "showInExport": True,
            "blurEnabled": False,
            "blurRadius": 10,
            "brightnessEnabled": False,
            "brightness": 0,
            "sepiaEnabled": False,
            "grayscaleEnabled": False,
            "shadowEnabled": False,
            "shadowBlur": 5,
            "shadowOffsetX": 0,
            "shadowOffsetY": 0,
            "shadowColor": "black",
            "shadowOpacity": 1,
        }

    def _decoration_id(self, kind: str) -> str:
        self._decorations += 1
        return f"{self.slug}-{kind}-{self._decorations:02d}"

    def figure(
        self,
        sub_type: str,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str | None,
        stroke: str | None = None,
        stroke_width: float = 0,
        radius: float = 0,
        opacity: float = 1.0,
        rotation: float = 0,
        name: str = "",
    ) -> None:
        element = self._base(
            self._decoration_id(sub_type),
            "figure",
            name or f"{sub_type} shape",
            (x, y, width, height),
            rotation=rotation,
            opacity=opacity,
        )
        element.update(
            {
                "subType": sub_type,
                "fill": fill if fill is not None else "rgba(0,0,0,0)",
                "dash": [],
                "strokeWidth": stroke_width if stroke else 0,
                "stroke": stroke or "#000000",
                "cornerRadius": radius,
            }
        )
        self.children.append(element)

    def rect(self, x: float, y: float, width: float, height: float, **style: Any) -> None:
        self.figure("rect", x, y, width, height, **style)

    def circle(self, x: float, y: float, diameter: float, **style: Any) -> None:
        self.figure("circle", x, y, diameter, diameter, **style)

    def line(
        self,
        x: float,
        y: float,
        length: float,
        *,
        color: str,
        thickness: float = 4,
        rotation: float = 0,
        opacity: float = 1.0,
        dash: tuple[float, ...] = (),
    ) -> None:
        element = self._base(
            self._decoration_id("line"),
            "line",
            "rule",
            (x, y, length, thickness),
            rotation=rotation,
            opacity=opacity,
        )
        element.update({"color": color, "dash": list(dash), "startHead": "", "endHead": ""})
        self.children.append(element)

    def text(
        self,
        key: str,
        value: str,
        y: float,
        *,
        x: float,
        width: float,
        size: float,
        family: str,
        fill: str,
        weight: str = "normal",
        style: str = "normal",
        align: str = "center",
        line_height: float = 1.2,
        spacing: float = 0.0,
        rotation: float = 0,
        opacity: float = 1.0,
        stroke: str | None = None,
        stroke_width: float = 0,
        vertical_align: str = "top",
        height: float | None = None,
    ) -> float:
        """Add an editable text element; return its height."""
        label, max_length, required = _FIELD_META[key]
        if max_length is not None and len(value) > max_length:
            raise ValueError(f"{self.slug}: sample {key!r} is longer than {max_length}")
        element_id = f"{self.slug}-{key}"
        box_height = height or _text_height(value, size, width, family, line_height, spacing)
        element = self._base(
            element_id, "text", label, (x, y, width, box_height), rotation=rotation, opacity=opacity
        )
        element.update(
            {
                "text": value,
                "placeholder": label,
                "fontSize": size,
                "fontFamily": family,
                "fontStyle": style,
                "fontWeight": weight,
                "textDecoration": "",
                "fill": fill,
                "align": align,
                "verticalAlign": vertical_align,
                "strokeWidth": stroke_width if stroke else 0,
                "stroke": stroke or "#000000",
                "lineHeight": line_height,
                "letterSpacing": spacing,
                "backgroundEnabled": False,
                "backgroundColor": "#000000",
                "backgroundOpacity": 1,
                "backgroundCornerRadius": 0.5,
                "backgroundPadding": 0.5,
            }
        )
        self._add_field(key, label, element_id, "text", required, max_length)
        self.children.append(element)
        return box_height

    def image(
        self,
        key: str,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        colours: tuple[str, str],
        radius: float = 0,
    ) -> None:
        """Add a photo placeholder: a tiny gradient PNG the person replaces."""
        label, _, required = _FIELD_META[key]
        element_id = f"{self.slug}-{key}"
        element = self._base(
            element_id, "image", label, (x, y, width, height), rotation=0, opacity=1.0
        )
        element.update(
            {
                "src": _png_data_url(*colours),
                "cropX": 0,
                "cropY": 0,
                "cropWidth": 1,
                "cropHeight": 1,
                "cornerRadius": radius,
                "flipX": False,
                "flipY": False,
                "clipSrc": "",
                "borderColor": "black",
                "borderSize": 0,
                "keepRatio": False,
            }
        )
        self._add_field(key, label, element_id, "image", required, None)
        self.children.append(element)

    def _add_field(
        self, key: str, label: str, element_id: str, kind: str, required: bool, limit: int | None
    ) -> None:
        if any(field["key"] == key for field in self.fields):
            raise ValueError(f"{self.slug}: field {key!r} used twice")
        self.fields.append(
            {
                "key": key,
                "label": label,
                "element_id": element_id,
                "kind": kind,
                "required": required,
                "max_length": limit,
            }
        )

    def document(self) -> dict[str, Any]:
        return {
            "width": self.width,
            "height": self.height,
            "fonts": [],
            "unit": "px",
            "dpi": 72,
            "pages": [
                {
                    "id": f"{self.slug}-page-1",
                    "background": self.background,
                    "bleed": 0,
                    "children": self.children,
                }
            ],
        }


class _Flow:
    """A vertical stack of blocks spread between two heights with even gaps."""

    def __init__(self, doc: _Doc) -> None:
        self._doc = doc
        self._blocks: list[tuple[float, Callable[[float], None]]] = []

    def text(
        self,
        content: _Content,
        key: str,
        *,
        size: float,
        family: str,
        fill: str,
        x: float | None = None,
        width: float | None = None,
        line_height: float = 1.2,
        spacing: float = 0.0,
        **style: Any,
    ) -> None:
        if not content.has(key):
            return
        value = content[key]
        left = x if x is not None else 90.0
        box_width = width if width is not None else self._doc.width - 2 * left
        height = _text_height(value, size, box_width, family, line_height, spacing)

        def draw(y: float) -> None:
            self._doc.text(
                key, value, y, x=left, width=box_width, size=size, family=family, fill=fill,
                line_height=line_height, spacing=spacing, height=height, **style,
            )  # fmt: skip

        self._blocks.append((height, draw))

    def block(self, height: float, draw: Callable[[float], None]) -> None:
        self._blocks.append((height, draw))

    def place(self, top: float, bottom: float, *, min_gap: float = 14, max_gap: float = 70) -> None:
        if not self._blocks:
            return
        total = sum(height for height, _ in self._blocks)
        count = len(self._blocks)
        gap = (bottom - top - total) / (count - 1) if count > 1 else 0.0
        gap = max(min_gap, min(max_gap, gap))
        used = total + gap * (count - 1)
        y = top + max(0.0, (bottom - top - used) / 2)
        for height, draw in self._blocks:
            draw(y)
            y += height + gap


Layout = Callable[[_Doc, _Palette, _Fonts, _Content], None]


# --------------------------------------------------------------------------- layouts


def _pick(doc: _Doc, flyer: float, square: float, story: float) -> float:
    """Choose a measurement by page format."""
    if doc.height >= 1900:
        return story
    if doc.height >= 1300:
        return flyer
    return square


def _centred_at(cx: float, cy: float, width: float, height: float, degrees: float) -> tuple[float, float]:
    """Top-left of a box of this size, rotated about its top-left, whose centre is (cx, cy)."""
    theta = math.radians(degrees)
    offset_x = width / 2 * math.cos(theta) - height / 2 * math.sin(theta)
    offset_y = width / 2 * math.sin(theta) + height / 2 * math.cos(theta)
    return (cx - offset_x, cy - offset_y)


def _sparkles(doc: _Doc, colour: str, spots: tuple[tuple[float, float, float], ...]) -> None:
    for x, y, size in spots:
        doc.figure("star", x, y, size, size, fill=colour, opacity=0.9)


def _confetti(doc: _Doc, palette: _Palette, count: int, *, keep_out: tuple[float, float]) -> None:
    """Scatter small shapes around the edges, leaving the band keep_out=(top, bottom) clear
    in the middle of the page."""
    rng = random.Random(f"{_ORDER_SEED}:{doc.slug}")
    colours = palette.confetti or (palette.accent, palette.soft)
    for index in range(count):
        side = index % 4
        if side == 0:
            x, y = rng.uniform(30, doc.width - 60), rng.uniform(20, keep_out[0])
        elif side == 1:
            x, y = rng.uniform(30, doc.width - 60), rng.uniform(keep_out[1], doc.height - 40)
        elif side == 2:
            x, y = rng.uniform(15, 85), rng.uniform(40, doc.height - 60)
        else:
            x, y = rng.uniform(doc.width - 95, doc.width - 30), rng.uniform(40, doc.height - 60)
        colour = colours[index % len(colours)]
        shape = index % 5
        if shape == 0:
            doc.circle(x, y, rng.uniform(12, 26), fill=colour, opacity=0.9)
        elif shape == 1:
            size = rng.uniform(22, 40)
            doc.figure("star", x, y, size, size, fill=colour, rotation=rng.uniform(0, 40))
        elif shape == 2:
            doc.rect(x, y, 10, rng.uniform(24, 34), fill=colour, radius=4, rotation=rng.uniform(0, 180))
        elif shape == 3:
            size = rng.uniform(18, 28)
            doc.figure("triangle", x, y, size, size, fill=colour, rotation=rng.uniform(0, 120))
        else:
            doc.circle(x, y, rng.uniform(16, 30), fill=None, stroke=colour, stroke_width=4)


def _pill(
    doc: _Doc, content: _Content, key: str, y: float, *, width: float, height: float,
    fill: str, text_fill: str, family: str, size: float = 30, x: float | None = None,
) -> None:  # fmt: skip
    """A rounded button with centred text."""
    left = (doc.width - width) / 2 if x is None else x
    doc.rect(left, y, width, height, fill=fill, radius=height / 2)
    doc.text(
        key, content[key], y, x=left + 20, width=width - 40, size=size, family=family,
        fill=text_fill, weight="bold", spacing=0.04, vertical_align="middle", height=height,
    )  # fmt: skip


def _church_hero(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Big display headline over layered circles, a date/time band and a contact footer."""
    width, height = doc.width, doc.height
    doc.circle(width - 430, -330, 800, fill=p.surface, opacity=0.65)
    doc.circle(width - 370, -260, 660, fill=None, stroke=p.accent, stroke_width=3, opacity=0.55)
    doc.circle(-300, height - 420, 640, fill=p.accent, opacity=0.12)
    doc.circle(-230, height - 350, 500, fill=None, stroke=p.accent, stroke_width=2, opacity=0.35)
    _sparkles(doc, p.accent, ((width - 190, 170, 46), (width - 270, 270, 22), (110, height * 0.36, 28)))
    footer = _pick(doc, 120, 100, 140)
    top = _pick(doc, 80, 60, 150)
    if t.has("org"):
        doc.text(
            "org", t["org"], top, x=90, width=width - 180, size=28, family=f.body,
            fill=p.accent, weight="bold", spacing=0.25,
        )  # fmt: skip
        doc.line(width / 2 - 70, top + 52, 140, color=p.accent, thickness=3)
        top += 80
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 66, 56, 84), family=f.script, fill=p.ink)
    flow.text(
        t, "headline", size=_pick(doc, 150, 116, 176), family=f.display, fill=p.ink,
        line_height=0.98, spacing=0.02,
    )  # fmt: skip
    flow.text(t, "subheading", size=_pick(doc, 42, 36, 50), family=f.serif, fill=p.accent, style="italic")
    flow.text(t, "speaker", size=_pick(doc, 34, 30, 40), family=f.body, fill=p.ink, weight="bold")
    band = _pick(doc, 150, 130, 180)
    flow.block(band, lambda y: _info_band(doc, p, f, t, y, band))
    flow.text(t, "venue", size=_pick(doc, 30, 27, 36), family=f.body, fill=p.soft, line_height=1.35)
    flow.place(top + 10, height - footer - 40, max_gap=_pick(doc, 48, 30, 80))
    doc.rect(0, height - footer, width, footer, fill=p.accent)
    doc.text(
        "phone", t["phone"], height - footer, x=60, width=width - 120, size=_pick(doc, 30, 28, 34),
        family=f.body, fill=p.on_accent, weight="bold", spacing=0.04, vertical_align="middle",
        height=footer,
    )  # fmt: skip


def _info_band(doc: _Doc, p: _Palette, f: _Fonts, t: _Content, y: float, band: float) -> None:
    width = doc.width
    doc.rect(90, y, width - 180, band, fill=p.surface, radius=26, stroke=p.accent, stroke_width=2)
    half = (width - 180) / 2
    size = _pick(doc, 36, 32, 42)
    doc.text(
        "date", t["date"], y, x=110, width=half - 40, size=size, family=f.body, fill=p.ink,
        weight="bold", line_height=1.15, vertical_align="middle", height=band,
    )  # fmt: skip
    doc.line(width / 2 + 1.5, y + 28, band - 56, color=p.accent, thickness=3, rotation=90)
    doc.text(
        "time", t["time"], y, x=width / 2 + 20, width=half - 40, size=size, family=f.body,
        fill=p.ink, weight="bold", line_height=1.15, vertical_align="middle", height=band,
    )  # fmt: skip


def _framed(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """An elegant double frame with diamond corners and a centred serif hierarchy."""
    width, height = doc.width, doc.height
    doc.circle(width / 2 - 420, -560, 840, fill=p.surface, opacity=0.7)
    doc.circle(width / 2 - 340, height - 220, 680, fill=p.surface, opacity=0.5)
    doc.rect(40, 40, width - 80, height - 80, fill=None, stroke=p.accent, stroke_width=3)
    doc.rect(58, 58, width - 116, height - 116, fill=None, stroke=p.accent, stroke_width=1, opacity=0.6)
    for cx, cy in ((41, 41), (width - 41, 41), (41, height - 41), (width - 41, height - 41)):
        doc.figure("diamond", cx - 18, cy - 18, 36, 36, fill=p.accent)
    doc.figure("star", width / 2 - 22, _pick(doc, 96, 84, 130), 44, 44, fill=p.accent)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 64, 54, 76), family=f.script, fill=p.accent)
    flow.text(
        t, "headline", size=_pick(doc, 104, 84, 124), family=f.display, fill=p.ink, line_height=1.05,
        x=110,
    )  # fmt: skip
    flow.text(t, "name", size=_pick(doc, 50, 42, 60), family=f.serif, fill=p.accent, style="italic")

    def divider(y: float) -> None:
        doc.line(width / 2 - 190, y + 14, 150, color=p.accent, thickness=2)
        doc.figure("diamond", width / 2 - 12, y + 3, 24, 24, fill=p.accent)
        doc.line(width / 2 + 40, y + 14, 150, color=p.accent, thickness=2)

    flow.block(30, divider)
    flow.text(
        t, "message", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.soft, line_height=1.45,
        x=140,
    )  # fmt: skip
    flow.text(t, "date", size=_pick(doc, 38, 32, 44), family=f.body, fill=p.ink, weight="bold")
    flow.text(t, "time", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.ink)
    flow.text(t, "venue", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, line_height=1.35, x=130)
    flow.place(_pick(doc, 170, 150, 230), height - _pick(doc, 170, 140, 230), max_gap=60)
    doc.text(
        "phone", t["phone"], height - _pick(doc, 130, 112, 170), x=110, width=width - 220,
        size=_pick(doc, 28, 26, 32), family=f.body, fill=p.accent, weight="bold", spacing=0.06,
    )  # fmt: skip


def _split_date(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A coloured top panel with the headline and a round date badge on its edge."""
    width, height = doc.width, doc.height
    panel = height * _pick(doc, 0.5, 0.5, 0.5)
    doc.rect(0, 0, width, panel, fill=p.surface)
    doc.circle(width - 380, -220, 640, fill=p.background, opacity=0.22)
    doc.circle(-220, panel - 320, 440, fill=p.accent, opacity=0.16)
    _sparkles(doc, p.accent, ((width - 160, panel - 200, 36), (130, 200, 26)))
    top = _pick(doc, 70, 56, 110)
    if t.has("org"):
        doc.text(
            "org", t["org"], top, x=90, width=width - 180, size=26, family=f.body, fill=p.accent,
            weight="bold", spacing=0.25,
        )  # fmt: skip
        top += 60
    badge = _pick(doc, 270, 230, 320)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 64, 54, 80), family=f.script, fill=p.ink)
    flow.text(
        t, "headline", size=_pick(doc, 124, 100, 150), family=f.display, fill=p.ink,
        line_height=0.98, spacing=0.02,
    )  # fmt: skip
    flow.text(t, "subheading", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic")
    flow.place(top + 20, panel - badge / 2 - 40, max_gap=50)
    doc.circle(width / 2 - badge / 2, panel - badge / 2, badge, fill=p.accent, stroke=p.background, stroke_width=12)
    doc.text(
        "day", t["day"], panel - badge * 0.3, x=width / 2 - badge / 2 + 20, width=badge - 40,
        size=badge * 0.1, family=f.body, fill=p.on_accent, weight="bold", spacing=0.2,
    )  # fmt: skip
    doc.text(
        "date", t["date"], panel - badge * 0.15, x=width / 2 - badge / 2 + 15, width=badge - 30,
        size=badge * 0.27, family=f.display, fill=p.on_accent, line_height=1.0,
    )  # fmt: skip
    after = _Flow(doc)
    after.text(t, "time", size=_pick(doc, 38, 32, 46), family=f.body, fill=p.ink, weight="bold", line_height=1.3)
    after.text(t, "venue", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.soft, line_height=1.35, x=120)
    after.text(t, "theme", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.accent, style="italic", x=120)
    footer_y = height - _pick(doc, 120, 100, 170)
    after.place(panel + badge / 2 + 50, footer_y - 40, max_gap=60)
    doc.line(90, footer_y + 22, 150, color=p.accent, thickness=2)
    doc.line(width - 240, footer_y + 22, 150, color=p.accent, thickness=2)
    doc.text(
        "phone", t["phone"], footer_y, x=250, width=width - 500, size=_pick(doc, 28, 26, 32),
        family=f.body, fill=p.ink, weight="bold",
    )  # fmt: skip


def _birthday_number(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A giant age numeral in a ringed disc, framed by confetti."""
    width, height = doc.width, doc.height
    _confetti(doc, p, _pick(doc, 30, 24, 38), keep_out=(height * 0.09, height * 0.91))
    numeral = _pick(doc, 280, 220, 340)
    disc = numeral * 1.32
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 92, 76, 110), family=f.script, fill=p.accent, x=120)

    def age(y: float) -> None:
        doc.circle(width / 2 - disc / 2 - 16, y - 16, disc + 32, fill=None, stroke=p.accent, stroke_width=3)
        doc.circle(width / 2 - disc / 2, y, disc, fill=p.surface)
        doc.text(
            "age", t["age"], y, x=width / 2 - disc / 2, width=disc, size=numeral, family=f.display,
            fill=p.ink, line_height=1.0, vertical_align="middle", height=disc,
        )  # fmt: skip

    flow.block(disc, age)
    flow.text(t, "name", size=_pick(doc, 92, 74, 110), family=f.display, fill=p.ink, spacing=0.05, line_height=1.0)
    flow.text(t, "subheading", size=_pick(doc, 40, 34, 46), family=f.serif, fill=p.accent, style="italic", x=120)
    flow.text(t, "message", size=_pick(doc, 30, 26, 34), family=f.body, fill=p.soft, line_height=1.45, x=140)
    flow.text(t, "phone", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.accent, weight="bold", spacing=0.05)
    flow.place(height * 0.1, height * 0.9, max_gap=60)


def _birthday_photo(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A framed portrait with a star age badge and the wishes beside or below it."""
    width, height = doc.width, doc.height
    _confetti(doc, p, 16, keep_out=(60, height - 60))
    stacked = height >= 1300
    if stacked:
        photo_w, photo_h = width - 300, height * 0.42
        photo_x, photo_y = 150.0, height * 0.08
    else:
        photo_w, photo_h = width * 0.44, height - 260
        photo_x, photo_y = 80.0, 130.0
    doc.rect(photo_x + 26, photo_y + 26, photo_w, photo_h, fill=None, stroke=p.accent, stroke_width=5, radius=28)
    doc.image("photo", photo_x, photo_y, photo_w, photo_h, colours=(p.surface, p.accent), radius=28)
    star = 220.0
    star_x, star_y = photo_x + photo_w - star * 0.7, photo_y + photo_h - star * 0.7
    doc.figure("star", star_x, star_y, star, star, fill=p.accent)
    doc.text(
        "age", t["age"], star_y + star * 0.22, x=star_x, width=star, size=star * 0.34,
        family=f.display, fill=p.on_accent, line_height=1.0, vertical_align="middle", height=star * 0.56,
    )  # fmt: skip
    flow = _Flow(doc)
    if stacked:
        left, column = 100.0, width - 200
        top, bottom = photo_y + photo_h + star * 0.4, height - 80
        align = "center"
    else:
        left, column = photo_x + photo_w + 90, width - (photo_x + photo_w + 90) - 70
        top, bottom = 110.0, height - 110
        align = "left"
    flow.text(t, "kicker", size=_pick(doc, 72, 60, 84), family=f.script, fill=p.accent, x=left, width=column, align=align)
    flow.text(
        t, "name", size=_pick(doc, 96, 84, 112), family=f.display, fill=p.ink, x=left, width=column,
        align=align, line_height=1.0,
    )  # fmt: skip
    flow.text(
        t, "message", size=_pick(doc, 30, 28, 36), family=f.body, fill=p.soft, x=left, width=column,
        align=align, line_height=1.45,
    )  # fmt: skip
    flow.text(
        t, "greeting", size=_pick(doc, 34, 30, 40), family=f.serif, fill=p.accent, style="italic",
        x=left, width=column, align=align,
    )  # fmt: skip
    flow.text(
        t, "handle", size=26, family=f.body, fill=p.soft, weight="bold", x=left, width=column,
        align=align, spacing=0.05,
    )  # fmt: skip
    flow.place(top, bottom, max_gap=50)


def _kids_party(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Balloons, a scalloped top edge, a star age badge and a party details card."""
    width, height = doc.width, doc.height
    colours = p.confetti or (p.surface, p.accent)
    for index in range(9):
        doc.circle(index * 135 - 30, -80, 150, fill=colours[index % len(colours)])
    balloons = ((40, 150, 0, -8), (170, 120, 1, 6), (width - 190, 140, 2, 8), (width - 320, 110, 3, -5))
    for x, y, colour, tilt in balloons:
        doc.line(x + 65, y + 168, _pick(doc, 200, 140, 260), color=p.soft, thickness=3, rotation=90 + tilt)
        doc.figure("circle", x, y, 130, 165, fill=colours[colour % len(colours)], rotation=tilt)
        doc.circle(x + 28, y + 30, 26, fill="#FFFFFF", opacity=0.45)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 60, 50, 72), family=f.script, fill=p.surface, x=280, width=width - 560)
    flow.text(t, "name", size=_pick(doc, 128, 104, 150), family=f.display, fill=p.ink, weight="bold", line_height=1.0)
    flow.text(t, "subheading", size=_pick(doc, 38, 32, 46), family=f.body, fill=p.surface, weight="bold")
    star = _pick(doc, 250, 190, 300)

    def badge(y: float) -> None:
        doc.figure("star", width / 2 - star / 2, y, star, star, fill=p.accent)
        doc.text(
            "age", t["age"], y + star * 0.24, x=width / 2 - star / 2, width=star, size=star * 0.36,
            family=f.display, fill="#FFFFFF", weight="bold", line_height=1.0,
            vertical_align="middle", height=star * 0.55,
        )  # fmt: skip

    flow.block(star, badge)
    card = _pick(doc, 230, 190, 270)

    def details(y: float) -> None:
        doc.rect(110, y, width - 220, card, fill="#FFFFFF", radius=32, stroke=p.surface, stroke_width=4)
        size = _pick(doc, 36, 30, 42)
        doc.text(
            "date", t["date"], y + card * 0.12, x=140, width=width - 280, size=size, family=f.body,
            fill=p.ink, weight="bold",
        )  # fmt: skip
        doc.text(
            "time", t["time"], y + card * 0.12 + size * 1.3, x=140, width=width - 280,
            size=size * 0.85, family=f.body, fill=p.soft,
        )  # fmt: skip
        doc.text(
            "venue", t["venue"], y + card * 0.12 + size * 2.4, x=140, width=width - 280,
            size=size * 0.8, family=f.body, fill=p.soft, line_height=1.3,
        )  # fmt: skip

    flow.block(card, details)
    pill = _pick(doc, 86, 76, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc, t, "phone", y, width=width - 280, height=pill, fill=p.surface, text_fill="#FFFFFF",
            family=f.body, size=_pick(doc, 28, 26, 32),
        ),
    )
    flow.place(_pick(doc, 150, 120, 260), height - _pick(doc, 60, 40, 120), max_gap=50)


def _surprise(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A gift box with a bow, sparkles and a hush-hush invitation."""
    width, height = doc.width, doc.height
    _confetti(doc, p, 18, keep_out=(80, height - 80))
    box = _pick(doc, 300, 240, 360)

    def gift(y: float) -> None:
        left = width / 2 - box / 2
        lid = box * 0.24
        doc.circle(width / 2 - box * 0.36, y, box * 0.34, fill=None, stroke=p.surface, stroke_width=14)
        doc.circle(width / 2 + box * 0.02, y, box * 0.34, fill=None, stroke=p.surface, stroke_width=14)
        doc.rect(left + box * 0.06, y + box * 0.3 + lid, box * 0.88, box * 0.6, fill=p.accent, radius=10)
        doc.rect(left, y + box * 0.3, box, lid, fill=p.accent, radius=10)
        doc.rect(left, y + box * 0.3 + lid - 8, box, 8, fill=p.ink, opacity=0.15)
        doc.rect(width / 2 - box * 0.08, y + box * 0.3, box * 0.16, box * 0.84, fill=p.surface)
        doc.circle(width / 2 - box * 0.07, y + box * 0.26, box * 0.14, fill=p.surface)
        for dx, dy, size in ((-0.8, 0.05, 0.14), (0.7, 0.12, 0.11), (-0.72, 0.62, 0.09), (0.76, 0.7, 0.12)):
            doc.figure("star", width / 2 + box * dx, y + box * dy, box * size, box * size, fill=p.accent)

    flow = _Flow(doc)
    flow.block(box * 1.14, gift)
    flow.text(t, "kicker", size=_pick(doc, 70, 58, 84), family=f.script, fill=p.accent)
    flow.text(t, "headline", size=_pick(doc, 118, 92, 140), family=f.display, fill=p.ink, line_height=1.0)
    flow.text(t, "name", size=_pick(doc, 46, 38, 54), family=f.serif, fill=p.accent, style="italic")
    flow.text(t, "date", size=_pick(doc, 34, 30, 40), family=f.body, fill=p.ink, weight="bold")
    flow.text(t, "venue", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, line_height=1.35, x=140)
    flow.text(t, "message", size=_pick(doc, 30, 26, 34), family=f.serif, fill=p.soft, style="italic")
    flow.text(t, "phone", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.accent, weight="bold", spacing=0.05)
    flow.place(_pick(doc, 80, 60, 150), height - _pick(doc, 70, 50, 140), max_gap=46)


def _new_month_arc(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A huge arc rising from the bottom, the month in display type above it."""
    width, height = doc.width, doc.height
    horizon = height * _pick(doc, 0.62, 0.6, 0.64)
    diameter = width * 1.6
    doc.circle((width - diameter) / 2 - 40, horizon - 40, diameter + 80, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    doc.circle((width - diameter) / 2, horizon, diameter, fill=p.surface)
    doc.circle(-140, -140, 380, fill=p.surface, opacity=0.5)
    _sparkles(doc, p.accent, ((width - 200, 120, 50), (width - 280, 220, 24), (150, horizon - 160, 30)))
    flow = _Flow(doc)
    flow.text(t, "greeting", size=_pick(doc, 30, 28, 36), family=f.body, fill=p.accent, weight="bold", spacing=0.18)
    flow.text(t, "kicker", size=_pick(doc, 100, 84, 120), family=f.script, fill=p.ink)
    flow.text(t, "month", size=_pick(doc, 200, 160, 230), family=f.display, fill=p.ink, line_height=1.0, spacing=0.04)
    flow.text(t, "message", size=_pick(doc, 36, 32, 44), family=f.serif, fill=p.soft, style="italic", line_height=1.4, x=120)
    flow.place(height * 0.07, horizon - 30, max_gap=40)
    after = _Flow(doc)
    after.text(t, "brand", size=_pick(doc, 36, 32, 42), family=f.body, fill=p.ink, weight="bold", spacing=0.1)
    after.text(t, "handle", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.soft)
    after.place(horizon + _pick(doc, 150, 120, 220), height - 60, max_gap=24)


def _new_month_card(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A raised card with an offset shadow block holding the greeting."""
    width, height = doc.width, doc.height
    margin = 80
    doc.circle(-150, -150, 460, fill=p.accent, opacity=0.22)
    doc.circle(width - 300, height - 330, 520, fill=p.accent, opacity=0.16)
    doc.rect(margin + 26, margin + 26, width - 2 * margin, height - 2 * margin, fill=p.accent, radius=40)
    doc.rect(margin, margin, width - 2 * margin, height - 2 * margin, fill=p.surface, radius=40)
    _sparkles(doc, p.accent, ((width - margin - 110, margin + 60, 44), (margin + 60, margin + 90, 26)))
    inner = margin + 70
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 84, 70, 100), family=f.script, fill=p.accent, x=inner)
    flow.text(t, "month", size=_pick(doc, 176, 140, 210), family=f.display, fill=p.ink, line_height=1.0, x=inner)
    flow.block(10, lambda y: doc.line(width / 2 - 100, y + 3, 200, color=p.accent, thickness=4))
    flow.text(t, "message", size=_pick(doc, 36, 32, 44), family=f.serif, fill=p.ink, line_height=1.45, x=inner)
    flow.text(t, "greeting", size=_pick(doc, 28, 26, 34), family=f.body, fill=p.accent, weight="bold", spacing=0.12, x=inner)
    flow.place(margin + 70, height - margin - 190, max_gap=56)
    doc.text(
        "brand", t["brand"], height - margin - 150, x=inner, width=width - 2 * inner,
        size=_pick(doc, 32, 30, 38), family=f.body, fill=p.ink, weight="bold", spacing=0.08,
    )  # fmt: skip
    if t.has("handle"):
        doc.text(
            "handle", t["handle"], height - margin - 100, x=inner, width=width - 2 * inner,
            size=_pick(doc, 26, 24, 30), family=f.body, fill=p.soft,
        )  # fmt: skip


def _new_month_numeral(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """An outlined month number behind left-aligned type and a footer band."""
    width, height = doc.width, doc.height
    numeral = _pick(doc, 460, 380, 560)
    doc.text(
        "month_number", t["month_number"], _pick(doc, 40, 20, 90), x=width - 700, width=640,
        size=numeral, family=f.display, fill="rgba(0,0,0,0)", stroke=p.accent, stroke_width=4,
        align="right", line_height=1.0,
    )  # fmt: skip
    doc.rect(80, height * 0.3 - 60, 12, 140, fill=p.accent)
    for row in range(3):
        for column in range(5):
            doc.circle(110 + column * 34, 90 + row * 34, 10, fill=p.soft, opacity=0.5)
    band = _pick(doc, 150, 130, 180)
    doc.circle(width - 260, height - band - 230, 300, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    doc.circle(width - 180, height - band - 160, 160, fill=p.surface, opacity=0.6)
    flow = _Flow(doc)
    left, column = 120.0, width - 240
    flow.text(t, "kicker", size=_pick(doc, 92, 76, 110), family=f.script, fill=p.ink, x=left, width=column, align="left")
    flow.text(
        t, "month", size=_pick(doc, 170, 136, 200), family=f.display, fill=p.ink, x=left, width=column,
        align="left", line_height=1.0, spacing=0.03,
    )  # fmt: skip
    flow.text(
        t, "message", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic",
        x=left, width=column - 120, align="left", line_height=1.4,
    )  # fmt: skip
    flow.text(
        t, "greeting", size=_pick(doc, 28, 26, 34), family=f.body, fill=p.accent, weight="bold",
        x=left, width=column, align="left", spacing=0.14,
    )  # fmt: skip
    flow.place(height * 0.3 - 60, height - band - 60, max_gap=44)
    doc.rect(0, height - band, width, band, fill=p.surface)
    doc.text(
        "brand", t["brand"], height - band, x=80, width=width / 2, size=_pick(doc, 32, 30, 36),
        family=f.body, fill=p.ink, weight="bold", align="left", vertical_align="middle", height=band,
    )  # fmt: skip
    if t.has("handle"):
        doc.text(
            "handle", t["handle"], height - band, x=width / 2, width=width / 2 - 80,
            size=_pick(doc, 26, 24, 30), family=f.body, fill=p.soft, align="right",
            vertical_align="middle", height=band,
        )  # fmt: skip


def _promo(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A slanted ribbon carrying the offer, the price and a call-to-action button."""
    width, height = doc.width, doc.height
    doc.circle(width - 340, -240, 600, fill=p.surface, opacity=0.35)
    doc.circle(-200, height - 300, 440, fill=p.accent, opacity=0.14)
    band_y = height * _pick(doc, 0.4, 0.38, 0.38)
    band = _pick(doc, 230, 190, 270)
    tilt = -6.0
    top = _Flow(doc)
    top.text(t, "brand", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.accent, weight="bold", spacing=0.3)
    top.text(t, "headline", size=_pick(doc, 128, 100, 150), family=f.display, fill=p.ink, line_height=0.96)
    top.place(_pick(doc, 70, 50, 140), band_y - 40, max_gap=30)
    doc.rect(-80, band_y + 28, width + 200, band, fill=p.accent, rotation=tilt, opacity=0.9)
    doc.rect(-80, band_y, width + 200, band, fill=p.surface, rotation=tilt)
    offer_height = band * 0.8
    x, y = _rotated(-80, band_y, tilt, 80, (band - offer_height) / 2)
    doc.text(
        "offer", t["offer"], y, x=x, width=width, size=band * 0.5, family=f.display, fill=p.ink,
        rotation=tilt, line_height=1.0, vertical_align="middle", height=offer_height,
    )  # fmt: skip
    after = _Flow(doc)
    after.text(t, "item", size=_pick(doc, 40, 34, 48), family=f.serif, fill=p.ink, style="italic", line_height=1.3)
    row = _pick(doc, 110, 92, 130)

    def prices(y: float) -> None:
        if t.has("old_price"):
            size = _pick(doc, 38, 32, 44)
            doc.text(
                "old_price", t["old_price"], y, x=90, width=width / 2 - 120, size=size,
                family=f.body, fill=p.soft, align="right", vertical_align="middle", height=row,
            )  # fmt: skip
            strike = len(t["old_price"]) * size * 0.62
            doc.line(width / 2 - 30 - strike, y + row / 2, strike, color=p.accent, thickness=4)
            doc.text(
                "price", t["price"], y, x=width / 2, width=width / 2 - 90, size=row * 0.82,
                family=f.display, fill=p.accent, align="left", vertical_align="middle", height=row,
            )  # fmt: skip
        else:
            doc.text(
                "price", t["price"], y, x=90, width=width - 180, size=row * 0.82, family=f.display,
                fill=p.accent, vertical_align="middle", height=row,
            )  # fmt: skip

    after.block(row, prices)
    pill = _pick(doc, 96, 84, 110)
    after.block(
        pill,
        lambda y: _pill(
            doc, t, "cta", y, width=560, height=pill, fill=p.accent, text_fill=p.on_accent,
            family=f.body, size=_pick(doc, 30, 28, 34),
        ),
    )
    after.text(t, "phone", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.soft, weight="bold", spacing=0.04)
    after.place(band_y + band + _pick(doc, 60, 40, 110), height - _pick(doc, 60, 40, 120), max_gap=50)


def _food_special(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A plate with the dish photo, a starburst price and the order details."""
    width, height = doc.width, doc.height
    doc.circle(-160, height * 0.3, 420, fill=p.surface, opacity=0.25)
    doc.circle(width - 200, -160, 420, fill=p.surface, opacity=0.3)
    for x, y, size in ((140, 140, 18), (width - 160, height * 0.45, 14), (100, height * 0.7, 22), (width - 120, height * 0.82, 16)):
        doc.circle(x, y, size, fill=p.accent, opacity=0.8)
    top = _Flow(doc)
    top.text(t, "brand", size=_pick(doc, 26, 24, 30), family=f.body, fill=p.accent, weight="bold", spacing=0.3)
    top.text(t, "kicker", size=_pick(doc, 68, 56, 80), family=f.script, fill=p.accent)
    top.text(t, "headline", size=_pick(doc, 112, 84, 132), family=f.display, fill=p.ink, line_height=0.96)
    plate_top = height * _pick(doc, 0.35, 0.36, 0.33)
    top.place(_pick(doc, 60, 44, 130), plate_top - 30, max_gap=28)
    plate = _pick(doc, 560, 380, 700)
    plate_x = width / 2 - plate / 2
    doc.circle(plate_x - 20, plate_top - 20, plate + 40, fill=p.accent, opacity=0.25)
    doc.circle(plate_x, plate_top, plate, fill="#FFFFFF")
    inset = plate * 0.1
    doc.image(
        "photo", plate_x + inset, plate_top + inset, plate - 2 * inset, plate - 2 * inset,
        colours=(p.accent, p.surface), radius=(plate - 2 * inset) / 2,
    )  # fmt: skip
    star = plate * 0.46
    star_x, star_y = plate_x + plate - star * 0.55, plate_top - star * 0.2
    doc.figure("star", star_x, star_y, star, star, fill=p.accent, rotation=0)
    doc.text(
        "price", t["price"], star_y + star * 0.3, x=star_x + star * 0.18, width=star * 0.64,
        size=star * 0.16, family=f.display, fill=p.on_accent, line_height=1.0,
        vertical_align="middle", height=star * 0.4,
    )  # fmt: skip
    after = _Flow(doc)
    after.text(t, "item", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.ink, style="italic", line_height=1.3, x=120)
    after.text(t, "location", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.soft, line_height=1.3)
    pill = _pick(doc, 88, 72, 100)
    after.block(
        pill,
        lambda y: _pill(
            doc, t, "phone", y, width=width - 320, height=pill, fill=p.accent, text_fill=p.on_accent,
            family=f.body, size=_pick(doc, 28, 24, 32),
        ),
    )
    after.place(plate_top + plate + 40, height - _pick(doc, 50, 34, 110), max_gap=40)


def _menu_board(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A menu card: dishes on the left, prices on the right, same rhythm."""
    width, height = doc.width, doc.height
    doc.circle(-180, -180, 460, fill=p.surface, opacity=0.55)
    doc.circle(-130, -130, 360, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    doc.circle(width - 260, height - 260, 460, fill=p.surface, opacity=0.55)
    doc.circle(width - 210, height - 210, 360, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    flow = _Flow(doc)
    flow.text(t, "brand", size=_pick(doc, 26, 24, 30), family=f.body, fill=p.accent, weight="bold", spacing=0.3)
    flow.text(t, "kicker", size=_pick(doc, 72, 60, 84), family=f.script, fill=p.accent)
    flow.text(t, "headline", size=_pick(doc, 120, 92, 140), family=f.display, fill=p.ink, line_height=1.0, spacing=0.06)
    size = _pick(doc, 34, 30, 40)
    rows = t["details"].count("\n") + 1
    card = rows * size * 1.8 + 70

    def menu(y: float) -> None:
        doc.rect(90, y, width - 180, card, fill=p.surface, opacity=0.6, radius=28)
        doc.rect(90, y, width - 180, card, fill=None, stroke=p.accent, stroke_width=2, radius=28)
        doc.text(
            "details", t["details"], y + 35, x=130, width=width - 480, size=size, family=f.body,
            fill=p.ink, align="left", line_height=1.8, height=rows * size * 1.8,
        )  # fmt: skip
        doc.text(
            "prices", t["prices"], y + 35, x=width - 350, width=220, size=size, family=f.body,
            fill=p.accent, weight="bold", align="right", line_height=1.8, height=rows * size * 1.8,
        )  # fmt: skip

    flow.block(card, menu)
    flow.text(t, "location", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.soft, line_height=1.3)
    pill = _pick(doc, 86, 72, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc, t, "phone", y, width=width - 340, height=pill, fill=p.accent, text_fill=p.on_accent,
            family=f.body, size=_pick(doc, 28, 24, 32),
        ),
    )
    flow.place(_pick(doc, 60, 40, 140), height - _pick(doc, 60, 40, 140), max_gap=50)


def _property(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A listing: the property photo with a tag and price badge, then the facts."""
    width, height = doc.width, doc.height
    margin = 70.0
    photo = _pick(doc, 580, 440, 860)
    doc.rect(margin - 14, margin - 14, width - 2 * margin + 28, photo + 28, fill=p.surface, radius=38)
    doc.image("photo", margin, margin, width - 2 * margin, photo, colours=(p.surface, p.soft), radius=30)
    doc.rect(margin + 30, margin + 30, 300, 72, fill=p.accent, radius=36)
    doc.text(
        "offer", t["offer"], margin + 30, x=margin + 40, width=280, size=28, family=f.body,
        fill=p.on_accent, weight="bold", spacing=0.15, vertical_align="middle", height=72,
    )  # fmt: skip
    badge_w, badge_h = 360.0, 120.0
    badge_x, badge_y = width - margin - badge_w - 30, margin + photo - badge_h / 2
    doc.rect(badge_x, badge_y, badge_w, badge_h, fill=p.accent, radius=22)
    doc.text(
        "price", t["price"], badge_y, x=badge_x + 15, width=badge_w - 30, size=64, family=f.display,
        fill=p.on_accent, line_height=1.0, vertical_align="middle", height=badge_h,
    )  # fmt: skip
    flow = _Flow(doc)
    column = width - 2 * margin
    flow.text(
        t, "headline", size=_pick(doc, 80, 64, 96), family=f.display, fill=p.ink, x=margin,
        width=column - 60, align="left", line_height=1.02,
    )  # fmt: skip
    flow.text(
        t, "location", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.accent, weight="bold",
        x=margin, width=column, align="left",
    )  # fmt: skip
    flow.text(
        t, "details", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, x=margin,
        width=column, align="left", line_height=1.5,
    )  # fmt: skip
    footer = height - _pick(doc, 110, 90, 150)
    flow.place(margin + photo + badge_h / 2 + 30, footer - 40, max_gap=40)
    doc.line(margin, footer - 20, column, color=p.soft, thickness=2, opacity=0.4)
    doc.text(
        "brand", t["brand"], footer, x=margin, width=column / 2, size=_pick(doc, 28, 26, 32),
        family=f.body, fill=p.ink, weight="bold", align="left",
    )  # fmt: skip
    doc.text(
        "phone", t["phone"], footer, x=width / 2, width=column / 2, size=_pick(doc, 28, 26, 32),
        family=f.body, fill=p.accent, weight="bold", align="right",
    )  # fmt: skip


def _services(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A side bar, a bold headline, a card of services with a sticker offer and a button."""
    width, height = doc.width, doc.height
    doc.rect(0, 0, 22, height, fill=p.accent)
    doc.circle(width - 320, -220, 560, fill=p.surface, opacity=0.8)
    doc.circle(width - 260, -160, 440, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    for row in range(3):
        for column in range(4):
            doc.circle(width - 230 + column * 36, height - 330 + row * 36, 10, fill=p.soft, opacity=0.45)
    left, column_width = 90.0, width - 180
    flow = _Flow(doc)
    flow.text(
        t, "brand", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.accent, weight="bold",
        spacing=0.25, x=left, width=column_width - 200, align="left",
    )  # fmt: skip
    flow.text(
        t, "headline", size=_pick(doc, 124, 96, 150), family=f.display, fill=p.ink, x=left,
        width=column_width - 180, align="left", line_height=0.95,
    )  # fmt: skip
    flow.text(
        t, "subheading", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic",
        x=left, width=column_width - 120, align="left", line_height=1.3,
    )  # fmt: skip
    size = _pick(doc, 32, 27, 38)
    inner = column_width - 80
    text_height = _text_height(t["details"], size, inner - 160, f.body, 1.55, 0)
    card = text_height + 70

    def services(y: float) -> None:
        doc.rect(left, y, column_width, card, fill=p.surface, radius=28)
        doc.text(
            "details", t["details"], y + 35, x=left + 40, width=inner - 160, size=size, family=f.body,
            fill=p.ink, align="left", line_height=1.55, height=text_height,
        )  # fmt: skip
        if t.has("badge"):
            sticker = _pick(doc, 220, 180, 250)
            sx, sy = width - left - sticker * 0.8, y - sticker * 0.35
            doc.figure("star", sx - 10, sy - 10, sticker + 20, sticker + 20, fill=p.accent, opacity=0.35)
            doc.circle(sx, sy, sticker, fill=p.accent)
            doc.text(
                "badge", t["badge"], sy, x=sx + 20, width=sticker - 40, size=sticker * 0.16,
                family=f.display, fill=p.on_accent, line_height=1.05, vertical_align="middle",
                height=sticker,
            )  # fmt: skip

    flow.block(card, services)
    flow.text(
        t, "location", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.soft, x=left,
        width=column_width, align="left", line_height=1.3,
    )  # fmt: skip
    pill = _pick(doc, 92, 80, 104)

    def actions(y: float) -> None:
        _pill(
            doc, t, "cta", y, width=430, height=pill, fill=p.accent, text_fill=p.on_accent,
            family=f.body, size=_pick(doc, 28, 26, 32), x=left,
        )  # fmt: skip
        doc.text(
            "phone", t["phone"], y, x=left + 450, width=column_width - 450,
            size=_pick(doc, 30, 26, 34), family=f.body, fill=p.ink, weight="bold", align="right",
            vertical_align="middle", height=pill,
        )  # fmt: skip

    flow.block(pill, actions)
    flow.place(_pick(doc, 80, 60, 160), height - _pick(doc, 70, 50, 150), max_gap=56)


def _showcase(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A product photo with an offset frame, a tag, headline, price and a button."""
    width, height = doc.width, doc.height
    doc.circle(-220, height - 420, 520, fill=p.surface, opacity=0.7)
    if height >= 1900:
        photo_x, photo_y, photo_w, photo_h = 110.0, 110.0, width - 220.0, height * 0.48
        left, column, top, align = 90.0, width - 180.0, photo_y + photo_h + 90, "center"
    else:
        photo_w = width * 0.46
        photo_x, photo_y, photo_h = width - photo_w - 70, 80.0, height - 230.0
        left, column, top, align = 70.0, width - photo_w - 170, 90.0, "left"
    doc.rect(photo_x + 28, photo_y + 28, photo_w, photo_h, fill=None, stroke=p.accent, stroke_width=5, radius=30)
    doc.image("photo", photo_x, photo_y, photo_w, photo_h, colours=(p.surface, p.accent), radius=30)
    flow = _Flow(doc)
    tag_w = 220.0

    def tag(y: float) -> None:
        x = left if align == "left" else (width - tag_w) / 2
        doc.rect(x, y, tag_w, 64, fill=p.accent, radius=32)
        doc.text(
            "badge", t["badge"], y, x=x + 10, width=tag_w - 20, size=26, family=f.body,
            fill=p.on_accent, weight="bold", spacing=0.15, vertical_align="middle", height=64,
        )  # fmt: skip

    if t.has("badge"):
        flow.block(64, tag)
    flow.text(
        t, "headline", size=_pick(doc, 96, 76, 120), family=f.display, fill=p.ink, x=left,
        width=column, align=align, line_height=1.0,
    )  # fmt: skip
    flow.text(
        t, "subheading", size=_pick(doc, 32, 28, 40), family=f.serif, fill=p.soft, style="italic",
        x=left, width=column, align=align, line_height=1.4,
    )  # fmt: skip
    flow.text(
        t, "price", size=_pick(doc, 60, 50, 76), family=f.display, fill=p.accent, x=left,
        width=column, align=align, line_height=1.0,
    )  # fmt: skip
    pill = _pick(doc, 86, 76, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc, t, "cta", y, width=min(column, 420), height=pill, fill=p.accent,
            text_fill=p.on_accent, family=f.body, size=_pick(doc, 26, 24, 32),
            x=left if align == "left" else None,
        ),
    )
    flow.place(top, height - _pick(doc, 180, 150, 200), max_gap=44)
    footer = height - _pick(doc, 110, 96, 150)
    doc.text(
        "handle", t["handle"], footer, x=70, width=width / 2 - 70, size=_pick(doc, 26, 24, 30),
        family=f.body, fill=p.ink, weight="bold", align="left",
    )  # fmt: skip
    doc.text(
        "phone", t["phone"], footer, x=width / 2, width=width / 2 - 70, size=_pick(doc, 26, 24, 30),
        family=f.body, fill=p.ink, weight="bold", align="right",
    )  # fmt: skip


def _quote(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A pull quote with drawn quotation marks, a rule and the author."""
    width, height = doc.width, doc.height
    doc.circle(width - 460, height - 460, 760, fill=p.surface, opacity=0.7)
    doc.circle(60, 60, 180, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    mark_y = _pick(doc, 170, 120, 300)
    for offset in (0, 92):
        doc.circle(90 + offset, mark_y, 70, fill=p.accent)
        doc.figure("rightTriangle", 90 + offset + 6, mark_y + 46, 52, 70, fill=p.accent, rotation=-12)
    size = _pick(doc, 58, 50, 66) if len(t["quote"]) < 110 else _pick(doc, 48, 42, 56)
    flow = _Flow(doc)
    flow.text(t, "quote", size=size, family=f.serif, fill=p.ink, align="left", line_height=1.3)
    flow.text(t, "translation", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.soft, style="italic", align="left", line_height=1.4)
    flow.block(6, lambda y: doc.line(90, y, 140, color=p.accent, thickness=6))
    flow.text(t, "author", size=_pick(doc, 30, 26, 34), family=f.body, fill=p.accent, weight="bold", spacing=0.15, align="left")
    flow.place(mark_y + 160, height - _pick(doc, 200, 170, 300), max_gap=48)
    if t.has("handle"):
        doc.text(
            "handle", t["handle"], height - _pick(doc, 110, 96, 160), x=90, width=width - 180,
            size=_pick(doc, 26, 24, 30), family=f.body, fill=p.soft, weight="bold", align="left",
            spacing=0.05,
        )  # fmt: skip


def _hiring(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A loud hiring headline, the role as a pill, the requirements card and how to apply."""
    width, height = doc.width, doc.height
    doc.circle(width - 420, 60, 560, fill=None, stroke=p.accent, stroke_width=4, opacity=0.7)
    doc.circle(width - 350, 130, 420, fill=p.surface, opacity=0.6)
    for row in range(4):
        for column in range(4):
            doc.circle(width - 200 + column * 34, height - 220 + row * 34, 10, fill=p.soft, opacity=0.4)
    left, column_width = 90.0, width - 180
    flow = _Flow(doc)
    flow.text(t, "brand", size=28, family=f.body, fill=p.accent, weight="bold", spacing=0.25, x=left, width=column_width, align="left")
    flow.text(
        t, "headline", size=_pick(doc, 170, 130, 200), family=f.display, fill=p.ink, x=left,
        width=column_width, align="left", line_height=0.92,
    )  # fmt: skip
    pill = _pick(doc, 84, 74, 96)
    role_size = _pick(doc, 34, 30, 40)
    role_width = min(column_width, len(t["role"]) * role_size * 0.68 + 80)
    flow.block(
        pill,
        lambda y: _pill(
            doc, t, "role", y, width=role_width, height=pill, fill=p.accent, text_fill=p.on_accent,
            family=f.body, size=role_size, x=left,
        ),
    )
    size = _pick(doc, 30, 26, 36)
    text_height = _text_height(t["details"], size, column_width - 80, f.body, 1.5, 0)
    card = text_height + 60

    def requirements(y: float) -> None:
        doc.rect(left, y, column_width, card, fill=p.surface, radius=26, opacity=0.9)
        doc.text(
            "details", t["details"], y + 30, x=left + 40, width=column_width - 80, size=size,
            family=f.body, fill=p.ink, align="left", line_height=1.5, height=text_height,
        )  # fmt: skip

    flow.block(card, requirements)
    flow.text(t, "location", size=_pick(doc, 28, 24, 34), family=f.body, fill=p.soft, weight="bold", x=left, width=column_width, align="left")
    flow.text(t, "cta", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.accent, weight="bold", x=left, width=column_width, align="left")
    flow.text(t, "phone", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.ink, x=left, width=column_width, align="left")
    flow.place(_pick(doc, 80, 60, 160), height - _pick(doc, 80, 56, 160), max_gap=46)


def _announcement(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A header band, a centred statement and the date in a pill."""
    width, height = doc.width, doc.height
    band = _pick(doc, 130, 110, 160)
    doc.rect(0, 0, width, band, fill=p.accent)
    doc.text(
        "kicker", t["kicker"], 0, x=60, width=width - 120, size=_pick(doc, 32, 28, 38),
        family=f.body, fill=p.on_accent, weight="bold", spacing=0.3, vertical_align="middle",
        height=band,
    )  # fmt: skip
    doc.figure("triangle", -120, height - 300, 420, 360, fill=p.surface, rotation=0, opacity=0.8)
    doc.figure("triangle", width - 260, height - 240, 360, 300, fill=p.accent, opacity=0.25)
    doc.circle(width - 220, band + 60, 140, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    flow = _Flow(doc)
    flow.text(t, "headline", size=_pick(doc, 116, 92, 140), family=f.display, fill=p.ink, line_height=1.0)
    flow.block(6, lambda y: doc.line(width / 2 - 80, y, 160, color=p.accent, thickness=6))
    flow.text(t, "message", size=_pick(doc, 34, 30, 42), family=f.body, fill=p.soft, line_height=1.5, x=120)
    pill = _pick(doc, 84, 74, 96)
    if t.has("date"):
        flow.block(
            pill,
            lambda y: _pill(
                doc, t, "date", y, width=width - 360, height=pill, fill=p.surface, text_fill=p.ink,
                family=f.body, size=_pick(doc, 30, 26, 34),
            ),
        )
    flow.place(band + _pick(doc, 80, 60, 160), height - _pick(doc, 200, 170, 280), max_gap=56)
    doc.text(
        "brand", t["brand"], height - _pick(doc, 150, 130, 200), x=200, width=width - 400,
        size=_pick(doc, 30, 26, 34), family=f.body, fill=p.ink, weight="bold", spacing=0.08,
    )  # fmt: skip
    doc.text(
        "phone", t["phone"], height - _pick(doc, 100, 86, 145), x=200, width=width - 400,
        size=_pick(doc, 26, 24, 30), family=f.body, fill=p.soft,
    )  # fmt: skip


def _crescent_greeting(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A crescent moon with stars and hanging lanterns over a festive greeting."""
    width, height = doc.width, doc.height
    moon = _pick(doc, 380, 320, 440)
    moon_x, moon_y = width - moon - 110, _pick(doc, 110, 80, 200)
    doc.circle(moon_x - 40, moon_y - 40, moon + 80, fill=p.accent, opacity=0.12)
    doc.circle(moon_x, moon_y, moon, fill=p.accent)
    doc.circle(moon_x + moon * 0.26, moon_y - moon * 0.08, moon * 0.9, fill=p.background)
    _sparkles(doc, p.accent, ((moon_x - 90, moon_y + 40, 46), (moon_x + 40, moon_y + moon * 0.8, 30), (200, height * 0.3, 26)))
    for index, drop in enumerate((170, 250, 130, 210, 160)):
        x = 100 + index * 70
        doc.line(x + 1.5, 0, drop, color=p.soft, thickness=3, rotation=90, opacity=0.7)
        doc.figure("hexagon", x - 16, drop, 36, 44, fill=p.accent if index % 2 == 0 else p.surface)
    flow = _Flow(doc)
    flow.text(t, "headline", size=_pick(doc, 118, 96, 140), family=f.script, fill=p.ink, line_height=1.05)
    flow.text(t, "subheading", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.accent, weight="bold", spacing=0.25)
    flow.text(t, "message", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic", line_height=1.45, x=130)
    flow.place(moon_y + moon + 40, height - _pick(doc, 210, 170, 300), max_gap=50)
    doc.rect(0, height - _pick(doc, 150, 130, 220), width, 4, fill=p.accent, opacity=0.5)
    doc.text(
        "brand", t["brand"], height - _pick(doc, 120, 104, 180), x=100, width=width - 200,
        size=_pick(doc, 30, 28, 36), family=f.body, fill=p.ink, weight="bold", spacing=0.1,
    )  # fmt: skip
    if t.has("handle"):
        doc.text(
            "handle", t["handle"], height - _pick(doc, 72, 62, 120), x=100, width=width - 200,
            size=_pick(doc, 26, 24, 30), family=f.body, fill=p.soft,
        )  # fmt: skip


def _flag_greeting(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Green-white-green stripes like the Nigerian flag, the greeting in the white band."""
    width, height = doc.width, doc.height
    stripe = width / 3 * 0.62
    doc.rect(0, 0, stripe, height, fill=p.surface)
    doc.rect(width - stripe, 0, stripe, height, fill=p.surface)
    for index in range(6):
        y = 90 + index * (height - 180) / 5
        doc.circle(stripe / 2 - 14, y, 28, fill="#FFFFFF", opacity=0.25)
        doc.circle(width - stripe / 2 - 14, y, 28, fill="#FFFFFF", opacity=0.25)
    doc.figure("star", width / 2 - 40, _pick(doc, 100, 70, 190), 80, 80, fill=p.accent)
    left, column = stripe + 40, width - 2 * stripe - 80
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 28, 26, 34), family=f.body, fill=p.accent, weight="bold", spacing=0.2, x=left, width=column)
    flow.text(t, "headline", size=_pick(doc, 96, 76, 112), family=f.display, fill=p.accent, line_height=1.0, x=left, width=column)
    flow.text(t, "subheading", size=_pick(doc, 44, 38, 52), family=f.serif, fill=p.ink, style="italic", x=left, width=column)
    flow.block(6, lambda y: doc.line(width / 2 - 60, y, 120, color=p.accent, thickness=6))
    flow.text(t, "message", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, line_height=1.45, x=left, width=column)
    flow.text(t, "brand", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.ink, weight="bold", spacing=0.06, x=left, width=column)
    flow.text(t, "handle", size=_pick(doc, 24, 22, 28), family=f.body, fill=p.soft, x=left, width=column)
    flow.place(_pick(doc, 220, 170, 340), height - _pick(doc, 80, 60, 160), max_gap=48)


def _motivational(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Stacked bold words with the key line highlighted and underlined."""
    width, height = doc.width, doc.height
    doc.circle(width - 520, -260, 820, fill=None, stroke=p.surface, stroke_width=46, opacity=0.8)
    doc.circle(width - 170, height - 190, 90, fill=p.accent, opacity=0.9)
    doc.circle(width - 260, height - 120, 40, fill=None, stroke=p.accent, stroke_width=4)
    left, column = 90.0, width - 180
    size = _pick(doc, 140, 112, 170)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.accent, weight="bold", spacing=0.3, x=left, width=column, align="left")
    flow.text(t, "headline", size=size, family=f.display, fill=p.ink, x=left, width=column, align="left", line_height=0.95)
    highlight_height = _text_height(t["highlight"], size * 0.8, column, f.display, 0.95, 0)

    def highlight(y: float) -> None:
        doc.rect(left, y + highlight_height - size * 0.18, 320, size * 0.12, fill=p.accent, opacity=0.35)
        doc.text(
            "highlight", t["highlight"], y, x=left, width=column, size=size * 0.8, family=f.display,
            fill=p.accent, align="left", line_height=0.95, height=highlight_height,
        )  # fmt: skip

    flow.block(highlight_height, highlight)
    flow.text(
        t, "message", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic",
        x=left, width=column - 140, align="left", line_height=1.4,
    )  # fmt: skip
    flow.place(height * _pick(doc, 0.14, 0.1, 0.2), height - _pick(doc, 200, 160, 300), max_gap=50)
    doc.line(left, height - _pick(doc, 140, 116, 220), 90, color=p.accent, thickness=5)
    doc.text(
        "handle", t["handle"], height - _pick(doc, 115, 92, 195), x=left, width=column,
        size=_pick(doc, 28, 26, 32), family=f.body, fill=p.ink, weight="bold", align="left",
        spacing=0.05,
    )  # fmt: skip


# ----------------------------------------------------------------------------- logos


def _logo_words(doc: _Doc, p: _Palette, f: _Fonts, t: _Content, top: float, *, script: bool = False) -> None:
    family = f.script if script else f.display
    size = 120 if script else 92
    height = doc.text(
        "brand_name", t["brand_name"], top, x=60, width=doc.width - 120, size=size, family=family,
        fill=p.ink, line_height=1.05, spacing=0 if script else 0.04,
    )  # fmt: skip
    doc.text(
        "tagline", t["tagline"], top + height + 26, x=100, width=doc.width - 200, size=30,
        family=f.body, fill=p.soft, spacing=0.3, weight="bold",
    )  # fmt: skip


def _logo_badge(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A ringed seal with a star and a crown of dots."""
    cx, cy, ring = 500.0, 330.0, 420.0
    doc.circle(cx - ring / 2, cy - ring / 2, ring, fill=None, stroke=p.accent, stroke_width=10)
    doc.circle(cx - 175, cy - 175, 350, fill=p.surface)
    for index in range(16):
        angle = 2 * math.pi * index / 16
        doc.circle(cx + 248 * math.cos(angle) - 7, cy + 248 * math.sin(angle) - 7, 14, fill=p.accent)
    doc.figure("star", cx - 105, cy - 110, 210, 210, fill=p.accent)
    _logo_words(doc, p, f, t, 610)


def _logo_cross(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A cross in a disc with radiating rays."""
    cx, cy = 500.0, 320.0
    for index in range(16):
        degrees = 360 * index / 16
        x, y = _rotated(cx, cy, degrees, 190, -3)
        doc.line(x, y, 60 if index % 2 == 0 else 36, color=p.accent, thickness=6, rotation=degrees)
    doc.circle(cx - 170, cy - 170, 340, fill=p.surface)
    doc.rect(cx - 20, cy - 130, 40, 260, fill=p.accent, radius=6)
    doc.rect(cx - 85, cy - 70, 170, 40, fill=p.accent, radius=6)
    _logo_words(doc, p, f, t, 590)


def _logo_bowl(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A steaming bowl."""
    doc.circle(290, 150, 420, fill=p.surface)
    doc.rect(270, 120, 460, 240, fill=p.background)
    for x, y, tilt in ((420, 170, -8), (485, 140, 0), (550, 170, 8)):
        doc.rect(x, y, 28, 130, fill=p.accent, radius=14, rotation=tilt)
    doc.rect(260, 345, 480, 28, fill=p.accent, radius=14)
    doc.rect(430, 566, 140, 22, fill=p.surface, radius=11)
    _logo_words(doc, p, f, t, 640)


def _logo_diamonds(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Three interlocking diamonds."""
    for index, (colour, opacity) in enumerate(((p.surface, 1.0), (p.accent, 0.88), (p.soft, 0.8))):
        doc.figure("diamond", 260 + index * 120, 150, 240, 300, fill=colour, opacity=opacity)
    _logo_words(doc, p, f, t, 540)


def _logo_route(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A hexagon with a forward arrow and speed lines."""
    doc.figure("hexagon", 340, 120, 360, 380, fill=p.surface)
    doc.figure("triangle", 470, 220, 180, 150, fill=p.accent, rotation=90)
    for index, length in enumerate((150, 110, 170)):
        doc.rect(250 - length * 0.4, 250 + index * 44, length, 18, fill=p.accent, radius=9)
    _logo_words(doc, p, f, t, 570)


def _logo_leaf(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Two leaves and a dewdrop."""
    for cx, degrees, colour in ((440.0, -28.0, p.surface), (560.0, 28.0, p.accent)):
        x, y = _centred_at(cx, 300, 170, 320, degrees)
        doc.figure("circle", x, y, 170, 320, fill=colour, rotation=degrees, opacity=0.92)
    doc.rect(497, 380, 6, 120, fill=p.ink, radius=3)
    doc.circle(482, 470, 36, fill=p.ink)
    _logo_words(doc, p, f, t, 560, script=True)


def _logo_hanger(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A clothes hanger drawn with a ring, a stem and a triangle."""
    doc.circle(460, 110, 80, fill=None, stroke=p.accent, stroke_width=12)
    doc.rect(494, 184, 12, 66, fill=p.accent, radius=6)
    doc.figure("triangle", 230, 250, 540, 240, fill=p.surface, stroke=p.accent, stroke_width=14)
    _logo_words(doc, p, f, t, 580)

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

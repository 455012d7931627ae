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
import functools
import math
import random
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
    "#FFF4D6",
    "#FF4F8B",
    "#13B5A7",
    "#3A0CA3",
    "#5B4B8A",
    "#FFFFFF",
    ("#FF4F8B", "#13B5A7", "#FFB703", "#8338EC", "#3A86FF"),
)
KIDS_SKY = _Palette(
    "#E8F4FF",
    "#3A86FF",
    "#FFB703",
    "#1D2B64",
    "#4A5A8C",
    "#1D2B64",
    ("#3A86FF", "#FFB703", "#FB5607", "#8AC926", "#FF006E"),
)
NEON = _Palette(
    "#0D0221",
    "#261447",
    "#F5F749",
    "#FFFFFF",
    "#C7B8FF",
    "#0D0221",
    ("#F5F749", "#FF3CAC", "#2EF2E5", "#784BA0"),
)
GOLD_GREEN = _Palette(
    "#0F2A1D",
    "#1F4D36",
    "#E6B84C",
    "#FFFFFF",
    "#CFE3D6",
    "#0F2A1D",
    ("#E6B84C", "#F3D98B", "#FFFFFF"),
)
PARTY_BLUSH = _Palette(
    "#FCE9E4",
    "#F4C7C3",
    "#C8475B",
    "#3D1A23",
    "#80525C",
    "#FFFFFF",
    ("#C8475B", "#E9A23B", "#F4C7C3", "#7A3E65"),
)
PARTY_ONYX = _Palette(
    "#101010",
    "#262626",
    "#D4AF37",
    "#FFFFFF",
    "#C9C2AE",
    "#101010",
    ("#D4AF37", "#F3E2A9", "#8C6D1F"),
)
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
NAIJA = _Palette("#00562F", "#008751", "#FFFFFF", "#FFFFFF", "#D3F0E0", "#00562F")
NAIJA_LIGHT = _Palette("#F8FBF9", "#008751", "#008751", "#0F3D2A", "#4D6B5C", "#FFFFFF")
PLUM_PARTY = _Palette(
    "#2E1437",
    "#4C2459",
    "#F4B942",
    "#FFFFFF",
    "#E2CBEA",
    "#2E1437",
    ("#F4B942", "#FF8FAB", "#E2CBEA", "#7FDBCA"),
)
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
    "signoff": ("Sign-off", 60, False),
    "photo": ("Photo", None, False),
}

_WIDTH_FACTOR = {
    "Anton": 0.46,
    "Bebas Neue": 0.42,
    "Oswald": 0.46,
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
        factor *= 1.08 if family in {"Anton", "Oswald"} else 1.12
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


def _fit_longest_word(text: str, size: float, width: float, family: str, spacing: float) -> float:
    """Shrink ``size`` until the longest word fits ``width`` (Polotno never splits words)."""
    factor = _WIDTH_FACTOR.get(family, 0.6)
    longest = max(text.replace("\n", " ").split(" "), key=len)
    if longest.upper() == longest and family not in {"Bebas Neue"}:
        factor *= 1.08 if family in {"Anton", "Oswald"} else 1.12
    needed = len(longest) * size * (factor + spacing)
    return size if needed <= width else math.floor(size * width / needed)


# ------------------------------------------------------------------------ documents


@functools.lru_cache(maxsize=64)
def _png_data_url(top: str, bottom: str, motif: str = "none", size: int = 96) -> str:
    """A small placeholder PNG as a ``data:`` URL: a vertical gradient with a pale motif.

    ``motif`` is ``person`` (head and shoulders), ``house`` (roof and walls) or ``none``.
    """
    first, last = _rgb(top), _rgb(bottom)
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            share = y / (size - 1)
            colour = [a + (b - a) * share for a, b in zip(first, last, strict=True)]
            cover = 0.0
            if motif != "none":
                samples = [
                    ((x + i / 3 + 1 / 6) / size, (y + j / 3 + 1 / 6) / size)
                    for i in range(3)
                    for j in range(3)
                ]
                cover = sum(_in_motif(motif, u, v) for u, v in samples) / len(samples)
            rows.extend(round(c + (255 - c) * 0.45 * cover) for c in colour)

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


def _in_motif(motif: str, u: float, v: float) -> bool:
    """Whether the unit-square point (u, v) lies inside the placeholder's motif."""
    if motif == "person":
        head = (u - 0.5) ** 2 + (v - 0.4) ** 2 < 0.15**2
        shoulders = ((u - 0.5) / 0.32) ** 2 + ((v - 0.98) / 0.36) ** 2 < 1
        return head or shoulders
    if motif == "house":
        roof = 0.3 <= v <= 0.52 and abs(u - 0.5) <= (v - 0.3) / 0.22 * 0.3
        walls = 0.52 <= v <= 0.8 and 0.27 <= u <= 0.73
        door = 0.64 <= v <= 0.8 and 0.45 <= u <= 0.55
        return (roof or walls) and not door
    return False


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
        motif: str = "none",
    ) -> None:
        """Add a photo placeholder: a tiny gradient PNG the person replaces."""
        label, _, required = _FIELD_META[key]
        element_id = f"{self.slug}-{key}"
        element = self._base(
            element_id, "image", label, (x, y, width, height), rotation=0, opacity=1.0
        )
        # The placeholder is square: crop its middle to the box's aspect, like "cover".
        crop_width = min(1.0, width / height)
        crop_height = min(1.0, height / width)
        element.update(
            {
                "src": _png_data_url(*colours, motif=motif),
                "cropX": round((1 - crop_width) / 2, 4),
                "cropY": round((1 - crop_height) / 2, 4),
                "cropWidth": round(crop_width, 4),
                "cropHeight": round(crop_height, 4),
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
    """A vertical stack of blocks spread between two heights with even gaps.

    When the blocks do not fit, text blocks are shrunk together (down to 60 %) before placing.
    """

    def __init__(self, doc: _Doc) -> None:
        self._doc = doc
        self._blocks: list[Callable[[float], tuple[float, Callable[[float], None]]]] = []

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
        fitted = _fit_longest_word(value, size, box_width, family, spacing)

        def make(scale: float) -> tuple[float, Callable[[float], None]]:
            scaled = round(fitted * scale, 1)
            height = _text_height(value, scaled, box_width, family, line_height, spacing)

            def draw(y: float) -> None:
                self._doc.text(
                    key,
                    value,
                    y,
                    x=left,
                    width=box_width,
                    size=scaled,
                    family=family,
                    fill=fill,
                    line_height=line_height,
                    spacing=spacing,
                    height=height,
                    **style,
                )

            return height, draw

        self._blocks.append(make)

    def block(self, height: float, draw: Callable[[float], None]) -> None:
        self._blocks.append(lambda _scale: (height, draw))

    def place(self, top: float, bottom: float, *, min_gap: float = 14, max_gap: float = 70) -> None:
        if not self._blocks:
            return
        count = len(self._blocks)
        scale = 1.0
        made = [make(scale) for make in self._blocks]
        while sum(h for h, _ in made) + min_gap * (count - 1) > bottom - top and scale > 0.6:
            scale -= 0.04
            made = [make(scale) for make in self._blocks]
        total = sum(height for height, _ in made)
        gap = (bottom - top - total) / (count - 1) if count > 1 else 0.0
        gap = max(min_gap, min(max_gap, gap))
        used = total + gap * (count - 1)
        y = top + max(0.0, (bottom - top - used) / 2)
        for height, draw in made:
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


def _centred_at(
    cx: float, cy: float, width: float, height: float, degrees: float
) -> tuple[float, float]:
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
            doc.rect(
                x, y, 10, rng.uniform(24, 34), fill=colour, radius=4, rotation=rng.uniform(0, 180)
            )
        elif shape == 3:
            size = rng.uniform(18, 28)
            doc.figure("triangle", x, y, size, size, fill=colour, rotation=rng.uniform(0, 120))
        else:
            doc.circle(x, y, rng.uniform(16, 30), fill=None, stroke=colour, stroke_width=4)


def _pill(
    doc: _Doc,
    content: _Content,
    key: str,
    y: float,
    *,
    width: float,
    height: float,
    fill: str,
    text_fill: str,
    family: str,
    size: float = 30,
    x: float | None = None,
) -> None:
    """A rounded button with centred text."""
    left = (doc.width - width) / 2 if x is None else x
    doc.rect(left, y, width, height, fill=fill, radius=height / 2)
    doc.text(
        key,
        content[key],
        y,
        x=left + 20,
        width=width - 40,
        size=size,
        family=family,
        fill=text_fill,
        weight="bold",
        spacing=0.04,
        vertical_align="middle",
        height=height,
    )


def _church_hero(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Big display headline over layered circles, a date/time band and a contact footer."""
    width, height = doc.width, doc.height
    doc.circle(width - 430, -330, 800, fill=p.surface, opacity=0.65)
    doc.circle(width - 370, -260, 660, fill=None, stroke=p.accent, stroke_width=3, opacity=0.55)
    doc.circle(-300, height - 420, 640, fill=p.accent, opacity=0.12)
    doc.circle(-230, height - 350, 500, fill=None, stroke=p.accent, stroke_width=2, opacity=0.35)
    _sparkles(
        doc, p.accent, ((width - 190, 170, 46), (width - 270, 270, 22), (110, height * 0.36, 28))
    )
    footer = _pick(doc, 120, 100, 140)
    top = _pick(doc, 80, 60, 150)
    if t.has("org"):
        doc.text(
            "org",
            t["org"],
            top,
            x=90,
            width=width - 180,
            size=28,
            family=f.body,
            fill=p.accent,
            weight="bold",
            spacing=0.25,
        )
        doc.line(width / 2 - 70, top + 52, 140, color=p.accent, thickness=3)
        top += 80
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 66, 56, 84), family=f.script, fill=p.ink)
    flow.text(
        t,
        "headline",
        size=_pick(doc, 150, 116, 176),
        family=f.display,
        fill=p.ink,
        line_height=0.98,
        spacing=0.02,
    )
    flow.text(
        t, "subheading", size=_pick(doc, 42, 36, 50), family=f.serif, fill=p.accent, style="italic"
    )
    flow.text(t, "speaker", size=_pick(doc, 34, 30, 40), family=f.body, fill=p.ink, weight="bold")
    band = _pick(doc, 150, 130, 180)
    flow.block(band, lambda y: _info_band(doc, p, f, t, y, band))
    flow.text(t, "venue", size=_pick(doc, 30, 27, 36), family=f.body, fill=p.soft, line_height=1.35)
    flow.place(top + 10, height - footer - 40, max_gap=_pick(doc, 48, 30, 80))
    doc.rect(0, height - footer, width, footer, fill=p.accent)
    doc.text(
        "phone",
        t["phone"],
        height - footer,
        x=60,
        width=width - 120,
        size=_pick(doc, 30, 28, 34),
        family=f.body,
        fill=p.on_accent,
        weight="bold",
        spacing=0.04,
        vertical_align="middle",
        height=footer,
    )


def _info_band(doc: _Doc, p: _Palette, f: _Fonts, t: _Content, y: float, band: float) -> None:
    width = doc.width
    doc.rect(90, y, width - 180, band, fill=p.surface, radius=26, stroke=p.accent, stroke_width=2)
    half = (width - 180) / 2
    size = _pick(doc, 36, 32, 42)
    doc.text(
        "date",
        t["date"],
        y,
        x=110,
        width=half - 40,
        size=size,
        family=f.body,
        fill=p.ink,
        weight="bold",
        line_height=1.15,
        vertical_align="middle",
        height=band,
    )
    doc.line(width / 2 + 1.5, y + 28, band - 56, color=p.accent, thickness=3, rotation=90)
    doc.text(
        "time",
        t["time"],
        y,
        x=width / 2 + 20,
        width=half - 40,
        size=size,
        family=f.body,
        fill=p.ink,
        weight="bold",
        line_height=1.15,
        vertical_align="middle",
        height=band,
    )


def _framed(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """An elegant double frame with diamond corners and a centred serif hierarchy."""
    width, height = doc.width, doc.height
    doc.circle(width / 2 - 420, -560, 840, fill=p.surface, opacity=0.7)
    doc.circle(width / 2 - 340, height - 220, 680, fill=p.surface, opacity=0.5)
    doc.rect(40, 40, width - 80, height - 80, fill=None, stroke=p.accent, stroke_width=3)
    doc.rect(
        58, 58, width - 116, height - 116, fill=None, stroke=p.accent, stroke_width=1, opacity=0.6
    )
    for cx, cy in ((41, 41), (width - 41, 41), (41, height - 41), (width - 41, height - 41)):
        doc.figure("diamond", cx - 18, cy - 18, 36, 36, fill=p.accent)
    doc.figure("star", width / 2 - 22, _pick(doc, 96, 84, 130), 44, 44, fill=p.accent)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 64, 54, 76), family=f.script, fill=p.accent)
    flow.text(
        t,
        "headline",
        size=_pick(doc, 104, 84, 124),
        family=f.display,
        fill=p.ink,
        line_height=1.05,
        x=110,
    )
    flow.text(t, "name", size=_pick(doc, 50, 42, 60), family=f.serif, fill=p.accent, style="italic")
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 44, 38, 52),
        family=f.serif,
        fill=p.accent,
        style="italic",
        x=120,
    )

    def divider(y: float) -> None:
        doc.line(width / 2 - 190, y + 14, 150, color=p.accent, thickness=2)
        doc.figure("diamond", width / 2 - 12, y + 3, 24, 24, fill=p.accent)
        doc.line(width / 2 + 40, y + 14, 150, color=p.accent, thickness=2)

    flow.block(30, divider)
    flow.text(
        t,
        "message",
        size=_pick(doc, 32, 28, 38),
        family=f.body,
        fill=p.soft,
        line_height=1.45,
        x=140,
    )
    flow.text(t, "date", size=_pick(doc, 38, 32, 44), family=f.body, fill=p.ink, weight="bold")
    flow.text(t, "time", size=_pick(doc, 32, 28, 38), family=f.body, fill=p.ink)
    flow.text(
        t, "venue", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, line_height=1.35, x=130
    )
    flow.place(_pick(doc, 170, 150, 230), height - _pick(doc, 170, 140, 230), max_gap=60)
    doc.text(
        "phone",
        t["phone"],
        height - _pick(doc, 130, 112, 170),
        x=110,
        width=width - 220,
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.06,
    )


def _split_date(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A coloured top panel with the headline and a round date badge on its edge."""
    width, height = doc.width, doc.height
    panel = height * _pick(doc, 0.5, 0.5, 0.5)
    doc.rect(0, 0, width, panel, fill=p.surface)
    doc.circle(width - 380, -220, 640, fill=p.background, opacity=0.22)
    doc.circle(-220, panel - 320, 440, fill=p.accent, opacity=0.16)
    _sparkles(doc, p.accent, ((width - 190, panel - 90, 36), (130, panel - 110, 26)))
    top = _pick(doc, 70, 56, 110)
    if t.has("org"):
        doc.text(
            "org",
            t["org"],
            top,
            x=90,
            width=width - 180,
            size=26,
            family=f.body,
            fill=p.accent,
            weight="bold",
            spacing=0.25,
        )
        top += 60
    badge = _pick(doc, 270, 230, 320)
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 64, 54, 80), family=f.script, fill=p.ink)
    flow.text(
        t,
        "headline",
        size=_pick(doc, 124, 100, 150),
        family=f.display,
        fill=p.ink,
        line_height=0.98,
        spacing=0.02,
    )
    flow.text(
        t, "subheading", size=_pick(doc, 36, 30, 42), family=f.serif, fill=p.soft, style="italic"
    )
    flow.place(top + 20, panel - badge / 2 - 40, max_gap=50)
    doc.circle(
        width / 2 - badge / 2,
        panel - badge / 2,
        badge,
        fill=p.accent,
        stroke=p.background,
        stroke_width=12,
    )
    doc.text(
        "day",
        t["day"],
        panel - badge * 0.3,
        x=width / 2 - badge / 2 + 20,
        width=badge - 40,
        size=badge * 0.1,
        family=f.body,
        fill=p.on_accent,
        weight="bold",
        spacing=0.2,
    )
    doc.text(
        "date",
        t["date"],
        panel - badge * 0.15,
        x=width / 2 - badge / 2 + 15,
        width=badge - 30,
        size=badge * 0.27,
        family=f.display,
        fill=p.on_accent,
        line_height=1.0,
    )
    after = _Flow(doc)
    after.text(
        t,
        "time",
        size=_pick(doc, 38, 32, 52),
        family=f.body,
        fill=p.ink,
        weight="bold",
        line_height=1.3,
    )
    after.text(
        t, "venue", size=_pick(doc, 32, 28, 42), family=f.body, fill=p.soft, line_height=1.35, x=120
    )
    after.text(
        t,
        "theme",
        size=_pick(doc, 36, 30, 46),
        family=f.serif,
        fill=p.accent,
        style="italic",
        x=120,
    )
    footer_y = height - _pick(doc, 120, 100, 170)
    after.place(panel + badge / 2 + 50, footer_y - 40, max_gap=_pick(doc, 60, 40, 100))
    doc.line(90, footer_y + 22, 150, color=p.accent, thickness=2)
    doc.line(width - 240, footer_y + 22, 150, color=p.accent, thickness=2)
    doc.text(
        "phone",
        t["phone"],
        footer_y,
        x=250,
        width=width - 500,
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.ink,
        weight="bold",
    )


def _birthday_number(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A giant age numeral in a ringed disc, framed by confetti."""
    width, height = doc.width, doc.height
    _confetti(doc, p, int(_pick(doc, 30, 24, 38)), keep_out=(height * 0.09, height * 0.91))
    numeral = _pick(doc, 280, 220, 340)
    disc = numeral * 1.32
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 92, 76, 110), family=f.script, fill=p.accent, x=120)

    def age(y: float) -> None:
        doc.circle(
            width / 2 - disc / 2 - 16, y - 16, disc + 32, fill=None, stroke=p.accent, stroke_width=3
        )
        doc.circle(width / 2 - disc / 2, y, disc, fill=p.surface)
        doc.text(
            "age",
            t["age"],
            y,
            x=width / 2 - disc / 2,
            width=disc,
            size=numeral,
            family=f.display,
            fill=p.ink,
            line_height=1.0,
            vertical_align="middle",
            height=disc,
        )

    flow.block(disc, age)
    flow.text(
        t,
        "name",
        size=_pick(doc, 92, 74, 110),
        family=f.display,
        fill=p.ink,
        spacing=0.05,
        line_height=1.0,
    )
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 40, 34, 46),
        family=f.serif,
        fill=p.accent,
        style="italic",
        x=120,
    )
    flow.text(
        t,
        "message",
        size=_pick(doc, 30, 26, 34),
        family=f.body,
        fill=p.soft,
        line_height=1.45,
        x=140,
    )
    flow.text(
        t,
        "phone",
        size=_pick(doc, 28, 24, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.05,
    )
    flow.text(
        t, "signoff", size=_pick(doc, 30, 26, 34), family=f.serif, fill=p.accent, style="italic"
    )
    flow.place(height * 0.1, height * 0.9, max_gap=60)


def _birthday_photo(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A framed portrait with a star age badge and the wishes beside or below it."""
    width, height = float(doc.width), float(doc.height)
    _confetti(doc, p, 16, keep_out=(60, height - 60))
    stacked = height >= 1300
    if stacked:
        photo_w, photo_h = width - 300, height * 0.42
        photo_x, photo_y = 150.0, height * 0.08
    else:
        photo_w, photo_h = width * 0.44, height - 260
        photo_x, photo_y = 80.0, 130.0
    doc.rect(
        photo_x + 26,
        photo_y + 26,
        photo_w,
        photo_h,
        fill=None,
        stroke=p.accent,
        stroke_width=5,
        radius=28,
    )
    doc.image(
        "photo",
        photo_x,
        photo_y,
        photo_w,
        photo_h,
        colours=(p.surface, p.accent),
        radius=28,
        motif="person",
    )
    star = 220.0
    star_x, star_y = photo_x + photo_w - star * 0.7, photo_y + photo_h - star * 0.7
    doc.figure("star", star_x, star_y, star, star, fill=p.accent)
    doc.text(
        "age",
        t["age"],
        star_y + star * 0.22,
        x=star_x,
        width=star,
        size=star * 0.34,
        family=f.display,
        fill=p.on_accent,
        line_height=1.0,
        vertical_align="middle",
        height=star * 0.56,
    )
    flow = _Flow(doc)
    if stacked:
        left, column = 100.0, width - 200
        top, bottom = photo_y + photo_h + star * 0.4, height - 80
        align = "center"
    else:
        left, column = photo_x + photo_w + 90, width - (photo_x + photo_w + 90) - 70
        top, bottom = 110.0, height - 110
        align = "left"
    flow.text(
        t,
        "kicker",
        size=_pick(doc, 72, 60, 84),
        family=f.script,
        fill=p.accent,
        x=left,
        width=column,
        align=align,
    )
    flow.text(
        t,
        "name",
        size=_pick(doc, 96, 84, 112),
        family=f.display,
        fill=p.ink,
        x=left,
        width=column,
        align=align,
        line_height=1.0,
    )
    flow.text(
        t,
        "message",
        size=_pick(doc, 30, 28, 36),
        family=f.body,
        fill=p.soft,
        x=left,
        width=column,
        align=align,
        line_height=1.45,
    )
    flow.text(
        t,
        "greeting",
        size=_pick(doc, 34, 30, 40),
        family=f.serif,
        fill=p.accent,
        style="italic",
        x=left,
        width=column,
        align=align,
    )
    flow.text(
        t,
        "handle",
        size=26,
        family=f.body,
        fill=p.soft,
        weight="bold",
        x=left,
        width=column,
        align=align,
        spacing=0.05,
    )
    flow.place(top, bottom, max_gap=50)


def _kids_party(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """Balloons, a scalloped top edge, a star age badge and a party details card."""
    width, height = doc.width, doc.height
    colours = p.confetti or (p.surface, p.accent)
    for index in range(9):
        doc.circle(index * 135 - 30, -80, 150, fill=colours[index % len(colours)])
    balloons = (
        (40, 150, 0, -8),
        (170, 120, 1, 6),
        (width - 190, 140, 2, 8),
        (width - 320, 110, 3, -5),
    )
    for x, y, colour, tilt in balloons:
        doc.line(
            x + 65,
            y + 168,
            _pick(doc, 200, 140, 260),
            color=p.soft,
            thickness=3,
            rotation=90 + tilt,
        )
        doc.figure("circle", x, y, 130, 165, fill=colours[colour % len(colours)], rotation=tilt)
        doc.circle(x + 28, y + 30, 26, fill="#FFFFFF", opacity=0.45)
    flow = _Flow(doc)
    flow.text(
        t,
        "kicker",
        size=_pick(doc, 60, 50, 72),
        family=f.script,
        fill=p.surface,
        x=280,
        width=width - 560,
    )
    flow.text(
        t,
        "name",
        size=_pick(doc, 140, 124, 160),
        family=f.display,
        fill=p.ink,
        weight="bold",
        line_height=1.0,
    )
    flow.text(
        t, "subheading", size=_pick(doc, 38, 32, 46), family=f.body, fill=p.surface, weight="bold"
    )
    star = _pick(doc, 260, 220, 300)

    def badge(y: float) -> None:
        doc.figure("star", width / 2 - star / 2, y, star, star, fill=p.accent)
        doc.text(
            "age",
            t["age"],
            y + star * 0.24,
            x=width / 2 - star / 2,
            width=star,
            size=star * 0.36,
            family=f.display,
            fill="#FFFFFF",
            weight="bold",
            line_height=1.0,
            vertical_align="middle",
            height=star * 0.55,
        )

    flow.block(star, badge)
    card = _pick(doc, 230, 190, 270)

    def details(y: float) -> None:
        doc.rect(
            110, y, width - 220, card, fill="#FFFFFF", radius=32, stroke=p.surface, stroke_width=4
        )
        size = _pick(doc, 36, 30, 42)
        doc.text(
            "date",
            t["date"],
            y + card * 0.12,
            x=140,
            width=width - 280,
            size=size,
            family=f.body,
            fill=p.ink,
            weight="bold",
        )
        doc.text(
            "time",
            t["time"],
            y + card * 0.12 + size * 1.3,
            x=140,
            width=width - 280,
            size=size * 0.85,
            family=f.body,
            fill=p.soft,
        )
        doc.text(
            "venue",
            t["venue"],
            y + card * 0.12 + size * 2.4,
            x=140,
            width=width - 280,
            size=size * 0.8,
            family=f.body,
            fill=p.soft,
            line_height=1.3,
        )

    flow.block(card, details)
    pill = _pick(doc, 86, 76, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "phone",
            y,
            width=width - 280,
            height=pill,
            fill=p.surface,
            text_fill="#FFFFFF",
            family=f.body,
            size=_pick(doc, 28, 26, 32),
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
        doc.circle(
            width / 2 - box * 0.36, y, box * 0.34, fill=None, stroke=p.surface, stroke_width=14
        )
        doc.circle(
            width / 2 + box * 0.02, y, box * 0.34, fill=None, stroke=p.surface, stroke_width=14
        )
        doc.rect(
            left + box * 0.06, y + box * 0.3 + lid, box * 0.88, box * 0.6, fill=p.accent, radius=10
        )
        doc.rect(left, y + box * 0.3, box, lid, fill=p.accent, radius=10)
        doc.rect(left, y + box * 0.3 + lid - 8, box, 8, fill=p.ink, opacity=0.15)
        doc.rect(width / 2 - box * 0.08, y + box * 0.3, box * 0.16, box * 0.84, fill=p.surface)
        doc.circle(width / 2 - box * 0.07, y + box * 0.26, box * 0.14, fill=p.surface)
        for dx, dy, size in (
            (-0.8, 0.05, 0.14),
            (0.7, 0.12, 0.11),
            (-0.72, 0.62, 0.09),
            (0.76, 0.7, 0.12),
        ):
            doc.figure(
                "star", width / 2 + box * dx, y + box * dy, box * size, box * size, fill=p.accent
            )

    flow = _Flow(doc)
    flow.block(box * 1.14, gift)
    flow.text(t, "kicker", size=_pick(doc, 70, 58, 84), family=f.script, fill=p.accent)
    flow.text(
        t, "headline", size=_pick(doc, 118, 92, 140), family=f.display, fill=p.ink, line_height=1.0
    )
    flow.text(t, "name", size=_pick(doc, 46, 38, 54), family=f.serif, fill=p.accent, style="italic")
    flow.text(t, "date", size=_pick(doc, 34, 30, 40), family=f.body, fill=p.ink, weight="bold")
    flow.text(
        t, "venue", size=_pick(doc, 30, 26, 36), family=f.body, fill=p.soft, line_height=1.35, x=140
    )
    flow.text(
        t, "message", size=_pick(doc, 30, 26, 34), family=f.serif, fill=p.soft, style="italic"
    )
    flow.text(
        t,
        "phone",
        size=_pick(doc, 28, 24, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.05,
    )
    flow.place(_pick(doc, 80, 60, 150), height - _pick(doc, 70, 50, 140), max_gap=46)


def _new_month_arc(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A huge arc rising from the bottom, the month in display type above it."""
    width, height = doc.width, doc.height
    horizon = height * _pick(doc, 0.62, 0.6, 0.64)
    diameter = width * 1.6
    doc.circle(
        (width - diameter) / 2 - 40,
        horizon - 40,
        diameter + 80,
        fill=None,
        stroke=p.accent,
        stroke_width=3,
        opacity=0.6,
    )
    doc.circle((width - diameter) / 2, horizon, diameter, fill=p.surface)
    doc.circle(-140, -140, 380, fill=p.surface, opacity=0.5)
    _sparkles(
        doc, p.accent, ((width - 170, 70, 44), (width - 240, 150, 22), (110, horizon - 90, 28))
    )
    flow = _Flow(doc)
    flow.text(
        t,
        "greeting",
        size=_pick(doc, 30, 28, 36),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.18,
    )
    flow.text(t, "kicker", size=_pick(doc, 100, 84, 120), family=f.script, fill=p.ink)
    flow.text(
        t,
        "month",
        size=_pick(doc, 200, 160, 230),
        family=f.display,
        fill=p.ink,
        line_height=1.0,
        spacing=0.04,
    )
    flow.text(
        t,
        "message",
        size=_pick(doc, 36, 32, 44),
        family=f.serif,
        fill=p.soft,
        style="italic",
        line_height=1.4,
        x=120,
    )
    flow.place(height * 0.07, horizon - 30, max_gap=40)
    after = _Flow(doc)
    after.text(
        t,
        "brand",
        size=_pick(doc, 36, 32, 42),
        family=f.body,
        fill=p.ink,
        weight="bold",
        spacing=0.1,
    )
    after.text(t, "handle", size=_pick(doc, 28, 26, 32), family=f.body, fill=p.soft)
    after.place(horizon + _pick(doc, 150, 120, 220), height - 60, max_gap=24)


def _new_month_card(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A raised card with an offset shadow block holding the greeting."""
    width, height = doc.width, doc.height
    margin = 80
    doc.circle(-150, -150, 460, fill=p.accent, opacity=0.22)
    doc.circle(width - 300, height - 330, 520, fill=p.accent, opacity=0.16)
    doc.rect(
        margin + 26, margin + 26, width - 2 * margin, height - 2 * margin, fill=p.accent, radius=40
    )
    doc.rect(margin, margin, width - 2 * margin, height - 2 * margin, fill=p.surface, radius=40)
    _sparkles(
        doc, p.accent, ((width - margin - 110, margin + 60, 44), (margin + 60, margin + 90, 26))
    )
    inner = margin + 70
    flow = _Flow(doc)
    flow.text(t, "kicker", size=_pick(doc, 84, 70, 100), family=f.script, fill=p.accent, x=inner)
    flow.text(
        t,
        "month",
        size=_pick(doc, 176, 140, 210),
        family=f.display,
        fill=p.ink,
        line_height=1.0,
        x=inner,
    )
    flow.block(10, lambda y: doc.line(width / 2 - 100, y + 3, 200, color=p.accent, thickness=4))
    flow.text(
        t,
        "message",
        size=_pick(doc, 36, 32, 44),
        family=f.serif,
        fill=p.ink,
        line_height=1.45,
        x=inner,
    )
    flow.text(
        t,
        "greeting",
        size=_pick(doc, 28, 26, 34),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.12,
        x=inner,
    )
    flow.place(margin + 70, height - margin - 190, max_gap=_pick(doc, 56, 40, 110))
    doc.text(
        "brand",
        t["brand"],
        height - margin - 150,
        x=inner,
        width=width - 2 * inner,
        size=_pick(doc, 32, 30, 38),
        family=f.body,
        fill=p.ink,
        weight="bold",
        spacing=0.08,
    )
    if t.has("handle"):
        doc.text(
            "handle",
            t["handle"],
            height - margin - 100,
            x=inner,
            width=width - 2 * inner,
            size=_pick(doc, 26, 24, 30),
            family=f.body,
            fill=p.soft,
        )


def _new_month_numeral(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """An outlined month number behind left-aligned type and a footer band."""
    width, height = doc.width, doc.height
    numeral = _pick(doc, 460, 380, 560)
    numeral_y = _pick(doc, 40, 20, 110)
    doc.text(
        "month_number",
        t["month_number"],
        numeral_y,
        x=width - 700,
        width=640,
        size=numeral,
        family=f.display,
        fill="rgba(0,0,0,0)",
        stroke=p.accent,
        stroke_width=4,
        align="right",
        line_height=1.0,
    )
    flow_top = numeral_y + numeral * 0.9
    doc.rect(80, flow_top + 10, 12, 140, fill=p.accent)
    for row in range(3):
        for column in range(5):
            doc.circle(110 + column * 34, 90 + row * 34, 10, fill=p.soft, opacity=0.5)
    band = _pick(doc, 150, 130, 180)
    doc.circle(
        width - 260,
        height - band - 230,
        300,
        fill=None,
        stroke=p.accent,
        stroke_width=3,
        opacity=0.5,
    )
    doc.circle(width - 180, height - band - 160, 160, fill=p.surface, opacity=0.6)
    flow = _Flow(doc)
    left, column = 120.0, width - 240
    flow.text(
        t,
        "kicker",
        size=_pick(doc, 92, 76, 120),
        family=f.script,
        fill=p.ink,
        x=left,
        width=column,
        align="left",
    )
    flow.text(
        t,
        "month",
        size=_pick(doc, 170, 136, 220),
        family=f.display,
        fill=p.ink,
        x=left,
        width=column,
        align="left",
        line_height=1.0,
        spacing=0.03,
    )
    flow.text(
        t,
        "message",
        size=_pick(doc, 36, 30, 48),
        family=f.serif,
        fill=p.soft,
        style="italic",
        x=left,
        width=column - 120,
        align="left",
        line_height=1.4,
    )
    flow.text(
        t,
        "greeting",
        size=_pick(doc, 28, 26, 34),
        family=f.body,
        fill=p.accent,
        weight="bold",
        x=left,
        width=column,
        align="left",
        spacing=0.14,
    )
    flow.place(flow_top, height - band - 60, max_gap=_pick(doc, 44, 30, 80))
    doc.rect(0, height - band, width, band, fill=p.surface)
    doc.text(
        "brand",
        t["brand"],
        height - band,
        x=80,
        width=width / 2,
        size=_pick(doc, 32, 30, 36),
        family=f.body,
        fill=p.ink,
        weight="bold",
        align="left",
        vertical_align="middle",
        height=band,
    )
    if t.has("handle"):
        doc.text(
            "handle",
            t["handle"],
            height - band,
            x=width / 2,
            width=width / 2 - 80,
            size=_pick(doc, 26, 24, 30),
            family=f.body,
            fill=p.soft,
            align="right",
            vertical_align="middle",
            height=band,
        )


def _promo(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A slanted ribbon carrying the offer, the price and a call-to-action button."""
    width, height = doc.width, doc.height
    doc.circle(width - 340, -240, 600, fill=p.surface, opacity=0.35)
    doc.circle(-200, height - 300, 440, fill=p.accent, opacity=0.14)
    band_y = height * _pick(doc, 0.4, 0.38, 0.38)
    band = _pick(doc, 230, 190, 270)
    tilt = -6.0
    top = _Flow(doc)
    top.text(
        t,
        "brand",
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.3,
    )
    top.text(
        t,
        "headline",
        size=_pick(doc, 128, 100, 150),
        family=f.display,
        fill=p.ink,
        line_height=0.96,
    )
    top.place(_pick(doc, 70, 50, 140), band_y - 40, max_gap=30)
    doc.rect(-80, band_y + 28, width + 200, band, fill=p.accent, rotation=tilt, opacity=0.9)
    doc.rect(-80, band_y, width + 200, band, fill=p.surface, rotation=tilt)
    offer_height = band * 0.8
    x, y = _rotated(-80, band_y, tilt, 80, (band - offer_height) / 2)
    doc.text(
        "offer",
        t["offer"],
        y,
        x=x,
        width=width,
        size=band * 0.5,
        family=f.display,
        fill=p.ink,
        rotation=tilt,
        line_height=1.0,
        vertical_align="middle",
        height=offer_height,
    )
    after = _Flow(doc)
    after.text(
        t,
        "item",
        size=_pick(doc, 40, 34, 48),
        family=f.serif,
        fill=p.ink,
        style="italic",
        line_height=1.3,
    )
    row = _pick(doc, 110, 92, 130)

    def prices(y: float) -> None:
        if t.has("old_price"):
            size = _pick(doc, 38, 32, 44)
            doc.text(
                "old_price",
                t["old_price"],
                y,
                x=90,
                width=width / 2 - 120,
                size=size,
                family=f.body,
                fill=p.soft,
                align="right",
                vertical_align="middle",
                height=row,
            )
            strike = len(t["old_price"]) * size * 0.62
            doc.line(width / 2 - 30 - strike, y + row / 2, strike, color=p.accent, thickness=4)
            doc.text(
                "price",
                t["price"],
                y,
                x=width / 2,
                width=width / 2 - 90,
                size=row * 0.82,
                family=f.display,
                fill=p.accent,
                align="left",
                vertical_align="middle",
                height=row,
            )
        else:
            doc.text(
                "price",
                t["price"],
                y,
                x=90,
                width=width - 180,
                size=row * 0.82,
                family=f.display,
                fill=p.accent,
                vertical_align="middle",
                height=row,
            )

    after.block(row, prices)
    pill = _pick(doc, 96, 84, 110)
    after.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "cta",
            y,
            width=560,
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=_pick(doc, 30, 28, 34),
        ),
    )
    after.text(
        t,
        "phone",
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.soft,
        weight="bold",
        spacing=0.04,
    )
    after.place(
        band_y + band + _pick(doc, 60, 40, 110), height - _pick(doc, 60, 40, 120), max_gap=50
    )


def _food_special(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A plate with the dish photo, a starburst price and the order details."""
    width, height = doc.width, doc.height
    doc.circle(-160, height * 0.3, 420, fill=p.surface, opacity=0.25)
    doc.circle(width - 200, -160, 420, fill=p.surface, opacity=0.3)
    for x, y, size in (
        (140, 140, 18),
        (width - 160, height * 0.45, 14),
        (100, height * 0.7, 22),
        (width - 120, height * 0.82, 16),
    ):
        doc.circle(x, y, size, fill=p.accent, opacity=0.8)
    top = _Flow(doc)
    top.text(
        t,
        "brand",
        size=_pick(doc, 26, 24, 30),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.3,
    )
    top.text(t, "kicker", size=_pick(doc, 68, 56, 80), family=f.script, fill=p.accent)
    top.text(
        t, "headline", size=_pick(doc, 112, 84, 132), family=f.display, fill=p.ink, line_height=0.96
    )
    plate_top = height * _pick(doc, 0.375, 0.37, 0.34)
    top.place(_pick(doc, 60, 44, 130), plate_top - 30, max_gap=28)
    plate = _pick(doc, 530, 370, 700)
    plate_x = width / 2 - plate / 2
    doc.circle(plate_x - 20, plate_top - 20, plate + 40, fill=p.accent, opacity=0.25)
    doc.circle(plate_x, plate_top, plate, fill="#FFFFFF")
    inset = plate * 0.1
    doc.image(
        "photo",
        plate_x + inset,
        plate_top + inset,
        plate - 2 * inset,
        plate - 2 * inset,
        colours=(p.accent, p.surface),
        radius=(plate - 2 * inset) / 2,
    )
    star = plate * 0.46
    star_x, star_y = plate_x + plate - star * 0.55, plate_top - star * 0.2
    doc.figure("star", star_x, star_y, star, star, fill=p.accent, rotation=0)
    doc.text(
        "price",
        t["price"],
        star_y + star * 0.32,
        x=star_x + star * 0.2,
        width=star * 0.6,
        size=round(star * 0.13),
        family=f.display,
        fill=p.on_accent,
        line_height=1.0,
        vertical_align="middle",
        height=star * 0.36,
    )
    after = _Flow(doc)
    after.text(
        t,
        "item",
        size=_pick(doc, 36, 30, 42),
        family=f.serif,
        fill=p.ink,
        style="italic",
        line_height=1.3,
        x=120,
    )
    after.text(
        t, "location", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.soft, line_height=1.3
    )
    pill = _pick(doc, 88, 72, 100)
    after.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "phone",
            y,
            width=width - 320,
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=_pick(doc, 28, 24, 32),
        ),
    )
    after.place(plate_top + plate + 40, height - _pick(doc, 50, 34, 110), max_gap=40)


def _menu_board(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A menu card: dishes on the left, prices on the right, same rhythm."""
    width, height = doc.width, doc.height
    doc.circle(-180, -180, 460, fill=p.surface, opacity=0.55)
    doc.circle(-130, -130, 360, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    doc.circle(width - 260, height - 260, 460, fill=p.surface, opacity=0.55)
    doc.circle(
        width - 210, height - 210, 360, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6
    )
    flow = _Flow(doc)
    flow.text(
        t,
        "brand",
        size=_pick(doc, 26, 24, 30),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.3,
    )
    flow.text(t, "kicker", size=_pick(doc, 72, 60, 84), family=f.script, fill=p.accent)
    flow.text(
        t,
        "headline",
        size=_pick(doc, 120, 92, 140),
        family=f.display,
        fill=p.ink,
        line_height=1.0,
        spacing=0.06,
    )
    size = _pick(doc, 34, 30, 40)
    rows = t["details"].count("\n") + 1
    card = rows * size * 1.8 + 70

    def menu(y: float) -> None:
        doc.rect(90, y, width - 180, card, fill=p.surface, opacity=0.6, radius=28)
        doc.rect(90, y, width - 180, card, fill=None, stroke=p.accent, stroke_width=2, radius=28)
        doc.text(
            "details",
            t["details"],
            y + 35,
            x=130,
            width=width - 480,
            size=size,
            family=f.body,
            fill=p.ink,
            align="left",
            line_height=1.8,
            height=rows * size * 1.8,
        )
        doc.text(
            "prices",
            t["prices"],
            y + 35,
            x=width - 350,
            width=220,
            size=size,
            family=f.body,
            fill=p.accent,
            weight="bold",
            align="right",
            line_height=1.8,
            height=rows * size * 1.8,
        )

    flow.block(card, menu)
    flow.text(
        t, "location", size=_pick(doc, 28, 24, 32), family=f.body, fill=p.soft, line_height=1.3
    )
    pill = _pick(doc, 86, 72, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "phone",
            y,
            width=width - 340,
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=_pick(doc, 28, 24, 32),
        ),
    )
    flow.place(_pick(doc, 60, 40, 140), height - _pick(doc, 60, 40, 140), max_gap=50)


def _property(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A listing: the property photo with a tag and price badge, then the facts."""
    width, height = doc.width, doc.height
    margin = 70.0
    photo = _pick(doc, 580, 440, 860)
    doc.rect(
        margin - 14, margin - 14, width - 2 * margin + 28, photo + 28, fill=p.surface, radius=38
    )
    doc.image(
        "photo",
        margin,
        margin,
        width - 2 * margin,
        photo,
        colours=(p.soft, p.surface),
        radius=30,
        motif="house",
    )
    doc.rect(margin + 30, margin + 30, 300, 72, fill=p.accent, radius=36)
    doc.text(
        "offer",
        t["offer"],
        margin + 30,
        x=margin + 40,
        width=280,
        size=28,
        family=f.body,
        fill=p.on_accent,
        weight="bold",
        spacing=0.15,
        vertical_align="middle",
        height=72,
    )
    badge_w, badge_h = 360.0, 120.0
    badge_x, badge_y = width - margin - badge_w - 30, margin + photo - badge_h / 2
    doc.rect(badge_x, badge_y, badge_w, badge_h, fill=p.accent, radius=22)
    doc.text(
        "price",
        t["price"],
        badge_y,
        x=badge_x + 15,
        width=badge_w - 30,
        size=64,
        family=f.display,
        fill=p.on_accent,
        line_height=1.0,
        vertical_align="middle",
        height=badge_h,
    )
    flow = _Flow(doc)
    column = width - 2 * margin
    flow.text(
        t,
        "headline",
        size=_pick(doc, 80, 64, 96),
        family=f.display,
        fill=p.ink,
        x=margin,
        width=column - 60,
        align="left",
        line_height=1.02,
    )
    flow.text(
        t,
        "location",
        size=_pick(doc, 30, 26, 36),
        family=f.body,
        fill=p.accent,
        weight="bold",
        x=margin,
        width=column,
        align="left",
    )
    flow.text(
        t,
        "details",
        size=_pick(doc, 30, 26, 36),
        family=f.body,
        fill=p.soft,
        x=margin,
        width=column,
        align="left",
        line_height=1.5,
    )
    footer = height - _pick(doc, 110, 90, 150)
    flow.place(margin + photo + badge_h / 2 + 30, footer - 40, max_gap=40)
    doc.line(margin, footer - 20, column, color=p.soft, thickness=2, opacity=0.4)
    doc.text(
        "brand",
        t["brand"],
        footer,
        x=margin,
        width=column / 2,
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.ink,
        weight="bold",
        align="left",
    )
    doc.text(
        "phone",
        t["phone"],
        footer,
        x=width / 2,
        width=column / 2,
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        align="right",
    )


def _services(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A side bar, a bold headline, a card of services with a sticker offer and a button."""
    width, height = doc.width, doc.height
    doc.rect(0, 0, 22, height, fill=p.accent)
    doc.circle(width - 320, -220, 560, fill=p.surface, opacity=0.8)
    doc.circle(width - 260, -160, 440, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    for row in range(3):
        for column in range(4):
            doc.circle(
                width - 230 + column * 36, height - 330 + row * 36, 10, fill=p.soft, opacity=0.45
            )
    left, column_width = 90.0, width - 180
    flow = _Flow(doc)
    flow.text(
        t,
        "brand",
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.25,
        x=left,
        width=column_width - 200,
        align="left",
    )
    flow.text(
        t,
        "headline",
        size=_pick(doc, 124, 96, 150),
        family=f.display,
        fill=p.ink,
        x=left,
        width=column_width - 180,
        align="left",
        line_height=0.95,
    )
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 36, 30, 42),
        family=f.serif,
        fill=p.soft,
        style="italic",
        x=left,
        width=column_width - 120,
        align="left",
        line_height=1.3,
    )
    size = _pick(doc, 32, 27, 38)
    inner = column_width - 80
    text_height = _text_height(t["details"], size, inner - 160, f.body, 1.55, 0)
    card = text_height + 70

    def services(y: float) -> None:
        doc.rect(left, y, column_width, card, fill=p.surface, radius=28)
        doc.text(
            "details",
            t["details"],
            y + 35,
            x=left + 40,
            width=inner - 160,
            size=size,
            family=f.body,
            fill=p.ink,
            align="left",
            line_height=1.55,
            height=text_height,
        )
        if t.has("badge"):
            sticker = _pick(doc, 220, 180, 250)
            sx, sy = width - left - sticker * 0.8, y - sticker * 0.35
            doc.figure(
                "star", sx - 10, sy - 10, sticker + 20, sticker + 20, fill=p.accent, opacity=0.35
            )
            doc.circle(sx, sy, sticker, fill=p.accent)
            doc.text(
                "badge",
                t["badge"],
                sy,
                x=sx + 20,
                width=sticker - 40,
                size=sticker * 0.16,
                family=f.display,
                fill=p.on_accent,
                line_height=1.05,
                vertical_align="middle",
                height=sticker,
            )

    flow.block(card, services)
    flow.text(
        t,
        "location",
        size=_pick(doc, 28, 24, 32),
        family=f.body,
        fill=p.soft,
        x=left,
        width=column_width,
        align="left",
        line_height=1.3,
    )
    pill = _pick(doc, 92, 80, 104)

    def actions(y: float) -> None:
        _pill(
            doc,
            t,
            "cta",
            y,
            width=430,
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=_pick(doc, 28, 26, 32),
            x=left,
        )
        doc.text(
            "phone",
            t["phone"],
            y,
            x=left + 450,
            width=column_width - 450,
            size=_pick(doc, 30, 26, 34),
            family=f.body,
            fill=p.ink,
            weight="bold",
            align="right",
            vertical_align="middle",
            height=pill,
        )

    flow.block(pill, actions)
    flow.place(_pick(doc, 80, 60, 160), height - _pick(doc, 70, 50, 150), max_gap=56)


def _showcase(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A product photo with an offset frame, a tag, headline, price and a button."""
    width, height = doc.width, doc.height
    doc.circle(-220, height - 420, 520, fill=p.surface, opacity=0.7)
    if height >= 1900:
        photo_x, photo_y, photo_w, photo_h = 110.0, 100.0, width - 220.0, height * 0.43
        left, column, top, align = 90.0, width - 180.0, photo_y + photo_h + 80, "center"
    else:
        photo_w = width * 0.46
        photo_x, photo_y, photo_h = width - photo_w - 70, 80.0, height - 230.0
        left, column, top, align = 70.0, width - photo_w - 170, 90.0, "left"
    doc.rect(
        photo_x + 28,
        photo_y + 28,
        photo_w,
        photo_h,
        fill=None,
        stroke=p.accent,
        stroke_width=5,
        radius=30,
    )
    doc.image(
        "photo",
        photo_x,
        photo_y,
        photo_w,
        photo_h,
        colours=(p.surface, p.accent),
        radius=30,
        motif="person",
    )
    flow = _Flow(doc)
    tag_w = 220.0

    def tag(y: float) -> None:
        x = left if align == "left" else (width - tag_w) / 2
        doc.rect(x, y, tag_w, 64, fill=p.accent, radius=32)
        doc.text(
            "badge",
            t["badge"],
            y,
            x=x + 10,
            width=tag_w - 20,
            size=26,
            family=f.body,
            fill=p.on_accent,
            weight="bold",
            spacing=0.15,
            vertical_align="middle",
            height=64,
        )

    if t.has("badge"):
        flow.block(64, tag)
    flow.text(
        t,
        "headline",
        size=_pick(doc, 96, 76, 120),
        family=f.display,
        fill=p.ink,
        x=left,
        width=column,
        align=align,
        line_height=1.0,
    )
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 32, 28, 40),
        family=f.serif,
        fill=p.soft,
        style="italic",
        x=left,
        width=column,
        align=align,
        line_height=1.4,
    )
    flow.text(
        t,
        "price",
        size=_pick(doc, 60, 50, 76),
        family=f.display,
        fill=p.accent,
        x=left,
        width=column,
        align=align,
        line_height=1.0,
    )
    pill = _pick(doc, 86, 76, 100)
    flow.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "cta",
            y,
            width=min(column, 420),
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=_pick(doc, 26, 24, 32),
            x=left if align == "left" else None,
        ),
    )
    flow.place(top, height - _pick(doc, 180, 150, 200), max_gap=44)
    footer = height - _pick(doc, 110, 96, 150)
    doc.text(
        "handle",
        t["handle"],
        footer,
        x=70,
        width=width / 2 - 70,
        size=_pick(doc, 26, 24, 30),
        family=f.body,
        fill=p.ink,
        weight="bold",
        align="left",
    )
    doc.text(
        "phone",
        t["phone"],
        footer,
        x=width / 2,
        width=width / 2 - 70,
        size=_pick(doc, 26, 24, 30),
        family=f.body,
        fill=p.ink,
        weight="bold",
        align="right",
    )


def _quote(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A pull quote with drawn quotation marks, a rule and the author."""
    width, height = doc.width, doc.height
    doc.circle(width - 460, height - 460, 760, fill=p.surface, opacity=0.7)
    doc.circle(width - 250, 70, 180, fill=None, stroke=p.accent, stroke_width=3, opacity=0.5)
    doc.circle(width - 190, 130, 60, fill=p.accent, opacity=0.5)
    mark_y = _pick(doc, 170, 120, 300)
    for offset in (0, 96):
        doc.circle(90 + offset, mark_y + 50, 72, fill=p.accent)
        x, y = _centred_at(90 + offset + 48, mark_y + 34, 34, 74, 32)
        doc.figure("triangle", x, y, 34, 74, fill=p.accent, rotation=32)
    if len(t["quote"]) < 40:
        size = _pick(doc, 120, 100, 140)
    elif len(t["quote"]) < 110:
        size = _pick(doc, 58, 50, 76)
    else:
        size = _pick(doc, 48, 42, 56)
    flow = _Flow(doc)
    flow.text(t, "quote", size=size, family=f.serif, fill=p.ink, align="left", line_height=1.3)
    flow.text(
        t,
        "translation",
        size=_pick(doc, 32, 28, 38),
        family=f.body,
        fill=p.soft,
        style="italic",
        align="left",
        line_height=1.4,
    )
    flow.block(6, lambda y: doc.line(90, y, 140, color=p.accent, thickness=6))
    flow.text(
        t,
        "author",
        size=_pick(doc, 30, 26, 34),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.15,
        align="left",
    )
    flow.place(mark_y + 160, height - _pick(doc, 200, 170, 300), max_gap=48)
    if t.has("handle"):
        doc.text(
            "handle",
            t["handle"],
            height - _pick(doc, 110, 96, 160),
            x=90,
            width=width - 180,
            size=_pick(doc, 26, 24, 30),
            family=f.body,
            fill=p.soft,
            weight="bold",
            align="left",
            spacing=0.05,
        )


def _hiring(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A loud hiring headline, the role as a pill, the requirements card and how to apply."""
    width, height = doc.width, doc.height
    doc.circle(width - 420, 60, 560, fill=None, stroke=p.accent, stroke_width=4, opacity=0.7)
    doc.circle(width - 350, 130, 420, fill=p.surface, opacity=0.6)
    for row in range(4):
        for column in range(4):
            doc.circle(
                width - 200 + column * 34, height - 220 + row * 34, 10, fill=p.soft, opacity=0.4
            )
    left, column_width = 90.0, width - 180
    flow = _Flow(doc)
    flow.text(
        t,
        "brand",
        size=28,
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.25,
        x=left,
        width=column_width,
        align="left",
    )
    flow.text(
        t,
        "headline",
        size=_pick(doc, 170, 130, 200),
        family=f.display,
        fill=p.ink,
        x=left,
        width=column_width,
        align="left",
        line_height=0.92,
    )
    pill = _pick(doc, 84, 74, 96)
    role_size = _pick(doc, 34, 30, 40)
    role_width = min(column_width, len(t["role"]) * role_size * 0.68 + 80)
    flow.block(
        pill,
        lambda y: _pill(
            doc,
            t,
            "role",
            y,
            width=role_width,
            height=pill,
            fill=p.accent,
            text_fill=p.on_accent,
            family=f.body,
            size=role_size,
            x=left,
        ),
    )
    size = _pick(doc, 30, 26, 36)
    text_height = _text_height(t["details"], size, column_width - 80, f.body, 1.5, 0)
    card = text_height + 60

    def requirements(y: float) -> None:
        doc.rect(left, y, column_width, card, fill=p.surface, radius=26, opacity=0.9)
        doc.text(
            "details",
            t["details"],
            y + 30,
            x=left + 40,
            width=column_width - 80,
            size=size,
            family=f.body,
            fill=p.ink,
            align="left",
            line_height=1.5,
            height=text_height,
        )

    flow.block(card, requirements)
    flow.text(
        t,
        "location",
        size=_pick(doc, 28, 24, 34),
        family=f.body,
        fill=p.soft,
        weight="bold",
        x=left,
        width=column_width,
        align="left",
    )
    flow.text(
        t,
        "cta",
        size=_pick(doc, 30, 26, 36),
        family=f.body,
        fill=p.accent,
        weight="bold",
        x=left,
        width=column_width,
        align="left",
    )
    flow.text(
        t,
        "phone",
        size=_pick(doc, 28, 24, 32),
        family=f.body,
        fill=p.ink,
        x=left,
        width=column_width,
        align="left",
    )
    flow.text(
        t,
        "date",
        size=_pick(doc, 28, 24, 32),
        family=f.body,
        fill=p.ink,
        x=left,
        width=column_width,
        align="left",
    )
    flow.place(_pick(doc, 80, 60, 160), height - _pick(doc, 80, 56, 160), max_gap=46)


def _announcement(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A header band, a centred statement and the date in a pill."""
    width, height = doc.width, doc.height
    band = _pick(doc, 130, 110, 160)
    doc.rect(0, 0, width, band, fill=p.accent)
    doc.text(
        "kicker",
        t["kicker"],
        0,
        x=60,
        width=width - 120,
        size=_pick(doc, 32, 28, 38),
        family=f.body,
        fill=p.on_accent,
        weight="bold",
        spacing=0.3,
        vertical_align="middle",
        height=band,
    )
    doc.figure("triangle", -120, height - 300, 420, 360, fill=p.surface, rotation=0, opacity=0.8)
    doc.figure("triangle", width - 260, height - 240, 360, 300, fill=p.accent, opacity=0.25)
    doc.circle(width - 220, band + 60, 140, fill=None, stroke=p.accent, stroke_width=3, opacity=0.6)
    flow = _Flow(doc)
    flow.text(
        t, "headline", size=_pick(doc, 116, 92, 140), family=f.display, fill=p.ink, line_height=1.0
    )
    flow.block(6, lambda y: doc.line(width / 2 - 80, y, 160, color=p.accent, thickness=6))
    flow.text(
        t,
        "message",
        size=_pick(doc, 34, 30, 42),
        family=f.body,
        fill=p.soft,
        line_height=1.5,
        x=120,
    )
    pill = _pick(doc, 84, 74, 96)
    if t.has("date"):
        flow.block(
            pill,
            lambda y: _pill(
                doc,
                t,
                "date",
                y,
                width=width - 360,
                height=pill,
                fill=p.surface,
                text_fill=p.ink,
                family=f.body,
                size=_pick(doc, 30, 26, 34),
            ),
        )
    flow.place(band + _pick(doc, 80, 60, 160), height - _pick(doc, 200, 170, 280), max_gap=56)
    doc.text(
        "brand",
        t["brand"],
        height - _pick(doc, 150, 130, 200),
        x=200,
        width=width - 400,
        size=_pick(doc, 30, 26, 34),
        family=f.body,
        fill=p.ink,
        weight="bold",
        spacing=0.08,
    )
    doc.text(
        "phone",
        t["phone"],
        height - _pick(doc, 100, 86, 145),
        x=200,
        width=width - 400,
        size=_pick(doc, 26, 24, 30),
        family=f.body,
        fill=p.soft,
    )


def _crescent_greeting(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A crescent moon with stars and hanging lanterns over a festive greeting."""
    width, height = doc.width, doc.height
    moon = _pick(doc, 380, 320, 440)
    moon_x, moon_y = width - moon - 110, _pick(doc, 110, 80, 200)
    doc.circle(moon_x - 40, moon_y - 40, moon + 80, fill=p.accent, opacity=0.12)
    doc.circle(moon_x, moon_y, moon, fill=p.accent)
    doc.circle(moon_x + moon * 0.26, moon_y - moon * 0.08, moon * 0.9, fill=p.background)
    _sparkles(
        doc,
        p.accent,
        (
            (moon_x - 90, moon_y + 40, 46),
            (moon_x + 40, moon_y + moon * 0.8, 30),
            (200, height * 0.3, 26),
        ),
    )
    for index, drop in enumerate((170, 250, 130, 210, 160)):
        x = 100 + index * 70
        doc.line(x + 1.5, 0, drop, color=p.soft, thickness=3, rotation=90, opacity=0.7)
        doc.figure("hexagon", x - 16, drop, 36, 44, fill=p.accent if index % 2 == 0 else p.surface)
    flow = _Flow(doc)
    flow.text(
        t, "headline", size=_pick(doc, 118, 96, 140), family=f.script, fill=p.ink, line_height=1.05
    )
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 32, 28, 38),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.25,
    )
    flow.text(
        t,
        "message",
        size=_pick(doc, 36, 30, 42),
        family=f.serif,
        fill=p.soft,
        style="italic",
        line_height=1.45,
        x=130,
    )
    flow.place(moon_y + moon + 40, height - _pick(doc, 210, 170, 300), max_gap=50)
    doc.rect(0, height - _pick(doc, 150, 130, 220), width, 4, fill=p.accent, opacity=0.5)
    doc.text(
        "brand",
        t["brand"],
        height - _pick(doc, 120, 104, 180),
        x=100,
        width=width - 200,
        size=_pick(doc, 30, 28, 36),
        family=f.body,
        fill=p.ink,
        weight="bold",
        spacing=0.1,
    )
    if t.has("handle"):
        doc.text(
            "handle",
            t["handle"],
            height - _pick(doc, 72, 62, 120),
            x=100,
            width=width - 200,
            size=_pick(doc, 26, 24, 30),
            family=f.body,
            fill=p.soft,
        )


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
    flow.text(
        t,
        "kicker",
        size=_pick(doc, 28, 26, 34),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.2,
        x=left,
        width=column,
    )
    flow.text(
        t,
        "headline",
        size=_pick(doc, 96, 76, 112),
        family=f.display,
        fill=p.accent,
        line_height=1.0,
        x=left,
        width=column,
    )
    flow.text(
        t,
        "subheading",
        size=_pick(doc, 44, 38, 52),
        family=f.serif,
        fill=p.ink,
        style="italic",
        x=left,
        width=column,
    )
    flow.block(6, lambda y: doc.line(width / 2 - 60, y, 120, color=p.accent, thickness=6))
    flow.text(
        t,
        "message",
        size=_pick(doc, 30, 26, 36),
        family=f.body,
        fill=p.soft,
        line_height=1.45,
        x=left,
        width=column,
    )
    flow.text(
        t,
        "brand",
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.ink,
        weight="bold",
        spacing=0.06,
        x=left,
        width=column,
    )
    flow.text(
        t, "handle", size=_pick(doc, 24, 22, 28), family=f.body, fill=p.soft, x=left, width=column
    )
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
    flow.text(
        t,
        "kicker",
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.accent,
        weight="bold",
        spacing=0.3,
        x=left,
        width=column,
        align="left",
    )
    flow.text(
        t,
        "headline",
        size=size,
        family=f.display,
        fill=p.ink,
        x=left,
        width=column,
        align="left",
        line_height=0.95,
    )
    highlight_height = _text_height(t["highlight"], size * 0.8, column, f.display, 0.95, 0)

    def highlight(y: float) -> None:
        doc.rect(left, y + highlight_height + 8, 320, 14, fill=p.accent, radius=7)
        doc.text(
            "highlight",
            t["highlight"],
            y,
            x=left,
            width=column,
            size=size * 0.8,
            family=f.display,
            fill=p.accent,
            align="left",
            line_height=0.95,
            height=highlight_height,
        )

    flow.block(highlight_height + 22, highlight)
    flow.text(
        t,
        "message",
        size=_pick(doc, 36, 30, 42),
        family=f.serif,
        fill=p.soft,
        style="italic",
        x=left,
        width=column - 140,
        align="left",
        line_height=1.4,
    )
    flow.place(height * _pick(doc, 0.14, 0.1, 0.2), height - _pick(doc, 200, 160, 300), max_gap=50)
    doc.line(left, height - _pick(doc, 140, 116, 220), 90, color=p.accent, thickness=5)
    doc.text(
        "handle",
        t["handle"],
        height - _pick(doc, 115, 92, 195),
        x=left,
        width=column,
        size=_pick(doc, 28, 26, 32),
        family=f.body,
        fill=p.ink,
        weight="bold",
        align="left",
        spacing=0.05,
    )


# ----------------------------------------------------------------------------- logos


def _logo_words(
    doc: _Doc, p: _Palette, f: _Fonts, t: _Content, top: float, *, script: bool = False
) -> None:
    family = f.script if script else f.display
    size = 120 if script else 92
    height = doc.text(
        "brand_name",
        t["brand_name"],
        top,
        x=60,
        width=doc.width - 120,
        size=size,
        family=family,
        fill=p.ink,
        line_height=1.05,
        spacing=0 if script else 0.04,
    )
    doc.text(
        "tagline",
        t["tagline"],
        top + height + 26,
        x=100,
        width=doc.width - 200,
        size=30,
        family=f.body,
        fill=p.soft,
        spacing=0.3,
        weight="bold",
    )
    _centre_vertically(doc)


def _centre_vertically(doc: _Doc) -> None:
    """Move every element up or down so the composition sits in the middle of the page."""
    tops: list[float] = []
    bottoms: list[float] = []
    for element in doc.children:
        corners = [
            _rotated(element["x"], element["y"], element["rotation"], u, v)
            for u in (0, element["width"])
            for v in (0, element["height"])
        ]
        tops.append(min(y for _, y in corners))
        bottoms.append(max(y for _, y in corners))
    shift = round((doc.height - max(bottoms) - min(tops)) / 2, 2)
    for element in doc.children:
        element["y"] = round(element["y"] + shift, 2)


def _logo_badge(doc: _Doc, p: _Palette, f: _Fonts, t: _Content) -> None:
    """A ringed seal with a star and a crown of dots."""
    cx, cy, ring = 500.0, 330.0, 420.0
    doc.circle(cx - ring / 2, cy - ring / 2, ring, fill=None, stroke=p.accent, stroke_width=10)
    doc.circle(cx - 175, cy - 175, 350, fill=p.surface)
    for index in range(16):
        angle = 2 * math.pi * index / 16
        doc.circle(
            cx + 248 * math.cos(angle) - 7, cy + 248 * math.sin(angle) - 7, 14, fill=p.accent
        )
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
    doc.figure("hexagon", 360, 120, 360, 380, fill=p.surface)
    x, y = _centred_at(560, 310, 190, 160, 90)
    doc.figure("triangle", x, y, 190, 160, fill=p.accent, rotation=90)
    for index, length in enumerate((170, 120, 190)):
        doc.rect(450 - length, 262 + index * 40, length, 18, fill=p.accent, radius=9)
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


# ----------------------------------------------------------------------------- specs


@attrs.frozen(eq=False)
class _Spec:
    """One seed template before its document is built."""

    slug: str
    name: str
    category: str
    sub_category: str
    size: tuple[int, int]
    layout: Layout
    palette: _Palette
    fonts: _Fonts
    premium: bool
    content: Mapping[str, str]
    description: str
    tags: tuple[str, ...]
    keywords: tuple[str, ...]
    intent: str


def _spec(
    slug: str,
    name: str,
    category: str,
    sub_category: str,
    size: tuple[int, int],
    layout: Layout,
    palette: _Palette,
    fonts: _Fonts,
    *,
    content: Mapping[str, str],
    description: str,
    tags: tuple[str, ...],
    keywords: tuple[str, ...],
    intent: str,
    premium: bool = False,
) -> _Spec:
    return _Spec(
        slug,
        name,
        category,
        sub_category,
        size,
        layout,
        palette,
        fonts,
        premium,
        content,
        description,
        tags,
        keywords,
        intent,
    )


def _church_specs() -> list[_Spec]:
    church = "Church"
    return [
        _spec(
            "church-sunday-service-royal-flyer",
            "Sunday Service Royal Flyer",
            church,
            "Sunday Service",
            FLYER,
            _church_hero,
            ROYAL,
            MODERN,
            content={
                "org": "GRACE ASSEMBLY, LEKKI",
                "kicker": "You are invited to",
                "headline": "SUNDAY\nSERVICE",
                "subheading": "Come and worship with us",
                "date": "Sunday, 8 March 2026",
                "time": "8:00 AM & 10:30 AM",
                "venue": "14 Admiralty Way, Lekki Phase 1, Lagos",
                "phone": "Enquiries: +234 803 555 0142",
            },
            description="A regal purple and gold flyer inviting the community to Sunday service. "
            "The date and both service times sit in a clear band above the venue.",
            tags=("church", "sunday service", "worship", "invitation", "purple", "gold"),
            keywords=(
                "sunday service flyer",
                "church invitation",
                "worship service",
                "lagos church",
                "service times",
            ),
            intent="For churches announcing their weekly service; it communicates reverence, warmth and a clear welcome.",
        ),
        _spec(
            "church-encounter-sunday-story",
            "Encounter Sunday Story",
            church,
            "Sunday Service",
            STORY,
            _split_date,
            TEAL,
            BOLD,
            content={
                "org": "CITY OF REFUGE CHURCH, ABUJA",
                "kicker": "This Sunday",
                "headline": "ENCOUNTER\nAT THE ALTAR",
                "subheading": "A service of worship, the Word and wonders",
                "day": "SUNDAY",
                "date": "15 MAR",
                "time": "First service 7:30 AM · Second service 10:00 AM",
                "venue": "City of Refuge Auditorium, Aminu Kano Crescent, Wuse 2, Abuja",
                "theme": "“Draw nigh to God, and he will draw nigh to you” — James 4:8",
                "phone": "+234 809 555 0173",
            },
            description="A vertical story for WhatsApp and Instagram status with a round date badge. "
            "Teal and coral keep it fresh while the scripture adds depth.",
            tags=("church", "sunday service", "story", "status", "teal"),
            keywords=(
                "whatsapp status church",
                "sunday service story",
                "abuja church",
                "scripture",
                "date badge",
            ),
            intent="For church media teams sharing the week's service on status; it communicates anticipation and a simple plan to attend.",
        ),
        _spec(
            "church-sunday-worship-ivory-post",
            "Sunday Worship Ivory Post",
            church,
            "Sunday Service",
            SQUARE,
            _framed,
            IVORY,
            CLASSIC,
            content={
                "kicker": "Join us this Sunday",
                "headline": "Sunday Worship Service",
                "message": "Bring a friend and come expecting a fresh touch from God.",
                "date": "Sunday, 22 March 2026",
                "time": "9:00 AM prompt",
                "venue": "Living Waters Chapel, Independence Layout, Enugu",
                "phone": "Call or WhatsApp: +234 806 555 0119",
            },
            description="An elegant ivory and gold square post with a double frame. "
            "Ideal for a calm, classic Sunday invitation on Facebook or Instagram.",
            tags=("church", "sunday service", "elegant", "ivory", "square post"),
            keywords=(
                "sunday worship post",
                "church instagram post",
                "enugu church",
                "classic church design",
            ),
            intent="For churches that prefer a quiet, classic look; it communicates dignity and an open invitation.",
        ),
        _spec(
            "church-port-harcourt-crusade-flyer",
            "Port Harcourt Miracle Crusade Flyer",
            church,
            "Crusade",
            FLYER,
            _church_hero,
            CRIMSON,
            BOLD,
            premium=True,
            content={
                "org": "HARVEST FIRE MINISTRIES PRESENTS",
                "kicker": "3 days of signs and wonders",
                "headline": "PORT HARCOURT\nFOR JESUS",
                "subheading": "Miracle Crusade 2026",
                "speaker": "Ministering: Evangelist Ibinabo Briggs",
                "date": "Thu 16 – Sat 18 April",  # noqa: RUF001 - a typographic en dash is intended
                "time": "5:00 PM daily",
                "venue": "Isaac Boro Park, Port Harcourt, Rivers State",
                "phone": "Free entry · Bring the sick · +234 805 555 0131",
            },
            description="A bold red and amber crusade flyer with the minister, dates and venue. "
            "Built to be printed as a poster and shared online.",
            tags=("church", "crusade", "revival", "outreach", "red", "poster"),
            keywords=(
                "crusade flyer",
                "miracle crusade",
                "port harcourt",
                "evangelism",
                "revival poster",
                "open air",
            ),
            intent="For ministries promoting a city-wide crusade; it communicates urgency, power and free access for all.",
        ),
        _spec(
            "church-abuja-crusade-story",
            "Abuja City-Wide Crusade Story",
            church,
            "Crusade",
            STORY,
            _split_date,
            SUNRISE,
            STRONG,
            content={
                "org": "VICTORY CHAPEL INTERNATIONAL",
                "kicker": "Abuja, get ready!",
                "headline": "CITY-WIDE\nMIRACLE\nCRUSADE",
                "subheading": "Jesus is Lord over Abuja",
                "day": "FRIDAY",
                "date": "1 MAY",
                "time": "4:00 PM – 9:00 PM",  # noqa: RUF001 - a typographic en dash is intended
                "venue": "Old Parade Ground, Area 10, Garki, Abuja",
                "theme": "Healing · Deliverance · Salvation",
                "phone": "+234 807 555 0164",
            },
            description="A sunset-toned story announcing an open-air crusade. "
            "The date badge and short lines read well on a phone.",
            tags=("church", "crusade", "story", "outreach", "abuja"),
            keywords=(
                "crusade story",
                "abuja crusade",
                "open air service",
                "healing service",
                "status flyer",
            ),
            intent="For churches rallying members and the public to an outreach; it communicates excitement and where to be.",
        ),
        _spec(
            "church-thanksgiving-emerald-post",
            "Sunday Thanksgiving Emerald Post",
            church,
            "Thanksgiving",
            SQUARE,
            _framed,
            EMERALD,
            CLASSIC,
            content={
                "kicker": "Ọpẹ́ ni fún Ọlọ́run",
                "headline": "Sunday Thanksgiving Service",
                "message": "Come and praise with us as we give thanks for His faithfulness this year.",
                "date": "Sunday, 29 March 2026",
                "time": "10:00 AM",
                "venue": "House of Praise, Ring Road, Ibadan",
                "phone": "+234 802 555 0127",
            },
            description="A framed emerald and gold post for a thanksgiving service, opening with a Yoruba line of praise. "
            "Warm, grateful and dignified.",
            tags=("church", "thanksgiving", "yoruba", "emerald", "gold"),
            keywords=(
                "thanksgiving service",
                "ope ni fun olorun",
                "ibadan church",
                "praise service",
                "gratitude",
            ),
            intent="For churches and families inviting people to give thanks; it communicates gratitude and joyful worship.",
        ),
        _spec(
            "church-family-thanksgiving-flyer",
            "Family Thanksgiving Flyer",
            church,
            "Thanksgiving",
            FLYER,
            _church_hero,
            PLUM_GOLD,
            STRONG,
            premium=True,
            content={
                "org": "THE OKAFOR FAMILY",
                "kicker": "Daalụ, Chukwu!",
                "headline": "FAMILY\nTHANKSGIVING",
                "subheading": "Join us as we return all the glory to God",
                "date": "Sunday, 12 April 2026",
                "time": "10:00 AM",
                "venue": "Holy Trinity Parish, Independence Layout, Enugu",
                "phone": "RSVP: +234 806 555 0119",
            },
            description="A plum and gold flyer for a family thanksgiving service with an Igbo word of thanks. "
            "Space for the family name, date, time and parish.",
            tags=("church", "thanksgiving", "family", "igbo", "plum"),
            keywords=("family thanksgiving", "daalu chukwu", "enugu", "thanksgiving flyer", "rsvp"),
            intent="For families inviting friends to a thanksgiving service; it communicates gratitude, celebration and a warm welcome.",
        ),
        _spec(
            "church-night-of-worship-flyer",
            "Night of Worship Flyer",
            church,
            "Vigil/Night of Worship",
            FLYER,
            _church_hero,
            MIDNIGHT,
            MODERN,
            content={
                "org": "VICTORY SANCTUARY, IKEJA",
                "kicker": "All-night",
                "headline": "NIGHT OF\nWORSHIP",
                "subheading": "Praise, prayer and prophetic worship till dawn",
                "date": "Friday, 27 March 2026",
                "time": "10:00 PM till dawn",
                "venue": "Victory Sanctuary, 7 Isaac John Street, Ikeja GRA, Lagos",
                "phone": "Come with a friend · +234 803 555 0150",
            },
            description="A midnight-blue flyer with golden stars for an all-night worship service. "
            "Calm and atmospheric with the essentials up front.",
            tags=("church", "vigil", "night of worship", "midnight", "stars"),
            keywords=(
                "night of worship",
                "all night service",
                "vigil flyer",
                "ikeja church",
                "praise night",
            ),
            intent="For churches hosting a worship night; it communicates devotion, stillness and an open door.",
        ),
        _spec(
            "church-holy-ghost-vigil-story",
            "Holy Ghost Night Vigil Story",
            church,
            "Vigil/Night of Worship",
            STORY,
            _split_date,
            DUSK,
            STRONG,
            premium=True,
            content={
                "org": "COVENANT HOUSE, KANO",
                "kicker": "Come hungry, leave filled",
                "headline": "HOLY GHOST\nNIGHT VIGIL",
                "subheading": "A night in His presence",
                "day": "FRIDAY",
                "date": "3 APR",
                "time": "11:00 PM – 4:00 AM",  # noqa: RUF001 - a typographic en dash is intended
                "venue": "Covenant House, Nassarawa GRA, Kano",
                "theme": "“Could ye not watch with me one hour?” — Matthew 26:40",
                "phone": "+234 803 555 0161",
            },
            description="A dusky violet story for a monthly night vigil with a scripture call to prayer. "
            "The date badge makes the night easy to remember.",
            tags=("church", "vigil", "prayer", "story", "kano"),
            keywords=(
                "night vigil",
                "holy ghost night",
                "prayer meeting",
                "kano church",
                "vigil story",
            ),
            intent="For prayer teams inviting members to keep watch; it communicates hunger for God and commitment.",
        ),
        _spec(
            "church-youth-on-fire-post",
            "Youth on Fire Post",
            church,
            "Youth Service",
            SQUARE,
            _church_hero,
            TEAL,
            BOLD,
            content={
                "org": "FAITH ARENA YOUTH CHURCH",
                "kicker": "It's Youth Sunday!",
                "headline": "YOUTH\nON FIRE",
                "subheading": "Young, gifted and sold out for Jesus",
                "date": "Sunday, 19 April 2026",
                "time": "9:00 AM",
                "venue": "Faith Arena, Trans-Amadi, Port Harcourt",
                "phone": "Follow @faitharenayouth",
            },
            description="An energetic teal and coral square post for a youth service. "
            "Big type and a clear date band speak to a young crowd.",
            tags=("church", "youth", "teens", "square post", "teal"),
            keywords=(
                "youth sunday",
                "youth service post",
                "port harcourt youth",
                "church youth ministry",
            ),
            intent="For youth ministries promoting their service; it communicates energy, belonging and faith.",
        ),
        _spec(
            "church-raised-for-such-a-time-flyer",
            "Raised for Such a Time Youth Conference Flyer",
            church,
            "Youth Service",
            FLYER,
            _split_date,
            BERRY,
            BOLD,
            premium=True,
            content={
                "org": "TEENS & YOUTH CONFERENCE 2026",
                "kicker": "Arise and shine",
                "headline": "RAISED FOR\nSUCH A TIME",
                "subheading": "Two days of worship, the Word, games and mentorship",
                "day": "SATURDAY",
                "date": "25 APR",
                "time": "10:00 AM daily",
                "venue": "Youth Centre, Bodija, Ibadan",
                "theme": "Esther 4:14",
                "phone": "Register: +234 802 555 0138",
            },
            description="A berry and gold conference flyer for teens and young adults. "
            "Headline, date badge, venue and registration line in a strong hierarchy.",
            tags=("church", "youth", "conference", "teens", "berry"),
            keywords=(
                "youth conference",
                "teens conference",
                "ibadan",
                "esther 4:14",
                "registration",
            ),
            intent="For churches running a youth conference; it communicates purpose, fun and a call to register.",
        ),
        _spec(
            "church-songs-of-zion-choir-flyer",
            "Songs of Zion Choir Concert Flyer",
            church,
            "Choir",
            FLYER,
            _framed,
            ONYX,
            CLASSIC,
            content={
                "kicker": "An evening of",
                "headline": "Songs of Zion",
                "subheading": "The Voices of Praise Choir in concert",
                "message": "Hymns, highlife gospel and anthems of praise to warm your heart.",
                "date": "Saturday, 9 May 2026",
                "time": "5:00 PM",
                "venue": "Cathedral Hall, Marina, Lagos Island",
                "phone": "Free entry · +234 803 555 0188",
            },
            description="A black and gold framed flyer for a choir concert. "
            "Elegant serif type sets the tone for an evening of music.",
            tags=("church", "choir", "concert", "music", "black and gold"),
            keywords=("choir concert", "gospel music", "hymns", "lagos island", "praise concert"),
            intent="For choirs and music departments inviting guests to a concert; it communicates excellence and celebration.",
        ),
        _spec(
            "church-choir-auditions-story",
            "Choir Auditions Story",
            church,
            "Choir",
            STORY,
            _announcement,
            LILAC,
            CLASSIC,
            content={
                "kicker": "CHOIR AUDITIONS",
                "headline": "Lift Your Voice",
                "message": "Sopranos, altos, tenors and basses wanted for our mass choir. "
                "No experience? Come anyway, we will train you.",
                "date": "Saturdays in May · 4:00 PM",
                "brand": "Grace Assembly Music Department",
                "phone": "Music director: +234 803 555 0142",
            },
            description="A soft lilac story calling singers to choir auditions. "
            "A friendly message, the audition days and a contact.",
            tags=("church", "choir", "auditions", "story", "lilac"),
            keywords=(
                "choir auditions",
                "join the choir",
                "church music",
                "singers wanted",
                "mass choir",
            ),
            intent="For music departments recruiting singers; it communicates an open, encouraging invitation.",
        ),
    ]


def _birthday_specs() -> list[_Spec]:
    birthdays = "Birthdays"
    return [
        _spec(
            "birthday-thirty-and-thriving-flyer",
            "Thirty and Thriving Birthday Flyer",
            birthdays,
            "30th",
            FLYER,
            _birthday_number,
            PARTY_BLUSH,
            CLASSIC,
            content={
                "kicker": "Happy Birthday",
                "age": "30",
                "name": "AMAKA",
                "subheading": "Thirty, flirty and thriving",
                "message": "Join us on Saturday, 14 March at The Ivory Hall, Ikeja GRA, Lagos. "
                "Dress code: rose and gold.",
                "phone": "RSVP: +234 803 555 0142",
            },
            description="A blush and rose birthday flyer with a giant 30 and confetti. "
            "Includes the party details and an RSVP line.",
            tags=("birthday", "30th", "party", "blush", "confetti"),
            keywords=(
                "30th birthday flyer",
                "birthday party invite",
                "lagos party",
                "rose gold",
                "dress code",
            ),
            intent="For anyone turning thirty who is throwing a party; it communicates joy, glamour and the key details.",
        ),
        _spec(
            "birthday-big-three-oh-photo-post",
            "Big 3-0 Photo Birthday Post",
            birthdays,
            "30th",
            SQUARE,
            _birthday_photo,
            PARTY_ONYX,
            BOLD,
            content={
                "kicker": "Happy 30th Birthday",
                "age": "30",
                "name": "Tunde Bakare",
                "message": "Three decades of grace, growth and good vibes. Cheers to the big 3-0!",
                "greeting": "Ẹ kú ọjọ́ ìbí!",
                "handle": "@tundebakare",
            },
            description="A black and gold square post with the celebrant's photo and a star age badge. "
            "Ends with a Yoruba birthday greeting.",
            tags=("birthday", "30th", "photo", "black and gold", "yoruba"),
            keywords=(
                "birthday photo post",
                "happy 30th",
                "e ku ojo ibi",
                "birthday shout out",
                "instagram",
            ),
            intent="For friends and brands celebrating someone's thirtieth; it communicates pride, style and affection.",
        ),
        _spec(
            "birthday-sixty-years-of-grace-flyer",
            "Sixty Years of Grace Birthday Flyer",
            birthdays,
            "60th",
            FLYER,
            _framed,
            ONYX,
            CLASSIC,
            premium=True,
            content={
                "kicker": "Celebrating 60 years of grace",
                "headline": "Chief (Mrs) Folake Adebayo",
                "message": "Family and friends are invited to a thanksgiving service and reception in honour of our mother at 60.",
                "date": "Saturday, 16 May 2026",
                "time": "11:00 AM",
                "venue": "Kings Court Event Centre, Bodija, Ibadan",
                "phone": "RSVP: +234 802 555 0199",
            },
            description="A stately black and gold framed invitation for a 60th birthday thanksgiving and reception. "
            "Room for honorifics and a full venue.",
            tags=("birthday", "60th", "elegant", "invitation", "black and gold"),
            keywords=(
                "60th birthday invitation",
                "thanksgiving and reception",
                "ibadan",
                "mother at 60",
                "owambe",
            ),
            intent="For families honouring a parent at sixty; it communicates respect, gratitude and celebration.",
        ),
        _spec(
            "birthday-baba-at-sixty-story",
            "Baba at Sixty Birthday Story",
            birthdays,
            "60th",
            STORY,
            _birthday_number,
            GOLD_GREEN,
            STRONG,
            content={
                "kicker": "Happy 60th Birthday",
                "age": "60",
                "name": "ALHAJI MUSA DANJUMA",
                "subheading": "Barka da zagayowar ranar haihuwa",
                "message": "Sixty years of wisdom, kindness and service. We celebrate you, Baba!",
                "signoff": "With love, from your children and grandchildren",
            },
            description="A deep green and gold story with a Hausa birthday greeting for a sixtieth. "
            "Made for status updates from the whole family.",
            tags=("birthday", "60th", "hausa", "story", "green and gold"),
            keywords=(
                "60th birthday story",
                "barka da zagayowar ranar haihuwa",
                "hausa birthday",
                "father at 60",
            ),
            intent="For families celebrating an elder at sixty; it communicates honour, love and gratitude.",
        ),
        _spec(
            "birthday-tolu-turns-five-post",
            "Tolu Turns Five Kids Party Post",
            birthdays,
            "Kids",
            SQUARE,
            _kids_party,
            KIDS_POP,
            PLAYFUL,
            content={
                "kicker": "Join us as",
                "name": "Tolu",
                "subheading": "turns",
                "age": "5",
                "date": "Saturday, 21 March 2026",
                "time": "12 noon – 4:00 PM",  # noqa: RUF001 - a typographic en dash is intended
                "venue": "Funland Play Park, Admiralty Way, Lekki, Lagos",
                "phone": "RSVP Mummy Tolu: +234 802 555 0123",
            },
            description="A bright, playful kids' party invitation with balloons and a star badge. "
            "Date, time and venue sit in a clean white card.",
            tags=("birthday", "kids", "party", "balloons", "bright"),
            keywords=(
                "kids birthday invite",
                "children party",
                "5th birthday",
                "lekki",
                "balloons",
            ),
            intent="For parents inviting friends to a child's party; it communicates fun, colour and easy details.",
        ),
        _spec(
            "birthday-chidera-turns-seven-flyer",
            "Chidera Turns Seven Party Flyer",
            birthdays,
            "Kids",
            FLYER,
            _kids_party,
            KIDS_SKY,
            PLAYFUL,
            premium=True,
            content={
                "kicker": "You're invited!",
                "name": "Chidera",
                "subheading": "is turning",
                "age": "7",
                "date": "Saturday, 4 April 2026",
                "time": "1:00 PM",
                "venue": "Magic Land Play Centre, Jabi, Abuja",
                "phone": "RSVP: +234 809 555 0145",
            },
            description="A sky-blue party flyer with balloons, a sunny star and a details card. "
            "Cheerful without being noisy.",
            tags=("birthday", "kids", "party", "blue", "balloons"),
            keywords=(
                "kids party flyer",
                "7th birthday",
                "abuja",
                "children birthday",
                "invitation card",
            ),
            intent="For parents planning a child's birthday; it communicates excitement and the practical details.",
        ),
        _spec(
            "birthday-finally-eighteen-story",
            "Finally Eighteen Birthday Story",
            birthdays,
            "18th",
            STORY,
            _birthday_number,
            NEON,
            MODERN,
            content={
                "kicker": "Finally",
                "age": "18",
                "name": "ZAINAB",
                "subheading": "Officially grown, still God's favourite",
                "message": "Pool party at 3 PM, Saturday 2 May · 12 Bourdillon Road, Ikoyi, Lagos",
                "phone": "Come through: +234 813 555 0177",
            },
            description="A neon story for an eighteenth birthday with electric confetti. "
            "Big number, bold name and the party plan.",
            tags=("birthday", "18th", "neon", "story", "party"),
            keywords=("18th birthday", "finally 18", "pool party", "ikoyi", "neon birthday story"),
            intent="For teens turning eighteen; it communicates freedom, fun and a party invitation.",
        ),
        _spec(
            "birthday-new-chapter-eighteen-post",
            "New Chapter Eighteen Photo Post",
            birthdays,
            "18th",
            SQUARE,
            _birthday_photo,
            NEON,
            BOLD,
            content={
                "kicker": "Happy 18th",
                "age": "18",
                "name": "Tobi",
                "message": "New chapter unlocked. Go and conquer the world, champ!",
                "greeting": "Ụbọchị ọmụmụ ọma!",
                "handle": "@tobi.at.18",
            },
            description="A neon photo post for an eighteenth with a star age badge and an Igbo birthday wish. "
            "Perfect for a shout-out.",
            tags=("birthday", "18th", "photo", "igbo", "neon"),
            keywords=(
                "18th birthday post",
                "birthday shout out",
                "igbo birthday wish",
                "ubochi omumu oma",
            ),
            intent="For family and friends celebrating a new adult; it communicates pride and hype.",
        ),
        _spec(
            "birthday-golden-jubilee-flyer",
            "Golden Jubilee Birthday Flyer",
            birthdays,
            "50th",
            FLYER,
            _framed,
            IVORY,
            CLASSIC,
            content={
                "kicker": "Join us to celebrate the",
                "headline": "Golden Jubilee",
                "name": "Engr. Emeka Nwosu @ 50",
                "message": "Fifty years of faith, family and excellence. Come and rejoice with us.",
                "date": "Saturday, 23 May 2026",
                "time": "2:00 PM",
                "venue": "Lakeside Event Centre, GRA, Enugu",
                "phone": "RSVP: +234 806 555 0112",
            },
            description="An ivory and gold framed flyer for a fiftieth birthday, the golden jubilee. "
            "Classic, warm and easy to print.",
            tags=("birthday", "50th", "golden jubilee", "elegant", "gold"),
            keywords=(
                "50th birthday",
                "golden jubilee",
                "enugu",
                "birthday invitation",
                "reception",
            ),
            intent="For celebrants and families marking fifty years; it communicates honour and a gracious welcome.",
        ),
        _spec(
            "birthday-golden-at-fifty-post",
            "Golden at Fifty Birthday Post",
            birthdays,
            "50th",
            SQUARE,
            _birthday_number,
            GOLD_GREEN,
            CLASSIC,
            premium=True,
            content={
                "kicker": "Happy Birthday",
                "age": "50",
                "name": "AUNTY NGOZI",
                "subheading": "Golden at fifty",
                "message": "Your love holds our family together. We celebrate you today and always!",
                "signoff": "With love, the Eze family",
            },
            description="A green and gold square post with a giant 50 in a golden disc. "
            "A heartfelt wish from the whole family.",
            tags=("birthday", "50th", "green and gold", "square post", "family"),
            keywords=(
                "50th birthday post",
                "golden birthday",
                "birthday wishes",
                "aunty birthday",
                "family greeting",
            ),
            intent="For families celebrating a loved one at fifty; it communicates affection and honour.",
        ),
        _spec(
            "birthday-surprise-for-bola-story",
            "Surprise Party for Bola Story",
            birthdays,
            "Surprise",
            STORY,
            _surprise,
            PARTY_BLUSH,
            PLAYFUL,
            content={
                "kicker": "Shhh...",
                "headline": "IT'S A SURPRISE!",
                "name": "for Bola's 40th birthday",
                "date": "Friday, 8 May 2026 · 7:00 PM",
                "venue": "Rooftop Lounge, Adeola Odeku Street, Victoria Island, Lagos",
                "message": "Please don't tell Bola. Arrive by 6:30 PM!",
                "phone": "Ask Kemi: +234 803 555 0190",
            },
            description="A blush story with a gift box for a secret birthday party. "
            "Tells guests when to arrive and who to ask.",
            tags=("birthday", "surprise", "party", "gift", "story"),
            keywords=(
                "surprise party",
                "secret birthday",
                "40th birthday",
                "victoria island",
                "gift box",
            ),
            intent="For friends planning a surprise; it communicates secrecy, fun and precise timing.",
        ),
        _spec(
            "birthday-surprise-for-daddy-post",
            "Surprise Party for Daddy Post",
            birthdays,
            "Surprise",
            SQUARE,
            _surprise,
            PLUM_PARTY,
            BOLD,
            content={
                "kicker": "Don't tell him!",
                "headline": "SURPRISE PARTY",
                "name": "for Daddy Kunle at 45",
                "date": "Sunday, 17 May 2026 · 4:00 PM",
                "venue": "Ocean Breeze Garden, Old GRA, Port Harcourt",
                "message": "Keep it quiet and wear something white.",
                "phone": "Details: +234 805 555 0166",
            },
            description="A plum and gold surprise party post with a wrapped gift and sparkles. "
            "Short, secret and to the point.",
            tags=("birthday", "surprise", "plum", "square post", "gift"),
            keywords=(
                "surprise party post",
                "dad birthday",
                "port harcourt",
                "secret party",
                "dress code",
            ),
            intent="For families planning a surprise for a parent; it communicates excitement and discretion.",
        ),
    ]


def _month_spec(
    month: str,
    size: tuple[int, int],
    layout: Layout,
    palette: _Palette,
    fonts: _Fonts,
    *,
    content: Mapping[str, str],
    style: str,
    flavour: str,
    premium: bool = False,
) -> _Spec:
    generic = month == "Generic"
    title = "Happy New Month" if generic else f"Happy New Month {month}"
    slug = f"new-month-{month.lower()}-{style.lower().replace(' ', '-')}"
    shape = {STORY: "story", FLYER: "flyer", SQUARE: "post"}[size]
    return _spec(
        slug,
        f"{title} {style} {shape.title()}",
        "New Month",
        month,
        size,
        layout,
        palette,
        fonts,
        premium=premium,
        content=content,
        description=f"A {flavour} new month greeting {'for any month' if generic else f'for {month}'}. "
        "Add your business name and handle and share it on the first day of the month.",
        tags=(
            "new month",
            "greeting",
            "happy new month",
            *(() if generic else (month.lower(),)),
            shape,
        ),
        keywords=(
            "happy new month",
            "new month greeting",
            "new month message",
            "business greeting",
            *(
                ("any month",)
                if generic
                else (f"happy new month {month.lower()}", f"{month.lower()} greeting")
            ),
        ),
        intent="For businesses and creators greeting their audience on the first of the month; "
        "it communicates goodwill, hope and brand presence.",
    )


def _new_month_specs() -> list[_Spec]:
    return [
        _month_spec(
            "January",
            SQUARE,
            _new_month_arc,
            ICE,
            MODERN,
            style="Ice Arc",
            flavour="cool ice-blue",
            content={
                "greeting": "Welcome to a brand-new year",
                "kicker": "Happy New Month",
                "month": "JANUARY",
                "message": "New year, new month, new mercies. May January open doors that stay open all year.",
                "brand": "Bimbo Prints, Ibadan",
                "handle": "@bimboprints",
            },
        ),
        _month_spec(
            "February",
            STORY,
            _new_month_card,
            ROSE,
            CLASSIC,
            style="Rose Card",
            flavour="romantic deep-rose",
            content={
                "kicker": "Happy New Month",
                "month": "FEBRUARY",
                "message": "May love find you, favour follow you and peace keep you all through February.",
                "greeting": "Ẹ kú oṣù tuntun",
                "brand": "Adaeze's Kitchen",
                "handle": "@adaezeskitchen",
            },
        ),
        _month_spec(
            "March",
            FLYER,
            _new_month_numeral,
            SPRING,
            STRONG,
            style="Spring Numeral",
            flavour="fresh spring-green",
            premium=True,
            content={
                "month_number": "03",
                "kicker": "Happy New Month",
                "month": "MARCH",
                "message": "March forward in strength. May every step this month lead you to a win.",
                "greeting": "Ọnwa ọhụrụ ọma!",
                "brand": "Chuks Auto Spare Parts, Nnewi",
                "handle": "@chuksautos",
            },
        ),
        _month_spec(
            "April",
            SQUARE,
            _new_month_card,
            LILAC,
            CLASSIC,
            style="Lilac Card",
            flavour="soft lilac",
            content={
                "kicker": "Happy New Month",
                "month": "APRIL",
                "message": "May April bring showers of blessing on your home, your work and your family.",
                "greeting": "Barka da sabon wata",
                "brand": "Hauwa Fabrics, Kano",
                "handle": "@hauwafabrics",
            },
        ),
        _month_spec(
            "May",
            STORY,
            _new_month_arc,
            SUNFLOWER,
            BOLD,
            style="Sunflower Arc",
            flavour="sunny yellow",
            content={
                "greeting": "Happy New Month, family!",
                "kicker": "Welcome to",
                "month": "MAY",
                "message": "May this month bring you joy and favour, and may your labour never be in vain.",
                "brand": "Lagos Fitness Hub",
                "handle": "@lagosfithub",
            },
        ),
        _month_spec(
            "June",
            SQUARE,
            _new_month_numeral,
            OCEAN,
            MODERN,
            style="Ocean Numeral",
            flavour="deep ocean-blue",
            content={
                "month_number": "06",
                "kicker": "Happy New Month",
                "month": "JUNE",
                "message": "Half the year is gone but your best is still ahead. Finish strong this June.",
                "greeting": "Half-year check-in",
                "brand": "Zee Consults, Abuja",
                "handle": "@zeeconsults",
            },
        ),
        _month_spec(
            "July",
            FLYER,
            _new_month_arc,
            CORAL,
            CLASSIC,
            style="Coral Arc",
            flavour="warm coral",
            premium=True,
            content={
                "greeting": "Ẹ kú oṣù tuntun",
                "kicker": "Happy New Month",
                "month": "JULY",
                "message": "New month, new grace. May July surprise you with good news.",
                "brand": "Blessed Hands Salon",
                "handle": "@blessedhandssalon",
            },
        ),
        _month_spec(
            "August",
            SQUARE,
            _new_month_card,
            HARVEST,
            STRONG,
            style="Harvest Card",
            flavour="rich harvest-brown",
            content={
                "kicker": "Happy New Month",
                "month": "AUGUST",
                "message": "May August carry you into a season of harvest and overflow.",
                "greeting": "Season of harvest",
                "brand": "Farm2Table Foods, Oyo",
                "handle": "@farm2tablefoods",
            },
        ),
        _month_spec(
            "September",
            STORY,
            _new_month_numeral,
            DUSK,
            MODERN,
            style="Dusk Numeral",
            flavour="dusky violet",
            content={
                "month_number": "09",
                "kicker": "Happy New Month",
                "month": "SEPTEMBER",
                "message": "May September settle every matter and crown your efforts with success.",
                "greeting": "Barka da sabon wata",
                "brand": "Abuja Tech Academy",
                "handle": "@abujatechacademy",
            },
        ),
        _month_spec(
            "October",
            SQUARE,
            _new_month_arc,
            NAIJA,
            STRONG,
            style="Green White Arc",
            flavour="green and white independence-month",
            content={
                "greeting": "Happy Independence month",
                "kicker": "Happy New Month",
                "month": "OCTOBER",
                "message": "May Nigeria and your household know peace and progress this October and always.",
                "brand": "Naija Pride Clothing",
                "handle": "@naijapride",
            },
        ),
        _month_spec(
            "November",
            FLYER,
            _new_month_card,
            AMBER,
            EDITORIAL,
            style="Amber Card",
            flavour="golden amber",
            content={
                "kicker": "Happy New Month",
                "month": "NOVEMBER",
                "message": "As the year winds down, may your testimonies wind up. Welcome to November!",
                "greeting": "Ẹ kú oṣù tuntun",
                "brand": "Grace Pharmacy, Surulere",
                "handle": "@gracepharmacyng",
            },
        ),
        _month_spec(
            "December",
            SQUARE,
            _new_month_numeral,
            FESTIVE,
            CLASSIC,
            style="Festive Numeral",
            flavour="festive red and green",
            premium=True,
            content={
                "month_number": "12",
                "kicker": "Happy New Month",
                "month": "DECEMBER",
                "message": "The last lap is here. May December end your year in praise and plenty.",
                "greeting": "Ọnwa ọhụrụ ọma!",
                "brand": "Mama Ngozi's Kitchen",
                "handle": "@mamangozikitchen",
            },
        ),
        _month_spec(
            "Generic",
            SQUARE,
            _new_month_arc,
            PLUM_GOLD,
            CLASSIC,
            style="Plum Gold Arc",
            flavour="plum and gold",
            content={
                "greeting": "Ẹ kú oṣù tuntun · Barka da sabon wata",
                "kicker": "Happy",
                "month": "NEW MONTH",
                "message": "May this month bring you joy and favour.",
                "brand": "Your Business Name",
                "handle": "@yourhandle",
            },
        ),
        _month_spec(
            "Generic",
            STORY,
            _new_month_card,
            SKY_CORAL,
            BOLD,
            style="Pidgin Blessings Card",
            flavour="bright sky-and-coral Pidgin",
            content={
                "kicker": "New month, new",
                "month": "BLESSINGS",
                "message": "New month don land! E go better for you this month, for your pocket, your health and your family.",
                "greeting": "Happy New Month o!",
                "brand": "Your Business Name",
                "handle": "@yourhandle",
            },
        ),
    ]


def _business_specs() -> list[_Spec]:
    business = "Business & Industries"
    return [
        _spec(
            "business-jollof-friday-flyer",
            "Jollof Friday Special Flyer",
            business,
            "Restaurant",
            FLYER,
            _food_special,
            JOLLOF,
            BOLD,
            content={
                "brand": "MAMA NGOZI'S KITCHEN",
                "kicker": "Jollof Friday",
                "headline": "SMOKY PARTY\nJOLLOF",
                "price": "₦4,500",
                "item": "With peppered turkey, dodo and coleslaw",
                "location": "12 Allen Avenue, Ikeja, Lagos · Free delivery within Ikeja",
                "phone": "Order: +234 803 555 0142",
            },
            description="A fiery food flyer with the dish on a plate and a starburst price. "
            "Made for restaurants and home kitchens pushing a weekly special.",
            tags=("restaurant", "food", "jollof", "special", "price", "delivery"),
            keywords=(
                "jollof rice flyer",
                "food vendor flyer",
                "restaurant special",
                "ikeja food delivery",
                "party jollof",
            ),
            intent="For food businesses promoting a dish; it communicates appetite, value and how to order.",
        ),
        _spec(
            "business-buka-daily-menu-post",
            "Buka Daily Menu Post",
            business,
            "Restaurant",
            SQUARE,
            _menu_board,
            CLAY,
            BOLD,
            premium=True,
            content={
                "brand": "BUKA 24, IBADAN",
                "kicker": "Today's",
                "headline": "MENU",
                "details": "Amala, ewedu & gbegiri\nPounded yam & egusi\nOfada rice & ayamase\n"
                "Goat meat pepper soup\nChilled zobo (50cl)",
                "prices": "₦2,500\n₦3,000\n₦3,500\n₦2,800\n₦700",
                "location": "Opposite UI Second Gate, Ibadan · Open 8am – 9pm",  # noqa: RUF001 - a typographic en dash is intended
                "phone": "Call to order: +234 802 555 0125",
            },
            description="A warm clay-toned menu board with dishes and naira prices in two tidy columns. "
            "Update it daily for your buka or canteen.",
            tags=("restaurant", "menu", "buka", "prices", "naija food"),
            keywords=(
                "daily menu",
                "buka menu",
                "amala",
                "price list",
                "ibadan restaurant",
                "canteen menu",
            ),
            intent="For bukas, canteens and cafés sharing the day's menu; it communicates variety, prices and opening hours.",
        ),
        _spec(
            "business-suya-grand-opening-story",
            "Suya Spot Grand Opening Story",
            business,
            "Restaurant",
            STORY,
            _promo,
            SUNRISE,
            STRONG,
            content={
                "brand": "SUYA REPUBLIC",
                "headline": "NOW OPEN\nIN WUSE 2",
                "offer": "FREE SUYA!",
                "item": "For our first 50 customers this Saturday",
                "price": "From ₦1,500",
                "cta": "VISIT US TODAY",
                "phone": "Plot 22 Aminu Kano Crescent · +234 809 555 0181",
            },
            description="A sunset story announcing a grand opening with a slanted offer ribbon. "
            "The call to action and address close it out.",
            tags=("restaurant", "grand opening", "suya", "story", "promo"),
            keywords=(
                "grand opening",
                "suya spot",
                "abuja restaurant",
                "opening day offer",
                "free food",
            ),
            intent="For new food spots announcing their launch; it communicates excitement and a reason to come today.",
        ),
        _spec(
            "business-ankara-edit-flyer",
            "The Ankara Edit Fashion Flyer",
            business,
            "Fashion",
            FLYER,
            _showcase,
            ANKARA,
            CLASSIC,
            content={
                "badge": "NEW IN",
                "headline": "The Ankara Edit",
                "subheading": "Bold prints, tailored fits, made with love in Aba",
                "price": "From ₦18,000",
                "cta": "DM TO ORDER",
                "handle": "@adirestudio",
                "phone": "+234 806 555 0108",
            },
            description="An indigo and mustard fashion flyer with a framed product photo. "
            "Tag, headline, price and order button in a clean column.",
            tags=("fashion", "ankara", "new collection", "clothing", "photo"),
            keywords=(
                "ankara collection",
                "fashion flyer",
                "made in aba",
                "clothing brand",
                "new arrivals",
            ),
            intent="For fashion brands launching a collection; it communicates style, pride in local craft and how to buy.",
        ),
        _spec(
            "business-aso-ebi-orders-post",
            "Aso-Ebi Orders Open Post",
            business,
            "Fashion",
            SQUARE,
            _services,
            ROSE_NUDE,
            CLASSIC,
            premium=True,
            content={
                "brand": "TIWA'S LACE HOUSE",
                "headline": "ASO-EBI\nORDERS OPEN",
                "subheading": "Lace, gele and ready-to-wear for your owambe",
                "details": "• Premium lace from ₦45,000\n• Gele and ipele sets\n"
                "• Tailoring in 7 working days\n• Nationwide delivery",
                "badge": "Book early!",
                "location": "Balogun Market, Lagos Island",
                "cta": "ORDER NOW",
                "phone": "+234 803 555 0170",
            },
            description="A soft nude and wine post announcing aso-ebi orders with a price list card and a sticker. "
            "Owambe season, sorted.",
            tags=("fashion", "aso-ebi", "lace", "owambe", "price list"),
            keywords=(
                "aso ebi",
                "lace fabric",
                "gele",
                "owambe outfits",
                "balogun market",
                "wedding fabric",
            ),
            intent="For fabric sellers and tailors taking aso-ebi orders; it communicates quality, prices and urgency.",
        ),
        _spec(
            "business-ibeju-lekki-land-flyer",
            "Ibeju-Lekki Land for Sale Flyer",
            business,
            "Real Estate",
            FLYER,
            _property,
            NAVY_GOLD,
            STRONG,
            content={
                "offer": "FOR SALE",
                "headline": "Dry Land in Ibeju-Lekki",
                "location": "Off Lekki-Epe Expressway, Lagos",
                "details": "600 sqm plots · Gazette & survey ready\nPay in instalments over 12 months",
                "price": "₦12.5M",
                "brand": "Prime Acres Realty",
                "phone": "Call Tunde: +234 803 555 0156",
            },
            description="A navy and gold land listing with a photo, price badge and the title documents. "
            "Trustworthy and to the point.",
            tags=("real estate", "land", "for sale", "property", "lagos"),
            keywords=(
                "land for sale",
                "ibeju lekki",
                "plots",
                "instalment payment",
                "gazette",
                "realtor flyer",
            ),
            intent="For realtors selling plots; it communicates credibility, price and the next step.",
        ),
        _spec(
            "business-gwarinpa-flat-for-rent-post",
            "Gwarinpa Flat for Rent Post",
            business,
            "Real Estate",
            SQUARE,
            _property,
            SAND_GREEN,
            STRONG,
            premium=True,
            content={
                "offer": "FOR RENT",
                "headline": "3-Bedroom Flat, Gwarinpa",
                "location": "Gwarinpa Estate, Abuja",
                "details": "All rooms en suite · Prepaid meter · Borehole · Parking for 2 cars",
                "price": "₦4.2M/yr",
                "brand": "Capital Homes Abuja",
                "phone": "+234 809 555 0102",
            },
            description="A calm sand and green rental listing with a property photo and yearly rent. "
            "Lists the features tenants ask about first.",
            tags=("real estate", "rent", "apartment", "abuja", "listing"),
            keywords=(
                "flat for rent",
                "gwarinpa",
                "3 bedroom",
                "abuja apartment",
                "house listing",
                "agent",
            ),
            intent="For agents and landlords advertising a rental; it communicates comfort, features and price.",
        ),
        _spec(
            "business-braids-and-beauty-post",
            "Braids and Beauty Price List Post",
            business,
            "Beauty",
            SQUARE,
            _services,
            BLUSH,
            BOLD,
            content={
                "brand": "GLOW BY HALIMA",
                "headline": "BRAIDS &\nBEAUTY",
                "subheading": "Knotless, cornrows, frontal installs and more",
                "details": "• Knotless braids — ₦15,000\n• Stitch cornrows — ₦8,000\n"
                "• Frontal install — ₦12,000\n• Lashes & brows — ₦5,000",
                "badge": "20% OFF this week",
                "location": "Nassarawa GRA, Kano · Home service available",
                "cta": "BOOK NOW",
                "phone": "+234 803 555 0114",
            },
            description="A blush beauty post with a service price list and a discount sticker. "
            "Clear prices and a booking button.",
            tags=("beauty", "hair", "braids", "salon", "price list"),
            keywords=(
                "braids price list",
                "hair salon",
                "knotless braids",
                "kano salon",
                "beauty promo",
            ),
            intent="For salons and stylists sharing prices; it communicates professionalism and value.",
        ),
        _spec(
            "business-bridal-glam-story",
            "Bridal Glam Makeup Story",
            business,
            "Beauty",
            STORY,
            _showcase,
            BERRY,
            CLASSIC,
            content={
                "badge": "BRIDAL",
                "headline": "Bridal Glam by Ada",
                "subheading": "Flawless, long-lasting makeup for your big day and your owambe",
                "price": "Packages from ₦60,000",
                "cta": "BOOK YOUR DATE",
                "handle": "@glambyada",
                "phone": "+234 806 555 0147",
            },
            description="A berry and gold story for a makeup artist with a large portfolio photo. "
            "Tag, headline, package price and booking button.",
            tags=("beauty", "makeup", "bridal", "story", "photo"),
            keywords=("makeup artist", "bridal makeup", "owambe glam", "beauty booking", "mua"),
            intent="For makeup artists booking clients; it communicates glamour, skill and availability.",
        ),
        _spec(
            "business-same-day-delivery-flyer",
            "Same-Day Delivery Logistics Flyer",
            business,
            "Logistics",
            FLYER,
            _services,
            DISPATCH,
            STRONG,
            content={
                "brand": "SWIFTLINE LOGISTICS",
                "headline": "SAME-DAY\nDELIVERY",
                "subheading": "Anywhere in Lagos from ₦2,000",
                "details": "• Island to Mainland in 3 hours\n• Interstate waybill to all 36 states\n"
                "• Cash on delivery available\n• Live tracking with your rider",
                "badge": "Same day!",
                "location": "Pickups from Yaba, Ikeja, Lekki and Surulere",
                "cta": "BOOK A PICKUP",
                "phone": "+234 803 555 0133",
            },
            description="A navy and orange dispatch flyer listing delivery services and prices. "
            "Strong headline, service card and pickup button.",
            tags=("logistics", "delivery", "dispatch", "lagos", "services"),
            keywords=(
                "same day delivery",
                "dispatch rider",
                "logistics flyer",
                "waybill",
                "cash on delivery",
            ),
            intent="For delivery and dispatch businesses; it communicates speed, reach and reliability.",
        ),
        _spec(
            "business-interstate-haulage-post",
            "Interstate Haulage Post",
            business,
            "Logistics",
            SQUARE,
            _promo,
            OCEAN,
            STRONG,
            content={
                "brand": "NORTHBOUND HAULAGE",
                "headline": "INTERSTATE\nHAULAGE",
                "offer": "24-HOUR DISPATCH",
                "item": "10 and 30-tonne trucks, insured goods, Lagos to Kano and beyond",
                "price": "From ₦350,000",
                "cta": "GET A QUOTE",
                "phone": "+234 805 555 0174",
            },
            description="An ocean-blue haulage post with a slanted ribbon for the service promise. "
            "Truck sizes, starting price and a quote button.",
            tags=("logistics", "haulage", "trucks", "interstate", "square post"),
            keywords=(
                "haulage services",
                "truck hire",
                "lagos to kano",
                "goods transport",
                "logistics company",
            ),
            intent="For haulage firms winning business customers; it communicates capacity, safety and a clear offer.",
        ),
        _spec(
            "business-pos-agent-here-post",
            "POS Agent Here Post",
            business,
            "POS/Fintech",
            SQUARE,
            _services,
            FINTECH,
            BOLD,
            content={
                "brand": "MAMA SIDI POS POINT",
                "headline": "POS AGENT\nHERE",
                "subheading": "Fast cash, low charges, no long queues",
                "details": "• Cash withdrawal and deposit\n• Transfers to all banks\n"
                "• Airtime and data\n• Cable TV and electricity bills",
                "badge": "Open 7am-9pm",
                "location": "Opposite Ojuelegba Bus Stop, Surulere, Lagos",
                "cta": "VISIT US TODAY",
                "phone": "+234 810 555 0191",
            },
            description="A green and lime post for a POS agent listing every service offered. "
            "Opening hours sticker and a clear location.",
            tags=("pos", "fintech", "agent banking", "cash", "services"),
            keywords=(
                "pos agent",
                "cash withdrawal",
                "bank transfer",
                "airtime",
                "agent banking",
                "surulere",
            ),
            intent="For POS agents and kiosks attracting walk-in customers; it communicates convenience and trust.",
        ),
        _spec(
            "business-zero-fee-transfers-story",
            "Zero-Fee Transfers App Story",
            business,
            "POS/Fintech",
            STORY,
            _promo,
            INDIGO_MINT,
            MODERN,
            premium=True,
            content={
                "brand": "KUDIPAY",
                "headline": "SEND MONEY\nIN SECONDS",
                "offer": "₦0 TRANSFER FEES",
                "item": "Free transfers to any Nigerian bank, all month long",
                "price": "₦0",
                "old_price": "₦50",
                "cta": "DOWNLOAD THE APP",
                "phone": "Questions? +234 700 555 0100",
            },
            description="An indigo and mint fintech story promoting free transfers with a slashed old fee. "
            "Bold offer ribbon and a download button.",
            tags=("fintech", "app", "transfers", "promo", "story"),
            keywords=(
                "fintech promo",
                "free transfers",
                "money app",
                "mobile banking",
                "download app",
            ),
            intent="For fintech brands driving app sign-ups; it communicates speed, savings and a clear next step.",
        ),
    ]


def _social_specs() -> list[_Spec]:
    social = "Social Media Post"
    return [
        _spec(
            "social-small-steady-steps-quote",
            "Small Steady Steps Quote Post",
            social,
            "Quotes",
            SQUARE,
            _quote,
            SAGE,
            EDITORIAL,
            content={
                "quote": "Small, steady steps will build the house your dreams live in.",
                "author": "Temi Adewale",
                "handle": "@thrivewithtemi",
            },
            description="A calm sage quote card with drawn quotation marks and an author line. "
            "Good for coaches and creators.",
            tags=("quote", "inspiration", "sage", "square post", "minimal"),
            keywords=(
                "quote card",
                "inspirational quote",
                "instagram quote",
                "life coach",
                "daily quote",
            ),
            intent="For creators sharing a thought of the day; it communicates calm encouragement.",
        ),
        _spec(
            "social-your-season-is-loading-quote",
            "Your Season Is Loading Quote Story",
            social,
            "Quotes",
            STORY,
            _quote,
            DUSK,
            CLASSIC,
            content={
                "quote": "Your pace is not your failure. Keep going; your own season is loading.",
                "author": "Daily reminder",
                "handle": "@naijamindset",
            },
            description="A dusky story quote with large serif type for status updates. "
            "Gentle colours, strong message.",
            tags=("quote", "story", "status", "motivation", "dusk"),
            keywords=(
                "status quote",
                "whatsapp status",
                "encouragement",
                "daily reminder",
                "quote story",
            ),
            intent="For creators posting encouraging words on status; it communicates hope and patience.",
        ),
        _spec(
            "social-iwa-lewa-proverb-flyer",
            "Ìwà Lẹ̀wà Proverb Flyer",
            social,
            "Quotes",
            FLYER,
            _quote,
            CLAY,
            CLASSIC,
            premium=True,
            content={
                "quote": "Ìwà lẹ̀wà.",
                "translation": "Character is beauty. Who you are will always outshine what you wear.",
                "author": "Yoruba proverb",
                "handle": "@ilearnyoruba",
            },
            description="A clay-toned proverb card with a Yoruba saying and its English meaning. "
            "Big serif type for a short, wise line.",
            tags=("quote", "proverb", "yoruba", "culture", "clay"),
            keywords=("yoruba proverb", "iwa lewa", "african proverb", "culture post", "wisdom"),
            intent="For culture pages and teachers sharing proverbs; it communicates heritage and wisdom.",
        ),
        _spec(
            "social-barka-da-sallah-post",
            "Barka da Sallah Greeting Post",
            social,
            "Announcements",
            SQUARE,
            _crescent_greeting,
            EMERALD,
            CLASSIC,
            content={
                "headline": "Barka da Sallah",
                "subheading": "EID MUBARAK",
                "message": "Wishing you and your family peace, joy and answered prayers this Eid.",
                "brand": "Hauwa Fabrics, Kano",
                "handle": "@hauwafabrics",
            },
            description="An emerald and gold Sallah greeting with a crescent moon, stars and lanterns. "
            "Add your brand and share on Eid.",
            tags=("sallah", "eid", "greeting", "hausa", "emerald"),
            keywords=(
                "barka da sallah",
                "eid mubarak",
                "sallah greeting",
                "eid post",
                "festive greeting",
            ),
            intent="For brands and families sending Eid wishes; it communicates peace, joy and goodwill.",
        ),
        _spec(
            "social-independence-day-post",
            "Happy Independence Day Nigeria Post",
            social,
            "Announcements",
            SQUARE,
            _flag_greeting,
            NAIJA_LIGHT,
            STRONG,
            content={
                "kicker": "1ST OCTOBER",
                "headline": "HAPPY INDEPENDENCE DAY",
                "subheading": "Nigeria at 66",
                "message": "Proud of our roots. Hopeful for our future. One Nigeria!",
                "brand": "Naija Pride Clothing",
                "handle": "@naijapride",
            },
            description="A green-white-green Independence Day post styled like the flag. "
            "Patriotic, clean and ready for 1 October.",
            tags=("independence day", "nigeria", "green white green", "1st october", "greeting"),
            keywords=(
                "independence day nigeria",
                "october 1",
                "nigeria at 66",
                "patriotic post",
                "national day",
            ),
            intent="For brands and creators celebrating Nigeria's independence; it communicates pride and hope.",
        ),
        _spec(
            "social-we-have-moved-flyer",
            "We've Moved Announcement Flyer",
            social,
            "Announcements",
            FLYER,
            _announcement,
            TEAL,
            MODERN,
            premium=True,
            content={
                "kicker": "ANNOUNCEMENT",
                "headline": "WE'VE MOVED!",
                "message": "Our Port Harcourt office is now at 22 Aba Road, GRA Phase 2. "
                "Same great service, bigger space.",
                "date": "From Monday, 4 May 2026",
                "brand": "Rivers Dental Clinic",
                "phone": "+234 805 555 0120",
            },
            description="A teal and coral announcement flyer for a new address. "
            "Header band, headline, message and the effective date.",
            tags=("announcement", "new address", "relocation", "business", "teal"),
            keywords=(
                "we have moved",
                "new location",
                "office relocation",
                "port harcourt",
                "business announcement",
            ),
            intent="For businesses telling customers about a move; it communicates continuity and where to find them.",
        ),
        _spec(
            "social-black-friday-gadgets-post",
            "Black Friday Gadget Sale Post",
            social,
            "Sales/Promo",
            SQUARE,
            _promo,
            SALE_RED,
            BOLD,
            content={
                "brand": "GADGET HUB NG",
                "headline": "BLACK\nFRIDAY",
                "offer": "UP TO 60% OFF",
                "item": "Phones, laptops and accessories",
                "price": "₦9,999",
                "old_price": "₦25,000",
                "cta": "SHOP NOW",
                "phone": "Computer Village, Ikeja · +234 803 555 0109",
            },
            description="A black, red and yellow Black Friday post with a slanted discount ribbon and slashed price. "
            "Loud in the right way.",
            tags=("sale", "black friday", "discount", "gadgets", "promo"),
            keywords=(
                "black friday sale",
                "gadget promo",
                "phone deals",
                "computer village",
                "discount post",
            ),
            intent="For shops running a Black Friday sale; it communicates big savings and urgency.",
        ),
        _spec(
            "social-weekend-flash-sale-story",
            "Weekend Flash Sale Story",
            social,
            "Sales/Promo",
            STORY,
            _promo,
            SALE_CITRUS,
            MODERN,
            premium=True,
            content={
                "brand": "KICKS & SLIDES",
                "headline": "WEEKEND\nFLASH SALE",
                "offer": "40% OFF",
                "item": "All sneakers and slides, this weekend only",
                "price": "₦21,000",
                "old_price": "₦35,000",
                "cta": "SHOP ON WHATSAPP",
                "phone": "+234 907 555 0153",
            },
            description="A citrus flash-sale story with a bold ribbon, old and new prices and a WhatsApp button. "
            "Built for quick weekend promos.",
            tags=("sale", "flash sale", "promo", "story", "sneakers"),
            keywords=(
                "flash sale",
                "weekend sale",
                "sneakers promo",
                "whatsapp shop",
                "discount story",
            ),
            intent="For online shops running short promos; it communicates a limited-time deal and how to buy.",
        ),
        _spec(
            "social-front-desk-hiring-post",
            "Front Desk Officer Hiring Post",
            social,
            "Hiring",
            SQUARE,
            _hiring,
            CHARCOAL_LIME,
            STRONG,
            content={
                "brand": "KOLA & CO. ACCOUNTANTS",
                "headline": "WE'RE\nHIRING",
                "role": "Front Desk Officer",
                "details": "• OND, HND or BSc in any field\n• 2 years' front office experience\n"
                "• Warm, organised and tech-savvy",
                "location": "Ikeja, Lagos · Full-time · ₦180,000/month",
                "cta": "Send your CV to careers@kolaandco.ng",
                "date": "Deadline: 30 April 2026",
            },
            description="A charcoal and lime hiring post with the role, requirements and how to apply. "
            "Clear enough to read in a scroll.",
            tags=("hiring", "job", "vacancy", "recruitment", "lagos"),
            keywords=(
                "we are hiring",
                "job vacancy",
                "front desk job",
                "ikeja jobs",
                "recruitment post",
            ),
            intent="For small businesses recruiting staff; it communicates the role, the pay and a simple way to apply.",
        ),
        _spec(
            "social-riders-wanted-flyer",
            "Dispatch Riders Wanted Flyer",
            social,
            "Hiring",
            FLYER,
            _hiring,
            DISPATCH,
            BOLD,
            content={
                "brand": "SWIFTLINE LOGISTICS",
                "headline": "RIDERS\nWANTED",
                "role": "Dispatch Riders (10)",
                "details": "• Valid rider's permit\n• Knows Abuja roads well\n• Own smartphone\n• Guarantor required",
                "location": "Abuja · Weekly pay + fuel allowance",
                "cta": "Walk in with your CV, Mon – Fri",  # noqa: RUF001 - a typographic en dash is intended
                "phone": "+234 803 555 0133",
            },
            description="A navy and orange recruitment flyer for dispatch riders. "
            "Requirements in a card and a walk-in call to action.",
            tags=("hiring", "riders", "logistics", "job", "abuja"),
            keywords=(
                "riders wanted",
                "dispatch rider job",
                "abuja jobs",
                "logistics hiring",
                "walk in interview",
            ),
            intent="For logistics firms recruiting riders; it communicates clear requirements and weekly pay.",
        ),
        _spec(
            "social-keep-pushing-motivation-post",
            "Keep Pushing Motivation Post",
            social,
            "Motivational",
            SQUARE,
            _motivational,
            ROYAL,
            BOLD,
            content={
                "kicker": "MONDAY MOTIVATION",
                "headline": "KEEP\nPUSHING,",
                "highlight": "YOUR HARVEST\nIS COMING.",
                "message": "Every early morning and late night is a seed. Keep planting.",
                "handle": "@hustlehubng",
            },
            description="A purple and gold motivational post with stacked bold words and a highlighted promise. "
            "Made for Monday posts.",
            tags=("motivation", "monday", "hustle", "purple", "square post"),
            keywords=(
                "monday motivation",
                "keep pushing",
                "hustle quote",
                "motivational post",
                "entrepreneur",
            ),
            intent="For creators and small businesses encouraging their audience; it communicates grit and hope.",
        ),
        _spec(
            "social-start-where-you-are-story",
            "Start Where You Are Motivation Story",
            social,
            "Motivational",
            STORY,
            _motivational,
            SUNRISE,
            MODERN,
            content={
                "kicker": "A NOTE TO SELF",
                "headline": "START\nWHERE\nYOU ARE.",
                "highlight": "USE WHAT\nYOU HAVE.",
                "message": "Nobody started with everything. Start small, stay consistent and watch God multiply it.",
                "handle": "@naijamindset",
            },
            description="A sunset-violet story with tall stacked type and an orange highlight. "
            "A bold nudge for status.",
            tags=("motivation", "story", "status", "self development", "sunset"),
            keywords=(
                "motivational story",
                "start where you are",
                "whatsapp status",
                "consistency",
                "faith",
            ),
            intent="For anyone posting a personal reminder; it communicates courage and consistency.",
        ),
    ]


def _logo_spec(
    slug: str,
    name: str,
    sub_category: str,
    layout: Layout,
    palette: _Palette,
    fonts: _Fonts,
    *,
    brand: str,
    tagline: str,
    what: str,
    tags: tuple[str, ...],
    premium: bool = False,
) -> _Spec:
    return _spec(
        slug,
        name,
        LOGO_CATEGORY,
        sub_category,
        LOGO,
        layout,
        palette,
        fonts,
        premium=premium,
        content={"brand_name": brand, "tagline": tagline},
        description=f"A {what} logo with an emblem, the brand name and a tagline. "
        "Swap in your own name and tagline in the logo maker.",
        tags=("logo", sub_category.lower(), *tags),
        keywords=(
            "logo design",
            f"{sub_category.lower()} logo",
            "brand identity",
            "logo maker",
            *tags,
        ),
        intent=f"For {sub_category.lower()} owners who need a quick brand mark; it communicates a confident, memorable identity.",
    )


def _logo_specs() -> list[_Spec]:
    return [
        _logo_spec(
            "logo-adunni-ventures-diamonds",
            "Adunni Ventures Diamond Logo",
            "Business",
            _logo_diamonds,
            NAVY_GOLD,
            STRONG,
            brand="ADUNNI VENTURES",
            tagline="TRADE · IMPORT · EXPORT",
            what="navy and gold interlocking-diamond",
            tags=("trading", "navy"),
        ),
        _logo_spec(
            "logo-oja-hub-seal",
            "Ọjà Hub Seal Logo",
            "Business",
            _logo_badge,
            EMERALD,
            CLASSIC,
            brand="ỌJÀ HUB",
            tagline="YOUR MARKET, DELIVERED",
            what="emerald seal",
            tags=("marketplace", "yoruba"),
            premium=True,
        ),
        _logo_spec(
            "logo-swiftline-route",
            "Swiftline Route Logo",
            "Business",
            _logo_route,
            DISPATCH,
            STRONG,
            brand="SWIFTLINE",
            tagline="LOGISTICS · LAGOS · ABUJA · KANO",
            what="navy and orange forward-arrow",
            tags=("logistics", "delivery"),
        ),
        _logo_spec(
            "logo-grace-assembly-cross",
            "Grace Assembly Cross Logo",
            "Church",
            _logo_cross,
            ROYAL,
            CLASSIC,
            brand="Grace Assembly",
            tagline="RAISING A PEOPLE OF FAITH",
            what="purple and gold radiant-cross",
            tags=("cross", "ministry"),
        ),
        _logo_spec(
            "logo-house-of-praise-seal",
            "House of Praise Seal Logo",
            "Church",
            _logo_badge,
            IVORY,
            CLASSIC,
            brand="House of Praise",
            tagline="IBADAN · EST. 2009",
            what="ivory and gold seal",
            tags=("ministry", "ibadan"),
            premium=True,
        ),
        _logo_spec(
            "logo-mama-put-express-bowl",
            "Mama Put Express Bowl Logo",
            "Food",
            _logo_bowl,
            JOLLOF,
            BOLD,
            brand="MAMA PUT EXPRESS",
            tagline="HOME-COOKED NAIJA MEALS",
            what="warm steaming-bowl",
            tags=("restaurant", "kitchen"),
        ),
        _logo_spec(
            "logo-suya-republic-seal",
            "Suya Republic Seal Logo",
            "Food",
            _logo_badge,
            CRIMSON,
            BOLD,
            brand="SUYA REPUBLIC",
            tagline="SPICE · GRILL · REPEAT",
            what="fiery red seal",
            tags=("grill", "suya"),
        ),
        _logo_spec(
            "logo-glow-by-halima-leaf",
            "Glow by Halima Leaf Logo",
            "Beauty",
            _logo_leaf,
            ROSE_NUDE,
            CLASSIC,
            brand="Glow by Halima",
            tagline="SKIN · HAIR · BEAUTY",
            what="soft rose twin-leaf",
            tags=("salon", "skincare"),
        ),
        _logo_spec(
            "logo-adire-studio-hanger",
            "Adire Studio Hanger Logo",
            "Fashion",
            _logo_hanger,
            ANKARA,
            CLASSIC,
            brand="Adire Studio",
            tagline="HANDMADE IN ABEOKUTA",
            what="indigo and mustard hanger",
            tags=("clothing", "adire"),
        ),
    ]


# ------------------------------------------------------------------------------ build


def _all_specs() -> list[_Spec]:
    return [
        *_church_specs(),
        *_birthday_specs(),
        *_new_month_specs(),
        *_business_specs(),
        *_social_specs(),
        *_logo_specs(),
    ]


def _build(spec: _Spec, offset_minutes: int) -> dict[str, Any]:
    doc = _Doc(spec.slug, spec.size, spec.palette.background)
    spec.layout(doc, spec.palette, spec.fonts, _Content(spec.content))
    unused = set(spec.content) - {field["key"] for field in doc.fields}
    if unused:
        raise ValueError(f"{spec.slug}: the layout does not use {sorted(unused)}")
    return {
        "id": str(uuid.uuid5(SEED_NAMESPACE, spec.slug)),
        "name": spec.name,
        "category": spec.category,
        "sub_category": spec.sub_category,
        "template_type": "premium" if spec.premium else "free",
        "description": spec.description,
        "tags": list(spec.tags),
        "semantic_keywords": list(spec.keywords),
        "design_intent": spec.intent,
        "field_requirements": doc.fields,
        "created_at_offset_minutes": offset_minutes,
        "polotno_json": doc.document(),
    }


def seed_templates() -> list[dict[str, Any]]:
    """Every seed template as a ``design_templates``-shaped dict, the same on every call.

    ``created_at_offset_minutes`` values are distinct and come from a fixed-seed shuffle, so each
    category's newest-first row mixes its sub-categories instead of following this file's order.
    """
    specs = _all_specs()
    ranks = list(range(len(specs)))
    random.Random(_ORDER_SEED).shuffle(ranks)
    return [_build(spec, rank * 47 + 13) for spec, rank in zip(specs, ranks, strict=True)]

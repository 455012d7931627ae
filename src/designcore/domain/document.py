"""The design document: our own strict model of the Polotno JSON design format, version 4.

A design is a JSON object (``width``, ``height``, ``fonts``, ``unit``, ``dpi``,
``schemaVersion``, ``pages``); each page has a ``background`` and ``children``, the elements
(``text``, ``image``, ``svg``, ``figure``, ``line``, ``group``). The model is written from the
format's public documentation; no code of the proprietary SDK is used.

- :func:`parse_document` checks every field it knows (type, range, allowed values) and raises
  one :class:`~designcore.domain.errors.ValidationFailed` listing every problem, each
  :class:`~designcore.domain.errors.FieldIssue` naming the JSON path
  (``pages[0].children[3].fontSize``).
- Documents older than :data:`SCHEMA_VERSION` (or without ``schemaVersion``) are migrated first
  (:func:`migrate`); newer ones are refused.
- Keys the model does not know are kept in ``extra`` and written back by ``to_json()``, so a
  field added by a later editor survives a round trip. Element types the model does not know
  (``video``, ``table``, ``gif`` …) become :class:`OpaqueElement`, kept unchanged; the renderer
  skips them with a warning.
- The limits of :data:`MAX_SIDE_PX`, :data:`MAX_PAGE_PIXELS`, :data:`MAX_DOCUMENT_BYTES` and
  :data:`MAX_ELEMENTS_PER_PAGE` are checked by :func:`load_document`, :func:`parse_document` and
  :func:`check_export_size`; breaking one raises :class:`LimitExceeded`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeAlias

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

SCHEMA_VERSION = 4
"""The version of the format this model reads and writes."""

HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
"""A colour written ``#rrggbb`` (brand colours, a photo's background)."""

MAX_SIDE_PX = 10_000
"""Largest side of one exported page, in output pixels (at the requested pixel ratio)."""

MAX_PAGE_PIXELS = 50_000_000
"""Largest area of one exported page, in output pixels (50 megapixels)."""

MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
"""Largest document accepted, as UTF-8 JSON."""

MAX_ELEMENTS_PER_PAGE = 200
"""Most elements one page may hold, counting the children of groups."""

DRAWN_FILTERS: tuple[str, ...] = ("contrast",)
"""The entries of an element's ``filters`` object the renderer and the editor draw, each with
an intensity from -1 to 1."""

UNITS = ("px", "pt", "mm", "cm", "in")
"""Units a document may be displayed in (every stored value is in pixels regardless)."""

ALIGNS = ("left", "center", "right", "justify")
VERTICAL_ALIGNS = ("top", "middle", "bottom")
FONT_STYLES = ("normal", "italic")
FONT_WEIGHTS = ("normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900")

Json: TypeAlias = Any
"""A decoded JSON value."""

LineHeight: TypeAlias = float | str
"""A text line height: a multiple of the font size, ``"auto"`` or a percentage (``"120%"``)."""

Size: TypeAlias = float | Literal["auto"]
"""A page side in pixels, or ``"auto"`` for the document's."""


class LimitExceeded(ValidationFailed):
    """A document, page or export is larger than the product accepts."""

    code = "limit_exceeded"


# ----------------------------------------------------------------------------- field kinds


class _Issues:
    """Collects problems while a document is read."""

    def __init__(self) -> None:
        self.found: list[FieldIssue] = []

    def add(self, path: str, message: str) -> None:
        self.found.append(FieldIssue(path, message))


def _is_number(value: object) -> bool:
    kind = type(value)
    if kind is int:  # the common cases first: a document holds thousands of numbers
        return True
    if kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _number(value: object, path: str, issues: _Issues) -> float | int | None:
    if not _is_number(value):
        issues.add(path, f"expected a finite number, got {_describe(value)}")
        return None
    return value  # type: ignore[return-value]


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return f"the string {value[:40]!r}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


Reader: TypeAlias = Callable[[object, str, _Issues], object]
"""Checks one JSON value at a path; answers the model's value (or ``None`` after an issue)."""


def _read_number(value: object, path: str, issues: _Issues) -> object:
    return _number(value, path, issues)


def _read_non_negative(value: object, path: str, issues: _Issues) -> object:
    number = _number(value, path, issues)
    if number is not None and number < 0:
        issues.add(path, f"expected a number of at least 0, got {number!r}")
        return None
    return number


def _read_unit_interval(value: object, path: str, issues: _Issues) -> object:
    number = _number(value, path, issues)
    if number is not None and not 0 <= number <= 1:
        issues.add(path, f"expected a number from 0 to 1, got {number!r}")
        return None
    return number


def _read_string(value: object, path: str, issues: _Issues) -> object:
    if not isinstance(value, str):
        issues.add(path, f"expected a string, got {_describe(value)}")
        return None
    return value


def _read_bool(value: object, path: str, issues: _Issues) -> object:
    if not isinstance(value, bool):
        issues.add(path, f"expected true or false, got {_describe(value)}")
        return None
    return value


def _read_any(value: object, path: str, issues: _Issues) -> object:
    return value


def _read_number_list(value: object, path: str, issues: _Issues) -> object:
    if not isinstance(value, list):
        issues.add(path, f"expected a list of numbers, got {_describe(value)}")
        return None
    out = []
    for index, item in enumerate(value):
        number = _read_non_negative(item, f"{path}[{index}]", issues)
        if number is not None:
            out.append(number)
    return tuple(out)


def _read_string_map(value: object, path: str, issues: _Issues) -> object:
    if not isinstance(value, dict):
        issues.add(path, f"expected an object of colour replacements, got {_describe(value)}")
        return None
    for key, item in value.items():
        if not isinstance(item, str):
            issues.add(f"{path}.{key}", f"expected a colour string, got {_describe(item)}")
    return dict(value)


def _read_filter_intensity(value: object, path: str, issues: _Issues) -> float | None:
    """A filter's strength from -1 to 1: a number, or an object carrying it as ``intensity``."""
    if isinstance(value, dict):
        if "intensity" not in value:
            issues.add(path, "expected an object with an 'intensity' from -1 to 1")
            return None
        path, value = f"{path}.intensity", value["intensity"]
    number = _number(value, path, issues)
    if number is not None and not -1 <= number <= 1:
        issues.add(path, f"expected a number from -1 to 1, got {number!r}")
        return None
    return None if number is None else float(number)


def _read_filters(value: object, path: str, issues: _Issues) -> object:
    """The format's ``filters``: image filters keyed by name. The ones drawn
    (:data:`DRAWN_FILTERS`) are checked; others are kept as they are."""
    if not isinstance(value, dict):
        issues.add(path, f"expected an object of filters keyed by name, got {_describe(value)}")
        return None
    for name in DRAWN_FILTERS:
        if name in value:
            _read_filter_intensity(value[name], f"{path}.{name}", issues)
    return dict(value)


def _one_of(choices: Sequence[str]) -> Reader:
    def read(value: object, path: str, issues: _Issues) -> object:
        if value not in choices:
            allowed = ", ".join(repr(choice) for choice in choices)
            issues.add(path, f"expected one of {allowed}, got {_describe(value)}")
            return None
        return value

    _READER_SCHEMAS[read] = {"enum": list(choices)}
    return read


def _read_font_weight(value: object, path: str, issues: _Issues) -> object:
    if _is_number(value) and isinstance(value, int | float) and 1 <= value <= 1000:
        return str(int(value)) if float(value).is_integer() else str(value)
    if isinstance(value, str) and value in FONT_WEIGHTS:
        return value
    issues.add(path, f"expected 'normal', 'bold' or a weight 100-900, got {_describe(value)}")
    return None


LINE_HEIGHT_PERCENT = r"(?=[0-9.]*[1-9])(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)%"
"""A line height given as a percentage of the font size, matched whole: digits with an optional
decimal point, above zero, then ``%`` (``"120%"``, ``"87.5%"``)."""


def _read_line_height(value: object, path: str, issues: _Issues) -> object:
    if _is_number(value):
        assert isinstance(value, int | float)
        if value <= 0:
            issues.add(path, f"expected a line height above 0, got {value!r}")
            return None
        return value
    if value == "auto":
        return value
    if isinstance(value, str) and re.fullmatch(LINE_HEIGHT_PERCENT, value):
        return value
    issues.add(
        path, f"expected a number, 'auto' or a percentage such as '120%', got {_describe(value)}"
    )
    return None


def _read_size(value: object, path: str, issues: _Issues) -> object:
    if value == "auto":
        return value
    number = _number(value, path, issues)
    if number is not None and number <= 0:
        issues.add(path, f"expected a size above 0 or 'auto', got {number!r}")
        return None
    return number


_INTENSITY: dict[str, Json] = {"type": "number", "minimum": -1, "maximum": 1}
_SIDE: dict[str, Json] = {"type": "number", "minimum": 1, "maximum": MAX_SIDE_PX}
"""A side of a stored design (:func:`designcore.domain.designs.check_document`)."""

_READER_SCHEMAS: dict[Reader, dict[str, Json]] = {
    _read_number: {"type": "number"},
    _read_non_negative: {"type": "number", "minimum": 0},
    _read_unit_interval: {"type": "number", "minimum": 0, "maximum": 1},
    _read_string: {"type": "string"},
    _read_bool: {"type": "boolean"},
    _read_any: {},
    _read_number_list: {"type": "array", "items": {"type": "number", "minimum": 0}},
    _read_string_map: {"type": "object", "additionalProperties": {"type": "string"}},
    _read_filters: {
        "type": "object",
        "properties": {
            name: {
                "oneOf": [
                    _INTENSITY,
                    {
                        "type": "object",
                        "required": ["intensity"],
                        "properties": {"intensity": _INTENSITY},
                    },
                ]
            }
            for name in DRAWN_FILTERS
        },
    },
    _read_font_weight: {
        "oneOf": [{"type": "number", "minimum": 1, "maximum": 1000}, {"enum": list(FONT_WEIGHTS)}]
    },
    _read_line_height: {
        "oneOf": [
            {"type": "number", "exclusiveMinimum": 0},
            {"const": "auto"},
            {"type": "string", "pattern": f"^{LINE_HEIGHT_PERCENT}$"},
        ]
    },
    _read_size: {"oneOf": [{"const": "auto"}, _SIDE]},
}
"""Each reader's rule as JSON Schema (:func:`json_schema` builds the document's from them): a
reader and its rule sit side by side, so the API document states what the model checks."""


def _field(json_name: str, reader: Reader, default: object, **kwargs: Any) -> Any:
    """An attrs field read from ``json_name`` by ``reader``."""
    return attrs.field(default=default, metadata={"json": json_name, "read": reader}, **kwargs)


def _required(json_name: str, reader: Reader, **kwargs: Any) -> Any:
    return attrs.field(metadata={"json": json_name, "read": reader, "required": True}, **kwargs)


# ----------------------------------------------------------------------------- elements


@attrs.frozen(kw_only=True)
class Element:
    """Fields every element has. Positions and sizes are in pixels of the page."""

    type: str = attrs.field(metadata={"json": "type"})
    """The element type (``text``, ``image`` …)."""
    id: str = _required("id", _read_string)
    """Identifier, unique in the document."""
    name: str = _field("name", _read_string, "")
    """A name the designer gave it (templates use it to mark editable fields)."""
    x: float = _field("x", _read_number, 0)
    """Left edge before rotation, in pixels."""
    y: float = _field("y", _read_number, 0)
    """Top edge before rotation, in pixels."""
    width: float = _field("width", _read_non_negative, 100)
    """Width in pixels."""
    height: float = _field("height", _read_non_negative, 100)
    """Height in pixels (for text, ``0`` means not measured yet)."""
    rotation: float = _field("rotation", _read_number, 0)
    """Clockwise rotation in degrees, about the element's top-left corner."""
    opacity: float = _field("opacity", _read_unit_interval, 1)
    """Opacity from 0 (invisible) to 1."""
    visible: bool = _field("visible", _read_bool, True)
    """Whether it is drawn at all."""
    selectable: bool = _field("selectable", _read_bool, True)
    """Editor: may the user select it."""
    removable: bool = _field("removable", _read_bool, True)
    """Editor: may the user delete it."""
    draggable: bool = _field("draggable", _read_bool, True)
    """Editor: may the user move it."""
    resizable: bool = _field("resizable", _read_bool, True)
    """Editor: may the user resize it."""
    content_editable: bool = _field("contentEditable", _read_bool, True)
    """Editor: may the user change its content."""
    style_editable: bool = _field("styleEditable", _read_bool, True)
    """Editor: may the user change its style."""
    always_on_top: bool = _field("alwaysOnTop", _read_bool, False)
    """Editor: drawn above the other elements."""
    show_in_export: bool = _field("showInExport", _read_bool, True)
    """Whether exports draw it (``False``: editor-only guides)."""
    blur_enabled: bool = _field("blurEnabled", _read_bool, False)
    """Whether the element is blurred."""
    blur_radius: float = _field("blurRadius", _read_non_negative, 10)
    """Blur radius in pixels."""
    brightness_enabled: bool = _field("brightnessEnabled", _read_bool, False)
    """Whether brightness is adjusted."""
    brightness: float = _field("brightness", _read_number, 0)
    """Brightness change from -1 to 1."""
    sepia_enabled: bool = _field("sepiaEnabled", _read_bool, False)
    """Whether a sepia filter is applied."""
    grayscale_enabled: bool = _field("grayscaleEnabled", _read_bool, False)
    """Whether a greyscale filter is applied."""
    filters: Mapping[str, Json] | None = _field("filters", _read_filters, None)
    """The format's image filters keyed by name (``{"contrast": {"intensity": 0.4}}``); the ones
    in :data:`DRAWN_FILTERS` are drawn, others are kept for the round trip."""
    shadow_enabled: bool = _field("shadowEnabled", _read_bool, False)
    """Whether a drop shadow is drawn."""
    shadow_blur: float = _field("shadowBlur", _read_non_negative, 5)
    """Shadow blur radius in pixels."""
    shadow_offset_x: float = _field("shadowOffsetX", _read_number, 0)
    """Shadow offset to the right, in pixels."""
    shadow_offset_y: float = _field("shadowOffsetY", _read_number, 0)
    """Shadow offset downwards, in pixels."""
    shadow_color: str = _field("shadowColor", _read_string, "black")
    """Shadow colour (any CSS colour)."""
    shadow_opacity: float = _field("shadowOpacity", _read_unit_interval, 1)
    """Shadow opacity from 0 to 1."""
    custom: Json = _field("custom", _read_any, None)
    """Application data attached to the element, kept as is."""
    animations: Json = _field("animations", _read_any, None)
    """Animations, kept as is (exports are still images)."""
    extra: Mapping[str, Json] = attrs.field(factory=dict)
    """Keys this model does not know, kept for the round trip."""

    @property
    def contrast(self) -> float:
        """The contrast change from -1 to 1 (``filters.contrast``; 0 when absent): each colour
        channel ``v`` of 0..1 becomes ``(v - 0.5) * (1 + contrast) ** 2 + 0.5``."""
        return filter_intensity(self.filters, "contrast")


def filter_intensity(filters: Mapping[str, Json] | None, name: str) -> float:
    """The strength of the filter ``name`` in a checked ``filters`` object (0 when absent)."""
    entry = (filters or {}).get(name)
    if isinstance(entry, dict):
        entry = entry.get("intensity")
    return float(entry) if isinstance(entry, int | float) and not isinstance(entry, bool) else 0.0


@attrs.frozen(kw_only=True)
class TextElement(Element):
    """A text box: wraps inside ``width``, grows downwards."""

    text: str = _field("text", _read_string, "")
    """The text; ``\\n`` starts a new paragraph."""
    placeholder: str = _field("placeholder", _read_string, "")
    """Editor hint shown while ``text`` is empty; never exported."""
    font_size: float = _field("fontSize", _read_non_negative, 14)
    """Font size in pixels."""
    font_family: str = _field("fontFamily", _read_string, "Roboto")
    """Font family name."""
    font_style: str = _field("fontStyle", _one_of(FONT_STYLES), "normal")
    """``normal`` or ``italic``."""
    font_weight: str = _field("fontWeight", _read_font_weight, "normal")
    """``normal``, ``bold`` or a numeric weight such as ``"600"``."""
    text_decoration: str = _field("textDecoration", _read_string, "")
    """Space-separated ``underline`` and/or ``line-through``, or empty."""
    fill: str = _field("fill", _read_string, "black")
    """Text colour."""
    align: str = _field("align", _one_of(ALIGNS), "left")
    """Horizontal alignment of each line."""
    vertical_align: str = _field("verticalAlign", _one_of(VERTICAL_ALIGNS), "top")
    """Vertical alignment of the lines inside the box."""
    stroke_width: float = _field("strokeWidth", _read_non_negative, 0)
    """Outline width in pixels (0: none)."""
    stroke: str = _field("stroke", _read_string, "black")
    """Outline colour."""
    line_height: LineHeight = _field("lineHeight", _read_line_height, 1.2)
    """Line height: a multiple of the font size, ``"auto"`` or a percentage."""
    letter_spacing: float = _field("letterSpacing", _read_number, 0)
    """Extra space after each character, as a fraction of the font size."""
    background_enabled: bool = _field("backgroundEnabled", _read_bool, False)
    """Whether a box is drawn behind the text."""
    background_color: str = _field("backgroundColor", _read_string, "#7ED321")
    """Colour of that box."""
    background_opacity: float = _field("backgroundOpacity", _read_unit_interval, 1)
    """Opacity of that box."""
    background_corner_radius: float = _field("backgroundCornerRadius", _read_non_negative, 0.5)
    """Corner radius of that box, as a fraction of the font size."""
    background_padding: float = _field("backgroundPadding", _read_non_negative, 0.5)
    """Padding of that box, as a fraction of the font size."""
    text_overflow: str | None = _field(
        "textOverflow", _one_of(("change-font-size", "resize", "ellipsis", "fit")), None
    )
    """What happens when the text is taller than the box; ``ellipsis`` cuts it."""


@attrs.frozen(kw_only=True)
class ImageElement(Element):
    """A raster image, cropped and scaled into its box."""

    src: str = _required("src", _read_string)
    """A ``data:`` URL or a storage reference the renderer's loader understands."""
    crop_x: float = _field("cropX", _read_unit_interval, 0)
    """Left edge of the visible part, as a fraction of the source width."""
    crop_y: float = _field("cropY", _read_unit_interval, 0)
    """Top edge of the visible part, as a fraction of the source height."""
    crop_width: float = _field("cropWidth", _read_unit_interval, 1)
    """Width of the visible part, as a fraction of the source width."""
    crop_height: float = _field("cropHeight", _read_unit_interval, 1)
    """Height of the visible part, as a fraction of the source height."""
    corner_radius: float = _field("cornerRadius", _read_non_negative, 0)
    """Rounded corners, in pixels."""
    flip_x: bool = _field("flipX", _read_bool, False)
    """Mirrored left to right."""
    flip_y: bool = _field("flipY", _read_bool, False)
    """Mirrored top to bottom."""
    clip_src: str = _field("clipSrc", _read_string, "")
    """An SVG mask the image is clipped to (empty: none)."""
    border_color: str = _field("borderColor", _read_string, "black")
    """Border colour."""
    border_size: float = _field("borderSize", _read_non_negative, 0)
    """Border width in pixels (0: none)."""
    keep_ratio: bool = _field("keepRatio", _read_bool, False)
    """Editor: resizing keeps the aspect ratio."""


@attrs.frozen(kw_only=True)
class SvgElement(Element):
    """A vector graphic, whose colours may be replaced."""

    src: str = _required("src", _read_string)
    """A ``data:`` URL or a storage reference of the SVG file."""
    mask_src: str = _field("maskSrc", _read_string, "")
    """An SVG mask (empty: none)."""
    colors_replace: Mapping[str, str] = _field(
        "colorsReplace", _read_string_map, attrs.Factory(dict)
    )
    """Colour replacements: original colour → new colour."""
    crop_x: float = _field("cropX", _read_unit_interval, 0)
    """Left edge of the visible part, as a fraction."""
    crop_y: float = _field("cropY", _read_unit_interval, 0)
    """Top edge of the visible part, as a fraction."""
    crop_width: float = _field("cropWidth", _read_unit_interval, 1)
    """Width of the visible part, as a fraction."""
    crop_height: float = _field("cropHeight", _read_unit_interval, 1)
    """Height of the visible part, as a fraction."""
    corner_radius: float = _field("cornerRadius", _read_non_negative, 0)
    """Rounded corners, in pixels."""
    flip_x: bool = _field("flipX", _read_bool, False)
    """Mirrored left to right."""
    flip_y: bool = _field("flipY", _read_bool, False)
    """Mirrored top to bottom."""
    border_color: str = _field("borderColor", _read_string, "black")
    """Border colour."""
    border_size: float = _field("borderSize", _read_non_negative, 0)
    """Border width in pixels."""
    keep_ratio: bool = _field("keepRatio", _read_bool, True)
    """Editor: resizing keeps the aspect ratio."""


FIGURE_TYPES = (
    "rect",
    "circle",
    "star",
    "triangle",
    "rightTriangle",
    "diamond",
    "pentagon",
    "hexagon",
    "octagon",
)
"""Figure sub-types the renderer draws; others are kept and skipped with a warning."""


@attrs.frozen(kw_only=True)
class FigureElement(Element):
    """A geometric shape filling its box; the stroke sits inside the shape."""

    sub_type: str = _field("subType", _read_string, "rect")
    """The shape (see :data:`FIGURE_TYPES`)."""
    fill: str = _field("fill", _read_string, "rgb(0, 161, 255)")
    """Fill colour."""
    stroke: str = _field("stroke", _read_string, "#0c0c0c")
    """Stroke colour."""
    stroke_width: float = _field("strokeWidth", _read_non_negative, 0)
    """Stroke width in pixels (0: none)."""
    corner_radius: float = _field("cornerRadius", _read_non_negative, 0)
    """Rounded corners, in pixels."""
    dash: tuple[float, ...] = _field("dash", _read_number_list, ())
    """Dash pattern of the stroke (empty: solid)."""


@attrs.frozen(kw_only=True)
class LineElement(Element):
    """A straight line from the left middle to the right middle of its box."""

    color: str = _field("color", _read_string, "black")
    """Line colour."""
    dash: tuple[float, ...] = _field("dash", _read_number_list, ())
    """Dash pattern, in multiples of the line width (empty: solid)."""
    start_head: str = _field("startHead", _read_string, "")
    """Marker at the start: ``arrow``, ``triangle``, ``circle``, ``square``, ``bar`` or empty."""
    end_head: str = _field("endHead", _read_string, "")
    """Marker at the end (same values)."""


@attrs.frozen(kw_only=True)
class GroupElement(Element):
    """Elements moved together; the group's opacity multiplies each child's."""

    children: tuple[AnyElement, ...] = attrs.field(default=(), metadata={"json": "children"})
    """The grouped elements, bottom first."""


@attrs.frozen(kw_only=True)
class OpaqueElement:
    """An element of a type this model does not know, kept exactly as it came."""

    type: str
    """Its ``type``."""
    id: str
    """Its ``id`` (empty when it had none)."""
    raw: Mapping[str, Json]
    """The JSON object, unchanged."""


AnyElement: TypeAlias = (
    TextElement
    | ImageElement
    | SvgElement
    | FigureElement
    | LineElement
    | GroupElement
    | OpaqueElement
)

ELEMENT_TYPES: dict[str, type[Element]] = {
    "text": TextElement,
    "image": ImageElement,
    "svg": SvgElement,
    "figure": FigureElement,
    "line": LineElement,
    "group": GroupElement,
}
"""The element types this model knows, by ``type``."""


# ----------------------------------------------------------------------------- pages


@attrs.frozen(kw_only=True)
class FontSpec:
    """A font the document brings (``fonts[]``): a family and where its files are."""

    font_family: str = _required("fontFamily", _read_string)
    """The family name elements use."""
    url: str = _field("url", _read_string, "")
    """A stylesheet or font file URL (empty when ``styles`` lists the files)."""
    styles: Json = _field("styles", _read_any, None)
    """Per-style sources, kept as is."""
    extra: Mapping[str, Json] = attrs.field(factory=dict)
    """Keys this model does not know."""


@attrs.frozen(kw_only=True)
class Page:
    """One page: a background and the elements on it, bottom first."""

    id: str = _required("id", _read_string)
    """Identifier, unique in the document."""
    background: str = _field("background", _read_string, "white")
    """A CSS colour, a ``linear-gradient(...)``, or an image URL."""
    bleed: float = _field("bleed", _read_non_negative, 0)
    """Print bleed in pixels around the page."""
    width: Size = _field("width", _read_size, "auto")
    """Page width in pixels, or ``"auto"`` for the document's."""
    height: Size = _field("height", _read_size, "auto")
    """Page height in pixels, or ``"auto"`` for the document's."""
    duration: float | None = _field("duration", _read_non_negative, None)
    """Duration for animated exports, in milliseconds."""
    custom: Json = _field("custom", _read_any, None)
    """Application data, kept as is."""
    children: tuple[AnyElement, ...] = attrs.field(default=(), metadata={"json": "children"})
    """The elements, bottom first."""
    extra: Mapping[str, Json] = attrs.field(factory=dict)
    """Keys this model does not know."""


@attrs.frozen(kw_only=True)
class Document:
    """A whole design: its default page size, its fonts and its pages."""

    width: float = _required("width", _read_size)
    """Default page width in pixels."""
    height: float = _required("height", _read_size)
    """Default page height in pixels."""
    fonts: tuple[FontSpec, ...] = attrs.field(default=(), metadata={"json": "fonts"})
    """Fonts the document brings besides the bundled ones."""
    pages: tuple[Page, ...] = attrs.field(default=(), metadata={"json": "pages"})
    """The pages, in order."""
    unit: str = _field("unit", _one_of(UNITS), "px")
    """The unit the editor shows (values are stored in pixels)."""
    dpi: float = _field("dpi", _read_non_negative, 72)
    """Pixels per inch: the physical page size is ``width / dpi`` inches."""
    schema_version: int = _field("schemaVersion", _read_number, SCHEMA_VERSION)
    """Version of the format (always :data:`SCHEMA_VERSION` once parsed)."""
    custom: Json = _field("custom", _read_any, None)
    """Application data, kept as is."""
    audios: Json = _field("audios", _read_any, None)
    """Audio tracks, kept as is."""
    extra: Mapping[str, Json] = attrs.field(factory=dict)
    """Keys this model does not know."""

    def page_size(self, page: Page) -> tuple[float, float]:
        """Width and height of ``page`` in pixels, resolving ``"auto"``."""
        width = self.width if page.width == "auto" else page.width
        height = self.height if page.height == "auto" else page.height
        return float(width), float(height)

    def to_json(self) -> dict[str, Json]:
        """The document as a JSON object, ready for ``json.dumps``."""
        return _object_to_json(self)


# ----------------------------------------------------------------------------- schema


def _object_schema(cls: type[Any], **nested: dict[str, Json]) -> dict[str, Json]:
    """The JSON Schema of one object the model reads into ``cls``: its fields' rules (a field
    whose default is ``None`` may also be null), the required ones, any other key allowed
    (kept for the round trip), and the ``nested`` properties given."""
    specs, _, _ = _field_specs(cls)
    properties: dict[str, Json] = {}
    required: list[Json] = []
    for json_name, _name, read, is_required, null_is_default in specs:
        rule = _READER_SCHEMAS[read]
        nullable = null_is_default and rule  # an empty rule takes null already
        properties[json_name] = {"oneOf": [rule, {"type": "null"}]} if nullable else rule
        if is_required:
            required.append(json_name)
    properties.update(nested)
    schema: dict[str, Json] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def json_schema() -> dict[str, Json]:
    """The design document as JSON Schema (2020-12): what :func:`parse_document` accepts, with
    the limits a stored design keeps (:func:`designcore.domain.designs.check_document`: sides
    of 1 to :data:`MAX_SIDE_PX` px, the document's and each page's, :data:`MAX_ELEMENTS_PER_PAGE` elements on a page). Elements,
    pages and fonts are under ``$defs``; an element of a type the model does not know is kept
    as it is. Not stated: elements inside groups count towards a page's
    :data:`MAX_ELEMENTS_PER_PAGE`, and the whole document is at most
    :data:`MAX_DOCUMENT_BYTES` bytes."""
    element = {"$ref": "#/$defs/Element"}
    children = {"type": "array", "items": element}
    known: list[Json] = []
    for kind, cls in ELEMENT_TYPES.items():
        nested: dict[str, Json] = {"type": {"const": kind}}
        if cls is GroupElement:
            nested["children"] = children
        known.append(_object_schema(cls, **nested))
    opaque: dict[str, Json] = {
        "type": "object",
        "properties": {
            "type": {"type": "string", "minLength": 1, "not": {"enum": list(ELEMENT_TYPES)}}
        },
    }
    page_children: dict[str, Json] = {**children, "maxItems": MAX_ELEMENTS_PER_PAGE}
    document = _object_schema(
        Document,
        width=_SIDE,
        height=_SIDE,
        schemaVersion={"type": "integer", "minimum": 0, "maximum": SCHEMA_VERSION},
        fonts={"type": "array", "items": {"$ref": "#/$defs/Font"}},
        pages={"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/Page"}},
    )
    document["required"] = ["width", "height", "pages"]
    document["$defs"] = {
        "Element": {"type": "object", "required": ["type"], "oneOf": [*known, opaque]},
        "Page": _object_schema(Page, children=page_children),
        "Font": _object_schema(FontSpec),
    }
    return document


# ----------------------------------------------------------------------------- reading


_NESTED = frozenset({"type", "children", "fonts", "pages", "extra"})


_FieldSpecs: TypeAlias = tuple[
    tuple[tuple[str, str, Reader, bool, bool], ...], frozenset[str], bool
]
_SPECS: dict[type[Any], _FieldSpecs] = {}


def _field_specs(cls: type[Any]) -> _FieldSpecs:
    """What :func:`_read_fields` needs of ``cls``, worked out once per class: per JSON field
    ``(json name, attribute, reader, required, null means default)`` in field order, every
    JSON name the class knows, and whether it keeps unknown keys in ``extra``."""
    found = _SPECS.get(cls)
    if found is None:
        found = _SPECS[cls] = _work_out_specs(cls)
    return found


def _work_out_specs(cls: type[Any]) -> _FieldSpecs:
    specs = []
    known = set()
    for field in attrs.fields(cls):
        json_name = field.metadata.get("json")
        if json_name is None:
            continue
        known.add(json_name)
        if field.name in _NESTED:
            continue
        specs.append(
            (
                json_name,
                field.name,
                field.metadata["read"],
                bool(field.metadata.get("required")),
                field.default is None,
            )
        )
    has_extra = any(field.name == "extra" for field in attrs.fields(cls))
    return tuple(specs), frozenset(known), has_extra


def _read_fields(
    cls: type[Any], raw: Mapping[str, Json], path: str, issues: _Issues
) -> dict[str, Any]:
    """The keyword arguments of ``cls`` read from ``raw`` (unknown keys go to ``extra``)."""
    values: dict[str, Any] = {}
    specs, known, has_extra = _field_specs(cls)
    for json_name, name, read, required, null_is_default in specs:
        if json_name not in raw:
            if required:
                issues.add(f"{path}.{json_name}" if path else json_name, "is required")
            continue
        given = raw[json_name]
        if given is None and null_is_default:
            continue
        value = read(given, f"{path}.{json_name}" if path else json_name, issues)
        if value is not None:
            values[name] = value
    if has_extra:
        values["extra"] = {key: value for key, value in raw.items() if key not in known}
    return values


def _read_element(raw: object, path: str, issues: _Issues) -> AnyElement | None:
    if not isinstance(raw, dict):
        issues.add(path, f"expected an element object, got {_describe(raw)}")
        return None
    kind = raw.get("type")
    if not isinstance(kind, str) or not kind:
        issues.add(f"{path}.type", f"expected an element type string, got {_describe(kind)}")
        return None
    cls = ELEMENT_TYPES.get(kind)
    if cls is None:
        ident = raw.get("id")
        return OpaqueElement(type=kind, id=ident if isinstance(ident, str) else "", raw=dict(raw))
    before = len(issues.found)
    values = _read_fields(cls, raw, path, issues)
    values["type"] = kind
    if cls is GroupElement:
        values["children"] = _read_children(raw.get("children", []), f"{path}.children", issues)
    if len(issues.found) > before:
        return None
    return cls(**values)  # type: ignore[return-value]


def _read_children(raw: object, path: str, issues: _Issues) -> tuple[AnyElement, ...]:
    if not isinstance(raw, list):
        issues.add(path, f"expected a list of elements, got {_describe(raw)}")
        return ()
    children = []
    for index, item in enumerate(raw):
        element = _read_element(item, f"{path}[{index}]", issues)
        if element is not None:
            children.append(element)
    return tuple(children)


def _read_page(raw: object, path: str, issues: _Issues) -> Page | None:
    if not isinstance(raw, dict):
        issues.add(path, f"expected a page object, got {_describe(raw)}")
        return None
    before = len(issues.found)
    values = _read_fields(Page, raw, path, issues)
    values["children"] = _read_children(raw.get("children", []), f"{path}.children", issues)
    if len(issues.found) > before:
        return None
    return Page(**values)


def _read_font(raw: object, path: str, issues: _Issues) -> FontSpec | None:
    if not isinstance(raw, dict):
        issues.add(path, f"expected a font object, got {_describe(raw)}")
        return None
    before = len(issues.found)
    values = _read_fields(FontSpec, raw, path, issues)
    return None if len(issues.found) > before else FontSpec(**values)


def migrate(raw: Mapping[str, Json]) -> dict[str, Json]:
    """``raw`` brought to :data:`SCHEMA_VERSION` (a copy; ``raw`` is untouched).

    Documents without ``schemaVersion`` are version 0, as the format's reference editor reads
    them (``docs/text-layout.md`` section 9). Steps, in order:

    - 0 to 1: letter spacing was stored in pixels; every text element's ``letterSpacing``
      becomes ``letterSpacing / fontSize`` (a fraction of the font size; ``fontSize`` defaults
      to 14 when absent, and a text of size 0 keeps its value);
    - every version below 4: a page without ``width``/``height`` gets ``"auto"`` (the old
      implicit meaning), and an element's ``locked: true`` (replaced by the finer editor flags)
      becomes ``draggable``, ``resizable``, ``removable``, ``contentEditable`` and
      ``styleEditable`` set to ``false``; ``locked: false`` is dropped;
    - then ``schemaVersion`` is set to 4.

    Raises :class:`ValidationFailed` when the version is not a whole number or is newer than
    this model.
    """
    version = raw.get("schemaVersion", 0)
    if not _is_number(version) or not float(version).is_integer() or version < 0:
        raise ValidationFailed(
            [FieldIssue("schemaVersion", f"expected a whole number, got {_describe(version)}")]
        )
    if version > SCHEMA_VERSION:
        raise ValidationFailed(
            [
                FieldIssue(
                    "schemaVersion",
                    f"version {int(version)} is newer than the supported {SCHEMA_VERSION}",
                )
            ]
        )
    # Older versions are changed in place: on a deep copy. A current one is only read (by
    # parse_document), so a shallow copy keeps ``raw`` untouched at no cost.
    document = json.loads(json.dumps(raw)) if version < SCHEMA_VERSION else dict(raw)
    if version < SCHEMA_VERSION:
        for page in document.get("pages", []) if isinstance(document.get("pages"), list) else []:
            if isinstance(page, dict):
                page.setdefault("width", "auto")
                page.setdefault("height", "auto")
                for element in _walk_raw(page.get("children")):
                    if version < 1:
                        _migrate_letter_spacing(element)
                    _migrate_locked(element)
    document["schemaVersion"] = SCHEMA_VERSION
    return dict(document)


_TEXT_DEFAULT_SIZE = 14
"""The font size of a text element that does not state one (the model's default)."""


def _walk_raw(children: object) -> Iterator[dict[str, Json]]:
    if not isinstance(children, list):
        return
    for child in children:
        if isinstance(child, dict):
            yield child
            yield from _walk_raw(child.get("children"))


def _migrate_letter_spacing(element: dict[str, Json]) -> None:
    """Version 0 stored a text's letter spacing in pixels; now it is a share of the size."""
    if element.get("type") != "text":
        return
    spacing = element.get("letterSpacing")
    size = element.get("fontSize", _TEXT_DEFAULT_SIZE)
    if _is_number(spacing) and _is_number(size) and size > 0:
        share = spacing / size
        if math.isfinite(share):  # a text too small to divide by keeps its value
            element["letterSpacing"] = share


def _migrate_locked(element: dict[str, Json]) -> None:
    if "locked" not in element:
        return
    locked = element.pop("locked")
    if locked is True:
        for flag in ("draggable", "resizable", "removable", "contentEditable", "styleEditable"):
            element[flag] = False


def parse_document(raw: object) -> Document:
    """A :class:`Document` from a decoded JSON object, migrated to the current version.

    Raises :class:`ValidationFailed` listing every problem found (each with its JSON path),
    and :class:`LimitExceeded` when a page holds more than :data:`MAX_ELEMENTS_PER_PAGE`
    elements.
    """
    if not isinstance(raw, dict):
        raise ValidationFailed([FieldIssue("", f"expected a JSON object, got {_describe(raw)}")])
    data = migrate(raw)
    issues = _Issues()
    values = _read_fields(Document, data, "", issues)
    fonts_raw = data.get("fonts", [])
    fonts: list[FontSpec] = []
    if isinstance(fonts_raw, list):
        for index, item in enumerate(fonts_raw):
            font = _read_font(item, f"fonts[{index}]", issues)
            if font is not None:
                fonts.append(font)
    else:
        issues.add("fonts", f"expected a list of fonts, got {_describe(fonts_raw)}")
    pages_raw = data.get("pages")
    pages: list[Page] = []
    if not isinstance(pages_raw, list) or not pages_raw:
        issues.add("pages", f"expected a non-empty list of pages, got {_describe(pages_raw)}")
    else:
        for index, item in enumerate(pages_raw):
            page = _read_page(item, f"pages[{index}]", issues)
            if page is not None:
                pages.append(page)
    if values.get("width") == "auto" or values.get("height") == "auto":
        issues.add("width", "the document's width and height must be numbers")
    if issues.found:
        raise ValidationFailed(issues.found)
    values.update(fonts=tuple(fonts), pages=tuple(pages), schema_version=SCHEMA_VERSION)
    document = Document(**values)
    _check_element_counts(document)
    return document


def load_document(text: str | bytes) -> Document:
    """A :class:`Document` from JSON text, refusing more than :data:`MAX_DOCUMENT_BYTES`."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_DOCUMENT_BYTES:
        raise LimitExceeded(
            [
                FieldIssue(
                    "",
                    f"the document is {size:,} bytes; at most {MAX_DOCUMENT_BYTES:,} are accepted",
                )
            ]
        )
    try:
        raw = json.loads(text)
    except ValueError as error:
        raise ValidationFailed([FieldIssue("", f"not valid JSON: {error}")]) from error
    return parse_document(raw)


def count_elements(children: Sequence[AnyElement]) -> int:
    """How many elements ``children`` holds, counting inside groups (a group counts too)."""
    total = 0
    for child in children:
        total += 1
        if isinstance(child, GroupElement):
            total += count_elements(child.children)
    return total


def _check_element_counts(document: Document) -> None:
    issues = [
        FieldIssue(
            f"pages[{index}].children",
            f"the page holds {count} elements; at most {MAX_ELEMENTS_PER_PAGE} are allowed",
        )
        for index, page in enumerate(document.pages)
        if (count := count_elements(page.children)) > MAX_ELEMENTS_PER_PAGE
    ]
    if issues:
        raise LimitExceeded(issues)


def export_scale(
    document: Document, *, pixel_ratio: float = 1.0, dpi: float | None = None
) -> float:
    """Output pixels per document pixel: ``pixel_ratio``, or ``dpi / document.dpi`` if given."""
    if dpi is not None:
        if not (_is_number(dpi) and dpi > 0):
            raise ValidationFailed([FieldIssue("dpi", f"expected a DPI above 0, got {dpi!r}")])
        return float(dpi) / float(document.dpi or 72)
    if not (_is_number(pixel_ratio) and pixel_ratio > 0):
        raise ValidationFailed(
            [FieldIssue("pixel_ratio", f"expected a ratio above 0, got {pixel_ratio!r}")]
        )
    return float(pixel_ratio)


def check_export_size(document: Document, scale: float) -> None:
    """Raise :class:`LimitExceeded` if a page, drawn ``scale`` times larger, would be more
    than :data:`MAX_SIDE_PX` on a side or :data:`MAX_PAGE_PIXELS` in area."""
    issues: list[FieldIssue] = []
    for index, page in enumerate(document.pages):
        width, height = document.page_size(page)
        out_w, out_h = math.ceil(width * scale), math.ceil(height * scale)
        if max(out_w, out_h) > MAX_SIDE_PX:
            issues.append(
                FieldIssue(
                    f"pages[{index}]",
                    f"the export would be {out_w}x{out_h} px; at most {MAX_SIDE_PX:,} px on a side",
                )
            )
        elif out_w * out_h > MAX_PAGE_PIXELS:
            issues.append(
                FieldIssue(
                    f"pages[{index}]",
                    f"the export would be {out_w * out_h / 1e6:.1f} MP; at most "
                    f"{MAX_PAGE_PIXELS / 1e6:.0f} MP per page",
                )
            )
    if issues:
        raise LimitExceeded(issues)


# ----------------------------------------------------------------------------- writing


def _object_to_json(obj: Any) -> dict[str, Json]:
    if isinstance(obj, OpaqueElement):
        return dict(obj.raw)
    out: dict[str, Json] = {}
    for field in attrs.fields(type(obj)):
        json_name = field.metadata.get("json")
        if json_name is None:
            continue
        value = getattr(obj, field.name)
        if field.name in {"children", "pages", "fonts"}:
            out[json_name] = [_object_to_json(item) for item in value]
        elif value is None and field.default is None:
            continue
        elif isinstance(value, tuple):
            out[json_name] = list(value)
        elif isinstance(value, Mapping):
            out[json_name] = dict(value)
        else:
            out[json_name] = value
    out.update(getattr(obj, "extra", {}))
    return out


def iter_elements(children: Sequence[AnyElement]) -> Iterator[AnyElement]:
    """Every element of ``children``, groups before their children, depth first."""
    for child in children:
        yield child
        if isinstance(child, GroupElement):
            yield from iter_elements(child.children)

"""A stop-gap PNG preview renderer for Polotno JSON documents, built on Pillow alone.

It draws page 0 of a document (the public Polotno store JSON: ``width``, ``height`` and
``pages[].children[]``) at a requested pixel width, keeping the aspect ratio. It does no I/O
and no network access: only ``data:`` image sources are drawn. The real renderer (skia, with
the bundled font families) replaces it in a later issue; until then these limits apply:

- Every ``fontFamily`` is drawn with Pillow's built-in scalable font (Aileron, from
  ``ImageFont.load_default(size=...)``), so script and condensed families look alike. Bold is
  faked with a thin stroke in the fill colour (also for heavy display families such as Anton,
  Bebas Neue and Oswald); ``fontStyle`` (italic) and ``textDecoration`` are ignored.
- The built-in font covers little beyond ASCII, so missing characters are approximated: the
  naira sign is drawn as ``N`` with two bars, dashes become hyphens and the bullet a middle
  dot, and a letter with a diacritic (Yoruba ``Ẹ``, ``ọ́``, Igbo ``ụ``, even ``é``) falls back
  to its decomposed base letter plus whichever combining marks the font has (none, today).
  Any other missing glyph renders as the font's box.
- Text follows Polotno's defaults for overflow: words are never split, so the font shrinks
  until the longest word fits the element width, and it shrinks until the wrapped text fits
  the element height (unless ``textOverflow`` is ``resize`` or ``ellipsis``).
- Figures: ``rect`` (with ``cornerRadius``), ``circle`` (an ellipse filling its box), ``star``
  (five points), ``triangle``, ``rightTriangle``, ``diamond``, ``pentagon``, ``hexagon`` and
  ``octagon``; other sub-types are skipped. ``dash`` on figures is ignored.
- Rotation is honoured for figures, lines, text and images (degrees, clockwise, about the
  element's top-left corner, as in Polotno). Shapes are drawn without anti-aliasing on a canvas
  ``supersample`` times larger and then downscaled, which smooths their edges.
- ``svg``, ``video``, ``gif``, ``group`` and unknown element types, shadows, blur and colour
  filters, image ``clipSrc`` masks, and page backgrounds that are not colours are skipped
  (an unreadable background becomes white).

A document that is not a mapping, has no pages, or has a page or element of the wrong shape
raises ``ValueError`` with a message naming the problem.
"""

from __future__ import annotations

import base64
import binascii
import functools
import io
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

MAX_WIDTH = 4096
"""Largest preview width accepted, in pixels."""

MAX_HEIGHT = 16384
"""Largest preview height a document's aspect ratio may produce, in pixels."""

_MAX_DOCUMENT_SIDE = 100_000.0
"""Largest page side accepted, in document pixels."""

_MAX_CANVAS_COORD = 1_000_000.0
"""Elements reaching further than this from the canvas, in canvas pixels, are skipped."""

_MAX_DATA_URL_BYTES = 8 * 1024 * 1024
_MAX_IMAGE_PIXELS = 4096 * 4096
_DEFAULT_FONT_SIZE = 14.0
_DEFAULT_LINE_HEIGHT = 1.2
_MIN_FONT_PX = 4.0
_FIT_STEP = 0.92
_FIT_ATTEMPTS = 48
_NAIRA = "\u20a6"
_NAIRA_SENTINEL = "\uf8ff"
_PROBE_SIZE = 48
_BOLD_WEIGHTS = frozenset({"bold", "bolder", "600", "700", "800", "900"})
_HEAVY_FAMILIES = frozenset({"anton", "bebas neue", "oswald", "archivo black", "black ops one"})
"""Display families whose regular weight is already heavy; drawn with the fake bold."""
_STAND_INS = {"\u2014": "-", "\u2013": "-", "\u2022": "\u00b7", "\u00d7": "x", "\u2212": "-"}
"""Punctuation the built-in font lacks, mapped to the nearest character it has."""

_RGBA = tuple[int, int, int, int]
_Point = tuple[float, float]

_FUNCTIONAL_COLOUR = re.compile(
    r"^rgba?\(\s*([-\d.]+%?)\s*,\s*([-\d.]+%?)\s*,\s*([-\d.]+%?)\s*(?:,\s*([-\d.]+%?)\s*)?\)$"
)


class PillowPreviewRenderer:
    """Rasterises page 0 of a Polotno JSON document into a PNG with Pillow only."""

    def __init__(self, *, supersample: int = 2) -> None:
        """Draw on a canvas ``supersample`` times the output size (1 to 4) for smoother edges."""
        if isinstance(supersample, bool) or not isinstance(supersample, int):
            raise ValueError(f"supersample must be an integer from 1 to 4, got {supersample!r}")
        if not 1 <= supersample <= 4:
            raise ValueError(f"supersample must be an integer from 1 to 4, got {supersample}")
        self._supersample = supersample

    def render_png(self, document: Mapping[str, Any], *, width: int = 800) -> bytes:
        """PNG bytes of the first page, ``width`` pixels wide with the page's aspect ratio.

        Raises ``ValueError`` when ``width`` is out of range or the document cannot be read.
        """
        if isinstance(width, bool) or not isinstance(width, int) or not 1 <= width <= MAX_WIDTH:
            raise ValueError(f"width must be an integer from 1 to {MAX_WIDTH}, got {width!r}")
        page = _read_page(document)
        out_height = max(1, round(page.height * width / page.width))
        if out_height > MAX_HEIGHT:
            raise ValueError(
                f"the page is {page.width:g}x{page.height:g}; at width {width} the preview would be "
                f"{out_height} pixels tall, more than {MAX_HEIGHT}"
            )
        factor = self._supersample
        scale = width * factor / page.width
        canvas = Image.new("RGBA", (width * factor, out_height * factor), page.background)
        for index, element in enumerate(page.children):
            _draw_element(canvas, element, index, scale)
        image = canvas.convert("RGB")
        if factor > 1:
            # BOX averages each factor-by-factor block: exact for an integer supersample and
            # several times faster than LANCZOS.
            image = image.resize((width, out_height), Image.Resampling.BOX)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=3)
        return buffer.getvalue()


class _Page:
    """The parts of page 0 the renderer needs."""

    def __init__(
        self, width: float, height: float, background: _RGBA, children: Sequence[object]
    ) -> None:
        self.width = width
        self.height = height
        self.background = background
        self.children = children


def _read_page(document: object) -> _Page:
    if not isinstance(document, Mapping):
        raise ValueError(
            f"the document must be a JSON object (a mapping), got {type(document).__name__}"
        )
    pages = document.get("pages")
    if not _is_list(pages) or not pages:
        raise ValueError("the document must have a non-empty 'pages' list")
    page = pages[0]
    if not isinstance(page, Mapping):
        raise ValueError(f"pages[0] must be a JSON object, got {type(page).__name__}")
    width = _page_side(page, document, "width")
    height = _page_side(page, document, "height")
    children = page.get("children", [])
    if children is None:
        children = []
    if not _is_list(children):
        raise ValueError(f"pages[0].children must be a list, got {type(children).__name__}")
    background = _parse_colour(page.get("background", "white"))
    if background is None:
        background = (255, 255, 255, 255)
    elif background[3] < 255:
        background = _over_white(background)
    return _Page(width, height, background, children)


def _page_side(page: Mapping[str, Any], document: Mapping[str, Any], key: str) -> float:
    value = page.get(key, "auto")
    where = f"pages[0].{key}"
    if value is None or value == "auto":
        value = document.get(key)
        where = f"the document's {key}"
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{where} must be a positive number, got {value!r}")
    number = float(value)
    if not math.isfinite(number) or not 0 < number <= _MAX_DOCUMENT_SIDE:
        raise ValueError(
            f"{where} must be a number from 1 to {_MAX_DOCUMENT_SIDE:g}, got {value!r}"
        )
    return number


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray)


# ---------------------------------------------------------------------------- colours


def _parse_colour(value: object) -> _RGBA | None:
    """The RGBA of a CSS colour string; ``None`` when it is not one."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    if text in {"", "none"}:
        return None
    if text == "transparent":
        return (0, 0, 0, 0)
    match = _FUNCTIONAL_COLOUR.match(text)
    if match is not None:
        try:
            channels = [_channel(part) for part in match.groups()[:3]]
            alpha_text = match.group(4)
            alpha = 255 if alpha_text is None else _alpha(alpha_text)
        except ValueError:
            return None
        return (channels[0], channels[1], channels[2], alpha)
    try:
        parsed = ImageColor.getrgb(text)
    except ValueError:
        return None
    if len(parsed) == 4:
        return (parsed[0], parsed[1], parsed[2], parsed[3])
    return (parsed[0], parsed[1], parsed[2], 255)


def _channel(text: str) -> int:
    number = float(text[:-1]) * 2.55 if text.endswith("%") else float(text)
    return max(0, min(255, round(number)))


def _alpha(text: str) -> int:
    number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    return max(0, min(255, round(number * 255)))


def _over_white(colour: _RGBA) -> _RGBA:
    alpha = colour[3] / 255
    red, green, blue = (round(c * alpha + 255 * (1 - alpha)) for c in colour[:3])
    return (red, green, blue, 255)


# --------------------------------------------------------------------------- elements


class _Box:
    """An element's geometry in document pixels plus its common drawing attributes."""

    def __init__(self, element: Mapping[str, Any], label: str) -> None:
        self.x = _number(element, "x", 0.0, label)
        self.y = _number(element, "y", 0.0, label)
        self.width = max(0.0, _number(element, "width", 0.0, label))
        self.height = max(0.0, _number(element, "height", 0.0, label))
        self.rotation = _number(element, "rotation", 0.0, label)
        self.opacity = max(0.0, min(1.0, _number(element, "opacity", 1.0, label)))


def _number(element: Mapping[str, Any], key: str, default: float, label: str) -> float:
    value = element.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{label}: '{key}' must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{label}: '{key}' must be a finite number, got {value!r}")
    return number


def _draw_element(canvas: Image.Image, element: object, index: int, scale: float) -> None:
    if not isinstance(element, Mapping):
        raise ValueError(
            f"pages[0].children[{index}] must be a JSON object, got {type(element).__name__}"
        )
    label = f"pages[0].children[{index}] ({element.get('id', 'no id')!s})"
    if element.get("visible", True) is False or element.get("showInExport", True) is False:
        return
    box = _Box(element, label)
    if box.opacity <= 0 or not _within_reach(box, scale):
        return
    kind = element.get("type")
    if kind == "figure":
        _draw_figure(canvas, element, box, scale)
    elif kind == "line":
        _draw_line_element(canvas, element, box, scale)
    elif kind == "text":
        _draw_text(canvas, element, box, scale, label)
    elif kind == "image":
        _draw_image(canvas, element, box, scale)
    # svg, video, gif, group and unknown types are skipped (see the module docstring).


def _within_reach(box: _Box, scale: float) -> bool:
    extent = max(abs(box.x), abs(box.y)) + box.width + box.height
    return extent * scale <= _MAX_CANVAS_COORD


# ---------------------------------------------------------------------------- shapes


def _figure_outline(sub_type: object, width: float, height: float, radius: float) -> list[_Point]:
    """The outline of a figure in element-local document pixels; empty for unknown sub-types."""
    if sub_type == "rect":
        return _rounded_rect(width, height, radius)
    if sub_type == "circle":
        return _ellipse(width, height, 96)
    if sub_type == "star":
        return _star(width, height, 5, 0.45)
    if sub_type == "triangle":
        return [(width / 2, 0.0), (width, height), (0.0, height)]
    if sub_type == "rightTriangle":
        return [(0.0, 0.0), (width, height), (0.0, height)]
    if sub_type == "diamond":
        return [(width / 2, 0.0), (width, height / 2), (width / 2, height), (0.0, height / 2)]
    sides = {"pentagon": 5, "hexagon": 6, "octagon": 8}.get(str(sub_type))
    if sides is not None:
        return _regular_polygon(width, height, sides)
    return []


def _rounded_rect(width: float, height: float, radius: float) -> list[_Point]:
    radius = max(0.0, min(radius, width / 2, height / 2))
    if radius <= 0:
        return [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
    steps = 12
    corners = (
        (width - radius, radius, -90.0),
        (width - radius, height - radius, 0.0),
        (radius, height - radius, 90.0),
        (radius, radius, 180.0),
    )
    points: list[_Point] = []
    for centre_x, centre_y, start in corners:
        for step in range(steps + 1):
            angle = math.radians(start + 90.0 * step / steps)
            points.append(
                (centre_x + radius * math.cos(angle), centre_y + radius * math.sin(angle))
            )
    return points


def _ellipse(width: float, height: float, steps: int) -> list[_Point]:
    return [
        (
            width / 2 + width / 2 * math.cos(2 * math.pi * step / steps),
            height / 2 + height / 2 * math.sin(2 * math.pi * step / steps),
        )
        for step in range(steps)
    ]


def _star(width: float, height: float, points: int, inner: float) -> list[_Point]:
    outline: list[_Point] = []
    for step in range(points * 2):
        angle = -math.pi / 2 + math.pi * step / points
        ratio = 1.0 if step % 2 == 0 else inner
        outline.append(
            (
                width / 2 + width / 2 * ratio * math.cos(angle),
                height / 2 + height / 2 * ratio * math.sin(angle),
            )
        )
    return outline


def _regular_polygon(width: float, height: float, sides: int) -> list[_Point]:
    return [
        (
            width / 2 + width / 2 * math.cos(-math.pi / 2 + 2 * math.pi * step / sides),
            height / 2 + height / 2 * math.sin(-math.pi / 2 + 2 * math.pi * step / sides),
        )
        for step in range(sides)
    ]


def _to_canvas(points: Sequence[_Point], box: _Box, scale: float) -> list[_Point]:
    """Rotate local points about the element's top-left corner, place and scale them."""
    theta = math.radians(box.rotation)
    cos, sin = math.cos(theta), math.sin(theta)
    return [
        ((box.x + px * cos - py * sin) * scale, (box.y + px * sin + py * cos) * scale)
        for px, py in points
    ]


def _paint_polygons(
    canvas: Image.Image,
    polygons: Sequence[Sequence[_Point]],
    *,
    fill: _RGBA | None,
    stroke: _RGBA | None,
    stroke_px: float,
    opacity: float,
) -> None:
    """Fill and outline polygons given in canvas pixels on a layer, then composite it."""
    polygons = [polygon for polygon in polygons if len(polygon) >= 3]
    if not polygons:
        return
    has_fill = fill is not None and fill[3] > 0
    has_stroke = stroke is not None and stroke[3] > 0 and stroke_px > 0
    if not (has_fill or has_stroke):
        return
    margin = (stroke_px / 2 if has_stroke else 0.0) + 2
    xs = [x for polygon in polygons for x, _ in polygon]
    ys = [y for polygon in polygons for _, y in polygon]
    left = max(0, math.floor(min(xs) - margin))
    top = max(0, math.floor(min(ys) - margin))
    right = min(canvas.width, math.ceil(max(xs) + margin))
    bottom = min(canvas.height, math.ceil(max(ys) + margin))
    if right <= left or bottom <= top:
        return
    layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for polygon in polygons:
        shifted = [(x - left, y - top) for x, y in polygon]
        if has_fill:
            draw.polygon(shifted, fill=fill)
        if has_stroke:
            draw.line(
                [*shifted, shifted[0]], fill=stroke, width=max(1, round(stroke_px)), joint="curve"
            )
    _composite(canvas, _with_opacity(layer, opacity), left, top)


def _draw_figure(canvas: Image.Image, element: Mapping[str, Any], box: _Box, scale: float) -> None:
    label = f"figure {element.get('id', '')!s}"
    radius = _number(element, "cornerRadius", 0.0, label)
    outline = _figure_outline(element.get("subType", "rect"), box.width, box.height, radius)
    if not outline:
        return
    stroke_width = max(0.0, _number(element, "strokeWidth", 0.0, label))
    _paint_polygons(
        canvas,
        [_to_canvas(outline, box, scale)],
        fill=_parse_colour(element.get("fill", "black")),
        stroke=_parse_colour(element.get("stroke", "black")),
        stroke_px=stroke_width * scale,
        opacity=box.opacity,
    )


def _draw_line_element(
    canvas: Image.Image, element: Mapping[str, Any], box: _Box, scale: float
) -> None:
    """A Polotno line runs along its width from (x, y); its height is the stroke thickness."""
    thickness = max(box.height, 1.0 / scale)
    dash = element.get("dash")
    segments: list[tuple[float, float]] = [(0.0, box.width)]
    if _is_list(dash) and dash and all(_is_positive_number(part) for part in dash):
        segments = _dash_segments(box.width, [float(part) * thickness for part in dash])
    polygons = [
        _to_canvas([(start, 0.0), (end, 0.0), (end, thickness), (start, thickness)], box, scale)
        for start, end in segments
    ]
    _paint_polygons(
        canvas,
        polygons,
        fill=_parse_colour(element.get("color", "black")),
        stroke=None,
        stroke_px=0.0,
        opacity=box.opacity,
    )


def _is_positive_number(value: object) -> bool:
    return (
        not isinstance(value, bool)
        and isinstance(value, int | float)
        and math.isfinite(value)
        and value > 0
    )


def _dash_segments(length: float, pattern: Sequence[float]) -> list[tuple[float, float]]:
    segments: list[tuple[float, float]] = []
    position, index = 0.0, 0
    while position < length and len(segments) < 2000:
        step = pattern[index % len(pattern)]
        if index % 2 == 0:
            segments.append((position, min(length, position + step)))
        position += step
        index += 1
    return segments


# ------------------------------------------------------------------------------ text


@functools.lru_cache(maxsize=256)
def _font(size: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.load_default(size=size)
    if not isinstance(font, ImageFont.FreeTypeFont):  # pragma: no cover - needs FreeType
        raise RuntimeError("Pillow was built without FreeType; the preview renderer needs it")
    return font


def _glyph_print(character: str) -> bytes:
    font = _font(_PROBE_SIZE)
    probe = Image.new("L", (_PROBE_SIZE * 2, _PROBE_SIZE * 2), 0)
    ImageDraw.Draw(probe).text((_PROBE_SIZE // 2, _PROBE_SIZE // 2), character, font=font, fill=255)
    return probe.tobytes()


@functools.lru_cache(maxsize=1)
def _missing_glyph_print() -> bytes:
    return _glyph_print("\ue000")


@functools.lru_cache(maxsize=4096)
def _has_glyph(character: str) -> bool:
    """Whether the built-in font draws ``character`` as something other than its box."""
    if unicodedata.category(character)[0] in {"Z", "C"} and character != "\ue000":
        return True
    return _glyph_print(character) != _missing_glyph_print()


def _displayable(text: str) -> str:
    """Replace characters the built-in font lacks by the best stand-ins it has.

    The naira sign becomes a sentinel drawn as a barred ``N``; dashes, the bullet and the
    multiplication sign get ASCII-like stand-ins; a letter with diacritics falls
    back to its decomposition minus the marks the font lacks; a lone combining mark the font
    lacks is dropped.
    """
    out: list[str] = []
    for character in text:
        if character == _NAIRA and not _has_glyph(character):
            out.append(_NAIRA_SENTINEL)
        elif character == _NAIRA_SENTINEL or _has_glyph(character):
            out.append(character)
        elif character in _STAND_INS:
            out.append(_STAND_INS[character])
        else:
            kept = [part for part in unicodedata.normalize("NFD", character) if _has_glyph(part)]
            if kept:
                out.extend(kept)
            elif not unicodedata.category(character).startswith("M"):
                out.append(character)  # no stand-in: the font's box is drawn
    return "".join(out)


def _plain(text: str) -> str:
    return text.replace(_NAIRA_SENTINEL, "N")


def _measure(font: ImageFont.FreeTypeFont, text: str, spacing: float) -> float:
    return font.getlength(_plain(text)) + spacing * len(text)


def _wrap(
    text: str, font: ImageFont.FreeTypeFont, width: float, spacing: float
) -> tuple[list[str], bool]:
    """Word-wrap ``text`` into ``width``; the flag says whether every word fits on its own."""
    lines: list[str] = []
    words_fit = True
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if word and _measure(font, word, spacing) > width:
                words_fit = False
            candidate = word if not line else f"{line} {word}"
            if not line or _measure(font, candidate, spacing) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines, words_fit


def _is_heavy_family(family: object) -> bool:
    return isinstance(family, str) and family.strip().lower() in _HEAVY_FAMILIES


def _is_bold(weight: object) -> bool:
    if isinstance(weight, int | float) and not isinstance(weight, bool):
        return weight >= 600
    return str(weight).strip().lower() in _BOLD_WEIGHTS


def _draw_text(
    canvas: Image.Image, element: Mapping[str, Any], box: _Box, scale: float, label: str
) -> None:
    text = element.get("text", "")
    if not isinstance(text, str):
        raise ValueError(f"{label}: 'text' must be a string, got {type(text).__name__}")
    if not text.strip() or box.width <= 0:
        return
    font_size = _number(element, "fontSize", _DEFAULT_FONT_SIZE, label)
    line_height = _number(element, "lineHeight", _DEFAULT_LINE_HEIGHT, label)
    letter_spacing = _number(element, "letterSpacing", 0.0, label)
    if font_size <= 0:
        return
    line_height = line_height if line_height > 0 else _DEFAULT_LINE_HEIGHT
    fill = _parse_colour(element.get("fill", "black")) or (0, 0, 0, 255)
    stroke = _parse_colour(element.get("stroke", "black"))
    stroke_width = max(0.0, _number(element, "strokeWidth", 0.0, label))
    shrink_to_height = element.get("textOverflow") not in {"resize", "ellipsis"} and box.height > 0

    content = _displayable(text)
    box_width = box.width * scale
    box_height = box.height * scale
    size_px = font_size * scale
    lines: list[str] = []
    font = _font(max(1, round(size_px)))
    for _ in range(_FIT_ATTEMPTS):
        font = _font(max(1, round(size_px)))
        lines, words_fit = _wrap(content, font, box_width, letter_spacing * size_px)
        too_tall = shrink_to_height and len(lines) * size_px * line_height > box_height + 1
        if (words_fit and not too_tall) or size_px * _FIT_STEP < _MIN_FONT_PX:
            break
        size_px *= _FIT_STEP

    line_px = size_px * line_height
    spacing = letter_spacing * size_px
    heavy = _is_bold(element.get("fontWeight")) or _is_heavy_family(element.get("fontFamily"))
    bold_px = max(1, round(size_px * 0.03)) if heavy else 0
    outline_px = round(stroke_width * scale) if stroke is not None and stroke[3] > 0 else 0
    text_height = line_px * len(lines)
    frame_height = max(box_height, text_height)
    offset_y = 0.0
    vertical = element.get("verticalAlign", "top")
    if vertical == "middle":
        offset_y = (box_height - text_height) / 2 if box_height > text_height else 0.0
    elif vertical == "bottom":
        offset_y = box_height - text_height if box_height > text_height else 0.0

    pad = math.ceil(size_px * 0.5) + bold_px + outline_px + 2
    layer_width = min(math.ceil(box_width) + 2 * pad, canvas.width * 3 + 2 * pad)
    layer_height = min(math.ceil(frame_height) + 2 * pad, canvas.height * 3 + 2 * pad)
    layer = Image.new("RGBA", (layer_width, layer_height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    align = element.get("align", "left")
    for number, line in enumerate(lines):
        line_width = _measure(font, line, spacing)
        if align == "center":
            start_x = (box_width - line_width) / 2
        elif align == "right":
            start_x = box_width - line_width
        else:
            start_x = 0.0
        middle_y = pad + offset_y + number * line_px + line_px / 2
        if middle_y - line_px > layer_height:
            break
        if outline_px > 0 and stroke is not None:
            _draw_line_of_text(
                draw, pad + start_x, middle_y, line, font, stroke, spacing, outline_px + bold_px
            )
        _draw_line_of_text(draw, pad + start_x, middle_y, line, font, fill, spacing, bold_px)
    _place_layer(canvas, _with_opacity(layer, box.opacity), (pad, pad), box, scale)


def _draw_line_of_text(
    draw: ImageDraw.ImageDraw,
    x: float,
    middle_y: float,
    line: str,
    font: ImageFont.FreeTypeFont,
    colour: _RGBA,
    spacing: float,
    stroke_px: int,
) -> None:
    stroke_fill = colour if stroke_px > 0 else None
    if spacing == 0:
        draw.text(
            (x, middle_y),
            _plain(line),
            font=font,
            fill=colour,
            anchor="lm",
            stroke_width=stroke_px,
            stroke_fill=stroke_fill,
        )
    else:
        cursor = x
        for character in _plain(line):
            draw.text(
                (cursor, middle_y),
                character,
                font=font,
                fill=colour,
                anchor="lm",
                stroke_width=stroke_px,
                stroke_fill=stroke_fill,
            )
            cursor += font.getlength(character) + spacing
    for index, character in enumerate(line):
        if character != _NAIRA_SENTINEL:
            continue
        glyph_x = x + _measure(font, line[:index], spacing)
        left, top, right, bottom = draw.textbbox((glyph_x, middle_y), "N", font=font, anchor="lm")
        overhang = (right - left) * 0.08
        bar = max(1.0, font.size * 0.055)
        for level in (0.38, 0.62):
            bar_y = top + (bottom - top) * level
            draw.rectangle(
                (left - overhang, bar_y - bar / 2, right + overhang, bar_y + bar / 2), fill=colour
            )


# ----------------------------------------------------------------------------- images


def _decode_data_url(source: object) -> Image.Image | None:
    if not isinstance(source, str) or not source.startswith("data:") or "," not in source:
        return None
    header, payload = source[5:].split(",", 1)
    if not header.endswith(";base64") or len(payload) > _MAX_DATA_URL_BYTES:
        return None
    try:
        raw = base64.b64decode(payload, validate=True)
        image = Image.open(io.BytesIO(raw))
        if image.width * image.height > _MAX_IMAGE_PIXELS:
            return None
        return image.convert("RGBA")
    except (binascii.Error, OSError, ValueError, Image.DecompressionBombError):
        return None


def _draw_image(canvas: Image.Image, element: Mapping[str, Any], box: _Box, scale: float) -> None:
    """Draw a ``data:`` image source into its box; other sources are skipped (no network)."""
    source = _decode_data_url(element.get("src"))
    target_width = round(box.width * scale)
    target_height = round(box.height * scale)
    if source is None or target_width < 1 or target_height < 1:
        return
    if target_width > canvas.width * 3 or target_height > canvas.height * 3:
        return
    label = f"image {element.get('id', '')!s}"
    crop_x = min(max(_number(element, "cropX", 0.0, label), 0.0), 1.0)
    crop_y = min(max(_number(element, "cropY", 0.0, label), 0.0), 1.0)
    crop_width = min(max(_number(element, "cropWidth", 1.0, label), 0.0), 1.0 - crop_x)
    crop_height = min(max(_number(element, "cropHeight", 1.0, label), 0.0), 1.0 - crop_y)
    if crop_width <= 0 or crop_height <= 0:
        return
    cropped = source.crop(
        (
            round(crop_x * source.width),
            round(crop_y * source.height),
            max(round((crop_x + crop_width) * source.width), round(crop_x * source.width) + 1),
            max(round((crop_y + crop_height) * source.height), round(crop_y * source.height) + 1),
        )
    )
    picture = cropped.resize((target_width, target_height), Image.Resampling.BICUBIC)
    if element.get("flipX") is True:
        picture = picture.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    if element.get("flipY") is True:
        picture = picture.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    radius = _number(element, "cornerRadius", 0.0, label) * scale
    if radius > 0:
        mask = Image.new("L", picture.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(
            (0, 0, target_width - 1, target_height - 1), radius=round(radius), fill=255
        )
        alpha = Image.new("L", picture.size, 0)
        alpha.paste(picture.getchannel("A"), mask=mask)
        picture.putalpha(alpha)
    _place_layer(canvas, _with_opacity(picture, box.opacity), (0, 0), box, scale)


# ------------------------------------------------------------------------- compositing


def _with_opacity(layer: Image.Image, opacity: float) -> Image.Image:
    if opacity >= 1:
        return layer
    table = [round(value * opacity) for value in range(256)]
    layer.putalpha(layer.getchannel("A").point(table))
    return layer


def _place_layer(
    canvas: Image.Image, layer: Image.Image, anchor: tuple[int, int], box: _Box, scale: float
) -> None:
    """Composite ``layer`` so that its ``anchor`` pixel lands on the element's top-left corner,
    rotated about that corner by the element's rotation."""
    pivot_x, pivot_y = box.x * scale, box.y * scale
    if box.rotation % 360 == 0:
        _composite(canvas, layer, round(pivot_x - anchor[0]), round(pivot_y - anchor[1]))
        return
    theta = math.radians(box.rotation)
    cos, sin = math.cos(theta), math.sin(theta)
    corners = [(0, 0), (layer.width, 0), (layer.width, layer.height), (0, layer.height)]
    placed = [
        (
            pivot_x + (u - anchor[0]) * cos - (v - anchor[1]) * sin,
            pivot_y + (u - anchor[0]) * sin + (v - anchor[1]) * cos,
        )
        for u, v in corners
    ]
    left = max(0, math.floor(min(x for x, _ in placed)))
    top = max(0, math.floor(min(y for _, y in placed)))
    right = min(canvas.width, math.ceil(max(x for x, _ in placed)))
    bottom = min(canvas.height, math.ceil(max(y for _, y in placed)))
    if right <= left or bottom <= top:
        return
    # Inverse map: each output pixel (ox, oy) samples the layer at (a*ox + b*oy + c, d*ox + e*oy + f).
    dx, dy = left - pivot_x, top - pivot_y
    coefficients = (
        cos,
        sin,
        anchor[0] + dx * cos + dy * sin,
        -sin,
        cos,
        anchor[1] - dx * sin + dy * cos,
    )
    rotated = layer.transform(
        (right - left, bottom - top),
        Image.Transform.AFFINE,
        coefficients,
        resample=Image.Resampling.BICUBIC,
    )
    _composite(canvas, rotated, left, top)


def _composite(canvas: Image.Image, layer: Image.Image, left: int, top: int) -> None:
    """Alpha-composite ``layer`` at (left, top), clipped to the canvas."""
    clip_left, clip_top = max(left, 0), max(top, 0)
    clip_right = min(left + layer.width, canvas.width)
    clip_bottom = min(top + layer.height, canvas.height)
    if clip_right <= clip_left or clip_bottom <= clip_top:
        return
    piece = layer.crop((clip_left - left, clip_top - top, clip_right - left, clip_bottom - top))
    canvas.alpha_composite(piece, (clip_left, clip_top))

"""CSS colours and linear gradients as skia values."""

from __future__ import annotations

import colorsys
import math
import re

import attrs
import skia

_NAMED: dict[str, tuple[int, int, int]] = {
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "green": (0, 128, 0),
    "lime": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 255, 0),
    "cyan": (0, 255, 255),
    "aqua": (0, 255, 255),
    "magenta": (255, 0, 255),
    "fuchsia": (255, 0, 255),
    "grey": (128, 128, 128),
    "gray": (128, 128, 128),
    "lightgrey": (211, 211, 211),
    "lightgray": (211, 211, 211),
    "darkgrey": (169, 169, 169),
    "darkgray": (169, 169, 169),
    "silver": (192, 192, 192),
    "maroon": (128, 0, 0),
    "navy": (0, 0, 128),
    "olive": (128, 128, 0),
    "purple": (128, 0, 128),
    "teal": (0, 128, 128),
    "orange": (255, 165, 0),
    "pink": (255, 192, 203),
    "gold": (255, 215, 0),
    "brown": (165, 42, 42),
    "coral": (255, 127, 80),
    "crimson": (220, 20, 60),
    "indigo": (75, 0, 130),
    "violet": (238, 130, 238),
    "beige": (245, 245, 220),
    "ivory": (255, 255, 240),
    "khaki": (240, 230, 140),
    "salmon": (250, 128, 114),
    "tomato": (255, 99, 71),
    "turquoise": (64, 224, 208),
    "skyblue": (135, 206, 235),
}
"""The CSS named colours designs commonly use."""

_FUNCTION = re.compile(r"^(rgba?|hsla?)\(\s*([^)]*)\)$")


def parse_color(text: str) -> tuple[int, int, int, float] | None:
    """``(r, g, b, alpha)`` of a CSS colour (hex, ``rgb[a]()``, ``hsl[a]()``, a common name
    or ``transparent``), or ``None`` when it is not one."""
    value = text.strip().lower()
    if value == "transparent":
        return (0, 0, 0, 0.0)
    if value in _NAMED:
        return (*_NAMED[value], 1.0)
    if value.startswith("#"):
        return _parse_hex(value[1:])
    match = _FUNCTION.match(value)
    if match is None:
        return None
    parts = [part for part in re.split(r"[\s,/]+", match.group(2)) if part]
    if len(parts) not in (3, 4):
        return None
    try:
        alpha = _alpha(parts[3]) if len(parts) == 4 else 1.0
        if match.group(1).startswith("rgb"):
            r, g, b = (_channel(part) for part in parts[:3])
            return (r, g, b, alpha)
        hue = float(parts[0].removesuffix("deg")) % 360 / 360
        saturation = float(parts[1].rstrip("%")) / 100
        lightness = float(parts[2].rstrip("%")) / 100
    except ValueError:
        return None
    red, green, blue = colorsys.hls_to_rgb(hue, _clamp(lightness), _clamp(saturation))
    return (round(red * 255), round(green * 255), round(blue * 255), alpha)


def _clamp(value: float, top: float = 1.0) -> float:
    return min(max(value, 0.0), top)


def _channel(part: str) -> int:
    if part.endswith("%"):
        return round(_clamp(float(part[:-1]) / 100) * 255)
    return round(_clamp(float(part), 255.0))


def _alpha(part: str) -> float:
    if part.endswith("%"):
        return _clamp(float(part[:-1]) / 100)
    return _clamp(float(part))


def _parse_hex(digits: str) -> tuple[int, int, int, float] | None:
    if not re.fullmatch(r"[0-9a-f]+", digits):
        return None
    if len(digits) in (3, 4):
        digits = "".join(char * 2 for char in digits)
    if len(digits) == 6:
        digits += "ff"
    if len(digits) != 8:
        return None
    r, g, b, a = (int(digits[i : i + 2], 16) for i in range(0, 8, 2))
    return (r, g, b, a / 255)


def to_skia(text: str, opacity: float = 1.0, default: int = skia.ColorBLACK) -> int:
    """A skia colour for a CSS colour, its alpha multiplied by ``opacity``; ``default`` when
    the text is not a colour."""
    parsed = parse_color(text)
    if parsed is None:
        return int(skia.ColorSetA(default, round(skia.ColorGetA(default) * _clamp(opacity))))
    r, g, b, alpha = parsed
    return int(skia.ColorSetARGB(round(_clamp(alpha * opacity) * 255), r, g, b))


def normalise(text: str) -> str | None:
    """A colour as ``#rrggbbaa``, to compare colours written differently."""
    parsed = parse_color(text)
    if parsed is None:
        return None
    r, g, b, alpha = parsed
    return f"#{r:02x}{g:02x}{b:02x}{round(alpha * 255):02x}"


@attrs.frozen
class LinearGradient:
    """A CSS ``linear-gradient``: an angle and colour stops."""

    angle: float
    """Direction in CSS degrees (0: towards the top, 90: towards the right)."""
    stops: tuple[tuple[float, int], ...]
    """(position from 0 to 1, skia colour) pairs."""

    def shader(self, width: float, height: float) -> skia.Shader:
        """The gradient filling a ``width`` x ``height`` box, as CSS draws it."""
        radians = math.radians(self.angle)
        dx, dy = math.sin(radians), -math.cos(radians)
        half = (abs(width * dx) + abs(height * dy)) / 2
        cx, cy = width / 2, height / 2
        start = skia.Point(cx - dx * half, cy - dy * half)
        end = skia.Point(cx + dx * half, cy + dy * half)
        return skia.GradientShader.MakeLinear(
            [start, end], [color for _, color in self.stops], [pos for pos, _ in self.stops]
        )


_DIRECTIONS = {
    "to top": 0.0,
    "to right": 90.0,
    "to bottom": 180.0,
    "to left": 270.0,
    "to top right": 45.0,
    "to right top": 45.0,
    "to bottom right": 135.0,
    "to right bottom": 135.0,
    "to bottom left": 225.0,
    "to left bottom": 225.0,
    "to top left": 315.0,
    "to left top": 315.0,
}


def _split_top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return parts


def parse_linear_gradient(text: str) -> LinearGradient | None:
    """A :class:`LinearGradient` from ``linear-gradient(...)``, or ``None``."""
    value = text.strip()
    if not value.lower().startswith("linear-gradient(") or not value.endswith(")"):
        return None
    parts = _split_top_level(value[len("linear-gradient(") : -1])
    angle = 180.0
    first = parts[0].lower()
    if first.endswith("deg"):
        try:
            angle = float(first[:-3])
        except ValueError:
            return None
        parts = parts[1:]
    elif first in _DIRECTIONS:
        angle = _DIRECTIONS[first]
        parts = parts[1:]
    raw: list[tuple[float | None, int]] = []
    for part in parts:
        pieces = part.rsplit(" ", 1)
        position: float | None = None
        colour_text = part
        if len(pieces) == 2 and pieces[1].endswith("%"):
            try:
                position = float(pieces[1][:-1]) / 100
                colour_text = pieces[0]
            except ValueError:
                position = None
        if parse_color(colour_text) is None:
            return None
        raw.append((position, to_skia(colour_text)))
    if len(raw) < 2:
        return None
    stops: list[tuple[float, int]] = []
    for index, (position, colour) in enumerate(raw):
        if position is None:
            position = index / (len(raw) - 1)
        stops.append((_clamp(position), colour))
    return LinearGradient(angle=angle, stops=tuple(stops))

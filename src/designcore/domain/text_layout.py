"""Text layout: how a text element's words fall into lines, and where each line is drawn.

The web editor draws text on a Konva canvas, so the download must break lines exactly where
the browser does. :func:`layout_text` implements the contract of ``docs/text-layout.md``
(which the editor implements too), written afresh:

- The text is split into paragraphs at ``\\n``. A paragraph that fits the box width is one
  line. Otherwise the longest prefix that fits is found by bisection; with ``wrap="word"``
  (the default) the cut moves back to just after the last space or hyphen in that prefix (or
  stays when the next character is a space or hyphen), and when the prefix has neither the
  word is cut between characters. ``wrap="char"`` always cuts between characters. Trailing
  spaces of a line and leading spaces of the next are dropped.
- ``wrap="none"`` keeps each paragraph on one line, cut at the box width.
- With ``fixed_height`` the lines stop once one more would overflow the box height; with
  ``ellipsis`` the last line kept ends in ``…`` (three characters give way when it would not
  fit).
- If not even one character fits the width, the rest of that paragraph is dropped (as Konva
  does).
- Letter spacing is stored as a fraction of the font size (the Polotno convention) and added
  after every character of a line, the last one included, when measuring: a line's width,
  used for wrapping and for alignment, is its advance plus ``spacing x characters``, so a
  centred spaced line sits half a spacing left of its ink's centre and a right-aligned one
  ends a whole spacing before the edge, as in the reference editor. Characters are the user-
  perceived ones: a letter and its combining marks (``ọ́``), or an emoji sequence, are never
  split across lines.
- ``line_height`` is a multiple of the font size, ``"auto"`` (the font's own ascent + descent
  + line gap) or a percentage such as ``"120%"``. Each line box is that tall and the glyphs sit
  in its middle (CSS half-leading): the baseline is ``line_height / 2 + (ascent - descent) / 2``
  below the top of the line box.
- The box is re-fitted to its lines, as the format's reference editor does when it loads a
  document: it is exactly as tall as its lines whatever ``height`` is stored, so vertical
  alignment has nothing to move. Only with ``fixed_height`` (``textOverflow: "ellipsis"``) is
  the stored ``height`` kept: lines past it are dropped and ``vertical_align`` places the
  others at the top, in the middle or at the bottom of it.

Measuring is the caller's: ``measure(text)`` answers the advance width of a string in pixels
at the element's font size, without letter spacing. The domain never touches a font file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import attrs

MeasureText = Callable[[str], float]
"""Advance width in pixels of a string drawn in the element's font, without letter spacing."""

Wrap = Literal["word", "char", "none"]
Align = Literal["left", "center", "right", "justify"]
VerticalAlign = Literal["top", "middle", "bottom"]

ELLIPSIS = "\u2026"
"""The character appended to a cut text."""

_BREAKS = (" ", "-")
_ZWJ = "\u200d"


@attrs.frozen
class FontMetrics:
    """Vertical metrics of the element's font at its size, in pixels."""

    ascent: float
    """Distance from the baseline up to the font's ascender line (positive)."""
    descent: float
    """Distance from the baseline down to the descender line (positive)."""
    line_gap: float = 0.0
    """Extra gap the font asks for between lines."""


@attrs.frozen
class TextLine:
    """One line as it is drawn, relative to the element's top-left corner."""

    text: str
    """The characters of the line."""
    width: float
    """Measured width, letter spacing included, in pixels."""
    x: float
    """Where the line starts horizontally."""
    top: float
    """Top of the line box."""
    baseline: float
    """Where the baseline lies vertically."""
    last_in_paragraph: bool
    """Whether the paragraph ends with this line (justified text leaves it ragged)."""
    space_extra: float = 0.0
    """Extra pixels added at each space when justified."""


@attrs.frozen
class TextLayout:
    """Lines and measures of one laid-out text."""

    lines: tuple[TextLine, ...]
    """The lines, top first."""
    line_height: float
    """Height of each line box, in pixels."""
    letter_spacing: float
    """Spacing added after each character, in pixels."""
    box_width: float
    """Width of the box the lines are aligned in."""
    box_height: float
    """Height of the box the lines are aligned in."""
    text_width: float
    """Width of the widest line."""

    @property
    def content_height(self) -> float:
        """Height of all the line boxes together."""
        return self.line_height * len(self.lines)


def split_clusters(text: str) -> list[str]:
    """``text`` as user-perceived characters: a base and its combining marks, variation
    selectors, skin-tone modifiers, zero-width-joined emoji and the two regional indicators of
    a flag stay together."""
    clusters: list[str] = []
    for char in text:
        if clusters and (
            _joins_previous(char)
            or clusters[-1].endswith(_ZWJ)
            or (_is_regional_indicator(char) and _lone_regional_indicator(clusters[-1]))
        ):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def _is_regional_indicator(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _lone_regional_indicator(cluster: str) -> bool:
    """Whether ``cluster`` is one regional indicator still waiting for its pair (a flag is
    two of them)."""
    return sum(map(_is_regional_indicator, cluster)) == 1 and _is_regional_indicator(cluster[0])


def _joins_previous(char: str) -> bool:
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or char == _ZWJ
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


def line_height_px(value: float | str, font_size: float, metrics: FontMetrics) -> float:
    """The line height in pixels for a stored ``lineHeight``.

    A number multiplies the font size; ``"auto"`` is the font's ascent + descent + line gap;
    ``"120%"`` is 1.2 times the font size. Anything unreadable counts as 1.2.
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value) * font_size
    if value == "auto":
        return metrics.ascent + metrics.descent + metrics.line_gap
    if isinstance(value, str) and value.endswith("%"):
        try:
            return float(value[:-1]) / 100 * font_size
        except ValueError:
            pass
    return 1.2 * font_size


def letter_spacing_px(fraction: float, font_size: float) -> float:
    """Letter spacing in pixels from the stored fraction of the font size."""
    return fraction * font_size


class _Measurer:
    """Widths of cluster sequences, letter spacing included."""

    def __init__(self, measure: MeasureText, spacing: float) -> None:
        self._measure = measure
        self._spacing = spacing

    def width(self, clusters: Sequence[str]) -> float:
        if not clusters:
            return 0.0
        return self._measure("".join(clusters)) + self._spacing * len(clusters)


def _strip_end(clusters: list[str]) -> list[str]:
    end = len(clusters)
    while end and clusters[end - 1].isspace():
        end -= 1
    return clusters[:end]


def _strip_start(clusters: list[str]) -> list[str]:
    start = 0
    while start < len(clusters) and clusters[start].isspace():
        start += 1
    return clusters[start:]


@attrs.define
class _Lines:
    """The lines found so far for one text."""

    measurer: _Measurer
    justify: bool
    items: list[tuple[list[str], float, bool]] = attrs.Factory(list)

    def add(self, clusters: list[str]) -> None:
        if self.justify:
            clusters = _strip_start(_strip_end(clusters))
        self.items.append((clusters, self.measurer.width(clusters), False))

    def end_paragraph(self) -> None:
        if self.items:
            clusters, width, _ = self.items[-1]
            self.items[-1] = (clusters, width, True)

    def add_ellipsis(self, max_width: float | None) -> None:
        if not self.items:
            return
        clusters, _, last = self.items.pop()
        if max_width is not None and self.measurer.width([*clusters, ELLIPSIS]) >= max_width:
            clusters = clusters[:-3] if len(clusters) > 3 else []
        self.add([*clusters, ELLIPSIS])
        if last:
            self.end_paragraph()


def layout_text(
    text: str,
    *,
    measure: MeasureText,
    font_size: float,
    metrics: FontMetrics,
    width: float | None,
    height: float | None = None,
    line_height: float | str = 1.2,
    letter_spacing: float = 0.0,
    wrap: Wrap = "word",
    ellipsis: bool = False,
    fixed_height: bool = False,
    align: Align = "left",
    vertical_align: VerticalAlign = "top",
    padding: float = 0.0,
) -> TextLayout:
    """Lay ``text`` out in a box ``width`` wide (``None``: as wide as its longest paragraph).

    ``height`` is the stored height: it only counts with ``fixed_height`` (otherwise the box is
    re-fitted to its lines, see the module documentation).

    See the module documentation for the rules; every length is in pixels except
    ``letter_spacing`` (a fraction of ``font_size``) and a numeric ``line_height`` (a multiple
    of it).
    """
    spacing = letter_spacing_px(letter_spacing, font_size)
    line_px = line_height_px(line_height, font_size, metrics)
    measurer = _Measurer(measure, spacing)
    fixed_width = width is not None
    max_width = (width - 2 * padding) if width is not None else None
    measured_height = height if height is not None and height > 0 else None
    clip = fixed_height and measured_height is not None
    max_height = (measured_height - 2 * padding) if measured_height is not None else 0.0
    should_wrap = wrap != "none"
    at_words = wrap == "word"
    extra = measurer.width([ELLIPSIS]) if ellipsis else 0.0

    lines = _Lines(measurer, justify=align == "justify")
    used = 0.0
    widest = 0.0

    def must_stop(after: float) -> bool:
        return not should_wrap or (clip and after + line_px > max_height)

    paragraphs = text.split("\n")
    for index, paragraph in enumerate(paragraphs):
        rest = split_clusters(paragraph)
        rest_width = measurer.width(rest)
        if max_width is not None and rest_width > max_width:
            while rest:
                fit, fit_width = _longest_fitting(rest, measurer, max_width, extra)
                if fit == 0:
                    break
                cut = fit
                if at_words:
                    following = rest[fit] if fit < len(rest) else ""
                    if following in _BREAKS and fit_width <= max_width:
                        cut = fit
                    else:
                        cut = _last_break(rest[:fit])
                        if cut == 0:
                            cut = fit
                    fit_width = measurer.width(rest[:cut])
                line = _strip_end(rest[:cut])
                lines.add(line)
                widest = max(widest, fit_width)
                used += line_px
                if must_stop(used):
                    if ellipsis:
                        lines.add_ellipsis(max_width if fixed_width else None)
                    break
                rest = _strip_start(rest[cut:])
                if rest:
                    rest_width = measurer.width(rest)
                    if rest_width <= max_width:
                        lines.add(rest)
                        used += line_px
                        widest = max(widest, rest_width)
                        break
        else:
            lines.add(rest)
            used += line_px
            widest = max(widest, rest_width)
            if must_stop(used) and index < len(paragraphs) - 1 and ellipsis:
                lines.add_ellipsis(max_width if fixed_width else None)
        lines.end_paragraph()
        if clip and used + line_px > max_height:
            break

    box_width = width if width is not None else widest + 2 * padding
    content = line_px * len(lines.items)
    fixed = measured_height if clip else None
    box_height = fixed if fixed is not None else content + 2 * padding
    if vertical_align == "middle":
        offset_y = (box_height - content - 2 * padding) / 2
    elif vertical_align == "bottom":
        offset_y = box_height - content - 2 * padding
    else:
        offset_y = 0.0
    baseline_in_line = line_px / 2 + (metrics.ascent - metrics.descent) / 2
    inner = box_width - 2 * padding

    placed: list[TextLine] = []
    for number, (clusters, line_width, last) in enumerate(lines.items):
        if align == "right":
            x = inner - line_width
        elif align == "center":
            x = (inner - line_width) / 2
        else:
            x = 0.0
        gap = 0.0
        spaces = sum(1 for cluster in clusters if cluster == " ")
        if align == "justify" and not last and spaces:
            gap = (inner - line_width) / spaces
        top = padding + offset_y + number * line_px
        placed.append(
            TextLine(
                text="".join(clusters),
                width=line_width,
                x=padding + x,
                top=top,
                baseline=top + baseline_in_line,
                last_in_paragraph=last,
                space_extra=gap,
            )
        )
    return TextLayout(
        lines=tuple(placed),
        line_height=line_px,
        letter_spacing=spacing,
        box_width=box_width,
        box_height=box_height,
        text_width=widest,
    )


def _longest_fitting(
    clusters: Sequence[str], measurer: _Measurer, max_width: float, extra: float
) -> tuple[int, float]:
    """How many leading clusters fit ``max_width`` (with ``extra`` reserved), and their width."""
    low, high = 0, len(clusters)
    best, best_width = 0, 0.0
    while low < high:
        middle = (low + high) // 2
        candidate = measurer.width(clusters[: middle + 1]) + extra
        if candidate <= max_width:
            low = middle + 1
            best, best_width = middle + 1, candidate
        else:
            high = middle
    return best, best_width


def _last_break(clusters: Sequence[str]) -> int:
    """Index just after the last space or hyphen of ``clusters`` (0 when there is none)."""
    for position in range(len(clusters) - 1, -1, -1):
        if clusters[position] in _BREAKS:
            return position + 1
    return 0


SMALLEST_SHARE = 0.4
"""A text set into a template never shrinks below this share of the template's font size."""

LineCount = Callable[[Mapping[str, Any], str, float], "int | None"]
"""How many lines a text takes set as a text element at a size; ``None`` when a word would be
cut (``TextFitter.line_count``)."""


def shrink_to_fit(size: float, fits: Callable[[float], bool]) -> float:
    """The largest size from ``size`` down to :data:`SMALLEST_SHARE` of it (in 3 % steps) at
    which ``fits`` holds; the smallest when none does."""
    floor = size * SMALLEST_SHARE
    current = size
    while not fits(current):
        if current <= floor:
            return floor
        current = max(floor, int(current * 0.97 * 10) / 10)
    return current


def fitted_font_size(element: Mapping[str, Any], text: str, line_count: LineCount) -> float:
    """The size at which ``text``, set in place of a template's text ``element``, keeps its
    words whole in no more lines than the element's own text takes (at least one): the rule the
    Logo Maker and design prompting fill templates by."""
    size = float(element.get("fontSize") or 0)
    original = str(element.get("text") or "")
    allowed = (line_count(element, original, size) or 1) if original else 1

    def fits(candidate: float) -> bool:
        lines = line_count(element, text, candidate)
        return lines is not None and lines <= allowed

    return shrink_to_fit(size, fits)

"""The drawing surface the seed layouts compose on.

A :class:`Canvas` holds one template's page format, palette, type pairing and sample texts, and
collects elements of the domain's document model (:mod:`designcore.domain.document`): shapes,
lines, photo slots and editable texts. Every text is fitted with the real text layout
(:class:`~designcore.app.seed.measure.TextMeasurer`): its size shrinks until no word is cut
between lines and, for fixed areas, until the lines fit the area; its box is then exactly as
tall as its lines (the editor and the renderer re-fit text boxes to their lines), placed at
the top, middle or bottom of its area by its ``y``. :class:`Flow` stacks blocks between two heights with even gaps. The finished
document is parsed back by :func:`~designcore.domain.document.parse_document`, so the model
validates every seed design.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from designcore.app.seed.copy import FieldCopy, FormatName
from designcore.app.seed.measure import TextMeasurer, keeps_words_whole
from designcore.app.seed.palettes import Palette, TypePairing
from designcore.app.seed.placeholder import Motif, placeholder_data_url
from designcore.domain.document import (
    Document,
    FigureElement,
    ImageElement,
    LineElement,
    Page,
    TextElement,
    parse_document,
)
from designcore.domain.templates import FieldRequirement
from designcore.domain.text_layout import Align, TextLayout

FORMATS: Mapping[FormatName, tuple[int, int]] = {
    "flyer": (1080, 1350),
    "square": (1080, 1080),
    "story": (1080, 1920),
    "logo": (1000, 1000),
}
"""Page width and height of each format."""

SMALLEST_SHARE = 0.5
"""A text never shrinks below this share of the size its layout asks for."""

VerticalAlign = Literal["top", "middle", "bottom"]


class LayoutError(ValueError):
    """A layout cannot place its texts (a sample too long for its box, a missing text)."""


@attrs.frozen
class Look:
    """How a text is set: family, size, colour and spacing."""

    family: str
    """A bundled font family."""
    size: float
    """Font size in pixels, before fitting."""
    fill: str
    """Text colour."""
    weight: str = "normal"
    """``normal`` or ``bold``."""
    style: str = "normal"
    """``normal`` or ``italic``."""
    align: Align = "center"
    """Horizontal alignment."""
    line_height: float = 1.2
    """Line height as a multiple of the size."""
    spacing: float = 0.0
    """Letter spacing as a fraction of the size."""

    def sized(self, size: float) -> Look:
        """The same look at another size."""
        return attrs.evolve(self, size=size)

    def aligned(self, align: Align) -> Look:
        """The same look aligned otherwise."""
        return attrs.evolve(self, align=align)


class Canvas:
    """One template's page being composed; layouts draw on it bottom layer first."""

    def __init__(
        self,
        slug: str,
        page_format: FormatName,
        *,
        palette: Palette,
        fonts: TypePairing,
        texts: Mapping[str, str],
        fields: Mapping[str, FieldCopy],
        measurer: TextMeasurer,
    ) -> None:
        self.slug = slug
        self.format: FormatName = page_format
        self.width, self.height = FORMATS[page_format]
        self.palette = palette
        self.fonts = fonts
        self._texts = dict(texts)
        self._fields = fields
        self._measurer = measurer
        self._children: list[Any] = []
        self._requirements: list[FieldRequirement] = []
        self._decorations = 0

    # ------------------------------------------------------------------------ questions

    def pick(self, flyer: float, square: float, story: float) -> float:
        """A measurement chosen by page format (logos count as square)."""
        if self.format == "flyer":
            return flyer
        if self.format == "story":
            return story
        return square

    def has(self, key: str) -> bool:
        """Whether the template has a sample text for ``key``."""
        return key in self._texts

    def __getitem__(self, key: str) -> str:
        try:
            return self._texts[key]
        except KeyError:
            raise LayoutError(f"{self.slug}: the layout needs a text for {key!r}") from None

    @property
    def used_keys(self) -> frozenset[str]:
        """The field keys placed so far."""
        return frozenset(requirement.key for requirement in self._requirements)

    # ------------------------------------------------------------------------ measuring

    def fits(self, text: str, look: Look, width: float, height: float | None = None) -> bool:
        """Whether ``text`` set in ``look`` keeps its words whole in ``width`` (and, when
        given, its lines fit ``height``)."""
        layout = self._layout(text, look, width)
        return keeps_words_whole(text, layout) and (
            height is None or layout.content_height <= height + 0.01
        )

    def fit(self, text: str, look: Look, width: float, height: float | None = None) -> Look:
        """``look`` at the largest size, down to :data:`SMALLEST_SHARE` of it, at which
        ``text`` fits (see :meth:`fits`); :class:`LayoutError` when none does."""
        size = look.size
        floor = look.size * SMALLEST_SHARE
        while not self.fits(text, look.sized(size), width, height):
            if size <= floor:
                box = f"{width:.0f} wide" if height is None else f"{width:.0f}x{height:.0f}"
                raise LayoutError(f"{self.slug}: {text!r} does not fit a box {box}")
            size = max(floor, math.floor(size * 0.97 * 10) / 10)
        return look.sized(size)

    def text_height(self, text: str, look: Look, width: float) -> float:
        """Height of the lines of ``text`` set in ``look`` in a box ``width`` wide."""
        return self._layout(text, look, width).content_height

    def line_width(self, text: str, look: Look) -> float:
        """Width of ``text`` on one line, letter spacing included."""
        return self._layout(text, look, None).text_width

    def _layout(self, text: str, look: Look, width: float | None) -> TextLayout:
        return self._measurer.layout(
            text,
            family=look.family,
            size=look.size,
            width=width if width is not None else math.inf,
            weight=look.weight,
            style=look.style,
            line_height=look.line_height,
            letter_spacing=look.spacing,
            align=look.align,
        )

    # ------------------------------------------------------------------------ elements

    def _common(
        self,
        element_id: str,
        name: str,
        box: tuple[float, float, float, float],
        rotation: float,
        opacity: float,
    ) -> dict[str, Any]:
        x, y, width, height = box
        return {
            "id": element_id,
            "name": name,
            "x": round(x, 2),
            "y": round(y, 2),
            "width": round(width, 2),
            "height": round(height, 2),
            "rotation": rotation,
            "opacity": opacity,
        }

    def _decoration_id(self, kind: str) -> str:
        self._decorations += 1
        return f"{self.slug}-{kind}-{self._decorations:02d}"

    def shape(
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
    ) -> None:
        """A figure (``rect``, ``circle``, ``star``, ``triangle``, ``diamond``, ``hexagon`` …);
        ``fill=None`` draws only the outline."""
        self._children.append(
            FigureElement(
                type="figure",
                **self._common(
                    self._decoration_id(sub_type),
                    f"{sub_type} shape",
                    (x, y, width, height),
                    rotation,
                    opacity,
                ),
                sub_type=sub_type,
                fill=fill if fill is not None else "rgba(0,0,0,0)",
                stroke=stroke or "#000000",
                stroke_width=stroke_width if stroke else 0,
                corner_radius=radius,
                dash=(),
            )
        )

    def rect(self, x: float, y: float, width: float, height: float, **style: Any) -> None:
        """A rectangle (``radius`` rounds its corners)."""
        self.shape("rect", x, y, width, height, **style)

    def circle(self, x: float, y: float, diameter: float, **style: Any) -> None:
        """A circle whose bounding box starts at (x, y)."""
        self.shape("circle", x, y, diameter, diameter, **style)

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
    ) -> None:
        """A straight rule from (x, y) rightwards (rotated clockwise by ``rotation``)."""
        self._children.append(
            LineElement(
                type="line",
                **self._common(
                    self._decoration_id("line"),
                    "rule",
                    (x, y, length, thickness),
                    rotation,
                    opacity,
                ),
                color=color,
                dash=(),
                start_head="",
                end_head="",
            )
        )

    def text(
        self,
        key: str,
        y: float,
        *,
        x: float,
        width: float,
        look: Look,
        height: float | None = None,
        vertical_align: VerticalAlign = "top",
        rotation: float = 0,
        stroke: str | None = None,
        stroke_width: float = 0,
    ) -> float:
        """The editable text of field ``key``, fitted to ``width`` (and to ``height`` when
        given); answers the height it takes (``height`` when given).

        The stored box is exactly as tall as the lines, as the editor and the renderer re-fit
        it (``docs/text-layout.md`` section 7); a text meant to sit in the middle or at the
        bottom of a ``height`` tall area is placed there by its ``y``.
        """
        value = self[key]
        fitted = self.fit(value, look, width, height)
        lines_height = self.text_height(value, fitted, width)
        if height is not None:
            room = height - lines_height
            down = {"top": 0.0, "middle": room / 2, "bottom": room}[vertical_align]
            # Down the box's own vertical axis: a box rotates about its top-left corner.
            theta = math.radians(rotation)
            x -= down * math.sin(theta)
            y += down * math.cos(theta)
        field = self._field(key)
        element_id = f"{self.slug}-{key}"
        self._children.append(
            TextElement(
                type="text",
                **self._common(element_id, field.label, (x, y, width, lines_height), rotation, 1.0),
                text=value,
                placeholder=field.label,
                font_size=fitted.size,
                font_family=fitted.family,
                font_style=fitted.style,
                font_weight=fitted.weight,
                text_decoration="",
                fill=fitted.fill,
                align=fitted.align,
                vertical_align=vertical_align,
                stroke_width=stroke_width if stroke else 0,
                stroke=stroke or "#000000",
                line_height=fitted.line_height,
                letter_spacing=fitted.spacing,
                background_enabled=False,
                background_color="#000000",
                background_opacity=1,
                background_corner_radius=0.5,
                background_padding=0.5,
            )
        )
        self._require(key, element_id, "text", field)
        return height if height is not None else lines_height

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
        motif: Motif = "none",
    ) -> None:
        """The photo slot of field ``key``: a placeholder the person replaces, cropped to the
        slot's aspect like ``cover``."""
        field = self._field(key)
        element_id = f"{self.slug}-{key}"
        crop_width = min(1.0, width / height)
        crop_height = min(1.0, height / width)
        self._children.append(
            ImageElement(
                type="image",
                **self._common(element_id, field.label, (x, y, width, height), 0, 1.0),
                src=placeholder_data_url(*colours, motif=motif),
                crop_x=round((1 - crop_width) / 2, 4),
                crop_y=round((1 - crop_height) / 2, 4),
                crop_width=round(crop_width, 4),
                crop_height=round(crop_height, 4),
                corner_radius=radius,
                keep_ratio=False,
            )
        )
        self._require(key, element_id, "image", field)

    def pill(
        self,
        key: str,
        y: float,
        *,
        width: float,
        height: float,
        fill: str,
        text_fill: str,
        size: float = 30,
        x: float | None = None,
    ) -> None:
        """A rounded button holding the text of ``key``, its left edge at ``x`` (centred on
        the page when ``None``)."""
        left = (self.width - width) / 2 if x is None else x
        self.rect(left, y, width, height, fill=fill, radius=height / 2)
        self.text(
            key,
            y,
            x=left + height * 0.4,
            width=width - height * 0.8,
            look=self._button_look(size, text_fill),
            height=height,
            vertical_align="middle",
        )

    def pill_width(self, key: str, size: float, *, padding: float, most: float) -> float:
        """The width of a button that hugs the text of ``key`` at ``size``, at most ``most``."""
        return min(
            most, self.line_width(self[key], self._button_look(size, "#000000")) + 2 * padding
        )

    def _button_look(self, size: float, fill: str) -> Look:
        return Look(self.fonts.body, size, fill, weight="bold", spacing=0.04, line_height=1.15)

    def _field(self, key: str) -> FieldCopy:
        field = self._fields.get(key)
        if field is None:
            raise LayoutError(f"{self.slug}: no field {key!r} in fields.json")
        return field

    def _require(
        self, key: str, element_id: str, kind: Literal["text", "image"], field: FieldCopy
    ) -> None:
        if key in self.used_keys:
            raise LayoutError(f"{self.slug}: field {key!r} placed twice")
        self._requirements.append(
            FieldRequirement(
                key=key,
                label=field.label,
                element_id=element_id,
                kind=kind,
                required=field.required,
                max_length=field.max_length if kind == "text" else None,
            )
        )

    # ------------------------------------------------------------------------ layout aids

    def shift_all(self, dy: float) -> None:
        """Move everything drawn so far down by ``dy`` (up when negative)."""
        self._children = [attrs.evolve(child, y=round(child.y + dy, 2)) for child in self._children]

    def vertical_extent(self) -> tuple[float, float]:
        """The top and bottom of everything drawn so far, rotations included."""
        tops: list[float] = []
        bottoms: list[float] = []
        for child in self._children:
            theta = math.radians(child.rotation)
            ys = [
                child.y + u * math.sin(theta) + v * math.cos(theta)
                for u in (0, child.width)
                for v in (0, child.height)
            ]
            tops.append(min(ys))
            bottoms.append(max(ys))
        return min(tops), max(bottoms)

    # ------------------------------------------------------------------------ result

    @property
    def requirements(self) -> tuple[FieldRequirement, ...]:
        """The field requirements of the texts and photo slots placed."""
        return tuple(self._requirements)

    def document(self) -> dict[str, Any]:
        """The page as Polotno JSON, validated by the document model."""
        document = Document(
            width=self.width,
            height=self.height,
            fonts=(),
            unit="px",
            dpi=72,
            pages=(
                Page(
                    id=f"{self.slug}-page-1",
                    background=self.palette.background,
                    bleed=0,
                    children=tuple(self._children),
                ),
            ),
        )
        raw = document.to_json()
        parse_document(raw)
        return raw


Draw = Callable[[float], None]
"""Draws a block whose top is at the given height."""


class Flow:
    """A vertical stack of blocks spread between two heights with even gaps.

    Texts are fitted to their width first; when the stack is taller than the room, every text
    shrinks by the same share (down to 60 %) until it fits. A stack that still does not fit is
    a :class:`LayoutError`.
    """

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._blocks: list[Callable[[float], tuple[float, Draw]]] = []

    def text(
        self, key: str, look: Look, *, x: float | None = None, width: float | None = None
    ) -> None:
        """The text of ``key`` (nothing when the template has none), ``x`` from the left edge
        (90 by default) and ``width`` wide (the page minus both margins by default)."""
        canvas = self._canvas
        if not canvas.has(key):
            return
        left = x if x is not None else 90.0
        box = width if width is not None else canvas.width - 2 * left
        fitted = canvas.fit(canvas[key], look, box)

        def make(scale: float) -> tuple[float, Draw]:
            scaled = fitted.sized(round(fitted.size * scale, 1))
            height = canvas.text_height(canvas[key], scaled, box)

            def draw(y: float) -> None:
                canvas.text(key, y, x=left, width=box, look=scaled)

            return height, draw

        self._blocks.append(make)

    def block(self, height: float, draw: Draw) -> None:
        """A block of fixed ``height`` drawn by ``draw``."""
        self._blocks.append(lambda _scale: (height, draw))

    def pill(
        self,
        key: str,
        *,
        width: float,
        height: float,
        fill: str,
        text_fill: str,
        size: float = 30,
        x: float | None = None,
    ) -> None:
        """A button holding the text of ``key`` (see :meth:`Canvas.pill`)."""
        canvas = self._canvas
        self.block(
            height,
            lambda y: canvas.pill(
                key,
                y,
                width=width,
                height=height,
                fill=fill,
                text_fill=text_fill,
                size=size,
                x=x,
            ),
        )

    def place(self, top: float, bottom: float, *, min_gap: float = 14, max_gap: float = 70) -> None:
        """Draw the blocks between ``top`` and ``bottom``, centred as a group."""
        if not self._blocks:
            return
        count = len(self._blocks)
        room = bottom - top
        scale = 1.0
        made = [make(scale) for make in self._blocks]
        while sum(height for height, _ in made) + min_gap * (count - 1) > room:
            if scale <= 0.6:
                raise LayoutError(
                    f"{self._canvas.slug}: the stack needs "
                    f"{sum(h for h, _ in made) + min_gap * (count - 1):.0f} px, "
                    f"{room:.0f} px are free"
                )
            scale = round(scale - 0.04, 2)
            made = [make(scale) for make in self._blocks]
        total = sum(height for height, _ in made)
        gap = (room - total) / (count - 1) if count > 1 else 0.0
        gap = max(min_gap, min(max_gap, gap))
        used = total + gap * (count - 1)
        y = top + max(0.0, (room - used) / 2)
        for height, draw in made:
            draw(y)
            y += height + gap

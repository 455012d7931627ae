"""Drawing a page onto a skia canvas: one code path for PNG, JPEG, PDF and SVG.

The canvas arrives scaled so that one unit is one document pixel. Each element is drawn in its
own box: translated to ``(x, y)`` and rotated about that top-left corner, as Polotno does.
Opacity, shadow, blur and colour filters are applied to the element as a whole through a
layer; a group passes its opacity down to every child, which is drawn on its own (as Konva
multiplies a group's opacity into each child instead of compositing the group).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import attrs
import skia

from designcore.adapters.render.colors import parse_color, parse_linear_gradient, to_skia
from designcore.adapters.render.fonts import FontLibrary, TextShaper, text_blob
from designcore.adapters.render.images import (
    ImageLoader,
    SourceUnavailable,
    decode_image,
    load_svg,
    read_source,
)
from designcore.domain.document import (
    FIGURE_TYPES,
    AnyElement,
    Document,
    Element,
    FigureElement,
    GroupElement,
    ImageElement,
    LineElement,
    OpaqueElement,
    Page,
    SvgElement,
    TextElement,
)
from designcore.domain.rendering import RenderWarning
from designcore.domain.text_layout import layout_text

_SAMPLING = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
_UNBOUNDED = skia.Rect.MakeLTRB(-1e7, -1e7, 1e7, 1e7)
"""Recording bounds of an element drawn into a layer (its real bounds are measured)."""


@attrs.define
class DrawContext:
    """What drawing one document needs, and what it noticed."""

    fonts: FontLibrary
    """The bundled families."""
    loader: ImageLoader | None
    """Reads sources that are not ``data:`` URLs."""
    warnings: list[RenderWarning] = attrs.Factory(list)
    """Warnings so far, in drawing order."""
    page: int = 0
    """Index of the page being drawn."""
    _images: dict[str, skia.Image | None] = attrs.Factory(dict)
    _svgs: dict[str, bytes | None] = attrs.Factory(dict)
    _shapers: dict[tuple[str, str, str, float, bool], TextShaper] = attrs.Factory(dict)
    _reported: set[tuple[str, str]] = attrs.Factory(set)

    def warn(self, code: str, message: str, element_id: str = "") -> None:
        """Record a warning once per code, element and page."""
        key = (code, f"{self.page}:{element_id}:{message}")
        if key in self._reported:
            return
        self._reported.add(key)
        self.warnings.append(RenderWarning(code, message, element_id, self.page))

    def image(self, src: str, element_id: str) -> skia.Image | None:
        """The decoded image behind ``src``, or ``None`` (with a warning)."""
        if src not in self._images:
            try:
                self._images[src] = decode_image(read_source(src, self.loader))
            except SourceUnavailable as error:
                self._images[src] = None
                self.warn("image_unavailable", f"image not drawn: {error}", element_id)
        found = self._images[src]
        if found is None:
            self.warn("image_unavailable", "image not drawn: its source is unavailable", element_id)
        return found

    def svg_bytes(self, src: str, element_id: str) -> bytes | None:
        """The SVG markup behind ``src``, or ``None`` (with a warning)."""
        if src not in self._svgs:
            try:
                self._svgs[src] = read_source(src, self.loader)
            except SourceUnavailable as error:
                self._svgs[src] = None
                self.warn("image_unavailable", f"svg not drawn: {error}", element_id)
        return self._svgs[src]

    def shaper(self, element: TextElement) -> TextShaper:
        """The measuring and run-splitting helper for a text element's font."""
        key = (
            element.font_family,
            element.font_weight,
            element.font_style,
            element.font_size,
            element.letter_spacing != 0,
        )
        shaper = self._shapers.get(key)
        if shaper is None:
            chain, known = self.fonts.chain(*key[:3])
            if not known:
                self.warn(
                    "unknown_font",
                    f"font family {element.font_family!r} is not bundled; drawn with "
                    f"{self.fonts.fallback[0]}",
                    element.id,
                )
            shaper = TextShaper(chain, element.font_size, spaced=key[4])
            self._shapers[key] = shaper
        elif not self.fonts.knows(element.font_family):
            self.warn(
                "unknown_font",
                f"font family {element.font_family!r} is not bundled; drawn with "
                f"{self.fonts.fallback[0]}",
                element.id,
            )
        return shaper


# ----------------------------------------------------------------------------- pages


def draw_page(canvas: skia.Canvas, document: Document, page: Page, context: DrawContext) -> None:
    """Draw ``page`` (background, then elements bottom first) in document pixels."""
    width, height = document.page_size(page)
    draw_background(canvas, page.background, width, height, context)
    for child in page.children:
        draw_element(canvas, child, context, 1.0)


def draw_background(
    canvas: skia.Canvas, background: str, width: float, height: float, context: DrawContext
) -> None:
    """A colour, a CSS linear gradient, or an image covering the page."""
    box = skia.Rect.MakeWH(width, height)
    gradient = parse_linear_gradient(background)
    if gradient is not None:
        paint = skia.Paint(AntiAlias=True)
        paint.setShader(gradient.shader(width, height))
        canvas.drawRect(box, paint)
        return
    if parse_color(background) is not None:
        canvas.drawRect(box, skia.Paint(Color=to_skia(background)))
        return
    image = context.image(background, "")
    if image is None:
        canvas.drawRect(box, skia.Paint(Color=skia.ColorWHITE))
        return
    scale = max(width / image.width(), height / image.height())
    source_w, source_h = width / scale, height / scale
    source = skia.Rect.MakeXYWH(
        (image.width() - source_w) / 2, (image.height() - source_h) / 2, source_w, source_h
    )
    canvas.drawImageRect(image, source, box, _SAMPLING, None)


# ----------------------------------------------------------------------------- elements


def _shadow_only_paint(element: Element, opacity: float) -> skia.Paint | None:
    """For an opaque element whose only effect is a shadow: the paint of a layer that draws
    just the shadow, so the element itself can then be drawn as it is (vector text and shapes
    in a PDF). Shadow under the element, element on top: the same pixels as a drop shadow of
    the whole. ``None`` when anything else (opacity, blur, colour filters) needs the layer."""
    if not element.shadow_enabled or opacity < 1:
        return None
    if (element.blur_enabled and element.blur_radius > 0) or _colour_filter(element) is not None:
        return None
    angle = math.radians(-element.rotation)
    dx = element.shadow_offset_x * math.cos(angle) - element.shadow_offset_y * math.sin(angle)
    dy = element.shadow_offset_x * math.sin(angle) + element.shadow_offset_y * math.cos(angle)
    sigma = element.shadow_blur / 2
    colour = to_skia(element.shadow_color, element.shadow_opacity)
    paint = skia.Paint(AntiAlias=True)
    paint.setImageFilter(skia.ImageFilters.DropShadowOnly(dx, dy, sigma, sigma, colour, None))
    return paint


def _layer_paint(element: Element, opacity: float) -> skia.Paint | None:
    """The paint of the layer applying opacity, shadow, blur and colour filters; ``None`` when
    the element can be drawn straight onto the canvas."""
    filters: list[skia.ImageFilter] = []
    colour_filter = _colour_filter(element)
    if element.blur_enabled and element.blur_radius > 0:
        sigma = element.blur_radius / 2
        filters.append(skia.ImageFilters.Blur(sigma, sigma))
    if element.shadow_enabled:
        # Canvas shadows ignore rotation: turn the page-space offset into the element's space.
        angle = math.radians(-element.rotation)
        dx = element.shadow_offset_x * math.cos(angle) - element.shadow_offset_y * math.sin(angle)
        dy = element.shadow_offset_x * math.sin(angle) + element.shadow_offset_y * math.cos(angle)
        sigma = element.shadow_blur / 2
        colour = to_skia(element.shadow_color, element.shadow_opacity)
        shadow_input = filters[-1] if filters else None
        filters = [skia.ImageFilters.DropShadow(dx, dy, sigma, sigma, colour, shadow_input)]
    if opacity >= 1 and not filters and colour_filter is None:
        return None
    paint = skia.Paint(AntiAlias=True)
    paint.setAlphaf(max(0.0, min(1.0, opacity)))
    if filters:
        paint.setImageFilter(filters[-1])
    if colour_filter is not None:
        paint.setColorFilter(colour_filter)
    return paint


def _colour_filter(element: Element) -> skia.ColorFilter | None:
    matrices: list[list[float]] = []
    if element.grayscale_enabled:
        r, g, b = 0.34, 0.5, 0.16
        matrices.append([r, g, b, 0, 0, r, g, b, 0, 0, r, g, b, 0, 0, 0, 0, 0, 1, 0])
    if element.sepia_enabled:
        matrices.append(
            [
                0.393, 0.769, 0.189, 0, 0,
                0.349, 0.686, 0.168, 0, 0,
                0.272, 0.534, 0.131, 0, 0,
                0, 0, 0, 1, 0,
            ]
        )  # fmt: skip
    if element.brightness_enabled and element.brightness:
        shift = element.brightness
        matrices.append([1, 0, 0, 0, shift, 0, 1, 0, 0, shift, 0, 0, 1, 0, shift, 0, 0, 0, 1, 0])
    if element.contrast:
        # Konva's Contrast filter: each channel scaled about the middle grey by (1 + c)².
        scale = (1 + element.contrast) ** 2
        offset = 0.5 * (1 - scale)
        matrices.append(
            [scale, 0, 0, 0, offset, 0, scale, 0, 0, offset, 0, 0, scale, 0, offset, 0, 0, 0, 1, 0]
        )
    result: skia.ColorFilter | None = None
    for matrix in matrices:
        current = skia.ColorFilters.Matrix(matrix)
        result = current if result is None else skia.ColorFilters.Compose(current, result)
    return result


def draw_element(
    canvas: skia.Canvas, element: AnyElement, context: DrawContext, opacity: float
) -> None:
    """Draw one element (or group) at ``opacity`` times its own."""
    if isinstance(element, OpaqueElement):
        context.warn(
            "skipped_element", f"{element.type!r} elements are not drawn in exports", element.id
        )
        return
    if not element.visible or not element.show_in_export:
        return
    combined = opacity * element.opacity
    if combined <= 0:
        return
    canvas.save()
    canvas.translate(element.x, element.y)
    if element.rotation:
        canvas.rotate(element.rotation)
    if isinstance(element, GroupElement):
        for child in element.children:
            draw_element(canvas, child, context, combined)
        canvas.restore()
        return
    drawer = _DRAWERS.get(type(element))
    shadow_only = _shadow_only_paint(element, combined)
    paint = None if shadow_only is not None else _layer_paint(element, combined)
    if drawer is None:
        pass
    elif shadow_only is not None:
        recorder = skia.PictureRecorder()
        recording = recorder.beginRecording(_UNBOUNDED, skia.RTreeFactory()())
        drawer(recording, element, context)
        picture = recorder.finishRecordingAsPicture()
        bounds = picture.cullRect()
        if not bounds.isEmpty():
            canvas.saveLayer(bounds, shadow_only)
            canvas.drawPicture(picture)
            canvas.restore()
            canvas.drawPicture(picture)  # the element itself, unrasterised
    elif paint is None:
        drawer(canvas, element, context)
    else:
        # The layer is only as large as what the element draws: a page-sized layer would be
        # filtered (and, in a PDF, rasterised at the print DPI) over the whole page. skia
        # grows it by the shadow's offset and blur margin itself.
        recorder = skia.PictureRecorder()
        recording = recorder.beginRecording(_UNBOUNDED, skia.RTreeFactory()())
        drawer(recording, element, context)
        picture = recorder.finishRecordingAsPicture()
        bounds = picture.cullRect()
        if not bounds.isEmpty():
            canvas.saveLayer(bounds, paint)
            canvas.drawPicture(picture)
            canvas.restore()
    canvas.restore()


# ----------------------------------------------------------------------------- text


def draw_text(canvas: skia.Canvas, element: Element, context: DrawContext) -> None:
    """Text laid out by :func:`designcore.domain.text_layout.layout_text`."""
    assert isinstance(element, TextElement)
    if not element.text or element.font_size <= 0:
        return
    shaper = context.shaper(element)
    cut = element.text_overflow == "ellipsis"
    layout = layout_text(
        element.text,
        measure=shaper.measure,
        font_size=element.font_size,
        metrics=shaper.metrics,
        width=element.width,
        height=element.height,
        line_height=element.line_height,
        letter_spacing=element.letter_spacing,
        ellipsis=cut,
        fixed_height=cut,
        align=element.align,  # type: ignore[arg-type]
        vertical_align=element.vertical_align,  # type: ignore[arg-type]
    )
    if element.background_enabled:
        pad = element.background_padding * element.font_size
        radius = element.background_corner_radius * element.font_size
        box = skia.Rect.MakeLTRB(-pad, -pad, layout.box_width + pad, layout.box_height + pad)
        paint = skia.Paint(
            AntiAlias=True,
            Color=to_skia(element.background_color, element.background_opacity),
        )
        canvas.drawRRect(skia.RRect.MakeRectXY(box, radius, radius), paint)
    fill = skia.Paint(AntiAlias=True, Color=to_skia(element.fill))
    gradient = parse_linear_gradient(element.fill)
    if gradient is not None:
        fill.setShader(gradient.shader(layout.box_width, layout.box_height))
    paints = [fill]
    if element.stroke_width > 0:
        stroke = skia.Paint(
            AntiAlias=True,
            Color=to_skia(element.stroke),
            Style=skia.Paint.kStroke_Style,
            StrokeWidth=element.stroke_width,
        )
        stroke.setStrokeJoin(skia.Paint.kRound_Join)
        paints.append(stroke)
    # A line is shaped as a whole (kerning kept, letter spacing after every character); Konva
    # draws justified lines letter by letter (no kerning between letters).
    per_letter = element.align == "justify"
    for line in layout.lines:
        runs, _ = shaper.glyph_runs(
            line.text,
            per_letter=per_letter,
            letter_spacing=layout.letter_spacing,
            space_extra=line.space_extra,
        )
        blob = text_blob(runs)
        if blob is not None:
            for paint in paints:
                canvas.drawTextBlob(blob, line.x, line.baseline, paint)
        _decorate(canvas, element, line.x, line.baseline, line.width, fill, layout.box_width)


def _decorate(
    canvas: skia.Canvas,
    element: TextElement,
    x: float,
    baseline: float,
    width: float,
    fill: skia.Paint,
    box_width: float,
) -> None:
    decoration = element.text_decoration
    if not decoration:
        return
    paint = skia.Paint(fill)
    paint.setStyle(skia.Paint.kStroke_Style)
    paint.setStrokeWidth(element.font_size / 15)
    length = box_width if element.align == "justify" else width
    offsets = []
    if "underline" in decoration:
        offsets.append(round(element.font_size / 4))
    if "line-through" in decoration:
        offsets.append(-round(element.font_size / 4))
    for offset in offsets:
        canvas.drawLine(x, baseline + offset, x + round(length), baseline + offset, paint)


# ----------------------------------------------------------------------------- figures


def _regular_polygon(sides: int, width: float, height: float) -> list[tuple[float, float]]:
    points = [
        (
            math.cos(math.radians(-90 + 360 * i / sides)),
            math.sin(math.radians(-90 + 360 * i / sides)),
        )
        for i in range(sides)
    ]
    return _fit(points, width, height)


STAR_INNER_RATIO = math.sin(math.radians(18)) / math.sin(math.radians(54))
"""Inner radius of a regular five-pointed star (a pentagram's outline) over its outer one."""


def _star(width: float, height: float) -> list[tuple[float, float]]:
    """A regular five-pointed star, one point up, inscribed in the circle of radius
    ``min(width, height) / 2`` at the centre of the box (never stretched to the box), as the
    format's reference editor draws it."""
    outer = min(width, height) / 2
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * STAR_INNER_RATIO
        angle = math.radians(-90 + 36 * i)
        points.append((width / 2 + radius * math.cos(angle), height / 2 + radius * math.sin(angle)))
    return points


def _fit(
    points: list[tuple[float, float]], width: float, height: float
) -> list[tuple[float, float]]:
    """``points`` stretched so their bounding box fills the element box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    span_x, span_y = (max(xs) - min(xs)) or 1, (max(ys) - min(ys)) or 1
    return [((x - min(xs)) / span_x * width, (y - min(ys)) / span_y * height) for x, y in points]


def _polygon_path(points: list[tuple[float, float]], radius: float) -> skia.Path:
    path = skia.Path()
    if radius <= 0:
        path.addPoly([skia.Point(x, y) for x, y in points], True)
        return path
    count = len(points)
    start = points[0]
    last = points[-1]
    path.moveTo((start[0] + last[0]) / 2, (start[1] + last[1]) / 2)
    for i in range(count):
        corner = points[i]
        following = points[(i + 1) % count]
        side = min(math.dist(corner, points[i - 1]), math.dist(corner, following))
        path.arcTo(corner[0], corner[1], following[0], following[1], min(radius, side / 2))
    path.close()
    return path


def figure_path(sub_type: str, width: float, height: float, radius: float) -> skia.Path | None:
    """The outline of a figure filling a ``width`` x ``height`` box; ``None`` if unknown."""
    path = skia.Path()
    box = skia.Rect.MakeWH(width, height)
    if sub_type == "rect":
        r = min(radius, width / 2, height / 2)
        path.addRRect(skia.RRect.MakeRectXY(box, r, r))
        return path
    if sub_type == "circle":
        path.addOval(box)
        return path
    polygons: dict[str, Callable[[], list[tuple[float, float]]]] = {
        "star": lambda: _star(width, height),
        "triangle": lambda: [(width / 2, 0), (width, height), (0, height)],
        "rightTriangle": lambda: [(0, 0), (width, height), (0, height)],
        "diamond": lambda: [
            (width / 2, 0),
            (width, height / 2),
            (width / 2, height),
            (0, height / 2),
        ],
        "pentagon": lambda: _regular_polygon(5, width, height),
        "hexagon": lambda: _regular_polygon(6, width, height),
        "octagon": lambda: _regular_polygon(8, width, height),
    }
    maker = polygons.get(sub_type)
    return None if maker is None else _polygon_path(maker(), radius)


def _fill_paint(colour: str, width: float, height: float) -> skia.Paint:
    paint = skia.Paint(AntiAlias=True, Color=to_skia(colour))
    gradient = parse_linear_gradient(colour)
    if gradient is not None:
        paint.setShader(gradient.shader(width, height))
    return paint


def draw_figure(canvas: skia.Canvas, element: Element, context: DrawContext) -> None:
    """A figure: filled, then stroked inside its outline."""
    assert isinstance(element, FigureElement)
    path = figure_path(element.sub_type, element.width, element.height, element.corner_radius)
    if path is None:
        context.warn(
            "skipped_element",
            f"figure sub-type {element.sub_type!r} is not drawn (known: {', '.join(FIGURE_TYPES)})",
            element.id,
        )
        return
    canvas.drawPath(path, _fill_paint(element.fill, element.width, element.height))
    if element.stroke_width > 0:
        stroke = skia.Paint(
            AntiAlias=True,
            Color=to_skia(element.stroke),
            Style=skia.Paint.kStroke_Style,
            StrokeWidth=element.stroke_width * 2,
        )
        if element.dash:
            intervals = [max(d, 0.01) for d in element.dash]
            if len(intervals) % 2:
                intervals *= 2
            stroke.setPathEffect(skia.DashPathEffect.Make(intervals, 0))
        canvas.save()
        canvas.clipPath(path, skia.ClipOp.kIntersect, True)
        canvas.drawPath(path, stroke)
        canvas.restore()


# ----------------------------------------------------------------------------- lines


def draw_line(canvas: skia.Canvas, element: Element, context: DrawContext) -> None:
    """A line along the middle of its box, as thick as the box is tall."""
    assert isinstance(element, LineElement)
    thickness = max(element.height, 0.0)
    if thickness <= 0 or element.width <= 0:
        return
    middle = thickness / 2
    colour = to_skia(element.color)
    paint = skia.Paint(
        AntiAlias=True, Color=colour, Style=skia.Paint.kStroke_Style, StrokeWidth=thickness
    )
    if element.dash:
        intervals = [max(d * thickness, 0.01) for d in element.dash]
        if len(intervals) % 2:
            intervals *= 2
        paint.setPathEffect(skia.DashPathEffect.Make(intervals, 0))
    canvas.drawLine(0, middle, element.width, middle, paint)
    for head, x, direction in ((element.start_head, 0.0, -1), (element.end_head, element.width, 1)):
        if head:
            _line_head(canvas, head, x, middle, direction, thickness, colour, context, element.id)


def _line_head(
    canvas: skia.Canvas,
    head: str,
    x: float,
    y: float,
    direction: int,
    thickness: float,
    colour: int,
    context: DrawContext,
    element_id: str,
) -> None:
    size = thickness * 3
    fill = skia.Paint(AntiAlias=True, Color=colour)
    stroke = skia.Paint(
        AntiAlias=True, Color=colour, Style=skia.Paint.kStroke_Style, StrokeWidth=thickness
    )
    stroke.setStrokeCap(skia.Paint.kRound_Cap)
    if head == "arrow":
        back = x - direction * size
        canvas.drawLine(x, y, back, y - size, stroke)
        canvas.drawLine(x, y, back, y + size, stroke)
    elif head == "triangle":
        path = skia.Path()
        path.addPoly(
            [
                skia.Point(x + direction * thickness, y),
                skia.Point(x - direction * size, y - size),
                skia.Point(x - direction * size, y + size),
            ],
            True,
        )
        canvas.drawPath(path, fill)
    elif head == "circle":
        canvas.drawCircle(x, y, size / 1.5, fill)
    elif head == "square":
        canvas.drawRect(
            skia.Rect.MakeXYWH(x - size / 1.5, y - size / 1.5, size * 4 / 3, size * 4 / 3), fill
        )
    elif head == "bar":
        canvas.drawLine(x, y - size, x, y + size, stroke)
    else:
        context.warn("skipped_element", f"line head {head!r} is not drawn", element_id)


# ----------------------------------------------------------------------------- images


def _flip(canvas: skia.Canvas, width: float, height: float, flip_x: bool, flip_y: bool) -> None:
    if flip_x or flip_y:
        canvas.translate(width if flip_x else 0, height if flip_y else 0)
        canvas.scale(-1 if flip_x else 1, -1 if flip_y else 1)


def _border(canvas: skia.Canvas, box: skia.RRect, colour: str, size: float) -> None:
    if size <= 0:
        return
    paint = skia.Paint(
        AntiAlias=True, Color=to_skia(colour), Style=skia.Paint.kStroke_Style, StrokeWidth=size * 2
    )
    canvas.save()
    canvas.clipRRect(box, skia.ClipOp.kIntersect, True)
    canvas.drawRRect(box, paint)
    canvas.restore()


def draw_image(canvas: skia.Canvas, element: Element, context: DrawContext) -> None:
    """An image: the crop rectangle of the source stretched over the box, clipped to rounded
    corners, mirrored if flipped, then its border inside the box."""
    assert isinstance(element, ImageElement)
    if element.width <= 0 or element.height <= 0:
        return
    image = context.image(element.src, element.id)
    if image is None:
        return
    box = skia.Rect.MakeWH(element.width, element.height)
    mask = _mask(element, context) if element.clip_src else None
    # The mask's layers reach a little past the box: a PDF viewer leaves a hairline of the
    # image unmasked along a soft mask's right and bottom edges when they meet exactly.
    masked_area = box.makeOutset(2, 2)
    if mask is not None:
        canvas.saveLayer(masked_area, None)
    radius = min(element.corner_radius, element.width / 2, element.height / 2)
    rounded = skia.RRect.MakeRectXY(box, radius, radius)
    source = skia.Rect.MakeXYWH(
        element.crop_x * image.width(),
        element.crop_y * image.height(),
        max(element.crop_width * image.width(), 1e-3),
        max(element.crop_height * image.height(), 1e-3),
    )
    canvas.save()
    if radius > 0:
        canvas.clipRRect(rounded, skia.ClipOp.kIntersect, True)
    _flip(canvas, element.width, element.height, element.flip_x, element.flip_y)
    canvas.drawImageRect(
        image,
        source,
        box,
        _SAMPLING,
        skia.Paint(AntiAlias=True),
        skia.Canvas.kStrict_SrcRectConstraint,
    )
    canvas.restore()
    if mask is not None:
        # Keep the image only where the mask is opaque (Konva's ``destination-in``).
        canvas.saveLayer(masked_area, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
        mask(canvas)
        canvas.restore()
        canvas.restore()
    _border(canvas, rounded, element.border_color, element.border_size)


def _mask(element: ImageElement, context: DrawContext) -> Callable[[skia.Canvas], None] | None:
    """What draws the element's ``clipSrc`` (an SVG or an image) stretched over its box, as
    the mask of the image; ``None`` (with a warning) when it cannot be read."""
    try:
        data = read_source(element.clip_src, context.loader)
    except SourceUnavailable as error:
        context.warn("mask_unavailable", f"mask not applied: {error}", element.id)
        return None
    width, height = element.width, element.height
    if _SVG_TAG.search(data):
        try:
            dom = load_svg(data, {})
        except SourceUnavailable as error:
            context.warn("mask_unavailable", f"mask not applied: {error}", element.id)
            return None
        natural_w, natural_h = _svg_intrinsic_size(data, width, height)

        def draw_svg_mask(canvas: skia.Canvas) -> None:
            canvas.save()
            canvas.scale(width / natural_w, height / natural_h)
            dom.setContainerSize(skia.Size(natural_w, natural_h))
            dom.render(canvas)
            canvas.restore()

        return draw_svg_mask
    try:
        image = decode_image(data)
    except SourceUnavailable as error:
        context.warn("mask_unavailable", f"mask not applied: {error}", element.id)
        return None

    def draw_image_mask(canvas: skia.Canvas) -> None:
        canvas.drawImageRect(image, skia.Rect.MakeWH(width, height), _SAMPLING, None)

    return draw_image_mask


_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE | re.DOTALL)


def _svg_intrinsic_size(data: bytes, width: float, height: float) -> tuple[float, float]:
    """The size the SVG declares (``width``/``height``, else its viewBox), else the box."""
    match = _SVG_TAG.search(data)
    if match is None:
        return width, height
    tag = match.group(0).decode("utf-8", errors="replace")

    def attribute(name: str) -> str | None:
        found = re.search(rf"""\b{name}\s*=\s*["']([^"']*)["']""", tag)
        return found.group(1) if found else None

    def length(text: str | None) -> float | None:
        if text is None:
            return None
        number = re.fullmatch(r"\s*([0-9.]+)\s*(px)?\s*", text)
        return float(number.group(1)) if number else None

    declared_w, declared_h = length(attribute("width")), length(attribute("height"))
    if declared_w and declared_h:
        return declared_w, declared_h
    view_box = attribute("viewBox")
    if view_box:
        parts = [float(part) for part in re.split(r"[\s,]+", view_box.strip()) if part][:4]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return parts[2], parts[3]
    return width, height


def draw_svg(canvas: skia.Canvas, element: Element, context: DrawContext) -> None:
    """An SVG with its colours replaced, stretched over the box as an image would be."""
    assert isinstance(element, SvgElement)
    if element.width <= 0 or element.height <= 0:
        return
    data = context.svg_bytes(element.src, element.id)
    if data is None:
        return
    try:
        dom = load_svg(data, element.colors_replace)
    except SourceUnavailable as error:
        context.warn("image_unavailable", f"svg not drawn: {error}", element.id)
        return
    natural_w, natural_h = _svg_intrinsic_size(data, element.width, element.height)
    box = skia.Rect.MakeWH(element.width, element.height)
    radius = min(element.corner_radius, element.width / 2, element.height / 2)
    rounded = skia.RRect.MakeRectXY(box, radius, radius)
    canvas.save()
    if radius > 0:
        canvas.clipRRect(rounded, skia.ClipOp.kIntersect, True)
    _flip(canvas, element.width, element.height, element.flip_x, element.flip_y)
    crop_w = element.crop_width or 1
    crop_h = element.crop_height or 1
    canvas.scale(element.width / (natural_w * crop_w), element.height / (natural_h * crop_h))
    canvas.translate(-element.crop_x * natural_w, -element.crop_y * natural_h)
    dom.setContainerSize(skia.Size(natural_w, natural_h))
    dom.render(canvas)
    canvas.restore()
    _border(canvas, rounded, element.border_color, element.border_size)


_DRAWERS: dict[type, Callable[[skia.Canvas, Element, DrawContext], None]] = {
    TextElement: draw_text,
    FigureElement: draw_figure,
    LineElement: draw_line,
    ImageElement: draw_image,
    SvgElement: draw_svg,
}

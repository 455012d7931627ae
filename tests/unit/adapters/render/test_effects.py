"""Shadows and other layer effects (drawn in layers only as large as the element) and image
masks."""

from __future__ import annotations

import base64
import io
import math
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import skia
from PIL import Image, ImageChops
from pypdf import PdfReader

from designcore.adapters.render import FontLibrary, SkiaRenderer
from designcore.adapters.render import draw as drawing
from designcore.domain.document import AnyElement, Element, parse_document
from designcore.domain.rendering import RenderFormat

SHADOW = {
    "shadowEnabled": True,
    "shadowBlur": 20,
    "shadowOffsetX": 6,
    "shadowOffsetY": 10,
    "shadowColor": "black",
    "shadowOpacity": 0.5,
}

ELEMENTS: dict[str, dict[str, Any]] = {
    "rotated figure": {
        "id": "f",
        "type": "figure",
        "subType": "star",
        "x": 200,
        "y": 60,
        "width": 160,
        "height": 150,
        "rotation": 30,
        "fill": "#e63946",
        "stroke": "#1d3557",
        "strokeWidth": 6,
        **SHADOW,
    },
    "text with opacity": {
        "id": "t",
        "type": "text",
        "x": 40,
        "y": 180,
        "width": 420,
        "height": 0,
        "text": "Ẹ káàbọ̀ — Happy Birthday",
        "fontSize": 40,
        "fontFamily": "Great Vibes",
        "fill": "#2a9d8f",
        "opacity": 0.8,
        **SHADOW,
    },
    "line with heads and blur": {
        "id": "l",
        "type": "line",
        "x": 60,
        "y": 320,
        "width": 380,
        "height": 8,
        "color": "#f4a261",
        "startHead": "circle",
        "endHead": "arrow",
        "blurEnabled": True,
        "blurRadius": 6,
        **SHADOW,
    },
}


def document(*children: dict[str, Any], width: int = 500, height: int = 400) -> dict[str, Any]:
    return {
        "width": width,
        "height": height,
        "pages": [{"id": "p", "background": "#fafafa", "children": list(children)}],
    }


def page_sized_layer(element: AnyElement, fonts: FontLibrary) -> Image.Image:
    """``element`` drawn the way it was before: in a layer as large as the page."""
    assert isinstance(element, Element)
    surface = skia.Surface.MakeRasterN32Premul(500, 400)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorSetRGB(0xFA, 0xFA, 0xFA))
    canvas.translate(element.x, element.y)
    canvas.rotate(element.rotation)
    drawer = drawing._DRAWERS[type(element)]
    shadow_only = drawing._shadow_only_paint(element, element.opacity)
    if shadow_only is not None:  # the shadow in a layer, the element drawn as it is on top
        canvas.saveLayer(None, shadow_only)
        drawer(canvas, element, drawing.DrawContext(fonts, None))
        canvas.restore()
        drawer(canvas, element, drawing.DrawContext(fonts, None))
    else:
        canvas.saveLayer(None, drawing._layer_paint(element, element.opacity))
        drawer(canvas, element, drawing.DrawContext(fonts, None))
        canvas.restore()
    png = surface.makeImageSnapshot().encodeToData(skia.kPNG, 100)
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


@pytest.fixture(name="fonts", scope="module")
def fixture_fonts() -> FontLibrary:
    """The bundled families, loaded once for the module."""
    return FontLibrary()


class TestBoundedLayers:
    @pytest.mark.parametrize("name", list(ELEMENTS))
    def test_bounded_layers_look_like_page_sized_ones(self, fonts: FontLibrary, name: str) -> None:
        """Shadow, blur and opacity come out the same as in a page-sized layer: nothing of
        the shadow or the blur is cut off at the element's bounds."""
        raw = document(ELEMENTS[name])
        parsed = parse_document(raw)
        export = SkiaRenderer(fonts).render(parsed, format=RenderFormat.PNG)
        drawn = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        expected = page_sized_layer(parsed.pages[0].children[0], fonts)
        worst = max(high for _, high in ImageChops.difference(expected, drawn).getextrema())
        assert worst <= 2

    def test_a_pdf_rasterises_only_the_shadowed_element(self, fonts: FontLibrary) -> None:
        """At 300 DPI the shadow's raster covers the element, the blur margin (3 sigma) and
        the offset, not the page."""
        rect = {
            "id": "r",
            "type": "figure",
            "subType": "rect",
            "x": 300,
            "y": 500,
            "width": 900,
            "height": 150,
            "fill": "#ffffff",
            **SHADOW,
        }
        raw = {**document(rect, width=2480, height=3508), "dpi": 300}
        export = SkiaRenderer(fonts).render(parse_document(raw), format=RenderFormat.PDF, dpi=300)
        images = PdfReader(io.BytesIO(export.data)).pages[0].images
        assert 1 == len(images)
        width, height = images[0].image.size
        margin = 3 * SHADOW["shadowBlur"] / 2
        assert 900 < width <= math.ceil(900 + 2 * margin + SHADOW["shadowOffsetX"]) + 4
        assert 150 < height <= math.ceil(150 + 2 * margin + SHADOW["shadowOffsetY"]) + 4

    def test_an_element_drawing_nothing_adds_no_layer(self, fonts: FontLibrary) -> None:
        """A shadowed text of spaces has empty bounds and leaves the page untouched."""
        spaces = {**ELEMENTS["text with opacity"], "text": "   "}
        export = SkiaRenderer(fonts).render(
            parse_document(document(spaces)), format=RenderFormat.PNG
        )
        image = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        assert [((250, 250, 250), 500 * 400)] == [
            (colour, count) for count, colour in (image.getcolors() or [])
        ]


def solid_png(colour: str, size: tuple[int, int] = (40, 40), mode: str = "RGB") -> str:
    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


CIRCLE_MASK = (
    "data:image/svg+xml;base64,"
    + base64.b64encode(
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        b'<circle cx="5" cy="5" r="5" fill="black"/></svg>'
    ).decode()
)


def masked(clip_src: str) -> dict[str, Any]:
    image = {
        "id": "i",
        "type": "image",
        "x": 100,
        "y": 50,
        "width": 300,
        "height": 200,
        "src": solid_png("#e63946"),
        "clipSrc": clip_src,
    }
    return document(image)


RED = (0xE6, 0x39, 0x46)
PAGE = (0xFA, 0xFA, 0xFA)


def near(expected: tuple[int, ...], actual: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 3 for a, b in zip(expected, actual, strict=False))


class TestMasks:
    def test_an_svg_mask_stretched_over_the_box_cuts_the_image(self, fonts: FontLibrary) -> None:
        """A circle mask keeps the image inside the ellipse filling the box; the corners show
        the page, and no warning is given."""
        export = SkiaRenderer(fonts).render(
            parse_document(masked(CIRCLE_MASK)), format=RenderFormat.PNG
        )
        image = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        assert near(RED, image.getpixel((250, 150)))
        assert near(RED, image.getpixel((110, 150)))  # left edge of the stretched ellipse
        assert near(PAGE, image.getpixel((105, 55)))  # top-left corner of the box
        assert near(PAGE, image.getpixel((395, 245)))
        assert () == export.warnings

    def test_an_image_mask_works_by_its_alpha(self, fonts: FontLibrary) -> None:
        """A PNG mask, transparent on its right half, hides the right half of the image."""
        buffer = io.BytesIO()
        half = Image.new("RGBA", (20, 10), (0, 0, 0, 0))
        half.paste((0, 0, 0, 255), (0, 0, 10, 10))
        half.save(buffer, "PNG")
        url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
        export = SkiaRenderer(fonts).render(parse_document(masked(url)), format=RenderFormat.PNG)
        image = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        assert near(RED, image.getpixel((150, 150)))
        assert near(PAGE, image.getpixel((350, 150)))

    def test_the_mask_holds_in_pdf(self, fonts: FontLibrary, tmp_path: Path) -> None:
        """Rasterised by pdftoppm, the PDF shows the same cut as the PNG, edges included."""
        if shutil.which("pdftoppm") is None:
            if os.environ.get("CI") == "true":
                pytest.fail("pdftoppm is missing under CI: ./dev test installs poppler-utils")
            pytest.skip("pdftoppm is not installed")
        export = SkiaRenderer(fonts).render(
            parse_document(masked(CIRCLE_MASK)), format=RenderFormat.PDF
        )
        (tmp_path / "m.pdf").write_bytes(export.data)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "72", "-singlefile", "m.pdf", "m"],
            cwd=tmp_path,
            check=True,
        )
        image = Image.open(tmp_path / "m.png").convert("RGB")
        assert near(RED, image.getpixel((250, 150)))
        assert near(PAGE, image.getpixel((105, 55)))
        # No hairline of the image along the box's right and bottom edges.
        assert near(PAGE, image.getpixel((400, 230)))
        assert near(PAGE, image.getpixel((380, 250)))

    def test_an_unreadable_mask_draws_the_image_whole_with_a_warning(
        self, fonts: FontLibrary
    ) -> None:
        """A mask that cannot be read leaves the image unmasked and says so."""
        export = SkiaRenderer(fonts).render(
            parse_document(masked("data:image/png;base64,bm90IGFuIGltYWdl")),
            format=RenderFormat.PNG,
        )
        image = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        assert near(RED, image.getpixel((105, 55)))
        assert ["mask_unavailable"] == [warning.code for warning in export.warnings]


def test_shadowed_text_stays_vector_text_in_a_pdf(fonts: FontLibrary) -> None:
    """An opaque text element with a shadow: in the PDF the shadow is an image and the text is
    text (extractable), as print quality needs; with opacity below 1 the whole element is
    composited as an image (the shadow must not show through the text)."""
    text = {
        "id": "t",
        "type": "text",
        "x": 40,
        "y": 120,
        "width": 420,
        "height": 0,
        "text": "Sunday Thanksgiving",
        "fontSize": 40,
        "fontFamily": "Montserrat",
        "fill": "#1d3557",
        **SHADOW,
    }
    renderer = SkiaRenderer(fonts)
    opaque = renderer.render(parse_document(document(text)), format=RenderFormat.PDF)
    page = PdfReader(io.BytesIO(opaque.data)).pages[0]
    assert "Sunday Thanksgiving" in " ".join(page.extract_text().split())
    assert len(page.images) == 1  # the shadow
    faded = renderer.render(
        parse_document(document({**text, "opacity": 0.6})), format=RenderFormat.PDF
    )
    faded_text = PdfReader(io.BytesIO(faded.data)).pages[0].extract_text()
    assert "Thanksgiving" not in faded_text


class TestStar:
    @pytest.mark.parametrize(("width", "height"), [(200, 100), (100, 200), (120, 120)])
    def test_a_star_is_regular_and_inscribed_in_the_centred_circle(
        self, width: float, height: float
    ) -> None:
        """Whatever the box, a star is regular, one point up, inscribed in the circle of
        radius min(width, height) / 2 at the box's centre; never stretched to the box."""
        outer = min(width, height) / 2
        bounds = drawing.figure_path("star", width, height, 0).computeTightBounds()  # type: ignore[union-attr]
        assert bounds.top() == pytest.approx(height / 2 - outer)
        assert bounds.left() == pytest.approx(width / 2 - outer * math.cos(math.radians(18)))
        assert bounds.right() == pytest.approx(width / 2 + outer * math.cos(math.radians(18)))
        assert bounds.bottom() == pytest.approx(height / 2 + outer * math.sin(math.radians(54)))

    def test_inner_points_make_a_pentagram_outline(self) -> None:
        """The inner corners lie where the pentagram's edges cross: radius ratio
        sin 18° / sin 54° of the outer one."""
        path = drawing.figure_path("star", 100, 100, 0)
        assert path is not None
        points = [path.getPoint(i) for i in range(path.countPoints())]
        radii = sorted(round(math.dist((p.x(), p.y()), (50, 50)), 6) for p in points)
        assert radii[0] == pytest.approx(
            50 * math.sin(math.radians(18)) / math.sin(math.radians(54))
        )
        assert radii[-1] == pytest.approx(50)


class TestContrast:
    @pytest.mark.parametrize(
        ("contrast", "expected"),
        [
            # (v / 255 - 0.5) * (1 + c) ** 2 + 0.5, as Konva's Contrast filter in the editor.
            (0.0, (200, 80, 128)),
            (0.5, (255, 21, 129)),
            (-0.5, (146, 116, 128)),
        ],
    )
    def test_contrast_scales_each_channel_about_the_middle_grey(
        self, fonts: FontLibrary, contrast: float, expected: tuple[int, int, int]
    ) -> None:
        """An image of one colour drawn with ``filters.contrast`` has the colour the editor's
        filter gives: 200, 80, 128 spread apart for a positive contrast, pulled to grey for a
        negative one."""
        image = {
            "id": "i",
            "type": "image",
            "x": 100,
            "y": 50,
            "width": 300,
            "height": 200,
            "src": solid_png("#c85080"),
            "filters": {"contrast": {"intensity": contrast}},
        }
        export = SkiaRenderer(fonts).render(
            parse_document(document(image)), format=RenderFormat.PNG
        )
        drawn = Image.open(io.BytesIO(export.pages[0])).convert("RGB")
        assert near(expected, drawn.getpixel((250, 150)))
        assert near(PAGE, drawn.getpixel((50, 20)))

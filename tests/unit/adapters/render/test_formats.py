"""The skia renderer's formats, warnings and limits."""

from __future__ import annotations

import io
import threading
import time
import xml.etree.ElementTree as ET
import zipfile
from typing import Any

import pytest
import skia
from PIL import Image
from pypdf import PdfReader

from designcore.adapters.render import SkiaRenderer
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import LimitExceeded, parse_document
from designcore.domain.errors import ValidationFailed
from designcore.domain.exports import PaperSize
from designcore.domain.rendering import ZIP_MEDIA_TYPE, RenderFormat
from designcore.ports.rendering import PreviewRenderer, Renderer

A4_POINTS = (595.28, 841.89)


def two_pages(**fields: Any) -> dict[str, Any]:
    text = {
        "id": "t",
        "type": "text",
        "x": 50,
        "y": 50,
        "width": 500,
        "height": 0,
        "text": "Ẹ káàbọ̀ · ₦1,500",
        "fontSize": 40,
        "fontFamily": "Montserrat",
    }
    return {
        "width": 600,
        "height": 400,
        "pages": [
            {"id": "one", "background": "#ffeeee", "children": [text]},
            {"id": "two", "background": "#eeeeff", "children": [{**text, "id": "t2"}]},
        ],
        **fields,
    }


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> SkiaRenderer:
    """One renderer for the module."""
    return SkiaRenderer()


class TestPorts:
    def test_the_skia_renderer_satisfies_both_ports(self, renderer: SkiaRenderer) -> None:
        """It is a Renderer and a PreviewRenderer."""
        as_renderer: Renderer = renderer
        as_preview: PreviewRenderer = renderer
        assert as_renderer is as_preview

    def test_previews_are_the_requested_width(self, renderer: SkiaRenderer) -> None:
        """render_png draws page 0 at the asked width, keeping the aspect ratio."""
        png = renderer.render_png(seed_templates()[0].polotno_json, width=800)
        assert (800, 1000) == Image.open(io.BytesIO(png)).size

    def test_unreadable_previews_raise_value_error(self, renderer: SkiaRenderer) -> None:
        """The preview port's contract: ValueError for a document it cannot read."""
        with pytest.raises(ValueError, match="pages"):
            renderer.render_png({"width": 10, "height": 10})


class TestRaster:
    def test_png_at_a_pixel_ratio(self, renderer: SkiaRenderer) -> None:
        """A pixel ratio of 2 doubles both sides."""
        export = renderer.render(
            parse_document(two_pages()), format=RenderFormat.PNG, pixel_ratio=2, pages=[0]
        )
        assert "image/png" == export.media_type
        assert (1200, 800) == Image.open(io.BytesIO(export.data)).size

    def test_jpeg_quality(self, renderer: SkiaRenderer) -> None:
        """JPEG output is a JPEG, smaller at a lower quality."""
        document = parse_document(seed_templates()[20].polotno_json)
        high = renderer.render(document, format=RenderFormat.JPEG, jpeg_quality=95)
        low = renderer.render(document, format=RenderFormat.JPEG, jpeg_quality=30)
        assert b"\xff\xd8\xff" == high.data[:3]
        assert len(low.data) < len(high.data)

    def test_several_pages_come_zipped(self, renderer: SkiaRenderer) -> None:
        """One image per page, bundled in a zip."""
        export = renderer.render(parse_document(two_pages()), format=RenderFormat.PNG)
        assert ZIP_MEDIA_TYPE == export.media_type
        with zipfile.ZipFile(io.BytesIO(export.data)) as archive:
            assert ["page-1.png", "page-2.png"] == archive.namelist()
            assert archive.read("page-2.png") == export.pages[1]

    def test_limits_are_enforced(self, renderer: SkiaRenderer) -> None:
        """A ratio that makes a side longer than 10,000 px is refused."""
        with pytest.raises(LimitExceeded):
            renderer.render(parse_document(two_pages()), format=RenderFormat.PNG, pixel_ratio=20)

    def test_bad_page_index(self, renderer: SkiaRenderer) -> None:
        """Page indices must exist."""
        with pytest.raises(ValidationFailed):
            renderer.render(parse_document(two_pages()), format=RenderFormat.PNG, pages=[2])


class TestPdf:
    def test_multi_page_pdf_with_vector_text(self, renderer: SkiaRenderer) -> None:
        """Two pages in one PDF, sized width/dpi inches, with the text as text."""
        export = renderer.render(parse_document(two_pages()), format=RenderFormat.PDF)
        reader = PdfReader(io.BytesIO(export.data))
        assert 2 == len(reader.pages)
        box = reader.pages[0].mediabox
        assert (600, 400) == (round(float(box.width)), round(float(box.height)))
        assert "1,500" in reader.pages[0].extract_text()

    def test_a4_at_300_dpi(self, renderer: SkiaRenderer) -> None:
        """An A4 design at 300 DPI (2480 x 3508 px) gives an A4 page."""
        document = parse_document(
            {
                "width": 2480,
                "height": 3508,
                "unit": "mm",
                "dpi": 300,
                "pages": [
                    {
                        "id": "a4",
                        "background": "white",
                        "children": [
                            {
                                "id": "f",
                                "type": "figure",
                                "subType": "circle",
                                "x": 200,
                                "y": 200,
                                "width": 800,
                                "height": 800,
                                "fill": "red",
                                "shadowEnabled": True,
                                "shadowBlur": 30,
                            }
                        ],
                    }
                ],
            }
        )
        export = renderer.render(document, format=RenderFormat.PDF, dpi=300)
        box = PdfReader(io.BytesIO(export.data)).pages[0].mediabox
        assert A4_POINTS[0] == pytest.approx(float(box.width), abs=0.5)
        assert A4_POINTS[1] == pytest.approx(float(box.height), abs=0.5)

    @pytest.mark.parametrize(
        ("paper", "size"),
        [
            (PaperSize.A4, A4_POINTS),
            (PaperSize.A5, (419.53, 595.28)),
            (PaperSize.A3, (841.89, 1190.55)),
            (PaperSize.LETTER, (612, 792)),
            (PaperSize.DESIGN, (1080, 1350)),
        ],
    )
    def test_a_paper_size_is_the_page(
        self, renderer: SkiaRenderer, paper: PaperSize, size: tuple[float, float]
    ) -> None:
        """A 1080 x 1350 design on a chosen paper: the PDF page is that paper (in points)."""
        document = parse_document(
            {
                "width": 1080,
                "height": 1350,
                "pages": [{"id": "p", "background": "#ff0000", "children": []}],
            }
        )
        export = renderer.render(document, format=RenderFormat.PDF, dpi=300, paper=paper)
        box = PdfReader(io.BytesIO(export.data)).pages[0].mediabox
        assert size[0] == pytest.approx(float(box.width), abs=0.5)
        assert size[1] == pytest.approx(float(box.height), abs=0.5)


class TestSvg:
    def test_svg_parses(self, renderer: SkiaRenderer) -> None:
        """Each page is a well-formed SVG of the page's size: the background a rect, the text
        paths (so it looks the same without the fonts)."""
        export = renderer.render(parse_document(two_pages()), format=RenderFormat.SVG, pages=[0])
        root = ET.fromstring(export.data)
        assert root.tag.endswith("svg")
        assert "600" == root.get("width")
        tags = {element.tag.rsplit("}", 1)[-1] for element in root.iter()}
        assert {"svg", "rect", "path"} <= tags


class TestWarnings:
    def test_unknown_fonts_and_types_are_reported(self, renderer: SkiaRenderer) -> None:
        """An unknown family draws with the fallback; a video is skipped; both are said."""
        document = parse_document(
            {
                "width": 200,
                "height": 100,
                "pages": [
                    {
                        "id": "p",
                        "children": [
                            {"id": "t", "type": "text", "text": "Hello", "fontFamily": "Nope Sans"},
                            {"id": "v", "type": "video", "src": "x.mp4"},
                            {"id": "i", "type": "image", "src": "storage://missing.png"},
                        ],
                    }
                ],
            }
        )
        export = renderer.render(document, format=RenderFormat.PNG)
        codes = {(warning.code, warning.element_id) for warning in export.warnings}
        assert {
            ("unknown_font", "t"),
            ("skipped_element", "v"),
            ("image_unavailable", "i"),
        } == codes

    def test_the_loader_reads_storage_references(self) -> None:
        """Sources that are not data URLs go through the injected loader."""
        buffer = io.BytesIO()
        Image.new("RGB", (4, 4), "#00ff00").save(buffer, "PNG")
        asked: list[str] = []

        def load(src: str) -> bytes:
            asked.append(src)
            return buffer.getvalue()

        document = parse_document(
            {
                "width": 10,
                "height": 10,
                "pages": [
                    {
                        "id": "p",
                        "children": [
                            {
                                "id": "i",
                                "type": "image",
                                "src": "uploads/a.png",
                                "width": 10,
                                "height": 10,
                            }
                        ],
                    }
                ],
            }
        )
        export = SkiaRenderer(load_image=load).render(document, format=RenderFormat.PNG)
        assert ["uploads/a.png"] == asked
        assert () == export.warnings
        assert (0, 255, 0, 255) == Image.open(io.BytesIO(export.data)).convert("RGBA").getpixel(
            (5, 5)
        )


class TestEncodingLetsOthersRun:
    def test_the_interpreter_is_free_while_a_large_page_is_encoded(self) -> None:
        """While a large page is encoded on a worker thread, the main thread keeps running (a
        server's event loop goes on answering), and the PNG holds the drawn pixels. skia's own
        encoder held the interpreter lock throughout: the main thread got no turn."""
        from designcore.adapters.render.png import DOWNLOAD_LEVEL
        from designcore.adapters.render.renderer import _encode

        surface = skia.Surface(3000, 3000)
        surface.getCanvas().clear(skia.ColorSetARGB(255, 220, 40, 60))
        image = surface.makeImageSnapshot()
        result: list[bytes] = []
        worker = threading.Thread(
            target=lambda: result.append(_encode(image, RenderFormat.PNG, 100, DOWNLOAD_LEVEL))
        )
        turns = 0
        worker.start()
        while worker.is_alive():
            time.sleep(0.002)
            turns += 1
        worker.join()
        assert turns >= 3
        decoded = Image.open(io.BytesIO(result[0]))
        assert (3000, 3000) == decoded.size
        assert (220, 40, 60, 255) == decoded.convert("RGBA").getpixel((1500, 1500))

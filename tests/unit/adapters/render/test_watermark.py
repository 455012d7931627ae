"""The download watermark: drawn by the renderer over the whole of every page."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from designcore.adapters.render import SkiaRenderer
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import parse_document
from designcore.domain.rendering import RenderFormat

GRID = 4
"""The page is cut into GRID x GRID cells; the watermark must show in every one, so no crop
of a quarter of the page's width and height escapes it."""

MIN_CHANGED_SHARE = 0.02
"""Share of a cell's pixels the watermark must visibly change."""

VISIBLE = 12
"""A channel difference (0-255) a person notices."""


def blank(background: str, width: int = 800, height: int = 1000, pages: int = 1) -> dict[str, Any]:
    return {
        "width": width,
        "height": height,
        "pages": [{"id": f"p{n}", "background": background, "children": []} for n in range(pages)],
    }


def changed_share_per_cell(clean: bytes, marked: bytes) -> list[float]:
    """For each cell of the grid, the share of pixels that differ visibly."""
    a = Image.open(io.BytesIO(clean)).convert("RGBA")
    b = Image.open(io.BytesIO(marked)).convert("RGBA")
    assert a.size == b.size
    difference = ImageChops.difference(a, b)
    worst = difference.split()[0]
    for channel in difference.split()[1:]:
        worst = ImageChops.lighter(worst, channel)
    mask = worst.point(lambda level: 255 if level > VISIBLE else 0)
    width, height = a.size
    shares = []
    for row in range(GRID):
        for column in range(GRID):
            box = (
                column * width // GRID,
                row * height // GRID,
                (column + 1) * width // GRID,
                (row + 1) * height // GRID,
            )
            cell = mask.crop(box)
            shares.append(cell.histogram()[255] / (cell.width * cell.height))
    return shares


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> SkiaRenderer:
    """One renderer for the module."""
    return SkiaRenderer()


class TestWatermark:
    @pytest.mark.parametrize("background", ["#ffffff", "#000000", "#7a1fa2", "transparent"])
    def test_it_covers_every_part_of_the_page(
        self, renderer: SkiaRenderer, background: str
    ) -> None:
        """On light, dark, coloured and transparent pages the watermark changes every cell
        of a 4 x 4 grid: cropping cannot remove it."""
        document = parse_document(blank(background))
        clean = renderer.render(document, format=RenderFormat.PNG)
        marked = renderer.render(document, format=RenderFormat.PNG, watermark=True)
        shares = changed_share_per_cell(clean.data, marked.data)
        assert all(share >= MIN_CHANGED_SHARE for share in shares), shares

    def test_a_seed_flyer_differs_in_each_quadrant(self, renderer: SkiaRenderer) -> None:
        """A real design, watermarked, differs from the clean file all over."""
        document = parse_document(seed_templates()[6].polotno_json)
        clean = renderer.render(document, format=RenderFormat.PNG, pixel_ratio=0.5)
        marked = renderer.render(document, format=RenderFormat.PNG, pixel_ratio=0.5, watermark=True)
        shares = changed_share_per_cell(clean.data, marked.data)
        assert all(share >= MIN_CHANGED_SHARE for share in shares), shares

    @pytest.mark.parametrize("ratio", [0.1, 0.25, 3.0])
    def test_the_pixel_ratio_does_not_shrink_it_away(
        self, renderer: SkiaRenderer, ratio: float
    ) -> None:
        """It is drawn in document pixels, so it scales with the export."""
        document = parse_document(blank("#ffffff", 1080, 1350))
        clean = renderer.render(document, format=RenderFormat.PNG, pixel_ratio=ratio)
        marked = renderer.render(
            document, format=RenderFormat.PNG, pixel_ratio=ratio, watermark=True
        )
        shares = changed_share_per_cell(clean.data, marked.data)
        assert all(share >= MIN_CHANGED_SHARE for share in shares), shares

    def test_every_page_of_a_zip_and_jpeg(self, renderer: SkiaRenderer) -> None:
        """Each page file of a multi-page JPEG export carries it."""
        document = parse_document(blank("#f5f0e6", 600, 600, pages=3))
        clean = renderer.render(document, format=RenderFormat.JPEG)
        marked = renderer.render(document, format=RenderFormat.JPEG, watermark=True)
        with zipfile.ZipFile(io.BytesIO(marked.data)) as archive:
            assert 3 == len(archive.namelist())
        for before, after in zip(clean.pages, marked.pages, strict=True):
            shares = changed_share_per_cell(before, after)
            assert all(share >= MIN_CHANGED_SHARE for share in shares), shares

    def test_off_by_default(self, renderer: SkiaRenderer) -> None:
        """Without the option the output is exactly the clean drawing."""
        document = parse_document(blank("#ffffff"))
        assert (
            renderer.render(document, format=RenderFormat.PNG).data
            == renderer.render(document, format=RenderFormat.PNG, watermark=False).data
        )

    def test_vector_formats_carry_it_too(self, renderer: SkiaRenderer) -> None:
        """PDF and SVG pages get it as well (drawn on the same canvas)."""
        document = parse_document(blank("#ffffff"))
        pdf = renderer.render(document, format=RenderFormat.PDF, watermark=True)
        assert "designcore" in PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
        clean_svg = renderer.render(document, format=RenderFormat.SVG).data
        marked_svg = renderer.render(document, format=RenderFormat.SVG, watermark=True).data
        assert marked_svg.count(b"<path") > clean_svg.count(b"<path")

    def test_a_solid_mark_sits_in_the_bottom_right_corner(self, renderer: SkiaRenderer) -> None:
        """The corner mark is opaque: in the page's bottom-right corner some pixels change by
        far more than the light pattern ever does."""
        document = parse_document(blank("#ffffff"))
        clean = renderer.render(document, format=RenderFormat.PNG)
        marked = renderer.render(document, format=RenderFormat.PNG, watermark=True)
        corner = (600, 900, 800, 1000)
        assert strongest_change(clean.data, marked.data, corner) >= SOLID

    def test_the_pattern_over_the_design_is_light(self, renderer: SkiaRenderer) -> None:
        """Away from the corner no pixel of a white page darkens by more than LIGHT levels, so
        the design stays easy to judge."""
        document = parse_document(blank("#ffffff"))
        clean = renderer.render(document, format=RenderFormat.PNG)
        marked = renderer.render(document, format=RenderFormat.PNG, watermark=True)
        assert strongest_change(clean.data, marked.data, (0, 0, 800, 800)) <= LIGHT


SOLID = 150
"""A channel difference (0-255) only an opaque mark reaches on a white page."""

LIGHT = 45
"""The most a light pattern may change a channel of a white page (0-255)."""


def strongest_change(clean: bytes, marked: bytes, box: tuple[int, int, int, int]) -> int:
    """The largest channel difference between the two images inside ``box``."""
    a = Image.open(io.BytesIO(clean)).convert("RGB").crop(box)
    b = Image.open(io.BytesIO(marked)).convert("RGB").crop(box)
    return max(high for _, high in ImageChops.difference(a, b).getextrema())

"""The PNG writer of rendered pages, and proof that it changed no pixel of any seed template."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
import skia
from PIL import Image

from designcore.adapters.render import SkiaRenderer
from designcore.adapters.render.draw import DrawContext, draw_page
from designcore.adapters.render.png import DOWNLOAD_LEVEL, PREVIEW_LEVEL, encode_png
from designcore.adapters.render.renderer import unpremultiplied_rgba
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import Document, parse_document
from designcore.domain.rendering import RenderFormat
from designcore.domain.templates import Template

SEEDS = [template for template in seed_templates() if template.polotno_json is not None]


def decoded(png: bytes) -> np.ndarray:
    """The RGBA pixels of a PNG, as Pillow decodes it."""
    with Image.open(io.BytesIO(png)) as image:
        assert "PNG" == image.format
        return np.asarray(image.convert("RGBA"))


def pillow_png(pixels: bytearray, width: int, height: int) -> bytes:
    """The PNG the renderer wrote before this writer: the same unpremultiplied pixels saved by
    Pillow at compression level 6."""
    out = io.BytesIO()
    Image.frombuffer("RGBA", (width, height), pixels, "raw", "RGBA", 0, 1).save(
        out, "PNG", compress_level=6
    )
    return out.getvalue()


def drawn_as_before(renderer: SkiaRenderer, document: Document) -> skia.Image:
    """Page 0 drawn as the renderer drew it before this writer: on the platform's own
    (BGRA) premultiplied surface, transparent, at its own size."""
    width, height = document.page_size(document.pages[0])
    surface = skia.Surface.MakeRasterN32Premul(math.ceil(width - 1e-6), math.ceil(height - 1e-6))
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    draw_page(canvas, document, document.pages[0], DrawContext(fonts=renderer.fonts, loader=None))
    return surface.makeImageSnapshot()


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> SkiaRenderer:
    """One renderer for the module: fonts load once."""
    return SkiaRenderer()


class TestEncodePng:
    @pytest.mark.parametrize(
        ("width", "height"), [(1, 1), (3, 1), (1, 4), (17, 9), (64, 64), (5, 129), (3, 200)]
    )
    @pytest.mark.parametrize("level", [0, PREVIEW_LEVEL, DOWNLOAD_LEVEL, 9])
    def test_any_pixels_come_back_exactly(self, width: int, height: int, level: int) -> None:
        """Random RGBA pixels, alpha included, decode to exactly the bytes given."""
        pixels = np.random.default_rng(width * 100 + height).integers(
            0, 256, size=(height, width, 4), dtype=np.uint8
        )
        png = encode_png(pixels.tobytes(), width, height, level)
        assert pixels.tolist() == decoded(png).tolist()

    def test_the_higher_level_writes_smaller_files(self) -> None:
        """Downloads are compressed harder than previews, without a change of pixels."""
        ramp = np.add.outer(np.arange(300), np.arange(400)).astype(np.uint8)
        pixels = np.stack([ramp, ramp // 2, ramp, ramp], axis=2)
        noise = np.random.default_rng(1).integers(0, 4, size=pixels.shape, dtype=np.uint8)
        data = (pixels + noise).tobytes()
        fast = encode_png(data, 400, 300, PREVIEW_LEVEL)
        small = encode_png(data, 400, 300, DOWNLOAD_LEVEL)
        assert len(small) < len(fast)
        assert decoded(fast).tolist() == decoded(small).tolist()

    @pytest.mark.parametrize(
        ("size", "length", "level", "message"),
        [
            ((0, 5), 0, 6, "positive sides"),
            ((2, 2), 16, 10, "zlib level is 0 to 9"),
            ((2, 2), 16, -1, "zlib level is 0 to 9"),
            ((2, 2), 15, 6, "needs 16 bytes, got 15"),
            ((2, 2), 17, 6, "needs 16 bytes, got 17"),
        ],
    )
    def test_bad_input_is_refused(
        self, size: tuple[int, int], length: int, level: int, message: str
    ) -> None:
        """Sides, level and buffer length are checked before anything is written."""
        with pytest.raises(ValueError, match=message):
            encode_png(bytes(length), size[0], size[1], level)


class TestEncodePngInput:
    def test_pixels_that_are_not_bytes_are_refused(self) -> None:
        """An array of wider numbers is refused rather than read as bytes."""
        with pytest.raises(ValueError, match="must be bytes"):
            encode_png(np.zeros(16, dtype=np.uint16), 2, 2, 6)


class TestTransparentPages:
    def test_a_page_with_transparency_keeps_its_straight_colours(
        self, renderer: SkiaRenderer
    ) -> None:
        """A page without a background (half-transparent red on nothing) comes out
        unpremultiplied, as before: the same pixels as skia's own PNG encoder gives."""
        document = parse_document(
            {
                "width": 40,
                "height": 30,
                "pages": [
                    {
                        "id": "p",
                        "background": "transparent",
                        "children": [
                            {
                                "id": "r",
                                "type": "figure",
                                "subType": "rect",
                                "x": 5,
                                "y": 5,
                                "width": 20,
                                "height": 10,
                                "fill": "rgba(255, 0, 0, 0.5)",
                            }
                        ],
                    }
                ],
            }
        )
        ours = decoded(renderer.render(document, format=RenderFormat.PNG).data)
        image = drawn_as_before(renderer, document)
        by_skia = decoded(bytes(image.encodeToData(skia.EncodedImageFormat.kPNG, 100)))
        assert np.array_equal(by_skia, ours)
        assert (255, 0, 0) == tuple(ours[10, 10, :3])
        assert 0 < ours[10, 10, 3] < 255
        assert 0 == ours[0, 0, 3]


class TestSeedTemplatesKeepTheirPixels:
    @pytest.mark.parametrize("template", SEEDS, ids=[template.id for template in SEEDS])
    def test_the_new_png_has_the_old_pixels(
        self, renderer: SkiaRenderer, template: Template
    ) -> None:
        """Every seed template, at its own size, decodes from the new PNG (download and
        preview) to exactly the pixels of the PNG written before: drawn on a BGRA surface,
        read out unpremultiplied and saved by Pillow."""
        document = parse_document(dict(template.polotno_json or {}))
        image = drawn_as_before(renderer, document)
        width, height = image.width(), image.height()
        old = decoded(pillow_png(unpremultiplied_rgba(image), width, height))
        download = renderer.render(document, format=RenderFormat.PNG, pages=[0]).data
        preview = renderer.render(document, format=RenderFormat.PNG, pages=[0], preview=True).data
        assert (height, width, 4) == old.shape
        assert np.array_equal(old, decoded(download))
        assert np.array_equal(old, decoded(preview))

    def test_skia_s_own_encoder_agrees(self, renderer: SkiaRenderer) -> None:
        """skia's PNG encoder (what the renderer used before Pillow) decodes to the same
        pixels as the new PNG, for a flyer with text, images and transparency."""
        flyer = next(t for t in SEEDS if (t.polotno_json or {}).get("height") == 1350)
        document = parse_document(dict(flyer.polotno_json or {}))
        image = drawn_as_before(renderer, document)
        by_skia = bytes(image.encodeToData(skia.EncodedImageFormat.kPNG, 100))
        ours = renderer.render(document, format=RenderFormat.PNG, pages=[0]).data
        assert np.array_equal(decoded(by_skia), decoded(ours))

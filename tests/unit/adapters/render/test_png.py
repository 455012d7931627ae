"""The PNG writer of rendered pages, and proof that it changed no pixel of any seed template."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
import skia
from PIL import Image

from designcore.adapters.render import SkiaRenderer
from designcore.adapters.render.draw import DrawContext
from designcore.adapters.render.png import DOWNLOAD_LEVEL, PREVIEW_LEVEL, encode_png
from designcore.adapters.render.renderer import unpremultiplied_rgba
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import parse_document
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


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> SkiaRenderer:
    """One renderer for the module: fonts load once."""
    return SkiaRenderer()


class TestEncodePng:
    @pytest.mark.parametrize(("width", "height"), [(1, 1), (3, 1), (1, 4), (17, 9), (64, 64)])
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


class TestSeedTemplatesKeepTheirPixels:
    @pytest.mark.parametrize("template", SEEDS, ids=[template.id for template in SEEDS])
    def test_the_new_png_has_the_old_pixels(
        self, renderer: SkiaRenderer, template: Template
    ) -> None:
        """Every seed template, at its own size, decodes from the new PNG (download and
        preview) to exactly the pixels of the PNG Pillow wrote before from the same drawing."""
        document = parse_document(dict(template.polotno_json or {}))
        page_width, page_height = document.page_size(document.pages[0])
        width, height = math.ceil(page_width - 1e-6), math.ceil(page_height - 1e-6)
        image = renderer.draw_raster(
            document, 0, 1.0, RenderFormat.PNG, DrawContext(fonts=renderer.fonts, loader=None)
        )
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
        image = renderer.draw_raster(
            document, 0, 1.0, RenderFormat.PNG, DrawContext(fonts=renderer.fonts, loader=None)
        )
        by_skia = bytes(image.encodeToData(skia.EncodedImageFormat.kPNG, 100))
        ours = renderer.render(document, format=RenderFormat.PNG, pages=[0]).data
        assert np.array_equal(decoded(by_skia), decoded(ours))

"""The Pillow codec: sniffing from bytes, bounded decoding, resizing and encoding."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from designcore.adapters.pillow.images import PillowImageCodec
from designcore.domain.errors import Unprocessable, UnsupportedMedia
from designcore.domain.images import ImageFormat, parse_transform
from image_samples import png_declaring, raster


@pytest.fixture(name="codec")
def fixture_codec() -> PillowImageCodec:
    """The codec with the default limits."""
    return PillowImageCodec()


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


class TestSniffing:
    @pytest.mark.parametrize(
        ("fmt", "expected"),
        [
            ("JPEG", ImageFormat.JPEG),
            ("PNG", ImageFormat.PNG),
            ("WEBP", ImageFormat.WEBP),
            ("AVIF", ImageFormat.AVIF),
        ],
    )
    def test_accepted_formats_are_recognised(
        self, codec: PillowImageCodec, fmt: str, expected: ImageFormat
    ) -> None:
        """The format and size come from the bytes."""
        facts = codec.identify(raster(fmt, 40, 30))
        assert facts is not None
        assert (expected, 40, 30) == (facts.format, facts.width, facts.height)

    @pytest.mark.parametrize("fmt", ["GIF", "BMP", "TIFF", "ICO"])
    def test_other_raster_formats_are_not_images_to_us(
        self, codec: PillowImageCodec, fmt: str
    ) -> None:
        """Formats outside the list are not identified, though Pillow could read them."""
        assert codec.identify(raster(fmt, 16, 16)) is None

    @pytest.mark.parametrize(
        "data", [b"", b"plain text", b"<svg xmlns='http://www.w3.org/2000/svg'/>", b"\xff\xd8\xff"]
    )
    def test_non_images_are_none(self, codec: PillowImageCodec, data: bytes) -> None:
        """Bytes that are not an accepted raster image answer None."""
        assert codec.identify(data) is None

    def test_truncated_image_is_damaged(self, codec: PillowImageCodec) -> None:
        """An image cut short is refused as damaged, not stored."""
        data = raster("PNG", 200, 200)
        with pytest.raises(Unprocessable) as caught:
            codec.identify(data[: len(data) // 2])
        assert "damaged_image" == caught.value.code


class TestDecompressionBombs:
    @pytest.mark.parametrize(("width", "height"), [(100_000, 100_000), (8000, 8000)])
    def test_huge_declared_size_is_refused_before_decoding(
        self, codec: PillowImageCodec, width: int, height: int
    ) -> None:
        """A tiny file declaring a huge canvas is refused from its header alone (beyond
        Pillow's own bomb limit, and between that and ours)."""
        bomb = png_declaring(width, height)
        assert len(bomb) < 200
        for attempt in (codec.identify, lambda d: codec.transform(d, parse_transform({}))):
            with pytest.raises(Unprocessable) as caught:
                attempt(bomb)
            assert "image_too_large" == caught.value.code

    def test_pixel_cap_is_configurable(self) -> None:
        """A codec with a small cap refuses an ordinary image above it."""
        with pytest.raises(Unprocessable):
            PillowImageCodec(max_pixels=1000).identify(raster("PNG", 40, 30))


class TestTransform:
    @pytest.mark.parametrize(
        ("query", "size"),
        [
            ({"width": "100"}, (100, 50)),
            ({"height": "25"}, (50, 25)),
            ({}, (400, 200)),
            ({"width": "100", "height": "100", "resize": "cover"}, (100, 100)),
            ({"width": "100", "height": "100", "resize": "contain"}, (100, 50)),
            ({"width": "100", "height": "100", "resize": "fill"}, (100, 100)),
            ({"width": "9000"}, (2500, 1250)),
        ],
    )
    def test_sizes(
        self, codec: PillowImageCodec, query: dict[str, str], size: tuple[int, int]
    ) -> None:
        """The output has the size the options and the 2500 px cap ask for."""
        variant = codec.transform(raster("JPEG", 400, 200), parse_transform(query))
        assert size == opened(variant.data).size

    @pytest.mark.parametrize(
        ("fmt", "pillow_format", "media_type"),
        [
            ("avif", "AVIF", "image/avif"),
            ("webp", "WEBP", "image/webp"),
            ("png", "PNG", "image/png"),
            ("jpeg", "JPEG", "image/jpeg"),
        ],
    )
    def test_output_formats(
        self, codec: PillowImageCodec, fmt: str, pillow_format: str, media_type: str
    ) -> None:
        """Each output format is encoded as asked, with its media type."""
        variant = codec.transform(raster("PNG", 60, 40), parse_transform({"format": fmt}))
        assert (pillow_format, media_type) == (opened(variant.data).format, variant.media_type)

    def test_origin_keeps_the_source_format(self, codec: PillowImageCodec) -> None:
        """format=origin (the default) answers the source's format."""
        variant = codec.transform(raster("WEBP", 60, 40), parse_transform({"width": "30"}))
        assert ("WEBP", "image/webp") == (opened(variant.data).format, variant.media_type)

    def test_quality_changes_the_bytes(self, codec: PillowImageCodec) -> None:
        """A lower quality gives a smaller JPEG."""
        source = raster("PNG", 300, 300)
        low = codec.transform(source, parse_transform({"format": "jpeg", "quality": "10"}))
        high = codec.transform(source, parse_transform({"format": "jpeg", "quality": "95"}))
        assert len(low.data) < len(high.data)

    def test_transparency_flattens_on_white_for_jpeg(self, codec: PillowImageCodec) -> None:
        """A fully transparent PNG becomes white as a JPEG, and keeps alpha as WebP."""
        clear = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
        buffer = io.BytesIO()
        clear.save(buffer, "PNG")
        jpeg = opened(codec.transform(buffer.getvalue(), parse_transform({"format": "jpeg"})).data)
        assert all(channel > 245 for channel in jpeg.getpixel((10, 10)))  # type: ignore[union-attr]
        webp = opened(codec.transform(buffer.getvalue(), parse_transform({"format": "webp"})).data)
        assert "RGBA" == webp.mode

    def test_exif_orientation_is_applied(self, codec: PillowImageCodec) -> None:
        """A JPEG stored sideways with orientation 6 comes out upright (taller than wide)."""
        image = Image.new("RGB", (80, 40), (10, 200, 10))
        exif = Image.Exif()
        exif[0x0112] = 6
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", exif=exif)
        variant = codec.transform(buffer.getvalue(), parse_transform({"width": "20"}))
        result = opened(variant.data)
        assert (20, 40) == result.size
        assert 0x0112 not in result.getexif()  # metadata is not copied into variants

    def test_cover_crops_the_centre(self, codec: PillowImageCodec) -> None:
        """cover of a wide red-green-blue image to a square keeps the green middle."""
        image = Image.new("RGB", (300, 100), (255, 0, 0))
        image.paste((0, 255, 0), (100, 0, 200, 100))
        image.paste((0, 0, 255), (200, 0, 300, 100))
        buffer = io.BytesIO()
        image.save(buffer, "PNG")
        query = {"width": "50", "height": "50", "resize": "cover", "format": "png"}
        result = opened(codec.transform(buffer.getvalue(), parse_transform(query)).data)
        assert (0, 255, 0) == result.convert("RGB").getpixel((25, 25))

    def test_not_an_image_is_unsupported(self, codec: PillowImageCodec) -> None:
        """Transforming bytes that are no raster image raises UnsupportedMedia."""
        with pytest.raises(UnsupportedMedia):
            codec.transform(b"<svg/>", parse_transform({}))

    def test_large_jpeg_is_decoded_reduced(self, codec: PillowImageCodec) -> None:
        """A 2000 px JPEG asked at 200 px comes out right (decoded at a reduced scale)."""
        variant = codec.transform(
            raster("JPEG", 2000, 1000), parse_transform({"width": "200", "format": "png"})
        )
        assert (200, 100) == opened(variant.data).size

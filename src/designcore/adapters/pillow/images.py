"""Raster images with Pillow: sniffing, bounded decoding, resizing and encoding.

Only the JPEG, PNG, WebP and AVIF decoders are ever tried (``Image.open(formats=…)``), so no
other of Pillow's many parsers sees uploaded bytes. The pixel count is read from the header and
checked before any decoding, so a small file that declares a huge canvas (a decompression bomb)
costs nothing. JPEG sources are decoded at a reduced scale when the output is smaller.
"""

from __future__ import annotations

import io
import math

import PIL
from PIL import Image, ImageOps, UnidentifiedImageError

from designcore.domain.errors import Unprocessable, UnsupportedMedia
from designcore.domain.images import MAX_SOURCE_PIXELS, ImageFormat, Transform, plan_resize
from designcore.ports.images import ImageFacts, Variant

_DECODERS = {
    "JPEG": ImageFormat.JPEG,
    "PNG": ImageFormat.PNG,
    "WEBP": ImageFormat.WEBP,
    "AVIF": ImageFormat.AVIF,
}
_ENCODERS = {
    ImageFormat.JPEG: "JPEG",
    ImageFormat.PNG: "PNG",
    ImageFormat.WEBP: "WEBP",
    ImageFormat.AVIF: "AVIF",
}
_ROTATING_ORIENTATIONS = {5, 6, 7, 8}
_ORIENTATION_TAG = 0x0112


class PillowImageCodec:
    """The :class:`~designcore.ports.images.ImageCodec` of Pillow."""

    def __init__(self, *, max_pixels: int = MAX_SOURCE_PIXELS, avif_speed: int = 8) -> None:
        """``avif_speed`` 0 (slowest, smallest) to 10: 8 encodes an 800 px variant two to three
        times as fast as libavif's default 6 for files about a tenth larger
        (docs/decisions.md, docs/benchmarks-images.md)."""
        self._max_pixels = max_pixels
        self._avif_speed = avif_speed

    @property
    def version(self) -> str:
        """Pillow's version and this module's encoding settings."""
        return f"pillow-{PIL.__version__}/avif-speed-{self._avif_speed}/1"

    def _open(self, data: bytes) -> Image.Image | None:
        """The image with only its header read, or ``None`` if no accepted decoder knows it."""
        try:
            image = Image.open(io.BytesIO(data), formats=list(_DECODERS))
        except Image.DecompressionBombError:
            raise self._too_many_pixels() from None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
            return None
        width, height = image.size
        if width < 1 or height < 1:
            return None
        if width * height > self._max_pixels:
            raise self._too_many_pixels(width, height)
        return image

    def _too_many_pixels(self, width: int = 0, height: int = 0) -> Unprocessable:
        declared = f" ({width} x {height})" if width else ""
        return Unprocessable(
            f"the image declares too many pixels{declared}: at most {self._max_pixels:,} are "
            "decoded",
            code="image_too_large",
        )

    @staticmethod
    def _damaged() -> Unprocessable:
        return Unprocessable("the image is damaged or truncated", code="damaged_image")

    def identify(self, data: bytes) -> ImageFacts | None:
        """Sniff and fully decode once."""
        image = self._open(data)
        if image is None:
            return None
        with image:
            fmt = _DECODERS[str(image.format)]
            try:
                image.load()
            except Image.DecompressionBombError:
                raise self._too_many_pixels(*image.size) from None
            except (OSError, ValueError, SyntaxError, EOFError, IndexError):
                raise self._damaged() from None
            return ImageFacts(fmt, image.width, image.height)

    def transform(self, data: bytes, transform: Transform) -> Variant:
        """Decode (reduced where possible), orient, resample once, encode without metadata."""
        image = self._open(data)
        if image is None:
            raise UnsupportedMedia(
                "the source is not a JPEG, PNG, WebP or AVIF image", code="unsupported_media_type"
            )
        with image:
            source_format = _DECODERS[str(image.format)]
            output = transform.format or source_format
            try:
                rendered = self._render(image, transform, keep_alpha=output is not ImageFormat.JPEG)
            except (OSError, ValueError, SyntaxError, EOFError, IndexError):
                raise self._damaged() from None
        buffer = io.BytesIO()
        options: dict[str, object] = {}
        if output is ImageFormat.JPEG:
            options = {"quality": transform.quality}
        elif output is ImageFormat.WEBP:
            options = {"quality": transform.quality, "method": 4}
        elif output is ImageFormat.AVIF:
            options = {"quality": transform.quality, "speed": self._avif_speed}
        elif output is ImageFormat.PNG:
            options = {"compress_level": 6}
        rendered.save(buffer, _ENCODERS[output], **options)
        return Variant(buffer.getvalue(), output.media_type)

    def _render(self, image: Image.Image, transform: Transform, *, keep_alpha: bool) -> Image.Image:
        orientation = int(image.getexif().get(_ORIENTATION_TAG, 1) or 1)
        rotated = orientation in _ROTATING_ORIENTATIONS

        def oriented(size: tuple[int, int]) -> tuple[int, int]:
            return (size[1], size[0]) if rotated else size

        plan = plan_resize(*oriented(image.size), transform)
        if image.format == "JPEG":
            # Let the JPEG decoder shrink by 1/2, 1/4 or 1/8 while still leaving at least the
            # output's resolution over the region used.
            region_w = (plan.box[2] - plan.box[0]) if plan.box else oriented(image.size)[0]
            region_h = (plan.box[3] - plan.box[1]) if plan.box else oriented(image.size)[1]
            factor = min(1.0, max(plan.size[0] / region_w, plan.size[1] / region_h))
            wanted = oriented(image.size)
            wanted = (math.ceil(wanted[0] * factor), math.ceil(wanted[1] * factor))
            image.draft(None, oriented(wanted))
        image.load()
        image = ImageOps.exif_transpose(image)
        plan = plan_resize(image.width, image.height, transform)  # sizes after draft and turn
        has_alpha = image.mode in {"RGBA", "LA", "PA"} or (
            image.mode == "P" and "transparency" in image.info
        )
        if has_alpha and keep_alpha:
            image = image.convert("RGBA")
        elif has_alpha:
            flat = Image.new("RGB", image.size, (255, 255, 255))
            flat.paste(image.convert("RGBA"), mask=image.convert("RGBA").getchannel("A"))
            image = flat
        elif image.mode not in {"RGB", "L"}:
            image = image.convert("RGB")
        if plan.size != image.size or plan.box is not None:
            image = image.resize(
                plan.size, Image.Resampling.LANCZOS, box=plan.box, reducing_gap=3.0
            )
        return image

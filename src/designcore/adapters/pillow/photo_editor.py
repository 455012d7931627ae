"""The admin photo editor's steps with Pillow (``designcore.ports.photo_editing.PhotoEditor``).

Only the JPEG, PNG, WebP and AVIF decoders are tried and the pixel count is checked from the
header before decoding, as in :mod:`designcore.adapters.pillow.images`. Background removal is
delegated to a :class:`ForegroundMasker` (a local segmentation model, optional); without one
the step is reported unavailable with the reason.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageChops, ImageEnhance, ImageFilter, ImageOps, UnidentifiedImageError

from designcore.domain.errors import Unavailable, Unprocessable, UnsupportedMedia
from designcore.domain.photo_edits import (
    MAX_MEGAPIXELS,
    Background,
    Crop,
    Enhance,
    Flip,
    FlipAxis,
    Operation,
    RemoveBackground,
    Resize,
    Rotate,
)
from designcore.ports.photo_editing import Capability, EditedPhoto

_FORMATS = ["JPEG", "PNG", "WEBP", "AVIF"]
JPEG_QUALITY = 92
NO_MASKER_REASON = (
    "background removal needs a local segmentation model, and none is installed on this server"
)


class ForegroundMasker(Protocol):
    """Finds the subject of a picture."""

    def mask(self, image: Image.Image) -> Image.Image:
        """An ``L`` image of ``image``'s size: 255 where the subject is, 0 for background."""
        ...


class PillowPhotoEditor:
    """Enhance, crop, resize, rotate, flip and background fill with Pillow; background
    removal through ``masker`` when one is given."""

    def __init__(
        self,
        *,
        masker: ForegroundMasker | None = None,
        masker_unavailable_reason: str = NO_MASKER_REASON,
        max_pixels: int = MAX_MEGAPIXELS * 1_000_000,
    ) -> None:
        self._masker = masker
        self._masker_reason = masker_unavailable_reason
        self._max_pixels = max_pixels

    def capability(self, op: str) -> Capability:
        """Every step but ``remove_background`` always runs; that one needs the masker."""
        if op == RemoveBackground.op and self._masker is None:
            return Capability(False, self._masker_reason)
        return Capability(True)

    def _open(self, data: bytes) -> Image.Image:
        try:
            image = Image.open(io.BytesIO(data), formats=_FORMATS)
        except Image.DecompressionBombError:
            raise self._too_large() from None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
            raise UnsupportedMedia(
                "the source is not a JPEG, PNG, WebP or AVIF picture",
                code="unsupported_media_type",
            ) from None
        if image.width * image.height > self._max_pixels:
            raise self._too_large()
        return image

    def _too_large(self) -> Unprocessable:
        return Unprocessable(
            f"the picture has more than {self._max_pixels:,} pixels", code="image_too_large"
        )

    def size_of(self, data: bytes) -> tuple[int, int]:
        """Width and height from the header, oriented as the EXIF tag says."""
        with self._open(data) as image:
            width, height = image.size
            if int(image.getexif().get(0x0112, 1) or 1) in {5, 6, 7, 8}:
                return height, width
            return width, height

    def apply(self, data: bytes, steps: Sequence[Operation]) -> EditedPhoto:
        """Decode once, run ``steps``, encode PNG (transparency) or JPEG."""
        for step in steps:
            capability = self.capability(step.op)
            if not capability.available:
                raise Unavailable(capability.reason or step.op, code="step_unavailable")
        with self._open(data) as opened:
            try:
                opened.load()
                image = ImageOps.exif_transpose(opened)
            except (OSError, ValueError, SyntaxError, EOFError, IndexError):
                raise Unprocessable(
                    "the picture is damaged or truncated", code="damaged_image"
                ) from None
        image = image.convert("RGBA" if _has_alpha(image) else "RGB")
        for step in steps:
            image = self._step(image, step)
        buffer = io.BytesIO()
        if image.mode == "RGBA" and _min_of(image.getchannel("A")) < 255:
            image.save(buffer, "PNG", compress_level=6)
            media_type = "image/png"
        else:
            image.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
            media_type = "image/jpeg"
        return EditedPhoto(buffer.getvalue(), media_type, image.width, image.height)

    def _step(self, image: Image.Image, step: Operation) -> Image.Image:
        if isinstance(step, Enhance):
            return enhance(image)
        if isinstance(step, Crop):
            return image.crop((step.x, step.y, step.x + step.width, step.y + step.height))
        if isinstance(step, Resize):
            return image.resize((step.width, step.height), Image.Resampling.LANCZOS)
        if isinstance(step, Rotate):
            return _rotate(image, step)
        if isinstance(step, Flip):
            mirrored = step.axis is FlipAxis.HORIZONTAL
            return ImageOps.mirror(image) if mirrored else ImageOps.flip(image)
        if isinstance(step, Background):
            if image.mode != "RGBA":
                return image
            ground = Image.new("RGB", image.size, step.rgb)
            ground.paste(image, mask=image.getchannel("A"))
            return ground
        assert self._masker is not None  # checked in apply
        mask = self._masker.mask(image.convert("RGB"))
        cut = image.convert("RGBA")
        if image.mode == "RGBA":  # what was transparent stays transparent
            mask = ImageChops.multiply(mask.convert("L"), image.getchannel("A"))
        cut.putalpha(mask.convert("L"))
        return cut


def _min_of(channel: Image.Image) -> int:
    low, _ = channel.getextrema()
    return int(low)  # type: ignore[arg-type]  # one band: a pair of ints


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in {"RGBA", "LA", "PA"} or (
        image.mode == "P" and "transparency" in image.info
    )


def _rotate(image: Image.Image, step: Rotate) -> Image.Image:
    degrees = step.degrees % 360
    if degrees == 0:
        return image
    if step.is_right_angle:
        turn = {90: Image.Transpose.ROTATE_90, 180: Image.Transpose.ROTATE_180}
        return image.transpose(turn.get(int(degrees), Image.Transpose.ROTATE_270))
    return image.convert("RGBA").rotate(
        degrees, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=(0, 0, 0, 0)
    )


def enhance(image: Image.Image) -> Image.Image:
    """Auto-levels (stretch each channel, clipping 0.5 % at both ends), then 10 % more contrast
    and 15 % more saturation, then an unsharp mask; transparency is kept."""
    alpha = image.getchannel("A") if image.mode == "RGBA" else None
    rgb = image.convert("RGB")
    rgb = ImageOps.autocontrast(rgb, cutoff=0.5, preserve_tone=False)
    rgb = ImageEnhance.Contrast(rgb).enhance(1.10)
    rgb = ImageEnhance.Color(rgb).enhance(1.15)
    rgb = rgb.filter(ImageFilter.UnsharpMask(radius=2, percent=80, threshold=3))
    if alpha is not None:
        rgb.putalpha(alpha)
    return rgb

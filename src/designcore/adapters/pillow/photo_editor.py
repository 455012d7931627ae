"""The admin photo editor's steps with Pillow (``designcore.ports.photo_editing.PhotoEditor``).

Only the JPEG, PNG, WebP and AVIF decoders are tried and the pixel count is checked from the
header before decoding, as in :mod:`designcore.adapters.pillow.images`. Background removal is
delegated to a :class:`ForegroundMasker`: :class:`PlainBackgroundMasker` (no model: plain or
nearly plain backgrounds only, ``designcore.domain.photo_edits.BackgroundRules``) unless
another is given; with ``masker=None`` the step is reported unavailable with the reason.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Protocol

from PIL import (
    Image,
    ImageChops,
    ImageCms,
    ImageDraw,
    ImageEnhance,
    ImageFilter,
    ImageOps,
    UnidentifiedImageError,
)

from designcore.domain.errors import Unavailable, Unprocessable, UnsupportedMedia
from designcore.domain.photo_edits import (
    BACKGROUND_RULES,
    MAX_MEGAPIXELS,
    Background,
    BackgroundRules,
    Crop,
    Enhance,
    Flip,
    FlipAxis,
    Operation,
    RemoveBackground,
    Resize,
    Rotate,
    background_colours,
)
from designcore.ports.photo_editing import Capability, EditedPhoto

_FORMATS = ["JPEG", "PNG", "WEBP", "AVIF"]
JPEG_QUALITY = 92
NO_MASKER_REASON = "background removal is turned off on this server"


class ForegroundMasker(Protocol):
    """Finds the subject of a picture."""

    def mask(self, image: Image.Image) -> Image.Image:
        """An ``L`` image of ``image``'s size: 255 where the subject is, 0 for background."""
        ...


_SRGB_TO_LAB: ImageCms.ImageCmsTransform | None = None


def _to_lab(image: Image.Image) -> Image.Image:
    """``image`` (RGB, sRGB) in CIELAB as three 8-bit channels: L 0-255, a* and b* + 128."""
    global _SRGB_TO_LAB
    if _SRGB_TO_LAB is None:
        _SRGB_TO_LAB = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), "RGB", "LAB"
        )
    lab = ImageCms.applyTransform(image, _SRGB_TO_LAB)
    assert lab is not None
    # Pillow stores a* and b* as signed bytes; shift them to 0-255 (128 is neutral) so that
    # differences between channels do not wrap around.
    lightness, a, b = lab.split()
    return Image.merge("RGB", (lightness, a.point(_UNSIGNED_SHIFT), b.point(_UNSIGNED_SHIFT)))


_UNSIGNED_SHIFT = [(value + 128) % 256 for value in range(256)]


class PlainBackgroundMasker:
    """Background removal without a model, for a subject on a plain or nearly plain
    background (``BackgroundRules``): the background's colours come from the border, the
    pixels near one of them (in Lab) that reach the border through such pixels are background
    (grown from the border by repeated dilation inside the near-colour mask), the mask is
    closed and opened to drop noise and specks, scaled to the picture and feathered. Raises
    ``BackgroundNotPlain`` (422) when the border has no dominant colours."""

    def __init__(self, rules: BackgroundRules = BACKGROUND_RULES) -> None:
        self._rules = rules

    def mask(self, image: Image.Image) -> Image.Image:
        rules = self._rules
        width, height = image.size
        scale = min(1.0, rules.working_side / max(width, height))
        size = (max(1, round(width * scale)), max(1, round(height * scale)))
        small = image.convert("RGB").resize(size, Image.Resampling.BILINEAR)
        lab = _to_lab(small.filter(ImageFilter.GaussianBlur(1)))
        colours = background_colours(_border_samples(lab, rules.border), rules)
        channels = lab.split()
        near: Image.Image | None = None
        for colour in colours:
            distance = Image.new("L", size, 0)
            for channel, value in zip(channels, colour, strict=True):
                constant = Image.new("L", size, value)
                distance = ImageChops.add(distance, ImageChops.difference(channel, constant))
            hit = distance.point(lambda v: 255 if v <= rules.tolerance else 0)
            near = hit if near is None else ImageChops.lighter(near, hit)
        assert near is not None  # background_colours answers at least one
        background = _grow_from_border(near)
        background = _close(background, rules.close_size)
        background = _open(background, rules.open_size)
        # One pixel in from the edge: the blurred copy's edge pixels mix subject and background.
        subject = ImageOps.invert(background).filter(ImageFilter.MinFilter(3))
        if subject.size != (width, height):
            subject = subject.resize((width, height), Image.Resampling.BILINEAR)
        if rules.feather > 0:
            subject = subject.filter(ImageFilter.GaussianBlur(rules.feather))
        return subject


def _border_samples(lab: Image.Image, border: int) -> list[tuple[int, int, int]]:
    width, height = lab.size
    band = max(1, min(border, width // 2, height // 2))
    boxes = [
        (0, 0, width, band),
        (0, height - band, width, height),
        (0, band, band, height - band),
        (width - band, band, width, height - band),
    ]
    samples: list[tuple[int, int, int]] = []
    for box in boxes:
        if box[2] > box[0] and box[3] > box[1]:
            raw = lab.crop(box).tobytes()
            samples.extend((raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw) - 2, 3))
    return samples


def _grow_from_border(near: Image.Image) -> Image.Image:
    """The parts of ``near`` (255/0) connected to the picture's edge (8-connected)."""
    width, height = near.size
    frame = Image.new("L", near.size, 0)
    ImageDraw.Draw(frame).rectangle((0, 0, width - 1, height - 1), outline=255)
    grown = ImageChops.darker(frame, near)
    while True:
        previous = grown
        for _ in range(8):
            grown = ImageChops.darker(grown.filter(ImageFilter.MaxFilter(3)), near)
        if ImageChops.difference(grown, previous).getbbox() is None:
            return grown


def _close(mask: Image.Image, size: int) -> Image.Image:
    if size < 3:
        return mask
    return mask.filter(ImageFilter.MaxFilter(size)).filter(ImageFilter.MinFilter(size))


def _open(mask: Image.Image, size: int) -> Image.Image:
    if size < 3:
        return mask
    return mask.filter(ImageFilter.MinFilter(size)).filter(ImageFilter.MaxFilter(size))


_PLAIN_BACKGROUND = PlainBackgroundMasker()


class PillowPhotoEditor:
    """Enhance, crop, resize, rotate, flip and background fill with Pillow; background
    removal through ``masker`` (plain backgrounds without a model by default; ``None``: not
    offered)."""

    def __init__(
        self,
        *,
        masker: ForegroundMasker | None = _PLAIN_BACKGROUND,
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
    """Auto-levels (one stretch shared by the three channels, clipping 0.5 % at both ends, and
    counting only visible pixels), then 10 % more contrast and 15 % more saturation, then an
    unsharp mask; transparency is kept.

    The stretch is shared so that a colour keeps its hue: stretching each channel on its own
    sends a saturated colour on a light background to black (a red 220, 40, 60 has the lowest
    red, green and blue of a picture that is otherwise white)."""
    alpha = image.getchannel("A") if image.mode == "RGBA" else None
    rgb = image.convert("RGB")
    rgb = shared_levels(rgb, alpha, cutoff=0.5)
    rgb = ImageEnhance.Contrast(rgb).enhance(1.10)
    rgb = ImageEnhance.Color(rgb).enhance(1.15)
    rgb = rgb.filter(ImageFilter.UnsharpMask(radius=2, percent=80, threshold=3))
    if alpha is not None:
        rgb.putalpha(alpha)
    return rgb


def shared_levels(rgb: Image.Image, mask: Image.Image | None, cutoff: float) -> Image.Image:
    """Stretch the darkest to the lightest channel value of the pixels ``mask`` keeps (all when
    ``None``) to 0..255, after dropping ``cutoff`` % of values at each end; the same mapping is
    applied to red, green and blue, so hues are kept."""
    histogram = rgb.histogram(mask)
    counts = [histogram[v] + histogram[256 + v] + histogram[512 + v] for v in range(256)]
    clipped = sum(counts) * cutoff / 100
    low = _first_beyond(counts, clipped)
    high = 255 - _first_beyond(counts[::-1], clipped)
    if high <= low:
        return rgb
    scale = 255 / (high - low)
    table = [min(255, max(0, round((value - low) * scale))) for value in range(256)]
    return rgb.point(table * 3)


def _first_beyond(counts: list[int], clipped: float) -> int:
    """The first index at which the running total of ``counts`` exceeds ``clipped``."""
    total = 0
    for index, count in enumerate(counts):
        total += count
        if total > clipped:
            return index
    return len(counts) - 1

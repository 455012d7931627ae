"""Image rules: accepted formats, the transform options of the image-rendering path, the
geometry of a resize, and the names of cached variants. Pure: no decoding happens here."""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Mapping

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

MAX_DIMENSION = 2500
"""Largest width or height a rendered variant may have (larger requests are capped)."""
MAX_SOURCE_PIXELS = 50_000_000
"""Largest source image, in pixels, that is ever decoded (checked from the header first)."""
DEFAULT_QUALITY = 80
"""Encoder quality when the request names none."""
MAX_QUERY_NUMBER_DIGITS = 9


class ImageFormat(enum.Enum):
    """The image formats uploads may be and variants may be encoded as (SVG: upload only)."""

    JPEG = "jpeg"
    PNG = "png"
    WEBP = "webp"
    AVIF = "avif"
    SVG = "svg"

    @property
    def media_type(self) -> str:
        """The media type served for this format."""
        return _MEDIA_TYPES[self]


_MEDIA_TYPES = {
    ImageFormat.JPEG: "image/jpeg",
    ImageFormat.PNG: "image/png",
    ImageFormat.WEBP: "image/webp",
    ImageFormat.AVIF: "image/avif",
    ImageFormat.SVG: "image/svg+xml",
}


class ResizeMode(enum.Enum):
    """How an image meets a box of both width and height."""

    COVER = "cover"
    """Keep the aspect ratio, fill the box, crop what overflows (centred)."""
    CONTAIN = "contain"
    """Keep the aspect ratio, fit inside the box (the result may be smaller on one side)."""
    FILL = "fill"
    """Stretch to exactly the box."""


@attrs.frozen
class Transform:
    """What the image-rendering path was asked for."""

    width: int | None = None
    """Target width in pixels (1..``MAX_DIMENSION``), or ``None`` to follow the height."""
    height: int | None = None
    """Target height in pixels, or ``None`` to follow the width."""
    resize: ResizeMode = ResizeMode.COVER
    format: ImageFormat | None = None
    """Output format; ``None`` means ``origin``: the source's own format."""
    quality: int = DEFAULT_QUALITY
    """Encoder quality 1..100 (JPEG, WebP, AVIF; PNG is lossless and ignores it)."""

    def canonical(self) -> str:
        """A stable text naming exactly these options (part of a variant's cache key)."""
        fmt = self.format.value if self.format else "origin"
        return (
            f"w={self.width or ''};h={self.height or ''};r={self.resize.value};"
            f"f={fmt};q={self.quality}"
        )


OUTPUT_FORMATS = frozenset({"avif", "webp", "png", "jpeg", "origin"})
"""What an image may be re-encoded to (``origin``: its own format)."""


def _positive_int(name: str, raw: str, issues: list[FieldIssue], *, low: int, high: int) -> int:
    text = raw.strip()
    if not text.isdigit() or not text.isascii() or len(text) > MAX_QUERY_NUMBER_DIGITS:
        issues.append(FieldIssue(name, f"must be a whole number from {low} to {high}"))
        return low
    value = int(text)
    if value < low:
        issues.append(FieldIssue(name, f"must be a whole number from {low} to {high}"))
    return value


def parse_transform(params: Mapping[str, str]) -> Transform:
    """Transform options from query parameters, with the defaults of the hosted storage API:
    ``resize=cover``, ``quality=80``; no width or height means the source's size; ``format``
    absent means ``origin`` (we do not negotiate on ``Accept``).

    Widths and heights above ``MAX_DIMENSION`` are capped to it; zero, negative, fractional or
    non-numeric values raise ``ValidationFailed`` naming the field, as do unknown modes and
    formats and a quality outside 1..100.
    """
    issues: list[FieldIssue] = []
    sizes: dict[str, int | None] = {"width": None, "height": None}
    for name in sizes:
        raw = params.get(name)
        if raw is not None and raw.strip() != "":
            value = _positive_int(name, raw, issues, low=1, high=MAX_DIMENSION)
            sizes[name] = min(value, MAX_DIMENSION)
    resize_text = params.get("resize") or "cover"
    try:
        resize = ResizeMode(resize_text)
    except ValueError:
        issues.append(FieldIssue("resize", "must be cover, contain or fill"))
        resize = ResizeMode.COVER
    format_text = params.get("format") or "origin"
    if format_text not in OUTPUT_FORMATS:
        issues.append(FieldIssue("format", "must be avif, webp, png, jpeg or origin"))
        format_text = "origin"
    quality = DEFAULT_QUALITY
    raw_quality = params.get("quality")
    if raw_quality is not None and raw_quality.strip() != "":
        quality = _positive_int("quality", raw_quality, issues, low=1, high=100)
        if quality > 100:
            issues.append(FieldIssue("quality", "must be a whole number from 1 to 100"))
    if issues:
        raise ValidationFailed(issues)
    return Transform(
        width=sizes["width"],
        height=sizes["height"],
        resize=resize,
        format=None if format_text == "origin" else ImageFormat(format_text),
        quality=quality,
    )


@attrs.frozen
class ResizePlan:
    """How to turn a source of known size into the asked variant, in one resampling step."""

    size: tuple[int, int]
    """The output's width and height."""
    box: tuple[float, float, float, float] | None = None
    """The region of the source to use (left, top, right, bottom), or ``None`` for all of it."""


def _cap(width: float, height: float) -> tuple[int, int]:
    largest = max(width, height)
    factor = min(1.0, MAX_DIMENSION / largest) if largest > 0 else 1.0
    return max(1, round(width * factor)), max(1, round(height * factor))


def plan_resize(source_width: int, source_height: int, transform: Transform) -> ResizePlan:
    """The output size (never above ``MAX_DIMENSION`` on a side) and source region.

    One of width or height keeps the aspect ratio whatever the mode; neither keeps the source
    size; both follow the resize mode (cover crops the centre of the source, so nothing larger
    than the output is ever materialised).
    """
    if source_width < 1 or source_height < 1:
        raise ValidationFailed([FieldIssue("source", "the image has no pixels")])
    sw, sh = source_width, source_height
    w, h = transform.width, transform.height
    if w is None and h is None:
        return ResizePlan(_cap(sw, sh))
    if h is None:
        assert w is not None
        return ResizePlan(_cap(w, sh * w / sw))
    if w is None:
        return ResizePlan(_cap(sw * h / sh, h))
    if transform.resize is ResizeMode.FILL:
        return ResizePlan((w, h))
    if transform.resize is ResizeMode.CONTAIN:
        factor = min(w / sw, h / sh)
        return ResizePlan((max(1, round(sw * factor)), max(1, round(sh * factor))))
    if sw * h > sh * w:  # the source is wider than the box: use its full height
        crop_width = sh * w / h
        left = (sw - crop_width) / 2
        return ResizePlan((w, h), (left, 0.0, left + crop_width, float(sh)))
    crop_height = sw * h / w
    top = (sh - crop_height) / 2
    return ResizePlan((w, h), (0.0, top, float(sw), top + crop_height))


def object_key(bucket: str, path: str) -> str:
    """A stable name of one stored object, for grouping its cached variants."""
    return hashlib.sha256(f"{bucket}\x00{path}".encode()).hexdigest()


def variant_key(bucket: str, path: str, source_etag: str, transform: Transform, engine: str) -> str:
    """The cache key of one variant: object, source version, options and encoder version.
    A new source (new etag) or a new encoder gives new keys, so stale variants are never
    served."""
    text = "\x00".join((bucket, path, source_etag, transform.canonical(), engine))
    return hashlib.sha256(text.encode()).hexdigest()

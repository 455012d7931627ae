"""Ports of the image pipeline: raster codec, SVG sanitiser and the cache of rendered variants."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

from designcore.domain.images import ImageFormat, Transform


@attrs.frozen
class ImageFacts:
    """What the bytes of an image turned out to be."""

    format: ImageFormat
    width: int
    height: int


@attrs.frozen
class Variant:
    """Encoded bytes of a rendered image and their media type."""

    data: bytes
    media_type: str


class ImageCodec(Protocol):
    """Decodes, resizes and encodes raster images (JPEG, PNG, WebP, AVIF)."""

    @property
    def version(self) -> str:
        """Names the codec and its version: part of variant cache keys, so an upgrade that
        encodes differently never serves old bytes under a new name."""
        ...

    def identify(self, data: bytes) -> ImageFacts | None:
        """Sniff ``data``: the facts of a raster image in an accepted format, or ``None`` if the
        bytes are no such image. The whole image is decoded to prove it is intact. Raises
        ``Unprocessable`` (code ``image_too_large``) when the header declares more than
        ``MAX_SOURCE_PIXELS`` (checked before decoding) and ``Unprocessable``
        (``damaged_image``) for a truncated or corrupt image."""
        ...

    def transform(self, data: bytes, transform: Transform) -> Variant:
        """Render ``data`` as asked. Raises ``UnsupportedMedia`` if ``data`` is no accepted raster
        image, and ``Unprocessable`` as :meth:`identify` does."""
        ...


class SvgSanitizer(Protocol):
    """Makes SVG safe to serve."""

    def sanitize(self, data: bytes) -> bytes | None:
        """A safe copy of an SVG document, or ``None`` if ``data`` is not an SVG document at all.

        What could run script, fetch another resource or expand without bound is removed or
        refused: scripts, event-handler attributes, ``foreignObject``, references other than
        same-document fragments and raster ``data:`` images, and ``javascript:`` anywhere. A
        document type declaration, entity or external reference raises ``ValidationFailed``.
        """
        ...


@runtime_checkable
class VariantCache(Protocol):
    """Rendered variants by object and variant key (``designcore.domain.images``)."""

    def get(self, object_key: str, variant_key: str) -> Variant | None:
        """The cached variant, or ``None``."""
        ...

    def put(self, object_key: str, variant_key: str, variant: Variant) -> None:
        """Keep a variant; a reader sees either nothing or the whole variant, never a part."""
        ...

    def purge(self, object_key: str) -> int:
        """Forget every variant of one object; answer how many were removed."""
        ...

    def trim(self, max_bytes: int) -> int:
        """Drop the least recently used variants until the cache holds at most ``max_bytes``
        of them; answer how many were dropped. Variants are made again on demand."""
        ...

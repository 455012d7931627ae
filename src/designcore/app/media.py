"""Use cases of stored images: uploads (sniffed, sanitised, policed) and rendered variants.

Like the services in ``designcore.app.services`` this module speaks only to ports and the
domain; the container hands it the adapters.
"""

from __future__ import annotations

import attrs

from designcore.domain.errors import NotFound, TooLarge, Unprocessable, UnsupportedMedia
from designcore.domain.images import ImageFormat, Transform, object_key, variant_key
from designcore.domain.premium import Viewer
from designcore.domain.storage import BucketPolicy, check_object_name
from designcore.ports.images import ImageCodec, SvgSanitizer, Variant, VariantCache
from designcore.ports.storage import ObjectInfo, Storage, StoredObject

ACCEPTED = "JPEG, PNG, WebP, AVIF or SVG"


@attrs.frozen
class Rendered:
    """The answer of the image-rendering path."""

    etag: str
    """A strong entity tag, quoted, naming exactly these bytes."""
    variant: Variant | None
    """The bytes, or ``None`` when the caller's ``If-None-Match`` already names them."""


def strong_etag(key: str) -> str:
    """A quoted entity tag from a hex key."""
    return f'"{key[:40]}"'


class MediaService:
    """Uploads and the image-rendering path over a ``Storage``."""

    def __init__(
        self,
        *,
        storage: Storage,
        codec: ImageCodec,
        svg: SvgSanitizer,
        variants: VariantCache,
        policy: BucketPolicy,
        max_upload_bytes: int,
    ) -> None:
        self._storage = storage
        self._codec = codec
        self._svg = svg
        self._variants = variants
        self._policy = policy
        self.max_upload_bytes = max_upload_bytes

    def check_upload(self, viewer: Viewer, bucket: str, path: str) -> None:
        """Refuse a write before its body is read (name, bucket, who may write there)."""
        self._policy.check_write(viewer, bucket, path)

    def too_large(self) -> TooLarge:
        """The error of an upload over the limit."""
        limit = self.max_upload_bytes
        return TooLarge(
            f"uploads are limited to {limit / 1048576:g} MB ({limit:,} bytes)",
            code="object_too_large",
        )

    def upload(
        self, viewer: Viewer, bucket: str, path: str, data: bytes, *, upsert: bool
    ) -> ObjectInfo:
        """Store an image after checking who writes where, its size and what its bytes are.

        The media type comes from the bytes alone; SVG is stored sanitised. Raises what
        ``BucketPolicy.check_write`` raises, ``TooLarge``, ``UnsupportedMedia`` (not one of the
        accepted formats), ``Unprocessable`` (damaged or too many pixels), ``ValidationFailed``
        (an SVG with a DTD or entities) and ``Conflict`` (exists and ``upsert`` is off).
        """
        self.check_upload(viewer, bucket, path)
        if len(data) > self.max_upload_bytes:
            raise self.too_large()
        if not data:
            raise UnsupportedMedia(f"the upload is empty: send a {ACCEPTED} image")
        facts = self._codec.identify(data)
        if facts is not None:
            stored, media_type = data, facts.format.media_type
        else:
            clean = self._svg.sanitize(data)
            if clean is None:
                raise UnsupportedMedia(
                    f"the upload is not a {ACCEPTED} image (the type is read from the bytes, "
                    "not the name or Content-Type)"
                )
            stored, media_type = clean, ImageFormat.SVG.media_type
        info = self._storage.put(bucket, path, stored, media_type, overwrite=upsert)
        if upsert:
            self._variants.purge(object_key(bucket, path))
        return info

    def _check_public(self, bucket: str, path: str) -> None:
        check_object_name(bucket, path)
        if not self._policy.is_public(bucket):
            # A private bucket answers as an unknown one: its names are not for the public.
            raise NotFound(f"no public bucket named {bucket!r}", code="bucket_not_found")

    def read_public(self, bucket: str, path: str) -> StoredObject:
        """An object of a public bucket (``GET /storage/v1/object/public/…``). Raises
        ``NotFound`` for an unknown or private bucket, and for an unknown object."""
        self._check_public(bucket, path)
        return self._storage.get(bucket, path)

    def read_owned(self, owner_id: str, bucket: str, path: str) -> StoredObject:
        """An object of a user bucket (private ones included) under the owner's own
        ``{owner_id}/`` folder: what a design's owner may have drawn into their design. Raises
        ``NotFound`` for an unknown bucket, an admin bucket, another user's folder or an
        unknown object."""
        check_object_name(bucket, path)
        if bucket not in self._policy.user_buckets or not path.startswith(f"{owner_id}/"):
            raise NotFound(f"no object {bucket}/{path} of this user", code="object_not_found")
        return self._storage.get(bucket, path)

    def _variant_key(self, bucket: str, path: str, etag: str, transform: Transform) -> str:
        return variant_key(bucket, path, etag, transform, self._codec.version)

    def render(
        self, bucket: str, path: str, transform: Transform, *, if_none_match: frozenset[str]
    ) -> Rendered:
        """A variant of a stored image, from the cache when it was rendered before.

        ``if_none_match`` holds the entity tags the caller has; a match answers no bytes. Raises
        ``ValidationFailed`` (bad name), ``NotFound`` (unknown bucket or object),
        ``UnsupportedMedia`` (the object is no image) and ``Unprocessable`` (an SVG asked for
        in another format, a damaged image, or one with too many pixels).
        """
        self._check_public(bucket, path)
        info = self._storage.stat(bucket, path)
        group = object_key(bucket, path)
        key = self._variant_key(bucket, path, info.etag, transform)
        etag = strong_etag(key)
        if etag in if_none_match or "*" in if_none_match:
            return Rendered(etag, None)
        cached = self._variants.get(group, key)
        if cached is not None:
            return Rendered(etag, cached)
        source = self._storage.get(bucket, path)
        if source.etag and source.etag != info.etag:  # replaced between stat and get
            key = self._variant_key(bucket, path, source.etag, transform)
            etag = strong_etag(key)
        variant = self._render(source.data, transform)
        self._variants.put(group, key, variant)
        return Rendered(etag, variant)

    def _render(self, data: bytes, transform: Transform) -> Variant:
        try:
            return self._codec.transform(data, transform)
        except UnsupportedMedia:
            pass  # not a raster image: perhaps SVG
        clean = self._svg.sanitize(data)
        if clean is None:
            raise UnsupportedMedia(f"the object is not a {ACCEPTED} image")
        if transform.format is not None:
            raise Unprocessable(
                "SVG images are served only as they are (format=origin): no SVG rasteriser "
                "is installed",
                code="svg_not_rasterised",
            )
        return Variant(clean, ImageFormat.SVG.media_type)

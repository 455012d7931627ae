"""The object storage port (images, previews, exports)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class StoredObject:
    """Bytes with their media type."""

    data: bytes
    content_type: str
    etag: str = attrs.field(default="", eq=False)
    """The version of these bytes (as ``ObjectInfo.etag``); empty where nobody said."""


@attrs.frozen
class ObjectInfo:
    """What is known about a stored object without reading it."""

    bucket: str
    path: str
    size: int
    """Length in bytes."""
    content_type: str
    etag: str
    """An opaque version tag, without quotes: it changes whenever the bytes change (every
    adapter uses the hex MD5 of the bytes, as S3 does for a single-part upload)."""


@runtime_checkable  # Litestar checks injected values against their declared type
class Storage(Protocol):
    """Keeps objects by bucket and path.

    Paths are relative, ``/``-separated, without ``..`` segments; an invalid bucket or path
    raises ``ValidationFailed`` (``designcore.domain.storage.check_object_name``).
    """

    def put(
        self, bucket: str, path: str, data: bytes, content_type: str, *, overwrite: bool = True
    ) -> ObjectInfo:
        """Store an object and answer its info. With ``overwrite=False`` an existing object is
        left alone and ``Conflict`` (code ``object_exists``) is raised; the check and the write
        are one step, so two racing creators cannot both succeed."""
        ...

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object, with its etag. Raises ``NotFound``."""
        ...

    def stat(self, bucket: str, path: str) -> ObjectInfo:
        """Size, media type and etag of an object, without its bytes. Raises ``NotFound``."""
        ...

    def exists(self, bucket: str, path: str) -> bool:
        """Whether the object is stored."""
        ...

    def delete(self, bucket: str, path: str) -> bool:
        """Remove an object; answer whether there was one (deleting twice is harmless)."""
        ...

    def list(self, bucket: str, prefix: str = "") -> list[ObjectInfo]:
        """Every object of ``bucket`` whose path starts with ``prefix`` (a plain string prefix,
        so ``"u1/"`` lists a folder and ``"u1/ph"`` what begins so), ordered by path. An empty
        or unknown bucket lists nothing. A prefix that could never start a valid path raises
        ``ValidationFailed``."""
        ...

"""The object storage port (images, previews, exports)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class StoredObject:
    """Bytes with their media type."""

    data: bytes
    content_type: str


@runtime_checkable  # Litestar checks injected values against their declared type
class Storage(Protocol):
    """Keeps objects by bucket and path.

    Paths are relative, ``/``-separated, without ``..`` segments; an invalid bucket or path
    raises ``ValidationFailed``.
    """

    def put(self, bucket: str, path: str, data: bytes, content_type: str) -> None:
        """Store (or overwrite) an object."""
        ...

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object. Raises ``NotFound``."""
        ...

    def exists(self, bucket: str, path: str) -> bool:
        """Whether the object is stored."""
        ...

"""In-memory object storage."""

from __future__ import annotations

from designcore.domain.errors import NotFound
from designcore.domain.storage import check_object_name
from designcore.ports.storage import StoredObject


class InMemoryStorage:
    """Keeps objects in a dict."""

    def __init__(self) -> None:
        self._objects: dict[tuple[str, str], StoredObject] = {}

    def put(self, bucket: str, path: str, data: bytes, content_type: str) -> None:
        """Store an object."""
        self._objects[check_object_name(bucket, path)] = StoredObject(bytes(data), content_type)

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object."""
        try:
            return self._objects[check_object_name(bucket, path)]
        except KeyError:
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None

    def exists(self, bucket: str, path: str) -> bool:
        """Whether it is stored."""
        return check_object_name(bucket, path) in self._objects

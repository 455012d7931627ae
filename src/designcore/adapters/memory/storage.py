"""In-memory object storage."""

from __future__ import annotations

import hashlib
import threading

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.storage import check_object_name, check_prefix
from designcore.ports.storage import ObjectInfo, StoredObject


class InMemoryStorage:
    """Keeps objects in a dict, guarded by a lock so create-only puts are atomic."""

    def __init__(self) -> None:
        self._objects: dict[tuple[str, str], StoredObject] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _info(bucket: str, path: str, stored: StoredObject) -> ObjectInfo:
        return ObjectInfo(bucket, path, len(stored.data), stored.content_type, stored.etag)

    def put(
        self, bucket: str, path: str, data: bytes, content_type: str, *, overwrite: bool = True
    ) -> ObjectInfo:
        """Store an object."""
        key = check_object_name(bucket, path)
        stored = StoredObject(
            bytes(data), content_type, hashlib.md5(data, usedforsecurity=False).hexdigest()
        )
        with self._lock:
            if not overwrite and key in self._objects:
                raise Conflict(f"object {bucket}/{path} already exists", code="object_exists")
            self._objects[key] = stored
        return self._info(bucket, path, stored)

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object."""
        try:
            return self._objects[check_object_name(bucket, path)]
        except KeyError:
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None

    def stat(self, bucket: str, path: str) -> ObjectInfo:
        """Size, type and etag."""
        return self._info(bucket, path, self.get(bucket, path))

    def exists(self, bucket: str, path: str) -> bool:
        """Whether it is stored."""
        return check_object_name(bucket, path) in self._objects

    def delete(self, bucket: str, path: str) -> bool:
        """Remove an object."""
        key = check_object_name(bucket, path)
        with self._lock:
            return self._objects.pop(key, None) is not None

    def list(self, bucket: str, prefix: str = "") -> list[ObjectInfo]:
        """Objects under a prefix, by path."""
        check_prefix(bucket, prefix)
        with self._lock:
            found = [
                self._info(b, p, stored)
                for (b, p), stored in self._objects.items()
                if b == bucket and p.startswith(prefix)
            ]
        return sorted(found, key=lambda info: info.path)

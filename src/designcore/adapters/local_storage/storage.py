"""Object storage in a local directory: ``root/bucket/path``, media type in a side file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from designcore.domain.errors import NotFound
from designcore.domain.storage import check_object_name
from designcore.ports.storage import StoredObject

_TYPE_SUFFIX = ".content-type"


class LocalDirectoryStorage:
    """Keeps each object as a file; writes are atomic (temporary file, then rename)."""

    def __init__(self, root: Path) -> None:
        self._root = root.resolve()

    def _file(self, bucket: str, path: str) -> Path:
        bucket, path = check_object_name(bucket, path)
        target = (self._root / bucket / path).resolve()
        if not target.is_relative_to(self._root / bucket) or target.name.endswith(_TYPE_SUFFIX):
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found")
        return target

    def put(self, bucket: str, path: str, data: bytes, content_type: str) -> None:
        """Store an object."""
        target = self._file(bucket, path)
        target.parent.mkdir(parents=True, exist_ok=True)
        for destination, payload in (
            (target.with_name(target.name + _TYPE_SUFFIX), content_type.encode()),
            (target, data),
        ):
            fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".upload-")
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
            os.replace(temporary, destination)

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object."""
        target = self._file(bucket, path)
        try:
            data = target.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None
        type_file = target.with_name(target.name + _TYPE_SUFFIX)
        content_type = type_file.read_text() if type_file.exists() else "application/octet-stream"
        return StoredObject(data, content_type)

    def exists(self, bucket: str, path: str) -> bool:
        """Whether it is stored."""
        return self._file(bucket, path).is_file()

"""Object storage in a local directory.

Layout: the bytes at ``root/bucket/path``; media type and etag as JSON at
``root/.meta/bucket/path``. Bucket names never start with a dot, so ``.meta`` cannot clash
with a bucket. Roots written by earlier versions kept the media type beside the object in
``path.content-type``; those are still read (and such names are still refused).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path

from designcore.domain.errors import Conflict, NotFound, ValidationFailed
from designcore.domain.storage import check_object_name, check_prefix
from designcore.ports.storage import ObjectInfo, StoredObject

_LEGACY_TYPE_SUFFIX = ".content-type"
_META = ".meta"
_TEMPORARY = ".~upload-"  # '~' is not allowed in object names, so no object is named so
_DEFAULT_TYPE = "application/octet-stream"


def _md5(data: bytes) -> str:
    return hashlib.md5(data, usedforsecurity=False).hexdigest()


def _write_atomically(target: Path, payload: bytes) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=_TEMPORARY)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _prune(folder: Path, top: Path) -> None:
    """Remove ``folder`` and its parents up to (not including) ``top`` while they are empty."""
    while folder != top and folder.is_relative_to(top):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


class LocalDirectoryStorage:
    """Keeps each object as a file; writes are atomic (temporary file, then rename).

    The bytes are written before the metadata, so a reader that sees a new etag always finds
    the new bytes (a cache keyed by etag can never pair a new etag with old bytes).
    """

    def __init__(self, root: Path) -> None:
        self._root = root.resolve()

    def _file(self, bucket: str, path: str) -> Path:
        bucket, path = check_object_name(bucket, path)
        target = (self._root / bucket / path).resolve()
        if not target.is_relative_to(self._root / bucket) or target.name.endswith(
            _LEGACY_TYPE_SUFFIX
        ):
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found")
        return target

    def _meta_file(self, bucket: str, path: str) -> Path:
        return self._root / _META / bucket / path

    def _read_meta(self, bucket: str, path: str, target: Path) -> tuple[str, str | None]:
        """``(content_type, etag)``; the etag is ``None`` when only legacy metadata exists."""
        try:
            meta = json.loads(self._meta_file(bucket, path).read_bytes())
            return str(meta["content_type"]), str(meta["etag"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
        legacy = target.with_name(target.name + _LEGACY_TYPE_SUFFIX)
        try:
            return legacy.read_text().strip() or _DEFAULT_TYPE, None
        except OSError:
            return _DEFAULT_TYPE, None

    def put(
        self, bucket: str, path: str, data: bytes, content_type: str, *, overwrite: bool = True
    ) -> ObjectInfo:
        """Store an object (create-only with ``overwrite=False``, through a hard link)."""
        target = self._file(bucket, path)
        data = bytes(data)
        try:
            self._write_object(target, data, overwrite=overwrite)
        except (NotADirectoryError, IsADirectoryError):
            # A file cannot also be a folder here (S3 allows "a" beside "a/b"; a directory not).
            raise Conflict(
                f"{bucket}/{path} clashes with an object or folder of the same name",
                code="path_conflict",
            ) from None
        except FileExistsError:
            raise Conflict(f"object {bucket}/{path} already exists", code="object_exists") from None
        etag = _md5(data)
        meta = {"content_type": content_type, "etag": etag}
        _write_atomically(self._meta_file(bucket, path), json.dumps(meta).encode())
        with contextlib.suppress(OSError):
            target.with_name(target.name + _LEGACY_TYPE_SUFFIX).unlink()
        return ObjectInfo(bucket, path, len(data), content_type, etag)

    @staticmethod
    def _write_object(target: Path, data: bytes, *, overwrite: bool) -> None:
        """Replace atomically, or create through a hard link that fails if the name is taken."""
        if target.is_dir():
            raise IsADirectoryError(target)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # an object holds the name of one of the folders
            raise NotADirectoryError(target.parent) from None
        if overwrite:
            _write_atomically(target, data)
        else:
            fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=_TEMPORARY)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.link(temporary, target)  # fails if the name is taken: check and write at once
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object; its etag is computed from the bytes read."""
        target = self._file(bucket, path)
        try:
            data = target.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None
        content_type, _ = self._read_meta(bucket, path, target)
        return StoredObject(data, content_type, _md5(data))

    def stat(self, bucket: str, path: str) -> ObjectInfo:
        """Size from the file system, type and etag from the metadata file."""
        target = self._file(bucket, path)
        try:
            size = target.stat().st_size
        except (FileNotFoundError, NotADirectoryError):
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None
        if not target.is_file():
            raise NotFound(f"no object {bucket}/{path}", code="object_not_found")
        content_type, etag = self._read_meta(bucket, path, target)
        if etag is None:
            etag = _md5(target.read_bytes())
        return ObjectInfo(bucket, path, size, content_type, etag)

    def exists(self, bucket: str, path: str) -> bool:
        """Whether it is stored."""
        return self._file(bucket, path).is_file()

    def delete(self, bucket: str, path: str) -> bool:
        """Remove the object and its metadata, then folders left empty."""
        target = self._file(bucket, path)
        try:
            target.unlink()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return False
        for extra in (
            self._meta_file(bucket, path),
            target.with_name(target.name + _LEGACY_TYPE_SUFFIX),
        ):
            with contextlib.suppress(OSError):
                extra.unlink()
        _prune(target.parent, self._root / bucket)
        _prune(self._meta_file(bucket, path).parent, self._root / _META / bucket)
        return True

    def list(self, bucket: str, prefix: str = "") -> list[ObjectInfo]:
        """Objects under a prefix, by path (walks only the folder the prefix names)."""
        bucket, prefix = check_prefix(bucket, prefix)
        top = self._root / bucket
        start = top / prefix.rpartition("/")[0] if "/" in prefix else top
        found: list[ObjectInfo] = []
        for folder, _, files in os.walk(start):
            for name in files:
                if name.startswith(_TEMPORARY) or name.endswith(_LEGACY_TYPE_SUFFIX):
                    continue
                relative = (Path(folder) / name).relative_to(top).as_posix()
                if relative.startswith(prefix):
                    with contextlib.suppress(NotFound, ValidationFailed):
                        found.append(self.stat(bucket, relative))
        return sorted(found, key=lambda info: info.path)

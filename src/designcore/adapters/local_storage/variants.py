"""Rendered image variants cached in a directory: ``root/ab/<object key>/<variant key>``.

Each file holds the media type, a newline, then the encoded bytes. Writes go to a temporary
file first and are renamed into place, so a reader finds the whole variant or none.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from designcore.ports.images import Variant

_KEY = re.compile(r"^[0-9a-f]{16,128}$")
_TEMPORARY = ".~variant-"


class DirectoryVariantCache:
    """The :class:`~designcore.ports.images.VariantCache` on the local file system."""

    def __init__(self, root: Path) -> None:
        self._root = root.resolve()

    def _folder(self, object_key: str) -> Path:
        if not _KEY.fullmatch(object_key):
            raise ValueError("a cache key is a lowercase hex digest")
        return self._root / object_key[:2] / object_key

    def _file(self, object_key: str, variant_key: str) -> Path:
        if not _KEY.fullmatch(variant_key):
            raise ValueError("a cache key is a lowercase hex digest")
        return self._folder(object_key) / variant_key

    def get(self, object_key: str, variant_key: str) -> Variant | None:
        """The cached variant, or ``None``."""
        path = self._file(object_key, variant_key)
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # the modification time records the last use (for trim)
        media_type, newline, data = raw.partition(b"\n")
        if not newline:
            return None
        return Variant(data, media_type.decode("ascii", "replace"))

    def put(self, object_key: str, variant_key: str, variant: Variant) -> None:
        """Write atomically (temporary file, then rename)."""
        target = self._file(object_key, variant_key)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=_TEMPORARY)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(variant.media_type.encode("ascii") + b"\n" + variant.data)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def purge(self, object_key: str) -> int:
        """Remove the object's folder of variants."""
        folder = self._folder(object_key)
        try:
            count = sum(1 for name in os.listdir(folder) if not name.startswith(_TEMPORARY))
        except (FileNotFoundError, NotADirectoryError):
            return 0
        shutil.rmtree(folder, ignore_errors=True)
        return count

    def trim(self, max_bytes: int) -> int:
        """Delete the least recently used variant files (by modification time, which every
        read refreshes) until the directory's variants fit ``max_bytes``; leftover temporary
        files older than an hour go too. Answers how many variants were deleted."""
        files: list[tuple[float, int, Path]] = []
        stale_before = time.time() - 3600
        for folder, _dirs, names in os.walk(self._root):
            for name in names:
                path = Path(folder) / name
                try:
                    stat = path.stat()
                except OSError:
                    continue
                if name.startswith(_TEMPORARY):
                    if stat.st_mtime < stale_before:
                        with contextlib.suppress(OSError):
                            path.unlink()
                    continue
                files.append((stat.st_mtime, stat.st_size, path))
        total = sum(size for _, size, _ in files)
        dropped = 0
        for _, size, path in sorted(files, key=lambda entry: entry[0]):
            if total <= max_bytes:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                dropped += 1
            total -= size
        return dropped

"""Object storage in a local directory."""

from designcore.adapters.local_storage.storage import LocalDirectoryStorage

__all__ = ["LocalDirectoryStorage"]

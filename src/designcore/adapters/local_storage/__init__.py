"""Object storage and rendered image variants in a local directory."""

from designcore.adapters.local_storage.storage import LocalDirectoryStorage
from designcore.adapters.local_storage.variants import DirectoryVariantCache

__all__ = ["DirectoryVariantCache", "LocalDirectoryStorage"]

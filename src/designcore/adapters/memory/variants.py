"""Rendered image variants in memory, least recently used dropped first."""

from __future__ import annotations

import threading
from collections import OrderedDict

from designcore.ports.images import Variant


class InMemoryVariantCache:
    """The :class:`~designcore.ports.images.VariantCache` in a bounded dict."""

    def __init__(self, max_entries: int = 256) -> None:
        self._entries: OrderedDict[tuple[str, str], Variant] = OrderedDict()
        self._max = max_entries
        self._lock = threading.Lock()

    def get(self, object_key: str, variant_key: str) -> Variant | None:
        """The cached variant, or ``None``."""
        with self._lock:
            found = self._entries.get((object_key, variant_key))
            if found is not None:
                self._entries.move_to_end((object_key, variant_key))
            return found

    def put(self, object_key: str, variant_key: str, variant: Variant) -> None:
        """Keep a variant, dropping the least recently used beyond the bound."""
        with self._lock:
            self._entries[(object_key, variant_key)] = variant
            self._entries.move_to_end((object_key, variant_key))
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def purge(self, object_key: str) -> int:
        """Forget every variant of one object."""
        with self._lock:
            doomed = [key for key in self._entries if key[0] == object_key]
            for key in doomed:
                del self._entries[key]
            return len(doomed)

    def trim(self, max_bytes: int) -> int:
        """Drop the least recently used until the variants' bytes fit ``max_bytes``."""
        with self._lock:
            total = sum(len(v.data) for v in self._entries.values())
            dropped = 0
            while self._entries and total > max_bytes:
                _, variant = self._entries.popitem(last=False)
                total -= len(variant.data)
                dropped += 1
            return dropped

"""A small time-limited, size-limited cache for read-mostly answers (search, home rows)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import timedelta
from typing import Generic, TypeVar

from designcore.ports.clock import Clock

V = TypeVar("V")


class TtlCache(Generic[V]):
    """Keeps up to ``max_entries`` answers for ``ttl``; the least recently used go first.

    A ``ttl`` of zero turns caching off. Values must be immutable: callers share them.
    """

    def __init__(self, clock: Clock, ttl: timedelta, max_entries: int = 1024) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._clock = clock
        self._ttl = ttl
        self._max = max_entries
        self._entries: OrderedDict[Hashable, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        """Whether anything is kept at all (a ``ttl`` above zero)."""
        return self._ttl > timedelta(0)

    def get(self, key: Hashable) -> V | None:
        """The answer kept for ``key`` if it has not expired, else ``None``."""
        if not self.enabled:
            return None
        now = self._clock.now().timestamp()
        with self._lock:
            found = self._entries.get(key)
            if found is None or found[0] <= now:
                return None
            self._entries.move_to_end(key)
            return found[1]

    def put(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key`` from now for ``ttl`` (nothing when caching is off)."""
        if not self.enabled:
            return
        expires = self._clock.now().timestamp() + self._ttl.total_seconds()
        with self._lock:
            self._entries[key] = (expires, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def get_or_compute(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The cached answer for ``key``, or ``compute()``'s, stored for next time."""
        found = self.get(key)
        if found is not None:
            return found
        value = compute()
        self.put(key, value)
        return value

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()

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

    def get_or_compute(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The cached answer for ``key``, or ``compute()``'s, stored for next time."""
        if self._ttl <= timedelta(0):
            return compute()
        now = self._clock.now().timestamp()
        with self._lock:
            found = self._entries.get(key)
            if found is not None and found[0] > now:
                self._entries.move_to_end(key)
                return found[1]
        value = compute()
        with self._lock:
            self._entries[key] = (now + self._ttl.total_seconds(), value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()

"""What ``GET /user`` and every session check read, kept in this process between writes.

A signed-in client asks for its user often (the web app on every page load and focus, the
official client after each refresh); the answer changes only when an accounts write happens.
The auth service reads through this cache and clears it after every write it makes, so within
one process an answer is never stale. Writes made by another process (a second server worker,
the CLI) are seen once an entry's time to live has passed: that time bounds how long a session
ended elsewhere keeps answering here, and it is a setting (``DESIGNCORE_AUTH_CACHE_SECONDS``,
0 turns the cache off).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Generic, TypeVar

from designcore.ports.clock import Clock

View = TypeVar("View")
"""What is kept per session: the auth service keeps its ``UserView``. The cache names no type
of the auth service, so the two modules do not import each other."""


class SignedInCache(Generic[View]):
    """User views by ``(user id, session id)``: an entry exists only for a session that was
    checked in the database, and every write clears every entry (writes are rare next to
    reads, and a write may end sessions or change users in ways a key cannot name)."""

    def __init__(self, clock: Clock, ttl: timedelta, max_entries: int = 10_000) -> None:
        self._clock = clock
        self._ttl = ttl.total_seconds()
        self._max = max_entries
        self._entries: OrderedDict[tuple[str, str], tuple[float, View]] = OrderedDict()
        self._generation = 0
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        """Whether anything is kept at all."""
        return self._ttl > 0

    def get(self, user_id: str, session_id: str) -> View | None:
        """The view checked for this session, unless a write or the time to live passed."""
        if not self.enabled:
            return None
        now = self._clock.now().timestamp()
        with self._lock:
            found = self._entries.get((user_id, session_id))
            if found is None or found[0] <= now:
                return None
            self._entries.move_to_end((user_id, session_id))
            return found[1]

    def generation(self) -> int:
        """Take before reading the database; hand to :meth:`put` afterwards."""
        with self._lock:
            return self._generation

    def put(self, user_id: str, session_id: str, view: View, generation: int) -> None:
        """Keep a view read at ``generation``; dropped if a write happened since."""
        if not self.enabled:
            return
        expires = self._clock.now().timestamp() + self._ttl
        with self._lock:
            if generation != self._generation:
                return
            self._entries[(user_id, session_id)] = (expires, view)
            self._entries.move_to_end((user_id, session_id))
            while len(self._entries) > self._max:
                self._entries.popitem(last=False)

    def invalidate(self) -> None:
        """Forget everything (after a write)."""
        with self._lock:
            self._generation += 1
            self._entries.clear()

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Around a write: clears before (so no read racing the write can be kept) and after
        (so nothing read during it survives)."""
        self.invalidate()
        try:
            yield
        finally:
            self.invalidate()

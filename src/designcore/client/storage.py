"""Where the auth client keeps its session between calls."""

from __future__ import annotations

import threading
from typing import Protocol


class SessionStorage(Protocol):
    """A string key-value store (the shape of auth-js ``SupportedStorage`` and of the browser's
    ``localStorage``), so a file, a cookie jar or Redis can stand behind it.

    Implementations need not be thread-safe: the client calls them while holding its own lock.
    """

    def get_item(self, key: str) -> str | None:
        """The value stored under ``key``, or ``None`` when nothing is."""
        ...

    def set_item(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing what was there."""
        ...

    def remove_item(self, key: str) -> None:
        """Forget ``key``; forgetting a missing key is not an error."""
        ...


class InMemorySessionStorage:
    """A :class:`SessionStorage` in a dictionary: the session lives as long as the process."""

    def __init__(self) -> None:
        self._items: dict[str, str] = {}
        self._lock = threading.Lock()

    def get_item(self, key: str) -> str | None:
        """The value stored under ``key``, or ``None``."""
        with self._lock:
            return self._items.get(key)

    def set_item(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        with self._lock:
            self._items[key] = value

    def remove_item(self, key: str) -> None:
        """Forget ``key``."""
        with self._lock:
            self._items.pop(key, None)

    def keys(self) -> tuple[str, ...]:
        """The keys stored, for inspection."""
        with self._lock:
            return tuple(self._items)

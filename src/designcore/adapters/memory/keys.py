"""An in-memory key ring."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime

import attrs

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.signing_keys import SigningKey


class InMemoryKeyRing:
    """Keeps signing keys in a dict, safe to share between threads; private halves stay as
    sealed as they were given."""

    def __init__(self, keys: Sequence[SigningKey] = ()) -> None:
        self._keys: dict[str, SigningKey] = {}
        self._lock = threading.Lock()
        for key in keys:
            self.add(key)

    def load(self) -> Sequence[SigningKey]:
        """Every stored key."""
        with self._lock:
            return tuple(self._keys.values())

    def add(self, key: SigningKey) -> None:
        """Store a new key; a known ``kid`` is a conflict."""
        with self._lock:
            if key.kid in self._keys:
                raise Conflict(f"a signing key with kid {key.kid!r} exists", code="duplicate_kid")
            self._keys[key.kid] = key

    def retire(self, kid: str, at: datetime) -> None:
        """Set the key's retirement time, keeping an earlier one."""
        with self._lock:
            try:
                key = self._keys[kid]
            except KeyError:
                raise NotFound(f"no signing key with kid {kid!r}", code="unknown_kid") from None
            if key.retires_at is None or at < key.retires_at:
                self._keys[kid] = attrs.evolve(key, retires_at=at)

    def replace_private_key(self, kid: str, private_key: str) -> None:
        """Store the key's private half sealed anew."""
        with self._lock:
            try:
                key = self._keys[kid]
            except KeyError:
                raise NotFound(f"no signing key with kid {kid!r}", code="unknown_kid") from None
            self._keys[kid] = attrs.evolve(key, private_key=private_key)

    def remove(self, kid: str) -> None:
        """Forget the key, if stored."""
        with self._lock:
            self._keys.pop(kid, None)

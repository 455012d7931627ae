"""The key ring port: where token-signing keys are kept."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from designcore.domain.signing_keys import SigningKey


class KeyRing(Protocol):
    """Stores signing keys, private halves included, for every process that signs or verifies.

    Implementations must keep the private PEM as safely as any other secret (a database column
    readable only by the service, encrypted at rest).
    """

    def load(self) -> Sequence[SigningKey]:
        """Every stored key, in no particular order. Raises ``Unavailable`` when the store
        cannot answer."""
        ...

    def add(self, key: SigningKey) -> None:
        """Store a new key. Raises ``Conflict`` (code ``duplicate_kid``) if its ``kid`` is
        already stored, ``Unavailable`` when the store cannot answer."""
        ...

    def retire(self, kid: str, at: datetime) -> None:
        """Record that key ``kid`` stops signing at ``at``; a key already retired keeps the
        earlier time. Raises ``NotFound`` (code ``unknown_kid``) for an unknown key,
        ``Unavailable`` when the store cannot answer."""
        ...

    def remove(self, kid: str) -> None:
        """Delete key ``kid`` for good, private half included; nothing happens if it is not
        stored. Raises ``Unavailable`` when the store cannot answer."""
        ...

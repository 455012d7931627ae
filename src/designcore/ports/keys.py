"""The key ring port, where token-signing keys are kept, and the secret box that seals their
private halves at rest."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from designcore.domain.errors import Unavailable
from designcore.domain.signing_keys import SigningKey


class WrongEncryptionKey(Unavailable):
    """A sealed secret opens with neither the current nor an old encryption key, or it was
    altered. Retrying does not help until the right key is configured."""

    code = "wrong_encryption_key"


class SecretBox(Protocol):
    """Encrypts secrets that are kept at rest (the private halves of signing keys) under a key
    the store never holds. It seals with the current key and opens what the current key or an
    old one sealed, so the key can be rotated without losing what was stored."""

    def seal(self, secret: bytes) -> str:
        """``secret`` encrypted and authenticated under the current key, as ASCII text. Sealing
        the same secret twice gives different texts."""
        ...

    def open(self, sealed: str) -> bytes:
        """The secret inside ``sealed``. Raises ``WrongEncryptionKey`` when neither the
        current key nor an old one sealed it, or when the text was altered."""
        ...

    def is_current(self, sealed: str) -> bool:
        """Whether ``sealed`` was sealed under the current key; when not, it should be sealed
        again. Never raises."""
        ...


class KeyRing(Protocol):
    """Stores signing keys, private halves included, for every process that signs or verifies.

    The ring stores :attr:`SigningKey.private_key` as it is given: the token signer seals it
    with a :class:`SecretBox` first, so no ring ever holds a private key in plain text.
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

    def replace_private_key(self, kid: str, private_key: str) -> None:
        """Store ``private_key`` as key ``kid``'s private half (the same key sealed again,
        under a new encryption key); nothing else about the key changes. Raises ``NotFound``
        (code ``unknown_kid``) for an unknown key, ``Unavailable`` when the store cannot
        answer."""
        ...

    def remove(self, kid: str) -> None:
        """Delete key ``kid`` for good, private half included; nothing happens if it is not
        stored. Raises ``Unavailable`` when the store cannot answer."""
        ...

"""The password hashing port."""

from __future__ import annotations

from typing import Protocol


class PasswordHasher(Protocol):
    """Hashes passwords and checks them; the hash string carries its own parameters."""

    def hash(self, password: str) -> str:
        """A new salted hash of ``password``."""
        ...

    def verify(self, stored_hash: str, password: str) -> bool:
        """Whether ``password`` matches ``stored_hash``. Never raises for a wrong password or a
        malformed hash: both answer ``False``."""
        ...

    def needs_rehash(self, stored_hash: str) -> bool:
        """Whether the hash was made with weaker parameters than the current ones."""
        ...

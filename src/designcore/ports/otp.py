"""The TOTP port: secrets, codes and the URI authenticator apps read."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class Totp(Protocol):
    """Time-based one-time passwords (SHA1, 6 digits, 30-second steps)."""

    def new_secret(self) -> str:
        """A fresh base32 secret."""
        ...

    def verify(self, secret: str, code: str, at: datetime) -> bool:
        """Whether ``code`` is right for ``at``, one step either side allowed."""
        ...

    def step_of(self, secret: str, code: str, at: datetime) -> int | None:
        """The 30-second time step ``code`` is right for, of the one at ``at`` and one either
        side; ``None`` when it is wrong for all three. A caller that keeps the last step
        accepted refuses a code of that step or an earlier one (no replay)."""
        ...

    def provisioning_uri(self, secret: str, *, account: str, issuer: str) -> str:
        """The ``otpauth://`` URI for authenticator apps."""
        ...

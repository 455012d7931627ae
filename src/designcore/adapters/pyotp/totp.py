"""The ``Totp`` port with pyotp (RFC 6238: SHA1, 6 digits, 30 s)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pyotp
from pyotp.utils import strings_equal

STEP = timedelta(seconds=30)


class PyOtpTotp:
    """TOTP codes as authenticator apps compute them."""

    def new_secret(self) -> str:
        """A fresh 160-bit base32 secret."""
        return pyotp.random_base32(32)

    def verify(self, secret: str, code: str, at: datetime) -> bool:
        """Whether ``code`` is right for ``at`` (±1 step); malformed codes are simply wrong."""
        return self.step_of(secret, code, at) is not None

    def step_of(self, secret: str, code: str, at: datetime) -> int | None:
        """The time step (counter) ``code`` belongs to, of the three around ``at``; ``None``
        when it is none of theirs (malformed codes included). Compared in constant time."""
        if not (isinstance(code, str) and code.isdigit() and len(code) == 6):
            return None
        totp = pyotp.TOTP(secret)
        found = None
        for offset in (-1, 0, 1):
            moment = at + offset * STEP
            if strings_equal(code, totp.at(moment)) and found is None:
                found = totp.timecode(moment)
        return found

    def provisioning_uri(self, secret: str, *, account: str, issuer: str) -> str:
        """The ``otpauth://totp/…`` URI."""
        return str(pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=issuer))

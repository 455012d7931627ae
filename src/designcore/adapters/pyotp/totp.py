"""The ``Totp`` port with pyotp (RFC 6238: SHA1, 6 digits, 30 s)."""

from __future__ import annotations

from datetime import datetime

import pyotp


class PyOtpTotp:
    """TOTP codes as authenticator apps compute them."""

    def new_secret(self) -> str:
        """A fresh 160-bit base32 secret."""
        return pyotp.random_base32(32)

    def verify(self, secret: str, code: str, at: datetime) -> bool:
        """Whether ``code`` is right for ``at`` (±1 step); malformed codes are simply wrong."""
        if not (isinstance(code, str) and code.isdigit() and len(code) == 6):
            return False
        return bool(pyotp.TOTP(secret).verify(code, for_time=at, valid_window=1))

    def provisioning_uri(self, secret: str, *, account: str, issuer: str) -> str:
        """The ``otpauth://totp/…`` URI."""
        return str(pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=issuer))

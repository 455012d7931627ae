"""What the auth client's calls answer, besides sessions and users."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from designcore.domain.auth_session import AuthEvent, AuthUser, FactorType, Session

AuthStateCallback = Callable[[AuthEvent, Session | None], object]
"""A subscriber: called with each event and the session after it (``None`` when signed out)."""


@attrs.frozen
class SignUpResult:
    """The outcome of a sign-up."""

    user: AuthUser
    """The new user."""
    session: Session | None
    """The new session, when the service confirms sign-ups at once; ``None`` while the email
    address waits for confirmation."""


@attrs.frozen
class TotpSetup:
    """What an authenticator app needs to enrol a TOTP factor."""

    qr_code: str = attrs.field(repr=False)
    """A ``data:image/svg+xml`` URL of the QR code (auth-js adds the prefix too)."""
    secret: str = attrs.field(repr=False)
    """The shared secret, for typing in by hand."""
    uri: str = attrs.field(repr=False)
    """The ``otpauth://`` URI."""


@attrs.frozen
class MfaEnrollment:
    """A factor just enrolled; it counts once verified."""

    id: str
    """The factor's id, for challenge, verify and unenroll."""
    factor_type: FactorType
    """TOTP or phone."""
    friendly_name: str | None = None
    """The name the user gave it."""
    totp: TotpSetup | None = None
    """The TOTP secret and QR code, for TOTP factors."""
    phone: str | None = None
    """The phone number, for phone factors."""


@attrs.frozen
class MfaChallenge:
    """A challenge of a factor, to be answered with a code."""

    id: str
    """The challenge's id, for verify."""
    factor_type: FactorType | None
    """The kind of factor challenged, when the service said."""
    expires_at: int
    """When the challenge lapses, in seconds since the Unix epoch."""

"""Multi-factor authentication with TOTP: enrolling, challenging, verifying, unenrolling."""

from __future__ import annotations

import re
import uuid

import attrs

from designcore.app.services.auth.core import AuthCore, Caller, IssuedSession, invalid
from designcore.domain.accounts import (
    Challenge,
    Factor,
    FactorStatus,
    fresh_totp_step,
    step_up_required,
    with_method,
)
from designcore.domain.errors import Conflict, NotAllowed, NotFound
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.keys import SecretBox
from designcore.ports.otp import Totp

DEFAULT_ISSUER = "designcore"
"""The issuer authenticator apps show when the client names none."""


@attrs.frozen
class EnrolledFactor:
    """A new TOTP factor and the ``otpauth://`` URI authenticator apps read."""

    factor: Factor
    uri: str


def insufficient_aal(message: str) -> NotAllowed:
    """A session below aal2 asked for what needs aal2."""
    return NotAllowed(message, code="insufficient_aal")


_PLAIN_SECRET = re.compile(r"[A-Z2-7]+=*")
"""A TOTP secret as stored before secrets were sealed: base32 text. A sealed secret never
looks like this (the box's texts have lower-case letters)."""


class MfaService:
    """TOTP factors of the signed-in user, and stepping sessions up to aal2.

    Factors are stored with their secret sealed by the secret box (like the private halves of
    signing keys), so a copy of the database alone cannot mint codes. A secret stored before
    sealing, or sealed under an old key, is sealed again the next time its factor verifies a
    code."""

    def __init__(self, core: AuthCore, totp: Totp, box: SecretBox) -> None:
        self._core = core
        self._totp = totp
        self._box = box

    def _seal(self, secret: str) -> str:
        return self._box.seal(secret.encode("ascii"))

    def _open(self, stored: str) -> str:
        """The plain secret of a stored factor (raises ``WrongEncryptionKey``)."""
        if _PLAIN_SECRET.fullmatch(stored):
            return stored
        return self._box.open(stored).decode("ascii")

    def _needs_sealing(self, stored: str) -> bool:
        return bool(_PLAIN_SECRET.fullmatch(stored)) or not self._box.is_current(stored)

    def enroll(
        self,
        caller: Caller,
        *,
        factor_type: str,
        friendly_name: str | None = None,
        issuer: str | None = None,
    ) -> EnrolledFactor:
        """Add an unverified TOTP factor with a new secret. Once the user has a verified
        factor, only an aal2 session may add another (``insufficient_aal``): else a stolen
        password alone could add a factor and reach aal2 with it."""
        if factor_type == "phone":
            raise NotAllowed("Only TOTP factors are supported", code="mfa_phone_enroll_not_enabled")
        if factor_type != "totp":
            raise invalid("factor_type needs to be totp", field="factor_type")
        core = self._core
        now = core.clock.now()
        with core.write() as uow:
            factors = uow.factors.for_user(caller.user_id)
            if step_up_required(uow.sessions.get(caller.session_id), factors):
                raise insufficient_aal("AAL2 required to enroll a new factor")
            if friendly_name and any(f.friendly_name == friendly_name for f in factors):
                raise Conflict(
                    f'A factor with the friendly name "{friendly_name}" for this user already '
                    "exists",
                    code="mfa_factor_name_conflict",
                )
            secret = self._totp.new_secret()
            factor = Factor(
                id=str(uuid.uuid4()),
                user_id=caller.user_id,
                friendly_name=friendly_name,
                secret=self._seal(secret),
                created_at=now,
                updated_at=now,
            )
            uow.factors.add(factor)
            uow.commit()
        # The one answer that shows the secret (for the authenticator app) shows it in plain.
        factor = attrs.evolve(factor, secret=secret)
        uri = self._totp.provisioning_uri(
            secret,
            account=str(caller.claims.get("email", "")),
            issuer=issuer or DEFAULT_ISSUER,
        )
        return EnrolledFactor(factor, uri)

    def challenge(self, caller: Caller, factor_id: str, ip_address: str) -> Challenge:
        """Start a challenge for one of the caller's factors."""
        core = self._core
        with core.write() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            challenge = Challenge(
                id=str(uuid.uuid4()),
                factor_id=factor.id,
                created_at=core.clock.now(),
                ip_address=ip_address,
            )
            uow.challenges.add(challenge)
            uow.commit()
            return challenge

    def verify_factor(
        self, caller: Caller, factor_id: str, challenge_id: str, code: str, ip_address: str = ""
    ) -> IssuedSession:
        """Check a TOTP code (SHA1, 6 digits, 30 s, ±1 step); the session becomes aal2 with
        ``totp`` first among its methods. The code must come from the address that asked for
        the challenge. The answer carries a refresh token drawn at random: the token from
        before the step-up never leads to it."""
        core = self._core
        now = core.clock.now()
        with core.write() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            challenge = uow.challenges.get(challenge_id)
            if challenge is None or challenge.factor_id != factor.id:
                raise NotFound("MFA challenge not found", code="mfa_challenge_not_found")
            if ip_address and challenge.ip_address and challenge.ip_address != ip_address:
                raise NotAllowed(
                    "Challenge and verify IP addresses mismatch. Try enrollment again.",
                    code="mfa_ip_address_mismatch",
                )
            if challenge.expired(now):
                raise NotAllowed(
                    "MFA challenge has expired, verify against another challenge or create a "
                    "new challenge.",
                    code="mfa_challenge_expired",
                )
            secret = self._open(factor.secret)
            step = self._totp.step_of(secret, code, now)
            if step is None or not fresh_totp_step(factor, step):  # wrong, or a replay
                raise NotAllowed("Invalid TOTP code entered", code="mfa_verification_failed")
            if not uow.factors.use_totp_step(factor.id, step):  # a racing verify used it
                raise NotAllowed("Invalid TOTP code entered", code="mfa_verification_failed")
            if not uow.challenges.mark_verified(challenge.id, now):
                raise NotAllowed("MFA challenge already used", code="mfa_verification_failed")
            reseal = self._needs_sealing(factor.secret)
            factor = attrs.evolve(
                factor,
                status=FactorStatus.VERIFIED,
                secret=self._seal(secret) if reseal else factor.secret,
                last_totp_step=step,
                updated_at=now,
            )
            uow.factors.update(factor)
            session = uow.sessions.get(caller.session_id)
            if session is None:
                raise NotFound("Session not found", code="session_not_found")
            session = attrs.evolve(
                session,
                aal="aal2",
                factor_id=factor.id,
                amr=with_method(session.amr, "totp", now),
                updated_at=now,
            )
            uow.sessions.update(session)
            user = uow.users.get(caller.user_id)
            latest = uow.refresh_tokens.latest(session.id)
            if latest is not None:
                uow.refresh_tokens.mark_used(latest.token_hash)
            parent = None if latest is None else latest.token_hash
            issued = core.viewed(uow, core.issue(uow, user, session, parent))
            uow.commit()
            return issued

    def unenroll(self, caller: Caller, factor_id: str) -> str:
        """Remove a factor; a verified one only from an aal2 session (``insufficient_aal``)."""
        with self._core.write() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            session = uow.sessions.get(caller.session_id)
            if factor.status is FactorStatus.VERIFIED and step_up_required(session, (factor,)):
                raise insufficient_aal("AAL2 required to unenroll verified factor")
            uow.factors.delete(factor.id)
            uow.commit()
            return factor.id

    @staticmethod
    def _own_factor(uow: AccountsUnitOfWork, caller: Caller, factor_id: str) -> Factor:
        factor = uow.factors.get(factor_id)
        if factor is None or factor.user_id != caller.user_id:
            raise NotFound("Factor not found", code="mfa_factor_not_found")
        return factor

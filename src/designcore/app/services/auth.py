"""The auth service: sign-up, sign-in, token refresh, users, sessions, recovery and MFA.

Compatible with the Supabase Auth (GoTrue) HTTP API; the HTTP shell is ``app/http/auth.py``.
Errors are :class:`AuthFailure` with the HTTP status and the GoTrue error code the official
clients understand.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import uuid
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import attrs

from designcore.domain.accounts import (
    AUDIENCE,
    AmrEntry,
    AuthSession,
    Challenge,
    Factor,
    FactorStatus,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    RefreshDecision,
    RefreshToken,
    User,
    access_claims,
    decide_refresh,
    merge_metadata,
    next_aal,
    normalise_email,
)
from designcore.domain.errors import DesignCoreError, NotAllowed, ValidationFailed
from designcore.domain.passwords import describe_password_issues, password_issues
from designcore.domain.premium import ANONYMOUS, Viewer
from designcore.domain.profiles import (
    REFERRAL_REWARD,
    CreditEntry,
    CreditReason,
    Profile,
    Referral,
    ReferralStatus,
    normalise_referral_code,
    referral_allowed,
    referral_code_from,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock
from designcore.ports.mail import Mailer, MailMessage
from designcore.ports.otp import Totp
from designcore.ports.passwords import PasswordHasher
from designcore.ports.tokens import TokenSigner

log = logging.getLogger(__name__)

LATE_REFERRAL_WINDOW = timedelta(hours=24)
"""A referral code set after sign-up (e.g. after Google sign-in) counts within this window."""


class AuthFailure(DesignCoreError):
    """An auth error as the GoTrue API reports it: HTTP status, error code, message."""

    def __init__(
        self, status: int, code: str, message: str, *, extra: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message, code=code)
        self.status = status
        self.extra = dict(extra or {})


def _invalid_credentials() -> AuthFailure:
    return AuthFailure(400, "invalid_credentials", "Invalid login credentials")


def hash_token(raw: str) -> str:
    """How refresh and one-time tokens are stored: SHA-256, hex."""
    return hashlib.sha256(raw.encode()).hexdigest()


@attrs.frozen
class AuthSettings:
    """How the auth service behaves."""

    issuer: str = "http://127.0.0.1:8000/auth/v1"
    """``iss`` of access tokens."""
    site_url: str = "http://127.0.0.1:8000"
    """Where links in mails lead by default."""
    access_token_lifetime: timedelta = timedelta(hours=1)
    confirm_email: bool = False
    """Require e-mail confirmation before sign-in (the embedded default confirms at once)."""
    allowed_redirects: tuple[str, ...] = ()
    """Extra origins that ``redirect_to`` may point at (the site URL is always allowed)."""


@attrs.frozen
class IssuedSession:
    """A session as the token endpoints answer it."""

    access_token: str
    refresh_token: str
    expires_in: int
    expires_at: int
    user: User
    session: AuthSession


@attrs.frozen
class UserView:
    """A user with what the API shows alongside: identities and factors."""

    user: User
    identities: tuple[Identity, ...]
    factors: tuple[Factor, ...]


@attrs.frozen
class Caller:
    """A verified access token: who, and in which session."""

    user_id: str
    session_id: str
    claims: Mapping[str, Any]


class AuthService:
    """Every operation of the auth API."""

    def __init__(
        self,
        *,
        accounts: Callable[[], AccountsUnitOfWork],
        hasher: PasswordHasher,
        signer: TokenSigner,
        is_common_password: Callable[[str], bool],
        mailer: Mailer,
        totp: Totp,
        clock: Clock,
        settings: AuthSettings,
    ) -> None:
        self._accounts = accounts
        self._hasher = hasher
        self._signer = signer
        self._is_common = is_common_password
        self._mailer = mailer
        self._totp = totp
        self._clock = clock
        self.settings = settings
        # Verified against when an e-mail is unknown, so both answers take as long.
        self._dummy_hash = hasher.hash(secrets.token_urlsafe(16))

    # -- tokens ------------------------------------------------------------------------

    def jwks(self) -> dict[str, Any]:
        """The public keys access tokens can be checked with."""
        return self._signer.jwks()

    def authenticate(self, access_token: str | None) -> Caller:
        """Check an access token and that its session still exists."""
        if not access_token:
            raise AuthFailure(
                401, "no_authorization", "This endpoint requires a valid Bearer token"
            )
        try:
            claims = self._signer.verify(access_token, audience=AUDIENCE, now=self._clock.now())
        except DesignCoreError as error:
            raise AuthFailure(403, "bad_jwt", f"invalid JWT: {error.message}") from error
        session_id = claims.get("session_id")
        user_id = claims.get("sub")
        if not isinstance(session_id, str) or not isinstance(user_id, str):
            raise AuthFailure(403, "bad_jwt", "invalid JWT: missing session_id or sub")
        with self._accounts() as uow:
            session = uow.sessions.get(session_id)
        if session is None or session.user_id != user_id:
            raise AuthFailure(
                403, "session_not_found", "Session from session_id claim in JWT does not exist"
            )
        return Caller(user_id=user_id, session_id=session_id, claims=claims)

    def _issue(
        self, uow: AccountsUnitOfWork, user: User, session: AuthSession, parent: str | None
    ) -> IssuedSession:
        now = self._clock.now()
        raw = secrets.token_urlsafe(24)
        uow.refresh_tokens.add(
            RefreshToken(
                token_hash=hash_token(raw),
                session_id=session.id,
                user_id=user.id,
                parent_hash=parent,
                created_at=now,
            )
        )
        lifetime = self.settings.access_token_lifetime
        claims = access_claims(
            user=user,
            session=session,
            issuer=self.settings.issuer,
            issued_at=now,
            lifetime=lifetime,
        )
        return IssuedSession(
            access_token=self._signer.sign(claims),
            refresh_token=raw,
            expires_in=int(lifetime.total_seconds()),
            expires_at=int(claims["exp"]),
            user=user,
            session=session,
        )

    def _new_session(self, uow: AccountsUnitOfWork, user: User, method: str) -> IssuedSession:
        now = self._clock.now()
        session = AuthSession(
            id=str(uuid.uuid4()),
            user_id=user.id,
            created_at=now,
            updated_at=now,
            amr=(AmrEntry(method, int(now.timestamp())),),
        )
        uow.sessions.add(session)
        signed_in = attrs.evolve(user, last_sign_in_at=now, updated_at=now)
        uow.users.update(signed_in)
        return self._issue(uow, signed_in, session, None)

    # -- sign-up and sign-in -----------------------------------------------------------

    def _check_password(self, password: str) -> None:
        reasons = password_issues(password, is_common=self._is_common)
        if reasons:
            raise AuthFailure(
                422,
                "weak_password",
                describe_password_issues(reasons),
                extra={"weak_password": {"reasons": list(reasons)}},
            )

    def sign_up(
        self, *, email: str, password: str, data: Mapping[str, Any] | None
    ) -> IssuedSession | User:
        """Create an account (user, e-mail identity, profile; referral credits when a valid
        code came along). Answers a session when e-mails need no confirmation."""
        address = self._email(email)
        self._check_password(password)
        metadata = {k: v for k, v in (data or {}).items() if isinstance(k, str)}
        now = self._clock.now()
        with self._accounts() as uow:
            if uow.users.find_by_email(address) is not None:
                raise AuthFailure(422, "user_already_exists", "User already registered")
            user = User(
                id=str(uuid.uuid4()),
                email=address,
                password_hash=self._hasher.hash(password),
                email_confirmed_at=None if self.settings.confirm_email else now,
                app_metadata={"provider": "email", "providers": ["email"]},
                user_metadata=metadata,
                created_at=now,
                updated_at=now,
            )
            uow.users.add(user)
            uow.identities.add(
                Identity(
                    id=str(uuid.uuid4()),
                    user_id=user.id,
                    provider="email",
                    provider_id=user.id,
                    identity_data={"sub": user.id, "email": address, "email_verified": False},
                    email=address,
                    created_at=now,
                    updated_at=now,
                )
            )
            self._create_profile(uow, user, metadata)
            self._apply_referral(uow, user, metadata.get("referral_code"))
            if self.settings.confirm_email:
                raw = self._one_time_token(uow, user, OneTimeTokenKind.SIGNUP)
                uow.commit()
                self._send_link(address, "Confirm your signup", "signup", raw, None)
                return user
            issued = self._new_session(uow, user, "password")
            uow.commit()
            return issued

    def _create_profile(
        self, uow: AccountsUnitOfWork, user: User, metadata: Mapping[str, Any]
    ) -> None:
        for _ in range(10):
            code = referral_code_from(secrets.token_bytes(8))
            if uow.profiles.find_by_referral_code(code) is None:
                break
        else:  # pragma: no cover - 32**8 codes; ten clashes in a row do not happen
            raise AuthFailure(500, "unexpected_failure", "could not draw a referral code")
        uow.profiles.add(
            Profile(
                id=user.id,
                email=user.email,
                first_name=str(metadata.get("first_name") or "")[:100],
                last_name=str(metadata.get("last_name") or "")[:100],
                referral_code=code,
                created_at=user.created_at,
                updated_at=user.created_at,
            )
        )

    def _apply_referral(self, uow: AccountsUnitOfWork, user: User, raw_code: object) -> None:
        """Award the referral once: 10 credits to each side, never for one's own or an
        unknown code (the sign-up goes on either way)."""
        code = normalise_referral_code(raw_code)
        if code is None or uow.referrals.for_referred(user.id) is not None:
            return
        referrer = uow.profiles.find_by_referral_code(code)
        referrer_id = None if referrer is None else referrer.id
        if not referral_allowed(referrer_id=referrer_id, new_user_id=user.id):
            return
        assert referrer_id is not None
        now = self._clock.now()
        referral = Referral(
            id=str(uuid.uuid4()),
            referrer_id=referrer_id,
            referred_id=user.id,
            code=code,
            status=ReferralStatus.COMPLETED,
            credits_awarded=REFERRAL_REWARD,
            created_at=now,
        )
        uow.referrals.add(referral)
        for owner, reason in (
            (referrer_id, CreditReason.REFERRAL_REFERRER),
            (user.id, CreditReason.REFERRAL_WELCOME),
        ):
            uow.credits.append(
                CreditEntry(
                    id=str(uuid.uuid4()),
                    user_id=owner,
                    delta=REFERRAL_REWARD,
                    reason=reason,
                    reference=referral.id,
                    created_at=now,
                )
            )

    def sign_in_with_password(self, *, email: str, password: str) -> IssuedSession:
        """A new session for the right e-mail and password; one error for every wrong pair."""
        try:
            address = normalise_email(email)
        except ValidationFailed:
            raise _invalid_credentials() from None
        with self._accounts() as uow:
            user = uow.users.find_by_email(address)
            if user is None or user.password_hash is None:
                self._hasher.verify(self._dummy_hash, password)
                raise _invalid_credentials()
            if not self._hasher.verify(user.password_hash, password):
                raise _invalid_credentials()
            if user.email_confirmed_at is None:
                raise AuthFailure(400, "email_not_confirmed", "Email not confirmed")
            if user.banned_until is not None and user.banned_until > self._clock.now():
                raise AuthFailure(400, "user_banned", "User is banned")
            if self._hasher.needs_rehash(user.password_hash):
                user = attrs.evolve(user, password_hash=self._hasher.hash(password))
            issued = self._new_session(uow, user, "password")
            uow.commit()
            return issued

    def refresh(self, refresh_token: str) -> IssuedSession:
        """Rotate a refresh token (see ``designcore.domain.accounts.decide_refresh``)."""
        if not refresh_token:
            raise AuthFailure(400, "validation_failed", "refresh_token is required")
        presented_hash = hash_token(refresh_token)
        with self._accounts() as uow:
            presented = uow.refresh_tokens.find(presented_hash)
            if presented is None:
                raise AuthFailure(
                    400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"
                )
            session = uow.sessions.get(presented.session_id)
            latest = uow.refresh_tokens.latest(presented.session_id)
            if session is None or latest is None:
                raise AuthFailure(
                    400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"
                )
            decision = decide_refresh(presented, latest, self._clock.now())
            if decision is RefreshDecision.ROTATE and not uow.refresh_tokens.mark_used(
                presented_hash
            ):
                decision = RefreshDecision.REVOKE_SESSION
            if decision is RefreshDecision.REUSE_LATEST:
                # The response carrying the latest token was lost: continue from it.
                uow.refresh_tokens.mark_used(latest.token_hash)
                presented_hash = latest.token_hash
            if decision is RefreshDecision.REVOKE_SESSION:
                uow.sessions.delete(session.id)
                uow.commit()
                log.warning("refresh token replayed; session %s revoked", session.id)
                raise AuthFailure(
                    400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"
                )
            user = uow.users.get(session.user_id)
            now = self._clock.now()
            session = attrs.evolve(session, updated_at=now)
            uow.sessions.update(session)
            issued = self._issue(uow, user, session, presented_hash)
            uow.commit()
            return issued

    # -- the signed-in user ------------------------------------------------------------

    def user_view(self, user_id: str) -> UserView:
        """A user with identities and factors."""
        with self._accounts() as uow:
            return UserView(
                uow.users.get(user_id),
                tuple(uow.identities.for_user(user_id)),
                tuple(uow.factors.for_user(user_id)),
            )

    def update_user(self, caller: Caller, changes: Mapping[str, Any]) -> UserView:
        """Change the e-mail, the password or the metadata (``data``)."""
        now = self._clock.now()
        with self._accounts() as uow:
            user = uow.users.get(caller.user_id)
            if "password" in changes and changes["password"] is not None:
                password = changes["password"]
                if not isinstance(password, str):
                    raise AuthFailure(400, "validation_failed", "password must be a string")
                self._check_password(password)
                if user.password_hash and self._hasher.verify(user.password_hash, password):
                    raise AuthFailure(
                        422,
                        "same_password",
                        "New password should be different from the old password.",
                    )
                user = attrs.evolve(user, password_hash=self._hasher.hash(password))
            if "email" in changes and changes["email"] is not None:
                address = self._email(str(changes["email"]))
                if address != user.email:
                    other = uow.users.find_by_email(address)
                    if other is not None:
                        raise AuthFailure(
                            422,
                            "email_exists",
                            "A user with this email address has already been registered",
                        )
                    user = attrs.evolve(user, email=address, email_confirmed_at=now)
                    profile = uow.profiles.get(user.id)
                    uow.profiles.update(attrs.evolve(profile, email=address, updated_at=now))
            data = changes.get("data")
            if data is not None:
                if not isinstance(data, Mapping):
                    raise AuthFailure(400, "validation_failed", "data must be an object")
                user = attrs.evolve(user, user_metadata=merge_metadata(user.user_metadata, data))
                if now - user.created_at <= LATE_REFERRAL_WINDOW:
                    self._apply_referral(uow, user, data.get("referral_code"))
            user = attrs.evolve(user, updated_at=now)
            uow.users.update(user)
            uow.commit()
            return UserView(
                user, tuple(uow.identities.for_user(user.id)), tuple(uow.factors.for_user(user.id))
            )

    def sign_out(self, caller: Caller, scope: str) -> None:
        """End this session (local), every session (global) or every other one (others)."""
        if scope not in {"global", "local", "others"}:
            raise AuthFailure(400, "validation_failed", "scope must be global, local or others")
        with self._accounts() as uow:
            if scope == "local":
                uow.sessions.delete(caller.session_id)
            elif scope == "others":
                uow.sessions.delete_for_user(caller.user_id, keep=caller.session_id)
            else:
                uow.sessions.delete_for_user(caller.user_id)
            uow.commit()

    # -- mailed links ------------------------------------------------------------------

    def _one_time_token(self, uow: AccountsUnitOfWork, user: User, kind: OneTimeTokenKind) -> str:
        raw = secrets.token_urlsafe(24)
        uow.one_time_tokens.put(
            OneTimeToken(
                token_hash=hash_token(raw),
                user_id=user.id,
                kind=kind,
                relates_to=user.email,
                created_at=self._clock.now(),
            )
        )
        return raw

    def redirect_target(self, redirect_to: str | None) -> str:
        """Where a link may send the browser: the requested place if allowed, else the site."""
        site = self.settings.site_url.rstrip("/")
        if redirect_to and (
            redirect_to == site
            or redirect_to.startswith(
                (site + "/", *(o.rstrip("/") + "/" for o in self.settings.allowed_redirects))
            )
            or redirect_to in self.settings.allowed_redirects
        ):
            return redirect_to
        return site

    def _send_link(
        self, address: str, subject: str, kind: str, raw: str, redirect_to: str | None
    ) -> None:
        query = urlencode(
            {"token": raw, "type": kind, "redirect_to": self.redirect_target(redirect_to)}
        )
        link = f"{self.settings.issuer}/verify?{query}"
        self._mailer.send(
            MailMessage(
                to=address,
                subject=subject,
                text=f"Follow this link:\n\n{link}\n\nThe link works once, for one hour.",
                html=f'<p><a href="{link}">{subject}</a></p><p>The link works once, for one hour.</p>',
            )
        )

    def recover(self, email: str, redirect_to: str | None) -> None:
        """Mail a password recovery link; the answer never tells whether the address exists."""
        address = self._email(email)
        with self._accounts() as uow:
            user = uow.users.find_by_email(address)
            if user is None:
                return
            raw = self._one_time_token(uow, user, OneTimeTokenKind.RECOVERY)
            uow.commit()
        self._send_link(address, "Reset your password", "recovery", raw, redirect_to)

    def resend(self, email: str, kind: str) -> None:
        """Mail the sign-up confirmation again (only while it is unconfirmed)."""
        if kind != "signup":
            raise AuthFailure(400, "validation_failed", "only type signup can be resent")
        address = self._email(email)
        with self._accounts() as uow:
            user = uow.users.find_by_email(address)
            if user is None or user.email_confirmed_at is not None:
                return
            raw = self._one_time_token(uow, user, OneTimeTokenKind.SIGNUP)
            uow.commit()
        self._send_link(address, "Confirm your signup", "signup", raw, None)

    def verify(self, *, token: str, kind: str) -> IssuedSession:
        """Use a mailed token: recovery signs in (to set a new password), signup confirms."""
        kinds = {
            "recovery": OneTimeTokenKind.RECOVERY,
            "signup": OneTimeTokenKind.SIGNUP,
            "email": OneTimeTokenKind.SIGNUP,
        }
        if kind not in kinds:
            raise AuthFailure(400, "validation_failed", "type must be recovery or signup")
        now = self._clock.now()
        with self._accounts() as uow:
            found = uow.one_time_tokens.take(hash_token(token), kinds[kind])
            if found is None or found.expired(now):
                raise AuthFailure(403, "otp_expired", "Email link is invalid or has expired")
            user = uow.users.get(found.user_id)
            if user.email_confirmed_at is None:
                user = attrs.evolve(user, email_confirmed_at=now)
            method = "recovery" if kind == "recovery" else "otp"
            issued = self._new_session(uow, user, method)
            uow.commit()
            return issued

    # -- MFA ---------------------------------------------------------------------------

    def enroll_totp(self, caller: Caller, friendly_name: str | None, issuer: str | None) -> Factor:
        """Add an unverified TOTP factor with a new secret."""
        now = self._clock.now()
        with self._accounts() as uow:
            factors = uow.factors.for_user(caller.user_id)
            if friendly_name and any(f.friendly_name == friendly_name for f in factors):
                raise AuthFailure(
                    422,
                    "mfa_factor_name_conflict",
                    f'A factor with the friendly name "{friendly_name}" for this user already exists',
                )
            factor = Factor(
                id=str(uuid.uuid4()),
                user_id=caller.user_id,
                friendly_name=friendly_name,
                secret=self._totp.new_secret(),
                created_at=now,
                updated_at=now,
            )
            uow.factors.add(factor)
            uow.commit()
            return factor

    def totp_uri(self, factor: Factor, email: str, issuer: str | None) -> str:
        """The otpauth:// URI authenticator apps read."""
        return self._totp.provisioning_uri(
            factor.secret, account=email, issuer=issuer or "designcore"
        )

    def challenge(self, caller: Caller, factor_id: str, ip_address: str) -> Challenge:
        """Start a challenge for one of the caller's factors."""
        with self._accounts() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            challenge = Challenge(
                id=str(uuid.uuid4()),
                factor_id=factor.id,
                created_at=self._clock.now(),
                ip_address=ip_address,
            )
            uow.challenges.add(challenge)
            uow.commit()
            return challenge

    def verify_factor(
        self, caller: Caller, factor_id: str, challenge_id: str, code: str
    ) -> IssuedSession:
        """Check a TOTP code (SHA1, 6 digits, 30 s, ±1 step); the session becomes aal2."""
        now = self._clock.now()
        with self._accounts() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            challenge = uow.challenges.get(challenge_id)
            if challenge is None or challenge.factor_id != factor.id:
                raise AuthFailure(404, "mfa_challenge_not_found", "MFA challenge not found")
            if challenge.expired(now):
                raise AuthFailure(
                    422,
                    "mfa_challenge_expired",
                    "MFA challenge has expired, verify against another challenge or create a new challenge.",
                )
            if not self._totp.verify(factor.secret, str(code), now):
                raise AuthFailure(422, "mfa_verification_failed", "Invalid TOTP code entered")
            if not uow.challenges.mark_verified(challenge.id, now):
                raise AuthFailure(422, "mfa_verification_failed", "MFA challenge already used")
            if factor.status is not FactorStatus.VERIFIED:
                factor = attrs.evolve(factor, status=FactorStatus.VERIFIED, updated_at=now)
                uow.factors.update(factor)
            session = uow.sessions.get(caller.session_id)
            if session is None:
                raise AuthFailure(403, "session_not_found", "Session not found")
            session = attrs.evolve(
                session,
                aal="aal2",
                factor_id=factor.id,
                amr=(*session.amr, AmrEntry("totp", int(now.timestamp()))),
                updated_at=now,
            )
            uow.sessions.update(session)
            user = uow.users.get(caller.user_id)
            latest = uow.refresh_tokens.latest(session.id)
            if latest is not None:
                uow.refresh_tokens.mark_used(latest.token_hash)
            issued = self._issue(uow, user, session, None if latest is None else latest.token_hash)
            uow.commit()
            return issued

    def unenroll(self, caller: Caller, factor_id: str) -> str:
        """Remove a factor; a verified one only from an aal2 session."""
        with self._accounts() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            if factor.status is FactorStatus.VERIFIED and caller.claims.get("aal") != "aal2":
                raise AuthFailure(
                    403, "insufficient_aal", "AAL2 required to unenroll verified factor"
                )
            uow.factors.delete(factor.id)
            uow.commit()
            return factor.id

    def assurance(self, caller: Caller) -> tuple[str, str]:
        """The session's level and the level the user could reach."""
        with self._accounts() as uow:
            factors = tuple(uow.factors.for_user(caller.user_id))
        return str(caller.claims.get("aal", "aal1")), next_aal(factors)

    @staticmethod
    def _own_factor(uow: AccountsUnitOfWork, caller: Caller, factor_id: str) -> Factor:
        factor = uow.factors.get(factor_id)
        if factor is None or factor.user_id != caller.user_id:
            raise AuthFailure(404, "mfa_factor_not_found", "Factor not found")
        return factor

    def _email(self, raw: str) -> str:
        try:
            return normalise_email(raw)
        except ValidationFailed:
            raise AuthFailure(
                400, "email_address_invalid", "Unable to validate email address: invalid format"
            ) from None


class AccountsAuthenticator:
    """The ``Authenticator`` port over the auth service: access token → viewer (profile)."""

    def __init__(self, auth: AuthService, accounts: Callable[[], AccountsUnitOfWork]) -> None:
        self._auth = auth
        self._accounts = accounts

    def viewer_for(self, access_token: str | None) -> Viewer:
        """The signed-in viewer, or the anonymous one without a token."""
        if access_token is None:
            return ANONYMOUS
        try:
            caller = self._auth.authenticate(access_token)
        except AuthFailure as failure:
            raise NotAllowed(failure.message, code="invalid_token") from failure
        with self._accounts() as uow:
            return uow.profiles.get(caller.user_id).viewer()

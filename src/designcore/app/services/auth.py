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
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import attrs

from designcore.app.services.signed_in import SignedInCache
from designcore.domain.accounts import (
    AUDIENCE,
    ONE_TIME_TOKEN_LIFETIME,
    AmrEntry,
    AuthSession,
    Challenge,
    CodeChallengeMethod,
    Factor,
    FactorStatus,
    FlowState,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    ProviderUser,
    RefreshDecision,
    RefreshToken,
    User,
    access_claims,
    code_challenge_matches,
    code_challenge_of,
    decide_refresh,
    merge_metadata,
    normalise_email,
    split_name,
    step_up_required,
    successor_of,
    with_method,
    with_provider,
    without_provider,
)
from designcore.domain.errors import DesignCoreError, NotAllowed, Unavailable, ValidationFailed
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
from designcore.ports.oidc import FlowStateStore, OpenIdProvider
from designcore.ports.otp import Totp
from designcore.ports.passwords import PasswordHasher
from designcore.ports.tokens import TokenSigner

log = logging.getLogger(__name__)

LATE_REFERRAL_WINDOW = timedelta(hours=24)
"""A referral code set after sign-up (e.g. after Google sign-in) counts within this window."""

PROVIDER_SCOPES = ("openid", "email", "profile")
"""Scopes always asked of an OpenID provider; a client's ``scopes`` add to them."""


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
    secure_password_change: bool = False
    """Require a mailed reauthentication code (``nonce``) to change the password from a
    session older than :data:`RECENT_SIGN_IN`."""


REPLACED_TOKEN_RETENTION = timedelta(hours=24)
"""How long a used refresh token is kept after its successor was issued (replaying it within
the reuse window recovers a lost answer; later, replaying it revokes the session)."""

RECENT_SIGN_IN = timedelta(hours=24)
"""A session younger than this may change the password without a reauthentication code."""


@attrs.frozen
class IssuedSession:
    """A session as the token endpoints answer it."""

    access_token: str
    refresh_token: str
    expires_in: int
    expires_at: int
    user: User
    session: AuthSession
    provider_token: str | None = attrs.field(default=None, repr=False)
    """After a provider sign-in: the provider's access token, handed to the client once."""
    provider_refresh_token: str | None = attrs.field(default=None, repr=False)
    """After a provider sign-in with offline access: the provider's refresh token."""
    view: UserView | None = None
    """The user with identities and factors as the transaction that issued it left them."""


@attrs.frozen
class UserView:
    """A user with what the API shows alongside: identities and factors."""

    user: User
    identities: tuple[Identity, ...]
    factors: tuple[Factor, ...]


def _redirect_of(options: LinkOptions | None) -> str | None:
    return options.redirect_to if options else None


@attrs.frozen
class LinkOptions:
    """How a mailed link should finish: where it leads, and the client's PKCE challenge
    when it uses the PKCE flow (then the link answers ``?code=`` to exchange)."""

    redirect_to: str | None = None
    code_challenge: str | None = None
    code_challenge_method: str | None = None


@attrs.frozen
class ProviderOutcome:
    """Where a provider callback sends the browser, and with what."""

    redirect_to: str
    auth_code: str | None = None
    """For the PKCE flow: the code the client exchanges with its verifier."""
    issued: IssuedSession | None = None
    """For the implicit flow: the session, handed over in the URL fragment."""


class ProviderFlowFailure(AuthFailure):
    """A provider callback that failed: the browser is sent back with the error."""

    def __init__(
        self, failure: AuthFailure, *, redirect_to: str, in_query: bool, error: str
    ) -> None:
        super().__init__(failure.status, failure.code, failure.message, extra=failure.extra)
        self.redirect_to = redirect_to
        self.in_query = in_query
        """PKCE flows get the error in the query, implicit ones in the fragment (GoTrue)."""
        self.error = error
        """The OAuth ``error`` value (``server_error``, ``access_denied``, …)."""


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
        flows: FlowStateStore,
        identity_providers: Mapping[str, OpenIdProvider] | None = None,
        reader: Callable[[], AccountsUnitOfWork] | None = None,
        signed_in: SignedInCache | None = None,
    ) -> None:
        self._writer = accounts
        self._reader = reader or accounts
        self._signed_in = signed_in or SignedInCache(clock, timedelta(0))
        self._flows = flows
        self._identity_providers = dict(identity_providers or {})
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

    @contextmanager
    def _write(self) -> Iterator[AccountsUnitOfWork]:
        """A unit of work that may write: what the signed-in cache holds is dropped."""
        with self._signed_in.writing(), self._writer() as uow:
            yield uow

    def authenticate(self, access_token: str | None) -> Caller:
        """Check an access token and that its session still exists."""
        claims = self._verified_claims(access_token)
        self._signed_in_view(claims)
        return Caller(user_id=claims["sub"], session_id=claims["session_id"], claims=claims)

    def _signed_in_view(self, claims: Mapping[str, Any]) -> UserView:
        """The user of verified claims whose session exists: from the signed-in cache, or
        read in one transaction with the session check and kept."""
        session_id, user_id = claims["session_id"], claims["sub"]
        known = self._signed_in.get(user_id, session_id)
        if known is not None:
            return known
        generation = self._signed_in.generation()
        with self._reader() as uow:
            self._check_session(uow, session_id, user_id)
            view = UserView(
                uow.users.get(user_id),
                tuple(uow.identities.for_user(user_id)),
                tuple(uow.factors.for_user(user_id)),
            )
        self._signed_in.put(user_id, session_id, view, generation)
        return view

    def _verified_claims(self, access_token: str | None) -> dict[str, Any]:
        """The claims of a valid access token that names a user and a session."""
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
        return claims

    @staticmethod
    def _check_session(uow: AccountsUnitOfWork, session_id: str, user_id: str) -> None:
        session = uow.sessions.get(session_id)
        if session is None or session.user_id != user_id:
            raise AuthFailure(
                403, "session_not_found", "Session from session_id claim in JWT does not exist"
            )

    def current_user(self, access_token: str | None) -> UserView:
        """The signed-in user of a token (``GET /user``): the token is checked against the
        cached signing keys, the session and the user come from the signed-in cache when no
        write happened since they were read."""
        return self._signed_in_view(self._verified_claims(access_token))

    def _issue(
        self,
        uow: AccountsUnitOfWork,
        user: User,
        session: AuthSession,
        parent: str | None,
        *,
        follows: str | None = None,
    ) -> IssuedSession:
        """Store a new refresh token of ``session`` (the successor of the raw token
        ``follows`` when given, else drawn at random) and answer it with an access token."""
        salt = None if follows is None else secrets.token_urlsafe(16)
        raw = secrets.token_urlsafe(24) if salt is None else successor_of(str(follows), salt)
        uow.refresh_tokens.add(
            RefreshToken(
                token_hash=hash_token(raw),
                session_id=session.id,
                user_id=user.id,
                parent_hash=parent,
                created_at=self._clock.now(),
                salt=salt,
            )
        )
        return self._answer(user, session, raw)

    def _answer(self, user: User, session: AuthSession, refresh_token: str) -> IssuedSession:
        """A new access token of ``session``, answered with ``refresh_token``."""
        now = self._clock.now()
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
            refresh_token=refresh_token,
            expires_in=int(lifetime.total_seconds()),
            expires_at=int(claims["exp"]),
            user=user,
            session=session,
        )

    @staticmethod
    def _check_not_banned(user: User, now: datetime) -> None:
        if user.banned_until is not None and user.banned_until > now:
            raise AuthFailure(400, "user_banned", "User is banned")

    @staticmethod
    def _viewed(uow: AccountsUnitOfWork, issued: IssuedSession) -> IssuedSession:
        """The session with its user view read in the same transaction (the token answer
        shows identities and factors; reading them here saves a second transaction)."""
        user_id = issued.user.id
        view = UserView(
            issued.user,
            tuple(uow.identities.for_user(user_id)),
            tuple(uow.factors.for_user(user_id)),
        )
        return attrs.evolve(issued, view=view)

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
        self,
        *,
        email: str,
        password: str,
        data: Mapping[str, Any] | None,
        options: LinkOptions | None = None,
    ) -> IssuedSession | UserView:
        """Create an account (user, e-mail identity, profile; referral credits when a valid
        code came along). Answers a session when e-mails need no confirmation."""
        address = self._email(email)
        self._check_password(password)
        self._check_link_options(options)
        metadata = {k: v for k, v in (data or {}).items() if isinstance(k, str)}
        now = self._clock.now()
        with self._write() as uow:
            existing = uow.users.find_by_email(address)
            if existing is not None:
                if not self.settings.confirm_email:
                    raise AuthFailure(422, "user_already_exists", "User already registered")
                # With confirmation on, the answer must not tell who has an account: an
                # unconfirmed owner gets the link again, and everyone sees a look-alike user.
                if existing.email_confirmed_at is None:
                    raw = self._one_time_token(uow, existing, OneTimeTokenKind.SIGNUP, options)
                    uow.commit()
                    self._send_link(
                        address, "Confirm your signup", "signup", raw, _redirect_of(options)
                    )
                self._hasher.hash(password)  # as long as a real sign-up takes
                look_alike = User(
                    id=str(uuid.uuid4()),
                    email=address,
                    app_metadata={"provider": "email", "providers": ["email"]},
                    user_metadata=metadata,
                    created_at=now,
                    updated_at=now,
                )
                return UserView(look_alike, (), ())  # no identities, as GoTrue answers
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
            identity = Identity(
                id=str(uuid.uuid4()),
                user_id=user.id,
                provider="email",
                provider_id=user.id,
                identity_data={"sub": user.id, "email": address, "email_verified": False},
                email=address,
                created_at=now,
                updated_at=now,
            )
            self._register(uow, user, identity, metadata)
            if self.settings.confirm_email:
                raw = self._one_time_token(uow, user, OneTimeTokenKind.SIGNUP, options)
                uow.commit()
                self._send_link(
                    address, "Confirm your signup", "signup", raw, _redirect_of(options)
                )
                return UserView(user, (identity,), ())
            issued = self._new_session(uow, user, "password")
            issued = self._viewed(uow, issued)
            uow.commit()
            return issued

    def _register(
        self,
        uow: AccountsUnitOfWork,
        user: User,
        identity: Identity,
        metadata: Mapping[str, Any],
    ) -> None:
        """What every new account gets, whichever way it signed up: the user, its first
        identity, a profile, and the referral credits when a valid code came along."""
        uow.users.add(user)
        uow.identities.add(identity)
        self._create_profile(uow, user, metadata)
        self._apply_referral(uow, user, metadata.get("referral_code"))

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
        with self._write() as uow:
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
            issued = self._viewed(uow, issued)
            uow.commit()
            return issued

    def refresh(self, refresh_token: str) -> IssuedSession:
        """Rotate a refresh token (see ``designcore.domain.accounts.decide_refresh``): the
        active token gets one successor; its parent presented again within the reuse interval
        is answered with that same successor, never a second one."""
        if not refresh_token:
            raise AuthFailure(400, "validation_failed", "refresh_token is required")
        presented_hash = hash_token(refresh_token)
        not_found = AuthFailure(
            400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"
        )
        already_used = AuthFailure(
            400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"
        )
        with self._write() as uow:
            presented = uow.refresh_tokens.find(presented_hash)
            if presented is None:
                raise not_found
            session = uow.sessions.get(presented.session_id)
            active = uow.refresh_tokens.latest(presented.session_id)
            if session is None or active is None:
                raise not_found
            decision = decide_refresh(presented, active, self._clock.now())
            if decision is RefreshDecision.ROTATE and not uow.refresh_tokens.mark_used(
                presented_hash
            ):
                # Another request used this token a moment ago: decide again on what it left.
                used = uow.refresh_tokens.find(presented_hash)
                active = uow.refresh_tokens.latest(presented.session_id)
                if used is None or active is None:
                    raise not_found
                decision = decide_refresh(used, active, self._clock.now())
            if decision is RefreshDecision.REVOKE_SESSION:
                uow.sessions.delete(session.id)
                uow.commit()
                log.warning("refresh token replayed; session %s revoked", session.id)
                raise already_used
            if decision is RefreshDecision.REFUSE:
                raise already_used
            user = uow.users.get(session.user_id)
            now = self._clock.now()
            self._check_not_banned(user, now)
            if decision is RefreshDecision.ANSWER_ACTIVE:
                answered = successor_of(refresh_token, str(active.salt))
                if hash_token(answered) != active.token_hash:  # pragma: no cover - a bad row
                    raise already_used
                return self._viewed(uow, self._answer(user, session, answered))
            session = attrs.evolve(session, updated_at=now)
            uow.sessions.update(session)
            issued = self._issue(uow, user, session, presented_hash, follows=refresh_token)
            issued = self._viewed(uow, issued)
            uow.commit()
            return issued

    # -- the signed-in user ------------------------------------------------------------

    def user_view(self, user_id: str) -> UserView:
        """A user with identities and factors."""
        with self._reader() as uow:
            return UserView(
                uow.users.get(user_id),
                tuple(uow.identities.for_user(user_id)),
                tuple(uow.factors.for_user(user_id)),
            )

    def update_user(
        self, caller: Caller, changes: Mapping[str, Any], options: LinkOptions | None = None
    ) -> UserView:
        """Change the password or the metadata (``data``) at once; a new e-mail address is
        mailed a confirmation link and becomes the account's once followed."""
        now = self._clock.now()
        change_link: str | None = None
        with self._write() as uow:
            user = uow.users.get(caller.user_id)
            if self._changes_credentials(user, changes):
                self._check_step_up(uow, caller)
            if "password" in changes and changes["password"] is not None:
                password = changes["password"]
                if not isinstance(password, str):
                    raise AuthFailure(400, "validation_failed", "password must be a string")
                self._check_password(password)
                self._check_reauthentication(uow, caller, user, changes.get("nonce"))
                if user.password_hash and self._hasher.verify(user.password_hash, password):
                    raise AuthFailure(
                        422,
                        "same_password",
                        "New password should be different from the old password.",
                    )
                user = attrs.evolve(user, password_hash=self._hasher.hash(password))
                # Whoever else holds a session (perhaps the reason for the change) is out.
                uow.sessions.delete_for_user(user.id, keep=caller.session_id)
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
                    # The new address is proved by a link mailed to it; until then the
                    # account keeps its address (a typo or a stolen session cannot move it).
                    change_link = self._one_time_token(
                        uow, user, OneTimeTokenKind.EMAIL_CHANGE, options, relates_to=address
                    )
                    user = attrs.evolve(user, new_email=address, email_change_sent_at=now)
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
            view = UserView(
                user, tuple(uow.identities.for_user(user.id)), tuple(uow.factors.for_user(user.id))
            )
        if change_link is not None and user.new_email:
            self._send_link(
                user.new_email,
                "Confirm your new email",
                "email_change",
                change_link,
                _redirect_of(options),
            )
        return view

    @staticmethod
    def _changes_credentials(user: User, changes: Mapping[str, Any]) -> bool:
        """Whether an update sets a password or moves the account to another address."""
        password, email = changes.get("password"), changes.get("email")
        if isinstance(password, str) and password:
            return True
        return isinstance(email, str) and email.strip().lower() != user.email

    @staticmethod
    def _check_step_up(uow: AccountsUnitOfWork, caller: Caller) -> None:
        """Refuse a credential change from a session below the user's reachable level."""
        session = uow.sessions.get(caller.session_id)
        if step_up_required(session, uow.factors.for_user(caller.user_id)):
            raise AuthFailure(
                401,
                "insufficient_aal",
                "AAL2 session is required to update email or password when MFA is enabled.",
            )

    def _check_reauthentication(
        self, uow: AccountsUnitOfWork, caller: Caller, user: User, nonce: object
    ) -> None:
        """With secure password change on, a session older than a day needs the code that
        ``GET /reauthenticate`` mailed. A wrong code burns the mailed one, so each code allows
        one guess in a million."""
        if not self.settings.secure_password_change:
            return
        session = uow.sessions.get(caller.session_id)
        if session is not None and self._clock.now() - session.created_at < RECENT_SIGN_IN:
            return
        if not isinstance(nonce, str) or not nonce:
            raise AuthFailure(
                400, "reauthentication_needed", "Password update requires reauthentication"
            )
        found = uow.one_time_tokens.take(
            hash_token(nonce.strip()), OneTimeTokenKind.REAUTHENTICATION
        )
        if found is None or found.user_id != user.id or found.expired(self._clock.now()):
            # Burn the user's mailed code: storing a token replaces the pending one of the
            # same kind, and taking it leaves none.
            pending = self._one_time_token(uow, user, OneTimeTokenKind.REAUTHENTICATION)
            uow.one_time_tokens.take(hash_token(pending), OneTimeTokenKind.REAUTHENTICATION)
            uow.commit()
            raise AuthFailure(400, "reauthentication_not_valid", "Requires reauthentication")

    def reauthenticate(self, caller: Caller) -> None:
        """``GET /reauthenticate``: mail the signed-in user a six-digit code that lets this
        session change the password (valid for one hour, once)."""
        with self._write() as uow:
            user = uow.users.get(caller.user_id)
            if not user.email:
                raise AuthFailure(
                    422, "reauthentication_not_valid", "Reauthentication requires an email"
                )
            code = f"{secrets.randbelow(10**6):06d}"
            uow.one_time_tokens.put(
                OneTimeToken(
                    token_hash=hash_token(code),
                    user_id=user.id,
                    kind=OneTimeTokenKind.REAUTHENTICATION,
                    relates_to=user.email,
                    created_at=self._clock.now(),
                )
            )
            uow.commit()
        self._mailer.send(
            MailMessage(
                to=user.email,
                subject="Confirm reauthentication",
                text=f"Enter this code to confirm it is you: {code}\n\n"
                "It works once, for one hour. If you did not ask for it, ignore this mail.",
                html=f"<p>Enter this code to confirm it is you:</p><p><b>{code}</b></p>"
                "<p>It works once, for one hour. If you did not ask for it, ignore this mail.</p>",
            )
        )

    def clean_up(self) -> dict[str, int]:
        """Delete what can no longer be used: refresh tokens replaced more than
        :data:`REPLACED_TOKEN_RETENTION` ago and expired mailed tokens (run hourly by the
        server, and by ``designcore auth clean-up``). Answers how many of each went."""
        now = self._clock.now()
        with self._writer() as uow:  # nothing a signed-in view shows changes
            counts = {
                "refresh_tokens": uow.refresh_tokens.delete_replaced_before(
                    now - REPLACED_TOKEN_RETENTION
                ),
                "one_time_tokens": uow.one_time_tokens.delete_created_before(
                    now - ONE_TIME_TOKEN_LIFETIME
                ),
            }
            uow.commit()
        return counts

    def sign_out(self, caller: Caller, scope: str) -> None:
        """End this session (local), every session (global) or every other one (others)."""
        if scope not in {"global", "local", "others"}:
            raise AuthFailure(400, "validation_failed", "scope must be global, local or others")
        with self._write() as uow:
            if scope == "local":
                uow.sessions.delete(caller.session_id)
            elif scope == "others":
                uow.sessions.delete_for_user(caller.user_id, keep=caller.session_id)
            else:
                uow.sessions.delete_for_user(caller.user_id)
            uow.commit()

    # -- mailed links ------------------------------------------------------------------

    def _check_link_options(self, options: LinkOptions | None) -> None:
        """Refuse bad PKCE parameters before looking anything up, so the answer never depends
        on whether the address has an account."""
        if options is not None:
            self._client_challenge(options.code_challenge, options.code_challenge_method)

    def _one_time_token(
        self,
        uow: AccountsUnitOfWork,
        user: User,
        kind: OneTimeTokenKind,
        options: LinkOptions | None = None,
        relates_to: str | None = None,
    ) -> str:
        challenge, method = self._client_challenge(
            options.code_challenge if options else None,
            options.code_challenge_method if options else None,
        )
        raw = secrets.token_urlsafe(24)
        uow.one_time_tokens.put(
            OneTimeToken(
                token_hash=hash_token(raw),
                user_id=user.id,
                kind=kind,
                relates_to=relates_to or user.email,
                created_at=self._clock.now(),
                code_challenge=challenge,
                code_challenge_method=method,
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

    def recover(self, email: str, options: LinkOptions | None = None) -> None:
        """Mail a password recovery link; the answer never tells whether the address exists."""
        address = self._email(email)
        self._check_link_options(options)
        with self._write() as uow:
            user = uow.users.find_by_email(address)
            if user is None:
                return
            raw = self._one_time_token(uow, user, OneTimeTokenKind.RECOVERY, options)
            uow.commit()
        self._send_link(address, "Reset your password", "recovery", raw, _redirect_of(options))

    def resend(self, email: str, kind: str, options: LinkOptions | None = None) -> None:
        """Mail the sign-up confirmation again (only while it is unconfirmed)."""
        if kind != "signup":
            raise AuthFailure(400, "validation_failed", "only type signup can be resent")
        self._check_link_options(options)
        address = self._email(email)
        with self._write() as uow:
            user = uow.users.find_by_email(address)
            if user is None or user.email_confirmed_at is not None:
                return
            raw = self._one_time_token(uow, user, OneTimeTokenKind.SIGNUP, options)
            uow.commit()
        self._send_link(address, "Confirm your signup", "signup", raw, _redirect_of(options))

    _LINK_KINDS = {
        "recovery": OneTimeTokenKind.RECOVERY,
        "signup": OneTimeTokenKind.SIGNUP,
        "email": OneTimeTokenKind.SIGNUP,
        "email_change": OneTimeTokenKind.EMAIL_CHANGE,
    }
    _LINK_METHODS = {"recovery": "recovery", "email_change": "email_change"}

    def _redeem(self, uow: AccountsUnitOfWork, token: str, kind: str) -> tuple[User, OneTimeToken]:
        """Take a mailed token and apply what it confirms; answers the user as it now is."""
        if kind not in self._LINK_KINDS:
            raise AuthFailure(
                400, "validation_failed", "type must be recovery, signup or email_change"
            )
        now = self._clock.now()
        found = uow.one_time_tokens.take(hash_token(token), self._LINK_KINDS[kind])
        if found is None or found.expired(now):
            raise AuthFailure(403, "otp_expired", "Email link is invalid or has expired")
        user = uow.users.get(found.user_id)
        self._check_not_banned(user, now)
        if found.kind is OneTimeTokenKind.EMAIL_CHANGE:
            user = self._change_email(uow, user, found.relates_to, now)
        elif user.email_confirmed_at is None:
            user = attrs.evolve(user, email_confirmed_at=now, updated_at=now)
            uow.users.update(user)
            for identity in uow.identities.for_user(user.id):
                if identity.provider == "email":
                    data = {**identity.identity_data, "email_verified": True}
                    uow.identities.update(
                        attrs.evolve(identity, identity_data=data, updated_at=now)
                    )
        return user, found

    def _change_email(
        self, uow: AccountsUnitOfWork, user: User, address: str, now: datetime
    ) -> User:
        """Move the account to a confirmed new address: user, e-mail identity, profile."""
        other = uow.users.find_by_email(address)
        if other is not None and other.id != user.id:
            raise AuthFailure(
                422, "email_exists", "A user with this email address has already been registered"
            )
        changed = attrs.evolve(
            user,
            email=address,
            email_confirmed_at=now,
            new_email=None,
            email_change_sent_at=None,
            updated_at=now,
        )
        uow.users.update(changed)
        for identity in uow.identities.for_user(user.id):
            if identity.provider == "email":
                data = {**identity.identity_data, "email": address, "email_verified": True}
                uow.identities.update(
                    attrs.evolve(identity, identity_data=data, email=address, updated_at=now)
                )
        profile = uow.profiles.get(user.id)
        uow.profiles.update(attrs.evolve(profile, email=address, updated_at=now))
        return changed

    def verify(self, *, token: str, kind: str) -> IssuedSession:
        """Use a mailed token (``POST /verify``): recovery signs in to set a new password,
        signup confirms the address, email_change moves the account to the new address."""
        with self._write() as uow:
            user, _ = self._redeem(uow, token, kind)
            issued = self._new_session(uow, user, self._LINK_METHODS.get(kind, "otp"))
            issued = self._viewed(uow, issued)
            uow.commit()
            return issued

    def follow_link(self, *, token: str, kind: str, redirect_to: str) -> ProviderOutcome:
        """A mailed link followed in the browser (``GET /verify``): a session for the URL
        fragment, or, when the mail was asked for with a PKCE challenge, an auth code the
        client exchanges with its verifier (``grant_type=pkce``)."""
        now = self._clock.now()
        with self._write() as uow:
            user, found = self._redeem(uow, token, kind)
            method = self._LINK_METHODS.get(kind, "otp")
            if found.code_challenge is None:
                issued = self._new_session(uow, user, method)
                issued = self._viewed(uow, issued)
                uow.commit()
                return ProviderOutcome(redirect_to, issued=issued)
            uow.commit()
        code = secrets.token_urlsafe(24)
        self._flows.add(
            FlowState(
                id=str(uuid.uuid4()),
                provider="email",
                state_hash=hash_token(secrets.token_urlsafe(32)),
                provider_verifier="",
                redirect_to=redirect_to,
                code_challenge=found.code_challenge,
                code_challenge_method=found.code_challenge_method,
                created_at=now,
                auth_code_hash=hash_token(code),
                user_id=user.id,
                authentication_method=method,
            )
        )
        return ProviderOutcome(redirect_to, auth_code=code)

    # -- provider sign-in and identity linking -----------------------------------------

    @property
    def callback_url(self) -> str:
        """Where providers send the browser back to (registered with the provider)."""
        return f"{self.settings.issuer}/callback"

    def provider_enabled(self, provider: str) -> bool:
        """Whether sign-in with ``provider`` is configured."""
        return provider in self._identity_providers

    def _provider(self, name: str) -> OpenIdProvider:
        if not name:
            raise AuthFailure(
                400, "validation_failed", "Unsupported provider: Provider could not be found"
            )
        provider = self._identity_providers.get(name.lower())
        if provider is None:
            raise AuthFailure(
                400, "validation_failed", "Unsupported provider: provider is not enabled"
            )
        return provider

    @staticmethod
    def _client_challenge(
        challenge: str | None, method: str | None
    ) -> tuple[str | None, CodeChallengeMethod | None]:
        """The client's PKCE parameters: both or neither (neither: the implicit flow)."""
        if not challenge and not method:
            return None, None
        if not challenge or not method:
            raise AuthFailure(
                400,
                "validation_failed",
                "PKCE flow requires code_challenge_method and code_challenge",
            )
        lowered = method.lower()
        if lowered not in {"s256", "plain"}:
            raise AuthFailure(400, "validation_failed", "code challenge method not supported")
        if not 43 <= len(challenge) <= 128:
            raise AuthFailure(
                400, "validation_failed", "code challenge has to be between 43 and 128 characters"
            )
        return challenge, "s256" if lowered == "s256" else "plain"

    def start_provider_flow(
        self,
        *,
        provider: str,
        redirect_to: str | None,
        scopes: str = "",
        code_challenge: str | None = None,
        code_challenge_method: str | None = None,
        linking: Caller | None = None,
    ) -> str:
        """Begin a provider sign-in (or, with ``linking``, add an identity to the signed-in
        user): remember the flow and answer the provider's authorization URL.

        We use our own PKCE towards the provider; the client's challenge is kept with the
        flow and checked when it exchanges the auth code (``grant_type=pkce``)."""
        idp = self._provider(provider)
        challenge, method = self._client_challenge(code_challenge, code_challenge_method)
        state = secrets.token_urlsafe(32)
        verifier = secrets.token_urlsafe(48)
        self._flows.add(
            FlowState(
                id=str(uuid.uuid4()),
                provider=provider.lower(),
                state_hash=hash_token(state),
                provider_verifier=verifier,
                redirect_to=self.redirect_target(redirect_to),
                code_challenge=challenge,
                code_challenge_method=method,
                linking_user_id=None if linking is None else linking.user_id,
                created_at=self._clock.now(),
            )
        )
        extra = [s for s in scopes.replace(",", " ").split() if s not in PROVIDER_SCOPES]
        return idp.authorization_url(
            state=state,
            code_challenge=code_challenge_of(verifier, "s256"),
            code_challenge_method="s256",
            redirect_uri=self.callback_url,
            scopes=(*PROVIDER_SCOPES, *extra),
        )

    def finish_provider_flow(
        self, *, state: str, code: str, error: str = "", error_description: str = ""
    ) -> ProviderOutcome:
        """The provider's callback: redeem the code, find, link or create the user, and
        answer where the browser goes (with an auth code, or with a session).

        Raises :class:`ProviderFlowFailure` with the place to send the error to."""
        now = self._clock.now()
        flow = self._flows.take_by_state(hash_token(state)) if state else None
        if flow is None or flow.expired(now):
            raise ProviderFlowFailure(
                AuthFailure(400, "bad_oauth_state", "OAuth state is invalid or has expired"),
                redirect_to=self.redirect_target(None),
                in_query=False,
                error="invalid_request",
            )

        def failed(failure: AuthFailure, oauth_error: str = "server_error") -> ProviderFlowFailure:
            return ProviderFlowFailure(
                failure, redirect_to=flow.redirect_to, in_query=flow.is_pkce, error=oauth_error
            )

        if error or not code:
            raise failed(
                AuthFailure(
                    400, "bad_oauth_callback", error_description or error or "no code came back"
                ),
                error or "invalid_request",
            )
        try:
            who = self._provider(flow.provider).exchange_code(
                code=code, code_verifier=flow.provider_verifier, redirect_uri=self.callback_url
            )
        except Unavailable as down:
            raise failed(
                AuthFailure(503, "provider_unavailable", down.message), "temporarily_unavailable"
            ) from down
        except NotAllowed as refused:
            raise failed(AuthFailure(400, "bad_oauth_callback", refused.message)) from refused
        try:
            with self._write() as uow:
                user = self._user_for_provider(uow, flow, who)
                if flow.is_pkce:
                    uow.commit()
                    raw = secrets.token_urlsafe(24)
                    self._flows.add(
                        attrs.evolve(
                            flow,
                            auth_code_hash=hash_token(raw),
                            user_id=user.id,
                            created_at=now,
                            provider_access_token=who.access_token,
                            provider_refresh_token=who.refresh_token,
                        )
                    )
                    return ProviderOutcome(flow.redirect_to, auth_code=raw)
                issued = self._new_session(uow, user, "oauth")
                issued = self._viewed(uow, issued)
                uow.commit()
                return ProviderOutcome(
                    flow.redirect_to,
                    issued=attrs.evolve(
                        issued,
                        provider_token=who.access_token,
                        provider_refresh_token=who.refresh_token,
                    ),
                )
        except AuthFailure as failure:
            raise failed(failure) from failure

    def _user_for_provider(
        self, uow: AccountsUnitOfWork, flow: FlowState, who: ProviderUser
    ) -> User:
        """The user a provider account signs in (linking, known identity, same verified
        e-mail, or a new account), with its identity stored."""
        now = self._clock.now()
        if not who.email:
            raise AuthFailure(
                400, "bad_oauth_callback", "Error getting user email from external provider"
            )
        address = self._email(who.email)
        identity = Identity(
            id=str(uuid.uuid4()),
            user_id="",
            provider=who.provider,
            provider_id=who.subject,
            identity_data=who.identity_data(),
            email=address,
            created_at=now,
            updated_at=now,
            last_sign_in_at=now,
        )
        existing = uow.identities.find(who.provider, who.subject)
        if flow.linking_user_id is not None:
            if existing is not None and existing.user_id != flow.linking_user_id:
                raise AuthFailure(
                    422, "identity_already_exists", "Identity is already linked to another user"
                )
            user = uow.users.get(flow.linking_user_id)
            if existing is None:
                uow.identities.add(attrs.evolve(identity, user_id=user.id))
            return self._signed_in_with(uow, user, who.provider)
        if existing is not None:
            # The provider's word is the latest: name, picture and e-mail as it says now.
            uow.identities.update(
                attrs.evolve(
                    existing,
                    identity_data=identity.identity_data,
                    email=address,
                    updated_at=now,
                    last_sign_in_at=now,
                )
            )
            return self._signed_in_with(uow, uow.users.get(existing.user_id), who.provider)
        user_with_email = uow.users.find_by_email(address)
        if user_with_email is not None:
            if not who.email_verified:
                raise AuthFailure(
                    422,
                    "email_exists",
                    "A user with this email address has already been registered; sign in and "
                    "link the provider from the account",
                )
            user = user_with_email
            if user.email_confirmed_at is None:
                # Whoever registered the address never proved it; the provider just did. Their
                # password must not open the account of the address's real owner.
                user = attrs.evolve(user, password_hash=None, email_confirmed_at=now)
                uow.sessions.delete_for_user(user.id)
            uow.identities.add(attrs.evolve(identity, user_id=user.id))
            return self._signed_in_with(uow, user, who.provider)
        if not who.email_verified:
            raise AuthFailure(
                422,
                "provider_email_needs_verification",
                "The provider has not verified this email address",
            )
        first, last = split_name(who.name)
        metadata = {**who.identity_data(), "first_name": first, "last_name": last}
        user = User(
            id=str(uuid.uuid4()),
            email=address,
            email_confirmed_at=now,
            app_metadata={"provider": who.provider, "providers": [who.provider]},
            user_metadata=metadata,
            created_at=now,
            updated_at=now,
        )
        self._register(uow, user, attrs.evolve(identity, user_id=user.id), metadata)
        return user

    def _signed_in_with(self, uow: AccountsUnitOfWork, user: User, provider: str) -> User:
        if user.banned_until is not None and user.banned_until > self._clock.now():
            raise AuthFailure(400, "user_banned", "User is banned")
        user = with_provider(user, provider, now=self._clock.now())
        uow.users.update(user)
        return user

    def exchange_auth_code(self, auth_code: str, code_verifier: str) -> IssuedSession:
        """``grant_type=pkce``: the auth code of a finished provider flow or of a mailed link
        followed in the PKCE flow, with the verifier of the challenge the client started with,
        answers a session, once."""
        if not auth_code or not code_verifier:
            raise AuthFailure(
                400,
                "validation_failed",
                "invalid request: both auth code and code verifier should be non-empty",
            )
        now = self._clock.now()
        flow = self._flows.take_by_auth_code(hash_token(auth_code))
        if (
            flow is None
            or flow.user_id is None
            or flow.code_challenge is None
            or flow.code_challenge_method is None
        ):
            raise AuthFailure(
                404, "flow_state_not_found", "invalid flow state, no valid flow state found"
            )
        if flow.expired(now):
            raise AuthFailure(
                400, "flow_state_expired", "invalid flow state, flow state has expired"
            )
        if not code_challenge_matches(
            code_verifier, flow.code_challenge, flow.code_challenge_method
        ):
            raise AuthFailure(
                400,
                "bad_code_verifier",
                "code challenge does not match previously saved code verifier",
            )
        with self._write() as uow:
            user = uow.users.get(flow.user_id)
            if user.banned_until is not None and user.banned_until > now:
                raise AuthFailure(400, "user_banned", "User is banned")
            issued = self._new_session(uow, user, flow.authentication_method)
            issued = self._viewed(uow, issued)
            uow.commit()
            return attrs.evolve(
                issued,
                provider_token=flow.provider_access_token,
                provider_refresh_token=flow.provider_refresh_token,
            )

    def unlink_identity(self, caller: Caller, identity_id: str) -> None:
        """Remove one of the caller's identities; never the last one."""
        now = self._clock.now()
        with self._write() as uow:
            identities = list(uow.identities.for_user(caller.user_id))
            target = next((i for i in identities if i.id == identity_id), None)
            if target is None:
                raise AuthFailure(404, "identity_not_found", "Identity doesn't exist")
            if len(identities) <= 1:
                raise AuthFailure(
                    422,
                    "single_identity_not_deletable",
                    "User must have at least 1 identity after unlinking",
                )
            uow.identities.delete(target.id)
            remaining: list[str] = []
            for identity in identities:
                if identity.id != target.id and identity.provider not in remaining:
                    remaining.append(identity.provider)
            user = uow.users.get(caller.user_id)
            if target.provider not in remaining:
                uow.users.update(without_provider(user, target.provider, remaining, now=now))
            uow.commit()

    # -- MFA ---------------------------------------------------------------------------

    def enroll_totp(self, caller: Caller, friendly_name: str | None, issuer: str | None) -> Factor:
        """Add an unverified TOTP factor with a new secret."""
        now = self._clock.now()
        with self._write() as uow:
            factors = uow.factors.for_user(caller.user_id)
            if step_up_required(uow.sessions.get(caller.session_id), factors):
                # Else a stolen password alone could add a factor and reach aal2 with it.
                raise AuthFailure(401, "insufficient_aal", "AAL2 required to enroll a new factor")
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
        with self._write() as uow:
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
        self, caller: Caller, factor_id: str, challenge_id: str, code: str, ip_address: str = ""
    ) -> IssuedSession:
        """Check a TOTP code (SHA1, 6 digits, 30 s, ±1 step); the session becomes aal2. The
        code must come from the address that asked for the challenge."""
        now = self._clock.now()
        with self._write() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            challenge = uow.challenges.get(challenge_id)
            if challenge is None or challenge.factor_id != factor.id:
                raise AuthFailure(404, "mfa_challenge_not_found", "MFA challenge not found")
            if ip_address and challenge.ip_address and challenge.ip_address != ip_address:
                raise AuthFailure(
                    422,
                    "mfa_ip_address_mismatch",
                    "Challenge and verify IP addresses mismatch. Try enrollment again.",
                )
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
                amr=with_method(session.amr, "totp", now),
                updated_at=now,
            )
            uow.sessions.update(session)
            user = uow.users.get(caller.user_id)
            latest = uow.refresh_tokens.latest(session.id)
            if latest is not None:
                uow.refresh_tokens.mark_used(latest.token_hash)
            issued = self._issue(uow, user, session, None if latest is None else latest.token_hash)
            issued = self._viewed(uow, issued)
            uow.commit()
            return issued

    def unenroll(self, caller: Caller, factor_id: str) -> str:
        """Remove a factor; a verified one only from an aal2 session."""
        with self._write() as uow:
            factor = self._own_factor(uow, caller, factor_id)
            session = uow.sessions.get(caller.session_id)
            if factor.status is FactorStatus.VERIFIED and step_up_required(session, (factor,)):
                raise AuthFailure(
                    401, "insufficient_aal", "AAL2 required to unenroll verified factor"
                )
            uow.factors.delete(factor.id)
            uow.commit()
            return factor.id

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

"""The shared core of the auth flows: what every flow reads, writes and answers.

The flows (``sessions``, ``signups``, ``links``, ``users``, ``providers``, ``mfa``) are use
cases over one :class:`AuthCore`, which holds the ports and the steps they share: units of
work that keep the signed-in cache right, checking access tokens, issuing sessions, checking
inputs, and mailing links. Errors are the families of :mod:`designcore.domain.errors`
carrying the error codes of the Supabase Auth (GoTrue) API; ``app/http/auth`` maps the codes
to HTTP statuses.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import attrs

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.app.services.profiles import apply_referral, create_profile
from designcore.app.services.signed_in import SignedInCache
from designcore.domain.accounts import (
    AUDIENCE,
    AmrEntry,
    AuthSession,
    CodeChallengeMethod,
    Factor,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    RefreshToken,
    User,
    access_claims,
    check_password,
    hash_token,
    normalise_email,
    successor_of,
)
from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock
from designcore.ports.mail import Mailer, MailMessage
from designcore.ports.passwords import PasswordHasher
from designcore.ports.tokens import TokenSigner


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
    session older than a day."""
    signups_per_hour: int = 30
    """New accounts one client address may create in an hour."""


@attrs.frozen
class UserView:
    """A user with what the API shows alongside: identities and factors."""

    user: User
    identities: tuple[Identity, ...]
    factors: tuple[Factor, ...]


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
class Caller:
    """A verified access token: who, and in which session."""

    user_id: str
    session_id: str
    claims: Mapping[str, Any]


@attrs.frozen
class LinkOptions:
    """How a mailed link should finish: where it leads, and the client's PKCE challenge
    when it uses the PKCE flow (then the link answers ``?code=`` to exchange)."""

    redirect_to: str | None = None
    code_challenge: str | None = None
    code_challenge_method: str | None = None


@attrs.frozen
class ProviderOutcome:
    """Where a finished browser flow (a provider callback, a followed link) sends the
    browser, and with what."""

    redirect_to: str
    auth_code: str | None = None
    """For the PKCE flow: the code the client exchanges with its verifier."""
    issued: IssuedSession | None = None
    """For the implicit flow: the session, handed over in the URL fragment."""


def invalid(
    message: str, *, field: str = "body", code: str = "validation_failed"
) -> ValidationFailed:
    """A refused input, with GoTrue's code (``validation_failed`` unless another is given)."""
    error = ValidationFailed([FieldIssue(field, message)], message)
    error.code = code
    return error


class AuthCore:
    """The ports and shared steps of every auth flow."""

    def __init__(
        self,
        *,
        accounts: Callable[[], AccountsUnitOfWork],
        reader: Callable[[], AccountsUnitOfWork],
        hasher: PasswordHasher,
        signer: TokenSigner,
        is_common_password: Callable[[str], bool],
        mailer: Mailer,
        clock: Clock,
        settings: AuthSettings,
        signed_in: SignedInCache[UserView],
        events: EventRecorder = NO_EVENTS,
    ) -> None:
        self.events = events
        self.writer = accounts
        self.reader = reader
        self.hasher = hasher
        self.signer = signer
        self.is_common = is_common_password
        self.mailer = mailer
        self.clock = clock
        self.settings = settings
        self.signed_in = signed_in

    # -- units of work and the signed-in user ------------------------------------------

    @contextmanager
    def write(self) -> Iterator[AccountsUnitOfWork]:
        """A unit of work that may write: what the signed-in cache holds is dropped."""
        with self.signed_in.writing(), self.writer() as uow:
            yield uow

    @staticmethod
    def view_of(uow: AccountsUnitOfWork, user: User) -> UserView:
        """``user`` with its identities and factors, read in ``uow``."""
        return UserView(
            user, tuple(uow.identities.for_user(user.id)), tuple(uow.factors.for_user(user.id))
        )

    def verified_claims(self, access_token: str | None) -> dict[str, Any]:
        """The claims of a valid access token that names a user and a session."""
        if not access_token:
            raise NotAllowed("This endpoint requires a valid Bearer token", code="no_authorization")
        try:
            claims = self.signer.verify(access_token, audience=AUDIENCE, now=self.clock.now())
        except NotAllowed as error:
            raise NotAllowed(f"invalid JWT: {error.message}", code="bad_jwt") from error
        if not isinstance(claims.get("session_id"), str) or not isinstance(claims.get("sub"), str):
            raise NotAllowed("invalid JWT: missing session_id or sub", code="bad_jwt")
        return claims

    def signed_in_view(self, claims: Mapping[str, Any]) -> UserView:
        """The user of verified claims whose session exists: from the signed-in cache, or
        read in one transaction with the session check and kept."""
        session_id, user_id = claims["session_id"], claims["sub"]
        known = self.signed_in.get(user_id, session_id)
        if known is not None:
            return known
        generation = self.signed_in.generation()
        with self.reader() as uow:
            session = uow.sessions.get(session_id)
            if session is None or session.user_id != user_id:
                raise session_not_found()
            view = self.view_of(uow, uow.users.get(user_id))
        self.signed_in.put(user_id, session_id, view, generation)
        return view

    def authenticate(self, access_token: str | None) -> Caller:
        """Check an access token and that its session still exists."""
        claims = self.verified_claims(access_token)
        self.signed_in_view(claims)
        return Caller(user_id=claims["sub"], session_id=claims["session_id"], claims=claims)

    # -- sessions ----------------------------------------------------------------------

    def issue(
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
                created_at=self.clock.now(),
                salt=salt,
            )
        )
        return self.answer(user, session, raw)

    def answer(self, user: User, session: AuthSession, refresh_token: str) -> IssuedSession:
        """A new access token of ``session``, answered with ``refresh_token``."""
        lifetime = self.settings.access_token_lifetime
        claims = access_claims(
            user=user,
            session=session,
            issuer=self.settings.issuer,
            issued_at=self.clock.now(),
            lifetime=lifetime,
        )
        return IssuedSession(
            access_token=self.signer.sign(claims),
            refresh_token=refresh_token,
            expires_in=int(lifetime.total_seconds()),
            expires_at=int(claims["exp"]),
            user=user,
            session=session,
        )

    def viewed(self, uow: AccountsUnitOfWork, issued: IssuedSession) -> IssuedSession:
        """The session with its user view read in the same transaction (the token answer
        shows identities and factors; reading them here saves a second transaction)."""
        return attrs.evolve(issued, view=self.view_of(uow, issued.user))

    def new_session(self, uow: AccountsUnitOfWork, user: User, method: str) -> IssuedSession:
        """A new session of ``user`` signed in with ``method``, and its first tokens."""
        now = self.clock.now()
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
        self.events.identify(user.id, user.email)
        self.events.capture("signed_in", user.id, method=method)
        return self.viewed(uow, self.issue(uow, signed_in, session, None))

    # -- inputs ------------------------------------------------------------------------

    @staticmethod
    def email(raw: str) -> str:
        """A normalised address, or ``email_address_invalid``."""
        try:
            return normalise_email(raw)
        except ValidationFailed as error:
            raise invalid(error.message, field="email", code="email_address_invalid") from None

    def check_password(self, password: str) -> None:
        """Refuse a password the policy does not allow (``weak_password``)."""
        check_password(password, is_common=self.is_common)

    # -- accounts ----------------------------------------------------------------------

    def register(
        self, uow: AccountsUnitOfWork, user: User, identity: Identity, metadata: Mapping[str, Any]
    ) -> None:
        """What every new account gets, whichever way it signed up: the user, its first
        identity, a profile, and the referral credits when a valid code came along."""
        uow.users.add(user)
        uow.identities.add(identity)
        create_profile(uow, user, metadata)
        award = apply_referral(uow, user.id, metadata.get("referral_code"), self.clock.now())
        # Captured in the sign-up's transaction: a sign-up rolled back after this (rare: the
        # commit follows at once) would still have been counted.
        self.events.capture("signed_up", user.id, method=identity.provider)
        if award is not None:
            self.events.capture(
                "referral_completed", user.id, referrer_id=award.referral.referrer_id
            )

    # -- mailed links and PKCE ---------------------------------------------------------

    @staticmethod
    def client_challenge(
        challenge: str | None, method: str | None
    ) -> tuple[str | None, CodeChallengeMethod | None]:
        """The client's PKCE parameters: both or neither (neither: the implicit flow)."""
        if not challenge and not method:
            return None, None
        if not challenge or not method:
            raise invalid("PKCE flow requires code_challenge_method and code_challenge")
        lowered = method.lower()
        if lowered not in {"s256", "plain"}:
            raise invalid("code challenge method not supported", field="code_challenge_method")
        if not 43 <= len(challenge) <= 128:
            raise invalid(
                "code challenge has to be between 43 and 128 characters", field="code_challenge"
            )
        return challenge, "s256" if lowered == "s256" else "plain"

    def check_link_options(self, options: LinkOptions | None) -> None:
        """Refuse bad PKCE parameters before looking anything up, so the answer never depends
        on whether the address has an account."""
        if options is not None:
            self.client_challenge(options.code_challenge, options.code_challenge_method)

    def one_time_token(
        self,
        uow: AccountsUnitOfWork,
        user: User,
        kind: OneTimeTokenKind,
        options: LinkOptions | None = None,
        relates_to: str | None = None,
    ) -> str:
        """Store a new mailed token of ``kind`` for ``user`` (replacing a pending one of the
        same kind); answer the raw token for the link."""
        challenge, method = self.client_challenge(
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
                created_at=self.clock.now(),
                code_challenge=challenge,
                code_challenge_method=method,
            )
        )
        return raw

    def redirect_target(self, redirect_to: str | None) -> str:
        """Where a link may send the browser: the requested place if allowed, else the site."""
        site = self.settings.site_url.rstrip("/")
        allowed = self.settings.allowed_redirects
        if redirect_to and (
            redirect_to == site
            or redirect_to.startswith((site + "/", *(o.rstrip("/") + "/" for o in allowed)))
            or redirect_to in allowed
        ):
            return redirect_to
        return site

    def send_link(
        self,
        address: str,
        subject: str,
        kind: str,
        raw: str,
        options: LinkOptions | None,
    ) -> None:
        """Mail ``address`` the link that redeems ``raw`` as ``kind``."""
        redirect_to = options.redirect_to if options else None
        query = urlencode(
            {"token": raw, "type": kind, "redirect_to": self.redirect_target(redirect_to)}
        )
        link = f"{self.settings.issuer}/verify?{query}"
        self.mailer.send(
            MailMessage(
                to=address,
                subject=subject,
                text=f"Follow this link:\n\n{link}\n\nThe link works once, for one hour.",
                html=f'<p><a href="{link}">{subject}</a></p><p>The link works once, for one hour.</p>',
            )
        )


def session_not_found() -> NotFound:
    """The session an access token names is gone (signed out, revoked)."""
    return NotFound("Session from session_id claim in JWT does not exist", code="session_not_found")

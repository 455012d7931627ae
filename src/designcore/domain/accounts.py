"""Accounts: users, identities, sessions, refresh tokens, MFA factors and one-time tokens.

The rules of the auth service live here as pure functions: e-mail normalisation, the refresh
token rotation decision, access-token claims and assurance levels. Secrets never appear in
these types in the clear: refresh tokens and one-time tokens are stored as hashes.
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, Literal

import attrs

from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.passwords import describe_password_issues, password_issues

AUDIENCE = "authenticated"
"""The ``aud`` of every user and access token."""

REFRESH_REUSE_INTERVAL = timedelta(seconds=10)
"""How long the previous refresh token may be replayed to recover a lost response."""

MFA_CHALLENGE_LIFETIME = timedelta(seconds=300)
"""How long an MFA challenge can be verified."""

ONE_TIME_TOKEN_LIFETIME = timedelta(hours=1)
"""How long a recovery or confirmation link works."""

MAX_EMAIL_LENGTH = 254
WHITE_SPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""Python's white space (what ``\\s`` and ``str.isspace`` mean), spelled out so the API
document's copy of :data:`EMAIL` means the same in JavaScript's regular expressions."""
EMAIL = re.compile(rf"^[^@{WHITE_SPACE}]+@[^@{WHITE_SPACE}]+\.[^@{WHITE_SPACE}.]+$")
"""An e-mail address (after trimming and lowercasing): something, ``@``, a dotted domain,
without white space."""

Aal = Literal["aal1", "aal2"]


def normalise_email(raw: str) -> str:
    """The canonical form of an address (trimmed, lowercased). Raises ``ValidationFailed``
    (``email``) when it is not an address."""
    email = raw.strip().lower()
    if len(email) > MAX_EMAIL_LENGTH or not EMAIL.fullmatch(email):
        raise ValidationFailed(
            (FieldIssue("email", "must be an e-mail address"),),
            "Unable to validate email address: invalid format",
        )
    return email


def hash_token(raw: str) -> str:
    """How refresh and one-time tokens are stored: SHA-256, hex."""
    return hashlib.sha256(raw.encode()).hexdigest()


class WeakPassword(ValidationFailed):
    """A password the policy refuses; ``reasons`` are GoTrue's (``length``, ``characters``,
    ``pwned``)."""

    code = "weak_password"

    def __init__(self, reasons: tuple[str, ...]) -> None:
        self.reasons = reasons
        super().__init__(
            [FieldIssue("password", reason) for reason in reasons],
            describe_password_issues(reasons),
        )


def check_password(password: str, *, is_common: Callable[[str], bool]) -> None:
    """Raise :class:`WeakPassword` unless ``password`` meets the policy."""
    reasons = password_issues(password, is_common=is_common)
    if reasons:
        raise WeakPassword(reasons)


@attrs.frozen(kw_only=True)
class User:
    """An account (GoTrue's user object, minus what is derived at answer time)."""

    id: str
    """A UUID string."""
    email: str
    """Normalised e-mail address."""
    password_hash: str | None = attrs.field(default=None, repr=False)
    """Argon2id hash; ``None`` for accounts that only sign in with a provider."""
    email_confirmed_at: datetime | None = None
    """When the address was confirmed; ``None`` until then."""
    phone: str = ""
    role: str = AUDIENCE
    aud: str = AUDIENCE
    app_metadata: Mapping[str, Any] = attrs.field(factory=dict)
    """Server-controlled metadata: ``provider`` and ``providers``."""
    user_metadata: Mapping[str, Any] = attrs.field(factory=dict)
    """User-controlled metadata (first_name, last_name, referral_code, …)."""
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None = None
    banned_until: datetime | None = None
    new_email: str | None = None
    """An address the user asked to change to, until its confirmation link is followed."""
    email_change_sent_at: datetime | None = None


def check_not_banned(user: User, now: datetime) -> None:
    """Raise ``NotAllowed`` (``user_banned``) while ``user`` is banned."""
    if user.banned_until is not None and user.banned_until > now:
        raise NotAllowed("User is banned", code="user_banned")


@attrs.frozen(kw_only=True)
class Identity:
    """A way to sign in (the e-mail itself, or a provider account such as Google)."""

    id: str
    """The identity id."""
    user_id: str
    provider: str
    """``email`` or ``google``."""
    provider_id: str
    """The user's id at the provider (the user id for ``email``)."""
    identity_data: Mapping[str, Any] = attrs.field(factory=dict)
    email: str | None = None
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None = None


class FactorStatus(enum.Enum):
    """An MFA factor's state."""

    UNVERIFIED = "unverified"
    VERIFIED = "verified"


@attrs.frozen(kw_only=True)
class Factor:
    """A second factor (TOTP)."""

    id: str
    user_id: str
    friendly_name: str | None = None
    factor_type: Literal["totp", "phone"] = "totp"
    status: FactorStatus = FactorStatus.UNVERIFIED
    secret: str = attrs.field(repr=False)
    """The TOTP secret as stored: sealed by the secret box (a factor from before sealing holds
    its base32 text until it next verifies a code). The enrolment answer alone carries it in
    plain."""
    created_at: datetime
    updated_at: datetime
    last_totp_step: int | None = None
    """The time step of the last code this factor accepted: a code of that step or an earlier
    one is refused, so a code seen once (over a shoulder, in a log) cannot be used again."""


def fresh_totp_step(factor: Factor, step: int | None) -> bool:
    """Whether a code of time step ``step`` (``None``: a wrong code) may verify ``factor``:
    right, and later than any step it accepted before."""
    return step is not None and (factor.last_totp_step is None or step > factor.last_totp_step)


@attrs.frozen(kw_only=True)
class Challenge:
    """An MFA challenge waiting for a code."""

    id: str
    factor_id: str
    created_at: datetime
    verified_at: datetime | None = None
    ip_address: str = ""

    def expired(self, now: datetime) -> bool:
        """Whether it is too old to verify."""
        return now - self.created_at > MFA_CHALLENGE_LIFETIME


@attrs.frozen
class AmrEntry:
    """One authentication method used in a session."""

    method: str
    """``password``, ``oauth``, ``otp``, ``totp``, ``recovery``."""
    timestamp: int
    """Epoch seconds."""


@attrs.frozen(kw_only=True)
class AuthSession:
    """A signed-in session; access tokens name it in ``session_id``."""

    id: str
    user_id: str
    created_at: datetime
    updated_at: datetime
    aal: Aal = "aal1"
    amr: tuple[AmrEntry, ...] = ()
    factor_id: str | None = None


@attrs.frozen(kw_only=True)
class RefreshToken:
    """One link in a session's refresh-token chain (only the hash is stored)."""

    token_hash: str
    session_id: str
    user_id: str
    parent_hash: str | None
    """The token this one replaced; ``None`` for the first of a session."""
    revoked: bool = False
    """Set once it has been used (or the session was revoked)."""
    created_at: datetime
    salt: str | None = None
    """How the token follows from its parent: it is :func:`successor_of` the parent's raw
    token and this salt, so a client presenting the parent again can be answered this very
    token although only hashes are stored. ``None`` for a token drawn at random (the first of
    a session, or the one an MFA step-up issues)."""


class OneTimeTokenKind(enum.Enum):
    """What a mailed token is for."""

    RECOVERY = "recovery"
    SIGNUP = "signup"
    EMAIL_CHANGE = "email_change"
    REAUTHENTICATION = "reauthentication"


@attrs.frozen(kw_only=True)
class OneTimeToken:
    """A single-use token sent by mail (only the hash is stored)."""

    token_hash: str
    user_id: str
    kind: OneTimeTokenKind
    relates_to: str
    """The address it was sent to."""
    created_at: datetime
    code_challenge: str | None = None
    """The client's PKCE challenge when it asked for the mail with one: following the link
    then answers an auth code for ``grant_type=pkce`` instead of a session in the URL."""
    code_challenge_method: CodeChallengeMethod | None = None

    def expired(self, now: datetime) -> bool:
        """Whether it is too old to use."""
        return now - self.created_at > ONE_TIME_TOKEN_LIFETIME


class RefreshDecision(enum.Enum):
    """What presenting a refresh token leads to."""

    ROTATE = "rotate"
    """The session's active token: issue its successor."""
    ANSWER_ACTIVE = "answer_active"
    """The parent of the active token, within the reuse interval: answer the active token
    again (never a second successor, so one chain stays live)."""
    REFUSE = "refuse"
    """The parent of an active token that does not follow from it (issued by an MFA step-up),
    within the reuse interval: refuse it, keep the session."""
    REVOKE_SESSION = "revoke_session"
    """An older token, or too late: someone replayed it; end the whole session."""


def decide_refresh(presented: RefreshToken, active: RefreshToken, now: datetime) -> RefreshDecision:
    """Rotation with a short grace for lost answers and racing tabs (GoTrue's parent-of-active
    rule and reuse interval).

    ``active`` is the newest token of the presented token's session. A token not used yet
    rotates. A used token that is the parent of ``active``, presented within
    :data:`REFRESH_REUSE_INTERVAL` of ``active`` being issued, is answered with ``active``
    (the first answer was lost, or another tab refreshed at the same moment), unless
    ``active`` was drawn at random by an MFA step-up: a token from before the step-up must not
    reach the stepped-up session. Anything else is a replay.
    """
    if not presented.revoked:
        return RefreshDecision.ROTATE
    if active.parent_hash == presented.token_hash and now - active.created_at <= (
        REFRESH_REUSE_INTERVAL
    ):
        return RefreshDecision.REFUSE if active.salt is None else RefreshDecision.ANSWER_ACTIVE
    return RefreshDecision.REVOKE_SESSION


def successor_of(parent: str, salt: str) -> str:
    """The refresh token that follows the raw token ``parent``: HMAC-SHA256 keyed with the
    parent, of the salt, base64url without padding (43 characters).

    Without the parent's raw token (the database holds only hashes and salts) nobody can
    compute it; without the salt (random, stored only in the database) an old raw token alone
    cannot either, so a leaked used token does not lead along the chain."""
    digest = hmac.new(parent.encode(), salt.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def next_aal(factors: Iterable[Factor]) -> Aal:
    """The level the user can reach: aal2 once a verified factor exists."""
    return "aal2" if any(f.status is FactorStatus.VERIFIED for f in factors) else "aal1"


def step_up_required(session: AuthSession | None, factors: Iterable[Factor]) -> bool:
    """Whether a session is below what its user can reach: a user with a verified factor
    changes credentials (password, e-mail address, factors) only from an aal2 session, else
    a stolen password alone would be enough to take the account over."""
    reachable = next_aal(factors)
    return reachable == "aal2" and (session is None or session.aal != "aal2")


def access_claims(
    *,
    user: User,
    session: AuthSession,
    issuer: str,
    issued_at: datetime,
    lifetime: timedelta,
) -> dict[str, Any]:
    """The claims of an access token."""
    iat = int(issued_at.timestamp())
    return {
        "iss": issuer,
        "sub": user.id,
        "aud": user.aud,
        "exp": iat + int(lifetime.total_seconds()),
        "iat": iat,
        "email": user.email,
        "phone": user.phone,
        "app_metadata": dict(user.app_metadata),
        "user_metadata": dict(user.user_metadata),
        "role": user.role,
        "aal": session.aal,
        "amr": [{"method": e.method, "timestamp": e.timestamp} for e in newest_first(session.amr)],
        "session_id": session.id,
        "is_anonymous": False,
    }


def newest_first(amr: Iterable[AmrEntry]) -> tuple[AmrEntry, ...]:
    """Authentication methods most recent first, as GoTrue lists them; entries of the same
    second keep their stored order (newest first since :func:`with_method`)."""
    return tuple(sorted(amr, key=lambda entry: entry.timestamp, reverse=True))


def with_method(amr: Iterable[AmrEntry], method: str, at: datetime) -> tuple[AmrEntry, ...]:
    """A session's methods after authenticating with ``method`` at ``at``: it comes first,
    and an earlier entry of the same method goes (each method is listed once)."""
    entry = AmrEntry(method, int(at.timestamp()))
    return newest_first((entry, *(e for e in amr if e.method != method)))


def merge_metadata(current: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """User metadata after an update: keys are replaced one by one; ``None`` removes a key."""
    merged = dict(current)
    for key, value in changes.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


@attrs.frozen(kw_only=True)
class ProviderUser:
    """Who an OpenID provider says signed in (from a verified ID token)."""

    provider: str
    """``google``."""
    subject: str
    """The ``sub`` claim: the user's stable id at the provider."""
    email: str | None = None
    """The address the provider reports, if any."""
    email_verified: bool = False
    """Whether the provider vouches for the address."""
    name: str | None = None
    """Display name."""
    avatar_url: str | None = None
    """Picture URL."""
    access_token: str | None = attrs.field(default=None, repr=False)
    """The provider's access token for the client (GoTrue's ``provider_token``)."""
    refresh_token: str | None = attrs.field(default=None, repr=False)
    """The provider's refresh token, given with offline access and forced consent
    (``provider_refresh_token``): the client can call the provider's APIs later."""

    def identity_data(self) -> dict[str, Any]:
        """The identity data GoTrue shows for a provider account."""
        data: dict[str, Any] = {
            "sub": self.subject,
            "provider_id": self.subject,
            "email": self.email,
            "email_verified": self.email_verified,
            "phone_verified": False,
        }
        if self.name:
            data["name"] = data["full_name"] = self.name
        if self.avatar_url:
            data["picture"] = data["avatar_url"] = self.avatar_url
        return data


FLOW_STATE_LIFETIME = timedelta(minutes=10)
"""How long a provider sign-in may take, and how long its auth code may then be exchanged."""

CodeChallengeMethod = Literal["s256", "plain"]


def code_challenge_of(verifier: str, method: CodeChallengeMethod) -> str:
    """The PKCE challenge of a verifier (RFC 7636): base64url(SHA-256) without padding, or
    the verifier itself for ``plain``."""
    if method == "plain":
        return verifier
    digest = hashlib.sha256(verifier.encode("ascii", "replace")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def code_challenge_matches(verifier: str, challenge: str, method: CodeChallengeMethod) -> bool:
    """Whether a verifier answers the challenge (constant-time comparison)."""
    return hmac.compare_digest(code_challenge_of(verifier, method), challenge)


@attrs.frozen(kw_only=True)
class FlowState:
    """A provider sign-in or identity link in progress (GoTrue's flow state).

    Created at ``/authorize`` and found again by the hash of the ``state`` sent to the
    provider; after the callback it is stored again, found by the hash of the auth code that
    the client exchanges with its PKCE verifier.
    """

    id: str
    """A UUID string."""
    provider: str
    """``google``."""
    state_hash: str
    """SHA-256 (hex) of the ``state`` parameter sent to the provider."""
    provider_verifier: str = attrs.field(repr=False)
    """Our own PKCE verifier towards the provider."""
    redirect_to: str
    """Where the browser goes after the callback (already checked against allowed places)."""
    code_challenge: str | None = None
    """The client's PKCE challenge; ``None`` for the implicit flow."""
    code_challenge_method: CodeChallengeMethod | None = None
    linking_user_id: str | None = None
    """Set when a signed-in user links a new identity."""
    created_at: datetime
    auth_code_hash: str | None = None
    """SHA-256 (hex) of the auth code, once the provider answered (PKCE flow)."""
    user_id: str | None = None
    """The signed-in user, once the provider answered."""
    authentication_method: str = "oauth"
    """The ``amr`` method of the session the auth code answers: ``oauth`` for a provider,
    ``recovery`` / ``otp`` / ``email_change`` for a mailed link followed with PKCE."""
    provider_access_token: str | None = attrs.field(default=None, repr=False)
    """The provider's tokens, kept from the callback until the client exchanges its auth
    code (then handed over once and forgotten)."""
    provider_refresh_token: str | None = attrs.field(default=None, repr=False)

    @property
    def is_pkce(self) -> bool:
        """Whether the client finishes with ``grant_type=pkce`` (else: tokens in the fragment)."""
        return self.code_challenge is not None

    def expired(self, now: datetime) -> bool:
        """Whether it is too old to continue."""
        return now - self.created_at > FLOW_STATE_LIFETIME


def with_provider(user: User, provider: str, *, now: datetime) -> User:
    """The user with ``provider`` among ``app_metadata.providers`` (kept in first-use order)."""
    providers = [str(p) for p in user.app_metadata.get("providers", [])]
    if provider in providers:
        return user
    metadata = {
        **user.app_metadata,
        "provider": user.app_metadata.get("provider", provider),
        "providers": [*providers, provider],
    }
    return attrs.evolve(user, app_metadata=metadata, updated_at=now)


def without_provider(user: User, provider: str, remaining: list[str], *, now: datetime) -> User:
    """The user after unlinking ``provider``: ``providers`` lists what is left, and the main
    ``provider`` moves to the oldest remaining one if it was the one removed."""
    main = user.app_metadata.get("provider")
    metadata = {
        **user.app_metadata,
        "provider": remaining[0] if main == provider and remaining else main,
        "providers": remaining,
    }
    return attrs.evolve(user, app_metadata=metadata, updated_at=now)


def split_name(name: str | None) -> tuple[str, str]:
    """A display name as (first name, last name): the first word, and the rest."""
    first, _, rest = (name or "").strip().partition(" ")
    return first, rest.strip()

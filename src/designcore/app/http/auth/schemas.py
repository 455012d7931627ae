"""Request and response bodies of ``/auth/v1``, in the shapes the GoTrue clients send and read.

Requests are lenient where GoTrue is: unknown fields are ignored (clients send
``gotrue_meta_security`` and the like), and ``null`` counts as absent. ``data`` is user
metadata, an arbitrary JSON object. Every text field is at most 4 KiB.
"""

from __future__ import annotations

import io
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

import msgspec
import segno

from designcore import __version__
from designcore.app.http import field_rules
from designcore.app.services.auth import EnrolledFactor, IssuedSession, UserView
from designcore.domain.accounts import MFA_CHALLENGE_LIFETIME, Challenge, Factor, Identity
from designcore.domain.errors import FieldIssue, ValidationFailed

MAX_TEXT = 4096
"""The longest text any auth field takes."""

Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]
Metadata = dict[str, Any]


def required(value: str | None, name: str) -> str:
    """A field the operation cannot do without (absent, ``null`` or empty: 400)."""
    if not value:
        raise ValidationFailed([FieldIssue(name, "is required")], f"{name} is required")
    return value


# -- requests --------------------------------------------------------------------------------


class PkceIn(msgspec.Struct, kw_only=True):
    """Where a mailed link leads and the client's PKCE challenge (any of them may be absent)."""

    # The API document states what the handlers check (``app/http/api_docs.py``): these
    # class variables name it.
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        "code_challenge": field_rules.CODE_CHALLENGE,
        "code_challenge_method": field_rules.CODE_CHALLENGE_METHOD,
    }
    together: ClassVar[tuple[tuple[str, ...], ...]] = (("code_challenge", "code_challenge_method"),)

    redirect_to: Text | None = None
    """Also accepted in the query, which wins (auth-js sends it there)."""
    code_challenge: Text | None = None
    code_challenge_method: Text | None = None


class SignUpIn(PkceIn, kw_only=True):
    """``POST /signup``."""

    needs: ClassVar[tuple[str, ...]] = ("email", "password")
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        **PkceIn.rules,
        "email": field_rules.EMAIL_ADDRESS,
        "password": field_rules.PASSWORD,
    }

    email: Text | None = None
    password: Text | None = None
    data: Metadata | None = None
    """User metadata: ``first_name``, ``last_name``, ``referral_code``, anything else."""


class TokenIn(msgspec.Struct, kw_only=True):
    """``POST /token``: the fields of the grant named in the query."""

    email: Text | None = None
    """``grant_type=password``."""
    password: Text | None = None
    """``grant_type=password``."""
    refresh_token: Text | None = None
    """``grant_type=refresh_token``."""
    auth_code: Text | None = None
    """``grant_type=pkce``."""
    code_verifier: Text | None = None
    """``grant_type=pkce``."""


class UserUpdateIn(PkceIn, kw_only=True):
    """``PUT /user``: what to change."""

    rules: ClassVar[dict[str, dict[str, Any]]] = {
        **PkceIn.rules,
        "email": field_rules.EMAIL_ADDRESS,
        "password": field_rules.PASSWORD,
    }

    email: Text | None = None
    password: Text | None = None
    nonce: Text | None = None
    """The reauthentication code, when the password change needs one."""
    data: Metadata | None = None
    """Metadata to merge; a ``null`` value removes a key."""


class RecoverIn(PkceIn, kw_only=True):
    """``POST /recover``."""

    needs: ClassVar[tuple[str, ...]] = ("email",)
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        **PkceIn.rules,
        "email": field_rules.EMAIL_ADDRESS,
    }

    email: Text | None = None


class ResendIn(PkceIn, kw_only=True):
    """``POST /resend``."""

    needs: ClassVar[tuple[str, ...]] = ("email", "type")
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        **PkceIn.rules,
        "email": field_rules.EMAIL_ADDRESS,
        "type": field_rules.RESEND_TYPE,
    }

    email: Text | None = None
    type: Text | None = None
    """Only ``signup``."""


class VerifyIn(msgspec.Struct, kw_only=True):
    """``POST /verify``: a mailed token (``token_hash`` or ``token``) and its type."""

    needs: ClassVar[tuple[str | tuple[str, ...], ...]] = (("token_hash", "token"), "type")
    rules: ClassVar[dict[str, dict[str, Any]]] = {"type": field_rules.LINK_TYPE}

    token: Text | None = None
    token_hash: Text | None = None
    type: Text | None = None
    """``recovery``, ``signup``, ``email`` or ``email_change``."""


class EnrollIn(msgspec.Struct, kw_only=True):
    """``POST /factors``."""

    factor_type: Text | None = None
    """Only ``totp``."""
    friendly_name: Text | None = None
    issuer: Text | None = None
    """The issuer authenticator apps show (default ``designcore``)."""


class ChallengeIn(msgspec.Struct, kw_only=True):
    """``POST /factors/{id}/challenge``: nothing is needed for TOTP."""

    channel: Text | None = None
    """``sms`` or ``whatsapp`` for phone factors, which are not supported."""


class VerifyFactorIn(msgspec.Struct, kw_only=True):
    """``POST /factors/{id}/verify``."""

    challenge_id: Text | None = None
    code: Text | None = None


# -- responses -------------------------------------------------------------------------------


class IdentityOut(msgspec.Struct, kw_only=True):
    """An identity as GoTrue shows it."""

    identity_id: str
    id: str
    """The user's id at the provider."""
    user_id: str
    identity_data: Metadata
    provider: str
    email: str | None
    last_sign_in_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, identity: Identity) -> IdentityOut:
        """From the domain."""
        return cls(
            identity_id=identity.id,
            id=identity.provider_id,
            user_id=identity.user_id,
            identity_data=dict(identity.identity_data),
            provider=identity.provider,
            email=identity.email,
            last_sign_in_at=identity.last_sign_in_at,
            created_at=identity.created_at,
            updated_at=identity.updated_at,
        )


class FactorOut(msgspec.Struct, kw_only=True):
    """A factor as GoTrue shows it."""

    id: str
    friendly_name: str | None
    factor_type: str
    status: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, factor: Factor) -> FactorOut:
        """From the domain."""
        return cls(
            id=factor.id,
            friendly_name=factor.friendly_name,
            factor_type=factor.factor_type,
            status=factor.status.value,
            created_at=factor.created_at,
            updated_at=factor.updated_at,
        )


class UserOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A user as GoTrue shows it; ``new_email`` and ``email_change_sent_at`` only while an
    address change waits for its link."""

    id: str
    aud: str
    role: str
    email: str
    email_confirmed_at: datetime | None
    phone: str
    confirmed_at: datetime | None
    last_sign_in_at: datetime | None
    app_metadata: Metadata
    user_metadata: Metadata
    identities: list[IdentityOut]
    factors: list[FactorOut]
    created_at: datetime
    updated_at: datetime
    is_anonymous: bool
    new_email: str | None = None
    email_change_sent_at: datetime | None = None

    @classmethod
    def of(cls, view: UserView) -> UserOut:
        """From the domain."""
        user = view.user
        return cls(
            id=user.id,
            aud=user.aud,
            role=user.role,
            email=user.email,
            email_confirmed_at=user.email_confirmed_at,
            phone=user.phone,
            confirmed_at=user.email_confirmed_at,
            last_sign_in_at=user.last_sign_in_at,
            app_metadata=dict(user.app_metadata),
            user_metadata=dict(user.user_metadata),
            identities=[IdentityOut.of(i) for i in view.identities],
            factors=[FactorOut.of(f) for f in view.factors],
            created_at=user.created_at,
            updated_at=user.updated_at,
            is_anonymous=False,
            new_email=user.new_email or None,
            email_change_sent_at=user.email_change_sent_at if user.new_email else None,
        )


class SessionOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A token answer; ``provider_token`` and ``provider_refresh_token`` only right after a
    provider sign-in."""

    access_token: str
    token_type: Literal["bearer"]
    expires_in: int
    expires_at: int
    refresh_token: str
    user: UserOut
    provider_token: str | None = None
    provider_refresh_token: str | None = None

    @classmethod
    def of(cls, issued: IssuedSession, view: UserView) -> SessionOut:
        """From the domain."""
        return cls(
            access_token=issued.access_token,
            token_type="bearer",
            expires_in=issued.expires_in,
            expires_at=issued.expires_at,
            refresh_token=issued.refresh_token,
            user=UserOut.of(view),
            provider_token=issued.provider_token or None,
            provider_refresh_token=issued.provider_refresh_token or None,
        )


class EmptyOut(msgspec.Struct):
    """``{}``: done (or, where the answer must not tell, perhaps nothing was done)."""


class UrlOut(msgspec.Struct):
    """Where the client should send the browser (``skip_http_redirect=true``)."""

    url: str


class TotpOut(msgspec.Struct, kw_only=True):
    """What an authenticator app needs."""

    qr_code: str
    """SVG markup of the QR code of ``uri`` (clients make a ``data:`` URL of it)."""
    secret: str
    uri: str


class EnrolledOut(msgspec.Struct, kw_only=True):
    """A new, unverified TOTP factor."""

    id: str
    type: Literal["totp"]
    friendly_name: str | None
    totp: TotpOut

    @classmethod
    def of(cls, enrolled: EnrolledFactor) -> EnrolledOut:
        """From the domain."""
        return cls(
            id=enrolled.factor.id,
            type="totp",
            friendly_name=enrolled.factor.friendly_name,
            totp=TotpOut(
                qr_code=qr_svg(enrolled.uri), secret=enrolled.factor.secret, uri=enrolled.uri
            ),
        )


class ChallengeOut(msgspec.Struct, kw_only=True):
    """A challenge and when it expires (Unix seconds)."""

    id: str
    type: Literal["totp"]
    expires_at: int

    @classmethod
    def of(cls, challenge: Challenge) -> ChallengeOut:
        """From the domain."""
        expires = challenge.created_at + MFA_CHALLENGE_LIFETIME
        return cls(id=challenge.id, type="totp", expires_at=int(expires.timestamp()))


class FactorIdOut(msgspec.Struct):
    """The id of a removed factor."""

    id: str


class ExternalOut(msgspec.Struct, kw_only=True):
    """Which sign-in methods are on."""

    email: bool
    phone: bool
    google: bool


class SettingsOut(msgspec.Struct, kw_only=True):
    """``GET /settings``."""

    external: ExternalOut
    disable_signup: bool
    mailer_autoconfirm: bool
    phone_autoconfirm: bool
    sms_provider: str
    saml_enabled: bool


class HealthOut(msgspec.Struct, kw_only=True):
    """``GET /health``."""

    version: str = __version__
    name: str = "designcore-auth"
    description: str = "designcore auth service"


class JwkOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A public signing key (EC P-256 for ES256)."""

    kty: str
    kid: str
    alg: str
    use: str
    key_ops: list[str]
    crv: str | None = None
    x: str | None = None
    y: str | None = None
    n: str | None = None
    e: str | None = None


class JwksOut(msgspec.Struct):
    """The JWK Set access tokens verify against."""

    keys: list[JwkOut]


def qr_svg(uri: str) -> str:
    """The QR code of ``uri`` as SVG markup (clients put it in a ``data:`` URL themselves)."""
    buffer = io.BytesIO()
    segno.make(uri, error="m").save(buffer, kind="svg", xmldecl=False, svgns=True, scale=4)
    return buffer.getvalue().decode()

"""Mailed links and codes: password recovery, sign-up confirmation, e-mail changes, and the
reauthentication code."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime

import attrs

from designcore.app.services.auth.core import (
    AuthCore,
    Caller,
    IssuedSession,
    LinkOptions,
    ProviderOutcome,
    invalid,
)
from designcore.domain.accounts import (
    FlowState,
    OneTimeToken,
    OneTimeTokenKind,
    User,
    check_not_banned,
    hash_token,
)
from designcore.domain.errors import Conflict, NotAllowed
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.mail import MailMessage
from designcore.ports.oidc import FlowStateStore

LINK_KINDS = {
    "recovery": OneTimeTokenKind.RECOVERY,
    "signup": OneTimeTokenKind.SIGNUP,
    "email": OneTimeTokenKind.SIGNUP,
    "email_change": OneTimeTokenKind.EMAIL_CHANGE,
}
"""The ``type`` of a link, as clients send it, and the mailed token it redeems."""

LINK_METHODS = {"recovery": "recovery", "email_change": "email_change"}
"""The ``amr`` method of the session a link signs in (``otp`` for the others)."""


def email_exists() -> Conflict:
    """Another account has the address."""
    return Conflict(
        "A user with this email address has already been registered", code="email_exists"
    )


class MailedLinkService:
    """Links and codes sent by mail, and what following them does."""

    def __init__(self, core: AuthCore, flows: FlowStateStore) -> None:
        self._core = core
        self._flows = flows

    def redirect_target(self, redirect_to: str | None) -> str:
        """Where a link may send the browser: the requested place if allowed, else the site."""
        return self._core.redirect_target(redirect_to)

    def recover(self, email: str, options: LinkOptions | None = None) -> None:
        """Mail a password recovery link; the answer never tells whether the address exists."""
        core = self._core
        address = core.email(email)
        core.check_link_options(options)
        with core.write() as uow:
            user = uow.users.find_by_email(address)
            if user is None:
                return
            raw = core.one_time_token(uow, user, OneTimeTokenKind.RECOVERY, options)
            uow.commit()
        core.send_link(address, "Reset your password", "recovery", raw, options)

    def resend(self, email: str, kind: str, options: LinkOptions | None = None) -> None:
        """Mail the sign-up confirmation again (only while it is unconfirmed)."""
        core = self._core
        if kind != "signup":
            raise invalid("only type signup can be resent", field="type")
        core.check_link_options(options)
        address = core.email(email)
        with core.write() as uow:
            user = uow.users.find_by_email(address)
            if user is None or user.email_confirmed_at is not None:
                return
            raw = core.one_time_token(uow, user, OneTimeTokenKind.SIGNUP, options)
            uow.commit()
        core.send_link(address, "Confirm your signup", "signup", raw, options)

    def verify(self, *, token: str, kind: str) -> IssuedSession:
        """Use a mailed token (``POST /verify``): recovery signs in to set a new password,
        signup confirms the address, email_change moves the account to the new address."""
        core = self._core
        with core.write() as uow:
            user, _ = self._redeem(uow, token, kind)
            issued = core.new_session(uow, user, LINK_METHODS.get(kind, "otp"))
            uow.commit()
            return issued

    def follow_link(self, *, token: str, kind: str, redirect_to: str) -> ProviderOutcome:
        """A mailed link followed in the browser (``GET /verify``): a session for the URL
        fragment, or, when the mail was asked for with a PKCE challenge, an auth code the
        client exchanges with its verifier (``grant_type=pkce``)."""
        core = self._core
        now = core.clock.now()
        method = LINK_METHODS.get(kind, "otp")
        with core.write() as uow:
            user, found = self._redeem(uow, token, kind)
            if found.code_challenge is None:
                issued = core.new_session(uow, user, method)
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

    def _redeem(self, uow: AccountsUnitOfWork, token: str, kind: str) -> tuple[User, OneTimeToken]:
        """Take a mailed token and apply what it confirms; answers the user as it now is."""
        if kind not in LINK_KINDS:
            raise invalid("type must be recovery, signup or email_change", field="type")
        now = self._core.clock.now()
        found = uow.one_time_tokens.take(hash_token(token), LINK_KINDS[kind])
        if found is None or found.expired(now):
            raise NotAllowed("Email link is invalid or has expired", code="otp_expired")
        user = uow.users.get(found.user_id)
        check_not_banned(user, now)
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

    @staticmethod
    def _change_email(uow: AccountsUnitOfWork, user: User, address: str, now: datetime) -> User:
        """Move the account to a confirmed new address: user, e-mail identity, profile."""
        other = uow.users.find_by_email(address)
        if other is not None and other.id != user.id:
            raise email_exists()
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

    def reauthenticate(self, caller: Caller) -> None:
        """``GET /reauthenticate``: mail the signed-in user a six-digit code that lets this
        session change the password (valid for one hour, once)."""
        core = self._core
        with core.write() as uow:
            user = uow.users.get(caller.user_id)
            if not user.email:
                raise invalid(
                    "Reauthentication requires an email", code="reauthentication_not_valid"
                )
            code = f"{secrets.randbelow(10**6):06d}"
            uow.one_time_tokens.put(
                OneTimeToken(
                    token_hash=hash_token(code),
                    user_id=user.id,
                    kind=OneTimeTokenKind.REAUTHENTICATION,
                    relates_to=user.email,
                    created_at=core.clock.now(),
                )
            )
            uow.commit()
        core.mailer.send(
            MailMessage(
                to=user.email,
                subject="Confirm reauthentication",
                text=f"Enter this code to confirm it is you: {code}\n\n"
                "It works once, for one hour. If you did not ask for it, ignore this mail.",
                html=f"<p>Enter this code to confirm it is you:</p><p><b>{code}</b></p>"
                "<p>It works once, for one hour. If you did not ask for it, ignore this mail.</p>",
            )
        )

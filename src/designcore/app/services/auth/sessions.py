"""Sessions: password sign-in, token refresh, sign-out, and the signed-in user."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import attrs

from designcore.app.services.auth.core import (
    AuthCore,
    Caller,
    IssuedSession,
    UserView,
    invalid,
)
from designcore.domain.accounts import (
    RefreshDecision,
    check_not_banned,
    decide_refresh,
    hash_token,
    normalise_email,
    successor_of,
)
from designcore.domain.errors import NotAllowed, NotFound, ValidationFailed

log = logging.getLogger(__name__)

SIGN_OUT_SCOPES = frozenset({"global", "local", "others"})
"""``local`` ends the caller's session, ``others`` every other one, ``global`` all."""


def invalid_credentials() -> NotAllowed:
    """One answer for every wrong e-mail and password pair."""
    return NotAllowed("Invalid login credentials", code="invalid_credentials")


def refresh_token_not_found() -> NotFound:
    """An unknown refresh token, or one of an ended session."""
    return NotFound(
        "Invalid Refresh Token: Refresh Token Not Found", code="refresh_token_not_found"
    )


def refresh_token_already_used() -> NotAllowed:
    """A used refresh token presented where the rules do not let it through."""
    return NotAllowed("Invalid Refresh Token: Already Used", code="refresh_token_already_used")


class SessionService:
    """Signing in with a password, refreshing, signing out, and who is signed in."""

    def __init__(self, core: AuthCore) -> None:
        self._core = core
        # Verified against when an e-mail is unknown, so both answers take as long.
        self._dummy_hash = core.hasher.hash(secrets.token_urlsafe(16))

    def jwks(self) -> dict[str, Any]:
        """The public keys access tokens can be checked with."""
        return self._core.signer.jwks()

    def authenticate(self, access_token: str | None) -> Caller:
        """Check an access token and that its session still exists: ``no_authorization``
        without a token, ``bad_jwt`` for an invalid one, ``session_not_found`` for an ended
        session."""
        return self._core.authenticate(access_token)

    def current_user(self, access_token: str | None) -> UserView:
        """The signed-in user of a token (``GET /user``): the token is checked against the
        cached signing keys, the session and the user come from the signed-in cache when no
        write happened since they were read."""
        return self._core.signed_in_view(self._core.verified_claims(access_token))

    def user_view(self, user_id: str) -> UserView:
        """A user with identities and factors."""
        with self._core.reader() as uow:
            return self._core.view_of(uow, uow.users.get(user_id))

    def sign_in_with_password(self, *, email: str, password: str) -> IssuedSession:
        """A new session for the right e-mail and password; one error for every wrong pair
        (``invalid_credentials``), then ``email_not_confirmed`` and ``user_banned``."""
        core = self._core
        try:
            address = normalise_email(email)
        except ValidationFailed:
            raise invalid_credentials() from None
        with core.write() as uow:
            user = uow.users.find_by_email(address)
            if user is None or user.password_hash is None:
                core.hasher.verify(self._dummy_hash, password)
                raise invalid_credentials()
            if not core.hasher.verify(user.password_hash, password):
                raise invalid_credentials()
            if user.email_confirmed_at is None:
                raise NotAllowed("Email not confirmed", code="email_not_confirmed")
            check_not_banned(user, core.clock.now())
            if core.hasher.needs_rehash(user.password_hash):
                user = attrs.evolve(user, password_hash=core.hasher.hash(password))
            issued = core.new_session(uow, user, "password")
            uow.commit()
            return issued

    def refresh(self, refresh_token: str) -> IssuedSession:
        """Rotate a refresh token (see ``designcore.domain.accounts.decide_refresh``): the
        active token gets one successor; its parent presented again within the reuse interval
        is answered with that same successor, never a second one. A replay ends the session
        (``refresh_token_already_used``)."""
        if not refresh_token:
            raise invalid("refresh_token is required", field="refresh_token")
        core = self._core
        presented_hash = hash_token(refresh_token)
        with core.write() as uow:
            presented = uow.refresh_tokens.find(presented_hash)
            if presented is None:
                raise refresh_token_not_found()
            session = uow.sessions.get(presented.session_id)
            active = uow.refresh_tokens.latest(presented.session_id)
            if session is None or active is None:
                raise refresh_token_not_found()
            decision = decide_refresh(presented, active, core.clock.now())
            if decision is RefreshDecision.ROTATE and not uow.refresh_tokens.mark_used(
                presented_hash
            ):
                # Another request used this token a moment ago: decide again on what it left.
                used = uow.refresh_tokens.find(presented_hash)
                active = uow.refresh_tokens.latest(presented.session_id)
                if used is None or active is None:
                    raise refresh_token_not_found()
                decision = decide_refresh(used, active, core.clock.now())
            if decision is RefreshDecision.REVOKE_SESSION:
                uow.sessions.delete(session.id)
                uow.commit()
                log.warning("refresh token replayed; session %s revoked", session.id)
                raise refresh_token_already_used()
            if decision is RefreshDecision.REFUSE:
                raise refresh_token_already_used()
            user = uow.users.get(session.user_id)
            now = core.clock.now()
            check_not_banned(user, now)
            if decision is RefreshDecision.ANSWER_ACTIVE:
                answered = successor_of(refresh_token, str(active.salt))
                if hash_token(answered) != active.token_hash:  # pragma: no cover - a bad row
                    raise refresh_token_already_used()
                return core.viewed(uow, core.answer(user, session, answered))
            session = attrs.evolve(session, updated_at=now)
            uow.sessions.update(session)
            issued = core.issue(uow, user, session, presented_hash, follows=refresh_token)
            issued = core.viewed(uow, issued)
            uow.commit()
            return issued

    def sign_out(self, caller: Caller, scope: str) -> None:
        """End this session (``local``), every session (``global``) or every other one
        (``others``)."""
        if scope not in SIGN_OUT_SCOPES:
            raise invalid("scope must be global, local or others", field="scope")
        with self._core.write() as uow:
            if scope == "local":
                uow.sessions.delete(caller.session_id)
            elif scope == "others":
                uow.sessions.delete_for_user(caller.user_id, keep=caller.session_id)
            else:
                uow.sessions.delete_for_user(caller.user_id)
            uow.commit()
        self._core.events.capture("signed_out", caller.user_id)
        self._core.events.reset(caller.user_id)

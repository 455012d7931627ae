"""The signed-in user changing itself: password, e-mail address, metadata."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import attrs

from designcore.app.services.auth.core import AuthCore, Caller, LinkOptions, UserView
from designcore.app.services.auth.links import email_exists
from designcore.app.services.profiles import apply_referral
from designcore.domain.accounts import (
    OneTimeTokenKind,
    User,
    hash_token,
    merge_metadata,
    step_up_required,
)
from designcore.domain.errors import Conflict, NotAllowed
from designcore.ports.accounts import AccountsUnitOfWork

LATE_REFERRAL_WINDOW = timedelta(hours=24)
"""A referral code set after sign-up (e.g. after Google sign-in) counts within this window."""

RECENT_SIGN_IN = timedelta(hours=24)
"""A session younger than this may change the password without a reauthentication code."""


@attrs.frozen(kw_only=True)
class UserChanges:
    """What ``PUT /user`` asks to change; ``None`` leaves a field as it is."""

    email: str | None = None
    """A new address: mailed a confirmation link, the account's once followed."""
    password: str | None = None
    nonce: str | None = None
    """The reauthentication code, when secure password change asks for it."""
    data: Mapping[str, Any] | None = None
    """User metadata to merge (a ``None`` value removes a key)."""

    def changes_credentials(self, user: User) -> bool:
        """Whether it sets a password or moves the account to another address."""
        moves = self.email is not None and self.email.strip().lower() != user.email
        return bool(self.password) or moves


class UserService:
    """Changes the signed-in user asks for."""

    def __init__(self, core: AuthCore) -> None:
        self._core = core

    def update_user(
        self, caller: Caller, changes: UserChanges, options: LinkOptions | None = None
    ) -> UserView:
        """Change the password or the metadata at once; a new e-mail address is mailed a
        confirmation link and becomes the account's once followed. A user with a verified
        factor changes the password or the address only from an aal2 session
        (``insufficient_aal``)."""
        core = self._core
        now = core.clock.now()
        change_link: str | None = None
        with core.write() as uow:
            user = uow.users.get(caller.user_id)
            if changes.changes_credentials(user):
                self._check_step_up(uow, caller)
            if changes.password is not None:
                core.check_password(changes.password)
                self._check_reauthentication(uow, caller, user, changes.nonce)
                if user.password_hash and core.hasher.verify(user.password_hash, changes.password):
                    raise Conflict(
                        "New password should be different from the old password.",
                        code="same_password",
                    )
                user = attrs.evolve(user, password_hash=core.hasher.hash(changes.password))
                # Whoever else holds a session (perhaps the reason for the change) is out.
                uow.sessions.delete_for_user(user.id, keep=caller.session_id)
            if changes.email is not None:
                address = core.email(changes.email)
                if address != user.email:
                    if uow.users.find_by_email(address) is not None:
                        raise email_exists()
                    # The new address is proved by a link mailed to it; until then the
                    # account keeps its address (a typo or a stolen session cannot move it).
                    change_link = core.one_time_token(
                        uow, user, OneTimeTokenKind.EMAIL_CHANGE, options, relates_to=address
                    )
                    user = attrs.evolve(user, new_email=address, email_change_sent_at=now)
            if changes.data is not None:
                metadata = merge_metadata(user.user_metadata, changes.data)
                user = attrs.evolve(user, user_metadata=metadata)
                if now - user.created_at <= LATE_REFERRAL_WINDOW:
                    apply_referral(uow, user.id, changes.data.get("referral_code"), now)
            user = attrs.evolve(user, updated_at=now)
            uow.users.update(user)
            uow.commit()
            view = core.view_of(uow, user)
        if change_link is not None and user.new_email:
            core.send_link(
                user.new_email, "Confirm your new email", "email_change", change_link, options
            )
        return view

    @staticmethod
    def _check_step_up(uow: AccountsUnitOfWork, caller: Caller) -> None:
        """Refuse a credential change from a session below the user's reachable level."""
        session = uow.sessions.get(caller.session_id)
        if step_up_required(session, uow.factors.for_user(caller.user_id)):
            raise NotAllowed(
                "AAL2 session is required to update email or password when MFA is enabled.",
                code="insufficient_aal",
            )

    def _check_reauthentication(
        self, uow: AccountsUnitOfWork, caller: Caller, user: User, nonce: str | None
    ) -> None:
        """With secure password change on, a session older than a day needs the code that
        ``GET /reauthenticate`` mailed. A wrong code burns the mailed one, so each code allows
        one guess in a million."""
        core = self._core
        if not core.settings.secure_password_change:
            return
        now = core.clock.now()
        session = uow.sessions.get(caller.session_id)
        if session is not None and now - session.created_at < RECENT_SIGN_IN:
            return
        if not nonce:
            raise NotAllowed(
                "Password update requires reauthentication", code="reauthentication_needed"
            )
        found = uow.one_time_tokens.take(
            hash_token(nonce.strip()), OneTimeTokenKind.REAUTHENTICATION
        )
        if found is None or found.user_id != user.id or found.expired(now):
            # Burn the user's mailed code: storing a token replaces the pending one of the
            # same kind, and taking it leaves none.
            pending = core.one_time_token(uow, user, OneTimeTokenKind.REAUTHENTICATION)
            uow.one_time_tokens.take(hash_token(pending), OneTimeTokenKind.REAUTHENTICATION)
            uow.commit()
            raise NotAllowed("Requires reauthentication", code="reauthentication_not_valid")

"""Signing up with an e-mail address and a password."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from designcore.app.services.auth.core import AuthCore, IssuedSession, LinkOptions, UserView
from designcore.domain.accounts import Identity, OneTimeTokenKind, User
from designcore.domain.errors import Conflict

EMAIL_PROVIDER = {"provider": "email", "providers": ["email"]}
"""``app_metadata`` of an account made with an e-mail address."""


class SignUpService:
    """New accounts with a password (provider sign-ups are in ``providers``)."""

    def __init__(self, core: AuthCore) -> None:
        self._core = core

    def sign_up(
        self,
        *,
        email: str,
        password: str,
        data: Mapping[str, Any] | None,
        options: LinkOptions | None = None,
    ) -> IssuedSession | UserView:
        """Create an account (user, e-mail identity, profile; referral credits when a valid
        code came along). Answers a session when e-mails need no confirmation, else the user
        and a mailed confirmation link.

        With confirmation on, the answer never tells who has an account: a taken address
        answers a look-alike user (an unconfirmed owner is mailed the link again). With it
        off, a taken address is ``user_already_exists``."""
        core = self._core
        address = core.email(email)
        core.check_password(password)
        core.check_link_options(options)
        metadata = dict(data or {})
        now = core.clock.now()
        with core.write() as uow:
            existing = uow.users.find_by_email(address)
            if existing is not None:
                if not core.settings.confirm_email:
                    raise Conflict("User already registered", code="user_already_exists")
                if existing.email_confirmed_at is None:
                    raw = core.one_time_token(uow, existing, OneTimeTokenKind.SIGNUP, options)
                    uow.commit()
                    core.send_link(address, "Confirm your signup", "signup", raw, options)
                core.hasher.hash(password)  # as long as a real sign-up takes
                look_alike = User(
                    id=str(uuid.uuid4()),
                    email=address,
                    app_metadata=EMAIL_PROVIDER,
                    user_metadata=metadata,
                    created_at=now,
                    updated_at=now,
                )
                return UserView(look_alike, (), ())  # no identities, as GoTrue answers
            user = User(
                id=str(uuid.uuid4()),
                email=address,
                password_hash=core.hasher.hash(password),
                email_confirmed_at=None if core.settings.confirm_email else now,
                app_metadata=EMAIL_PROVIDER,
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
            core.register(uow, user, identity, metadata)
            if core.settings.confirm_email:
                raw = core.one_time_token(uow, user, OneTimeTokenKind.SIGNUP, options)
                uow.commit()
                core.send_link(address, "Confirm your signup", "signup", raw, options)
                return UserView(user, (identity,), ())
            issued = core.new_session(uow, user, "password")
            uow.commit()
            return issued

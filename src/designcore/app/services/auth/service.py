"""The auth service: every flow of the auth API over one shared core."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.app.services.auth.core import AuthCore, AuthSettings, UserView
from designcore.app.services.auth.links import MailedLinkService
from designcore.app.services.auth.mfa import MfaService
from designcore.app.services.auth.providers import ProviderService
from designcore.app.services.auth.sessions import SessionService
from designcore.app.services.auth.signups import SignUpService
from designcore.app.services.auth.users import UserService
from designcore.app.services.signed_in import SignedInCache
from designcore.domain.accounts import ONE_TIME_TOKEN_LIFETIME
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock
from designcore.ports.keys import SecretBox
from designcore.ports.mail import Mailer
from designcore.ports.oidc import FlowStateStore, OpenIdProvider
from designcore.ports.otp import Totp
from designcore.ports.passwords import PasswordHasher
from designcore.ports.tokens import TokenSigner

REPLACED_TOKEN_RETENTION = timedelta(hours=24)
"""How long a used refresh token is kept after its successor was issued (replaying it within
the reuse window recovers a lost answer; later, replaying it revokes the session)."""


class AuthService:
    """The auth API's use cases, one object per flow, sharing one :class:`AuthCore`:

    - ``sessions``: password sign-in, refresh, sign-out, the signed-in user;
    - ``signups``: new accounts with a password;
    - ``links``: recovery, confirmation and e-mail-change links, reauthentication codes;
    - ``users``: the signed-in user changing its password, address or metadata;
    - ``providers``: provider sign-in, identity linking, the PKCE code exchange;
    - ``mfa``: TOTP factors and the step-up to aal2.
    """

    def __init__(
        self,
        *,
        accounts: Callable[[], AccountsUnitOfWork],
        hasher: PasswordHasher,
        signer: TokenSigner,
        is_common_password: Callable[[str], bool],
        mailer: Mailer,
        totp: Totp,
        secret_box: SecretBox,
        clock: Clock,
        settings: AuthSettings,
        flows: FlowStateStore,
        identity_providers: Mapping[str, OpenIdProvider] | None = None,
        reader: Callable[[], AccountsUnitOfWork] | None = None,
        signed_in: SignedInCache[UserView] | None = None,
        events: EventRecorder = NO_EVENTS,
    ) -> None:
        self._core = core = AuthCore(
            accounts=accounts,
            reader=reader or accounts,
            hasher=hasher,
            signer=signer,
            is_common_password=is_common_password,
            mailer=mailer,
            clock=clock,
            settings=settings,
            signed_in=signed_in or SignedInCache(clock, timedelta(0)),
            events=events,
        )
        self.settings = settings
        self.sessions = SessionService(core)
        self.signups = SignUpService(core)
        self.links = MailedLinkService(core, flows)
        self.users = UserService(core)
        self.providers = ProviderService(core, flows, identity_providers or {})
        self.mfa = MfaService(core, totp, secret_box)

    def clean_up(self) -> dict[str, int]:
        """Delete what can no longer be used: refresh tokens replaced more than
        :data:`REPLACED_TOKEN_RETENTION` ago and expired mailed tokens (run hourly by the
        server, and by ``designcore auth clean-up``). Answers how many of each went."""
        now = self._core.clock.now()
        with self._core.writer() as uow:  # nothing a signed-in view shows changes
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

"""Sign-in with an OpenID provider (Google), identity linking, and the PKCE code exchange."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping

import attrs

from designcore.app.services.auth.core import (
    AuthCore,
    Caller,
    IssuedSession,
    ProviderOutcome,
    invalid,
)
from designcore.domain.accounts import (
    FlowState,
    Identity,
    ProviderUser,
    User,
    check_not_banned,
    code_challenge_matches,
    code_challenge_of,
    hash_token,
    split_name,
    with_provider,
    without_provider,
)
from designcore.domain.errors import (
    Conflict,
    DesignCoreError,
    NotAllowed,
    NotFound,
    Unavailable,
    ValidationFailed,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.oidc import FlowStateStore, OpenIdProvider

PROVIDER_SCOPES = ("openid", "email", "profile")
"""Scopes always asked of an OpenID provider; a client's ``scopes`` add to them."""


class ProviderFlowFailed(DesignCoreError):
    """A provider callback that failed: the browser goes back to ``redirect_to`` with the
    error (its ``code`` and ``message`` are those of ``cause``)."""

    def __init__(
        self, cause: DesignCoreError, *, redirect_to: str, in_query: bool, error: str
    ) -> None:
        super().__init__(cause.message, code=cause.code)
        self.cause = cause
        self.redirect_to = redirect_to
        self.in_query = in_query
        """PKCE flows get the error in the query, implicit ones in the fragment (GoTrue)."""
        self.error = error
        """The OAuth ``error`` value (``server_error``, ``access_denied``, …)."""


def bad_callback(message: str) -> NotAllowed:
    """The provider's answer cannot be used."""
    return NotAllowed(message, code="bad_oauth_callback")


class ProviderService:
    """Provider sign-ins, linking and unlinking identities, and the auth-code exchange."""

    def __init__(
        self,
        core: AuthCore,
        flows: FlowStateStore,
        identity_providers: Mapping[str, OpenIdProvider],
    ) -> None:
        self._core = core
        self._flows = flows
        self._identity_providers = dict(identity_providers)

    @property
    def callback_url(self) -> str:
        """Where providers send the browser back to (registered with the provider)."""
        return f"{self._core.settings.issuer}/callback"

    def provider_enabled(self, provider: str) -> bool:
        """Whether sign-in with ``provider`` is configured."""
        return provider in self._identity_providers

    def _provider(self, name: str) -> OpenIdProvider:
        if not name:
            raise invalid("Unsupported provider: Provider could not be found", field="provider")
        provider = self._identity_providers.get(name.lower())
        if provider is None:
            raise invalid("Unsupported provider: provider is not enabled", field="provider")
        return provider

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
        core = self._core
        idp = self._provider(provider)
        challenge, method = core.client_challenge(code_challenge, code_challenge_method)
        state = secrets.token_urlsafe(32)
        verifier = secrets.token_urlsafe(48)
        self._flows.add(
            FlowState(
                id=str(uuid.uuid4()),
                provider=provider.lower(),
                state_hash=hash_token(state),
                provider_verifier=verifier,
                redirect_to=core.redirect_target(redirect_to),
                code_challenge=challenge,
                code_challenge_method=method,
                linking_user_id=None if linking is None else linking.user_id,
                created_at=core.clock.now(),
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

        Raises :class:`ProviderFlowFailed` with the place to send the error to."""
        core = self._core
        now = core.clock.now()
        flow = self._flows.take_by_state(hash_token(state)) if state else None
        if flow is None or flow.expired(now):
            raise ProviderFlowFailed(
                NotAllowed("OAuth state is invalid or has expired", code="bad_oauth_state"),
                redirect_to=core.redirect_target(None),
                in_query=False,
                error="invalid_request",
            )

        def failed(cause: DesignCoreError, oauth_error: str = "server_error") -> ProviderFlowFailed:
            return ProviderFlowFailed(
                cause, redirect_to=flow.redirect_to, in_query=flow.is_pkce, error=oauth_error
            )

        if error or not code:
            refusal = bad_callback(error_description or error or "no code came back")
            raise failed(refusal, error or "invalid_request")
        try:
            who = self._provider(flow.provider).exchange_code(
                code=code, code_verifier=flow.provider_verifier, redirect_uri=self.callback_url
            )
        except Unavailable as down:
            unavailable = Unavailable(down.message, code="provider_unavailable")
            raise failed(unavailable, "temporarily_unavailable") from down
        except NotAllowed as refused:
            raise failed(bad_callback(refused.message)) from refused
        try:
            with core.write() as uow:
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
                issued = core.new_session(uow, user, "oauth")
                uow.commit()
                return ProviderOutcome(
                    flow.redirect_to,
                    issued=attrs.evolve(
                        issued,
                        provider_token=who.access_token,
                        provider_refresh_token=who.refresh_token,
                    ),
                )
        except (Conflict, NotAllowed, ValidationFailed) as refused:
            raise failed(refused) from refused

    def _user_for_provider(
        self, uow: AccountsUnitOfWork, flow: FlowState, who: ProviderUser
    ) -> User:
        """The user a provider account signs in (linking, known identity, same verified
        e-mail, or a new account), with its identity stored."""
        core = self._core
        now = core.clock.now()
        if not who.email:
            raise bad_callback("Error getting user email from external provider")
        address = core.email(who.email)
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
                raise Conflict(
                    "Identity is already linked to another user", code="identity_already_exists"
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
                raise Conflict(
                    "A user with this email address has already been registered; sign in and "
                    "link the provider from the account",
                    code="email_exists",
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
            raise NotAllowed(
                "The provider has not verified this email address",
                code="provider_email_needs_verification",
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
        core.register(uow, user, attrs.evolve(identity, user_id=user.id), metadata)
        return user

    def _signed_in_with(self, uow: AccountsUnitOfWork, user: User, provider: str) -> User:
        now = self._core.clock.now()
        check_not_banned(user, now)
        user = with_provider(user, provider, now=now)
        uow.users.update(user)
        return user

    def exchange_auth_code(self, auth_code: str, code_verifier: str) -> IssuedSession:
        """``grant_type=pkce``: the auth code of a finished provider flow or of a mailed link
        followed in the PKCE flow, with the verifier of the challenge the client started with,
        answers a session, once."""
        core = self._core
        if not auth_code or not code_verifier:
            raise invalid("invalid request: both auth code and code verifier should be non-empty")
        now = core.clock.now()
        flow = self._flows.take_by_auth_code(hash_token(auth_code))
        if (
            flow is None
            or flow.user_id is None
            or flow.code_challenge is None
            or flow.code_challenge_method is None
        ):
            raise NotFound(
                "invalid flow state, no valid flow state found", code="flow_state_not_found"
            )
        if flow.expired(now):
            raise NotAllowed(
                "invalid flow state, flow state has expired", code="flow_state_expired"
            )
        if not code_challenge_matches(
            code_verifier, flow.code_challenge, flow.code_challenge_method
        ):
            raise NotAllowed(
                "code challenge does not match previously saved code verifier",
                code="bad_code_verifier",
            )
        with core.write() as uow:
            user = uow.users.get(flow.user_id)
            check_not_banned(user, now)
            issued = core.new_session(uow, user, flow.authentication_method)
            uow.commit()
            return attrs.evolve(
                issued,
                provider_token=flow.provider_access_token,
                provider_refresh_token=flow.provider_refresh_token,
            )

    def unlink_identity(self, caller: Caller, identity_id: str) -> None:
        """Remove one of the caller's identities; never the last one."""
        core = self._core
        now = core.clock.now()
        with core.write() as uow:
            identities = list(uow.identities.for_user(caller.user_id))
            target = next((i for i in identities if i.id == identity_id), None)
            if target is None:
                raise NotFound("Identity doesn't exist", code="identity_not_found")
            if len(identities) <= 1:
                raise Conflict(
                    "User must have at least 1 identity after unlinking",
                    code="single_identity_not_deletable",
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

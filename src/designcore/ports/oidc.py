"""Ports of provider sign-in: an OpenID Connect provider, and where flows in progress wait."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from designcore.domain.accounts import CodeChallengeMethod, FlowState, ProviderUser


class OpenIdProvider(Protocol):
    """An OpenID Connect provider (authorization code flow with PKCE)."""

    def authorization_url(
        self,
        *,
        state: str,
        code_challenge: str,
        code_challenge_method: CodeChallengeMethod,
        redirect_uri: str,
        scopes: Sequence[str],
    ) -> str:
        """Where to send the browser to sign in at the provider; the provider comes back to
        ``redirect_uri`` with ``code`` and ``state``. Pure: no network call."""
        ...

    def exchange_code(self, *, code: str, code_verifier: str, redirect_uri: str) -> ProviderUser:
        """Trade an authorization code for the signed-in user, from a verified ID token.

        Raises ``NotAllowed`` when the provider refuses the code (wrong verifier, reused or
        unknown code, bad client credentials) or the ID token does not verify; ``Unavailable``
        when the provider cannot be reached or answers with a server error."""
        ...


class FlowStateStore(Protocol):
    """Provider sign-ins in progress, each usable once per step."""

    def add(self, flow: FlowState) -> None:
        """Store a flow (a new one, or one that has reached its auth code)."""
        ...

    def take_by_state(self, state_hash: str) -> FlowState | None:
        """Remove and answer the flow waiting for the provider with this state hash."""
        ...

    def take_by_auth_code(self, auth_code_hash: str) -> FlowState | None:
        """Remove and answer the flow whose auth code has this hash (single use)."""
        ...

"""Provider sign-in and identity linking: ``/authorize``, ``/callback`` and
``/user/identities``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, delete, get
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, QueryParameter
from litestar.response import Redirect

from designcore.app.http.auth.common import (
    Auth,
    QueryText,
    RedirectTo,
    SignedIn,
    denied_redirect,
    outcome_redirect,
)
from designcore.app.http.auth.limits import limit
from designcore.app.http.auth.schemas import MAX_TEXT, EmptyOut, UrlOut
from designcore.app.http.dependencies import Limiter
from designcore.app.services.auth import AuthService, Caller, ProviderFlowFailed

OAuthState = Annotated[
    str,
    QueryParameter(
        name="state", description="The state sent to the provider.", max_length=MAX_TEXT
    ),
]

TO_PROVIDER = {302: ResponseSpec(None, description="To the provider's sign-in page.")}
"""The answer without ``skip_http_redirect=true``."""


def _start(
    auth: AuthService,
    *,
    provider: str | None,
    redirect_to: str | None,
    scopes: str | None,
    code_challenge: str | None,
    code_challenge_method: str | None,
    skip_http_redirect: str | None,
    linking: Caller | None = None,
) -> Response[UrlOut]:
    """Send the browser to the provider, or (``skip_http_redirect=true``, as the JS client
    asks when linking) answer ``{url}`` for the client to follow."""
    url = auth.providers.start_provider_flow(
        provider=provider or "",
        redirect_to=redirect_to or None,
        scopes=scopes or "",
        code_challenge=code_challenge or None,
        code_challenge_method=code_challenge_method or None,
        linking=linking,
    )
    if (skip_http_redirect or "").lower() == "true":
        return Response(UrlOut(url), status_code=200)
    return Redirect(url, status_code=302)


class ProviderController(Controller):
    """Sign-in with Google, and the identities of the signed-in user."""

    path = "/"

    @get("/authorize", operation_id="authorize", responses=TO_PROVIDER, sync_to_thread=True)
    def authorize(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        provider: QueryText = None,
        redirect_to: RedirectTo = None,
        scopes: QueryText = None,
        code_challenge: QueryText = None,
        code_challenge_method: QueryText = None,
        skip_http_redirect: QueryText = None,
    ) -> Response[UrlOut]:
        """Start a provider sign-in: 302 to the provider (or ``{url}``)."""
        limit(limiter, request, "authorize")
        return _start(
            auth,
            provider=provider,
            redirect_to=redirect_to,
            scopes=scopes,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            skip_http_redirect=skip_http_redirect,
        )

    @get("/callback", operation_id="providerCallback", status_code=302, sync_to_thread=True)
    def callback(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        oauth_state: OAuthState = "",
        code: QueryText = None,
        error: QueryText = None,
        error_description: QueryText = None,
    ) -> Redirect:
        """The provider's answer: 302 to where the flow started, with ``?code=`` (PKCE), the
        session in the fragment, or the error."""
        limit(limiter, request, "verify")
        try:
            outcome = auth.providers.finish_provider_flow(
                state=oauth_state,
                code=code or "",
                error=error or "",
                error_description=error_description or "",
            )
        except ProviderFlowFailed as failure:
            return denied_redirect(
                failure.redirect_to, failure.error, failure, in_query=failure.in_query
            )
        return outcome_redirect(outcome)

    @get(
        "/user/identities/authorize",
        operation_id="linkIdentity",
        responses=TO_PROVIDER,
        sync_to_thread=True,
    )
    def link_identity(
        self,
        auth: Auth,
        caller: SignedIn,
        provider: QueryText = None,
        redirect_to: RedirectTo = None,
        scopes: QueryText = None,
        code_challenge: QueryText = None,
        code_challenge_method: QueryText = None,
        skip_http_redirect: QueryText = None,
    ) -> Response[UrlOut]:
        """Start linking a provider account to the signed-in user."""
        return _start(
            auth,
            provider=provider,
            redirect_to=redirect_to,
            scopes=scopes,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            skip_http_redirect=skip_http_redirect,
            linking=caller,
        )

    @delete(
        "/user/identities/{identity_id:str}",
        operation_id="unlinkIdentity",
        status_code=200,
        sync_to_thread=True,
    )
    def unlink_identity(self, auth: Auth, caller: SignedIn, identity_id: FromPath[str]) -> EmptyOut:
        """Remove one of the signed-in user's identities (never the last)."""
        auth.providers.unlink_identity(caller, identity_id)
        return EmptyOut()

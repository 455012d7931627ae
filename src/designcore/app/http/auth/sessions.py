"""``POST /token`` (password, refresh and PKCE grants), ``POST /logout`` and ``GET /user``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, get, post
from litestar.params import JSONBody, QueryParameter

from designcore.app.http.auth.common import Auth, SignedIn, session_out
from designcore.app.http.auth.limits import limit, limit_password_guesses
from designcore.app.http.auth.schemas import SessionOut, TokenIn, UserOut, required
from designcore.app.http.dependencies import Limiter, bearer_token
from designcore.app.services.auth.core import invalid

Scope = Annotated[
    str | None,
    QueryParameter(name="scope", description="local, others or global.", max_length=64),
]
"""``scope`` (a name Litestar keeps for the ASGI scope, hence the alias)."""
GrantType = Annotated[
    str, QueryParameter(description="password, refresh_token or pkce.", max_length=64)
]


class SessionController(Controller):
    """Signing in, refreshing and signing out."""

    path = "/"

    @post("/token", operation_id="grantToken", status_code=200, sync_to_thread=True)
    def token(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        data: JSONBody[TokenIn],
        grant_type: GrantType = "",
    ) -> SessionOut:
        """A session for an e-mail and password, a refresh token, or a PKCE auth code with
        its verifier."""
        if grant_type == "password":
            email = required(data.email, "email")
            guesses = limit_password_guesses(limiter, request, email)
            issued = auth.sessions.sign_in_with_password(
                email=email, password=required(data.password, "password")
            )
            limiter.reset(guesses)
        elif grant_type == "refresh_token":
            limit(limiter, request, "refresh")
            issued = auth.sessions.refresh(required(data.refresh_token, "refresh_token"))
        elif grant_type == "pkce":
            limit(limiter, request, "token")
            issued = auth.providers.exchange_auth_code(
                data.auth_code or "", data.code_verifier or ""
            )
        else:
            raise invalid(
                "unsupported_grant_type: use password, refresh_token or pkce",
                field="grant_type",
                code="unsupported_grant_type",
            )
        return session_out(auth, issued)

    @post("/logout", operation_id="signOut", status_code=204, sync_to_thread=True)
    def logout(self, auth: Auth, caller: SignedIn, sign_out_scope: Scope = None) -> None:
        """End this session (``local``), every session (``global``, the default) or every
        other one (``others``)."""
        auth.sessions.sign_out(caller, sign_out_scope or "global")

    @get("/user", operation_id="getUser", sync_to_thread=True)
    def get_user(self, request: Request[Any, Any, Any], auth: Auth) -> UserOut:
        """The signed-in user with identities and factors."""
        return UserOut.of(auth.sessions.current_user(bearer_token(request)))

"""What the ``/auth/v1`` controllers share: their dependencies, query parameters, and the
redirects that finish browser flows."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from litestar.di import NamedDependency
from litestar.params import QueryParameter
from litestar.response import Redirect

from designcore.app.http.auth.schemas import MAX_TEXT, PkceIn, SessionOut
from designcore.app.services.auth import (
    AuthService,
    Caller,
    IssuedSession,
    LinkOptions,
    ProviderOutcome,
)
from designcore.domain.errors import DesignCoreError

Auth = NamedDependency[AuthService]
SignedIn = NamedDependency[Caller]
"""The caller of a route that needs a valid access token (``Authorization: Bearer …``)."""

QueryText = Annotated[str | None, QueryParameter(max_length=MAX_TEXT)]
RedirectTo = Annotated[
    str | None,
    QueryParameter(
        description="Where the browser goes when the flow ends (an allowed place, else the site).",
        max_length=MAX_TEXT,
    ),
]


def session_out(auth: AuthService, issued: IssuedSession) -> SessionOut:
    """A token answer, with the user as the issuing transaction read it."""
    return SessionOut.of(issued, issued.view or auth.sessions.user_view(issued.user.id))


def link_options(redirect_to: str | None, body: PkceIn) -> LinkOptions:
    """Where a mailed link leads (``redirect_to`` in the query, as auth-js sends it, or in
    the body) and the PKCE challenge of a client in the PKCE flow."""
    return LinkOptions(
        redirect_to=redirect_to or body.redirect_to or None,
        code_challenge=body.code_challenge or None,
        code_challenge_method=body.code_challenge_method or None,
    )


def with_fragment(url: str, fragment: str) -> str:
    """``url`` with its fragment replaced by ``fragment`` (never a second ``#``)."""
    return f"{url.partition('#')[0]}#{fragment}"


def with_query(url: str, values: dict[str, str]) -> str:
    """``url`` with ``values`` added to its query (before any fragment)."""
    base, hash_sign, fragment = url.partition("#")
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}{urlencode(values)}{hash_sign}{fragment}"


def session_fragment(issued: IssuedSession, kind: str | None = None) -> str:
    """A session in a redirect's fragment (the implicit flow)."""
    values = {
        "access_token": issued.access_token,
        "expires_at": str(issued.expires_at),
        "expires_in": str(issued.expires_in),
        "refresh_token": issued.refresh_token,
        "token_type": "bearer",
    }
    if issued.provider_token:
        values["provider_token"] = issued.provider_token
    if issued.provider_refresh_token:
        values["provider_refresh_token"] = issued.provider_refresh_token
    if kind:
        values["type"] = kind
    return urlencode(values)


def denied_redirect(
    target: str, error: str, failure: DesignCoreError, *, in_query: bool = False
) -> Redirect:
    """Back to ``target`` with the OAuth-style error (in the query for PKCE flows, else in
    the fragment)."""
    values = {"error": error, "error_code": failure.code, "error_description": failure.message}
    if in_query:
        return Redirect(with_query(target, values), status_code=302)
    return Redirect(with_fragment(target, urlencode(values)), status_code=302)


def outcome_redirect(outcome: ProviderOutcome, kind: str | None = None) -> Redirect:
    """Where a finished flow sends the browser: ``?code=`` to exchange (PKCE), or the session
    in the fragment."""
    if outcome.auth_code is not None:
        return Redirect(
            with_query(outcome.redirect_to, {"code": outcome.auth_code}), status_code=302
        )
    assert outcome.issued is not None
    return Redirect(
        with_fragment(outcome.redirect_to, session_fragment(outcome.issued, kind)),
        status_code=302,
    )

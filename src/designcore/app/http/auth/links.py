"""Mailed links and codes: ``/recover``, ``/resend``, ``/verify`` (``POST`` for a token the
client read, ``GET`` for a link followed in the browser) and ``/reauthenticate``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, get, post
from litestar.params import JSONBody, QueryParameter
from litestar.response import Redirect

from designcore.app.http.auth.common import (
    Auth,
    RedirectTo,
    SignedIn,
    denied_redirect,
    link_options,
    outcome_redirect,
    session_out,
)
from designcore.app.http.auth.limits import limit
from designcore.app.http.auth.schemas import (
    MAX_TEXT,
    EmptyOut,
    RecoverIn,
    ResendIn,
    SessionOut,
    VerifyIn,
    required,
)
from designcore.app.http.dependencies import Limiter
from designcore.domain.errors import DesignCoreError

LinkToken = Annotated[
    str, QueryParameter(description="The token of the link.", max_length=MAX_TEXT)
]
LinkType = Annotated[
    str,
    QueryParameter(
        name="type",
        description="recovery, signup, email or email_change.",
        max_length=MAX_TEXT,
    ),
]


class MailedLinkController(Controller):
    """Links and codes sent by mail."""

    path = "/"

    @post("/recover", operation_id="recover", status_code=200, sync_to_thread=True)
    def recover(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        data: JSONBody[RecoverIn],
        redirect_to: RedirectTo = None,
    ) -> EmptyOut:
        """Mail a password recovery link; ``{}`` whether or not the address has an account."""
        email = required(data.email, "email")
        limit(limiter, request, "recover", email)
        auth.links.recover(email, link_options(redirect_to, data))
        return EmptyOut()

    @post("/resend", operation_id="resend", status_code=200, sync_to_thread=True)
    def resend(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        data: JSONBody[ResendIn],
        redirect_to: RedirectTo = None,
    ) -> EmptyOut:
        """Mail the sign-up confirmation link again (``type`` ``signup``)."""
        email = required(data.email, "email")
        limit(limiter, request, "resend", email)
        auth.links.resend(email, required(data.type, "type"), link_options(redirect_to, data))
        return EmptyOut()

    @post("/verify", operation_id="verifyOtp", status_code=200, sync_to_thread=True)
    def verify(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        data: JSONBody[VerifyIn],
    ) -> SessionOut:
        """Redeem a mailed token for a session."""
        limit(limiter, request, "verify")
        token = data.token_hash or required(data.token, "token")
        issued = auth.links.verify(token=token, kind=required(data.type, "type"))
        return session_out(auth, issued)

    @get("/verify", operation_id="followLink", status_code=302, sync_to_thread=True)
    def follow_link(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        token: LinkToken,
        kind: LinkType,
        redirect_to: RedirectTo = None,
    ) -> Redirect:
        """A mailed link followed in the browser: 302 to ``redirect_to`` with the session in
        the fragment, ``?code=`` for a PKCE client, or the error."""
        limit(limiter, request, "verify")
        target = auth.links.redirect_target(redirect_to)
        try:
            outcome = auth.links.follow_link(token=token, kind=kind, redirect_to=target)
        except DesignCoreError as failure:
            return denied_redirect(target, "access_denied", failure)
        return outcome_redirect(outcome, kind)

    @get("/reauthenticate", operation_id="reauthenticate", sync_to_thread=True)
    def reauthenticate(
        self, request: Request[Any, Any, Any], auth: Auth, limiter: Limiter, caller: SignedIn
    ) -> EmptyOut:
        """Mail the signed-in user a code that lets this session change the password."""
        limit(limiter, request, "recover", caller.claims.get("email") or None)
        auth.links.reauthenticate(caller)
        return EmptyOut()

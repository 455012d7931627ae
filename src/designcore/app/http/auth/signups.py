"""``POST /signup``."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, post
from litestar.params import JSONBody

from designcore.app.http.auth.common import Auth, RedirectTo, link_options, session_out
from designcore.app.http.auth.limits import limit
from designcore.app.http.auth.schemas import SessionOut, SignUpIn, UserOut, required
from designcore.app.http.dependencies import Limiter
from designcore.app.services.auth import IssuedSession


class SignUpController(Controller):
    """New accounts with a password."""

    path = "/signup"

    @post("/", operation_id="signUp", status_code=200, sync_to_thread=True)
    def sign_up(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        data: JSONBody[SignUpIn],
        redirect_to: RedirectTo = None,
    ) -> SessionOut | UserOut:
        """Create an account: a session at once, or (with e-mail confirmation on) the user and
        a mailed confirmation link."""
        email = required(data.email, "email")
        limit(limiter, request, "signup", email, allowed=auth.settings.signups_per_hour)
        result = auth.signups.sign_up(
            email=email,
            password=required(data.password, "password"),
            data=data.data,
            options=link_options(redirect_to, data),
        )
        if isinstance(result, IssuedSession):
            return session_out(auth, result)
        return UserOut.of(result)

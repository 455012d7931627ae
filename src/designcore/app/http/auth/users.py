"""``PUT /user``."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, put
from litestar.params import JSONBody

from designcore.app.http.auth.common import Auth, RedirectTo, SignedIn, link_options
from designcore.app.http.auth.limits import limit
from designcore.app.http.auth.schemas import UserOut, UserUpdateIn
from designcore.app.http.dependencies import Limiter
from designcore.app.services.auth import UserChanges


class UserController(Controller):
    """The signed-in user changing itself."""

    path = "/user"

    @put("/", operation_id="updateUser", sync_to_thread=True)
    def update_user(
        self,
        request: Request[Any, Any, Any],
        auth: Auth,
        limiter: Limiter,
        caller: SignedIn,
        data: JSONBody[UserUpdateIn],
        redirect_to: RedirectTo = None,
    ) -> UserOut:
        """Change the password, the metadata, or (through a mailed link) the address."""
        if data.email is not None:  # a new address is mailed a confirmation link
            limit(limiter, request, "resend", caller.user_id)
        changes = UserChanges(
            email=data.email, password=data.password, nonce=data.nonce, data=data.data
        )
        view = auth.users.update_user(caller, changes, link_options(redirect_to, data))
        return UserOut.of(view)

"""The ``Authenticator`` port over the auth service: access token → viewer (profile)."""

from __future__ import annotations

from collections.abc import Callable

from designcore.app.services.auth.service import AuthService
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.premium import ANONYMOUS, Viewer
from designcore.ports.accounts import AccountsUnitOfWork


class AccountsAuthenticator:
    """Who a request's access token signs in, as premium gating and role checks see it."""

    def __init__(self, auth: AuthService, accounts: Callable[[], AccountsUnitOfWork]) -> None:
        self._auth = auth
        self._accounts = accounts

    def viewer_for(self, access_token: str | None) -> Viewer:
        """The signed-in viewer, or the anonymous one without a token; an invalid token or
        an ended session is ``NotAllowed`` (``invalid_token``)."""
        if access_token is None:
            return ANONYMOUS
        try:
            caller = self._auth.sessions.authenticate(access_token)
        except (NotAllowed, NotFound) as refused:
            raise NotAllowed(refused.message, code="invalid_token") from refused
        with self._accounts() as uow:
            return uow.profiles.get(caller.user_id).viewer()

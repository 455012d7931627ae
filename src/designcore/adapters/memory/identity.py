"""An authenticator backed by a dict of tokens (tests, and the app until accounts exist)."""

from __future__ import annotations

from collections.abc import Mapping

from designcore.domain.errors import NotAllowed
from designcore.domain.premium import ANONYMOUS, Viewer


class StaticAuthenticator:
    """Knows a fixed set of tokens; every other token is refused."""

    def __init__(self, tokens: Mapping[str, Viewer] | None = None) -> None:
        self._tokens = dict(tokens or {})

    def viewer_for(self, access_token: str | None) -> Viewer:
        """The viewer of a known token."""
        if access_token is None:
            return ANONYMOUS
        try:
            return self._tokens[access_token]
        except KeyError:
            raise NotAllowed("invalid or expired access token", code="invalid_token") from None

"""The identity port: who a request comes from."""

from __future__ import annotations

from typing import Protocol

from designcore.domain.premium import Viewer


class Authenticator(Protocol):
    """Turns a bearer access token into a viewer."""

    def viewer_for(self, access_token: str | None) -> Viewer:
        """The viewer the token belongs to; the anonymous viewer for ``None``.

        Raises ``NotAllowed`` (code ``invalid_token``) for a token it cannot accept.
        """
        ...

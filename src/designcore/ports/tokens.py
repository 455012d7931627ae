"""The access-token port: signing keys, JWT issue and verification, the JWKS."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol


class TokenSigner(Protocol):
    """Issues and verifies access tokens signed with an asymmetric key (ES256, with ``kid``).

    Keys rotate: a new key is published in the JWKS before it signs, and tokens signed by a
    retired key stay verifiable until they expire.
    """

    def sign(self, claims: Mapping[str, Any]) -> str:
        """A compact JWT of ``claims`` signed by the current key, with ``kid`` in its header."""
        ...

    def verify(self, token: str, *, audience: str, now: datetime) -> dict[str, Any]:
        """The claims of a valid token.

        Raises ``NotAllowed`` (code ``bad_jwt``) for a malformed, forged, expired,
        wrong-audience, ``alg=none`` or unknown-``kid`` token.
        """
        ...

    def jwks(self) -> dict[str, Any]:
        """The public keys, as ``{"keys": [JWK, ...]}``: the signing key, any key about to
        sign, and retired keys still needed to verify live tokens."""
        ...

"""OpenID Connect providers over httpx."""

from designcore.adapters.oidc.google import (
    GOOGLE_AUTHORIZATION_ENDPOINT,
    GOOGLE_ISSUER,
    GOOGLE_JWKS_URI,
    GOOGLE_TOKEN_ENDPOINT,
    GoogleOpenIdProvider,
)

__all__ = [
    "GOOGLE_AUTHORIZATION_ENDPOINT",
    "GOOGLE_ISSUER",
    "GOOGLE_JWKS_URI",
    "GOOGLE_TOKEN_ENDPOINT",
    "GoogleOpenIdProvider",
]

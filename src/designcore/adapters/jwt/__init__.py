"""Access tokens as ES256 JWTs with rotating keys and a JWKS (pyjwt, cryptography)."""

from designcore.adapters.jwt.signer import (
    JwtTokenSigner,
    generate_signing_key,
    jwk_thumbprint,
    reseal_signing_keys,
)

__all__ = ["JwtTokenSigner", "generate_signing_key", "jwk_thumbprint", "reseal_signing_keys"]

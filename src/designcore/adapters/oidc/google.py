"""Google sign-in (OpenID Connect, authorization code with PKCE) over an injected httpx client.

The ID token from the token endpoint is verified here, not trusted for having come over TLS:
RS256 against the provider's JWKS, ``iss``, ``aud`` (our client id) and ``exp``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

import attrs
import httpx
import jwt

from designcore.domain.accounts import CodeChallengeMethod, ProviderUser
from designcore.domain.errors import NotAllowed, Unavailable

GOOGLE_AUTHORIZATION_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth"
GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token"
GOOGLE_JWKS_URI = "https://www.googleapis.com/oauth2/v3/certs"
GOOGLE_ISSUER = "https://accounts.google.com"

_CLOCK_SKEW_SECONDS = 60


class GoogleOpenIdProvider:
    """The ``OpenIdProvider`` port for Google (or any provider with the same endpoints)."""

    provider = "google"

    def __init__(
        self,
        http: httpx.Client,
        *,
        client_id: str,
        client_secret: str,
        authorization_endpoint: str = GOOGLE_AUTHORIZATION_ENDPOINT,
        token_endpoint: str = GOOGLE_TOKEN_ENDPOINT,
        jwks_uri: str = GOOGLE_JWKS_URI,
        issuer: str = GOOGLE_ISSUER,
    ) -> None:
        self._http = http
        self._client_id = client_id
        self._client_secret = client_secret
        self._authorization_endpoint = authorization_endpoint
        self._token_endpoint = token_endpoint
        self._jwks_uri = jwks_uri
        # Google's ID tokens name the issuer with or without the scheme.
        self._issuers = [issuer]
        if issuer.startswith("https://"):
            self._issuers.append(issuer.removeprefix("https://"))
        self._keys: dict[str, jwt.PyJWK] = {}
        self._lock = threading.Lock()

    def authorization_url(
        self,
        *,
        state: str,
        code_challenge: str,
        code_challenge_method: CodeChallengeMethod,
        redirect_uri: str,
        scopes: Sequence[str],
    ) -> str:
        """The consent page: code flow, offline access, forced consent, PKCE."""
        query = urlencode(
            {
                "client_id": self._client_id,
                "redirect_uri": redirect_uri,
                "response_type": "code",
                "scope": " ".join(scopes),
                "state": state,
                "code_challenge": code_challenge,
                "code_challenge_method": "S256" if code_challenge_method == "s256" else "plain",
                "access_type": "offline",
                "prompt": "consent",
            }
        )
        separator = "&" if "?" in self._authorization_endpoint else "?"
        return f"{self._authorization_endpoint}{separator}{query}"

    def exchange_code(self, *, code: str, code_verifier: str, redirect_uri: str) -> ProviderUser:
        """Redeem the code (client_secret_post) and verify the ID token that comes back."""
        answer = self._call(
            "POST",
            self._token_endpoint,
            data={
                "grant_type": "authorization_code",
                "code": code,
                "code_verifier": code_verifier,
                "redirect_uri": redirect_uri,
                "client_id": self._client_id,
                "client_secret": self._client_secret,
            },
        )
        if answer.status_code != 200:
            raise NotAllowed(
                f"the provider refused the code: {_error_of(answer)}", code="bad_oauth_code"
            )
        tokens = _json(answer)
        id_token = tokens.get("id_token")
        if not isinstance(id_token, str):
            raise NotAllowed("the provider answered without an ID token", code="bad_id_token")
        return attrs.evolve(
            self._verify(id_token),
            access_token=_text(tokens.get("access_token")),
            refresh_token=_text(tokens.get("refresh_token")),
        )

    def _verify(self, id_token: str) -> ProviderUser:
        try:
            header = jwt.get_unverified_header(id_token)
        except jwt.PyJWTError as error:
            raise NotAllowed(f"malformed ID token: {error}", code="bad_id_token") from error
        if header.get("alg") != "RS256":
            raise NotAllowed("ID token must be signed with RS256", code="bad_id_token")
        key = self._key(str(header.get("kid", "")))
        try:
            claims: dict[str, Any] = jwt.decode(
                id_token,
                key,
                algorithms=["RS256"],
                audience=self._client_id,
                issuer=self._issuers,
                leeway=_CLOCK_SKEW_SECONDS,
                options={"require": ["iss", "aud", "exp", "iat", "sub"]},
            )
        except jwt.PyJWTError as error:
            raise NotAllowed(f"invalid ID token: {error}", code="bad_id_token") from error
        email = claims.get("email")
        return ProviderUser(
            provider=self.provider,
            subject=str(claims["sub"]),
            email=email if isinstance(email, str) and email else None,
            email_verified=claims.get("email_verified") in (True, "true"),
            name=_text(claims.get("name")),
            avatar_url=_text(claims.get("picture")),
        )

    def _key(self, kid: str) -> jwt.PyJWK:
        """The signing key ``kid``; the key set is fetched again when it is unknown (rotation)."""
        with self._lock:
            if kid in self._keys:
                return self._keys[kid]
        answer = self._call("GET", self._jwks_uri)
        if answer.status_code != 200:
            raise Unavailable(f"the provider's keys answered {answer.status_code}")
        keys: dict[str, jwt.PyJWK] = {}
        for entry in _json(answer).get("keys", []):
            if not isinstance(entry, dict) or entry.get("kty") != "RSA":
                continue
            try:
                keys[str(entry.get("kid", ""))] = jwt.PyJWK(entry, algorithm="RS256")
            except jwt.PyJWTError:
                continue
        with self._lock:
            self._keys = keys
        if kid not in keys:
            raise NotAllowed("ID token signed with an unknown key", code="bad_id_token")
        return keys[kid]

    def _call(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        try:
            answer = self._http.request(method, url, **kwargs)
        except httpx.HTTPError as error:
            raise Unavailable(f"the provider could not be reached: {error}") from error
        if answer.status_code >= 500:
            raise Unavailable(f"the provider answered {answer.status_code}")
        return answer


def _json(answer: httpx.Response) -> dict[str, Any]:
    try:
        data = answer.json()
    except ValueError as error:
        raise Unavailable("the provider answered something other than JSON") from error
    if not isinstance(data, dict):
        raise Unavailable("the provider answered something other than a JSON object")
    return data


def _error_of(answer: httpx.Response) -> str:
    try:
        data = answer.json()
    except ValueError:
        return f"HTTP {answer.status_code}"
    if isinstance(data, dict) and "error" in data:
        return str(data["error"])
    return f"HTTP {answer.status_code}"


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None

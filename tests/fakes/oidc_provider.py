"""A small OpenID provider for tests, served to httpx through ``httpx.MockTransport``.

Behavioural, not a mock: ``/authorize`` signs in whoever ``sign_in_as`` named and issues a
code bound to the PKCE challenge, client and redirect URI; ``/token`` checks the client secret,
the redirect URI and the code verifier, redeems each code once and answers an RS256 ID token
signed with its own key; ``/jwks`` publishes that key. Switches make it misbehave the way real
providers can: server errors, ID tokens for another audience, tampered ID tokens.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

ISSUER = "https://accounts.fake.test"
CLIENT_ID = "designcore-test.apps.fake.test"
CLIENT_SECRET = "fake-client-secret"


def _challenge(verifier: str, method: str) -> str:
    if method == "plain":
        return verifier
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


class FakeOpenIdProvider:
    """An OpenID provider in memory; ``client()`` is an httpx client that reaches it."""

    def __init__(self, *, client_id: str = CLIENT_ID, client_secret: str = CLIENT_SECRET) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self.issuer = ISSUER
        self.authorization_endpoint = f"{ISSUER}/authorize"
        self.token_endpoint = f"{ISSUER}/token"
        self.jwks_uri = f"{ISSUER}/jwks"
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self._kid = secrets.token_hex(4)
        self._codes: dict[str, dict[str, Any]] = {}
        self.issued_tokens: list[dict[str, str]] = []
        """The provider tokens each code exchange answered, in order."""
        self._user: dict[str, Any] = {
            "sub": "100000000000000000001",
            "email": "ada@example.com",
            "email_verified": True,
            "name": "Ada Obi",
            "picture": "https://pictures.fake.test/ada.png",
        }
        self.fail_with: int | None = None
        """Answer every request with this status (e.g. 500)."""
        self.id_token_audience: str | None = None
        """Issue ID tokens for this audience instead of the client id."""
        self.tamper_id_tokens = False
        """Change the payload of ID tokens after signing them."""
        self.authorize_requests: list[dict[str, str]] = []
        """The query of every ``/authorize`` request, in order."""

    def sign_in_as(self, **claims: Any) -> None:
        """Who the next ``/authorize`` signs in (claims replace the defaults one by one)."""
        self._user = {**self._user, **claims}

    def client(self) -> httpx.Client:
        """An httpx client whose requests this provider answers."""
        return httpx.Client(transport=httpx.MockTransport(self.handle))

    def handle(self, request: httpx.Request) -> httpx.Response:
        """Answer one HTTP request."""
        if self.fail_with is not None:
            return httpx.Response(self.fail_with, json={"error": "server_error"})
        path = request.url.path
        if request.method == "GET" and path == "/authorize":
            return self._authorize(dict(request.url.params.items()))
        if request.method == "POST" and path == "/token":
            form = {k: v[0] for k, v in parse_qs(request.content.decode()).items()}
            return self._token(form)
        if request.method == "GET" and path == "/jwks":
            return httpx.Response(200, json={"keys": [self._public_jwk()]})
        return httpx.Response(404, json={"error": "not_found"})

    def _authorize(self, query: dict[str, str]) -> httpx.Response:
        self.authorize_requests.append(query)
        redirect_uri = query.get("redirect_uri", "")
        if query.get("client_id") != self.client_id or not urlsplit(redirect_uri).scheme:
            return httpx.Response(400, json={"error": "invalid_request"})
        if query.get("response_type") != "code" or "openid" not in query.get("scope", "").split():
            return httpx.Response(400, json={"error": "invalid_request"})
        method = query.get("code_challenge_method", "plain")
        if not query.get("code_challenge") or method not in {"S256", "plain"}:
            return httpx.Response(400, json={"error": "invalid_request"})
        code = secrets.token_urlsafe(16)
        self._codes[code] = {
            "challenge": query["code_challenge"],
            "method": "plain" if method == "plain" else "s256",
            "redirect_uri": redirect_uri,
            "user": dict(self._user),
            "used": False,
        }
        target = f"{redirect_uri}?{urlencode({'code': code, 'state': query.get('state', '')})}"
        return httpx.Response(302, headers={"Location": target})

    def _token(self, form: dict[str, str]) -> httpx.Response:
        if form.get("client_id") != self.client_id or form.get("client_secret") != (
            self.client_secret
        ):
            return httpx.Response(401, json={"error": "invalid_client"})
        if form.get("grant_type") != "authorization_code":
            return httpx.Response(400, json={"error": "unsupported_grant_type"})
        grant = self._codes.get(form.get("code", ""))
        if grant is None or grant["used"]:
            return httpx.Response(400, json={"error": "invalid_grant"})
        grant["used"] = True
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return httpx.Response(400, json={"error": "invalid_grant"})
        verifier = form.get("code_verifier", "")
        if not verifier or _challenge(verifier, grant["method"]) != grant["challenge"]:
            return httpx.Response(400, json={"error": "invalid_grant"})
        tokens = {
            "access_token": secrets.token_urlsafe(24),
            "refresh_token": secrets.token_urlsafe(24),
        }
        self.issued_tokens.append(tokens)
        return httpx.Response(
            200,
            json={
                **tokens,
                "expires_in": 3599,
                "token_type": "Bearer",
                "scope": "openid email profile",
                "id_token": self._id_token(grant["user"]),
            },
        )

    def _id_token(self, user: dict[str, Any]) -> str:
        now = int(time.time())
        claims = {
            "iss": self.issuer,
            "aud": self.id_token_audience or self.client_id,
            "azp": self.client_id,
            "iat": now,
            "exp": now + 3600,
            **user,
        }
        token = jwt.encode(claims, self._key, algorithm="RS256", headers={"kid": self._kid})
        if not self.tamper_id_tokens:
            return token
        header, payload, signature = token.split(".")
        changed = {**claims, "email": "mallory@example.com"}
        forged = base64.urlsafe_b64encode(json.dumps(changed).encode()).rstrip(b"=").decode()
        assert forged != payload
        return f"{header}.{forged}.{signature}"

    def _public_jwk(self) -> dict[str, Any]:
        jwk: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self._key.public_key()))
        return {**jwk, "kid": self._kid, "alg": "RS256", "use": "sig"}

"""A behavioural, in-process fake of the auth service (Supabase Auth API) for the client's tests,
and the tests that keep the fake honest.

The fake keeps users, sessions, rotating refresh tokens, factors and challenges; it signs ES256
access tokens with a ``kid`` and publishes the JWKS, detects refresh-token reuse (and then
revokes the session, as the real service does), and checks TOTP codes with ``pyotp`` against its
clock. It runs behind ``httpx.MockTransport``, so the client under test sends real HTTP requests
and only the ``base_url`` would change to reach the real server. ``fail_next`` makes chosen
routes fail (5xx or no answer) to exercise retries.
"""

from __future__ import annotations

import itertools
import json
import secrets
import uuid
from collections import deque
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import attrs
import httpx
import jwt
import pyotp
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

API_KEY = "anon-test-key"
"""The public key the fake expects in ``apikey``."""
BASE_URL = "http://auth.designcore.test/auth/v1"
"""Where the fake pretends to live."""
PREFIX = "/auth/v1"
"""The path the service is mounted at."""
EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
"""When every test starts."""
ACCESS_TOKEN_LIFETIME = 3600
"""Seconds an access token lives (the service's default)."""

_SIGNING_KEY = ec.generate_private_key(ec.SECP256R1())
_KID = "fake-es256-1"
_PUBLIC_JWK = {
    **jwt.algorithms.ECAlgorithm.to_jwk(_SIGNING_KEY.public_key(), as_dict=True),
    "kid": _KID,
    "alg": "ES256",
    "use": "sig",
}


@attrs.define
class FakeTime:
    """A clock and a sleep that moves it: tests never really wait."""

    current: datetime = EPOCH
    sleeps: list[float] = attrs.field(factory=list)

    def now(self) -> datetime:
        """The fake time."""
        return self.current

    def advance(self, seconds: float) -> None:
        """Move the clock forward."""
        self.current += timedelta(seconds=seconds)

    def sleep(self, seconds: float) -> None:
        """Record the wait and move the clock by it."""
        self.sleeps.append(seconds)
        self.advance(seconds)


@attrs.define
class FakeFactor:
    id: str
    factor_type: str
    friendly_name: str | None
    status: str = "unverified"
    secret: str = ""
    phone: str = ""
    created_at: datetime = EPOCH
    updated_at: datetime = EPOCH


@attrs.define
class FakeUser:
    id: str
    email: str
    password: str
    created_at: datetime
    updated_at: datetime
    email_confirmed_at: datetime | None = None
    last_sign_in_at: datetime | None = None
    phone: str = ""
    user_metadata: dict[str, Any] = attrs.field(factory=dict)
    factors: dict[str, FakeFactor] = attrs.field(factory=dict)


@attrs.define
class FakeSession:
    id: str
    user_id: str
    aal: str = "aal1"
    amr: list[dict[str, Any]] = attrs.field(factory=list)
    refresh_token: str = ""
    used_refresh_tokens: set[str] = attrs.field(factory=set)


@attrs.define
class FakeChallenge:
    id: str
    factor_id: str
    expires_at: datetime
    code: str | None = None


@attrs.frozen
class RecordedRequest:
    """One request the fake received."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: dict[str, Any] | None

    @property
    def bearer(self) -> str | None:
        """The access token it carried."""
        value = self.headers.get("authorization", "")
        return value.removeprefix("Bearer ") if value.startswith("Bearer ") else None

    @property
    def tokens(self) -> set[str]:
        """Every token it carried: the bearer and any refresh token in the body."""
        found = {self.bearer} if self.bearer else set()
        if self.body and isinstance(self.body.get("refresh_token"), str):
            found.add(self.body["refresh_token"])
        return found


class _Reject(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra


class FakeAuthApi:
    """The auth service, in memory, behind an ``httpx.MockTransport``."""

    def __init__(self, time: FakeTime, *, autoconfirm: bool = True, api_key: str = API_KEY) -> None:
        self.time = time
        self.autoconfirm = autoconfirm
        self.api_key = api_key
        self.users: dict[str, FakeUser] = {}
        self.sessions: dict[str, FakeSession] = {}
        self.challenges: dict[str, FakeChallenge] = {}
        self.requests: list[RecordedRequest] = []
        self.outbox: list[tuple[str, str]] = []
        self.issued_tokens: list[str] = []
        self._refresh_index: dict[str, str] = {}
        self._failures: dict[str, deque[Callable[[httpx.Request], httpx.Response]]] = {}
        self._codes = itertools.count(100000)

    # --- test controls -------------------------------------------------------------------------

    @property
    def transport(self) -> httpx.MockTransport:
        """The transport to hand an ``httpx.Client``."""
        return httpx.MockTransport(self._handle)

    def http(self, base_url: str = BASE_URL) -> httpx.Client:
        """An ``httpx.Client`` talking to the fake."""
        return httpx.Client(base_url=base_url, transport=self.transport)

    def create_user(self, email: str, password: str, *, confirmed: bool = True) -> str:
        """A user who can sign in; answers the id."""
        now = self.time.now()
        user = FakeUser(
            id=str(uuid.uuid4()),
            email=email,
            password=password,
            created_at=now,
            updated_at=now,
            email_confirmed_at=now if confirmed else None,
        )
        self.users[user.id] = user
        return user.id

    def user_by_email(self, email: str) -> FakeUser:
        """The user with ``email``."""
        return next(user for user in self.users.values() if user.email == email)

    def fail_next(
        self, route: str, times: int = 1, *, status: int = 503, network: bool = False
    ) -> None:
        """Make the next ``times`` requests to ``route`` fail with ``status`` (or with no answer
        at all). ``route`` is a path (``/user``) or ``/token?grant_type=<grant>``."""
        queue = self._failures.setdefault(route, deque())
        for _ in range(times):
            if network:
                queue.append(_network_failure)
            else:
                queue.append(_status_failure(status))

    def clear_failures(self) -> None:
        """Forget failures not yet used."""
        self._failures.clear()

    def revoke_sessions(self, user_id: str) -> None:
        """End every session of the user, as a sign-out elsewhere or an admin would."""
        for session in [s for s in self.sessions.values() if s.user_id == user_id]:
            self._end_session(session.id)

    def redirect_fragment(
        self, email: str, *, link_type: str = "magiclink", issued_ago: int = 0
    ) -> str:
        """The fragment of a sign-in link the user followed (implicit flow), for a session
        issued ``issued_ago`` seconds ago."""
        user = self.user_by_email(email)
        session = self._new_session(user, method="otp")
        issued = self._tokens(
            session, user, issued_at=self.time.now() - timedelta(seconds=issued_ago)
        )
        return "#" + urlencode(
            {
                "access_token": issued["access_token"],
                "expires_at": issued["expires_at"],
                "expires_in": issued["expires_in"],
                "refresh_token": issued["refresh_token"],
                "token_type": "bearer",
                "type": link_type,
            }
        )

    def totp_code(self, secret: str) -> str:
        """The code an authenticator app would show now."""
        return pyotp.TOTP(secret).at(self.time.now())

    def requests_to(self, path: str) -> list[RecordedRequest]:
        """The requests received on ``path``."""
        return [r for r in self.requests if r.path == path]

    # --- the HTTP side -------------------------------------------------------------------------

    def _handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path.removeprefix(PREFIX) or "/"
        body = _json_body(request)
        query = dict(request.url.params)
        self.requests.append(
            RecordedRequest(
                method=request.method,
                path=path,
                query=query,
                headers={k.lower(): v for k, v in request.headers.items()},
                body=body,
            )
        )
        route = f"/token?grant_type={query.get('grant_type')}" if path == "/token" else path
        queue = self._failures.get(route)
        if queue:
            return queue.popleft()(request)
        try:
            if request.headers.get("apikey") != self.api_key:
                raise _Reject(401, "no_api_key", "No API key found in request")
            status, answer = self._route(request.method, path, query, body or {}, request)
        except _Reject as rejected:
            return self._error(request, rejected)
        if status == 204:
            return httpx.Response(204, headers=_version_header())
        return httpx.Response(status, json=answer, headers=_version_header())

    def _route(
        self,
        method: str,
        path: str,
        query: dict[str, str],
        body: dict[str, Any],
        request: httpx.Request,
    ) -> tuple[int, Any]:
        parts = path.strip("/").split("/")
        if (method, path) == ("POST", "/signup"):
            return self._signup(body)
        if (method, path) == ("POST", "/token"):
            grant = query.get("grant_type")
            if grant == "password":
                return self._password_grant(body)
            if grant == "refresh_token":
                return self._refresh_grant(body)
            raise _Reject(400, "validation_failed", f"unsupported grant_type {grant!r}")
        if (method, path) == ("POST", "/recover"):
            self.outbox.append(("recovery", str(body.get("email"))))
            return 200, {}
        if (method, path) == ("POST", "/resend"):
            self.outbox.append((str(body.get("type")), str(body.get("email") or body.get("phone"))))
            return 200, {"message_id": "msg-1"} if body.get("phone") else {}
        if (method, path) == ("GET", "/.well-known/jwks.json"):
            return 200, {"keys": [_PUBLIC_JWK]}
        user, session = self._authenticate(request)
        if (method, path) == ("GET", "/user"):
            return 200, self._user_json(user)
        if (method, path) == ("PUT", "/user"):
            return self._update_user(user, body)
        if (method, path) == ("GET", "/reauthenticate"):
            self.outbox.append(("reauthentication", user.email))
            return 200, {}
        if (method, path) == ("POST", "/logout"):
            return self._logout(user, session, query.get("scope", "global"))
        if parts[0] == "factors":
            return self._factors(method, parts[1:], user, session, body)
        raise _Reject(404, "not_found", f"no route {method} {path}")

    def _error(self, request: httpx.Request, rejected: _Reject) -> httpx.Response:
        # API version 2024-01-01 puts the error code in "code"; older clients get the status
        # there and the code in "error_code".
        if request.headers.get("X-Supabase-Api-Version") == "2024-01-01":
            payload: dict[str, Any] = {"code": rejected.code, "message": rejected.message}
        else:
            payload = {
                "code": rejected.status,
                "error_code": rejected.code,
                "msg": rejected.message,
            }
        payload.update(rejected.extra)
        return httpx.Response(rejected.status, json=payload, headers=_version_header())

    # --- behaviour -----------------------------------------------------------------------------

    def _signup(self, body: dict[str, Any]) -> tuple[int, Any]:
        email, password = str(body.get("email", "")), str(body.get("password", ""))
        if any(user.email == email for user in self.users.values()):
            raise _Reject(422, "user_already_exists", "User already registered")
        if len(password) < 6:
            raise _Reject(
                422,
                "weak_password",
                "Password should be at least 6 characters.",
                weak_password={"reasons": ["length"]},
            )
        user_id = self.create_user(email, password, confirmed=self.autoconfirm)
        user = self.users[user_id]
        user.user_metadata = dict(body.get("data") or {})
        if not self.autoconfirm:
            self.outbox.append(("signup", email))
            return 200, self._user_json(user)
        user.last_sign_in_at = self.time.now()
        return 200, self._tokens(self._new_session(user, method="password"), user)

    def _password_grant(self, body: dict[str, Any]) -> tuple[int, Any]:
        email, password = body.get("email"), body.get("password")
        user = next((u for u in self.users.values() if u.email == email), None)
        if user is None or user.password != password:
            raise _Reject(400, "invalid_credentials", "Invalid login credentials")
        if user.email_confirmed_at is None:
            raise _Reject(400, "email_not_confirmed", "Email not confirmed")
        user.last_sign_in_at = self.time.now()
        return 200, self._tokens(self._new_session(user, method="password"), user)

    def _refresh_grant(self, body: dict[str, Any]) -> tuple[int, Any]:
        token = str(body.get("refresh_token") or "")
        session_id = self._refresh_index.get(token)
        session = self.sessions.get(session_id) if session_id else None
        if session is None:
            raise _Reject(
                400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"
            )
        if token in session.used_refresh_tokens:
            # Reuse of a rotated token: someone else holds it, so the whole session goes.
            self._end_session(session.id)
            raise _Reject(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
        user = self.users.get(session.user_id)
        if user is None:
            raise _Reject(
                400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"
            )
        session.used_refresh_tokens.add(token)
        return 200, self._tokens(session, user)

    def _update_user(self, user: FakeUser, body: dict[str, Any]) -> tuple[int, Any]:
        if "email" in body:
            user.email = str(body["email"])
        if "password" in body:
            if len(str(body["password"])) < 6:
                raise _Reject(
                    422,
                    "weak_password",
                    "Password should be at least 6 characters.",
                    weak_password={"reasons": ["length"]},
                )
            user.password = str(body["password"])
        if "phone" in body:
            user.phone = str(body["phone"])
        if isinstance(body.get("data"), dict):
            user.user_metadata.update(body["data"])
        user.updated_at = self.time.now()
        return 200, self._user_json(user)

    def _logout(self, user: FakeUser, session: FakeSession, scope: str) -> tuple[int, Any]:
        if scope not in ("global", "local", "others"):
            raise _Reject(400, "validation_failed", "Unsupported logout scope")
        for other in [s for s in self.sessions.values() if s.user_id == user.id]:
            if scope == "global" or (scope == "local") == (other.id == session.id):
                self._end_session(other.id)
        return 204, None

    def _factors(
        self,
        method: str,
        rest: list[str],
        user: FakeUser,
        session: FakeSession,
        body: dict[str, Any],
    ) -> tuple[int, Any]:
        now = self.time.now()
        if method == "POST" and not rest:
            kind = body.get("factor_type")
            if kind not in ("totp", "phone"):
                raise _Reject(422, "validation_failed", "factor_type must be totp or phone")
            enrolled = FakeFactor(
                id=str(uuid.uuid4()),
                factor_type=kind,
                friendly_name=body.get("friendly_name"),
                created_at=now,
                updated_at=now,
            )
            user.factors[enrolled.id] = enrolled
            if kind == "phone":
                enrolled.phone = str(body.get("phone") or "")
                return 200, {
                    "id": enrolled.id,
                    "type": "phone",
                    "friendly_name": enrolled.friendly_name,
                    "phone": enrolled.phone,
                }
            enrolled.secret = pyotp.random_base32()
            uri = pyotp.TOTP(enrolled.secret).provisioning_uri(
                name=user.email, issuer_name=body.get("issuer") or "designcore"
            )
            return 200, {
                "id": enrolled.id,
                "type": "totp",
                "friendly_name": enrolled.friendly_name,
                "totp": {"qr_code": "<svg></svg>", "secret": enrolled.secret, "uri": uri},
            }
        factor = user.factors.get(rest[0]) if rest else None
        if factor is None:
            raise _Reject(404, "mfa_factor_not_found", "Factor not found")
        if method == "DELETE" and len(rest) == 1:
            if factor.status == "verified" and session.aal != "aal2":
                raise _Reject(422, "insufficient_aal", "AAL2 required to unenroll verified factor")
            del user.factors[factor.id]
            return 200, {"id": factor.id}
        if method == "POST" and rest[1:] == ["challenge"]:
            issued = FakeChallenge(
                id=str(uuid.uuid4()), factor_id=factor.id, expires_at=now + timedelta(minutes=5)
            )
            if factor.factor_type == "phone":
                issued.code = str(next(self._codes))
                self.outbox.append(("sms", issued.code))
            self.challenges[issued.id] = issued
            return 200, {
                "id": issued.id,
                "type": factor.factor_type,
                "expires_at": int(issued.expires_at.timestamp()),
            }
        if method == "POST" and rest[1:] == ["verify"]:
            challenge = self.challenges.get(str(body.get("challenge_id")))
            if challenge is None or challenge.factor_id != factor.id:
                raise _Reject(404, "mfa_challenge_not_found", "Challenge not found")
            if now >= challenge.expires_at:
                raise _Reject(422, "mfa_challenge_expired", "MFA challenge has expired")
            code = str(body.get("code") or "")
            valid = (
                pyotp.TOTP(factor.secret).verify(code, for_time=now)
                if factor.factor_type == "totp"
                else code == challenge.code
            )
            if not valid:
                raise _Reject(422, "mfa_verification_failed", "Invalid TOTP code entered")
            del self.challenges[challenge.id]
            factor.status, factor.updated_at = "verified", now
            session.aal = "aal2"
            session.amr = [
                {"method": factor.factor_type, "timestamp": int(now.timestamp())},
                *(e for e in session.amr if e["method"] != factor.factor_type),
            ]
            if session.refresh_token:
                session.used_refresh_tokens.add(session.refresh_token)
            return 200, self._tokens(session, user)
        raise _Reject(404, "not_found", "no such factor route")

    # --- tokens --------------------------------------------------------------------------------

    def _authenticate(self, request: httpx.Request) -> tuple[FakeUser, FakeSession]:
        header = request.headers.get("authorization", "")
        if not header.startswith("Bearer "):
            raise _Reject(401, "no_authorization", "This endpoint requires a Bearer token")
        try:
            claims = jwt.decode(
                header.removeprefix("Bearer "),
                _SIGNING_KEY.public_key(),
                algorithms=["ES256"],
                audience="authenticated",
                options={"verify_exp": False},
            )
        except jwt.PyJWTError as exc:
            raise _Reject(
                403, "bad_jwt", f"invalid JWT: unable to parse or verify signature, {exc}"
            ) from exc
        if claims["exp"] <= self.time.now().timestamp():
            raise _Reject(403, "bad_jwt", "invalid JWT: token is expired")
        session = self.sessions.get(claims.get("session_id", ""))
        if session is None:
            raise _Reject(
                403, "session_not_found", "Session from session_id claim in JWT does not exist"
            )
        user = self.users.get(claims["sub"])
        if user is None:
            raise _Reject(403, "user_not_found", "User from sub claim in JWT does not exist")
        return user, session

    def _new_session(self, user: FakeUser, *, method: str) -> FakeSession:
        session = FakeSession(
            id=str(uuid.uuid4()),
            user_id=user.id,
            amr=[{"method": method, "timestamp": int(self.time.now().timestamp())}],
        )
        self.sessions[session.id] = session
        return session

    def _end_session(self, session_id: str) -> None:
        session = self.sessions.pop(session_id, None)
        if session is None:
            return
        for token in [t for t, s in self._refresh_index.items() if s == session_id]:
            del self._refresh_index[token]

    def _tokens(
        self, session: FakeSession, user: FakeUser, *, issued_at: datetime | None = None
    ) -> dict[str, Any]:
        issued = issued_at or self.time.now()
        expires_at = int(issued.timestamp()) + ACCESS_TOKEN_LIFETIME
        access_token = jwt.encode(
            {
                "sub": user.id,
                "aud": "authenticated",
                "role": "authenticated",
                "email": user.email,
                "iat": int(issued.timestamp()),
                "exp": expires_at,
                "session_id": session.id,
                "aal": session.aal,
                "amr": list(session.amr),
                "is_anonymous": False,
            },
            _SIGNING_KEY,
            algorithm="ES256",
            headers={"kid": _KID},
        )
        refresh_token = secrets.token_urlsafe(9)
        session.refresh_token = refresh_token
        self._refresh_index[refresh_token] = session.id
        self.issued_tokens += [access_token, refresh_token]
        return {
            "access_token": access_token,
            "token_type": "bearer",
            "expires_in": ACCESS_TOKEN_LIFETIME,
            "expires_at": expires_at,
            "refresh_token": refresh_token,
            "user": self._user_json(user),
        }

    def _user_json(self, user: FakeUser) -> dict[str, Any]:
        def iso(value: datetime | None) -> str | None:
            return value.isoformat().replace("+00:00", "Z") if value else None

        return {
            "id": user.id,
            "aud": "authenticated",
            "role": "authenticated",
            "email": user.email,
            "email_confirmed_at": iso(user.email_confirmed_at),
            "phone": user.phone,
            "app_metadata": {"provider": "email", "providers": ["email"]},
            "user_metadata": dict(user.user_metadata),
            "identities": [
                {
                    "identity_id": str(uuid.uuid5(uuid.NAMESPACE_URL, user.id)),
                    "id": user.id,
                    "user_id": user.id,
                    "identity_data": {"email": user.email, "sub": user.id},
                    "provider": "email",
                    "created_at": iso(user.created_at),
                    "last_sign_in_at": iso(user.last_sign_in_at),
                    "updated_at": iso(user.updated_at),
                }
            ],
            "factors": [
                {
                    "id": f.id,
                    "friendly_name": f.friendly_name,
                    "factor_type": f.factor_type,
                    "status": f.status,
                    "phone": f.phone,
                    "created_at": iso(f.created_at),
                    "updated_at": iso(f.updated_at),
                }
                for f in user.factors.values()
            ],
            "created_at": iso(user.created_at),
            "updated_at": iso(user.updated_at),
            "last_sign_in_at": iso(user.last_sign_in_at),
        }


def _json_body(request: httpx.Request) -> dict[str, Any] | None:
    if not request.content:
        return None
    loaded = json.loads(request.content)
    return loaded if isinstance(loaded, dict) else None


def _version_header() -> dict[str, str]:
    return {"X-Supabase-Api-Version": "2024-01-01"}


def _network_failure(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


def _status_failure(status: int) -> Callable[[httpx.Request], httpx.Response]:
    def fail(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            status, json={"code": "unexpected_failure", "message": "upstream failed"}
        )

    return fail


# --- tests of the fake -------------------------------------------------------------------------


@pytest.fixture(name="time")
def fixture_time() -> FakeTime:
    """A fake clock at the epoch."""
    return FakeTime()


@pytest.fixture(name="api")
def fixture_api(time: FakeTime) -> FakeAuthApi:
    """The fake service with one confirmed user."""
    api = FakeAuthApi(time)
    api.create_user("ada@example.com", "correct horse")
    return api


@pytest.fixture(name="http")
def fixture_http(api: FakeAuthApi) -> Iterator[httpx.Client]:
    """A raw HTTP client on the fake, with the headers the real client sends."""
    with httpx.Client(
        base_url=BASE_URL,
        transport=api.transport,
        headers={"apikey": API_KEY, "X-Supabase-Api-Version": "2024-01-01"},
    ) as client:
        yield client


def _sign_in(http: httpx.Client) -> dict[str, Any]:
    answer = http.post(
        "/token",
        params={"grant_type": "password"},
        json={"email": "ada@example.com", "password": "correct horse"},
    )
    assert 200 == answer.status_code
    data: dict[str, Any] = answer.json()
    return data


class TestFakeAuthApi:
    def test_password_grant_answers_a_session(self, http: httpx.Client) -> None:
        """A correct password buys a bearer session with an ES256 token whose claims name the
        user, the session and aal1."""
        session = _sign_in(http)
        claims = jwt.decode(
            session["access_token"],
            jwt.PyJWK(_PUBLIC_JWK).key,
            algorithms=["ES256"],
            audience="authenticated",
            options={"verify_exp": False},
        )
        assert ("bearer", "aal1") == (session["token_type"], claims["aal"])
        assert session["user"]["id"] == claims["sub"]

    def test_wrong_password_is_invalid_credentials(self, http: httpx.Client) -> None:
        """A wrong password is a 400 with code invalid_credentials."""
        answer = http.post(
            "/token",
            params={"grant_type": "password"},
            json={"email": "ada@example.com", "password": "nope"},
        )
        assert (400, "invalid_credentials") == (answer.status_code, answer.json()["code"])

    def test_refresh_rotates_and_detects_reuse(self, http: httpx.Client) -> None:
        """A refresh token works once; reusing it is refresh_token_already_used and ends the
        session, so the newer token stops working too."""
        first = _sign_in(http)
        second = http.post(
            "/token",
            params={"grant_type": "refresh_token"},
            json={"refresh_token": first["refresh_token"]},
        ).json()
        assert first["refresh_token"] != second["refresh_token"]
        reuse = http.post(
            "/token",
            params={"grant_type": "refresh_token"},
            json={"refresh_token": first["refresh_token"]},
        )
        assert (400, "refresh_token_already_used") == (reuse.status_code, reuse.json()["code"])
        after = http.post(
            "/token",
            params={"grant_type": "refresh_token"},
            json={"refresh_token": second["refresh_token"]},
        )
        assert "refresh_token_not_found" == after.json()["code"]

    def test_old_api_version_gets_error_code_field(self, api: FakeAuthApi) -> None:
        """Without the API-version header, errors carry the status in code and the code in
        error_code, as older servers answer."""
        with httpx.Client(base_url=BASE_URL, transport=api.transport) as http:
            answer = http.get("/user", headers={"apikey": API_KEY})
        assert {"code": 401, "error_code": "no_authorization"} == {
            k: answer.json()[k] for k in ("code", "error_code")
        }

    def test_expired_token_is_bad_jwt(self, http: httpx.Client, time: FakeTime) -> None:
        """An access token past its expiry is refused with bad_jwt."""
        session = _sign_in(http)
        time.advance(ACCESS_TOKEN_LIFETIME)
        answer = http.get("/user", headers={"Authorization": f"Bearer {session['access_token']}"})
        assert (403, "bad_jwt") == (answer.status_code, answer.json()["code"])

    def test_revoked_session_is_session_not_found(
        self, http: httpx.Client, api: FakeAuthApi
    ) -> None:
        """After the user's sessions are revoked, their token answers session_not_found."""
        session = _sign_in(http)
        api.revoke_sessions(session["user"]["id"])
        answer = http.get("/user", headers={"Authorization": f"Bearer {session['access_token']}"})
        assert (403, "session_not_found") == (answer.status_code, answer.json()["code"])

    def test_scripted_failures_come_first(self, http: httpx.Client, api: FakeAuthApi) -> None:
        """fail_next makes exactly the next requests to a route fail, then it behaves."""
        api.fail_next("/.well-known/jwks.json", 2, status=502)
        statuses = [http.get("/.well-known/jwks.json").status_code for _ in range(3)]
        assert [502, 502, 200] == statuses

    def test_totp_verify_raises_session_to_aal2(self, http: httpx.Client, api: FakeAuthApi) -> None:
        """Enrolling a TOTP factor and verifying a code answers an aal2 session."""
        session = _sign_in(http)
        auth = {"Authorization": f"Bearer {session['access_token']}"}
        factor = http.post("/factors", json={"factor_type": "totp"}, headers=auth).json()
        challenge = http.post(f"/factors/{factor['id']}/challenge", json={}, headers=auth).json()
        verified = http.post(
            f"/factors/{factor['id']}/verify",
            json={"challenge_id": challenge["id"], "code": api.totp_code(factor["totp"]["secret"])},
            headers=auth,
        ).json()
        claims = jwt.decode(verified["access_token"], options={"verify_signature": False})
        assert "aal2" == claims["aal"]
        assert ["verified"] == [f["status"] for f in verified["user"]["factors"]]

    def test_logout_scopes(self, http: httpx.Client, api: FakeAuthApi) -> None:
        """local ends this session, others every other one, global all of them."""
        first, second = _sign_in(http), _sign_in(http)
        response = http.post(
            "/logout",
            params={"scope": "others"},
            headers={"Authorization": f"Bearer {second['access_token']}"},
        )
        assert 204 == response.status_code
        assert 1 == len(api.sessions)
        assert first["refresh_token"] not in api._refresh_index

"""Our own ``/auth/v1`` for the Python auth client's tests: the real app on in-memory
adapters, served in process, and the faults a network or a proxy put between it and the client.

There is one auth service in the project, the app's; :class:`AuthServer` serves it on a
container whose clock is the test's :class:`FakeTime`, so the client and the server agree on
the time and nobody really waits. ``httpx.ASGITransport`` answers only asynchronous clients
and the client under test is synchronous, so the app is reached through Litestar's
``TestClientTransport``, the synchronous way into the same ASGI app (as
``tests/fakes/paystack_api.py`` reaches the payment sandbox). This module adds only what the
server must never do on its own, through :class:`AuthLine`, an httpx transport that records
every request and answer and passes each request on unless a fault is queued for its route:

- ``fail_next``: the route answers a status (a 5xx, or the 401/403/404 a proxy may give);
- ``break_next``: no answer at all (a refused connection);
- ``answer_next_with``: another service's answer, for what GoTrue says and our server never
  does (an SMS message id, ``user_not_found``).
"""

from __future__ import annotations

import atexit
import json
import re
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import attrs
import httpx
import pyotp
from litestar.testing import TestClient
from litestar.testing.transport import TestClientTransport

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.http import create_app
from designcore.testing import fakes

API_KEY = "anon-test-key"
"""The public key the client sends in ``apikey``."""
PREFIX = "/auth/v1"
"""Where the app serves the auth API."""
BASE_URL = f"http://auth.designcore.test{PREFIX}"
"""Where the client finds it."""
ACCESS_TOKEN_LIFETIME = 3600
"""Seconds an access token lives (the server's default)."""
SITE_URL = "http://127.0.0.1:8000"
"""Where the server's mailed links send the browser (its default public address)."""


@attrs.define
class FakeTime:
    """The clock the client and the server share, and a sleep that moves it: tests never
    really wait."""

    clock: FixedClock = attrs.field(factory=FixedClock)
    sleeps: list[float] = attrs.field(factory=list)

    def now(self) -> datetime:
        """The shared time."""
        return self.clock.now()

    def advance(self, seconds: float) -> None:
        """Move the clock forward."""
        self.clock.advance(timedelta(seconds=seconds))

    def sleep(self, seconds: float) -> None:
        """Record the wait and move the clock by it."""
        self.sleeps.append(seconds)
        self.advance(seconds)


@attrs.frozen
class RecordedRequest:
    """One request the client sent (its path without ``/auth/v1``)."""

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


Fault = Callable[[httpx.Request], httpx.Response]


def _app(confirm_email: bool) -> tuple[Container, TestClient[Any]]:
    """The app for these settings, built once per process (building it takes a second) and
    started; :class:`AuthServer` empties its container for each test."""
    if confirm_email not in _APPS:
        container = fakes.memory_container(
            {"DESIGNCORE_AUTH_CONFIRM_EMAIL": "true" if confirm_email else "false"}
        )
        client: TestClient[Any] = TestClient(create_app(container=container), base_url=BASE_URL)
        client.__enter__()
        atexit.register(client.__exit__, None, None, None)
        _APPS[confirm_email] = (container, client)
    return _APPS[confirm_email]


_APPS: dict[bool, tuple[Container, TestClient[Any]]] = {}


class AuthServer:
    """The app's auth API on in-memory adapters, with the clock of ``time``; its users sign up
    through the auth service and its mail stays in the container's outbox.

    Each server starts empty: the app is built once per process and its container's
    singletons (stores, keys, caches, rate-limit counts) are made anew for each server, so
    no two servers share an account, a key or a count."""

    def __init__(self, time: FakeTime, *, confirm_email: bool = False) -> None:
        self.time = time
        self.confirm_email = confirm_email
        self.container, self._client = _app(confirm_email)
        self.container.reset_singletons()
        self.container.clock.reset_override()
        self.container.clock.override(time.clock)
        self._passwords: dict[str, str] = {}

    def __enter__(self) -> AuthServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.container.reset_singletons()

    @property
    def transport(self) -> TestClientTransport[TestClient[Any]]:
        """The app itself, as an httpx transport."""
        return TestClientTransport(self._client)

    def create_user(self, email: str, password: str, *, confirmed: bool = True) -> str:
        """An account made by signing up (its address confirmed by the mailed link when the
        server asks for confirmation and ``confirmed``); answers its id."""
        auth = self.container.auth()
        signed_up = auth.signups.sign_up(email=email, password=password, data={})
        self._passwords[email] = password
        if self.confirm_email and confirmed:
            auth.links.verify(token=self.mailed_link()["token"], kind="signup")
        return str(signed_up.user.id)

    def revoke_sessions(self, email: str) -> None:
        """End every session of the account, as its owner signing out everywhere from another
        device does."""
        auth = self.container.auth()
        issued = auth.sessions.sign_in_with_password(email=email, password=self._passwords[email])
        auth.sessions.sign_out(auth.sessions.authenticate(issued.access_token), "global")

    def session_count(self, user_id: str) -> int:
        """How many sessions of the user the server keeps."""
        with self.container.accounts()() as uow:
            return int(uow.sessions.count_for_user(user_id))

    def mails(self) -> list[tuple[str, str]]:
        """``(subject, to)`` of every mail sent, oldest first."""
        sent = self.container.outbox().messages(1000)
        return [(m.message.subject, m.message.to) for m in reversed(sent)]

    def mailed_link(self) -> dict[str, str]:
        """The query of the link in the newest mail: ``{"token", "type", "redirect_to"}``."""
        text = self.container.outbox().messages(1)[0].message.text
        found = re.search(r"https?://\S+", text)
        assert found is not None, "the newest mail holds no link"
        return {key: values[0] for key, values in parse_qs(urlsplit(found.group(0)).query).items()}

    def followed_link(self, email: str, kind: str) -> str:
        """The fragment the browser lands on after following a link mailed to ``email``:
        ``recovery`` (a password reset) or ``signup`` (the confirmation of an unconfirmed
        account). The session in it is issued now."""
        auth = self.container.auth()
        if kind == "recovery":
            auth.links.recover(email)
        else:
            auth.links.resend(email, kind)
        link = self.mailed_link()
        answer = self._client.get(
            "/verify",
            params={"token": link["token"], "type": link["type"], "redirect_to": SITE_URL},
            follow_redirects=False,
        )
        assert 302 == answer.status_code, answer.text
        return "#" + urlsplit(answer.headers["location"]).fragment

    def totp_code(self, secret: str) -> str:
        """The code an authenticator app shows now."""
        return pyotp.TOTP(secret).at(self.time.now())


class AuthLine(httpx.BaseTransport):
    """The way from the client to ``server``: records every request and every token
    answered, and answers a route with a queued fault first. A route is a path without
    ``/auth/v1`` (``/user``) or ``/token?grant_type=<grant>``."""

    def __init__(self, server: AuthServer) -> None:
        self.server = server
        self._upstream = server.transport
        self.requests: list[RecordedRequest] = []
        """Every request the client sent, in order (faults included)."""
        self.issued_tokens: list[str] = []
        """Every access and refresh token the server answered, in order."""
        self._faults: dict[str, deque[Fault]] = {}

    def http(self) -> httpx.Client:
        """An httpx client whose requests take this line."""
        return httpx.Client(base_url=BASE_URL, transport=self)

    def requests_to(self, path: str) -> list[RecordedRequest]:
        """The requests sent to ``path``."""
        return [r for r in self.requests if r.path == path]

    # -- the test's handles --------------------------------------------------------------------

    def fail_next(self, route: str, times: int = 1, *, status: int = 503) -> None:
        """Answer the next ``times`` requests to ``route`` with ``status`` without asking the
        server."""
        self.answer_next_with(
            route, status, {"code": "unexpected_failure", "message": "upstream failed"}, times
        )

    def break_next(self, route: str, times: int = 1) -> None:
        """Refuse the connection for the next ``times`` requests to ``route``."""

        def refuse(request: httpx.Request) -> httpx.Response:
            raise httpx.ConnectError("faulty line: connection refused", request=request)

        self._faults.setdefault(route, deque()).extend(refuse for _ in range(times))

    def answer_next_with(
        self, route: str, status: int, document: dict[str, Any], times: int = 1
    ) -> None:
        """Answer the next ``times`` requests to ``route`` with this status and JSON."""

        def answer(request: httpx.Request) -> httpx.Response:
            return httpx.Response(status, json=document)

        self._faults.setdefault(route, deque()).extend(answer for _ in range(times))

    def clear_faults(self) -> None:
        """Forget faults not yet used."""
        self._faults.clear()

    # -- httpx -----------------------------------------------------------------------------------

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        """Record the request, then answer it with its route's fault or the server."""
        path = request.url.path.removeprefix(PREFIX) or "/"
        query = dict(request.url.params)
        self.requests.append(
            RecordedRequest(
                method=request.method,
                path=path,
                query=query,
                headers={k.lower(): v for k, v in request.headers.items()},
                body=_json_body(request.content),
            )
        )
        route = f"/token?grant_type={query.get('grant_type')}" if path == "/token" else path
        queued = self._faults.get(route)
        if queued:
            return queued.popleft()(request)
        response = self._upstream.handle_request(request)
        response.read()
        answered = _json_body(response.content) or {}
        self.issued_tokens += [
            answered[key] for key in ("access_token", "refresh_token") if key in answered
        ]
        return response


def _json_body(content: bytes) -> dict[str, Any] | None:
    if not content:
        return None
    try:
        loaded = json.loads(content)
    except ValueError:
        return None
    return loaded if isinstance(loaded, dict) else None

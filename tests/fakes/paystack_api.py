"""Paystack for the Paystack adapter's tests: the payment sandbox's own HTTP routes, and the
faults a network, a proxy or Paystack's bad day put between them.

There is one emulator of Paystack in the project, the sandbox (``adapters/paystack/sandbox``);
:func:`sandbox_server` serves its routes (``app/http/sandbox/``) to httpx in process. This
module adds only what the sandbox must never do on its own, through :class:`FaultyLine`, an
httpx transport that passes each request on unless a fault is queued for it:

- ``slow_next``: the answer takes this long; the request's own timeouts still apply, on a
  :class:`Stopwatch`, so no test waits for real;
- ``fail_next``: an HTML error page with a status (a 5xx, a proxy's 404);
- ``answer_next_with``: any status, body and headers (malformed JSON, another service's JSON,
  a redirect);
- ``raise_next``: a transport error before the request was answered (refused, timed out);
- ``lose_next_answers``: the request reaches the sandbox, then the answer is lost;
- ``tamper``: fields of a transaction's verify answer replaced on the way back (a provider that
  took another amount, a malformed answer);
- ``echo_authorization``: error messages carry the request's Authorization header.

:func:`pay` plays the customer at the sandbox's checkout.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

import attrs
import httpx
from litestar import Litestar
from litestar.di import Provide
from litestar.testing import TestClient
from litestar.testing.transport import TestClientTransport

from designcore.adapters.paystack.sandbox import (
    DECLINED_CARD,
    INSUFFICIENT_FUNDS_CARD,
    SUCCESS_CARD,
    PaystackSandbox,
)
from designcore.app.http.sandbox import API_PREFIX, SandboxController

SECRET_KEY = "sk_test_sandbox_adapter_tests"
PUBLIC_KEY = "pk_test_sandbox_adapter_tests"
BASE_URL = f"http://paystack.test{API_PREFIX}"
"""Where the adapter finds the sandbox's Paystack routes."""

Outcome = Literal["success", "failed", "insufficient_funds", "abandoned", "pending"]


@contextmanager
def sandbox_server(sandbox: PaystackSandbox) -> Iterator[httpx.BaseTransport]:
    """An httpx transport answered by ``sandbox``'s HTTP routes, in process."""
    app = Litestar(
        route_handlers=[SandboxController],
        dependencies={"sandbox": Provide(lambda: sandbox, sync_to_thread=False)},
    )
    with TestClient(app) as client:
        yield TestClientTransport(client)


def pay(sandbox: PaystackSandbox, reference: str, outcome: Outcome) -> None:
    """The customer's attempt on ``reference`` at the sandbox's checkout ends with ``outcome``:
    a test card (success, declined, insufficient funds), a bank transfer still on its way
    (pending), or nothing at all (abandoned)."""
    access_code = sandbox.by_reference(reference).access_code
    cards = {
        "success": SUCCESS_CARD,
        "failed": DECLINED_CARD,
        "insufficient_funds": INSUFFICIENT_FUNDS_CARD,
    }
    if outcome == "pending":
        sandbox.start_bank_transfer(access_code)
    elif outcome in cards:
        sandbox.charge_card(access_code, number=cards[outcome].number, cvv="408", expiry="12/40")


@attrs.define
class Stopwatch:
    """Time as the adapter sees it (its ``monotonic`` and ``sleep``), moved by its waits and
    by slow answers, never by the real clock."""

    now: float = 0.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@attrs.define
class _Fault:
    kind: Literal["none", "answer", "raise", "lose", "slow"]
    status: int = 500
    content: bytes = b""
    headers: dict[str, str] = attrs.field(factory=dict)
    error: type[httpx.TransportError] = httpx.ReadTimeout
    seconds: float = 0.0


class FaultyLine(httpx.BaseTransport):
    """The way from the adapter to ``server``, with faults queued in order: each request takes
    the first one left (``fail_next(2)`` then ``raise_next(1)`` fails two requests with a
    status and raises on the third)."""

    def __init__(self, server: httpx.BaseTransport, stopwatch: Stopwatch | None = None) -> None:
        self.server = server
        self.stopwatch = stopwatch or Stopwatch()
        self.requests: list[httpx.Request] = []
        """Every request the adapter sent, in order (faults included)."""
        self.echo_authorization = False
        """Append the request's Authorization header to every error message (a careless
        provider or proxy), to prove the adapter redacts it."""
        self._faults: list[_Fault] = []
        self._tampered: dict[str, dict[str, Any]] = {}

    def client(self) -> httpx.Client:
        """An httpx client whose requests take this line."""
        return httpx.Client(transport=self)

    # -- the test's handles --------------------------------------------------------------------

    def answer_next(self, times: int) -> None:
        """Let the next ``times`` requests through (to place the faults queued after)."""
        self._faults.extend(_Fault("none") for _ in range(times))

    def heal(self) -> None:
        """Drop the faults still queued: every request from now on reaches the sandbox."""
        self._faults.clear()

    def fail_next(self, times: int, status: int = 500) -> None:
        """Answer the next ``times`` requests with ``status`` and an HTML error page."""
        page = f"<html><body>{status} Error</body></html>".encode()
        self.answer_next_with(times, status, page, {"content-type": "text/html"})

    def answer_next_with(
        self,
        times: int,
        status: int,
        content: bytes,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Answer the next ``times`` requests with this status, body and headers, without
        asking the sandbox."""
        headers = headers or {"content-type": "application/json"}
        self._faults.extend(
            _Fault("answer", status=status, content=content, headers=headers) for _ in range(times)
        )

    def raise_next(self, times: int, error: type[httpx.TransportError] = httpx.ReadTimeout) -> None:
        """Raise ``error`` for the next ``times`` requests without passing them on (a refused
        connection, a timeout before the sandbox saw the request)."""
        self._faults.extend(_Fault("raise", error=error) for _ in range(times))

    def lose_next_answers(self, times: int) -> None:
        """Pass the next ``times`` requests on, then raise a read timeout instead of answering
        (the sandbox acted; the adapter never heard)."""
        self._faults.extend(_Fault("lose") for _ in range(times))

    def slow_next(self, times: int, seconds: float) -> None:
        """The next ``times`` answers take ``seconds`` on the stopwatch; a request whose read
        timeout is shorter times out after its timeout."""
        self._faults.extend(_Fault("slow", seconds=seconds) for _ in range(times))

    def tamper(self, reference: str, **fields: Any) -> None:
        """Replace these fields verbatim in every verify answer about ``reference``
        (``amount=150000.5``, ``paid_at="yesterday"``, ``customer=None``…)."""
        self._tampered.setdefault(reference, {}).update(fields)

    # -- httpx -----------------------------------------------------------------------------------

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        """Answer one request: a fault, or the sandbox (tampered and echoed as asked)."""
        self.requests.append(request)
        fault = self._faults.pop(0) if self._faults else _Fault("none")
        if fault.kind == "raise":
            raise fault.error(f"faulty line: {fault.error.__name__}", request=request)
        if fault.kind == "answer":
            return httpx.Response(fault.status, content=fault.content, headers=fault.headers)
        if fault.kind == "slow":
            read_timeout = request.extensions.get("timeout", {}).get("read")
            if read_timeout is not None and fault.seconds > read_timeout:
                self.stopwatch.sleep(read_timeout)
                raise httpx.ReadTimeout("faulty line: no answer in time", request=request)
            self.stopwatch.sleep(fault.seconds)
        response = self.server.handle_request(request)
        response.read()
        response = self._bent(request, response)
        if fault.kind == "lose":
            raise httpx.ReadTimeout("faulty line: the answer was lost", request=request)
        return response

    def _bent(self, request: httpx.Request, response: httpx.Response) -> httpx.Response:
        """The sandbox's answer with the tampered fields and the echoed key, if asked for."""
        reference = request.url.path.rpartition("/transaction/verify/")[2]
        tampered = (
            self._tampered.get(reference) if "/transaction/verify/" in request.url.path else None
        )
        echo = self.echo_authorization and not response.is_success
        if not tampered and not echo:
            return response
        document = json.loads(response.content)
        if tampered and isinstance(document.get("data"), dict):
            document["data"].update(tampered)
        if echo:
            document["message"] = (
                f"{document.get('message')} (authorization: {request.headers.get('authorization')})"
            )
        return httpx.Response(response.status_code, json=document)

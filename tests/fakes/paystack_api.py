"""A small Paystack API for tests, served to httpx through ``httpx.MockTransport``.

Behavioural, not a mock: it keeps transactions by reference and speaks the documented shapes.
``POST /transaction/initialize`` checks the Bearer secret key, the e-mail, the amount (kobo, an
integer or a string of digits), the currency and the reference, refuses a reference it has seen
with 400 ``Duplicate Transaction Reference`` and answers ``{authorization_url, access_code,
reference}``. ``GET /transaction/verify/{reference}`` answers the transaction in the verify
shape, or 400 (as the live API does; 404 with ``not_found_status=404``) ``Transaction reference
not found``. A transaction nobody has paid yet verifies as ``abandoned`` (Paystack's word for
"the customer has not completed it").

A test plays the customer with :meth:`pay` (success, failed, abandoned, pending, optionally for
another amount, currency or e-mail than initialized: tampering), bends a stored transaction's
answer with :meth:`tamper`, and builds signed webhook bodies with :meth:`signed_event` and
:meth:`sign`. Switches make it misbehave the way the network and Paystack can: 5xx answers,
exceptions raised before a request is answered (timeouts, refused connections), answers lost
after the request was processed, and error messages that echo the Authorization header.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import re
import secrets
import string
from datetime import UTC, datetime
from typing import Any, Literal

import attrs
import httpx

SECRET_KEY = "sk_test_fake0sekret1d0n0tl3ak2345"
PUBLIC_KEY = "pk_test_fake0public0123456789abcd"
BASE_URL = "https://api.paystack.fake.test"
CHECKOUT_URL = "https://checkout.paystack.fake.test"

Outcome = Literal["success", "failed", "abandoned", "pending"]

SUPPORTED_CURRENCIES = frozenset({"NGN", "USD", "GHS", "ZAR", "KES"})
GATEWAY_RESPONSES: dict[str, str] = {
    "success": "Approved",
    "failed": "Declined",
    "abandoned": "The transaction was not completed",
    "pending": "Transaction in progress",
}
_REFERENCE = re.compile(r"^[A-Za-z0-9._=-]{1,100}$")
_DIGITS = re.compile(r"^[0-9]+$")
_ALPHABET = string.ascii_lowercase + string.digits


def paystack_time(moment: datetime) -> str:
    """A moment as Paystack writes it: ``2024-05-01T10:20:30.000Z``."""
    utc = moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"


@attrs.define
class _Fault:
    kind: Literal["none", "status", "raise", "lose"]
    status: int = 500
    error: type[httpx.TransportError] = httpx.ReadTimeout


@attrs.define
class FakeTransaction:
    """One transaction as the fake keeps it."""

    id: int
    reference: str
    amount: int
    currency: str
    email: str
    access_code: str
    metadata: Any
    created_at: datetime
    status: str = "abandoned"
    gateway_response: str = GATEWAY_RESPONSES["abandoned"]
    paid_at: datetime | None = None
    overrides: dict[str, Any] = attrs.field(factory=dict)
    """Fields of the answer replaced verbatim (see :meth:`FakePaystackApi.tamper`)."""


class FakePaystackApi:
    """Paystack in memory; ``client()`` is an httpx client that reaches it."""

    def __init__(
        self,
        *,
        secret_key: str = SECRET_KEY,
        public_key: str = PUBLIC_KEY,
        base_url: str = BASE_URL,
        not_found_status: int = 400,
    ) -> None:
        self.secret_key = secret_key
        self.public_key = public_key
        self.base_url = base_url
        self.not_found_status = not_found_status
        """The status of ``Transaction reference not found`` (400 live, 404 in the reference)."""
        self.transactions: dict[str, FakeTransaction] = {}
        self.requests: list[httpx.Request] = []
        """Every request that reached the fake, in order (faults included)."""
        self.echo_authorization = False
        """Append the request's Authorization header to every error message (a careless
        provider or proxy), to prove the adapter redacts it."""
        self._faults: list[_Fault] = []
        self._ids = itertools.count(4_099_260_516)

    # -- the test's handles --------------------------------------------------------------------

    def client(self) -> httpx.Client:
        """An httpx client whose requests this fake answers."""
        return httpx.Client(transport=httpx.MockTransport(self.handle))

    def answer_next(self, times: int) -> None:
        """Answer the next ``times`` requests normally (to place the faults queued after)."""
        self._faults.extend(_Fault("none") for _ in range(times))

    def fail_next(self, times: int, status: int = 500) -> None:
        """Answer the next ``times`` requests with ``status`` (an HTML error page).

        Faults queue up: each request takes the first one left, so ``fail_next(2)`` then
        ``raise_next(1)`` fails two requests with a status and raises on the third."""
        self._faults.extend(_Fault("status", status=status) for _ in range(times))

    def raise_next(self, times: int, error: type[httpx.TransportError] = httpx.ReadTimeout) -> None:
        """Raise ``error`` for the next ``times`` requests without processing them (a refused
        connection, a timeout before Paystack saw the request)."""
        self._faults.extend(_Fault("raise", error=error) for _ in range(times))

    def lose_next_answers(self, times: int) -> None:
        """Process the next ``times`` requests, then raise a read timeout instead of answering
        (Paystack acted; the client never heard)."""
        self._faults.extend(_Fault("lose") for _ in range(times))

    def pay(
        self,
        reference: str,
        outcome: Outcome,
        *,
        amount: int | None = None,
        currency: str | None = None,
        email: str | None = None,
        gateway_response: str | None = None,
        at: datetime | None = None,
    ) -> FakeTransaction:
        """The customer's attempt on ``reference`` ends with ``outcome``; ``amount``,
        ``currency`` and ``email`` replace what was initialized (a tampered payment)."""
        transaction = self._get(reference)
        transaction.status = outcome
        transaction.gateway_response = gateway_response or GATEWAY_RESPONSES[outcome]
        transaction.paid_at = (at or datetime.now(UTC)) if outcome == "success" else None
        if amount is not None:
            transaction.amount = amount
        if currency is not None:
            transaction.currency = currency
        if email is not None:
            transaction.email = email
        return transaction

    def tamper(self, reference: str, **fields: Any) -> None:
        """Answer these fields verbatim for ``reference`` (``amount=150000.5``,
        ``paid_at="yesterday"``, ``customer=None``…), in verify answers and webhook bodies."""
        self._get(reference).overrides.update(fields)

    def add(self, reference: str, *, amount: int, email: str, currency: str = "NGN") -> None:
        """A transaction someone else initialized with ``reference``."""
        self.transactions[reference] = self._new(reference, amount, currency, email, None)

    def transaction_view(self, reference: str) -> dict[str, Any]:
        """The transaction in the verify (and ``charge.success``) shape."""
        return self._view(self._get(reference))

    def event_body(self, event: str, reference: str) -> bytes:
        """The raw body of a webhook about ``reference`` as it stands."""
        return json.dumps({"event": event, "data": self.transaction_view(reference)}).encode()

    def sign(self, raw_body: bytes) -> str:
        """The ``x-paystack-signature`` for ``raw_body``: hex HMAC-SHA512 with the secret key."""
        return hmac.new(self.secret_key.encode(), raw_body, hashlib.sha512).hexdigest()

    def signed_event(self, event: str, reference: str) -> tuple[bytes, str]:
        """A webhook body about ``reference`` and its signature."""
        body = self.event_body(event, reference)
        return body, self.sign(body)

    # -- HTTP ----------------------------------------------------------------------------------

    def handle(self, request: httpx.Request) -> httpx.Response:
        """Answer one HTTP request."""
        self.requests.append(request)
        fault = self._faults.pop(0) if self._faults else None
        if fault is not None and fault.kind == "raise":
            raise fault.error(f"fake Paystack: {fault.error.__name__}", request=request)
        if fault is not None and fault.kind == "status":
            return httpx.Response(
                fault.status,
                text=f"<html><body>{fault.status} Server Error</body></html>",
                headers={"content-type": "text/html"},
            )
        response = self._route(request)
        if fault is not None and fault.kind == "lose":
            raise httpx.ReadTimeout("fake Paystack: the answer was lost", request=request)
        return response

    def _route(self, request: httpx.Request) -> httpx.Response:
        if request.headers.get("authorization") != f"Bearer {self.secret_key}":
            return self._refuse(401, "Invalid key", request)
        path = request.url.path
        if request.method == "POST" and path == "/transaction/initialize":
            return self._initialize(request)
        if request.method == "GET" and path.startswith("/transaction/verify/"):
            return self._verify(path.removeprefix("/transaction/verify/"), request)
        return self._refuse(404, "Not found", request)

    def _initialize(self, request: httpx.Request) -> httpx.Response:
        try:
            body = json.loads(request.content)
        except ValueError:
            return self._refuse(400, "Invalid request body", request)
        if not isinstance(body, dict):
            return self._refuse(400, "Invalid request body", request)
        email = body.get("email")
        if not isinstance(email, str) or "@" not in email:
            return self._refuse(400, "Invalid Email Address Passed", request)
        amount = body.get("amount")
        if isinstance(amount, str) and _DIGITS.fullmatch(amount):
            amount = int(amount)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            return self._refuse(400, "Invalid Amount Sent", request)
        currency = body.get("currency", "NGN")
        if currency not in SUPPORTED_CURRENCIES:
            return self._refuse(400, "Currency not supported by merchant", request)
        reference = body.get("reference") or "".join(secrets.choice(_ALPHABET) for _ in range(10))
        if not isinstance(reference, str) or not _REFERENCE.fullmatch(reference):
            return self._refuse(400, "Invalid transaction reference", request)
        if reference in self.transactions:
            return self._refuse(400, "Duplicate Transaction Reference", request)
        metadata = body.get("metadata")
        if isinstance(metadata, str):
            try:
                metadata = json.loads(metadata)
            except ValueError:
                return self._refuse(400, "Invalid metadata", request)
        if metadata is not None and not isinstance(metadata, dict):
            return self._refuse(400, "Invalid metadata", request)
        transaction = self._new(reference, amount, currency, email, metadata)
        self.transactions[reference] = transaction
        return httpx.Response(
            200,
            json={
                "status": True,
                "message": "Authorization URL created",
                "data": {
                    "authorization_url": f"{CHECKOUT_URL}/{transaction.access_code}",
                    "access_code": transaction.access_code,
                    "reference": reference,
                },
            },
        )

    def _verify(self, reference: str, request: httpx.Request) -> httpx.Response:
        transaction = self.transactions.get(reference)
        if transaction is None:
            return self._refuse(self.not_found_status, "Transaction reference not found", request)
        return httpx.Response(
            200,
            json={
                "status": True,
                "message": "Verification successful",
                "data": self._view(transaction),
            },
        )

    # -- helpers -------------------------------------------------------------------------------

    def _refuse(self, status: int, message: str, request: httpx.Request) -> httpx.Response:
        if self.echo_authorization:
            message = f"{message} (authorization: {request.headers.get('authorization')})"
        return httpx.Response(status, json={"status": False, "message": message})

    def _new(
        self, reference: str, amount: int, currency: str, email: str, metadata: Any
    ) -> FakeTransaction:
        return FakeTransaction(
            id=next(self._ids),
            reference=reference,
            amount=amount,
            currency=currency,
            email=email,
            access_code="".join(secrets.choice(_ALPHABET) for _ in range(15)),
            metadata=metadata,
            created_at=datetime.now(UTC),
        )

    def _get(self, reference: str) -> FakeTransaction:
        try:
            return self.transactions[reference]
        except KeyError:
            raise KeyError(f"the fake Paystack has no transaction {reference!r}") from None

    def _view(self, transaction: FakeTransaction) -> dict[str, Any]:
        paid_at = paystack_time(transaction.paid_at) if transaction.paid_at else None
        created_at = paystack_time(transaction.created_at)
        view: dict[str, Any] = {
            "id": transaction.id,
            "domain": "test",
            "status": transaction.status,
            "reference": transaction.reference,
            "receipt_number": None,
            "amount": transaction.amount,
            "message": None,
            "gateway_response": transaction.gateway_response,
            "paid_at": paid_at,
            "created_at": created_at,
            "channel": "card",
            "currency": transaction.currency,
            "ip_address": "197.211.43.98",
            "metadata": transaction.metadata or "",
            "log": None,
            "fees": transaction.amount * 15 // 1000 if paid_at else None,
            "fees_split": None,
            "authorization": {},
            "customer": {
                "id": 1809887,
                "first_name": None,
                "last_name": None,
                "email": transaction.email,
                "customer_code": "CUS_fake0c35ys9w8ma5",
                "phone": None,
                "metadata": None,
                "risk_action": "default",
            },
            "plan": None,
            "split": {},
            "order_id": None,
            "paidAt": paid_at,
            "createdAt": created_at,
            "requested_amount": transaction.amount,
            "transaction_date": created_at,
        }
        view.update(transaction.overrides)
        return view

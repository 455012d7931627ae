"""``PaystackGateway``: the ``PaymentGateway`` port over Paystack's REST API and an injected
``httpx.Client``.

What it speaks (Paystack's documented API; every request carries ``Authorization: Bearer
<secret key>``, every answer is ``{status, message, data}``):

- ``POST /transaction/initialize`` with ``email``, ``amount`` (the subunit, kobo for NGN, as the
  string the API reference documents), ``currency``, ``reference``, ``callback_url`` and
  ``metadata`` (a stringified JSON object) → ``data: {authorization_url, access_code,
  reference}``. A reference Paystack has seen is refused with 400 ``Duplicate Transaction
  Reference``.
- ``GET /transaction/verify/{reference}`` → ``data: {id, status, reference, amount, currency,
  paid_at, customer: {email}, gateway_response, …}``; an unknown reference is 400 (live) or 404
  (the reference) ``Transaction reference not found``.
- Webhooks: ``x-paystack-signature`` is the hex HMAC-SHA512 of the raw body keyed with the
  secret key; ``charge.success`` (and ``charge.failed``, which the sandbox sends) carries the
  transaction in the verify shape. Transactions and webhooks are read by
  :mod:`designcore.adapters.paystack.wire`, shared with the sandbox.

Reliability: each request has a connect and a read timeout; network errors and 5xx answers are
retried (``attempts`` in all, exponential ``backoff`` through the injected ``sleep``), 4xx answers
never. A call given ``within`` (a customer is waiting) ends within that budget: each attempt's
timeouts are cut to the time left, and no retry starts that the budget cannot hold. Errors leave as domain errors (vendor exceptions never cross this boundary), and the
secret key never appears in a message or a log line.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any, NoReturn
from urllib.parse import quote

import attrs
import httpx

from designcore.adapters.paystack.wire import (
    MAX_WEBHOOK_BYTES as MAX_WEBHOOK_BYTES,  # re-exported by designcore.adapters.paystack
)
from designcore.adapters.paystack.wire import (
    PAYMENT_NOT_FOUND,
    PROVIDER_ANSWER_LOST,
    PROVIDER_BAD_ANSWER,
    PROVIDER_REFUSED,
    PROVIDER_UNAVAILABLE,
    MalformedTransaction,
    read_transaction,
    read_webhook,
)
from designcore.domain.errors import NotAllowed, NotFound, Unavailable
from designcore.domain.payments import Money, ProviderTransaction
from designcore.ports.payments import Initialized, WebhookEvent

PAYSTACK_BASE_URL = "https://api.paystack.co"
DEFAULT_TIMEOUT = httpx.Timeout(15.0, connect=5.0)
"""5 s to connect, 15 s for each of write, read and pool."""

_log = logging.getLogger(__name__)

# Paystack has no stable codes for these refusals, only these messages.
_DUPLICATE_REFERENCE = "duplicate transaction reference"
_REFERENCE_NOT_FOUND = "transaction reference not found"

_REFERENCE = re.compile(r"^[A-Za-z0-9._=-]{1,100}$")
"""References verify asks about: Paystack's documented alphabet (alphanumerics, ``-``, ``.``,
``=``) plus ``_``, which our references used before they switched to ``-`` (payments made then
can still be verified). Anything else could not be a Paystack reference and must not reach the
URL path."""
_MESSAGE_LIMIT = 300

# Raised before the request left this process: Paystack cannot have acted on it.
_NOT_SENT: tuple[type[httpx.TransportError], ...] = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
    httpx.UnsupportedProtocol,
)


def _says_reference_not_found(response: httpx.Response) -> bool:
    """Whether this is Paystack's own answer for an unknown reference: a JSON object with
    ``status: false`` and the message ``Transaction reference not found`` (as 400 live, or 404).
    Any other answer (a proxy's 404 page, another service's JSON) is not Paystack's word."""
    if response.status_code not in (200, 400, 404):
        return False
    try:
        document = response.json()
    except (ValueError, RecursionError):
        return False
    if not isinstance(document, dict) or document.get("status") is not False:
        return False
    message = document.get("message")
    return isinstance(message, str) and _REFERENCE_NOT_FOUND in message.lower()


@attrs.frozen
class _Answer:
    response: httpx.Response
    maybe_processed: bool
    """Whether an earlier attempt may have reached Paystack (its answer was lost or 5xx)."""


class PaystackGateway:
    """The ``PaymentGateway`` port for Paystack, over an injected ``httpx.Client``."""

    def __init__(
        self,
        http: httpx.Client,
        *,
        secret_key: str,
        public_key: str,
        base_url: str = PAYSTACK_BASE_URL,
        attempts: int = 3,
        backoff: float = 0.2,
        sleep: Callable[[float], object] = time.sleep,
        timeout: httpx.Timeout = DEFAULT_TIMEOUT,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if not secret_key:
            raise ValueError("a Paystack secret key is required")
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        if backoff < 0:
            raise ValueError("backoff must not be negative")
        self._http = http
        self._secret_key = secret_key
        self._public_key = public_key
        self._base_url = base_url.rstrip("/")
        self._attempts = attempts
        self._backoff = backoff
        self._sleep = sleep
        self._timeout = timeout
        self._monotonic = monotonic

    def __repr__(self) -> str:
        return f"PaystackGateway(base_url={self._base_url!r}, public_key={self._public_key!r})"

    def public_key(self) -> str:
        """The public key the payment popup is opened with."""
        return self._public_key

    def initialize(
        self,
        *,
        email: str,
        amount: Money,
        reference: str,
        callback_url: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        within: timedelta | None = None,
    ) -> Initialized:
        """``POST /transaction/initialize`` for ``amount`` with our ``reference``.

        Retrying is safe because the reference is the idempotency key: Paystack refuses a second
        transaction with it. So when a retry is refused as a duplicate after an attempt whose
        answer was lost (a read timeout, a 5xx), the earlier attempt is what created it. The
        adapter verifies the reference: a transaction that is not ours (amount, currency or
        customer differ) is refused (``provider_refused``); ours raises ``Unavailable``
        (``provider_answer_lost``), because Paystack's verify answer carries no access code and
        no other endpoint returns it, so the popup cannot be opened for that reference. The
        caller starts again with a new reference; the old one stays pending until reconciled.
        """
        body: dict[str, Any] = {
            "email": email,
            "amount": str(amount.minor),
            "currency": amount.currency,
            "reference": reference,
        }
        if callback_url:
            body["callback_url"] = callback_url
        if metadata is not None:
            body["metadata"] = json.dumps(dict(metadata), separators=(",", ":"))
        deadline = self._deadline(within)
        answer = self._send("POST", "/transaction/initialize", body=body, deadline=deadline)
        response = answer.response
        if not response.is_success:
            message = self._message_of(response)
            if (
                400 <= response.status_code < 500
                and _DUPLICATE_REFERENCE in message.lower()
                and answer.maybe_processed
            ):
                self._lost_initialize(
                    email=email, amount=amount, reference=reference, deadline=deadline
                )
            self._fail(response, "initialize", message)
        data = self._data(response, "initialize")
        access_code = data.get("access_code")
        authorization_url = data.get("authorization_url")
        if not isinstance(access_code, str) or not access_code:
            raise self._bad_answer("initialize answered without an access code")
        if not isinstance(authorization_url, str) or not authorization_url:
            raise self._bad_answer("initialize answered without an authorization URL")
        if data.get("reference", reference) != reference:
            raise self._bad_answer("initialize answered another reference than ours")
        return Initialized(
            reference=reference, access_code=access_code, authorization_url=authorization_url
        )

    def verify(self, reference: str, *, within: timedelta | None = None) -> ProviderTransaction:
        """``GET /transaction/verify/{reference}``: what Paystack says about it now.

        A reference that could not be one (empty, only dots, characters other than
        alphanumerics and ``-._=``) is not found without asking, so nothing but a reference
        reaches the URL path."""
        return self._verify(reference, self._deadline(within))

    def _verify(self, reference: str, deadline: float | None) -> ProviderTransaction:
        if (
            not isinstance(reference, str)
            or not _REFERENCE.fullmatch(reference)
            or not reference.strip(".")
        ):
            raise NotFound("no payment has this reference", code=PAYMENT_NOT_FOUND)
        answer = self._send(
            "GET", f"/transaction/verify/{quote(reference, safe='')}", deadline=deadline
        )
        response = answer.response
        if _says_reference_not_found(response):
            raise NotFound("Paystack has no payment with this reference", code=PAYMENT_NOT_FOUND)
        if not response.is_success:
            self._fail(response, "verify", self._message_of(response), reference=reference)
        data = self._data(response, "verify")
        try:
            return read_transaction(data)
        except MalformedTransaction as error:
            raise self._bad_answer(f"verify answered an unreadable transaction: {error}") from None

    def parse_webhook(self, raw_body: bytes, signature: str | None) -> WebhookEvent:
        """Check ``x-paystack-signature`` (hex HMAC-SHA512 of the raw body, keyed with the
        secret key, compared in constant time) and read the event.

        See :func:`designcore.adapters.paystack.wire.read_webhook`: bodies over
        :data:`MAX_WEBHOOK_BYTES` are refused unread; a missing or wrong signature is
        ``invalid_signature``; a body that is not a JSON object with an ``event``, or a
        ``charge.success`` / ``charge.failed`` whose transaction does not have the documented
        shape (amounts must be whole numbers of the subunit), is ``invalid_webhook``."""
        return read_webhook(raw_body, signature, self._secret_key)

    # -- talking to Paystack -------------------------------------------------------------------

    def _deadline(self, within: timedelta | None) -> float | None:
        """The monotonic moment a call given ``within`` must end by."""
        return None if within is None else self._monotonic() + within.total_seconds()

    def _timeout_until(self, deadline: float | None) -> httpx.Timeout | None:
        """The request timeouts, cut to the time left before ``deadline`` (``None``: no time
        is left)."""
        if deadline is None:
            return self._timeout
        left = deadline - self._monotonic()
        if left <= 0:
            return None

        def cut(limit: float | None) -> float:
            return left if limit is None else min(limit, left)

        timeout = self._timeout
        return httpx.Timeout(
            connect=cut(timeout.connect),
            read=cut(timeout.read),
            write=cut(timeout.write),
            pool=cut(timeout.pool),
        )

    def _send(
        self,
        method: str,
        path: str,
        *,
        body: Mapping[str, Any] | None = None,
        deadline: float | None = None,
    ) -> _Answer:
        """One request with retries on network errors and 5xx; any other answer is returned.
        With a ``deadline``, attempts stop when it passes."""
        headers = {"Authorization": f"Bearer {self._secret_key}", "Accept": "application/json"}
        maybe_processed = False
        problem = "no time left to ask"
        made = 0
        for attempt in range(1, self._attempts + 1):
            timeout = self._timeout_until(deadline)
            if timeout is None:
                break
            made = attempt
            try:
                response = self._http.request(
                    method,
                    f"{self._base_url}{path}",
                    json=body,
                    headers=headers,
                    timeout=timeout,
                )
            except httpx.TransportError as error:
                problem = f"{type(error).__name__}: {self._redact(str(error))}"
                maybe_processed = maybe_processed or not isinstance(error, _NOT_SENT)
            except httpx.HTTPError as error:  # decoding, redirects: another try will not help
                raise Unavailable(
                    f"Paystack's answer could not be read ({type(error).__name__})",
                    code=PROVIDER_UNAVAILABLE,
                ) from None
            else:
                if response.status_code < 500:
                    return _Answer(response, maybe_processed)
                maybe_processed = True
                problem = f"HTTP {response.status_code}"
            if attempt < self._attempts:
                delay = self._backoff * 2 ** (attempt - 1)
                if deadline is not None and self._monotonic() + delay >= deadline:
                    break  # the customer's budget cannot hold another attempt
                _log.warning(
                    "Paystack %s %s failed (%s), attempt %d of %d; retrying in %.2f s",
                    method,
                    path,
                    problem,
                    attempt,
                    self._attempts,
                    delay,
                )
                self._sleep(delay)
        _log.error("Paystack %s %s failed %d times (%s)", method, path, made, problem)
        raise Unavailable(
            f"Paystack could not be reached after {made} attempt{'s' if made != 1 else ''} "
            f"({problem})",
            code=PROVIDER_UNAVAILABLE,
        )

    def _fail(
        self, response: httpx.Response, operation: str, message: str, *, reference: str = ""
    ) -> NoReturn:
        """Map a non-2xx answer below 500 to a domain error."""
        status = response.status_code
        if status in (401, 403):
            _log.error("Paystack refused our credentials (HTTP %d) on %s", status, operation)
            raise Unavailable(
                f"Paystack refused our credentials (HTTP {status}); check the secret key",
                code=PROVIDER_UNAVAILABLE,
            )
        if status in (408, 429):
            raise Unavailable(
                f"Paystack asked us to slow down or try later (HTTP {status})",
                code=PROVIDER_UNAVAILABLE,
            )
        if not 400 <= status < 500 or status == 404:
            # Redirects, or a 404 that is not Paystack's "Transaction reference not found" (a
            # proxy's page, a wrong base URL): the way to Paystack is wrong, not the payment.
            _log.error(
                "Paystack %s %s answered HTTP %d (%s) without Paystack's own refusal; check "
                "DESIGNCORE_PAYSTACK_BASE_URL and any proxy. Nothing is changed.",
                operation,
                reference,
                status,
                message,
            )
            raise Unavailable(
                f"Paystack answered HTTP {status} to {operation}", code=PROVIDER_UNAVAILABLE
            )
        raise NotAllowed(f"Paystack refused the {operation}: {message}", code=PROVIDER_REFUSED)

    def _data(self, response: httpx.Response, operation: str) -> dict[str, Any]:
        """The ``data`` object of a 2xx ``{status: true, message, data}`` answer."""
        try:
            document = response.json()
        except (ValueError, RecursionError):
            raise self._bad_answer(f"{operation} answered something other than JSON") from None
        if not isinstance(document, dict):
            raise self._bad_answer(f"{operation} answered something other than a JSON object")
        if document.get("status") is not True:
            message = self._message_of(response)
            raise NotAllowed(f"Paystack refused the {operation}: {message}", code=PROVIDER_REFUSED)
        data = document.get("data")
        if not isinstance(data, dict):
            raise self._bad_answer(f"{operation} answered without a data object")
        return data

    def _lost_initialize(
        self, *, email: str, amount: Money, reference: str, deadline: float | None
    ) -> NoReturn:
        """A retried initialize was refused as a duplicate: see :meth:`initialize`."""
        try:
            existing = self._verify(reference, deadline)
        except NotFound:
            raise Unavailable(
                "Paystack calls the reference a duplicate but cannot find it",
                code=PROVIDER_UNAVAILABLE,
            ) from None
        ours = (
            existing.amount_minor == amount.minor
            and existing.currency == amount.currency
            and existing.customer_email.strip().lower() == email.strip().lower()
        )
        if not ours:
            raise NotAllowed(
                "Paystack refused the initialize: Duplicate Transaction Reference",
                code=PROVIDER_REFUSED,
            )
        _log.warning(
            "Paystack created %s but the answer was lost; its access code cannot be recovered",
            reference,
        )
        raise Unavailable(
            "Paystack created the transaction but its answer was lost and its access code "
            "cannot be recovered; start the payment again with a new reference",
            code=PROVIDER_ANSWER_LOST,
        )

    def _message_of(self, response: httpx.Response) -> str:
        """Paystack's ``message``, redacted and shortened, or the status."""
        try:
            document = response.json()
        except (ValueError, RecursionError):
            document = None
        message = document.get("message") if isinstance(document, dict) else None
        if not isinstance(message, str) or not message.strip():
            return f"HTTP {response.status_code}"
        return self._redact(message.strip())[:_MESSAGE_LIMIT]

    def _bad_answer(self, message: str) -> Unavailable:
        return Unavailable(f"Paystack {self._redact(message)}", code=PROVIDER_BAD_ANSWER)

    def _redact(self, text: str) -> str:
        return text.replace(self._secret_key, "[secret key]")

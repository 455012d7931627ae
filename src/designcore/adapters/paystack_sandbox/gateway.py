"""``SandboxGateway``: the ``PaymentGateway`` port over the in-process sandbox.

It calls :class:`~.sandbox.PaystackSandbox` directly (no HTTP to ourselves) and reads what it
answers through the same Paystack JSON shapes the HTTP endpoints and the webhooks carry, so the
gateway sees exactly what a client of the emulated API would. Error codes are the ones the
Paystack adapter uses (``provider_refused``, ``payment_not_found``, ``invalid_signature``,
``invalid_webhook``), so the app cannot tell the two apart (``tests/contract``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, NoReturn

from designcore.adapters.paystack_sandbox.sandbox import (
    PaystackError,
    PaystackSandbox,
    transaction_json,
)
from designcore.adapters.paystack_sandbox.webhooks import signature_matches
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.payments import Money, ProviderTransaction
from designcore.ports.payments import Initialized, WebhookEvent

PROVIDER_REFUSED = "provider_refused"
PAYMENT_NOT_FOUND = "payment_not_found"
INVALID_SIGNATURE = "invalid_signature"
INVALID_WEBHOOK = "invalid_webhook"

MAX_WEBHOOK_BYTES = 256 * 1024
"""Larger webhook bodies are refused unread."""

TRANSACTION_EVENTS = frozenset({"charge.success", "charge.failed"})
"""Events whose ``data`` is a transaction in the verify shape (the sandbox sends both)."""

_CURRENCY = re.compile(r"^[A-Z]{3}$")
_DIGITS = re.compile(r"^[0-9]{1,15}$")


class _Malformed(ValueError):
    pass


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _Malformed(f"{key} is not a non-empty string")
    return value.strip()


def _minor(value: object) -> int:
    if isinstance(value, bool):
        raise _Malformed("amount is a boolean")
    whole_float = isinstance(value, float) and math.isfinite(value) and value.is_integer()
    digits = isinstance(value, str) and _DIGITS.match(value) is not None
    if not isinstance(value, int | float | str) or not (
        isinstance(value, int) or whole_float or digits
    ):
        raise _Malformed("amount is not a whole number of the subunit")
    number = int(value)
    if number < 0:
        raise _Malformed("amount is negative")
    return number


def _moment(value: object) -> datetime | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 64:
        raise _Malformed("paid_at is not a date and time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _Malformed("paid_at is not a date and time") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def provider_transaction(data: Mapping[str, Any]) -> ProviderTransaction:
    """Read Paystack's transaction JSON (verify ``data``, or an event's ``data``) strictly;
    ``ValueError`` when it lacks the documented shape."""
    customer = data.get("customer")
    if not isinstance(customer, Mapping):
        raise _Malformed("customer is not an object")
    currency = _text(data, "currency").upper()
    if not _CURRENCY.match(currency):
        raise _Malformed("currency is not a three-letter code")
    response = data.get("gateway_response")
    provider_id = data.get("id")
    return ProviderTransaction(
        reference=_text(data, "reference"),
        status=_text(data, "status").lower(),
        amount_minor=_minor(data.get("amount")),
        currency=currency,
        customer_email=_text(customer, "email"),
        paid_at=_moment(data.get("paid_at")),
        gateway_response=response if isinstance(response, str) else None,
        provider_id=(
            str(provider_id)
            if isinstance(provider_id, int | str) and not isinstance(provider_id, bool)
            else None
        ),
    )


class SandboxGateway:
    """A ``PaymentGateway`` answered by the embedded sandbox."""

    def __init__(self, sandbox: PaystackSandbox) -> None:
        self._sandbox = sandbox

    def public_key(self) -> str:
        """The sandbox's public key (``pk_test_…``)."""
        return self._sandbox.public_key

    def initialize(
        self,
        *,
        email: str,
        amount: Money,
        reference: str,
        callback_url: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> Initialized:
        """Create the transaction; a refusal (a used reference, a bad e-mail…) raises
        ``NotAllowed`` (``provider_refused``) with the sandbox's message."""
        try:
            created = self._sandbox.initialize(
                email=email,
                amount=amount.minor,
                currency=amount.currency,
                reference=reference,
                callback_url=callback_url,
                metadata=dict(metadata) if metadata is not None else None,
            )
        except PaystackError as error:
            raise NotAllowed(
                f"the sandbox refused the initialize: {error.message}", code=PROVIDER_REFUSED
            ) from None
        return Initialized(
            reference=created.reference,
            access_code=created.access_code,
            authorization_url=self._sandbox.authorization_url(created),
        )

    def verify(self, reference: str) -> ProviderTransaction:
        """What the sandbox says about a reference; ``NotFound`` (``payment_not_found``) when
        it has none."""
        try:
            found = self._sandbox.by_reference(reference)
        except PaystackError:
            raise NotFound(
                "the sandbox has no payment with this reference", code=PAYMENT_NOT_FOUND
            ) from None
        return provider_transaction(transaction_json(found))

    def parse_webhook(self, raw_body: bytes, signature: str | None) -> WebhookEvent:
        """Check the HMAC-SHA512 signature with the sandbox secret key, then read the event.
        Bodies over :data:`MAX_WEBHOOK_BYTES` are refused unread."""
        if not isinstance(raw_body, bytes | bytearray) or len(raw_body) > MAX_WEBHOOK_BYTES:
            raise NotAllowed("the webhook body is too large", code=INVALID_WEBHOOK)
        if not signature_matches(bytes(raw_body), signature, self._sandbox.secret_key):
            raise NotAllowed("the webhook signature does not match", code=INVALID_SIGNATURE)
        try:
            payload = json.loads(bytes(raw_body), parse_constant=_refuse_constant)
        except (ValueError, RecursionError):
            raise NotAllowed("the webhook body is not JSON", code=INVALID_WEBHOOK) from None
        if not isinstance(payload, dict):
            raise NotAllowed("the webhook body is not a JSON object", code=INVALID_WEBHOOK)
        event = payload.get("event")
        if not isinstance(event, str) or not event:
            raise NotAllowed("the webhook body names no event", code=INVALID_WEBHOOK)
        transaction = None
        if event in TRANSACTION_EVENTS:
            data = payload.get("data")
            if not isinstance(data, dict):
                raise NotAllowed(f"{event} without a transaction", code=INVALID_WEBHOOK)
            try:
                transaction = provider_transaction(data)
            except ValueError as error:
                raise NotAllowed(
                    f"{event} with an unreadable transaction: {error}", code=INVALID_WEBHOOK
                ) from None
        return WebhookEvent(event=event, transaction=transaction, raw=payload)

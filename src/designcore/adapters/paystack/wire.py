"""Paystack's wire format, read once for every ``PaymentGateway``.

The ``PaymentGateway`` port is defined as Paystack's API, and both of its implementations read
the same JSON: ``adapters/paystack`` reads Paystack's answers and webhooks, and
``adapters/paystack/sandbox`` reads its emulator's, which has the same shape. Adapters never
import each other (``tests/unit/test_architecture.py``), so this reader lives beside the port.

- :func:`read_transaction`: a transaction in the verify / ``charge.*`` shape, read strictly.
- :func:`read_webhook`: a webhook body checked against ``x-paystack-signature`` and read.
- The error codes both gateways raise (docs/api.md, "Payments"), and
  :data:`MAX_WEBHOOK_BYTES`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, NoReturn

from designcore.domain.errors import NotAllowed
from designcore.domain.payments import ProviderTransaction
from designcore.ports.payments import WebhookEvent

MAX_WEBHOOK_BYTES = 256 * 1024
"""Larger webhook bodies are refused unread (Paystack's events are a few kilobytes)."""
TRANSACTION_EVENTS = frozenset({"charge.success", "charge.failed"})
"""Events whose ``data`` is a transaction in the verify shape. Other events (transfers,
disputes, subscriptions…) parse with ``transaction=None``."""

# Error codes (docs/api.md, "Payments").
PROVIDER_UNAVAILABLE = "provider_unavailable"
PROVIDER_BAD_ANSWER = "provider_bad_answer"
PROVIDER_ANSWER_LOST = "provider_answer_lost"
PROVIDER_REFUSED = "provider_refused"
PAYMENT_NOT_FOUND = "payment_not_found"
INVALID_SIGNATURE = "invalid_signature"
INVALID_WEBHOOK = "invalid_webhook"

_DIGITS = re.compile(r"^[0-9]{1,15}$")
_CURRENCY = re.compile(r"^[A-Z]{3}$")
_EXACT_FLOAT_LIMIT = 2**53


class MalformedTransaction(ValueError):
    """A transaction document that does not have the documented shape."""


def read_transaction(data: Mapping[str, Any]) -> ProviderTransaction:
    """A transaction in the verify / ``charge.*`` shape (verify's ``data``, or an event's),
    read strictly.

    The reference, status, currency and customer e-mail are required; the currency must be
    three letters; the amount must be a whole, non-negative number of the subunit (an int, an
    integral float or a string of digits); ``paid_at`` (or ``paidAt``) becomes an aware
    datetime. Anything else raises :class:`MalformedTransaction` (a ``ValueError``)."""
    customer = data.get("customer")
    if not isinstance(customer, dict):
        raise MalformedTransaction("customer is not an object")
    currency = _text(data, "currency").upper()
    if not _CURRENCY.fullmatch(currency):
        raise MalformedTransaction("currency is not a three-letter code")
    paid_at = data.get("paid_at")
    if paid_at is None:
        paid_at = data.get("paidAt")
    gateway_response = data.get("gateway_response")
    provider_id = data.get("id")
    return ProviderTransaction(
        reference=_text(data, "reference"),
        status=_text(data, "status").lower(),
        amount_minor=_minor(data.get("amount")),
        currency=currency,
        customer_email=_text(customer, "email"),
        paid_at=_moment(paid_at),
        gateway_response=gateway_response if isinstance(gateway_response, str) else None,
        provider_id=(
            str(provider_id)
            if isinstance(provider_id, int | str) and not isinstance(provider_id, bool)
            else None
        ),
    )


def read_webhook(raw_body: bytes, signature: str | None, secret_key: str) -> WebhookEvent:
    """Check ``x-paystack-signature`` (hex HMAC-SHA512 of the raw body, keyed with
    ``secret_key``, compared in constant time; case and surrounding blanks ignored) and read
    the event.

    Bodies over :data:`MAX_WEBHOOK_BYTES` are refused unread; a missing or wrong signature is
    ``invalid_signature``; a body that is not strict JSON (NaN and Infinity are refused, deep
    nesting too) holding an object with an ``event``, or a ``charge.success`` /
    ``charge.failed`` whose transaction :func:`read_transaction` refuses, is
    ``invalid_webhook`` (all ``NotAllowed``). Other events have ``transaction=None``."""
    if not isinstance(raw_body, bytes | bytearray):
        raise NotAllowed("a webhook body must be bytes", code=INVALID_WEBHOOK)
    if len(raw_body) > MAX_WEBHOOK_BYTES:
        raise NotAllowed(
            f"webhook body larger than {MAX_WEBHOOK_BYTES} bytes", code=INVALID_WEBHOOK
        )
    if not isinstance(signature, str) or not signature.strip():
        raise NotAllowed("webhook without an x-paystack-signature", code=INVALID_SIGNATURE)
    expected = hmac.new(secret_key.encode(), bytes(raw_body), hashlib.sha512)
    given = signature.strip().lower().encode("utf-8", "backslashreplace")
    if not hmac.compare_digest(expected.hexdigest().encode("ascii"), given):
        raise NotAllowed("webhook signature does not match its body", code=INVALID_SIGNATURE)
    try:
        document = json.loads(bytes(raw_body), parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise NotAllowed("webhook body is not JSON", code=INVALID_WEBHOOK) from None
    if not isinstance(document, dict):
        raise NotAllowed("webhook body is not a JSON object", code=INVALID_WEBHOOK)
    event = document.get("event")
    if not isinstance(event, str) or not event:
        raise NotAllowed("webhook body names no event", code=INVALID_WEBHOOK)
    transaction = None
    if event in TRANSACTION_EVENTS:
        data = document.get("data")
        if not isinstance(data, dict):
            raise NotAllowed(f"{event} without a transaction", code=INVALID_WEBHOOK)
        try:
            transaction = read_transaction(data)
        except MalformedTransaction as error:
            raise NotAllowed(
                f"{event} with an unreadable transaction: {error}", code=INVALID_WEBHOOK
            ) from None
    return WebhookEvent(event=event, transaction=transaction, raw=document)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise MalformedTransaction(f"{key} is not a non-empty string")
    return value.strip()


def _minor(value: object) -> int:
    """A whole, non-negative number of the currency's subunit: an int, an integral float or a
    string of digits; anything else (fractions, NaN, booleans, signs, exponents) is refused."""
    if isinstance(value, bool):
        raise MalformedTransaction("amount is a boolean")
    if isinstance(value, int):
        number = value
    elif isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer() or abs(value) > _EXACT_FLOAT_LIMIT:
            raise MalformedTransaction("amount is not a whole number of the subunit")
        number = int(value)
    elif isinstance(value, str) and _DIGITS.fullmatch(value):
        number = int(value)
    else:
        raise MalformedTransaction("amount is not a whole number of the subunit")
    if number < 0:
        raise MalformedTransaction("amount is negative")
    return number


def _moment(value: object) -> datetime | None:
    """An ISO 8601 moment (``2024-01-02T03:04:05.000Z``) as an aware datetime; a moment without
    an offset is taken as UTC."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > 64:
        raise MalformedTransaction("paid_at is not a date and time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise MalformedTransaction("paid_at is not a date and time") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")

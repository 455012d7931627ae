"""``SandboxGateway``: the ``PaymentGateway`` port over the in-process sandbox.

It calls :class:`~.sandbox.PaystackSandbox` directly (no HTTP to ourselves) and reads what it
answers through the same Paystack JSON shapes the HTTP endpoints and the webhooks carry, so the
gateway sees exactly what a client of the emulated API would. It reads them, and raises its
errors, with the Paystack adapter's reader and codes (:mod:`designcore.adapters.paystack.wire`:
``provider_refused``, ``payment_not_found``, ``invalid_signature``, ``invalid_webhook``), so
the app cannot tell the two apart (``tests/contract``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from designcore.adapters.paystack.sandbox.sandbox import (
    PaystackError,
    PaystackSandbox,
    transaction_json,
)
from designcore.adapters.paystack.wire import (
    PAYMENT_NOT_FOUND,
    PROVIDER_REFUSED,
    read_transaction,
    read_webhook,
)
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.payments import Money, ProviderTransaction
from designcore.ports.payments import Initialized, WebhookEvent

provider_transaction = read_transaction
"""Read Paystack's transaction JSON (verify ``data``, or an event's ``data``) strictly;
``ValueError`` when it lacks the documented shape
(:func:`designcore.adapters.paystack.wire.read_transaction`)."""


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
        within: timedelta | None = None,
    ) -> Initialized:
        """Create the transaction; a refusal (a used reference, a bad e-mail…) raises
        ``NotAllowed`` (``provider_refused``) with the sandbox's message. The sandbox answers
        in process, so ``within`` has nothing to bound."""
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

    def verify(self, reference: str, *, within: timedelta | None = None) -> ProviderTransaction:
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
        """Check the HMAC-SHA512 signature with the sandbox secret key, then read the event
        (:func:`designcore.adapters.paystack.wire.read_webhook`: bodies over
        :data:`~designcore.adapters.paystack.wire.MAX_WEBHOOK_BYTES` are refused unread)."""
        return read_webhook(raw_body, signature, self._sandbox.secret_key)

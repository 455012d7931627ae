"""The embedded payment provider: a local emulator of Paystack's API.

- :class:`PaystackSandbox` keeps transactions through the ``SandboxTransactionRepository`` port
  (the database, shared by every process) and applies the test-card rules (:mod:`.cards`); it
  announces completed charges with signed webhooks (:mod:`.webhooks`).
- :class:`SandboxGateway` is the ``PaymentGateway`` port over it, in process.

The HTTP face (``/sandbox/paystack/…`` and the checkout page) is ``designcore.app.http.sandbox`` (a package).
"""

from designcore.adapters.paystack.sandbox.cards import (
    DECLINED_CARD,
    INSUFFICIENT_FUNDS_CARD,
    OTP_CARD,
    SUCCESS_CARD,
    TEST_CARDS,
    TEST_OTP,
    CardOutcome,
    TestCard,
)
from designcore.adapters.paystack.sandbox.gateway import SandboxGateway, provider_transaction
from designcore.adapters.paystack.sandbox.sandbox import (
    ChargeResult,
    PaystackError,
    PaystackSandbox,
    transaction_json,
)
from designcore.adapters.paystack.sandbox.webhooks import (
    SIGNATURE_HEADER,
    Delivery,
    SignedEvent,
    WebhookDispatcher,
    sign,
    signature_matches,
)
from designcore.domain.sandbox import SandboxTransaction

__all__ = [
    "DECLINED_CARD",
    "INSUFFICIENT_FUNDS_CARD",
    "OTP_CARD",
    "SIGNATURE_HEADER",
    "SUCCESS_CARD",
    "TEST_CARDS",
    "TEST_OTP",
    "CardOutcome",
    "ChargeResult",
    "Delivery",
    "PaystackError",
    "PaystackSandbox",
    "SandboxGateway",
    "SandboxTransaction",
    "SignedEvent",
    "TestCard",
    "WebhookDispatcher",
    "provider_transaction",
    "sign",
    "signature_matches",
    "transaction_json",
]

"""Paystack's REST API over httpx: the ``PaymentGateway`` port for real card payments."""

from designcore.adapters.paystack.gateway import (
    MAX_WEBHOOK_BYTES,
    PAYSTACK_BASE_URL,
    PaystackGateway,
)

__all__ = ["MAX_WEBHOOK_BYTES", "PAYSTACK_BASE_URL", "PaystackGateway"]

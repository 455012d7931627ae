"""What the sandbox's modules share: where it is mounted and the sandbox dependency."""

from __future__ import annotations

from litestar.di import NamedDependency

from designcore.adapters.paystack.sandbox import PaystackSandbox

API_PREFIX = "/sandbox/paystack"
"""Where the Paystack-shaped endpoints are."""

CHECKOUT_PATH = "/sandbox/checkout/popup"
"""The checkout page."""

NO_STORE = {"Cache-Control": "no-store"}
"""Sandbox answers are never cached."""

Sandbox = NamedDependency[PaystackSandbox]

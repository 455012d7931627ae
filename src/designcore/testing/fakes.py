"""In-memory stand-ins for designcore's technology, supported for embedders' tests.

The in-memory adapters are real implementations of the ports (they pass the same contract
suites as the SQL, S3 and Redis ones), so a test that uses them exercises real behaviour
without a database. :func:`memory_container` builds the whole composition root on them::

    container = memory_container()
    container.catalogue().add(make_template())
"""

from __future__ import annotations

from collections.abc import Mapping

from designcore.adapters.memory import (
    FixedClock,
    InMemoryAccountsStore,
    InMemoryKeyRing,
    InMemoryOutbox,
    InMemoryPromptLog,
    InMemoryRateLimiter,
    InMemorySiteSettingsStore,
    InMemoryStorage,
    InMemoryTemplateCatalogue,
    StaticAuthenticator,
)
from designcore.adapters.memory.flow_state import InMemoryFlowStateStore
from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.memory.variants import InMemoryVariantCache
from designcore.adapters.paystack.sandbox import (
    DECLINED_CARD,
    SUCCESS_CARD,
    PaystackSandbox,
    SandboxGateway,
)
from designcore.app import Container, build_container, load_settings

__all__ = [
    "DECLINED_CARD",
    "MEMORY_ENVIRONMENT",
    "SANDBOX_PUBLIC_KEY",
    "SANDBOX_SECRET_KEY",
    "SUCCESS_CARD",
    "FixedClock",
    "InMemoryAccountsStore",
    "InMemoryFlowStateStore",
    "InMemoryKeyRing",
    "InMemoryOutbox",
    "InMemoryPromptLog",
    "InMemoryRateLimiter",
    "InMemorySandboxTransactionRepository",
    "InMemorySiteSettingsStore",
    "InMemoryStorage",
    "InMemoryTemplateCatalogue",
    "InMemoryVariantCache",
    "PaystackSandbox",
    "SandboxGateway",
    "StaticAuthenticator",
    "memory_container",
    "payment_sandbox",
]

MEMORY_ENVIRONMENT: Mapping[str, str] = {
    "DESIGNCORE_DATABASE_URL": "memory://",
    "DESIGNCORE_STORAGE_BACKEND": "memory",
    "DESIGNCORE_WEB_DIST": "/nonexistent",
    "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
    "DESIGNCORE_CACHE_SECONDS": "0",
    "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
}
"""Settings of a container on in-memory adapters with no background work: the database,
storage, rate limits and mail in memory, payments in the sandbox without webhooks, no answer
cache, no periodic jobs and no web build."""

SANDBOX_PUBLIC_KEY = "pk_test_sandbox_designcore"
"""The sandbox's default public key (a test key)."""
SANDBOX_SECRET_KEY = "sk_test_sandbox_designcore"
"""The sandbox's default secret key (a test key; it signs the sandbox's webhooks)."""


def memory_container(
    environment: Mapping[str, str] | None = None,
    *,
    clock: FixedClock | None = None,
    fast_passwords: bool = True,
) -> Container:
    """A container on in-memory adapters only (:data:`MEMORY_ENVIRONMENT`, then
    ``environment``'s ``DESIGNCORE_*`` variables over it).

    Its clock is ``clock`` (a new :class:`FixedClock` at 2026-01-01 UTC by default: time moves
    only when the test moves it) and, with ``fast_passwords``, its password hasher is Argon2
    with test parameters (hashing in milliseconds instead of a quarter second).
    """
    from designcore.adapters.argon2 import Argon2PasswordHasher

    container = build_container(load_settings({**MEMORY_ENVIRONMENT, **(environment or {})}))
    container.clock.override(clock if clock is not None else FixedClock())
    if fast_passwords:
        container.password_hasher.override(Argon2PasswordHasher.for_tests())
    return container


def payment_sandbox(clock: FixedClock | None = None) -> PaystackSandbox:
    """The Paystack emulator on in-memory transactions, sending no webhooks (its ``events()``
    still records them). ``SandboxGateway(sandbox)`` is the ``PaymentGateway`` port over it;
    ``sandbox.charge_card(access_code, number=SUCCESS_CARD.number, cvv="408",
    expiry="12/30")`` pays a transaction the gateway initialised (:data:`DECLINED_CARD` is
    refused). Its time is ``clock``'s, or the system's."""
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(),
        public_key=SANDBOX_PUBLIC_KEY,
        secret_key=SANDBOX_SECRET_KEY,
        clock=None if clock is None else clock.now,
    )

"""Factories of adapters that tests select by configuration (``plugin_adapters:outbox``)."""

from __future__ import annotations

from designcore.adapters.memory import InMemoryOutbox, InMemoryRateLimiter, SystemClock
from designcore.testing.fakes import SandboxGateway, payment_sandbox


def outbox() -> InMemoryOutbox:
    """A mailer keeping mail in memory."""
    return InMemoryOutbox(clock=SystemClock())


def rate_limiter() -> InMemoryRateLimiter:
    """Rate limits counted in memory."""
    return InMemoryRateLimiter(clock=SystemClock())


def gateway() -> SandboxGateway:
    """The payment sandbox, in process."""
    return SandboxGateway(payment_sandbox())

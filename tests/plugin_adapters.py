"""Factories of adapters that tests select by configuration (``plugin_adapters:outbox``)."""

from __future__ import annotations

from designcore.adapters.memory import (
    InMemoryAccountsStore,
    InMemoryOutbox,
    InMemoryRateLimiter,
    SystemClock,
)
from designcore.ports.accounts import AccountsUnitOfWork
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


class CountedAccounts:
    """An accounts store of one's own: the in-memory accounts, counting the units of work
    the container's services open on it."""

    instances: list[CountedAccounts] = []

    def __init__(self, label: str = "") -> None:
        self.label = label
        self.opened = 0
        self._store = InMemoryAccountsStore()
        CountedAccounts.instances.append(self)

    def unit_of_work(self) -> AccountsUnitOfWork:
        """A new unit of work over the accounts, counted."""
        self.opened += 1
        return self._store.unit_of_work()

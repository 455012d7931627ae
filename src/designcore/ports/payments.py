"""What the payments use cases need from the world: a payment provider, and the books (and what
the embedded payment sandbox needs: somewhere to keep its transactions).

The books (payments and subscriptions) live in the accounts unit of work
(:class:`designcore.ports.accounts.AccountsUnitOfWork`), so that marking a payment succeeded,
extending the subscription and turning the profile premium are one transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol, runtime_checkable

import attrs

from designcore.domain.payments import Money, Payment, ProviderTransaction, Subscription
from designcore.domain.sandbox import SandboxTransaction


@attrs.frozen
class Initialized:
    """A transaction created with the provider (Paystack ``transaction/initialize``)."""

    reference: str
    access_code: str
    """What the payment popup opens with."""
    authorization_url: str
    """The hosted checkout page, for clients without the popup."""


@attrs.frozen
class WebhookEvent:
    """A provider event whose signature checked out."""

    event: str
    """``charge.success``, ``charge.failed``, …"""
    transaction: ProviderTransaction | None
    """The transaction the event is about, when it is about one."""
    raw: Mapping[str, Any] = attrs.field(factory=dict, eq=False, repr=False)


@runtime_checkable
class PaymentGateway(Protocol):
    """A card payment provider speaking Paystack's API (Paystack itself, or the sandbox).

    Network failures, timeouts and 5xx answers raise ``Unavailable`` (the payment stays
    pending and is reconciled later); a provider refusal raises ``NotAllowed``; an unknown
    reference raises ``NotFound`` (only when the provider itself says it has no such
    reference: an answer from something else, such as a proxy's 404, is ``Unavailable``).

    ``within`` bounds a call that someone is waiting for: the whole call, retries and waits
    between them included, ends within about that long, or raises ``Unavailable``
    (``provider_unavailable``). Without it the implementation uses its full retry budget (the
    reconciler)."""

    def public_key(self) -> str:
        """The public key the payment popup is opened with."""
        ...

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
        """Create a transaction for ``amount`` with our ``reference``."""
        ...

    def verify(self, reference: str, *, within: timedelta | None = None) -> ProviderTransaction:
        """What the provider says about a reference now."""
        ...

    def parse_webhook(self, raw_body: bytes, signature: str | None) -> WebhookEvent:
        """Check a webhook's signature (HMAC-SHA512 of the raw body with the secret key, in
        ``x-paystack-signature``) and read it. A missing or wrong signature, or a body that is
        not an event, raises ``NotAllowed``."""
        ...


class PaymentRepository(Protocol):
    """Payment attempts (table ``payments``), one per reference."""

    def add(self, payment: Payment) -> None:
        """Store a new attempt. Raises ``Conflict`` (code ``duplicate_reference``) when the
        reference exists."""
        ...

    def get(self, reference: str) -> Payment | None:
        """An attempt by reference."""
        ...

    def get_for_update(self, reference: str) -> Payment | None:
        """An attempt by reference, locked until the unit of work ends (PostgreSQL ``FOR
        UPDATE``; SQLite's write lock), so two verifications of one reference take turns."""
        ...

    def update(self, payment: Payment) -> None:
        """Overwrite an attempt. Raises ``NotFound``."""
        ...

    def pending_before(self, moment: datetime, limit: int) -> Sequence[Payment]:
        """Pending attempts created before ``moment``, oldest first (for the reconciler)."""
        ...

    def for_user(self, user_id: str, limit: int, offset: int = 0) -> Sequence[Payment]:
        """A user's attempts, newest first (ties by reference), at most ``limit`` after
        skipping ``offset``."""
        ...

    def count_for_user(self, user_id: str) -> int:
        """How many attempts a user has."""
        ...

    def payers_between(self, since: datetime, until: datetime) -> tuple[int, int]:
        """Distinct users who started a payment (``created_at``) and distinct users whose
        payment succeeded (``paid_at``) from ``since`` (inclusive) to ``until`` (exclusive):
        the admin dashboard's funnel."""
        ...


class SubscriptionRepository(Protocol):
    """Subscriptions (table ``subscriptions``), one per user and plan."""

    def get(self, user_id: str, plan_id: str) -> Subscription | None:
        """A user's subscription to a plan."""
        ...

    def put(self, subscription: Subscription) -> None:
        """Store or overwrite a subscription."""
        ...

    def ended_before(self, moment: datetime, limit: int) -> Sequence[Subscription]:
        """Subscriptions whose period ended before ``moment`` and whose expiry has not been
        applied (``expired_at`` is ``None``), oldest first (for the expiry job)."""
        ...


class SandboxTransactionRepository(Protocol):
    """The payment sandbox's transactions (table ``sandbox_transactions``), shared by every
    process that runs the sandbox: the server's workers, a restart, the command line.

    Changes are compare-and-set on :attr:`SandboxTransaction.version`, so the sandbox's
    read-decide-write steps (a charge, an OTP) cannot both win when two processes race."""

    def add(self, transaction: SandboxTransaction) -> None:
        """Store a new transaction. Raises ``Conflict`` with code ``duplicate_reference`` when
        its reference is taken, ``duplicate_key`` when its id or access code is."""
        ...

    def by_reference(self, reference: str) -> SandboxTransaction | None:
        """A transaction by its reference."""
        ...

    def by_access_code(self, access_code: str) -> SandboxTransaction | None:
        """A transaction by its access code."""
        ...

    def by_id(self, transaction_id: int) -> SandboxTransaction | None:
        """A transaction by its id."""
        ...

    def replace(self, current: SandboxTransaction, updated: SandboxTransaction) -> bool:
        """Store ``updated`` (same id) with version ``current.version + 1``, only if the stored
        version is still ``current.version``. Answers whether it was stored; ``False`` means
        someone changed it first (read it again and decide again)."""
        ...

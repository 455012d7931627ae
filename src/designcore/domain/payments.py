"""Payments and the premium subscription: the plan, money, references, what a provider's answer
means for a payment, and the subscription's life (spec design-app.md sections 3, 4, 9).

Pure: every moment is passed in; nothing here talks to a provider or a database.
"""

from __future__ import annotations

import calendar
import enum
import re
from datetime import datetime, timedelta

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

CURRENCY = "NGN"
"""The default currency (the naira); amounts are kept in its minor unit, the kobo."""

GRACE_PERIOD = timedelta(days=3)
"""How long premium lasts past the end of a paid period before it expires."""

RECONCILE_AFTER = timedelta(minutes=10)
"""A payment still pending after this long is verified with the provider by the reconciler."""

CUSTOMER_DEADLINE = timedelta(seconds=5)
"""How long a customer's create or verify waits for the provider, retries included, before
``provider_unavailable``; the payment then stays pending, and the reconciler, which has no
customer waiting, asks again with the provider adapter's full retry budget."""

PREMIUM_FEATURES = (
    "Private designs",
    "Unlimited design prompting",
    "Unlimited regeneration",
    "Unlimited design cloning",
    "Unlimited downloads",
    "High priority support",
)
"""The six features of the plan definition (spec section 3)."""


class InvalidAmount(ValidationFailed):
    """An amount that is not a whole, non-negative number of minor units in a currency."""

    code = "invalid_amount"


class AmountMismatch(ValidationFailed):
    """An upgrade request asking for another price than the plan's (amount tampering)."""

    code = "amount_mismatch"


# Matched with ``fullmatch``: ``$`` alone would also accept a trailing newline ("NGN\n").
_CURRENCY = re.compile(r"[A-Z]{3}")
REFERENCE = re.compile(r"txn-(\d{10,16})-([a-z0-9]{4,32})")
"""A payment reference: ``txn-{milliseconds}-{random}``."""
LEGACY_REFERENCE = re.compile(r"txn_(\d{10,16})_([a-z0-9]{4,32})")
"""References made before they used ``-``: Paystack documents only letters, digits, ``-``,
``.`` and ``=``, so ``_`` is no longer produced, but payments made with it can still be
verified."""


def _currency_issue(currency: object) -> str:
    """What is wrong with a currency code: codes are ISO 4217's, three upper-case letters.

    Lower case is refused rather than folded, so that two spellings never make two unequal
    amounts in one currency and nothing is changed silently."""
    if isinstance(currency, str) and re.fullmatch(r"[A-Za-z]{3}", currency):
        return (
            "must be a three-letter currency code in upper case (ISO 4217), "
            f"such as {currency.upper()!r}; got {currency!r}"
        )
    return (
        "must be a three-letter currency code in upper case (ISO 4217), such as 'NGN'; "
        f"got {currency!r}"
    )


@attrs.frozen
class Money:
    """An amount in a currency's minor unit (kobo for NGN). Never a float."""

    minor: int
    currency: str = CURRENCY

    def __attrs_post_init__(self) -> None:
        issues = []
        if isinstance(self.minor, bool) or not isinstance(self.minor, int):
            issues.append(
                FieldIssue(
                    "amount",
                    "must be a whole number of minor units (kobo), an int; "
                    f"got {type(self.minor).__name__} {self.minor!r}",
                )
            )
        elif self.minor < 0:
            issues.append(
                FieldIssue("amount", f"must be 0 or more minor units (kobo); got {self.minor}")
            )
        if not isinstance(self.currency, str) or not _CURRENCY.fullmatch(self.currency):
            issues.append(FieldIssue("currency", _currency_issue(self.currency)))
        if issues:
            raise InvalidAmount(issues)

    @property
    def major(self) -> str:
        """The amount in the major unit, for people: ``1,500.00``."""
        return f"{self.minor // 100:,}.{self.minor % 100:02d}"


class Interval(enum.Enum):
    """How often a plan renews."""

    MONTHLY = "monthly"


@attrs.frozen(kw_only=True)
class Plan:
    """A subscription plan (spec: the subscription plan definition)."""

    id: str
    name: str
    price: Money
    interval: Interval
    plan_code: str | None
    """The provider's plan code, from configuration."""
    features: tuple[str, ...]

    @property
    def amount(self) -> int:
        """The price in the major unit, as the spec's plan definition states it (1500)."""
        return self.price.minor // 100


def premium_plan(plan_code: str | None = None) -> Plan:
    """The Premium Plan: 1,500 naira (150,000 kobo) a month."""
    return Plan(
        id="premium",
        name="Premium Plan",
        price=Money(150_000, CURRENCY),
        interval=Interval.MONTHLY,
        plan_code=plan_code or None,
        features=PREMIUM_FEATURES,
    )


def new_reference(now: datetime, random_part: str) -> str:
    """A payment reference ``txn-{timestamp}-{random}``: milliseconds since the epoch (as the
    web app's ``Date.now()``) and a lowercase alphanumeric random part. The spec's
    ``txn_{timestamp}_{random}`` with ``-`` for ``_``: Paystack allows only letters, digits,
    ``-``, ``.`` and ``=`` in a reference."""
    reference = f"txn-{int(now.timestamp() * 1000)}-{random_part}"
    if not REFERENCE.fullmatch(reference):
        raise ValueError(f"not a valid reference: {reference!r}")
    return reference


def is_reference(value: object) -> bool:
    """Whether a value has the shape of one of our references, new (``txn-…-…``) or made
    before references used ``-`` (``txn_…_…``); anything else is refused before any lookup."""
    return isinstance(value, str) and (
        REFERENCE.fullmatch(value) is not None or LEGACY_REFERENCE.fullmatch(value) is not None
    )


def check_upgrade_request(amount: object, currency: object, plan: Plan) -> None:
    """``create-premium-upgrade`` must ask for exactly the plan's price: ``amount`` in kobo and
    ``currency``. Anything else (another amount, a float, a string, a boolean, nothing) is
    refused: the server, not the browser, decides what premium costs."""
    issues = []
    if isinstance(amount, bool) or not isinstance(amount, int) or amount != plan.price.minor:
        issues.append(
            FieldIssue("amount", f"must be {plan.price.minor} (the plan's price in kobo)")
        )
    if currency != plan.price.currency:
        issues.append(FieldIssue("currency", f"must be {plan.price.currency}"))
    if issues:
        raise AmountMismatch(issues)


class PaymentStatus(enum.Enum):
    """Where a payment attempt stands in our books."""

    PENDING = "pending"
    """Created with the provider; the customer may still be paying."""
    SUCCEEDED = "succeeded"
    """Verified as paid and matching; premium was activated by it (exactly once)."""
    FAILED = "failed"
    """The provider says it did not go through (declined, reversed), or nobody paid it within
    :data:`ABANDON_AFTER`."""
    REJECTED = "rejected"
    """The provider says paid, but it does not match what we created: never activates."""


@attrs.frozen(kw_only=True)
class Payment:
    """One payment attempt (table ``payments``): stored before the customer pays, so nothing
    is lost if the browser closes mid-payment."""

    reference: str
    user_id: str
    email: str
    """The customer e-mail given to the provider."""
    plan_id: str
    price: Money
    status: PaymentStatus = PaymentStatus.PENDING
    access_code: str | None = None
    """The provider's access code for the payment widget."""
    provider_status: str | None = None
    """The provider's last word on it (``success``, ``failed``, ``abandoned``…)."""
    failure: str | None = None
    """Why it failed or was rejected (a code from :class:`Rejection` or the provider's)."""
    created_at: datetime
    updated_at: datetime
    paid_at: datetime | None = None
    verified_at: datetime | None = None


@attrs.frozen(kw_only=True)
class ProviderTransaction:
    """What the provider says about a reference (verify answer or webhook event)."""

    reference: str
    status: str
    """``success``, ``failed``, ``abandoned``, ``pending``, ``ongoing``, ``reversed``,
    ``queued`` (Paystack's transaction statuses)."""
    amount_minor: int
    currency: str
    customer_email: str
    paid_at: datetime | None = None
    gateway_response: str | None = None
    """The provider's human text (``Approved``, ``Declined``, ``Insufficient Funds``…)."""
    provider_id: str | None = None


class Rejection(enum.Enum):
    """Why a successful provider answer does not activate premium."""

    AMOUNT_MISMATCH = "amount_mismatch"
    CURRENCY_MISMATCH = "currency_mismatch"
    CUSTOMER_MISMATCH = "customer_mismatch"
    REFERENCE_MISMATCH = "reference_mismatch"


class Outcome(enum.Enum):
    """What a provider answer means for a payment."""

    ACTIVATE = "activate"
    """Paid and matching: mark it succeeded and extend premium (once)."""
    ALREADY_DONE = "already_done"
    """It succeeded before: nothing to do (verify and webhook racing, repeated verifies)."""
    STILL_PENDING = "still_pending"
    """The provider has no final answer yet."""
    FAIL = "fail"
    """The provider says it did not go through."""
    REJECT = "reject"
    """Paid, but not what we created."""


_FINAL_FAILURES = frozenset({"failed", "reversed"})
"""Answers that end a payment. ``abandoned`` is not one: Paystack says it of every
transaction nobody has paid yet, and the customer may still pay (see :data:`ABANDON_AFTER`)."""

ABANDON_AFTER = timedelta(hours=24)
"""A payment the provider still calls unfinished this long after it was created is given up
(failed, ``abandoned``) by the reconciler."""


@attrs.frozen
class Verdict:
    """The outcome, and the reason for a failure or rejection."""

    outcome: Outcome
    reason: str | None = None


def judge(payment: Payment, transaction: ProviderTransaction) -> Verdict:
    """The verification rule: a payment activates premium only if the provider says success
    AND amount, currency, customer and reference match what was created AND the payment has
    not activated before (a reference can never activate twice)."""
    if payment.status is PaymentStatus.SUCCEEDED:
        return Verdict(Outcome.ALREADY_DONE)
    status = transaction.status.strip().lower()
    if payment.status in (PaymentStatus.FAILED, PaymentStatus.REJECTED) and status != "success":
        return Verdict(Outcome.FAIL, payment.failure)
    if status in _FINAL_FAILURES:
        return Verdict(Outcome.FAIL, transaction.gateway_response or status)
    if status != "success":
        return Verdict(Outcome.STILL_PENDING)
    if transaction.reference != payment.reference:
        return Verdict(Outcome.REJECT, Rejection.REFERENCE_MISMATCH.value)
    if transaction.currency.upper() != payment.price.currency:
        return Verdict(Outcome.REJECT, Rejection.CURRENCY_MISMATCH.value)
    if transaction.amount_minor != payment.price.minor:
        return Verdict(Outcome.REJECT, Rejection.AMOUNT_MISMATCH.value)
    if transaction.customer_email.strip().lower() != payment.email.strip().lower():
        return Verdict(Outcome.REJECT, Rejection.CUSTOMER_MISMATCH.value)
    return Verdict(Outcome.ACTIVATE)


class PaymentStanding(enum.Enum):
    """How a payment reads in the customer's payment history."""

    SUCCEEDED = "succeeded"
    """Paid and verified."""
    PENDING = "pending"
    """The customer may still be paying."""
    ABANDONED = "abandoned"
    """Nobody paid it: the customer cancelled the payment window (the provider then answers
    ``abandoned``), or it was given up after :data:`ABANDON_AFTER`."""
    FAILED = "failed"
    """The provider says it did not go through (declined, reversed)."""
    REJECTED = "rejected"
    """Paid, but not what we created."""


def standing(payment: Payment) -> PaymentStanding:
    """The history's word for a payment: a pending one the provider last called ``abandoned``,
    or one failed as ``abandoned``, is abandoned, not pending or failed; others are their
    status."""
    abandoned = (
        payment.status is PaymentStatus.PENDING
        and (payment.provider_status or "").strip().lower() == "abandoned"
    ) or (payment.status is PaymentStatus.FAILED and payment.failure == "abandoned")
    if abandoned:
        return PaymentStanding.ABANDONED
    return PaymentStanding(payment.status.value)


# -- the subscription ------------------------------------------------------------------------


class SubscriptionState(enum.Enum):
    """Where a subscription stands at a moment (none → pending payment → active → grace →
    expired)."""

    NONE = "none"
    PENDING_PAYMENT = "pending_payment"
    ACTIVE = "active"
    GRACE = "grace"
    EXPIRED = "expired"


@attrs.frozen(kw_only=True)
class Subscription:
    """A user's premium subscription (table ``subscriptions``, one per user and plan)."""

    user_id: str
    plan_id: str
    current_period_start: datetime
    current_period_end: datetime
    last_reference: str
    """The payment that started or extended the current period."""
    created_at: datetime
    updated_at: datetime
    expired_at: datetime | None = None
    """When the expiry was applied to the profile (``None`` while it has not been)."""


def add_months(moment: datetime, months: int) -> datetime:
    """The same day and time ``months`` later; a day the month lacks becomes its last day
    (31 January + 1 month = 28 or 29 February)."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def _next_period_end(period_start: datetime, period_end: datetime) -> datetime:
    """One month after ``period_end`` on the subscription's day of the month: an end that was
    clamped to a short month's last day (31 January → 28 February) goes back to the day it
    came from (→ 31 March), so on-time renewals never drift towards the 28th."""
    day = period_end.day
    last_day = calendar.monthrange(period_end.year, period_end.month)[1]
    if day == last_day and period_start.day > day:
        day = period_start.day
    following = add_months(period_end.replace(day=1), 1)
    return following.replace(day=min(day, calendar.monthrange(following.year, following.month)[1]))


def renew(
    subscription: Subscription | None,
    *,
    user_id: str,
    plan: Plan,
    reference: str,
    now: datetime,
) -> Subscription:
    """The subscription after one paid period: a renewal extends from the later of now and the
    current period's end, so paying early loses nothing and paying late does not backdate.
    Renewals that are always on time keep the first period's day of the month: the n-th
    period ends exactly ``add_months(first start, n)``."""
    if plan.interval is not Interval.MONTHLY:  # pragma: no cover - one interval exists
        raise ValueError(f"unknown interval {plan.interval}")
    if subscription is None:
        return Subscription(
            user_id=user_id,
            plan_id=plan.id,
            current_period_start=now,
            current_period_end=add_months(now, 1),
            last_reference=reference,
            created_at=now,
            updated_at=now,
        )
    if now > subscription.current_period_end:  # late: a fresh month from now
        start, end = now, add_months(now, 1)
    else:  # on time: the next month follows the current one, on its day of the month
        start = subscription.current_period_end
        end = _next_period_end(subscription.current_period_start, start)
    return attrs.evolve(
        subscription,
        current_period_start=start,
        current_period_end=end,
        last_reference=reference,
        updated_at=now,
        expired_at=None,
    )


def state_at(
    subscription: Subscription | None, now: datetime, *, pending_payment: bool = False
) -> SubscriptionState:
    """The state at ``now``: active until the period's end, in grace for
    :data:`GRACE_PERIOD` after it, then expired. Without a subscription it is pending while a
    payment is pending, else none."""
    if subscription is None:
        return SubscriptionState.PENDING_PAYMENT if pending_payment else SubscriptionState.NONE
    if now < subscription.current_period_end:
        return SubscriptionState.ACTIVE
    if now < subscription.current_period_end + GRACE_PERIOD:
        return SubscriptionState.GRACE
    return SubscriptionState.EXPIRED


def profile_status(state: SubscriptionState) -> tuple[str | None, str | None]:
    """The profile's ``(subscription_status, subscription_plan)`` for a state: premium (active)
    while active or in grace; ``expired`` after; untouched (``None``) otherwise."""
    if state in (SubscriptionState.ACTIVE, SubscriptionState.GRACE):
        return "active", "premium"
    if state is SubscriptionState.EXPIRED:
        return "expired", "premium"
    return None, None

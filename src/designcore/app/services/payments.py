"""The premium subscription's use cases: create the upgrade payment, verify it, take the
provider's webhooks, reconcile what stayed pending, and expire what ran out.

Every path that can activate premium goes through :meth:`PaymentService._apply`, which locks the
payment's row, asks the domain (:func:`designcore.domain.payments.judge`) what the provider's
answer means, and — only for a payment that has not succeeded before — marks it succeeded,
renews the subscription and turns the profile premium in the same transaction. So a verify
and a webhook racing for one reference activate once, and a reference can never activate
twice or for another user.
"""

from __future__ import annotations

import logging
import secrets
import string
from collections.abc import Callable
from typing import Any

import attrs

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, Unavailable, ValidationFailed
from designcore.domain.payments import (
    ABANDON_AFTER,
    CURRENCY,
    CUSTOMER_DEADLINE,
    GRACE_PERIOD,
    RECONCILE_AFTER,
    Outcome,
    Payment,
    PaymentStatus,
    Plan,
    ProviderTransaction,
    SubscriptionState,
    check_upgrade_request,
    is_reference,
    judge,
    new_reference,
    profile_status,
    renew,
    state_at,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock
from designcore.ports.payments import PaymentGateway

log = logging.getLogger(__name__)

_RANDOM_ALPHABET = string.ascii_lowercase + string.digits
RECONCILE_BATCH = 100
"""Pending payments the reconciler checks per run (oldest first)."""
EXPIRE_BATCH = 500
"""Subscriptions the expiry job looks at per run."""


class InvalidReference(ValidationFailed):
    """A reference that is not one of ours in shape."""

    code = "invalid_reference"


STARTING_LATER = (
    "the payment provider did not answer in time; nothing was charged, please try again in a "
    "few minutes"
)
"""What a customer is told when the provider does not answer a new payment in time."""
CONFIRMING_LATER = (
    "the payment provider did not answer in time; your payment is kept pending and is "
    "confirmed automatically once the provider answers, so please check again in a few minutes"
)
"""What a customer is told when the provider does not answer a verification in time."""


@attrs.frozen
class Upgrade:
    """What ``create-premium-upgrade`` answers: the popup opens with the access code."""

    reference: str
    access_code: str
    authorization_url: str


class PaymentService:
    """The payments use cases over the accounts unit of work and a payment gateway."""

    def __init__(
        self,
        *,
        accounts: Callable[[], AccountsUnitOfWork],
        gateway: PaymentGateway,
        plan: Plan,
        clock: Clock,
        callback_url: str | None = None,
        events: EventRecorder = NO_EVENTS,
    ) -> None:
        self._accounts = accounts
        self._gateway = gateway
        self.plan = plan
        self._clock = clock
        self._callback_url = callback_url
        self._events = events

    def public_key(self) -> str:
        """The provider's public key, for the payment popup."""
        return self._gateway.public_key()

    # -- creating ----------------------------------------------------------------------

    def create_upgrade(self, user_id: str, amount: object, currency: object = CURRENCY) -> Upgrade:
        """Create the premium payment for a signed-in user, who must ask for exactly the
        plan's price: ``amount`` in kobo and ``currency`` (``amount_mismatch`` otherwise). The
        attempt is stored before the provider is called, so it is never lost. A provider that
        refuses it fails it (``provider_refused``). One that does not answer within
        :data:`CUSTOMER_DEADLINE` (or whose answer was lost) leaves it pending and raises
        ``Unavailable``: whether the provider created the transaction is unknown, so the
        reconciler asks later and settles it by the provider's own word (never paid: failed;
        unknown to the provider: failed ``payment_not_found``)."""
        check_upgrade_request(amount, currency, self.plan)
        now = self._clock.now()
        random_part = "".join(secrets.choice(_RANDOM_ALPHABET) for _ in range(9))
        reference = new_reference(now, random_part)
        with self._accounts() as uow:
            user = uow.users.get(user_id)
            payment = Payment(
                reference=reference,
                user_id=user.id,
                email=user.email,
                plan_id=self.plan.id,
                price=self.plan.price,
                created_at=now,
                updated_at=now,
            )
            uow.payments.add(payment)
            uow.commit()
        try:
            made = self._gateway.initialize(
                email=payment.email,
                amount=payment.price,
                reference=reference,
                callback_url=self._callback_url,
                metadata={"user_id": user_id, "plan": self.plan.id},
                within=CUSTOMER_DEADLINE,
            )
        except NotAllowed as error:
            self._record(reference, status=PaymentStatus.FAILED, failure=error.code)
            raise
        except Unavailable as error:
            log.warning("payment %s left pending: %s", reference, error.message)
            raise Unavailable(STARTING_LATER, code=error.code) from None
        self._record(reference, access_code=made.access_code)
        self._events.capture("upgrade_started", user_id, step="payment_started")
        return Upgrade(reference, made.access_code, made.authorization_url)

    def _record(self, reference: str, **changes: Any) -> None:
        with self._accounts() as uow:
            payment = uow.payments.get_for_update(reference)
            if payment is None:  # pragma: no cover - stored just before
                raise NotFound(f"no payment {reference}", code="payment_not_found")
            uow.payments.update(attrs.evolve(payment, updated_at=self._clock.now(), **changes))
            uow.commit()

    # -- verifying ---------------------------------------------------------------------

    def verify(self, user_id: str, reference: object) -> Payment:
        """``verify-premium-payment``: ask the provider about the caller's own payment and
        apply the answer. Someone else's reference is ``payment_not_found`` (as an unknown
        one). A provider that does not answer within :data:`CUSTOMER_DEADLINE` leaves the
        payment pending (the reconciler asks again later) and raises
        ``provider_unavailable``."""
        if not is_reference(reference):
            raise InvalidReference([FieldIssue("reference", "must be a payment reference")])
        assert isinstance(reference, str)
        with self._accounts() as uow:
            payment = uow.payments.get(reference)
        if payment is None or payment.user_id != user_id:
            raise NotFound("no such payment", code="payment_not_found")
        if payment.status is PaymentStatus.SUCCEEDED:
            return payment
        try:
            transaction = self._gateway.verify(reference, within=CUSTOMER_DEADLINE)
        except Unavailable as error:
            log.warning("payment %s not verified yet: %s", reference, error.message)
            raise Unavailable(CONFIRMING_LATER, code=error.code) from None
        return self._apply(reference, transaction)

    def handle_webhook(self, raw_body: bytes, signature: str | None) -> str:
        """A provider event: checked (``invalid_signature`` otherwise), then applied to the
        payment it names if it is ours. Answers what happened, for the log."""
        event = self._gateway.parse_webhook(raw_body, signature)
        transaction = event.transaction
        if transaction is None or not is_reference(transaction.reference):
            return f"ignored {event.event}"
        with self._accounts() as uow:
            known = uow.payments.get(transaction.reference)
        if known is None:
            return f"ignored {event.event} for an unknown reference"
        applied = self._apply(transaction.reference, transaction)
        return f"{event.event}: {applied.reference} is {applied.status.value}"

    def _apply(self, reference: str, transaction: ProviderTransaction) -> Payment:
        """Apply the provider's word to a payment, in one transaction with the row locked."""
        now = self._clock.now()
        with self._accounts() as uow:
            payment = uow.payments.get_for_update(reference)
            if payment is None:
                raise NotFound("no such payment", code="payment_not_found")
            verdict = judge(payment, transaction)
            if verdict.outcome is Outcome.ALREADY_DONE:
                return payment
            changed = attrs.evolve(
                payment, provider_status=transaction.status, verified_at=now, updated_at=now
            )
            if verdict.outcome is Outcome.ACTIVATE:
                changed = attrs.evolve(
                    changed,
                    status=PaymentStatus.SUCCEEDED,
                    paid_at=transaction.paid_at or now,
                    failure=None,
                )
                self._activate(uow, changed)
            elif verdict.outcome is Outcome.FAIL:
                changed = attrs.evolve(changed, status=PaymentStatus.FAILED, failure=verdict.reason)
            elif verdict.outcome is Outcome.REJECT:
                log.warning("payment %s rejected: %s", reference, verdict.reason)
                changed = attrs.evolve(
                    changed, status=PaymentStatus.REJECTED, failure=verdict.reason
                )
            uow.payments.update(changed)
            uow.commit()
        self._capture_outcome(changed)
        return changed

    def _capture_outcome(self, payment: Payment) -> None:
        if payment.status is PaymentStatus.SUCCEEDED:
            self._events.capture(
                "payment_succeeded",
                payment.user_id,
                reference=payment.reference,
                amount=payment.price.minor,
            )
        elif payment.status in (PaymentStatus.FAILED, PaymentStatus.REJECTED):
            self._events.capture(
                "payment_failed",
                payment.user_id,
                reference=payment.reference,
                reason=payment.failure,
            )

    def _activate(self, uow: AccountsUnitOfWork, payment: Payment) -> None:
        now = self._clock.now()
        current = uow.subscriptions.get(payment.user_id, payment.plan_id)
        renewed = renew(
            current, user_id=payment.user_id, plan=self.plan, reference=payment.reference, now=now
        )
        uow.subscriptions.put(renewed)
        self._set_profile(uow, payment.user_id, SubscriptionState.ACTIVE)
        log.info("premium for %s until %s", payment.user_id, renewed.current_period_end)

    def _set_profile(self, uow: AccountsUnitOfWork, user_id: str, state: SubscriptionState) -> None:
        status, plan = profile_status(state)
        if status is None:
            return
        profile = uow.profiles.get(user_id)
        if (profile.subscription_status, profile.subscription_plan) != (status, plan):
            uow.profiles.update(
                attrs.evolve(
                    profile,
                    subscription_status=status,
                    subscription_plan=plan,
                    updated_at=self._clock.now(),
                )
            )

    # -- housekeeping ------------------------------------------------------------------

    def reconcile(self) -> dict[str, int]:
        """Verify payments pending for more than :data:`RECONCILE_AFTER` (the browser closed,
        the webhook was lost, the provider timed out); one still unpaid after
        :data:`ABANDON_AFTER` is given up. Answers counts by outcome."""
        now = self._clock.now()
        with self._accounts() as uow:
            pending = list(uow.payments.pending_before(now - RECONCILE_AFTER, RECONCILE_BATCH))
        counts = {"checked": 0, "succeeded": 0, "failed": 0, "pending": 0, "unreachable": 0}
        for payment in pending:
            counts["checked"] += 1
            try:
                transaction = self._gateway.verify(payment.reference)
            except Unavailable:
                counts["unreachable"] += 1
                continue
            except NotFound:
                # The provider itself says it never saw the reference (a proxy's 404 is
                # Unavailable): nobody can have paid it. verified_at tells these apart from
                # rows failed by the old any-404 rule, which migration 0010 reopened.
                log.warning("payment %s: the provider has no such reference", payment.reference)
                self._record(
                    payment.reference,
                    status=PaymentStatus.FAILED,
                    failure="payment_not_found",
                    verified_at=self._clock.now(),
                )
                counts["failed"] += 1
                continue
            applied = self._apply(payment.reference, transaction)
            if applied.status is PaymentStatus.PENDING and payment.created_at < now - ABANDON_AFTER:
                self._record(payment.reference, status=PaymentStatus.FAILED, failure="abandoned")
                applied = attrs.evolve(applied, status=PaymentStatus.FAILED)
            key = {
                PaymentStatus.SUCCEEDED: "succeeded",
                PaymentStatus.PENDING: "pending",
            }.get(applied.status, "failed")
            counts[key] += 1
        return counts

    def expire(self) -> dict[str, int]:
        """End premium for subscriptions past their period plus :data:`GRACE_PERIOD`: the
        profile's status becomes ``expired``. A subscription renewed meanwhile is left alone."""
        now = self._clock.now()
        with self._accounts() as uow:
            ended = list(uow.subscriptions.ended_before(now - GRACE_PERIOD, EXPIRE_BATCH))
        expired = 0
        for candidate in ended:
            with self._accounts() as uow:
                subscription = uow.subscriptions.get(candidate.user_id, candidate.plan_id)
                if subscription is None or subscription.expired_at is not None:
                    continue
                if state_at(subscription, now) is not SubscriptionState.EXPIRED:
                    continue
                uow.subscriptions.put(attrs.evolve(subscription, expired_at=now, updated_at=now))
                self._set_profile(uow, subscription.user_id, SubscriptionState.EXPIRED)
                uow.commit()
                expired += 1
        return {"expired": expired}

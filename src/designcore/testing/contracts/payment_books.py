"""The contract of the payment books of the accounts unit of work: ``payments`` and
``subscriptions`` (:class:`~designcore.ports.payments.PaymentRepository`,
:class:`~designcore.ports.payments.SubscriptionRepository`).

Subclass :class:`PaymentBooksContract` and give it a ``uow_factory`` fixture, as for
:class:`~designcore.testing.contracts.accounts.AccountsContract`.
"""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs

from designcore.domain.accounts import User
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.payments import (
    Money,
    Payment,
    PaymentStatus,
    Subscription,
    add_months,
    premium_plan,
    renew,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.testing._requires import missing
from designcore.testing.contracts.accounts import (
    EPOCH,
    LAGOS,
    Factory,
    at,
    make_profile,
    make_user,
    new_id,
    store,
    store_users,
)

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["PaymentBooksContract"]


PLAN = premium_plan("PLN_test")


def make_payment(user_id: str, **overrides: Any) -> Payment:
    fields: dict[str, Any] = {
        "reference": f"txn_{1_793_000_000_000 + len(overrides)}_{uuid.uuid4().hex[:12]}",
        "user_id": user_id,
        "email": "ada@example.com",
        "plan_id": PLAN.id,
        "price": PLAN.price,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return Payment(**fields)


def make_subscription(user_id: str, **overrides: Any) -> Subscription:
    fields: dict[str, Any] = {
        "user_id": user_id,
        "plan_id": PLAN.id,
        "current_period_start": EPOCH,
        "current_period_end": add_months(EPOCH, 1),
        "last_reference": "txn_1793000000000_abcd",
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return Subscription(**fields)


def store_payments(uow_factory: Factory, *payments: Payment) -> None:
    """Commit ``payments``."""
    store(uow_factory, "payments", *payments)


def store_subscriptions(uow_factory: Factory, *subscriptions: Subscription) -> None:
    """Commit ``subscriptions``."""
    store(uow_factory, "subscriptions", *subscriptions, method="put")


class _Payments:
    def test_round_trip_of_every_field(self, uow_factory: Factory, user: User) -> None:
        """A payment with every field set comes back equal (datetimes timezone-aware), by
        get and by get_for_update."""
        payment = make_payment(
            user.id,
            email="Ada.Lovelace@Example.com",
            price=Money(2**40 + 7, "NGN"),  # beyond 32 bits: the column is a bigint
            status=PaymentStatus.REJECTED,
            access_code="ac_0123456789abcdef",
            provider_status="success",
            failure="amount_mismatch",
            created_at=datetime(2026, 11, 2, 10, 30, 15, 123456, tzinfo=LAGOS),
            updated_at=at(90.5),
            paid_at=at(60),
            verified_at=at(75),
        )
        store_payments(uow_factory, payment)
        with uow_factory() as uow:
            got = uow.payments.get(payment.reference)
            locked = uow.payments.get_for_update(payment.reference)
        assert payment == got
        assert payment == locked
        assert got is not None
        assert None is not got.created_at.utcoffset()
        assert 2**40 + 7 == got.price.minor

    def test_defaults_round_trip(self, uow_factory: Factory, user: User) -> None:
        """A freshly created payment (pending, no provider answer yet) comes back equal."""
        payment = make_payment(user.id)
        store_payments(uow_factory, payment)
        with uow_factory() as uow:
            assert payment == uow.payments.get(payment.reference)
            assert PaymentStatus.PENDING is uow.payments.get(payment.reference).status  # type: ignore[union-attr]

    def test_unknown_reference(self, uow_factory: Factory) -> None:
        """An unknown reference is None for both reads."""
        with uow_factory() as uow:
            assert None is uow.payments.get("txn_1793000000000_nope")
            assert None is uow.payments.get_for_update("txn_1793000000000_nope")

    def test_duplicate_reference_conflicts(self, uow_factory: Factory, user: User) -> None:
        """Adding a taken reference is Conflict duplicate_reference; the first is untouched
        and the unit of work can go on and commit."""
        first = make_payment(user.id)
        store_payments(uow_factory, first)
        later = make_payment(user.id)
        with uow_factory() as uow:
            with pytest.raises(Conflict) as raised:
                uow.payments.add(make_payment(new_id(), reference=first.reference, email="x@y.z"))
            assert "duplicate_reference" == raised.value.code
            uow.payments.add(later)
            uow.commit()
        with uow_factory() as uow:
            assert first == uow.payments.get(first.reference)
            assert later == uow.payments.get(later.reference)

    def test_payments_outlive_accounts(self, uow_factory: Factory) -> None:
        """A payment is a financial record: it needs no stored account to be kept."""
        payment = make_payment(new_id())
        store_payments(uow_factory, payment)
        with uow_factory() as uow:
            assert payment == uow.payments.get(payment.reference)

    def test_update_overwrites_every_field(self, uow_factory: Factory, user: User) -> None:
        """Update replaces status, provider answer, failure and times."""
        payment = make_payment(user.id, access_code="ac_1")
        store_payments(uow_factory, payment)
        done = attrs.evolve(
            payment,
            status=PaymentStatus.SUCCEEDED,
            access_code="ac_2",
            provider_status="success",
            failure=None,
            updated_at=at(120),
            paid_at=at(100),
            verified_at=at(120),
        )
        with uow_factory() as uow:
            uow.payments.update(done)
            uow.commit()
        with uow_factory() as uow:
            assert done == uow.payments.get(payment.reference)

    def test_update_of_an_unknown_payment(self, uow_factory: Factory, user: User) -> None:
        """Updating a reference that was never added is NotFound and stores nothing."""
        ghost = make_payment(user.id)
        with uow_factory() as uow:
            with pytest.raises(NotFound) as raised:
                uow.payments.update(ghost)
            assert "payment_not_found" == raised.value.code
            assert None is uow.payments.get(ghost.reference)

    def test_pending_before_oldest_first_with_limit(self, uow_factory: Factory, user: User) -> None:
        """Only pending payments created strictly before the moment, oldest first (equal
        times by reference), at most ``limit``."""
        old = make_payment(user.id, created_at=at(0))
        tie_a = make_payment(user.id, reference="txn_1793000000000_aaaa", created_at=at(10))
        tie_b = make_payment(user.id, reference="txn_1793000000000_bbbb", created_at=at(10))
        other_user = make_payment(new_id(), created_at=at(20).astimezone(LAGOS))
        succeeded = make_payment(user.id, status=PaymentStatus.SUCCEEDED, created_at=at(1))
        failed = make_payment(user.id, status=PaymentStatus.FAILED, created_at=at(2))
        rejected = make_payment(user.id, status=PaymentStatus.REJECTED, created_at=at(3))
        at_moment = make_payment(user.id, created_at=at(30))
        store_payments(
            uow_factory, at_moment, tie_b, rejected, other_user, old, failed, tie_a, succeeded
        )
        with uow_factory() as uow:
            assert [old, tie_a, tie_b, other_user] == list(uow.payments.pending_before(at(30), 10))
            assert [old, tie_a] == list(uow.payments.pending_before(at(30), 2))
            assert [] == list(uow.payments.pending_before(at(30), 0))
            assert [] == list(uow.payments.pending_before(at(0), 10))

    def test_for_user_newest_first_with_limit(self, uow_factory: Factory, user: User) -> None:
        """A user's payments whatever their status, newest first, at most ``limit``; nobody
        else's."""
        first = make_payment(user.id, created_at=at(0), status=PaymentStatus.FAILED)
        second = make_payment(user.id, created_at=at(60), status=PaymentStatus.SUCCEEDED)
        third = make_payment(user.id, created_at=at(120).astimezone(LAGOS))
        store_payments(uow_factory, second, make_payment(new_id(), created_at=at(90)), third, first)
        with uow_factory() as uow:
            assert [third, second, first] == list(uow.payments.for_user(user.id, 10))
            assert [third, second] == list(uow.payments.for_user(user.id, 2))
            assert [] == list(uow.payments.for_user(new_id(), 10))

    def test_for_user_pages_with_offset_and_counts(self, uow_factory: Factory, user: User) -> None:
        """``offset`` skips the newest; ``count_for_user`` counts a user's payments only."""
        mine = [make_payment(user.id, created_at=at(n * 60)) for n in range(5)]
        store_payments(uow_factory, *mine, make_payment(new_id(), created_at=at(30)))
        with uow_factory() as uow:
            assert [mine[2], mine[1]] == list(uow.payments.for_user(user.id, 2, 2))
            assert [mine[0]] == list(uow.payments.for_user(user.id, 2, 4))
            assert [] == list(uow.payments.for_user(user.id, 2, 5))
            assert 5 == uow.payments.count_for_user(user.id)
            assert 0 == uow.payments.count_for_user(new_id())

    def test_payers_between_counts_distinct_people(self, uow_factory: Factory) -> None:
        """Distinct starters by ``created_at`` and distinct payers by ``paid_at`` within the
        half-open span; failures start but never succeed, and moments outside are left out."""
        base = at(400 * 86_400)  # a span of its own: the books are shared by the suite
        ada, bola, kemi = new_id(), new_id(), new_id()
        store_payments(
            uow_factory,
            make_payment(ada, created_at=base, status=PaymentStatus.FAILED),
            make_payment(
                ada, created_at=base, status=PaymentStatus.SUCCEEDED, paid_at=base.astimezone(LAGOS)
            ),
            make_payment(
                bola,
                created_at=base - timedelta(hours=1),
                status=PaymentStatus.SUCCEEDED,
                paid_at=base + timedelta(minutes=5),
            ),
            make_payment(kemi, created_at=base + timedelta(days=1)),
        )
        with uow_factory() as uow:
            assert (1, 2) == uow.payments.payers_between(base, base + timedelta(days=1))
            assert (3, 2) == uow.payments.payers_between(
                base - timedelta(hours=1), base + timedelta(days=2)
            )
            assert (0, 0) == uow.payments.payers_between(
                base - timedelta(days=9), base - timedelta(days=8)
            )

    def test_a_negative_limit_is_refused(self, uow_factory: Factory) -> None:
        """A negative limit is a programming error, not 'no limit'."""
        with uow_factory() as uow:
            with pytest.raises(ValueError):
                uow.payments.pending_before(EPOCH, -1)
            with pytest.raises(ValueError):
                uow.payments.for_user(new_id(), -1)
            with pytest.raises(ValueError):
                uow.subscriptions.ended_before(EPOCH, -1)


class _Subscriptions:
    def test_subscriptions_round_trip_of_every_field(
        self, uow_factory: Factory, user: User
    ) -> None:
        """A subscription with every field set comes back equal, datetimes timezone-aware."""
        subscription = make_subscription(
            user.id,
            current_period_start=datetime(2026, 1, 31, 23, 30, 0, 250, tzinfo=LAGOS),
            current_period_end=datetime(2026, 2, 28, 23, 30, 0, 250, tzinfo=LAGOS),
            created_at=at(-86400),
            updated_at=at(5),
            expired_at=at(6),
        )
        store_subscriptions(uow_factory, subscription)
        with uow_factory() as uow:
            got = uow.subscriptions.get(user.id, PLAN.id)
        assert subscription == got
        assert got is not None
        assert None is not got.current_period_end.utcoffset()

    def test_unknown_subscription(self, uow_factory: Factory, user: User) -> None:
        """No subscription is None, for a known and an unknown user."""
        with uow_factory() as uow:
            assert None is uow.subscriptions.get(user.id, PLAN.id)
            assert None is uow.subscriptions.get(new_id(), PLAN.id)

    def test_put_overwrites(self, uow_factory: Factory, user: User) -> None:
        """Putting again replaces the subscription (a renewal), expiry cleared included."""
        first = make_subscription(user.id, expired_at=at(10))
        store_subscriptions(uow_factory, first)
        renewed = renew(
            first, user_id=user.id, plan=PLAN, reference="txn_1793000000001_efgh", now=at(3600)
        )
        store_subscriptions(uow_factory, renewed)
        with uow_factory() as uow:
            assert renewed == uow.subscriptions.get(user.id, PLAN.id)
            assert None is uow.subscriptions.get(user.id, PLAN.id).expired_at  # type: ignore[union-attr]

    def test_one_per_user_and_plan(self, uow_factory: Factory, user: User) -> None:
        """Plans of one user and users of one plan are kept apart."""
        other = make_user()
        store_users(uow_factory, other)
        mine = make_subscription(user.id)
        mine_other_plan = make_subscription(user.id, plan_id="gold", last_reference="g")
        theirs = make_subscription(other.id, last_reference="t")
        store_subscriptions(uow_factory, mine, mine_other_plan, theirs)
        with uow_factory() as uow:
            assert mine == uow.subscriptions.get(user.id, PLAN.id)
            assert mine_other_plan == uow.subscriptions.get(user.id, "gold")
            assert theirs == uow.subscriptions.get(other.id, PLAN.id)

    def test_a_subscription_needs_its_user(self, uow_factory: Factory) -> None:
        """A subscription of an unknown user is a Conflict (it goes with its user)."""
        with uow_factory() as uow, pytest.raises(Conflict):
            uow.subscriptions.put(make_subscription(new_id()))

    def test_ended_before_unexpired_oldest_first_with_limit(
        self, uow_factory: Factory, user: User
    ) -> None:
        """Only unexpired subscriptions whose period ended strictly before the moment, the
        oldest end first, at most ``limit``."""
        users = [make_user() for _ in range(4)]
        store_users(uow_factory, *users)
        oldest = make_subscription(users[0].id, current_period_end=at(-7200))
        older = make_subscription(users[1].id, current_period_end=at(-3600).astimezone(LAGOS))
        expired = make_subscription(users[2].id, current_period_end=at(-9000), expired_at=at(-1))
        at_moment = make_subscription(users[3].id, current_period_end=at(0))
        running = make_subscription(user.id, current_period_end=at(86400))
        store_subscriptions(uow_factory, running, at_moment, older, expired, oldest)
        with uow_factory() as uow:
            assert [oldest, older] == list(uow.subscriptions.ended_before(at(0), 10))
            assert [oldest] == list(uow.subscriptions.ended_before(at(0), 1))
            assert [] == list(uow.subscriptions.ended_before(at(0), 0))
            assert [oldest, older, at_moment] == list(uow.subscriptions.ended_before(at(1), 10))


def activate(uow: AccountsUnitOfWork, payment: Payment, user: User, now: datetime) -> None:
    """What verification does on success: the payment, the subscription and the profile."""
    uow.payments.update(
        attrs.evolve(payment, status=PaymentStatus.SUCCEEDED, updated_at=now, verified_at=now)
    )
    current = uow.subscriptions.get(user.id, PLAN.id)
    uow.subscriptions.put(
        renew(current, user_id=user.id, plan=PLAN, reference=payment.reference, now=now)
    )
    profile = uow.profiles.get(user.id)
    uow.profiles.update(
        attrs.evolve(profile, subscription_status="active", subscription_plan="premium")
    )


class _OneTransaction:
    def test_leaving_without_commit_keeps_nothing(self, uow_factory: Factory, user: User) -> None:
        """An added payment, a put subscription and a premium profile are all gone when the
        unit of work ends without a commit."""
        payment = make_payment(user.id)
        with uow_factory() as uow:
            uow.payments.add(payment)
            activate(uow, payment, user, at(10))
            assert PaymentStatus.SUCCEEDED is uow.payments.get(payment.reference).status  # type: ignore[union-attr]
        with uow_factory() as uow:
            assert None is uow.payments.get(payment.reference)
            assert None is uow.subscriptions.get(user.id, PLAN.id)
            assert None is uow.profiles.get(user.id).subscription_status

    def test_an_exception_rolls_back_the_activation(self, uow_factory: Factory, user: User) -> None:
        """A failure after the payment was marked succeeded leaves it pending and the user
        without premium."""
        payment = make_payment(user.id)
        store_payments(uow_factory, payment)

        def fail_midway() -> None:
            with uow_factory() as uow:
                activate(uow, payment, user, at(10))
                raise RuntimeError("the mail server fell over")

        with pytest.raises(RuntimeError):
            fail_midway()
        with uow_factory() as uow:
            assert payment == uow.payments.get(payment.reference)
            assert None is uow.subscriptions.get(user.id, PLAN.id)
            assert None is uow.profiles.get(user.id).subscription_status

    def test_commit_makes_all_three_visible(self, uow_factory: Factory, user: User) -> None:
        """After a commit the payment, the subscription and the profile changed together."""
        payment = make_payment(user.id)
        store_payments(uow_factory, payment)
        with uow_factory() as uow:
            activate(uow, payment, user, at(10))
            uow.commit()
        with uow_factory() as uow:
            assert PaymentStatus.SUCCEEDED is uow.payments.get(payment.reference).status  # type: ignore[union-attr]
            subscription = uow.subscriptions.get(user.id, PLAN.id)
            assert subscription is not None
            assert (payment.reference, add_months(at(10), 1)) == (
                subscription.last_reference,
                subscription.current_period_end,
            )
            assert "active" == uow.profiles.get(user.id).subscription_status


def verify_once(uow_factory: Factory, reference: str, user: User, start: threading.Barrier) -> bool:
    """One verification: lock the payment, and only if it is still pending, activate it.
    The pause between the read and the write lets an unlocked rival read it pending too."""
    start.wait()
    with uow_factory() as uow:
        payment = uow.payments.get_for_update(reference)
        assert payment is not None
        time.sleep(0.05)
        if payment.status is not PaymentStatus.PENDING:
            return False
        activate(uow, payment, user, datetime.now(UTC))
        uow.commit()
        return True


class _Concurrency:
    @pytest.mark.parametrize("threads", [2, 6])
    def test_a_payment_activates_once(self, uow_factory: Factory, user: User, threads: int) -> None:
        """Verifications racing on one pending payment (verify and webhook): exactly one
        activates it and the subscription is extended by exactly one month."""
        payment = make_payment(user.id)
        store_payments(uow_factory, payment)
        start = threading.Barrier(threads)
        before = datetime.now(UTC)
        with ThreadPoolExecutor(threads) as pool:
            outcomes = list(
                pool.map(
                    lambda _: verify_once(uow_factory, payment.reference, user, start),
                    range(threads),
                )
            )
        after = datetime.now(UTC)
        assert 1 == outcomes.count(True)
        with uow_factory() as uow:
            assert PaymentStatus.SUCCEEDED is uow.payments.get(payment.reference).status  # type: ignore[union-attr]
            subscription = uow.subscriptions.get(user.id, PLAN.id)
        assert subscription is not None
        assert subscription.current_period_end == add_months(subscription.current_period_start, 1)
        assert before <= subscription.current_period_start <= after


class PaymentBooksContract(_Payments, _Subscriptions, _OneTransaction, _Concurrency):
    """Every rule of the payment books. A subclass gives it a ``uow_factory`` fixture
    answering new units of work over empty accounts."""

    @pytest.fixture(name="user")
    def fixture_user(self, uow_factory: Factory) -> User:
        """A committed user with a profile."""
        user = make_user()
        store_users(uow_factory, user)
        store(uow_factory, "profiles", make_profile(user))
        return user

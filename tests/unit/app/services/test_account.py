"""The Account page's reads, called on the service directly: the caller's own payments, the
credits ledger and its balance, and where the subscription stands over time."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack.sandbox import SUCCESS_CARD, PaystackSandbox
from designcore.app import Container
from designcore.app.services.account import AccountService
from designcore.app.services.auth import IssuedSession
from designcore.app.services.payments import PaymentService
from designcore.domain.errors import NotAllowed
from designcore.domain.pagination import PageRequest
from designcore.domain.payments import GRACE_PERIOD, PaymentStatus, SubscriptionState
from designcore.domain.premium import Viewer

PRICE = 150000
"""The premium plan's price in kobo (₦1,500)."""


@pytest.fixture(name="account")
def fixture_account(memory_container: Container) -> AccountService:
    """The account service of the in-memory container."""
    service: AccountService = memory_container.account()
    return service


def paid_upgrade(container: Container, user_id: str) -> str:
    """An upgrade paid with the sandbox's success card and verified; answers its reference."""
    payments: PaymentService = container.payments()
    upgrade = payments.create_upgrade(user_id, PRICE, "NGN")
    sandbox: PaystackSandbox = container.paystack_sandbox()
    sandbox.charge_card(upgrade.access_code, number=SUCCESS_CARD.number, cvv="408", expiry="12/40")
    return payments.verify(user_id, upgrade.reference).reference


def referral_code(container: Container, user_id: str) -> str:
    with container.accounts()() as uow:
        code: str = uow.profiles.get(user_id).referral_code
        return code


class TestPayments:
    def test_only_the_callers_payments_newest_first(
        self,
        account: AccountService,
        memory_container: Container,
        sign_up: Callable[..., IssuedSession],
        clock: FixedClock,
    ) -> None:
        """A paid and a later pending attempt are listed newest first; another member's
        payment is not listed."""
        ada, bola = sign_up("ada@example.com"), sign_up("bola@example.com")
        paid = paid_upgrade(memory_container, ada.user.id)
        clock.advance(timedelta(minutes=5))
        pending = memory_container.payments().create_upgrade(ada.user.id, PRICE, "NGN").reference
        paid_upgrade(memory_container, bola.user.id)
        page = account.payments(Viewer(user_id=ada.user.id), PageRequest(1, 10))
        assert [(pending, PaymentStatus.PENDING), (paid, PaymentStatus.SUCCEEDED)] == [
            (p.reference, p.status) for p in page.items
        ]
        assert {(PRICE, "NGN")} == {(p.price.minor, p.price.currency) for p in page.items}

    def test_pages_count_every_attempt(
        self, account: AccountService, memory_container: Container, ada: IssuedSession
    ) -> None:
        """Three attempts on pages of two: two, then one, with the total on each."""
        for _ in range(3):
            memory_container.payments().create_upgrade(ada.user.id, PRICE, "NGN")
        viewer = Viewer(user_id=ada.user.id)
        first, second = (account.payments(viewer, PageRequest(n, 2)) for n in (1, 2))
        assert (2, 1, 3, True, False) == (
            len(first.items),
            len(second.items),
            second.total_count,
            first.has_more,
            second.has_more,
        )


class TestCredits:
    def test_the_balance_is_the_ledgers_sum_newest_first(
        self,
        account: AccountService,
        memory_container: Container,
        sign_up: Callable[..., IssuedSession],
        clock: FixedClock,
    ) -> None:
        """A referral earns the referrer 10; spending 3 leaves 7; the lines are newest
        first."""
        ada = sign_up("ada@example.com")
        sign_up("bola@example.com", referral_code=referral_code(memory_container, ada.user.id))
        clock.advance(timedelta(hours=1))
        memory_container.profiles().spend(ada.user.id, 3, "export-1")
        credits = account.credits(Viewer(user_id=ada.user.id))
        assert 7 == credits.balance
        assert [(-3, "spend"), (10, "referral_referrer")] == [
            (e.delta, e.reason.value) for e in credits.entries
        ]

    def test_no_lines_no_credits(self, account: AccountService, ada: IssuedSession) -> None:
        """A member without ledger lines has a zero balance and no entries."""
        credits = account.credits(Viewer(user_id=ada.user.id))
        assert (0, ()) == (credits.balance, credits.entries)


class TestSubscription:
    def test_from_free_to_active_to_grace_to_expired(
        self,
        account: AccountService,
        memory_container: Container,
        ada: IssuedSession,
        clock: FixedClock,
    ) -> None:
        """Free with no subscription; paid: premium and active until a month later; then in
        grace for three days; then expired and free again."""
        viewer = Viewer(user_id=ada.user.id)
        before = account.subscription(viewer)
        assert ("free", SubscriptionState.NONE, None) == (
            before.plan,
            before.status,
            before.current_period_end,
        )
        paid_upgrade(memory_container, ada.user.id)
        active = account.subscription(viewer)
        assert ("premium", SubscriptionState.ACTIVE) == (active.plan, active.status)
        assert active.current_period_end is not None
        assert (2026, 2, 1) == (
            active.current_period_end.year,
            active.current_period_end.month,
            active.current_period_end.day,
        )
        clock.current = active.current_period_end + timedelta(hours=1)
        assert SubscriptionState.GRACE == account.subscription(viewer).status
        clock.current = active.current_period_end + GRACE_PERIOD
        assert SubscriptionState.EXPIRED == account.subscription(viewer).status

    def test_a_pending_attempt_and_the_premium_switch(
        self, account: AccountService, memory_container: Container, ada: IssuedSession
    ) -> None:
        """An unpaid newest attempt shows pending_payment; switching the premium model off is
        reported."""
        memory_container.payments().create_upgrade(ada.user.id, PRICE, "NGN")
        memory_container.site_settings().set("premium_business_model_enabled", False, by=None)
        answer = account.subscription(Viewer(user_id=ada.user.id))
        assert ("free", SubscriptionState.PENDING_PAYMENT, False) == (
            answer.plan,
            answer.status,
            answer.premium_business_model_enabled,
        )


class TestVisitors:
    def test_a_visitor_has_no_account(self, account: AccountService) -> None:
        """Payments, credits and subscription are sign_in_required for a visitor."""
        calls = [
            lambda: account.payments(Viewer(), PageRequest(1, 10)),
            lambda: account.credits(Viewer()),
            lambda: account.subscription(Viewer()),
        ]
        codes = set()
        for call in calls:
            with pytest.raises(NotAllowed) as refused:
                call()
            codes.add(refused.value.code)
        assert {"sign_in_required"} == codes

"""Payments under concurrent use, on SQLite and PostgreSQL: a verify and the webhook racing for
one payment activate premium once, and two workers' sandboxes racing to charge one transaction
pay it once."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack.sandbox import SUCCESS_CARD, PaystackError, PaystackSandbox
from designcore.app import Container, build_container, load_settings
from designcore.app.seeding import migrate_database
from designcore.app.services.payments import PaymentService
from designcore.domain.payments import PaymentStatus
from support import postgres_schema_settings, store_customer


@pytest.fixture(
    name="container",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_container(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[Container]:
    """A migrated container on the database named by the parameter (real row locks), the
    sandbox without webhook delivery, the fixed clock."""
    if request.param == "sqlite":
        database: Iterator[dict[str, str]] = iter(
            [{"DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'pay.db'}"}]
        )
    else:
        database = postgres_schema_settings()
    container = build_container(
        load_settings(
            {
                **next(database),
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
                "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
                "DESIGNCORE_LOG_LEVEL": "WARNING",
            }
        )
    )
    container.clock.override(clock)
    migrate_database(container)
    try:
        yield container
    finally:
        container.engine().dispose()
        for _ in database:  # drops the PostgreSQL schema
            pass


def card(sandbox: PaystackSandbox, access_code: str) -> str:
    """Charge the success card; answers the charge's status, or the refusal's code."""
    try:
        return sandbox.charge_card(
            access_code, number=SUCCESS_CARD.number, cvv="408", expiry="12/40"
        ).status
    except PaystackError as refused:
        return refused.code


class TestRaces:
    def test_verify_and_webhook_racing_activate_once(self, container: Container) -> None:
        """The signed webhook and several verifications of one paid payment, in parallel:
        one activation, one month of premium."""
        service: PaymentService = container.payments()
        user_id = store_customer(container.accounts(), container.clock().now())
        made = service.create_upgrade(user_id, 150_000, "NGN")
        sandbox: PaystackSandbox = container.paystack_sandbox()
        card(sandbox, made.access_code)
        event = sandbox.events()[-1]

        def race(n: int) -> PaymentStatus:
            if n % 2:
                return service.verify(user_id, made.reference).status
            service.handle_webhook(event.body, event.signature)
            with container.accounts()() as uow:
                payment = uow.payments.get(made.reference)
            assert payment is not None
            return payment.status

        with ThreadPoolExecutor(6) as pool:
            assert {PaymentStatus.SUCCEEDED} == set(pool.map(race, range(6)))
        with container.accounts()() as uow:
            subscription = uow.subscriptions.get(user_id, "premium")
            profile = uow.profiles.get(user_id)
        assert subscription is not None
        assert made.reference == subscription.last_reference
        assert 31 == (subscription.current_period_end - subscription.current_period_start).days
        assert ("active", "premium") == (profile.subscription_status, profile.subscription_plan)

    def test_two_workers_charging_one_transaction_pay_once(self, container: Container) -> None:
        """Two sandboxes over one database (two server workers), eight charges of one
        transaction at once: one succeeds, the others are told it is already paid, and one
        webhook is produced."""
        first: PaystackSandbox = container.paystack_sandbox()
        second = PaystackSandbox(
            transactions=container.sandbox_transactions(),
            public_key=first.public_key,
            secret_key=first.secret_key,
        )
        made = first.initialize(
            email="ada@example.com", amount=150_000, reference="txn-1767225600000-race0001"
        )
        workers = [first, second] * 4
        with ThreadPoolExecutor(8) as pool:
            outcomes = list(pool.map(lambda worker: card(worker, made.access_code), workers))
        assert ["already_paid"] * 7 + ["success"] == sorted(outcomes)
        assert 1 == len(first.events()) + len(second.events())
        assert "success" == second.by_reference(made.reference).status

"""The payment books contract: payments and subscriptions in the accounts unit of work behave
the same in memory, on SQLite and on PostgreSQL."""

from __future__ import annotations

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.sqlalchemy.accounts import SqlAlchemyAccountsUnitOfWork
from designcore.domain.payments import PaymentStatus
from designcore.testing.contracts import PaymentBooksContract
from designcore.testing.contracts.accounts import new_id
from designcore.testing.contracts.payment_books import make_payment, make_subscription

SQL_IMPLEMENTATIONS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


class TestPaymentBooks(PaymentBooksContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""


@pytest.fixture(name="sql_engine", params=SQL_IMPLEMENTATIONS)
def fixture_sql_engine(request: pytest.FixtureRequest) -> sa.Engine:
    """A migrated SQLite or PostgreSQL database."""
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return engine


class TestReadOnly:
    def test_a_reader_neither_locks_nor_writes(self, sql_engine: sa.Engine) -> None:
        """A read-only unit of work reads payments but refuses to lock or write them."""
        payment = make_payment(new_id())
        with SqlAlchemyAccountsUnitOfWork(sql_engine) as uow:
            uow.payments.add(payment)
            uow.commit()
        with SqlAlchemyAccountsUnitOfWork(sql_engine, read_only=True) as reader:
            assert payment == reader.payments.get(payment.reference)
            with pytest.raises(RuntimeError):
                reader.payments.get_for_update(payment.reference)
            with pytest.raises(RuntimeError):
                reader.payments.update(attrs.evolve(payment, status=PaymentStatus.FAILED))
            with pytest.raises(RuntimeError):
                reader.subscriptions.put(make_subscription(new_id()))


class TestSchema:
    def test_the_partial_index_serves_the_expiry_job(self, sql_engine: sa.Engine) -> None:
        """The migration made every index the tables declare, the expiry one partial."""
        inspector = sa.inspect(sql_engine)
        payment_indexes = {i["name"] for i in inspector.get_indexes("payments")}
        assert {"ix_payments_status_created_at", "ix_payments_user_id_newest"} <= payment_indexes
        (expiry,) = [
            i
            for i in inspector.get_indexes("subscriptions")
            if i["name"] == "ix_subscriptions_unexpired_period_end"
        ]
        assert ["current_period_end"] == expiry["column_names"]
        foreign_keys = inspector.get_foreign_keys("payments")
        assert [] == foreign_keys

"""The ``SandboxTransactionRepository`` contract, in memory, on SQLite and on PostgreSQL: the
payment sandbox's transactions round-trip exactly, keys are unique, and a change is stored only
over the version it was made from."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.sqlalchemy.sandbox import SqlAlchemySandboxTransactionRepository
from designcore.domain.errors import Conflict
from designcore.domain.sandbox import SandboxCard, SandboxTransaction
from designcore.ports.payments import SandboxTransactionRepository

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]
CREATED = datetime(2026, 11, 26, 9, 30, 15, 123000, tzinfo=UTC)
_numbers = itertools.count(1)


@pytest.fixture(name="repository", params=IMPLEMENTATIONS)
def fixture_repository(request: pytest.FixtureRequest) -> Iterator[SandboxTransactionRepository]:
    """Every implementation, empty."""
    if request.param == "memory":
        yield InMemorySandboxTransactionRepository()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemySandboxTransactionRepository(engine)


def make_transaction(**overrides: Any) -> SandboxTransaction:
    n = next(_numbers)
    fields: dict[str, Any] = {
        "id": 4_000_000_000 + n,
        "reference": f"txn-1793000000000-{n:08d}",
        "access_code": f"code{n:011d}",
        "amount": 150_000,
        "currency": "NGN",
        "email": "ada@example.com",
        "metadata": {"user_id": "u-1", "plan": "premium", "nested": {"list": [1, "two", None]}},
        "channels": ("card", "bank_transfer", "apple_pay"),
        "callback_url": "http://127.0.0.1:8000/upgrade/done",
        "label": None,
        "created_at": CREATED,
    }
    fields.update(overrides)
    return SandboxTransaction(**fields)


def paid(transaction: SandboxTransaction) -> SandboxTransaction:
    """The transaction after a successful card charge."""
    return attrs.evolve(
        transaction,
        status="success",
        gateway_response="Successful",
        channel="card",
        card=SandboxCard(bin="408408", last4="4081", exp_month=12, exp_year=2040, brand="visa"),
        paid_at=CREATED + timedelta(minutes=2),
        ip_address="197.210.1.2",
        log={"attempts": 1, "history": [{"type": "action", "message": "paid"}]},
    )


class TestAddAndFind:
    def test_found_by_reference_access_code_and_id(
        self, repository: SandboxTransactionRepository
    ) -> None:
        """A stored transaction comes back whole by each of its keys, at version 0."""
        transaction = make_transaction()
        repository.add(transaction)
        for found in (
            repository.by_reference(transaction.reference),
            repository.by_access_code(transaction.access_code),
            repository.by_id(transaction.id),
        ):
            assert transaction == found
            assert found is not None
            assert 0 == found.version

    def test_every_field_round_trips(self, repository: SandboxTransactionRepository) -> None:
        """JSON fields, the card, moments in another zone and empty values come back equal,
        with aware moments."""
        lagos = timezone(timedelta(hours=1))
        transaction = paid(
            make_transaction(
                created_at=CREATED.astimezone(lagos), metadata=None, label="Premium", channels=()
            )
        )
        repository.add(transaction)
        found = repository.by_reference(transaction.reference)
        assert transaction == found
        assert found is not None
        assert found.created_at.utcoffset() is not None
        assert found.paid_at is not None
        assert found.paid_at.utcoffset() is not None

    def test_unknown_keys_are_none(self, repository: SandboxTransactionRepository) -> None:
        """Keys nobody stored find nothing."""
        repository.add(make_transaction())
        assert (None, None, None) == (
            repository.by_reference("txn-1793000000000-nope"),
            repository.by_access_code("nope"),
            repository.by_id(1),
        )

    @pytest.mark.parametrize(
        ("clash", "code"),
        [
            ("reference", "duplicate_reference"),
            ("id", "duplicate_key"),
            ("access_code", "duplicate_key"),
        ],
    )
    def test_keys_are_unique(
        self, repository: SandboxTransactionRepository, clash: str, code: str
    ) -> None:
        """A second transaction with a taken reference, id or access code is a Conflict naming
        which, and the first is untouched."""
        first = make_transaction()
        repository.add(first)
        second = make_transaction(amount=100, **{clash: getattr(first, clash)})
        with pytest.raises(Conflict) as caught:
            repository.add(second)
        assert code == caught.value.code
        assert first == repository.by_id(first.id)
        assert first == repository.by_reference(first.reference)


class TestReplace:
    def test_a_change_over_the_current_version_is_stored(
        self, repository: SandboxTransactionRepository
    ) -> None:
        """Replacing the stored snapshot stores the change and counts a version."""
        transaction = make_transaction()
        repository.add(transaction)
        assert repository.replace(transaction, paid(transaction))
        found = repository.by_access_code(transaction.access_code)
        assert paid(transaction) == found
        assert found is not None
        assert 1 == found.version

    def test_a_change_over_an_old_version_is_refused(
        self, repository: SandboxTransactionRepository
    ) -> None:
        """A change made from a snapshot someone changed since is not stored."""
        transaction = make_transaction()
        repository.add(transaction)
        assert repository.replace(transaction, attrs.evolve(transaction, ip_address="10.0.0.1"))
        assert not repository.replace(transaction, paid(transaction))
        found = repository.by_id(transaction.id)
        assert found is not None
        assert ("abandoned", "10.0.0.1", 1) == (found.status, found.ip_address, found.version)

    def test_changes_from_the_fresh_snapshot_go_on(
        self, repository: SandboxTransactionRepository
    ) -> None:
        """Each change read back can be changed again."""
        transaction = make_transaction()
        repository.add(transaction)
        current = transaction
        for attempt in range(3):
            assert repository.replace(current, attrs.evolve(current, otp_attempts_left=attempt))
            fresh = repository.by_id(transaction.id)
            assert fresh is not None
            current = fresh
        assert (2, 3) == (current.otp_attempts_left, current.version)

    def test_racing_changes_store_one(self, repository: SandboxTransactionRepository) -> None:
        """Eight changes made from one snapshot at once: exactly one is stored."""
        transaction = make_transaction()
        repository.add(transaction)

        def change(n: int) -> bool:
            return repository.replace(transaction, attrs.evolve(transaction, label=f"#{n}"))

        with ThreadPoolExecutor(8) as pool:
            won = list(pool.map(change, range(8)))
        assert 1 == sum(won)
        found = repository.by_id(transaction.id)
        assert found is not None
        assert f"#{won.index(True)}" == found.label

    def test_an_unknown_transaction_is_not_replaced(
        self, repository: SandboxTransactionRepository
    ) -> None:
        """Nothing is stored for a transaction that was never added."""
        transaction = make_transaction()
        assert not repository.replace(transaction, paid(transaction))
        assert None is repository.by_id(transaction.id)

    @pytest.mark.parametrize("field", ["id", "reference", "access_code"])
    def test_keys_never_change(self, repository: SandboxTransactionRepository, field: str) -> None:
        """A change of id, reference or access code is a programming error."""
        transaction = make_transaction()
        repository.add(transaction)
        other = getattr(make_transaction(), field)
        with pytest.raises(ValueError):
            repository.replace(transaction, attrs.evolve(transaction, **{field: other}))

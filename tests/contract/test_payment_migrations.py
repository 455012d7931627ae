"""Migration 0010 on SQLite and PostgreSQL: payments the old any-404 rule failed for good go
back to pending for the reconciler; nothing else changes."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from designcore.adapters.sqlalchemy import create_database_engine, migrate
from support import postgres_schema_settings

CREATED = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


@pytest.fixture(
    name="engine_at_0009",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_engine_at_0009(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    """A database migrated to 0009 (before the sandbox's tables)."""
    if request.param == "sqlite":
        engine = create_database_engine(f"sqlite:///{tmp_path / 'old.db'}")
        migrate(engine, "0009")
        yield engine
        engine.dispose()
        return
    schema_settings = postgres_schema_settings()  # skips when PostgreSQL is not reachable
    database = next(schema_settings)
    engine = create_database_engine(
        database["DESIGNCORE_DATABASE_URL"], schema=database["DESIGNCORE_DATABASE_SCHEMA"]
    )
    try:
        migrate(engine, "0009")
        yield engine
    finally:
        engine.dispose()
        schema_settings.close()  # drops the schema


def payment_row(
    reference: str, status: str, failure: str | None, verified: bool
) -> dict[str, object]:
    return {
        "reference": reference,
        "user_id": str(uuid.uuid4()),
        "email": "ada@example.com",
        "plan_id": "premium",
        "amount_minor": 150_000,
        "currency": "NGN",
        "status": status,
        "failure": failure,
        "created_at": CREATED,
        "updated_at": CREATED,
        "verified_at": CREATED if verified else None,
    }


class TestMigration0010:
    def test_payments_failed_by_any_404_are_reopened(self, engine_at_0009: sa.Engine) -> None:
        """failed / payment_not_found without a verified_at (the old rule) becomes pending;
        failures with another reason, or checked under the new rule, and other statuses stay."""
        payments = sa.table(
            "payments",
            *(sa.column(name) for name in payment_row("x", "pending", None, verified=False)),
        )
        rows = [
            payment_row("txn_1763600000000_old404", "failed", "payment_not_found", verified=False),
            payment_row("txn-1763600000000-checked", "failed", "payment_not_found", verified=True),
            payment_row("txn-1763600000000-declined", "failed", "Declined", verified=True),
            payment_row("txn-1763600000000-abandoned", "failed", "abandoned", verified=False),
            payment_row("txn-1763600000000-paid", "succeeded", None, verified=True),
        ]
        with engine_at_0009.begin() as conn:
            conn.execute(sa.insert(payments), rows)
        migrate(engine_at_0009)
        with engine_at_0009.connect() as conn:
            found = dict(
                conn.execute(
                    sa.text(
                        "SELECT reference, status || ':' || COALESCE(failure, '-') FROM payments"
                    )
                ).all()
            )
            assert sa.inspect(conn).has_table("sandbox_transactions")
        assert {
            "txn_1763600000000_old404": "pending:-",
            "txn-1763600000000-checked": "failed:payment_not_found",
            "txn-1763600000000-declined": "failed:Declined",
            "txn-1763600000000-abandoned": "failed:abandoned",
            "txn-1763600000000-paid": "succeeded:-",
        } == found

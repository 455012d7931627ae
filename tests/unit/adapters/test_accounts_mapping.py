"""The accounts rows ↔ domain converter: what the databases hand back becomes valid domain
objects, and objects become column values."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from designcore.adapters.sqlalchemy.accounts_mapping import (
    payment_from_domain,
    payment_to_domain,
    session_from_domain,
    session_to_domain,
    user_from_domain,
    user_to_domain,
)
from designcore.domain.accounts import AmrEntry
from designcore.domain.payments import Money, PaymentStatus

NAIVE = datetime(2026, 3, 1, 12, 0)
"""How SQLite hands back a stored UTC moment."""
USER_ROW = {
    "id": "u1",
    "email": "ada@example.com",
    "password_hash": None,
    "email_confirmed_at": None,
    "phone": "",
    "role": "authenticated",
    "aud": "authenticated",
    "app_metadata": None,
    "user_metadata": {"city": "Abeokuta"},
    "created_at": NAIVE,
    "updated_at": datetime(2026, 3, 1, 13, 0, tzinfo=timezone(timedelta(hours=1))),
    "last_sign_in_at": None,
    "banned_until": None,
    "new_email": None,
    "email_change_sent_at": None,
}


class TestAccountsMapping:
    def test_datetimes_come_out_aware_utc(self) -> None:
        """A naive moment is read as UTC; an aware one is converted to UTC."""
        user = user_to_domain(USER_ROW)
        assert datetime(2026, 3, 1, 12, 0, tzinfo=UTC) == user.created_at
        assert UTC == user.updated_at.tzinfo
        assert datetime(2026, 3, 1, 12, 0, tzinfo=UTC) == user.updated_at

    def test_null_metadata_reads_as_empty(self) -> None:
        """A NULL JSON metadata column is an empty mapping."""
        user = user_to_domain(USER_ROW)
        assert ({}, {"city": "Abeokuta"}) == (user.app_metadata, user.user_metadata)

    def test_round_trip(self) -> None:
        """Column values of an object read back to the same object."""
        user = user_to_domain(USER_ROW)
        assert user == user_to_domain(user_from_domain(user))

    def test_nested_amr_is_a_list_of_objects(self) -> None:
        """A session's methods are stored as a JSON list and read back as entries."""
        row = {
            "id": "s1",
            "user_id": "u1",
            "created_at": NAIVE,
            "updated_at": NAIVE,
            "aal": "aal2",
            "amr": [{"method": "totp", "timestamp": 2}, {"method": "password", "timestamp": 1}],
            "factor_id": "f1",
        }
        session = session_to_domain(row)
        assert (AmrEntry("totp", 2), AmrEntry("password", 1)) == session.amr
        assert row["amr"] == session_from_domain(session)["amr"]

    def test_payment_price_spans_two_columns(self) -> None:
        """A payment's price is stored as amount_minor and currency, its status as a value."""
        row = {
            "reference": "txn.1",
            "user_id": "u1",
            "email": "ada@example.com",
            "plan_id": "premium",
            "amount_minor": 150_000,
            "currency": "NGN",
            "status": "pending",
            "access_code": None,
            "provider_status": None,
            "failure": None,
            "created_at": NAIVE,
            "updated_at": NAIVE,
            "paid_at": None,
            "verified_at": None,
        }
        payment = payment_to_domain(row)
        assert (Money(150_000, "NGN"), PaymentStatus.PENDING) == (payment.price, payment.status)
        columns = payment_from_domain(payment)
        assert (150_000, "NGN", "pending") == (
            columns["amount_minor"],
            columns["currency"],
            columns["status"],
        )
        assert set(row) == set(columns)

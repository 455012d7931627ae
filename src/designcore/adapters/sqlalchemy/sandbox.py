"""The payment sandbox's transactions in ``sandbox_transactions`` (migration 0010).

Every process that runs the sandbox sees the same transactions: the server's workers, the
server after a restart, and ``designcore payments reconcile``. Each change is one ``UPDATE …
WHERE version = …`` (compare-and-set), so two processes charging one transaction cannot both
win, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

import attrs
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.failures import database_unavailable
from designcore.adapters.sqlalchemy.mapping import utc
from designcore.adapters.sqlalchemy.tables import Base, Json
from designcore.domain.errors import Conflict, Unavailable
from designcore.domain.sandbox import (
    SandboxCard,
    SandboxStatus,
    SandboxTransaction,
    check_replacement,
)


class SandboxTransactionRow(Base):
    """``sandbox_transactions``."""

    __tablename__ = "sandbox_transactions"

    id: Mapped[int] = mapped_column(sa.BigInteger, primary_key=True, autoincrement=False)
    reference: Mapped[str] = mapped_column(sa.String(100), unique=True)
    access_code: Mapped[str] = mapped_column(sa.String(64), unique=True)
    amount: Mapped[int] = mapped_column(sa.BigInteger)
    currency: Mapped[str] = mapped_column(sa.String(3))
    email: Mapped[str] = mapped_column(sa.Text)
    transaction_metadata: Mapped[Any | None] = mapped_column("metadata", Json)
    channels: Mapped[Any] = mapped_column(Json)
    callback_url: Mapped[str | None] = mapped_column(sa.Text)
    label: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    status: Mapped[str] = mapped_column(sa.String(16))
    gateway_response: Mapped[str] = mapped_column(sa.Text)
    channel: Mapped[str | None] = mapped_column(sa.String(32))
    card: Mapped[Any | None] = mapped_column(Json)
    paid_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    ip_address: Mapped[str | None] = mapped_column(sa.Text)
    log: Mapped[Any | None] = mapped_column(Json)
    otp_attempts_left: Mapped[int] = mapped_column(sa.Integer)
    transfer_account: Mapped[str | None] = mapped_column(sa.Text)
    version: Mapped[int] = mapped_column(sa.Integer)


SANDBOX_TRANSACTIONS = cast(sa.Table, SandboxTransactionRow.__table__)
_S = SANDBOX_TRANSACTIONS.c


def _values(transaction: SandboxTransaction) -> dict[str, Any]:
    """The row of a transaction (its JSON columns hold plain JSON values)."""
    card = transaction.card
    return {
        "id": transaction.id,
        "reference": transaction.reference,
        "access_code": transaction.access_code,
        "amount": transaction.amount,
        "currency": transaction.currency,
        "email": transaction.email,
        "metadata": _plain(transaction.metadata),
        "channels": list(transaction.channels),
        "callback_url": transaction.callback_url,
        "label": transaction.label,
        "created_at": utc(transaction.created_at),
        "status": transaction.status,
        "gateway_response": transaction.gateway_response,
        "channel": transaction.channel,
        "card": None if card is None else attrs.asdict(card),
        "paid_at": None if transaction.paid_at is None else utc(transaction.paid_at),
        "ip_address": transaction.ip_address,
        "log": _plain(transaction.log),
        "otp_attempts_left": transaction.otp_attempts_left,
        "transfer_account": transaction.transfer_account,
        "version": transaction.version,
    }


def _plain(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if value is None else dict(value)


def _transaction(row: sa.RowMapping) -> SandboxTransaction:
    card = row["card"]
    return SandboxTransaction(
        id=row["id"],
        reference=row["reference"],
        access_code=row["access_code"],
        amount=row["amount"],
        currency=row["currency"],
        email=row["email"],
        metadata=row["metadata"],
        channels=tuple(row["channels"]),
        callback_url=row["callback_url"],
        label=row["label"],
        created_at=utc(row["created_at"]),
        status=cast(SandboxStatus, row["status"]),
        gateway_response=row["gateway_response"],
        channel=row["channel"],
        card=None if card is None else SandboxCard(**card),
        paid_at=None if row["paid_at"] is None else utc(row["paid_at"]),
        ip_address=row["ip_address"],
        log=row["log"],
        otp_attempts_left=row["otp_attempts_left"],
        transfer_account=row["transfer_account"],
        version=row["version"],
    )


class SqlAlchemySandboxTransactionRepository:
    """The ``SandboxTransactionRepository`` port over ``sandbox_transactions``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add(self, transaction: SandboxTransaction) -> None:
        """Insert a transaction; a taken reference, id or access code is ``Conflict``."""
        try:
            with self._engine.begin() as conn:
                conn.execute(sa.insert(SANDBOX_TRANSACTIONS).values(_values(transaction)))
        except IntegrityError:
            if self.by_reference(transaction.reference) is not None:
                raise Conflict(
                    "a sandbox transaction has this reference", code="duplicate_reference"
                ) from None
            raise Conflict(
                "a sandbox transaction has this id or access code", code="duplicate_key"
            ) from None
        except DBAPIError as error:
            raise _unavailable(error) from None

    def by_reference(self, reference: str) -> SandboxTransaction | None:
        """A transaction by its reference."""
        return self._one(_S.reference == reference)

    def by_access_code(self, access_code: str) -> SandboxTransaction | None:
        """A transaction by its access code."""
        return self._one(_S.access_code == access_code)

    def by_id(self, transaction_id: int) -> SandboxTransaction | None:
        """A transaction by its id."""
        return self._one(_S.id == transaction_id)

    def replace(self, current: SandboxTransaction, updated: SandboxTransaction) -> bool:
        """``UPDATE … WHERE id = … AND version = …``: stored only over ``current``'s version."""
        check_replacement(current, updated)
        values = _values(attrs.evolve(updated, version=current.version + 1))
        for key in ("id", "reference", "access_code"):
            del values[key]
        statement = (
            sa.update(SANDBOX_TRANSACTIONS)
            .where(_S.id == current.id, _S.version == current.version)
            .values(values)
        )
        try:
            with self._engine.begin() as conn:
                return conn.execute(statement).rowcount == 1
        except DBAPIError as error:
            raise _unavailable(error) from None

    def _one(self, condition: sa.ColumnElement[bool]) -> SandboxTransaction | None:
        try:
            with self._engine.connect() as conn:
                row = conn.execute(sa.select(SANDBOX_TRANSACTIONS).where(condition)).mappings()
                found = row.first()
        except DBAPIError as error:
            raise _unavailable(error) from None
        return None if found is None else _transaction(found)


def _unavailable(error: DBAPIError) -> Unavailable:
    return database_unavailable("payment sandbox", error)

"""The payment sandbox's transactions in memory: the behavioural fake of
``SandboxTransactionRepository`` (``memory://`` and the unit tests)."""

from __future__ import annotations

import threading

import attrs

from designcore.domain.errors import Conflict
from designcore.domain.sandbox import SandboxTransaction, check_replacement


class InMemorySandboxTransactionRepository:
    """Transactions by id, found by reference and access code, each unique, with the same
    compare-and-set on ``version`` as the table."""

    def __init__(self) -> None:
        self._by_id: dict[int, SandboxTransaction] = {}
        self._id_by_reference: dict[str, int] = {}
        self._id_by_access_code: dict[str, int] = {}
        self._lock = threading.Lock()

    def add(self, transaction: SandboxTransaction) -> None:
        """Store a new transaction; a taken reference, id or access code is ``Conflict``."""
        with self._lock:
            if transaction.reference in self._id_by_reference:
                raise Conflict(
                    "a sandbox transaction has this reference", code="duplicate_reference"
                )
            if transaction.id in self._by_id or transaction.access_code in self._id_by_access_code:
                raise Conflict(
                    "a sandbox transaction has this id or access code", code="duplicate_key"
                )
            self._by_id[transaction.id] = transaction
            self._id_by_reference[transaction.reference] = transaction.id
            self._id_by_access_code[transaction.access_code] = transaction.id

    def by_reference(self, reference: str) -> SandboxTransaction | None:
        """A transaction by its reference."""
        with self._lock:
            found = self._id_by_reference.get(reference)
            return None if found is None else self._by_id[found]

    def by_access_code(self, access_code: str) -> SandboxTransaction | None:
        """A transaction by its access code."""
        with self._lock:
            found = self._id_by_access_code.get(access_code)
            return None if found is None else self._by_id[found]

    def by_id(self, transaction_id: int) -> SandboxTransaction | None:
        """A transaction by its id."""
        with self._lock:
            return self._by_id.get(transaction_id)

    def replace(self, current: SandboxTransaction, updated: SandboxTransaction) -> bool:
        """Store ``updated`` over ``current`` if nobody changed it since (same version)."""
        check_replacement(current, updated)
        with self._lock:
            stored = self._by_id.get(current.id)
            if stored is None or stored.version != current.version:
                return False
            self._by_id[current.id] = attrs.evolve(updated, version=current.version + 1)
            return True

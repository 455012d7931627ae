"""The accounts contract: the in-memory store, SQLite and PostgreSQL behave the same (the
``uow_factory`` fixture of every implementation is in conftest.py)."""

from __future__ import annotations

from designcore.testing.contracts import AccountsContract


class TestAccounts(AccountsContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""

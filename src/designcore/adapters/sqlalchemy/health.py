"""Whether the SQL database answers now (the readiness route)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError

from designcore.adapters.sqlalchemy.failures import database_unavailable


class SqlAlchemyDatabaseHealth:
    """A :class:`~designcore.ports.health.DatabaseHealth` over an engine: ``SELECT 1`` on a
    pooled connection (the pool's pre-ping replaces a dead one first)."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def ping(self) -> None:
        """Return when the database answers ``SELECT 1``; raises ``Unavailable`` (code
        ``database_unavailable``) when it cannot be reached or fails."""
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
        except SQLAlchemyError as error:
            raise database_unavailable("readiness", error) from None

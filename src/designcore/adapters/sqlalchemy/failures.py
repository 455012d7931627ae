"""What a database failure tells the caller, and what it tells the log.

A driver's error (``DataError``, ``OperationalError``, psycopg's text with table and column
names) says something about the schema and nothing a caller can act on, so it never reaches an
answer: :func:`database_unavailable` logs it in full, with its traceback, and returns an
:class:`~designcore.domain.errors.Unavailable` whose message names only which store failed.
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError

from designcore.domain.errors import Unavailable

log = logging.getLogger(__name__)


def database_unavailable(store: str, error: SQLAlchemyError) -> Unavailable:
    """Log ``error`` and return the generic ``Unavailable`` of ``store`` ("accounts", …)."""
    log.error("the %s database failed", store, exc_info=error)
    return Unavailable(f"the {store} database could not answer; try again in a moment")

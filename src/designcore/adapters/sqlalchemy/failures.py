"""What a database failure tells the caller, and what it tells the log.

A driver's error (``DataError``, ``OperationalError``, psycopg's text with table and column
names) says something about the schema and nothing a caller can act on, so it never reaches an
answer: :func:`database_unavailable` logs it in full, with its traceback, and returns an
:class:`~designcore.domain.errors.Unavailable` whose message names only which store failed.

A database that cannot be reached at all (refused, dropped or reset connections) is told apart
from a failing statement for every adapter at once: :func:`translate_lost_connections` hooks the
engine's error handling, so whichever adapter was asking, the caller gets ``Unavailable`` with
the code :data:`DATABASE_UNAVAILABLE` (503 over HTTP) and the log gets one warning line, not a
traceback per request while the server is away. The pool's own pre-ping is left alone: it is
how the pool notices a dead connection and opens a new one, which is what lets a process
recover by itself when the server is back.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError

from designcore.domain.errors import Unavailable

log = logging.getLogger(__name__)

DATABASE_UNAVAILABLE = "database_unavailable"
"""The code of every failure to reach the database."""

UNREACHABLE_MESSAGE = "the database cannot be reached at the moment; try again in a moment"
"""What a caller is told while the database cannot be reached."""


def database_unavailable(store: str, error: SQLAlchemyError) -> Unavailable:
    """Log ``error`` and return the generic ``Unavailable`` of ``store`` ("accounts", …)."""
    if isinstance(error, sa.exc.DBAPIError) and error.connection_invalidated:
        _warn_at_most_every(_WARNING_EVERY_SECONDS, error.orig)
        return database_unreachable()
    log.error("the %s database failed", store, exc_info=error)
    return Unavailable(
        f"the {store} database could not answer; try again in a moment", code=DATABASE_UNAVAILABLE
    )


def database_unreachable() -> Unavailable:
    """The error of a database that cannot be reached (a new one each time)."""
    return Unavailable(UNREACHABLE_MESSAGE, code=DATABASE_UNAVAILABLE)


def translate_lost_connections(engine: sa.Engine) -> None:
    """Make ``engine`` raise :func:`database_unreachable` instead of the driver's error when a
    connection cannot be opened or is lost during a statement (the connection is invalidated
    first, as usual, so the pool replaces it). Other errors (a broken constraint, bad SQL) pass
    through unchanged, for the adapters to translate."""
    sa.event.listen(engine, "handle_error", _lost_connection)


def _lost_connection(context: Any) -> None:
    if context.is_pre_ping:
        return  # the pool is checking a connection it holds: it replaces a dead one itself
    original = context.original_exception
    if context.is_disconnect or (
        context.connection is None and isinstance(original, _driver_errors(context))
    ):
        _warn_at_most_every(_WARNING_EVERY_SECONDS, original)
        raise database_unreachable()


_WARNING_EVERY_SECONDS = 10.0
"""While the database is away, one warning per this many seconds per process, not one per
request."""
_warned = [float("-inf")]
_warned_lock = threading.Lock()


def _warn_at_most_every(seconds: float, error: BaseException | None) -> None:
    now = time.monotonic()
    with _warned_lock:
        if now - _warned[0] < seconds:
            return
        _warned[0] = now
    log.warning("the database cannot be reached: %s", error)


def _driver_errors(context: Any) -> tuple[type[BaseException], ...]:
    dbapi = context.dialect.loaded_dbapi
    return (dbapi.OperationalError, dbapi.InterfaceError)

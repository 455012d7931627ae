"""Engines and migrations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from designcore.adapters.sqlalchemy.failures import translate_lost_connections

MIGRATIONS = Path(__file__).with_name("migrations")


def create_database_engine(url: str, *, schema: str | None = None, echo: bool = False) -> sa.Engine:
    """An engine for a SQLite or PostgreSQL URL.

    SQLite files get their directory created, WAL journaling, foreign keys and a busy timeout.
    A connection that cannot be opened or is lost raises ``Unavailable`` (code
    ``database_unavailable``) from any adapter (``failures.translate_lost_connections``).
    ``schema`` (PostgreSQL only) puts every table in that schema through the search path, so
    separate test runs never see each other's tables.
    """
    parsed = sa.make_url(url)
    options: dict[str, Any] = {"echo": echo, "json_deserializer": load_json}
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            # Enough connections kept for the server's worker threads: a connection past the
            # pool is closed on return, and opening one costs more than a home-rows read.
            options.update(pool_size=20, max_overflow=20)
        options["connect_args"] = {"check_same_thread": False, "timeout": 30}
        engine = sa.create_engine(parsed, **options)
        sa.event.listen(engine, "connect", _tune_sqlite)
        translate_lost_connections(engine)
        return engine
    if schema is not None:
        options["connect_args"] = {"options": f"-csearch_path={schema}"}
    # pre-ping: a connection the server dropped (a restart, a network cut) is noticed when it
    # is taken from the pool and replaced, so the process recovers without a restart.
    options.update(pool_size=10, max_overflow=10, pool_pre_ping=True)
    engine = sa.create_engine(parsed, **options)
    translate_lost_connections(engine)
    return engine


def load_json(text: str | bytes) -> Any:
    """JSON column values, decoded by msgspec (several times faster than ``json.loads``, and
    listings decode two columns per row); what it refuses but ``json`` reads (``NaN``, lone
    surrogates) goes to ``json``, so the values are the same."""
    try:
        return msgspec.json.decode(text)
    except msgspec.DecodeError:
        return json.loads(text)


def _tune_sqlite(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def alembic_config(engine: sa.Engine) -> Config:
    """An alembic configuration bound to ``engine`` (no ini file needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def migrate(engine: sa.Engine, revision: str = "head") -> None:
    """Bring the database schema up to ``revision``."""
    command.upgrade(alembic_config(engine), revision)

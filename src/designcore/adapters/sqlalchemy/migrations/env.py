"""Alembic environment: runs on the engine handed in through ``config.attributes``."""

from __future__ import annotations

from alembic import context

from designcore.adapters.sqlalchemy.tables import Base

config = context.config
engine = config.attributes["engine"]

with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()

"""SQLAlchemy adapters: one implementation for SQLite (embedded default) and PostgreSQL."""

from designcore.adapters.sqlalchemy.accounts import (
    SqlAlchemyAccountsStore,
    SqlAlchemyAccountsUnitOfWork,
)
from designcore.adapters.sqlalchemy.designs import SqlAlchemyDesignRepository
from designcore.adapters.sqlalchemy.engine import create_database_engine, migrate
from designcore.adapters.sqlalchemy.flow_states import SqlAlchemyFlowStateStore
from designcore.adapters.sqlalchemy.repositories import (
    SqlAlchemyPromptLog,
    SqlAlchemySiteSettingsStore,
    SqlAlchemyTemplateCatalogue,
)

__all__ = [
    "SqlAlchemyAccountsStore",
    "SqlAlchemyAccountsUnitOfWork",
    "SqlAlchemyDesignRepository",
    "SqlAlchemyFlowStateStore",
    "SqlAlchemyPromptLog",
    "SqlAlchemySiteSettingsStore",
    "SqlAlchemyTemplateCatalogue",
    "create_database_engine",
    "migrate",
]

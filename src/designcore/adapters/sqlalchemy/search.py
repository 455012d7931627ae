"""Full-text search strategies, one per dialect: SQLite FTS5 and PostgreSQL tsvector."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa

from designcore.adapters.sqlalchemy.mapping import SUMMARY_COLUMNS
from designcore.adapters.sqlalchemy.tables import TEMPLATES

_T = TEMPLATES.c

SearchStrategy = Callable[
    [sa.Connection, Sequence[str], int, int], tuple[Sequence[sa.RowMapping], int]
]
"""``(connection, tokens, limit, offset) -> (rows of SUMMARY_COLUMNS, total count)``."""


def sqlite_fts5(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.RowMapping], int]:
    """FTS5 with bm25 weights 10 / 4 / 1 for name / keys / prose; every token a prefix."""
    # Tokens are runs of letters and digits (designcore.domain.search), so quoting is safe.
    query = " ".join(f'"{token}"*' for token in tokens)
    fts = sa.table("design_templates_fts", sa.column("rowid"))
    match = sa.text("design_templates_fts MATCH :query").bindparams(query=query)
    rank = sa.text("bm25(design_templates_fts, 10.0, 4.0, 1.0)")
    rows = conn.execute(
        sa.select(*SUMMARY_COLUMNS)
        .select_from(fts.join(TEMPLATES, _T.seq == fts.c.rowid))
        .where(match)
        .order_by(rank, _T.created_at.desc(), _T.id)
        .limit(limit)
        .offset(offset)
    ).mappings()
    total = conn.execute(sa.select(sa.func.count()).select_from(fts).where(match)).scalar_one()
    return list(rows), int(total)


def postgresql_tsvector(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.RowMapping], int]:
    """``search_vector @@ to_tsquery('simple', 'a:* & b:*')`` ranked by ``ts_rank``."""
    query = sa.func.to_tsquery(sa.literal_column("'simple'"), " & ".join(f"{t}:*" for t in tokens))
    vector: sa.ColumnElement[Any] = sa.literal_column("design_templates.search_vector")
    matches = vector.op("@@")(query)
    rank = sa.func.ts_rank(vector, query)
    rows = conn.execute(
        sa.select(*SUMMARY_COLUMNS)
        .where(matches)
        .order_by(rank.desc(), _T.created_at.desc(), _T.id)
        .limit(limit)
        .offset(offset)
    ).mappings()
    total = conn.execute(
        sa.select(sa.func.count()).select_from(TEMPLATES).where(matches)
    ).scalar_one()
    return list(rows), int(total)


STRATEGIES: dict[str, SearchStrategy] = {
    "sqlite": sqlite_fts5,
    "postgresql": postgresql_tsvector,
}


def strategy_for(dialect: str) -> SearchStrategy:
    """The search strategy of a dialect. Raises ``KeyError`` for one without."""
    return STRATEGIES[dialect]


def escape_like(term: str) -> str:
    """A LIKE pattern matching ``term`` anywhere, with ``%``, ``_`` and ``\\`` escaped."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"

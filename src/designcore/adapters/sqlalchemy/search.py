"""Full-text search strategies, one per dialect: SQLite FTS5 and PostgreSQL tsvector."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa

from designcore.adapters.sqlalchemy.mapping import SUMMARY_COLUMNS
from designcore.adapters.sqlalchemy.tables import TEMPLATES
from designcore.domain.search import TIER_ANYWHERE, TIER_LABELS, TIER_NAME, page_by_tier

_T = TEMPLATES.c

SearchStrategy = Callable[
    [sa.Connection, Sequence[str], int, int], tuple[Sequence[sa.RowMapping], int]
]
"""``(connection, tokens, limit, offset) -> (rows of SUMMARY_COLUMNS, total count)``.

Both strategies rank as :func:`designcore.domain.search.search_tier` says (the tier, then the
newest by ``search_order``) and read pages through
:func:`designcore.domain.search.page_by_tier`: every tier level is one full-text query that
the index answers in recency order, so a first page costs about the same whether a term
matches ten templates or ten thousand.
"""


def _fts_query(tokens: Sequence[str], columns: str | None = None) -> str:
    # Tokens are runs of letters and digits (designcore.domain.search), so quoting is safe.
    phrases = " ".join(f'"{token}"*' for token in tokens)
    return f"{{{columns}}} : ({phrases})" if columns else f"({phrases})"


def _in_recency_order(conn: sa.Connection, keys: sa.TextClause) -> list[sa.RowMapping]:
    query = (
        sa.select(*SUMMARY_COLUMNS)
        .where(_T.search_order.in_(keys.columns(sa.column("search_order", sa.BigInteger))))
        .order_by(_T.search_order.desc())
    )
    return list(conn.execute(query).mappings())


def sqlite_fts5(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.RowMapping], int]:
    """FTS5 keyed by ``search_order``: a level's newest matches are its highest row ids, and
    column filters give the levels (name; name and labels; everything)."""
    levels = {
        TIER_NAME: _fts_query(tokens, "search_name"),
        TIER_LABELS: _fts_query(tokens, "search_name search_keys"),
        TIER_ANYWHERE: _fts_query(tokens),
    }
    matches = "FROM design_templates_fts WHERE design_templates_fts MATCH :match"

    def count(level: int) -> int:
        query = sa.text(f"SELECT count(*) {matches}")
        return int(conn.execute(query, {"match": levels[level]}).scalar_one())

    def fetch(tier: int, exclude: bool, tier_limit: int, tier_offset: int) -> list[sa.RowMapping]:
        match = f"{levels[tier]} NOT {levels[tier - 1]}" if exclude else levels[tier]
        keys = sa.text(
            f"SELECT rowid AS search_order {matches} ORDER BY rowid DESC LIMIT :lim OFFSET :off"
        ).bindparams(match=match, lim=tier_limit, off=tier_offset)
        return _in_recency_order(conn, keys)

    total = count(TIER_ANYWHERE)
    return page_by_tier(offset, limit, total, fetch, count), total


_MAX_EXPANSION = 32
"""A search word that starts more catalogue words than this stays a prefix query."""
_BEYOND = "\U0010ffff"  # above every character a word holds (in the words table's C order)


def _expanded_tsquery(conn: sa.Connection, tokens: Sequence[str]) -> str | None:
    """The tsquery (input syntax) that matches every token as a word prefix, with each prefix
    spelled out as the catalogue words it starts (``design_template_words``): the index then
    looks up whole lexemes, which PostgreSQL checks and estimates far better than prefixes.
    ``None`` when some token starts no word at all, so nothing can match."""
    lookup = sa.text(
        "SELECT word FROM design_template_words WHERE word >= :low AND word < :high "
        "ORDER BY word LIMIT :most"
    )
    parts: list[str] = []
    for token in tokens:
        found = conn.execute(
            lookup, {"low": token, "high": token + _BEYOND, "most": _MAX_EXPANSION + 1}
        ).scalars()
        words = list(found)
        if not words:
            return None
        # Words and tokens are runs of letters and digits, so quoting needs no escapes.
        if len(words) > _MAX_EXPANSION:
            parts.append(f"'{token}':*")
        else:
            parts.append("(" + " | ".join(f"'{word}'" for word in words) + ")")
    return " & ".join(parts)


def postgresql_tsvector(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.RowMapping], int]:
    """The GIN-indexed vectors of ``design_template_search``, one per level (migration
    0005); a level's newest matches come from its ``search_order`` key."""
    columns = {
        TIER_NAME: "name_vector",
        TIER_LABELS: "label_vector",
        TIER_ANYWHERE: "search_vector",
    }
    query = _expanded_tsquery(conn, tokens)
    if query is None:
        return [], 0
    matches = "FROM design_template_search WHERE {} @@ CAST(:query AS tsquery)"

    def count(level: int) -> int:
        sql = sa.text(f"SELECT count(*) {matches.format(columns[level])}")
        return int(conn.execute(sql, {"query": query}).scalar_one())

    def fetch(tier: int, exclude: bool, tier_limit: int, tier_offset: int) -> list[sa.RowMapping]:
        condition = f"{columns[tier]} @@ CAST(:query AS tsquery)"
        if exclude:
            condition += f" AND NOT {columns[tier - 1]} @@ CAST(:query AS tsquery)"
        # With whole lexemes the planner estimates a tier well: it walks the primary key
        # backwards for a dense tier and sorts the few matches of a sparse one.
        keys = sa.text(
            f"SELECT search_order FROM design_template_search WHERE {condition} "
            "ORDER BY search_order DESC LIMIT :lim OFFSET :off"
        ).bindparams(query=query, lim=tier_limit, off=tier_offset)
        return _in_recency_order(conn, keys)

    total = count(TIER_ANYWHERE)
    return page_by_tier(offset, limit, total, fetch, count), total


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

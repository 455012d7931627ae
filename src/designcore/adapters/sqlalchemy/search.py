"""Full-text search strategies, one per dialect: SQLite FTS5 and PostgreSQL tsvector."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa

from designcore.adapters.sqlalchemy.mapping import SUMMARY_COLUMNS
from designcore.adapters.sqlalchemy.tables import TEMPLATES
from designcore.domain.search import TIER_ANYWHERE, TIER_LABELS, TIER_NAME, page_by_tier

_T = TEMPLATES.c

SearchStrategy = Callable[
    [sa.Connection, Sequence[str], int, int], tuple[Sequence[sa.Row[Any]], int]
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


def _in_recency_order(conn: sa.Connection, keys: sa.TextClause) -> list[sa.Row[Any]]:
    query = (
        sa.select(*SUMMARY_COLUMNS)
        .where(_T.search_order.in_(keys.columns(sa.column("search_order", sa.BigInteger))))
        .order_by(_T.search_order.desc())
    )
    return list(conn.execute(query))


def sqlite_fts5(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.Row[Any]], int]:
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

    def fetch(tier: int, exclude: bool, tier_limit: int, tier_offset: int) -> list[sa.Row[Any]]:
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
_LEVELS = (TIER_NAME, TIER_LABELS, TIER_ANYWHERE)
_VECTORS = {TIER_NAME: "name_vector", TIER_LABELS: "label_vector", TIER_ANYWHERE: "search_vector"}
_WALK_WINDOW = 2_000
"""How many of the newest templates a tier read walks before asking the GIN index."""


def _level_queries(conn: sa.Connection, tokens: Sequence[str]) -> dict[int, str | None]:
    """Per level, the tsquery (input syntax) matching every token as a word prefix in that
    level's vector, or ``None`` when some token starts no word at that level (the level is
    empty). Each prefix is spelled out as the words it starts (``design_template_words``
    knows every word and the lowest level it appears at), so the index looks up whole
    lexemes; past :data:`_MAX_EXPANSION` words it stays a ``:*`` prefix."""
    lookup = sa.text(
        "SELECT word, level FROM design_template_words WHERE word >= :low AND word < :high "
        "ORDER BY word LIMIT :most"
    )
    parts: dict[int, list[str] | None] = {level: [] for level in _LEVELS}
    for token in tokens:
        found = conn.execute(
            lookup, {"low": token, "high": token + _BEYOND, "most": _MAX_EXPANSION + 1}
        ).all()
        for level in _LEVELS:
            known = parts[level]
            if known is None:
                continue
            # Words and tokens are runs of letters and digits: quoting needs no escapes.
            words = [str(word) for word, lowest in found if lowest <= level]
            if not words:
                parts[level] = None
            elif len(found) > _MAX_EXPANSION:
                known.append(f"'{token}':*")
            else:
                known.append("(" + " | ".join(f"'{word}'" for word in words) + ")")
    return {level: None if p is None else " & ".join(p) for level, p in parts.items()}


def _tier_keys(
    conn: sa.Connection, condition: str, params: dict[str, Any], limit: int, offset: int
) -> list[sa.Row[Any]]:
    """One tier's newest matches. First a walk back along ``search_order`` through the
    newest :data:`_WALK_WINDOW` templates (``coalesce`` keeps the GIN index out of it): a
    tier denser than page size / window fills its page there. Otherwise the tier is sparse,
    and the GIN index finds its few matches to sort (``+ 0`` keeps the walk out of that
    plan). The planner cannot be left to choose: a lexeme missing from a vector's statistics
    is estimated at 0.5% of the rows, and a walk for a word no name holds reads the table."""
    table = "design_template_search"
    walk = sa.text(
        f"SELECT search_order FROM {table} WHERE search_order >= coalesce("
        f"(SELECT search_order FROM {table} ORDER BY search_order DESC OFFSET :window LIMIT 1),"
        f" -9223372036854775808) AND coalesce({condition}, false) "
        "ORDER BY search_order DESC LIMIT :lim OFFSET :off"
    ).bindparams(**params, window=_WALK_WINDOW, lim=limit, off=offset)
    found = _in_recency_order(conn, walk)
    if len(found) == limit:
        return found
    sort = sa.text(
        f"SELECT search_order FROM {table} WHERE {condition} "
        "ORDER BY search_order + 0 DESC LIMIT :lim OFFSET :off"
    ).bindparams(**params, lim=limit, off=offset)
    return _in_recency_order(conn, sort)


def postgresql_tsvector(
    conn: sa.Connection, tokens: Sequence[str], limit: int, offset: int
) -> tuple[Sequence[sa.Row[Any]], int]:
    """The GIN-indexed vectors of ``design_template_search``, one per level (migration
    0005); a level's newest matches come from its ``search_order`` key."""
    queries = _level_queries(conn, tokens)

    def matches(level: int) -> str:
        return f"{_VECTORS[level]} @@ CAST(:q{level} AS tsquery)"

    def count(level: int) -> int:
        if queries[level] is None:
            return 0
        sql = sa.text(f"SELECT count(*) FROM design_template_search WHERE {matches(level)}")
        return int(conn.execute(sql, {f"q{level}": queries[level]}).scalar_one())

    def fetch(tier: int, exclude: bool, tier_limit: int, tier_offset: int) -> list[sa.Row[Any]]:
        query, earlier = queries[tier], queries.get(tier - 1)
        if query is None:
            return []
        condition, params = matches(tier), {f"q{tier}": query}
        if exclude and earlier is not None:
            condition += f" AND NOT {matches(tier - 1)}"
            params[f"q{tier - 1}"] = earlier
        return _tier_keys(conn, condition, params, tier_limit, tier_offset)

    total = count(TIER_ANYWHERE)
    if total == 0:
        return [], 0
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

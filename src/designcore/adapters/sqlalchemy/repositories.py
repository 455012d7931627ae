"""SQLAlchemy repositories: catalogue, site settings and prompt logs."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import threading
import weakref
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

import attrs
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from designcore.adapters.sqlalchemy.failures import database_unreachable
from designcore.adapters.sqlalchemy.mapping import (
    FULL_COLUMNS,
    SUMMARY_COLUMNS,
    design_prompt_to_domain,
    search_prompt_to_domain,
    setting_change_to_domain,
    setting_to_domain,
    summary_to_domain,
    template_from_domain,
    template_to_domain,
    utc,
    utc_or_none,
)
from designcore.adapters.sqlalchemy.search import escape_like, strategy_for
from designcore.adapters.sqlalchemy.search_index import SearchIndex
from designcore.adapters.sqlalchemy.tables import (
    CATALOGUE_VERSION,
    COUNTS,
    TEMPLATES,
    PromptRow,
    SearchPromptRow,
    SiteSettingRow,
)
from designcore.adapters.sqlalchemy.web_tables import SettingChangeRow
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.records import DesignPrompt, SearchPrompt, SiteSetting
from designcore.domain.search import filter_needle, search_tokens
from designcore.domain.site_settings import SettingChange
from designcore.domain.templates import Template, TemplateSummary
from designcore.ports.catalogue import SearchUnavailable

log = logging.getLogger(__name__)

_T = TEMPLATES.c
_C = COUNTS.c
_NEWEST = (_T.created_at.desc(), _T.id)

# The catalogue's reads are built once with bound parameters and compiled once per engine
# (:class:`_Prepared`), then run straight on the driver: a home-rows request spends its time
# in the database and in making the domain objects, not in building, hashing and compiling
# statements or in per-value result processing.
_LIMIT = sa.bindparam("limit", type_=sa.Integer)
_OFFSET = sa.bindparam("offset", type_=sa.Integer)
_BY_ID = {
    name: sa.select(*columns).where(_T.id == sa.bindparam("id"))
    for name, columns in (
        ("summary", SUMMARY_COLUMNS),
        ("full", FULL_COLUMNS),
        ("sub_category", (_T.sub_category,)),
    )
}
_BY_CATEGORY = (
    sa.select(*SUMMARY_COLUMNS).where(_T.category == sa.bindparam("category")).order_by(*_NEWEST)
)
_BY_CATEGORY_LIMITED = _BY_CATEGORY.limit(_LIMIT)
_ALL = sa.select(*SUMMARY_COLUMNS).order_by(_T.category, *_NEWEST)
_RELATED = (
    sa.select(*SUMMARY_COLUMNS)
    .where(_T.sub_category == sa.bindparam("sub_category"), _T.id != sa.bindparam("id"))
    .order_by(*_NEWEST)
    .limit(_LIMIT)
)
_ROW_POSITION = "row_position"
_KEPT_READS = 16
"""How many distinct home-rows reads (categories and limit) are kept with their version."""
_KEPT_SUMMARIES = 8192
"""How many templates read for searches are kept with the search index (then all are
forgotten and read again)."""
_VERSION = sa.select(CATALOGUE_VERSION.c.version).where(CATALOGUE_VERSION.c.id == 1)
_VERSION_SQL = "SELECT version FROM design_template_version WHERE id = 1"
_SEARCH_WORDS = sa.select(
    _T.search_order, _T.search_name, _T.search_keys, _T.search_prose
).order_by(_T.search_order.desc())


@functools.cache
def _by_orders(count: int) -> sa.Select[Any]:
    """The summaries of ``count`` templates given by ``search_order`` (``order_0``…), each
    row led by its key."""
    keys = [sa.bindparam(f"order_{n}", type_=sa.BigInteger) for n in range(count)]
    return sa.select(_T.search_order, *SUMMARY_COLUMNS).where(_T.search_order.in_(keys))


@functools.cache
def _newest_in(count: int) -> sa.Select[Any]:
    """The newest ``limit`` templates of ``count`` categories (``category_0``…) in one
    statement: one index range per category, glued with UNION ALL."""
    rows = [
        sa.select(sa.literal_column(str(n), sa.Integer).label(_ROW_POSITION), *SUMMARY_COLUMNS)
        .where(_T.category == sa.bindparam(f"category_{n}"))
        .order_by(*_NEWEST)
        .limit(_LIMIT)
        .subquery(f"row_{n}")
        for n in range(count)
    ]
    union = sa.union_all(*(sa.select(row) for row in rows)).subquery("home_rows")
    return sa.select(union).order_by(union.c[_ROW_POSITION], union.c.created_at.desc(), union.c.id)


@functools.cache
def _page(
    category: bool, sub_category: bool, search: bool
) -> tuple[sa.Select[Any], sa.Select[Any]]:
    """A listing page and its total for one combination of filters (``category``,
    ``sub_category`` and ``needle`` parameters, then ``limit`` and ``offset``)."""
    conditions: list[sa.ColumnElement[bool]] = []
    if category:
        conditions.append(_T.category == sa.bindparam("category"))
    if sub_category:
        conditions.append(_T.sub_category == sa.bindparam("sub_category"))
    if search:
        conditions.append(_T.filter_text.like(sa.bindparam("needle"), escape="\\"))
    # Deferred join: find the page's ids from the (created_at, id) index alone, then read
    # only those rows; a deep offset then skips index entries instead of table rows.
    page_ids = (
        sa.select(_T.id)
        .where(*conditions)
        .order_by(*_NEWEST)
        .limit(_LIMIT)
        .offset(_OFFSET)
        .scalar_subquery()
    )
    query = sa.select(*SUMMARY_COLUMNS).where(_T.id.in_(page_ids)).order_by(*_NEWEST)
    if search:
        count = sa.select(sa.func.count()).select_from(TEMPLATES).where(*conditions)
    else:
        # Without a search term the kept counts answer exactly, without a full count.
        count = sa.select(sa.func.coalesce(sa.func.sum(_C.n), 0)).where(
            *([_C.category == sa.bindparam("category")] if category else []),
            *([_C.sub_category == sa.bindparam("sub_category")] if sub_category else []),
        )
    return query, count


class _Prepared:
    """A Core statement compiled once for a dialect and run on the connection's DBAPI cursor:
    its rows are the driver's own tuples, as :func:`summary_to_domain` reads them (no Row
    objects, no per-value result processing)."""

    def __init__(self, statement: sa.Select[Any], dialect: sa.Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self._sql = compiled.string
        self._defaults = compiled.construct_params(_check=False)
        self._positions = tuple(compiled.positiontup or ()) if compiled.positional else None

    @property
    def sql(self) -> str:
        """The statement's text for the dialect."""
        return self._sql

    def params(self, values: Mapping[str, Any]) -> Any:
        """The driver's parameters, with ``values`` for the named ones."""
        merged = {**self._defaults, **values}
        return merged if self._positions is None else tuple(merged[n] for n in self._positions)

    def rows(self, conn: sa.Connection, values: Mapping[str, Any]) -> list[Any]:
        """Every row, with ``values`` for the named parameters."""
        cursor = conn.connection.cursor()
        try:
            cursor.execute(self._sql, self.params(values))
            return list(cursor.fetchall())
        except conn.dialect.loaded_dbapi.Error as error:
            # The driver's own cursor, so SQLAlchemy's handling is done here: a lost
            # connection is invalidated (the pool opens another) and reported as unreachable.
            if conn.dialect.is_disconnect(error, conn.connection.dbapi_connection, cursor):
                conn.invalidate(error)
                raise database_unreachable() from None
            raise
        finally:
            cursor.close()


_READER_BUSY_TIMEOUT_MS = 20
"""How long the reader waits for a locked SQLite database, or for a PostgreSQL statement,
before giving up (and the caller reads from a worker thread instead). Readers of a WAL
database are practically never locked out; the reads made this way take a millisecond."""
_LOCAL_HOSTS = frozenset({"", "localhost", "127.0.0.1", "::1"})
"""PostgreSQL hosts on this machine (empty: a Unix socket)."""


class _LoopReader:
    """A connection of this process's own, for reads made on the event loop: to a SQLite file,
    or to a PostgreSQL server on this machine (loopback or a Unix socket).

    A read handed to a worker thread costs more than the read itself: the hop there and back,
    and threads with connections of their own taking turns at the interpreter lock. This one
    connection is read-only, gives up on a lock or a statement after a few milliseconds,
    keeps no transaction open between reads, and is used by one thread at a time: a caller
    that finds it in use, or a read that fails, gets ``None`` and reads the ordinary way.
    A PostgreSQL server across a network is never read this way: the event loop would wait
    out every round trip. Each process (``serve --workers N``) opens its own.
    """

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine
        self._sqlite = engine.dialect.name == "sqlite"
        self._lock = threading.Lock()
        self._connection: Any = None
        self._pooled: Any = None
        self._pid = 0
        sa.event.listen(
            engine, "engine_disposed", functools.partial(_close_reader, weakref.ref(self))
        )

    @staticmethod
    def serves(engine: sa.Engine) -> bool:
        """Whether ``engine`` is a SQLite file (not an in-memory database, which another
        connection would not see) or a PostgreSQL server on this machine."""
        if engine.dialect.name == "postgresql":
            return (engine.url.host or "") in _LOCAL_HOSTS
        database = engine.url.database
        return (
            engine.dialect.name == "sqlite"
            and bool(database)
            and database != ":memory:"
            and not str(database).startswith("file:")
        )

    @property
    def one_statement(self) -> bool:
        """Whether several index ranges are cheaper glued into one statement (one round
        trip to a server) than run one by one (SQLite, in this process)."""
        return not self._sqlite

    def _open(self) -> Any:
        if self._sqlite:
            # Straight from the driver rather than the pool: the pool's connections wait 30 s
            # for a lock (and set up the journal on connecting, which may wait too).
            connection = self._engine.dialect.loaded_dbapi.connect(
                self._engine.url.database,
                timeout=_READER_BUSY_TIMEOUT_MS / 1000,
                check_same_thread=False,  # closed by whichever thread disposes of the engine
                isolation_level=None,  # transactions only as begun below
            )
            connection.execute("PRAGMA query_only=ON")
        else:
            # From the pool, which knows the connection's arguments (the schema's search
            # path); kept out of it for good, and closed rather than returned.
            self._pooled = self._engine.raw_connection()
            connection = self._pooled.driver_connection
            connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute(f"SET statement_timeout = {_READER_BUSY_TIMEOUT_MS * 5}")
                cursor.execute("SET default_transaction_read_only = on")
        self._connection, self._pid = connection, os.getpid()
        return connection

    def read(self, statements: Sequence[tuple[_Prepared, Mapping[str, Any]]]) -> list[Any] | None:
        """The rows of each statement, in order (on SQLite all read in one transaction, one
        snapshot), or ``None`` when the connection is in use or the read failed."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            connection = self._connection if self._pid == os.getpid() else None
            if connection is None:
                connection = self._open()
            cursor = connection.cursor()
            try:
                if self._sqlite:
                    cursor.execute("BEGIN")
                try:
                    found = []
                    for prepared, values in statements:
                        cursor.execute(prepared.sql, prepared.params(values))
                        found.append(cursor.fetchall())
                finally:
                    if self._sqlite:
                        connection.rollback()  # nothing was written: ends the read transaction
                return found
            finally:
                cursor.close()
        except (self._engine.dialect.loaded_dbapi.Error, sa.exc.SQLAlchemyError):
            self._close_unlocked()
            return None
        finally:
            self._lock.release()

    def _close_unlocked(self) -> None:
        connection, self._connection = self._connection, None
        pooled, self._pooled = self._pooled, None
        if connection is None or self._pid != os.getpid():
            return
        if pooled is not None:
            pooled.invalidate()  # its session settings are the reader's: never back to the pool
        else:
            connection.close()

    def close(self) -> None:
        """Close the connection (the engine was disposed); the next read opens another."""
        with self._lock:
            self._close_unlocked()


class _AsyncVersion:
    """The catalogue's version read over an asyncio connection of the process's own to
    PostgreSQL, so that the event loop serves other requests during the round trip.

    Callers arriving while a read is under way share the next one, which starts after they
    arrived (so each caller's answer is at least as new as its request), and the round trips
    never queue up behind each other. ``None`` when the read fails (the connection is then
    opened again by the next read). A connection belongs to one event loop.
    """

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine
        self._params: dict[str, Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: Any = None
        self._running: asyncio.Future[None] | None = None
        self._waiting: asyncio.Future[int | None] | None = None

    async def read(self) -> int | None:
        """The version, read by a query that started after this call."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._connection, self._running, self._waiting = loop, None, None, None
        waiting = self._waiting
        if waiting is None:
            waiting = self._waiting = loop.create_future()
            if self._running is None:
                self._start()
        return await asyncio.shield(waiting)

    def _start(self) -> None:
        waiting, self._waiting = self._waiting, None
        assert waiting is not None
        self._running = asyncio.ensure_future(self._run(waiting))

    async def _run(self, waiting: asyncio.Future[int | None]) -> None:
        found: int | None = None
        try:
            connection = self._connection or await self._connect()
            cursor = await connection.execute(_VERSION_SQL, prepare=True)
            row = await cursor.fetchone()
            found = None if row is None else int(row[0])
        except Exception:  # any failure: the caller reads the ordinary way
            log.debug("reading the catalogue version failed", exc_info=True)
            connection, self._connection = self._connection, None
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()
        finally:
            if not waiting.done():
                waiting.set_result(found)
            self._running = None
            if self._waiting is not None:
                self._start()

    async def _connect(self) -> Any:
        import psycopg  # the PostgreSQL driver, there whenever this engine is

        if self._params is None:  # the pool's arguments: host, database, user, schema path
            with self._engine.connect() as conn:
                info = conn.connection.driver_connection.info  # type: ignore[union-attr]
                self._params = {**info.get_parameters(), "password": info.password}
        connection = await psycopg.AsyncConnection.connect(**self._params, autocommit=True)
        await connection.execute("SET default_transaction_read_only = on")
        self._connection = connection
        return connection


def _adjust_counts(conn: sa.Connection, changes: Counter[tuple[str, str]]) -> None:
    """Add each delta to its (category, sub-category) count, creating rows as needed."""
    dialect_insert = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
    for (category, sub_category), delta in sorted(changes.items()):
        if delta == 0:
            continue
        statement = dialect_insert(COUNTS).values(
            category=category, sub_category=sub_category, n=delta
        )
        conn.execute(
            statement.on_conflict_do_update(
                index_elements=[_C.category, _C.sub_category], set_={"n": _C.n + delta}
            )
        )


def _count_key(category: str, sub_category: str | None) -> tuple[str, str]:
    return (category, sub_category or "")


def _not_found(template_id: str) -> NotFound:
    return NotFound(f"no template {template_id}", code="template_not_found")


def _close_reader(reader: weakref.ref[_LoopReader], _engine: sa.Engine) -> None:
    """The engine was disposed: close the reader's connection, if the reader is still about
    (the engine's listener does not keep it alive; a forgotten one closes when collected)."""
    found = reader()
    if found is not None:
        found.close()


class SqlAlchemyTemplateCatalogue:
    """The catalogue in ``design_templates``; every method is one short transaction.

    ``read_engine``, when given, is a read replica of ``engine``'s database: every read of
    the catalogue (templates, listings, search, categories, counts) goes there, and every
    write (adding, replacing, counting views and uses) to ``engine``. A replica lags behind
    its primary, so a change may be read late there, never wrongly.

    ``search_index``: searches are answered from a :class:`SearchIndex` of the catalogue's
    search words held in this process, checked against the catalogue's version on every
    search and rebuilt when that moved: in a thread of its own (``background``, while the
    database's full-text search answers), in the searching thread (``inline``, for tests),
    or never (``off``: always the database's full-text search).
    """

    def __init__(
        self,
        engine: sa.Engine,
        read_engine: sa.Engine | None = None,
        *,
        search_index: Literal["background", "inline", "off"] = "background",
    ) -> None:
        self._writer = engine
        self._engine = engine if read_engine is None else read_engine
        if self._engine.dialect.name != engine.dialect.name:
            raise ValueError(
                f"the read replica is {self._engine.dialect.name}, the primary "
                f"{engine.dialect.name}: both must be the same kind of database"
            )
        self._search = strategy_for(engine.dialect.name)
        self._prepared: dict[sa.Select[Any], _Prepared] = {}
        self._reader = _LoopReader(self._engine) if _LoopReader.serves(self._engine) else None
        self._index_mode = search_index
        self._async_version = (
            _AsyncVersion(self._engine) if self._engine.dialect.name == "postgresql" else None
        )
        self._newest_kept: dict[
            tuple[tuple[str, ...], int], tuple[int, Mapping[str, Sequence[TemplateSummary]]]
        ] = {}
        self._index: SearchIndex | None = None
        self._index_lock = threading.Lock()
        self._index_building = False

    def _prepare(self, statement: sa.Select[Any]) -> _Prepared:
        """One of this module's reads, compiled once for the engine and kept (never a
        statement built per call)."""
        prepared = self._prepared.get(statement)
        if prepared is None:
            prepared = self._prepared[statement] = _Prepared(statement, self._engine.dialect)
        return prepared

    def _run(
        self, conn: sa.Connection, statement: sa.Select[Any], values: Mapping[str, Any]
    ) -> list[Any]:
        """Run one of this module's prepared reads."""
        return self._prepare(statement).rows(conn, values)

    def add(self, template: Template) -> None:
        """Store a new template."""
        try:
            with self._writer.begin() as conn:
                conn.execute(sa.insert(TEMPLATES), template_from_domain(template))
                _adjust_counts(
                    conn, Counter([_count_key(template.category, template.sub_category)])
                )
        except IntegrityError as error:
            raise Conflict(
                f"a template with id {template.id} or name {template.name!r} exists",
                code="duplicate_template",
            ) from error

    def add_many(self, templates: Sequence[Template]) -> None:
        """Store many new templates in one transaction (seeding, benchmarks)."""
        if not templates:
            return
        try:
            with self._writer.begin() as conn:
                conn.execute(sa.insert(TEMPLATES), [template_from_domain(t) for t in templates])
                _adjust_counts(
                    conn, Counter(_count_key(t.category, t.sub_category) for t in templates)
                )
        except IntegrityError as error:
            raise Conflict("a template id or name exists", code="duplicate_template") from error

    def replace(self, template: Template) -> None:
        """Overwrite an existing template."""
        values = template_from_domain(template)
        try:
            with self._writer.begin() as conn:
                before = conn.execute(
                    sa.select(_T.category, _T.sub_category)
                    .where(_T.id == template.id)
                    .with_for_update()
                ).first()
                if before is None:
                    raise _not_found(template.id)
                conn.execute(sa.update(TEMPLATES).where(_T.id == template.id).values(values))
                changes: Counter[tuple[str, str]] = Counter()
                changes[_count_key(before.category, before.sub_category)] -= 1
                changes[_count_key(template.category, template.sub_category)] += 1
                _adjust_counts(conn, changes)
        except IntegrityError as error:
            raise Conflict(f"a template named {template.name!r} exists") from error

    def _one(self, columns: str, template_id: str) -> Sequence[Any]:
        with self._engine.connect() as conn:
            found = self._run(conn, _BY_ID[columns], {"id": template_id})
        if not found:
            raise _not_found(template_id)
        return found[0]  # type: ignore[no-any-return]

    def get(self, template_id: str) -> Template:
        """The full template."""
        return template_to_domain(self._one("full", template_id))

    def get_summary(self, template_id: str) -> TemplateSummary:
        """The light variant."""
        return summary_to_domain(self._one("summary", template_id))

    def count(self) -> int:
        """How many templates are stored."""
        with self._engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.coalesce(sa.func.sum(_C.n), 0)))
            return int(total.scalar_one())

    def _summaries(
        self, query: sa.Select[Any], params: Mapping[str, Any] | None = None
    ) -> list[TemplateSummary]:
        with self._engine.connect() as conn:
            return [summary_to_domain(row) for row in self._run(conn, query, params or {})]

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        """Templates of one category, newest first."""
        if limit is None:
            return self._summaries(_BY_CATEGORY, {"category": category})
        return self._summaries(_BY_CATEGORY_LIMITED, {"category": category, "limit": limit})

    def newest_in_categories(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]]:
        """Each category's newest templates, in one statement."""
        rows: dict[str, list[TemplateSummary]] = {category: [] for category in categories}
        if not rows:
            return rows
        named = list(rows)
        params: dict[str, Any] = {f"category_{n}": name for n, name in enumerate(named)}
        params["limit"] = limit
        with self._engine.connect() as conn:
            for row in self._run(conn, _newest_in(len(named)), params):
                rows[named[row[0]]].append(summary_to_domain(row[1:]))
        return rows

    def newest_in_categories_at_once(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]] | None:
        """:meth:`newest_in_categories` on this process's own connection to a SQLite file or
        a PostgreSQL server on this machine (``None`` on other databases, or when that
        connection is in use or fails).

        The rows last read are kept with the catalogue version they were read at; while the
        database still holds that version (one small read), they are the answer, since no
        change to the catalogue has been committed since. Otherwise they are read again:
        on SQLite one statement per category, in one read transaction (without a network
        between, five index ranges cost SQLite less than the same ranges glued into one
        statement); on PostgreSQL the one ``UNION ALL`` statement (one round trip)."""
        if self._reader is None:
            return None
        named = tuple(dict.fromkeys(categories))
        version: tuple[_Prepared, Mapping[str, Any]] = (self._prepare(_VERSION), {})
        kept = self._newest_kept.get((named, limit))
        if kept is not None:
            found = self._reader.read([version])
            if found is None:
                return None
            if int(found[0][0][0]) == kept[0]:
                return kept[1]
        if self._reader.one_statement and named:
            params: dict[str, Any] = {f"category_{n}": name for n, name in enumerate(named)}
            params["limit"] = limit
            reads = [(self._prepare(_newest_in(len(named))), params)]
        else:
            prepared = self._prepare(_BY_CATEGORY_LIMITED)
            reads = [(prepared, {"category": category, "limit": limit}) for category in named]
        # The version before and after: equal, the rows are of that version (any change
        # between would have moved it).
        found = self._reader.read([version, *reads, version])
        if found is None:
            return None
        rows: dict[str, list[TemplateSummary]] = {category: [] for category in named}
        if self._reader.one_statement and named:
            for row in found[1]:
                rows[named[row[0]]].append(summary_to_domain(row[1:]))
        else:
            for category, read in zip(named, found[1:-1], strict=True):
                rows[category] = [summary_to_domain(row) for row in read]
        answer = {category: tuple(row) for category, row in rows.items()}
        if int(found[0][0][0]) == int(found[-1][0][0]):
            if len(self._newest_kept) >= _KEPT_READS:
                self._newest_kept.clear()
            self._newest_kept[(named, limit)] = (int(found[0][0][0]), answer)
        return answer

    async def newest_in_categories_kept(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]] | None:
        """The rows :meth:`newest_in_categories_at_once` keeps, when a version read now
        (on PostgreSQL, over an asyncio connection) says they are still the catalogue's;
        ``None`` otherwise."""
        if self._async_version is None:
            return None
        kept = self._newest_kept.get((tuple(dict.fromkeys(categories)), limit))
        if kept is None:
            return None
        return kept[1] if await self._async_version.read() == kept[0] else None

    async def search_kept(self, term: str, request: PageRequest) -> Page[TemplateSummary] | None:
        """:meth:`search` from the search index and the templates kept with it, when a
        version read now (on PostgreSQL, over an asyncio connection) says the index is
        still the catalogue's; ``None`` otherwise, or when some template of the page is not
        kept yet."""
        index = self._index
        if self._async_version is None or index is None or self._index_mode == "off":
            return None
        tokens = search_tokens(term)
        if not tokens:
            return Page.of([], 0, request)
        orders, total = index.search(tokens, request.offset, request.limit)
        try:
            items = [index.summaries[order] for order in orders]
        except KeyError:
            return None
        if await self._async_version.read() != index.version:
            return None
        return Page.of(items, total, request)

    def all(self) -> Sequence[TemplateSummary]:
        """Every template by category, then newest first."""
        return self._summaries(_ALL)

    def categories(self) -> Sequence[str]:
        """Distinct categories."""
        with self._engine.connect() as conn:
            query = sa.select(_T.category).distinct().order_by(_T.category)
            return list(conn.execute(query).scalars())

    def sub_categories(self, category: str) -> Sequence[str]:
        """Distinct sub-categories of one category."""
        query = (
            sa.select(_T.sub_category)
            .where(_T.category == category, _T.sub_category.is_not(None), _T.sub_category != "")
            .distinct()
            .order_by(_T.sub_category)
        )
        with self._engine.connect() as conn:
            return [name for name in conn.execute(query).scalars() if name]

    def paginate(
        self,
        request: PageRequest,
        *,
        category: str | None = None,
        sub_category: str | None = None,
        search: str | None = None,
    ) -> Page[TemplateSummary]:
        """One page of the filtered listing with its total count."""
        query, count = _page(category is not None, sub_category is not None, bool(search))
        params: dict[str, Any] = {"limit": request.limit, "offset": request.offset}
        if category is not None:
            params["category"] = category
        if sub_category is not None:
            params["sub_category"] = sub_category
        if search:
            params["needle"] = escape_like(filter_needle(search))
        with self._engine.connect() as conn:
            rows = [summary_to_domain(row) for row in self._run(conn, query, params)]
            total = int(self._run(conn, count, params)[0][0])
        return Page.of(rows, total, request)

    def search(self, term: str, request: PageRequest) -> Page[TemplateSummary]:
        """Ranked full-text search: from the search index when it holds the catalogue's
        current version, else from the database's full-text index."""
        tokens = search_tokens(term)
        if not tokens:
            return Page.of([], 0, request)
        try:
            indexed = self._indexed(tokens, request, self._read_pooled)
            if indexed is not None:
                return indexed
            with self._engine.connect() as conn:
                rows, total = self._search(conn, tokens, request.limit, request.offset)
        except SQLAlchemyError as error:
            raise SearchUnavailable(
                f"full-text search failed: {error.__class__.__name__}"
            ) from error
        return Page.of([summary_to_domain(row) for row in rows], total, request)

    def search_at_once(self, term: str, request: PageRequest) -> Page[TemplateSummary] | None:
        """:meth:`search` answered from the search index on this process's own connection
        (see :meth:`newest_in_categories_at_once`), or ``None`` when that would mean waiting:
        no such connection, or it is in use, or the index is not (yet) of the catalogue's
        current version."""
        if self._reader is None:
            return None
        tokens = search_tokens(term)
        if not tokens:
            return Page.of([], 0, request)
        return self._indexed(tokens, request, self._reader.read)

    def _read_pooled(
        self, statements: Sequence[tuple[_Prepared, Mapping[str, Any]]]
    ) -> list[Any] | None:
        """The rows of each statement, read on a connection of the pool."""
        with self._engine.connect() as conn:
            return [prepared.rows(conn, values) for prepared, values in statements]

    def _indexed(
        self,
        tokens: tuple[str, ...],
        request: PageRequest,
        read: Callable[[Sequence[tuple[_Prepared, Mapping[str, Any]]]], list[Any] | None],
    ) -> Page[TemplateSummary] | None:
        """The search's page from the search index, or ``None`` when the index is missing or
        of another catalogue version (then a fresh one is built in the background) or
        ``read`` declines. The page's rows not yet kept are read first and the version after:
        when the version is still the index's, no change was committed since the index was
        built, so the rows are of that version too, and they are kept with the index for the
        next searches (which still read the version every time)."""
        if self._index_mode == "off":
            return None
        index = self._index
        if index is None:
            self._refresh_index()
            index = self._index
            if index is None:
                return None
        orders, total = index.search(tokens, request.offset, request.limit)
        kept = index.summaries
        missing = [order for order in orders if order not in kept]
        statements = []
        if missing:
            values = {f"order_{n}": order for n, order in enumerate(missing)}
            statements.append((self._prepare(_by_orders(len(missing))), values))
        statements.append((self._prepare(_VERSION), {}))
        found = read(statements)
        if found is None:
            return None
        if int(found[-1][0][0]) != index.version:
            self._refresh_index()
            return None
        if missing:
            if len(kept) + len(missing) > _KEPT_SUMMARIES:
                kept.clear()
            for row in found[0]:
                kept[row[0]] = summary_to_domain(row[1:])
        try:
            return Page.of([kept[order] for order in orders], total, request)
        except KeyError:  # a row missing at the index's version cannot be; never guess
            return None

    def refresh_search_index(self) -> None:
        """Build the search index from the database now, in this thread (a search builds it
        in the background when it finds none, or one of another catalogue version)."""
        for _ in range(5):
            with self._engine.connect() as conn:
                before = self._run(conn, _VERSION, {})[0][0]
                rows = self._run(conn, _SEARCH_WORDS, {})
                after = self._run(conn, _VERSION, {})[0][0]
            if before == after:  # no change committed in between: the rows are of `before`
                self._index = SearchIndex.build(int(before), rows)
                return

    def _refresh_index(self) -> None:
        """A fresh search index: built here (``inline``) or in a thread of its own
        (``background``, one build at a time), while searches ask the database."""
        if self._index_mode == "inline":
            self.refresh_search_index()
            return
        with self._index_lock:
            if self._index_building:
                return
            self._index_building = True
        threading.Thread(
            target=self._build_in_background, name="designcore-search-index", daemon=True
        ).start()

    def _build_in_background(self) -> None:
        try:
            self.refresh_search_index()
        except Exception:  # the database's search answers meanwhile; retried on next search
            log.warning("building the search index failed", exc_info=True)
        finally:
            with self._index_lock:
                self._index_building = False

    def related(self, template_id: str, limit: int) -> Sequence[TemplateSummary]:
        """Same sub-category, excluding the template itself."""
        sub_category = self._one("sub_category", template_id)[0]
        if not sub_category:
            return []
        return self._summaries(
            _RELATED, {"sub_category": sub_category, "id": template_id, "limit": limit}
        )

    def increment_views(self, template_id: str) -> int:
        """Count one view."""
        return self._bump("view_count", template_id)

    def increment_uses(self, template_id: str) -> int:
        """Count one use."""
        return self._bump("use_count", template_id)

    def _bump(self, counter: str, template_id: str) -> int:
        column = _T[counter]
        with self._writer.begin() as conn:
            value = conn.execute(
                sa.update(TEMPLATES)
                .where(_T.id == template_id)
                .values({counter: column + 1})
                .returning(column)
            ).scalar_one_or_none()
        if value is None:
            raise _not_found(template_id)
        return int(value)


class SqlAlchemySiteSettingsStore:
    """Site settings in ``site_settings``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def get(self, key: str) -> SiteSetting | None:
        """The setting, if set."""
        with self._sessions() as session:
            row = session.get(SiteSettingRow, key)
            return None if row is None else setting_to_domain(row)

    def all(self) -> Sequence[SiteSetting]:
        """Every stored setting, by key."""
        with self._sessions() as session:
            rows = session.scalars(sa.select(SiteSettingRow).order_by(SiteSettingRow.setting_key))
            return [setting_to_domain(row) for row in rows]

    @staticmethod
    def _merge(session: Session, setting: SiteSetting) -> None:
        session.merge(
            SiteSettingRow(
                setting_key=setting.setting_key,
                setting_value=setting.setting_value,
                updated_at=utc_or_none(setting.updated_at),
                updated_by=setting.updated_by,
            )
        )

    def put(self, setting: SiteSetting) -> None:
        """Create or overwrite."""
        with self._sessions.begin() as session:
            self._merge(session, setting)

    def change(self, setting: SiteSetting, change: SettingChange) -> SettingChange:
        """Overwrite and record the change in one transaction."""
        with self._sessions.begin() as session:
            stored = session.get(SiteSettingRow, setting.setting_key, with_for_update=True)
            old = change.old_value if stored is None else stored.setting_value
            self._merge(session, setting)
            row = SettingChangeRow(
                setting_key=change.setting_key,
                old_value=old,
                new_value=change.new_value,
                changed_by=change.changed_by,
                changed_by_email=change.changed_by_email,
                changed_at=utc(change.changed_at),
            )
            session.add(row)
            session.flush()
            return attrs.evolve(change, id=row.id, old_value=old)

    def changes(self, request: PageRequest) -> Page[SettingChange]:
        """Newest first."""
        order = (SettingChangeRow.changed_at.desc(), SettingChangeRow.id.desc())
        with self._sessions() as session:
            total = session.scalar(sa.select(sa.func.count()).select_from(SettingChangeRow)) or 0
            rows = session.scalars(
                sa.select(SettingChangeRow)
                .order_by(*order)
                .limit(request.limit)
                .offset(request.offset)
            )
            return Page.of([setting_change_to_domain(row) for row in rows], total, request)


class SqlAlchemyPromptLog:
    """Search prompts in ``search_prompts``, design prompts in ``prompts``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def _add(self, session: Session, row: Any) -> Any:
        session.add(row)
        session.flush()
        return row

    def add_search_prompt(self, record: SearchPrompt) -> SearchPrompt:
        """Store a search prompt."""
        with self._sessions.begin() as session:
            row = self._add(
                session,
                SearchPromptRow(
                    search_term=record.search_term,
                    user_id=record.user_id,
                    created_at=utc(record.created_at),
                ),
            )
            return search_prompt_to_domain(row)

    def add_design_prompt(self, record: DesignPrompt) -> DesignPrompt:
        """Store a design prompt."""
        with self._sessions.begin() as session:
            row = self._add(
                session,
                PromptRow(
                    prompt=record.prompt,
                    category=record.category,
                    sub_category=record.sub_category,
                    created_at=utc(record.created_at),
                ),
            )
            return design_prompt_to_domain(row)

    def recent_search_prompts(self, limit: int) -> Sequence[SearchPrompt]:
        """Newest first."""
        with self._sessions() as session:
            rows = session.scalars(
                sa.select(SearchPromptRow).order_by(SearchPromptRow.id.desc()).limit(limit)
            )
            return [search_prompt_to_domain(row) for row in rows]

    def recent_design_prompts(self, limit: int) -> Sequence[DesignPrompt]:
        """Newest first."""
        with self._sessions() as session:
            rows = session.scalars(sa.select(PromptRow).order_by(PromptRow.id.desc()).limit(limit))
            return [design_prompt_to_domain(row) for row in rows]

    def search_term_counts(
        self, since: datetime, until: datetime, limit: int
    ) -> Sequence[tuple[str, int]]:
        """Grouped over ``ix_search_prompts_created_at_search_term``."""
        count = sa.func.count().label("n")
        with self._sessions() as session:
            rows = session.execute(
                sa.select(SearchPromptRow.search_term, count)
                .where(
                    SearchPromptRow.created_at >= utc(since),
                    SearchPromptRow.created_at < utc(until),
                )
                .group_by(SearchPromptRow.search_term)
                .order_by(count.desc(), SearchPromptRow.search_term)
                .limit(limit)
            ).all()
            return [(term, int(n)) for term, n in rows]


__all__ = [
    "SqlAlchemyPromptLog",
    "SqlAlchemySiteSettingsStore",
    "SqlAlchemyTemplateCatalogue",
]

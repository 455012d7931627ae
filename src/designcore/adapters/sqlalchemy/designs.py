"""Saved designs in ``designs`` and their kept versions in ``design_versions`` (migration 0012).

Concurrency: a save is one transaction whose first statement is ``UPDATE designs … WHERE id
= … AND owner_id = … AND version = <expected> AND deleted_at IS NULL`` (compare-and-set). On
PostgreSQL the row lock taken by that update makes a second save from the same version wait,
then match no row; on SQLite the write lock serialises them the same way. The loser is told
the stored version (``VersionConflict``); exactly one of two saves from one version wins. The
version row and the trim to ``KEPT_VERSIONS`` happen in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, cast

import msgspec
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.failures import database_unavailable
from designcore.adapters.sqlalchemy.mapping import utc, utc_or_none
from designcore.adapters.sqlalchemy.tables import Base, Json
from designcore.domain.designs import (
    KEPT_VERSIONS,
    UNDO_DELETE,
    Design,
    DesignNotFound,
    DesignSummary,
    DesignVersion,
    ScheduleFilter,
    VersionConflict,
)
from designcore.domain.errors import Conflict, NotFound, Unavailable
from designcore.domain.pagination import Page, PageRequest

Moment = sa.DateTime(timezone=True)


class DesignRow(Base):
    """``designs``."""

    __tablename__ = "designs"
    __table_args__ = (sa.Index("ix_designs_owner_updated", "owner_id", "updated_at"),)

    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    owner_id: Mapped[str] = mapped_column(sa.String(36))
    name: Mapped[str] = mapped_column(sa.Text)
    document: Mapped[dict[str, Any]] = mapped_column(Json)
    source_template_id: Mapped[str | None] = mapped_column(sa.String(36))
    format: Mapped[str] = mapped_column(sa.String(32))
    width: Mapped[float] = mapped_column(sa.Float)
    height: Mapped[float] = mapped_column(sa.Float)
    preview_key: Mapped[str | None] = mapped_column(sa.Text)
    scheduled_for: Mapped[date | None] = mapped_column(sa.Date)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    version: Mapped[int] = mapped_column(sa.Integer)
    deleted_at: Mapped[datetime | None] = mapped_column(Moment)


class DesignVersionRow(Base):
    """``design_versions``: the kept documents, removed with their design."""

    __tablename__ = "design_versions"

    design_id: Mapped[str] = mapped_column(
        sa.String(36), sa.ForeignKey("designs.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    document: Mapped[dict[str, Any]] = mapped_column(Json)
    saved_at: Mapped[datetime] = mapped_column(Moment)


DESIGNS = cast(sa.Table, DesignRow.__table__)
VERSIONS = cast(sa.Table, DesignVersionRow.__table__)
_D = DESIGNS.c
_V = VERSIONS.c
_SUMMARY_COLUMNS = [column for column in DESIGNS.c if column.name != "document"]


def _encoded(document: Any, dialect: str) -> Any:
    """The document as a bound JSON value, encoded once by msgspec (several times faster than
    the driver's ``json.dumps``, and a save writes it twice: the design and its version):
    cast to JSONB on PostgreSQL, stored as the text it is on SQLite."""
    text = sa.literal(msgspec.json.encode(document).decode(), sa.Text())
    return sa.cast(text, postgresql.JSONB()) if dialect == "postgresql" else text


def _values(design: Design, document: Any) -> dict[str, Any]:
    return {
        "id": design.id,
        "owner_id": design.owner_id,
        "name": design.name,
        "document": document,
        "source_template_id": design.source_template_id,
        "format": design.format,
        "width": design.width,
        "height": design.height,
        "preview_key": design.preview_key,
        "scheduled_for": design.scheduled_for,
        "created_at": utc(design.created_at),
        "updated_at": utc(design.updated_at),
        "version": design.version,
        "deleted_at": utc_or_none(design.deleted_at),
    }


def _summary_values(row: sa.RowMapping) -> dict[str, Any]:
    return {
        "id": row["id"],
        "owner_id": row["owner_id"],
        "name": row["name"],
        "source_template_id": row["source_template_id"],
        "format": row["format"],
        "width": row["width"],
        "height": row["height"],
        "preview_key": row["preview_key"],
        "scheduled_for": row["scheduled_for"],
        "created_at": utc(row["created_at"]),
        "updated_at": utc(row["updated_at"]),
        "version": row["version"],
        "deleted_at": utc_or_none(row["deleted_at"]),
    }


def _visible(owner_id: str, design_id: str, now: datetime, include_deleted: bool) -> Any:
    condition = sa.and_(_D.id == design_id, _D.owner_id == owner_id)
    if include_deleted:
        return sa.and_(
            condition, sa.or_(_D.deleted_at.is_(None), _D.deleted_at > utc(now) - UNDO_DELETE)
        )
    return sa.and_(condition, _D.deleted_at.is_(None))


def _same(column: sa.ColumnElement[Any], value: object) -> sa.ColumnElement[bool]:
    return column.is_(None) if value is None else column == value


def _like(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.casefold()}%"


class SqlAlchemyDesignRepository:
    """The ``DesignRepository`` port over ``designs`` and ``design_versions``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add(self, design: Design) -> None:
        """Insert the design and its first version."""
        try:
            with self._engine.begin() as conn:
                document = _encoded(design.document, conn.dialect.name)
                conn.execute(sa.insert(DESIGNS).values(_values(design, document)))
                conn.execute(
                    sa.insert(VERSIONS).values(
                        design_id=design.id,
                        version=design.version,
                        document=document,
                        saved_at=utc(design.updated_at),
                    )
                )
        except IntegrityError:
            raise Conflict(f"a design with id {design.id} exists", code="design_exists") from None
        except DBAPIError as error:
            raise _unavailable(error) from None

    def get(
        self, owner_id: str, design_id: str, *, now: datetime, include_deleted: bool = False
    ) -> Design:
        """A live (or restorable) design of the owner."""
        statement = sa.select(DESIGNS).where(_visible(owner_id, design_id, now, include_deleted))
        try:
            with self._engine.connect() as conn:
                row = conn.execute(statement).mappings().first()
        except DBAPIError as error:
            raise _unavailable(error) from None
        if row is None:
            raise DesignNotFound(f"no design {design_id}")
        return Design(**_summary_values(row), document=row["document"])

    def save(self, design: Design, expected_version: int) -> None:
        """Compare-and-set on the version, the version row and the trim in one transaction."""
        document = _encoded(design.document, self._engine.dialect.name)
        values = _values(design, document)
        for key in ("id", "owner_id", "created_at", "source_template_id"):
            del values[key]
        try:
            with self._engine.begin() as conn:
                changed = conn.execute(
                    sa.update(DESIGNS)
                    .where(
                        _D.id == design.id,
                        _D.owner_id == design.owner_id,
                        _D.version == expected_version,
                        _D.deleted_at.is_(None),
                    )
                    .values(values)
                ).rowcount
                if changed != 1:
                    current = conn.execute(
                        sa.select(_D.version).where(
                            _D.id == design.id,
                            _D.owner_id == design.owner_id,
                            _D.deleted_at.is_(None),
                        )
                    ).scalar()
                    if current is None:
                        raise DesignNotFound(f"no design {design.id}")
                    raise VersionConflict(current, expected_version)
                conn.execute(
                    sa.insert(VERSIONS).values(
                        design_id=design.id,
                        version=design.version,
                        document=document,
                        saved_at=utc(design.updated_at),
                    )
                )
                conn.execute(
                    sa.delete(VERSIONS).where(
                        _V.design_id == design.id,
                        _V.version <= design.version - KEPT_VERSIONS,
                    )
                )
        except IntegrityError:
            # The version row exists: another save of this version won the race.
            raise VersionConflict(design.version, expected_version) from None
        except DBAPIError as error:
            raise _unavailable(error) from None

    def replace(self, current: Design, changed: Design, *, now: datetime) -> None:
        """Overwrite the details if nothing changed since ``current`` (compare-and-set on the
        version and every detail)."""
        visible = _visible(current.owner_id, current.id, now, include_deleted=True)
        unchanged = sa.and_(
            visible,
            _D.version == current.version,
            _D.name == current.name,
            _same(_D.scheduled_for, current.scheduled_for),
            _same(_D.preview_key, current.preview_key),
            _D.updated_at == utc(current.updated_at),
            _same(_D.deleted_at, utc_or_none(current.deleted_at)),
        )
        try:
            with self._engine.begin() as conn:
                count = conn.execute(
                    sa.update(DESIGNS)
                    .where(unchanged)
                    .values(
                        name=changed.name,
                        scheduled_for=changed.scheduled_for,
                        preview_key=changed.preview_key,
                        updated_at=utc(changed.updated_at),
                        deleted_at=utc_or_none(changed.deleted_at),
                    )
                ).rowcount
                if count != 1:
                    stored = conn.execute(sa.select(_D.version).where(visible)).scalar()
                    if stored is None:
                        raise DesignNotFound(f"no design {current.id}")
                    raise VersionConflict(stored, current.version)
        except DBAPIError as error:
            raise _unavailable(error) from None

    def listing(
        self,
        owner_id: str,
        request: PageRequest,
        *,
        now: datetime,
        schedule: ScheduleFilter | None = None,
        search: str | None = None,
        template_id: str | None = None,
    ) -> Page[DesignSummary]:
        """The owner's live designs, newest update first."""
        conditions: list[Any] = [_D.owner_id == owner_id, _D.deleted_at.is_(None)]
        if schedule is not None and schedule.active:
            conditions.append(_D.scheduled_for.is_not(None))
            if schedule.start is not None:
                conditions.append(_D.scheduled_for >= schedule.start)
            if schedule.end is not None:
                conditions.append(_D.scheduled_for <= schedule.end)
        term = (search or "").strip()
        if term:
            conditions.append(sa.func.lower(_D.name).like(_like(term), escape="\\"))
        if template_id is not None:
            conditions.append(_D.source_template_id == template_id)
        where = sa.and_(*conditions)
        try:
            with self._engine.connect() as conn:
                total = conn.execute(sa.select(sa.func.count()).where(where)).scalar_one()
                rows = (
                    conn.execute(
                        sa.select(*_SUMMARY_COLUMNS)
                        .where(where)
                        .order_by(_D.updated_at.desc(), _D.id.desc())
                        .offset(request.offset)
                        .limit(request.limit)
                    )
                    .mappings()
                    .all()
                )
        except DBAPIError as error:
            raise _unavailable(error) from None
        return Page.of([DesignSummary(**_summary_values(r)) for r in rows], total, request)

    def count_owned(self, owner_id: str, *, now: datetime) -> int:
        """Live and restorable designs of the owner."""
        statement = sa.select(sa.func.count()).where(
            _D.owner_id == owner_id,
            sa.or_(_D.deleted_at.is_(None), _D.deleted_at > utc(now) - UNDO_DELETE),
        )
        try:
            with self._engine.connect() as conn:
                return int(conn.execute(statement).scalar_one())
        except DBAPIError as error:
            raise _unavailable(error) from None

    def versions(self, owner_id: str, design_id: str, *, now: datetime) -> Sequence[DesignVersion]:
        """Kept versions, newest first."""
        return self._versions(owner_id, design_id, now, None)

    def version(
        self, owner_id: str, design_id: str, number: int, *, now: datetime
    ) -> DesignVersion:
        """One kept version."""
        found = self._versions(owner_id, design_id, now, number)
        if not found:
            raise NotFound(f"version {number} of this design is not kept", code="version_not_found")
        return found[0]

    def _versions(
        self, owner_id: str, design_id: str, now: datetime, number: int | None
    ) -> list[DesignVersion]:
        statement = (
            sa.select(_V.version, _V.saved_at, _V.document)
            .where(_V.design_id == design_id)
            .order_by(_V.version.desc())
            .limit(KEPT_VERSIONS)
        )
        if number is not None:
            statement = statement.where(_V.version == number, _V.version > 0)
        try:
            with self._engine.connect() as conn:
                live = conn.execute(
                    sa.select(_D.version).where(_visible(owner_id, design_id, now, False))
                ).scalar()
                if live is None:
                    raise DesignNotFound(f"no design {design_id}")
                rows = conn.execute(statement.where(_V.version > live - KEPT_VERSIONS)).mappings()
                return [
                    DesignVersion(r["version"], utc(r["saved_at"]), r["document"]) for r in rows
                ]
        except DBAPIError as error:
            raise _unavailable(error) from None

    def purge(self, deleted_before: datetime) -> int:
        """Drop designs deleted before the moment (their versions go by cascade)."""
        gone = sa.and_(_D.deleted_at.is_not(None), _D.deleted_at <= utc(deleted_before))
        try:
            with self._engine.begin() as conn:
                # SQLite enforces the cascade only with foreign keys on; delete explicitly.
                conn.execute(
                    sa.delete(VERSIONS).where(_V.design_id.in_(sa.select(_D.id).where(gone)))
                )
                return int(conn.execute(sa.delete(DESIGNS).where(gone)).rowcount)
        except DBAPIError as error:
            raise _unavailable(error) from None


def _unavailable(error: DBAPIError) -> Unavailable:
    return database_unavailable("designs", error)

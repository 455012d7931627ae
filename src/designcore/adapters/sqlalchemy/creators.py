"""Creators in ``creators``, attributions in ``creator_templates``, joined with the catalogue's
``design_templates`` for listings and counts."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from designcore.adapters.sqlalchemy.mapping import SUMMARY_COLUMNS, summary_to_domain, utc
from designcore.adapters.sqlalchemy.tables import TEMPLATES
from designcore.adapters.sqlalchemy.web_tables import CREATOR_TEMPLATES, CREATORS
from designcore.domain.creators import Creator, CreatorListing, username_key
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import TemplateSummary

_C = CREATORS.c
_A = CREATOR_TEMPLATES.c
_T = TEMPLATES.c


def _not_found(creator_id: str) -> NotFound:
    return NotFound(f"no creator {creator_id!r}", code="creator_not_found")


def _from_domain(creator: Creator) -> dict[str, Any]:
    return {
        "id": creator.id,
        "user_id": creator.user_id,
        "username": creator.username,
        "username_key": creator.username_key,
        "display_name": creator.display_name,
        "avatar_url": creator.avatar_url,
        "bio": creator.bio,
        "created_at": utc(creator.created_at),
        "updated_at": utc(creator.updated_at),
    }


def _to_domain(row: Any) -> Creator:
    return Creator(
        id=row.id,
        user_id=row.user_id,
        username=row.username,
        display_name=row.display_name,
        avatar_url=row.avatar_url,
        bio=row.bio,
        created_at=utc(row.created_at),
        updated_at=utc(row.updated_at),
    )


_CREATOR_COLUMNS = tuple(CREATORS.c)
_COUNTS = (
    sa.select(_A.creator_id, sa.func.count().label("template_count"))
    .select_from(CREATOR_TEMPLATES.join(TEMPLATES, _T.id == _A.template_id))
    .group_by(_A.creator_id)
    .subquery("counts")
)


class SqlAlchemyCreatorDirectory:
    """Each call is its own transaction."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def _conflict(self, conn: sa.Connection, creator: Creator) -> Conflict:
        taken = conn.execute(
            sa.select(_C.id).where(_C.username_key == creator.username_key, _C.id != creator.id)
        ).first()
        if taken is not None:
            return Conflict(f"username {creator.username!r} is taken", code="username_taken")
        return Conflict("this user already has a creator profile", code="creator_exists")

    def add(self, creator: Creator) -> None:
        """Store a new creator."""
        try:
            with self._engine.begin() as conn:
                conn.execute(CREATORS.insert().values(**_from_domain(creator)))
        except IntegrityError:
            with self._engine.connect() as conn:
                raise self._conflict(conn, creator) from None

    def update(self, creator: Creator) -> None:
        """Overwrite a creator's profile."""
        values = _from_domain(creator)
        del values["id"], values["created_at"]
        try:
            with self._engine.begin() as conn:
                done = conn.execute(CREATORS.update().where(_C.id == creator.id).values(**values))
        except IntegrityError:
            with self._engine.connect() as conn:
                raise self._conflict(conn, creator) from None
        if done.rowcount == 0:
            raise _not_found(creator.id)

    def _one(self, condition: sa.ColumnElement[bool]) -> Creator | None:
        with self._engine.connect() as conn:
            row = conn.execute(sa.select(CREATORS).where(condition)).first()
        return None if row is None else _to_domain(row)

    def by_username(self, username: str) -> Creator | None:
        """Case ignored."""
        return self._one(_C.username_key == username_key(username))

    def by_user(self, user_id: str) -> Creator | None:
        """The user's own profile."""
        return self._one(_C.user_id == user_id)

    def attribute(self, template_id: str, creator_id: str) -> None:
        """Record the template's creator (replacing any earlier one)."""
        with self._engine.begin() as conn:
            if conn.execute(sa.select(_C.id).where(_C.id == creator_id)).first() is None:
                raise _not_found(creator_id)
            conn.execute(CREATOR_TEMPLATES.delete().where(_A.template_id == template_id))
            conn.execute(
                CREATOR_TEMPLATES.insert().values(template_id=template_id, creator_id=creator_id)
            )

    def creator_of(self, template_id: str) -> Creator | None:
        """Who published it."""
        with self._engine.connect() as conn:
            row = conn.execute(
                sa.select(CREATORS)
                .join(CREATOR_TEMPLATES, _A.creator_id == _C.id)
                .where(_A.template_id == template_id)
            ).first()
        return None if row is None else _to_domain(row)

    def published(self, request: PageRequest) -> Page[CreatorListing]:
        """Most templates first, then by username."""
        joined = CREATORS.join(_COUNTS, _COUNTS.c.creator_id == _C.id)
        with self._engine.connect() as conn:
            total = conn.execute(sa.select(sa.func.count()).select_from(joined)).scalar_one()
            rows = conn.execute(
                sa.select(*_CREATOR_COLUMNS, _COUNTS.c.template_count)
                .select_from(joined)
                .order_by(_COUNTS.c.template_count.desc(), _C.username_key)
                .limit(request.limit)
                .offset(request.offset)
            ).all()
        listings = [CreatorListing(_to_domain(row), int(row.template_count)) for row in rows]
        return Page.of(listings, int(total), request)

    def templates(self, creator_id: str, request: PageRequest) -> Page[TemplateSummary]:
        """Newest first."""
        joined = TEMPLATES.join(CREATOR_TEMPLATES, _A.template_id == _T.id)
        mine = _A.creator_id == creator_id
        with self._engine.connect() as conn:
            total = conn.execute(
                sa.select(sa.func.count()).select_from(joined).where(mine)
            ).scalar_one()
            rows = conn.execute(
                sa.select(*SUMMARY_COLUMNS)
                .select_from(joined)
                .where(mine)
                .order_by(_T.created_at.desc(), _T.id)
                .limit(request.limit)
                .offset(request.offset)
            ).all()
        return Page.of([summary_to_domain(row) for row in rows], int(total), request)

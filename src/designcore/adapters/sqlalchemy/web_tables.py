"""Row classes of the web app's tables: site-setting changes, problem reports and creators.

They share :class:`~designcore.adapters.sqlalchemy.tables.Base`; migration ``0013`` creates
them (keep both in step)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.tables import Base, Json, SurrogateKey

Moment = sa.DateTime(timezone=True)


class SettingChangeRow(Base):
    """``site_setting_changes``: every change of a site setting."""

    __tablename__ = "site_setting_changes"

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True, autoincrement=True)
    setting_key: Mapped[str] = mapped_column(sa.String(100))
    old_value: Mapped[Any] = mapped_column(Json, nullable=True)
    new_value: Mapped[Any] = mapped_column(Json, nullable=True)
    changed_by: Mapped[str | None] = mapped_column(sa.String(36))
    changed_by_email: Mapped[str | None] = mapped_column(sa.Text)
    changed_at: Mapped[datetime] = mapped_column(Moment)


class ProblemReportRow(Base):
    """``problem_reports``: what users reported through "Report a Problem"."""

    __tablename__ = "problem_reports"

    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    user_id: Mapped[str] = mapped_column(sa.String(36))
    user_email: Mapped[str] = mapped_column(sa.Text)
    description: Mapped[str] = mapped_column(sa.Text)
    page_url: Mapped[str] = mapped_column(sa.Text)
    screenshot_key: Mapped[str | None] = mapped_column(sa.Text)
    status: Mapped[str] = mapped_column(sa.String(16))
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    resolved_at: Mapped[datetime | None] = mapped_column(Moment)
    resolved_by: Mapped[str | None] = mapped_column(sa.String(36))


class CreatorRow(Base):
    """``creators``: public creator profiles."""

    __tablename__ = "creators"

    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    user_id: Mapped[str | None] = mapped_column(sa.String(36), unique=True)
    username: Mapped[str] = mapped_column(sa.String(30))
    username_key: Mapped[str] = mapped_column(sa.String(30), unique=True)
    display_name: Mapped[str] = mapped_column(sa.Text)
    avatar_url: Mapped[str | None] = mapped_column(sa.Text)
    bio: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)


class CreatorTemplateRow(Base):
    """``creator_templates``: which creator published each template."""

    __tablename__ = "creator_templates"

    template_id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    creator_id: Mapped[str] = mapped_column(
        sa.String(36), sa.ForeignKey("creators.id", ondelete="CASCADE"), index=True
    )


SETTING_CHANGES: sa.Table = SettingChangeRow.__table__  # type: ignore[assignment]
PROBLEM_REPORTS: sa.Table = ProblemReportRow.__table__  # type: ignore[assignment]
CREATORS: sa.Table = CreatorRow.__table__  # type: ignore[assignment]
CREATOR_TEMPLATES: sa.Table = CreatorTemplateRow.__table__  # type: ignore[assignment]

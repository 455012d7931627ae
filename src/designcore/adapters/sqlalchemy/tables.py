"""Row classes: the adapter's own view of the tables (domain classes are never mapped)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
# SQLite only aliases the rowid for a column typed exactly INTEGER.
SurrogateKey = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


class Base(DeclarativeBase):
    """Declarative base of designcore's tables."""

    metadata = sa.MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class TemplateRow(Base):
    """``design_templates``: the catalogue, plus counters and derived search columns."""

    __tablename__ = "design_templates"

    seq: Mapped[int] = mapped_column(SurrogateKey, primary_key=True, autoincrement=True)
    id: Mapped[str] = mapped_column(sa.String(36), unique=True)
    name: Mapped[str] = mapped_column(sa.Text, unique=True)
    category: Mapped[str] = mapped_column(sa.Text)
    sub_category: Mapped[str | None] = mapped_column(sa.Text)
    preview_url: Mapped[str | None] = mapped_column(sa.Text)
    template_type: Mapped[str | None] = mapped_column(sa.Text)
    description: Mapped[str | None] = mapped_column(sa.Text)
    tags: Mapped[list[str]] = mapped_column(Json, default=list)
    semantic_keywords: Mapped[list[str]] = mapped_column(Json, default=list)
    design_intent: Mapped[str | None] = mapped_column(sa.Text)
    polotno_json: Mapped[dict[str, Any] | None] = mapped_column(Json)
    field_requirements: Mapped[list[dict[str, Any]]] = mapped_column(Json, default=list)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    view_count: Mapped[int] = mapped_column(sa.Integer, default=0, server_default="0")
    use_count: Mapped[int] = mapped_column(sa.Integer, default=0, server_default="0")
    # Derived on write from the fields above (designcore.domain.search): the full-text index
    # reads the three weighted groups, the plain listing filter reads filter_text.
    search_name: Mapped[str] = mapped_column(sa.Text, default="")
    search_keys: Mapped[str] = mapped_column(sa.Text, default="")
    search_prose: Mapped[str] = mapped_column(sa.Text, default="")
    filter_text: Mapped[str] = mapped_column(sa.Text, default="")

    __table_args__ = (
        sa.Index("ix_design_templates_newest", sa.text("created_at DESC"), "id"),
        sa.Index(
            "ix_design_templates_category_newest", "category", sa.text("created_at DESC"), "id"
        ),
        sa.Index(
            "ix_design_templates_sub_category_newest",
            "sub_category",
            sa.text("created_at DESC"),
            "id",
        ),
    )


class TemplateCountRow(Base):
    """``design_template_counts``: how many templates each (category, sub-category) holds.

    Kept by the adapter in the same transaction as every catalogue write, so listing totals
    need no ``count(*)`` over the whole table. A missing sub-category is stored as ``''``.
    """

    __tablename__ = "design_template_counts"

    category: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    sub_category: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    n: Mapped[int] = mapped_column(sa.Integer, default=0)


class SigningKeyRow(Base):
    """``signing_keys``: the access-token signing keys (private keys stay in the database)."""

    __tablename__ = "signing_keys"

    kid: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    algorithm: Mapped[str] = mapped_column(sa.String(16))
    private_pem: Mapped[str] = mapped_column(sa.Text)
    public_jwk: Mapped[dict[str, str]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    activates_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    retires_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))


class SiteSettingRow(Base):
    """``site_settings``."""

    __tablename__ = "site_settings"

    setting_key: Mapped[str] = mapped_column(sa.String(100), primary_key=True)
    setting_value: Mapped[Any] = mapped_column(Json, nullable=True)
    updated_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    updated_by: Mapped[str | None] = mapped_column(sa.String(36))


class SearchPromptRow(Base):
    """``search_prompts``."""

    __tablename__ = "search_prompts"

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True, autoincrement=True)
    search_term: Mapped[str] = mapped_column(sa.Text)
    user_id: Mapped[str | None] = mapped_column(sa.String(36))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))


class PromptRow(Base):
    """``prompts``."""

    __tablename__ = "prompts"

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True, autoincrement=True)
    prompt: Mapped[str] = mapped_column(sa.Text)
    category: Mapped[str | None] = mapped_column(sa.Text)
    sub_category: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))


TEMPLATES: sa.Table = TemplateRow.__table__  # type: ignore[assignment]
"""The ``design_templates`` table, for Core queries."""
COUNTS: sa.Table = TemplateCountRow.__table__  # type: ignore[assignment]
"""The ``design_template_counts`` table."""
SIGNING_KEYS: sa.Table = SigningKeyRow.__table__  # type: ignore[assignment]
"""The ``signing_keys`` table."""

"""Catalogue, site settings and prompt logs, with the full-text index of each dialect.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
SurrogateKey = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "design_templates",
        sa.Column("seq", SurrogateKey, primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("category", sa.Text, nullable=False),
        sa.Column("sub_category", sa.Text),
        sa.Column("preview_url", sa.Text),
        sa.Column("template_type", sa.Text),
        sa.Column("description", sa.Text),
        sa.Column("tags", Json, nullable=False),
        sa.Column("semantic_keywords", Json, nullable=False),
        sa.Column("design_intent", sa.Text),
        sa.Column("polotno_json", Json),
        sa.Column("field_requirements", Json, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("view_count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("use_count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("search_name", sa.Text, nullable=False),
        sa.Column("search_keys", sa.Text, nullable=False),
        sa.Column("search_prose", sa.Text, nullable=False),
        sa.Column("filter_text", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("seq", name="pk_design_templates"),
        sa.UniqueConstraint("id", name="uq_design_templates_id"),
        sa.UniqueConstraint("name", name="uq_design_templates_name"),
    )
    op.create_index(
        "ix_design_templates_newest", "design_templates", [sa.text("created_at DESC"), "id"]
    )
    op.create_index(
        "ix_design_templates_category_newest",
        "design_templates",
        ["category", sa.text("created_at DESC"), "id"],
    )
    op.create_index(
        "ix_design_templates_sub_category_newest",
        "design_templates",
        ["sub_category", sa.text("created_at DESC"), "id"],
    )
    op.create_table(
        "site_settings",
        sa.Column("setting_key", sa.String(100), primary_key=True),
        sa.Column("setting_value", Json),
        sa.Column("updated_at", sa.DateTime(timezone=True)),
        sa.Column("updated_by", sa.String(36)),
        sa.PrimaryKeyConstraint("setting_key", name="pk_site_settings"),
    )
    op.create_table(
        "search_prompts",
        sa.Column("id", SurrogateKey, primary_key=True, autoincrement=True),
        sa.Column("search_term", sa.Text, nullable=False),
        sa.Column("user_id", sa.String(36)),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_search_prompts"),
    )
    op.create_table(
        "prompts",
        sa.Column("id", SurrogateKey, primary_key=True, autoincrement=True),
        sa.Column("prompt", sa.Text, nullable=False),
        sa.Column("category", sa.Text),
        sa.Column("sub_category", sa.Text),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_prompts"),
    )
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_full_text()
    else:
        _sqlite_full_text()


def _postgresql_full_text() -> None:
    op.execute(
        """
        ALTER TABLE design_templates ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple', search_name), 'A')
            || setweight(to_tsvector('simple', search_keys), 'B')
            || setweight(to_tsvector('simple', search_prose), 'C')
        ) STORED
        """
    )
    op.execute(
        "CREATE INDEX ix_design_templates_search_vector ON design_templates USING gin (search_vector)"
    )


def _sqlite_full_text() -> None:
    op.execute(
        """
        CREATE VIRTUAL TABLE design_templates_fts USING fts5(
            search_name, search_keys, search_prose,
            content='design_templates', content_rowid='seq', tokenize='unicode61'
        )
        """
    )
    op.execute(
        """
        CREATE TRIGGER design_templates_fts_insert AFTER INSERT ON design_templates BEGIN
            INSERT INTO design_templates_fts(rowid, search_name, search_keys, search_prose)
            VALUES (new.seq, new.search_name, new.search_keys, new.search_prose);
        END
        """
    )
    op.execute(
        """
        CREATE TRIGGER design_templates_fts_delete AFTER DELETE ON design_templates BEGIN
            INSERT INTO design_templates_fts(design_templates_fts, rowid, search_name,
                search_keys, search_prose)
            VALUES ('delete', old.seq, old.search_name, old.search_keys, old.search_prose);
        END
        """
    )
    op.execute(
        """
        CREATE TRIGGER design_templates_fts_update
        AFTER UPDATE OF search_name, search_keys, search_prose ON design_templates BEGIN
            INSERT INTO design_templates_fts(design_templates_fts, rowid, search_name,
                search_keys, search_prose)
            VALUES ('delete', old.seq, old.search_name, old.search_keys, old.search_prose);
            INSERT INTO design_templates_fts(rowid, search_name, search_keys, search_prose)
            VALUES (new.seq, new.search_name, new.search_keys, new.search_prose);
        END
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        op.execute("DROP TABLE IF EXISTS design_templates_fts")
    op.drop_table("prompts")
    op.drop_table("search_prompts")
    op.drop_table("site_settings")
    op.drop_table("design_templates")

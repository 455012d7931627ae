"""The catalogue's version: a counter the database moves in the same transaction as every
change to what the catalogue answers (a template added, removed, or any column but the view
and use counts changed), whoever writes it, this app, another process or a person at a SQL
prompt. A process that keeps something derived from the catalogue (the search index) reads
the counter to know whether it still holds.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

_COUNTED = (
    "id, name, category, sub_category, preview_url, template_type, description, tags, "
    "semantic_keywords, design_intent, width, height, polotno_json, field_requirements, "
    "created_at, updated_at, search_name, search_keys, search_prose, filter_text"
)
"""Every column whose change changes an answer: all but ``seq`` (never changed), the
view and use counts (bumped on every view, answered by no read) and ``search_order``
(generated from ``created_at``)."""


def upgrade() -> None:
    op.create_table(
        "design_template_version",
        sa.Column("id", sa.SmallInteger, primary_key=True),
        sa.Column("version", sa.BigInteger, nullable=False),
        sa.CheckConstraint("id = 1", name="one_row"),
    )
    op.execute("INSERT INTO design_template_version (id, version) VALUES (1, 0)")
    bump = "UPDATE design_template_version SET version = version + 1 WHERE id = 1"
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"""
            CREATE FUNCTION designcore_bump_catalogue_version() RETURNS trigger
            LANGUAGE plpgsql AS $$ BEGIN {bump}; RETURN NULL; END $$
            """
        )
        # Once per statement: a batch of 5,000 templates moves the counter once.
        op.execute(
            f"""
            CREATE TRIGGER design_templates_version
            AFTER INSERT OR DELETE OR UPDATE OF {_COUNTED} ON design_templates
            FOR EACH STATEMENT EXECUTE FUNCTION designcore_bump_catalogue_version()
            """
        )
        op.execute(
            """
            CREATE TRIGGER design_templates_version_truncate
            AFTER TRUNCATE ON design_templates
            FOR EACH STATEMENT EXECUTE FUNCTION designcore_bump_catalogue_version()
            """
        )
        return
    for event in ("INSERT", "DELETE", f"UPDATE OF {_COUNTED}"):
        name = event.split()[0].lower()
        op.execute(
            f"CREATE TRIGGER design_templates_version_{name} AFTER {event} ON design_templates "
            f"BEGIN {bump}; END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS design_templates_version ON design_templates")
        op.execute("DROP TRIGGER IF EXISTS design_templates_version_truncate ON design_templates")
        op.execute("DROP FUNCTION IF EXISTS designcore_bump_catalogue_version()")
    else:
        for name in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS design_templates_version_{name}")
    op.drop_table("design_template_version")

"""Saved designs and their kept versions.

``designs`` holds each user's designs (the Polotno document, its size and named format, the
preview's storage key, the day it is scheduled for, a version counter for compare-and-set
saves, and ``deleted_at`` for the 30-second undo of a delete); ``design_versions`` keeps the
documents of the last 20 saves of each design, removed with it.

Revision ID: 0012
Revises: 0010
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0010"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)
Json = sa.JSON().with_variant(sa.dialects.postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "designs",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("owner_id", sa.String(36), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("document", Json, nullable=False),
        sa.Column("source_template_id", sa.String(36)),
        sa.Column("format", sa.String(32), nullable=False),
        sa.Column("width", sa.Float, nullable=False),
        sa.Column("height", sa.Float, nullable=False),
        sa.Column("preview_key", sa.Text),
        sa.Column("scheduled_for", sa.Date),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("deleted_at", Moment),
        sa.PrimaryKeyConstraint("id", name="pk_designs"),
    )
    op.create_index("ix_designs_owner_updated", "designs", ["owner_id", "updated_at"])
    op.create_table(
        "design_versions",
        sa.Column("design_id", sa.String(36), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("document", Json, nullable=False),
        sa.Column("saved_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("design_id", "version", name="pk_design_versions"),
        sa.ForeignKeyConstraint(
            ["design_id"],
            ["designs.id"],
            name="fk_design_versions_design_id_designs",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("design_versions")
    op.drop_index("ix_designs_owner_updated", table_name="designs")
    op.drop_table("designs")

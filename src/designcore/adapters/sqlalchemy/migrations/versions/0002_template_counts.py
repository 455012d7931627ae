"""Per (category, sub-category) template counts, so listing totals need no full count.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "design_template_counts",
        sa.Column("category", sa.Text, nullable=False),
        sa.Column("sub_category", sa.Text, nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("category", "sub_category", name="pk_design_template_counts"),
    )
    op.execute(
        """
        INSERT INTO design_template_counts (category, sub_category, n)
        SELECT category, COALESCE(sub_category, ''), count(*)
        FROM design_templates GROUP BY category, COALESCE(sub_category, '')
        """
    )


def downgrade() -> None:
    op.drop_table("design_template_counts")

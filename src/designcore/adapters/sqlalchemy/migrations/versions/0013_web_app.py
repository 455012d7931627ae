"""What the web app's account, admin and creator screens keep.

- ``site_setting_changes``: every change of a site setting (old and new value, who, when),
  newest first for the admin's Site Settings screen.
- ``problem_reports``: what a signed-in user reported through "Report a Problem" (the page
  address, an optional screenshot in their own storage folder), open until an admin resolves
  it.
- ``creators``: public creator profiles (username unique regardless of case through
  ``username_key``); a profile a user made carries their ``user_id``, a studio of the seed
  catalogue has none.
- ``creator_templates``: which creator published each template (one creator per template).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)
Json = sa.JSON().with_variant(sa.dialects.postgresql.JSONB(), "postgresql")
SurrogateKey = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "site_setting_changes",
        sa.Column("id", SurrogateKey, primary_key=True, autoincrement=True),
        sa.Column("setting_key", sa.String(100), nullable=False),
        sa.Column("old_value", Json, nullable=True),
        sa.Column("new_value", Json, nullable=True),
        sa.Column("changed_by", sa.String(36)),
        sa.Column("changed_by_email", sa.Text),
        sa.Column("changed_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_site_setting_changes"),
    )
    op.create_index(
        "ix_site_setting_changes_newest",
        "site_setting_changes",
        [sa.text("changed_at DESC"), sa.text("id DESC")],
    )
    op.create_table(
        "problem_reports",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36), nullable=False),
        sa.Column("user_email", sa.Text, nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("page_url", sa.Text, nullable=False),
        sa.Column("screenshot_key", sa.Text),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("resolved_at", Moment),
        sa.Column("resolved_by", sa.String(36)),
        sa.PrimaryKeyConstraint("id", name="pk_problem_reports"),
    )
    op.create_index(
        "ix_problem_reports_newest", "problem_reports", [sa.text("created_at DESC"), "id"]
    )
    op.create_index(
        "ix_problem_reports_status_newest",
        "problem_reports",
        ["status", sa.text("created_at DESC"), "id"],
    )
    op.create_table(
        "creators",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("user_id", sa.String(36)),
        sa.Column("username", sa.String(30), nullable=False),
        sa.Column("username_key", sa.String(30), nullable=False),
        sa.Column("display_name", sa.Text, nullable=False),
        sa.Column("avatar_url", sa.Text),
        sa.Column("bio", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_creators"),
        sa.UniqueConstraint("username_key", name="uq_creators_username_key"),
        sa.UniqueConstraint("user_id", name="uq_creators_user_id"),
    )
    op.create_table(
        "creator_templates",
        sa.Column("template_id", sa.String(36), nullable=False),
        sa.Column("creator_id", sa.String(36), nullable=False),
        sa.PrimaryKeyConstraint("template_id", name="pk_creator_templates"),
        sa.ForeignKeyConstraint(
            ["creator_id"],
            ["creators.id"],
            name="fk_creator_templates_creator_id_creators",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_creator_templates_creator_id", "creator_templates", ["creator_id"])


def downgrade() -> None:
    op.drop_table("creator_templates")
    op.drop_table("creators")
    op.drop_table("problem_reports")
    op.drop_table("site_setting_changes")

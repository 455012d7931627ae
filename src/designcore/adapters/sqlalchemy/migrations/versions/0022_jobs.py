"""Background jobs (large downloads, later previews and imports): their state, progress,
attempts, lease and result, shared by every app and worker process.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)
Json = sa.JSON().with_variant(sa.dialects.postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("owner_id", sa.String(36), nullable=False),
        sa.Column("params", Json, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("progress", sa.Integer, nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("max_attempts", sa.Integer, nullable=False),
        sa.Column("cancel_requested", sa.Boolean, nullable=False),
        sa.Column("lease_until", Moment),
        sa.Column("run_after", Moment),
        sa.Column("worker", sa.Text, nullable=False),
        sa.Column("result_key", sa.Text),
        sa.Column("result_media_type", sa.Text),
        sa.Column("result_filename", sa.Text),
        sa.Column("error_code", sa.String(64)),
        sa.Column("error_message", sa.Text),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("finished_at", Moment),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
    )
    op.create_index("ix_jobs_owner_created", "jobs", ["owner_id", "created_at"])
    op.create_index("ix_jobs_state_lease", "jobs", ["state", "lease_until"])
    op.create_index("ix_jobs_finished", "jobs", ["finished_at"])


def downgrade() -> None:
    op.drop_index("ix_jobs_finished", table_name="jobs")
    op.drop_index("ix_jobs_state_lease", table_name="jobs")
    op.drop_index("ix_jobs_owner_created", table_name="jobs")
    op.drop_table("jobs")

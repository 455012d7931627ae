"""Templates carry their page size (``width``, ``height``), taken from the document, so the light
variant tells a card its shape before the preview arrives.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-23
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def _size(document: Any) -> tuple[int, int] | None:
    if isinstance(document, str | bytes):
        document = json.loads(document)
    if not isinstance(document, dict):
        return None
    width, height = document.get("width"), document.get("height")
    if isinstance(width, int | float) and isinstance(height, int | float) and width > 0 < height:
        return round(width), round(height)
    return None


def upgrade() -> None:
    # A plain ADD COLUMN on every dialect: the table keeps its generated column and the
    # full-text triggers of earlier migrations (a batch copy would rebuild them).
    op.add_column("design_templates", sa.Column("width", sa.Integer))
    op.add_column("design_templates", sa.Column("height", sa.Integer))
    connection = op.get_bind()
    templates = sa.table(
        "design_templates",
        sa.column("seq", sa.Integer),
        sa.column("polotno_json", sa.JSON),
        sa.column("width", sa.Integer),
        sa.column("height", sa.Integer),
    )
    rows = connection.execute(sa.select(templates.c.seq, templates.c.polotno_json)).all()
    for seq, document in rows:
        size = _size(document)
        if size is not None:
            connection.execute(
                templates.update()
                .where(templates.c.seq == seq)
                .values(width=size[0], height=size[1])
            )


def downgrade() -> None:
    op.drop_column("design_templates", "height")
    op.drop_column("design_templates", "width")

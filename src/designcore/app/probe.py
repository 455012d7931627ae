"""``python -m designcore.app.probe URL``: exit 0 when the database at URL answers."""

from __future__ import annotations

import sys

import sqlalchemy as sa


def main(argv: list[str]) -> int:
    """Connect once and run ``SELECT 1``."""
    if len(argv) != 1:
        print("usage: python -m designcore.app.probe DATABASE_URL", file=sys.stderr)
        return 2
    engine = sa.create_engine(argv[0], pool_pre_ping=False)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    except sa.exc.SQLAlchemyError as error:
        print(f"cannot reach the database: {error.__class__.__name__}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

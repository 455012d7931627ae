"""Search answered tier by tier in recency order: the ``search_order`` key.

``search_order`` is :func:`designcore.domain.search.search_order` computed by the database from
``created_at`` and ``seq``. SQLite's full-text index takes it as its row id, so that a tier's
newest matches come straight from the index in row-id order.

PostgreSQL keeps its tsvectors in a narrow side table, ``design_template_search``, one row per
template kept by a trigger: a vector per tier level (name; name and labels; everything), each
with its GIN index. Counting matches reads the heap rows the GIN index points at (GIN cannot
answer a count alone); in the narrow table of position-free vectors those are a few thousand
small pages instead of the catalogue's wide rows. SQLite's index keeps no positions either
(``detail='column'``): search words are single-word prefixes, never phrases.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_EPOCH = 946_684_800  # designcore.domain.search.ORDER_EPOCH
_LO, _HI = -(2**31), 2**31 - 1  # the seconds a key holds (1932-2068)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _postgresql()
    else:
        _sqlite()


def _postgresql() -> None:
    # extract(epoch ...) of a timestamptz does not depend on the session's time zone, but
    # PostgreSQL marks it stable; a generated column needs an immutable function.
    op.execute(
        """
        CREATE FUNCTION designcore_unix_seconds(timestamptz) RETURNS bigint
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT floor(extract(epoch FROM $1))::bigint $$
        """
    )
    op.execute(
        f"""
        ALTER TABLE design_templates ADD COLUMN search_order bigint GENERATED ALWAYS AS (
            (greatest(least(designcore_unix_seconds(created_at) - {_EPOCH}, {_HI}), {_LO}) << 32)
            + seq
        ) STORED
        """
    )
    op.execute(
        "CREATE UNIQUE INDEX ix_design_templates_search_order ON design_templates (search_order)"
    )
    op.execute("DROP INDEX IF EXISTS ix_design_templates_search_vector")
    op.execute("ALTER TABLE design_templates DROP COLUMN IF EXISTS search_vector")
    op.execute(
        """
        CREATE TABLE design_template_search (
            search_order bigint NOT NULL,
            name_vector tsvector NOT NULL,
            label_vector tsvector NOT NULL,
            search_vector tsvector NOT NULL,
            CONSTRAINT pk_design_template_search PRIMARY KEY (search_order)
        )
        """
    )
    for column in ("name_vector", "label_vector", "search_vector"):
        op.execute(
            f"CREATE INDEX ix_design_template_search_{column} "
            f"ON design_template_search USING gin ({column})"
        )
    # Every word the vectors hold, in byte order, with the lowest level it appears at (1 a
    # name, 2 labels, 3 prose): search words are prefixes, and a prefix is looked up here and
    # spelled out as whole words per level (adapters/sqlalchemy/search.py). Words are only
    # ever added and levels only lowered; a word no template holds any more matches nothing.
    op.execute(
        """
        CREATE TABLE design_template_words (
            word text COLLATE "C" NOT NULL,
            level smallint NOT NULL,
            CONSTRAINT pk_design_template_words PRIMARY KEY (word)
        )
        """
    )
    op.execute(
        """
        CREATE FUNCTION designcore_sync_template_search() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            names tsvector;
            labels tsvector;
            everything tsvector;
        BEGIN
            IF TG_OP <> 'INSERT' THEN
                DELETE FROM design_template_search WHERE search_order = OLD.search_order;
            END IF;
            IF TG_OP <> 'DELETE' THEN
                names := strip(to_tsvector('simple', NEW.search_name));
                labels := strip(to_tsvector('simple',
                    NEW.search_name || ' ' || NEW.search_keys));
                everything := strip(to_tsvector('simple',
                    NEW.search_name || ' ' || NEW.search_keys || ' ' || NEW.search_prose));
                INSERT INTO design_template_search
                    (search_order, name_vector, label_vector, search_vector)
                VALUES (NEW.search_order, names, labels, everything);
                INSERT INTO design_template_words (word, level)
                SELECT word, min(level) FROM (
                    SELECT unnest(tsvector_to_array(names)) AS word, 1 AS level
                    UNION ALL SELECT unnest(tsvector_to_array(labels)), 2
                    UNION ALL SELECT unnest(tsvector_to_array(everything)), 3
                ) AS found GROUP BY word
                ON CONFLICT (word) DO UPDATE SET level = excluded.level
                WHERE excluded.level < design_template_words.level;
            END IF;
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER design_templates_search_sync
        AFTER INSERT OR DELETE OR UPDATE OF search_name, search_keys, search_prose, created_at
        ON design_templates FOR EACH ROW EXECUTE FUNCTION designcore_sync_template_search()
        """
    )
    op.execute(
        """
        INSERT INTO design_template_search
            (search_order, name_vector, label_vector, search_vector)
        SELECT search_order,
            strip(to_tsvector('simple', search_name)),
            strip(to_tsvector('simple', search_name || ' ' || search_keys)),
            strip(to_tsvector('simple', search_name || ' ' || search_keys || ' ' || search_prose))
        FROM design_templates
        """
    )
    op.execute(
        """
        INSERT INTO design_template_words (word, level)
        SELECT word, min(level) FROM (
            SELECT unnest(tsvector_to_array(name_vector)) AS word, 1 AS level
            FROM design_template_search
            UNION ALL SELECT unnest(tsvector_to_array(label_vector)), 2
            FROM design_template_search
            UNION ALL SELECT unnest(tsvector_to_array(search_vector)), 3
            FROM design_template_search
        ) AS found GROUP BY word
        """
    )


_SQLITE_TRIGGERS = {
    "design_templates_fts_insert": """
        CREATE TRIGGER design_templates_fts_insert AFTER INSERT ON design_templates BEGIN
            INSERT INTO design_templates_fts(rowid, search_name, search_keys, search_prose)
            VALUES (new.search_order, new.search_name, new.search_keys, new.search_prose);
        END
    """,
    "design_templates_fts_delete": """
        CREATE TRIGGER design_templates_fts_delete AFTER DELETE ON design_templates BEGIN
            INSERT INTO design_templates_fts(design_templates_fts, rowid, search_name,
                search_keys, search_prose)
            VALUES ('delete', old.search_order, old.search_name, old.search_keys,
                old.search_prose);
        END
    """,
    "design_templates_fts_update": """
        CREATE TRIGGER design_templates_fts_update
        AFTER UPDATE OF search_name, search_keys, search_prose, created_at
        ON design_templates BEGIN
            INSERT INTO design_templates_fts(design_templates_fts, rowid, search_name,
                search_keys, search_prose)
            VALUES ('delete', old.search_order, old.search_name, old.search_keys,
                old.search_prose);
            INSERT INTO design_templates_fts(rowid, search_name, search_keys, search_prose)
            VALUES (new.search_order, new.search_name, new.search_keys, new.search_prose);
        END
    """,
}


def _sqlite() -> None:
    # Stored as UTC text; strftime('%s') reads whole seconds. SQLite adds generated columns
    # only as VIRTUAL; the unique index keeps the values.
    op.execute(
        f"""
        ALTER TABLE design_templates ADD COLUMN search_order INTEGER GENERATED ALWAYS AS (
            (max(min(CAST(strftime('%s', created_at) AS INTEGER) - {_EPOCH}, {_HI}), {_LO}) << 32)
            + seq
        ) VIRTUAL
        """
    )
    op.execute(
        "CREATE UNIQUE INDEX ix_design_templates_search_order ON design_templates (search_order)"
    )
    _sqlite_index("search_order")


def _sqlite_index(rowid: str) -> None:
    """(Re)build the FTS5 index and its triggers with ``rowid`` as the index's row id."""
    for name in _SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.execute("DROP TABLE IF EXISTS design_templates_fts")
    op.execute(
        f"""
        CREATE VIRTUAL TABLE design_templates_fts USING fts5(
            search_name, search_keys, search_prose,
            content='design_templates', content_rowid='{rowid}', tokenize='unicode61',
            detail='column'
        )
        """
    )
    for statement in _SQLITE_TRIGGERS.values():
        op.execute(statement.replace("search_order", rowid))
    op.execute("INSERT INTO design_templates_fts(design_templates_fts) VALUES ('rebuild')")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS design_templates_search_sync ON design_templates")
        op.execute("DROP FUNCTION IF EXISTS designcore_sync_template_search()")
        op.execute("DROP TABLE IF EXISTS design_template_search")
        op.execute("DROP TABLE IF EXISTS design_template_words")
        op.execute("DROP INDEX IF EXISTS ix_design_templates_search_order")
        op.execute("ALTER TABLE design_templates DROP COLUMN search_order")
        op.execute("DROP FUNCTION IF EXISTS designcore_unix_seconds(timestamptz)")
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
            "CREATE INDEX ix_design_templates_search_vector "
            "ON design_templates USING gin (search_vector)"
        )
        return
    _sqlite_index("seq")
    op.execute("DROP INDEX IF EXISTS ix_design_templates_search_order")
    op.execute("ALTER TABLE design_templates DROP COLUMN search_order")

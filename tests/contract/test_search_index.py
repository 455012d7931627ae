"""The SQLAlchemy catalogue's in-process copies (the search index, the kept home rows) answer
exactly what the database answers, and never an answer of a catalogue that has since changed."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import textwrap
from datetime import timedelta

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.sqlalchemy import SqlAlchemyTemplateCatalogue
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import Template, TemplateSummary
from designcore.testing.builders import EPOCH, make_template

VOCABULARY = [
    "praise", "prayer", "pray", "grace", "gracious", "lagos", "lagoon", "owambe", "party",
    "partner", "jollof", "harvest", "hair", "happy", "birthday", "birth", "60th", "6", "600",
    "ankara", "aso", "ebi", "ẹ̀kọ́", "eko", "naira", "pos", "youth", "revival", "night",
]  # fmt: skip
"""Words sharing prefixes (so prefixes expand to several words), digits, and diacritics."""
TERMS = [
    "praise", "pra", "p", "grace", "grac", "lagos party", "party lagos", "happy birthday",
    "ha", "60th", "6", "60", "ẹkọ", "eko", "ekọ", "naira pos", "youth revival night", "zebra",
    "jollof owambe harvest", "a", "birth day", "revival", "aso ebi",
]  # fmt: skip
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


def generated(count: int, seed: int) -> list[Template]:
    """``count`` templates whose fields draw on :data:`VOCABULARY`, some created in the same
    second (ties are broken by the order they were added)."""
    rng = random.Random(seed)
    templates = []
    for n in range(count):
        words = [rng.choice(VOCABULARY) for _ in range(9)]
        templates.append(
            make_template(
                name=f"{words[0].title()} {words[1]} {n}",
                sub_category=rng.choice(["Sunday Service", "Kids", None]),
                description=f"A {words[2]} {words[3]} flyer." if rng.random() < 0.8 else None,
                tags=tuple(words[4:6]),
                semantic_keywords=tuple(words[6:7]),
                design_intent=f"For a {words[7]} {words[8]}.",
                created_at=EPOCH - timedelta(minutes=rng.randrange(0, 40)),
            )
        )
    return templates


@pytest.fixture(name="engine", params=DATABASES)
def fixture_engine(request: pytest.FixtureRequest) -> sa.Engine:
    """A migrated, empty database of each kind."""
    return request.getfixturevalue(f"{request.param}_engine")  # type: ignore[no-any-return]


@pytest.fixture(name="pair")
def fixture_pair(
    engine: sa.Engine,
) -> tuple[SqlAlchemyTemplateCatalogue, SqlAlchemyTemplateCatalogue]:
    """The same database searched by its full-text index and by the search index."""
    return (
        SqlAlchemyTemplateCatalogue(engine, search_index="off"),
        SqlAlchemyTemplateCatalogue(engine, search_index="inline"),
    )


def _ids(page: Page[TemplateSummary]) -> tuple[list[str], int]:
    return [t.id for t in page.items], page.total_count


def _all_pages(
    catalogue: SqlAlchemyTemplateCatalogue, term: str, size: int
) -> list[tuple[list[str], int]]:
    return [_ids(catalogue.search(term, PageRequest(page, size))) for page in range(1, 5)]


class TestSameAnswers:
    @pytest.mark.parametrize("seed", [1, 2])
    def test_every_term_and_page_answers_as_the_database_does(
        self, pair: tuple[SqlAlchemyTemplateCatalogue, SqlAlchemyTemplateCatalogue], seed: int
    ) -> None:
        """Over a generated catalogue, every term gives the same results in the same order
        and the same totals on every page, from the index as from the database."""
        database, indexed = pair
        database.add_many(generated(150, seed))
        for term in TERMS:
            for size in (7, 24):
                assert _all_pages(database, term, size) == _all_pages(indexed, term, size), term
        assert indexed._index is not None
        assert 150 == len(indexed._index)

    def test_a_search_after_a_change_answers_the_changed_catalogue(
        self, pair: tuple[SqlAlchemyTemplateCatalogue, SqlAlchemyTemplateCatalogue]
    ) -> None:
        """Templates added and replaced through another catalogue object are found, or no
        longer found, by the next search."""
        database, indexed = pair
        templates = generated(40, 3)
        database.add_many(templates)
        assert _ids(database.search("praise", PageRequest())) == _ids(
            indexed.search("praise", PageRequest())
        )
        database.add(new := make_template(name="Zebra Praise", created_at=EPOCH + timedelta(1)))
        renamed = attrs.evolve(templates[0], name="Quokka Night", tags=(), semantic_keywords=())
        database.replace(renamed)
        for term in ("zebra", "quokka", "praise", templates[0].name.split()[0]):
            assert _ids(database.search(term, PageRequest())) == _ids(
                indexed.search(term, PageRequest())
            )
        assert [new.id] == _ids(indexed.search("zebra", PageRequest()))[0]


def _change_in_another_process(engine: sa.Engine, statements: list[str]) -> None:
    """Run ``statements`` in a transaction of a separate Python process."""
    url = engine.url.render_as_string(hide_password=False)
    on_postgresql = engine.dialect.name == "postgresql"
    script = textwrap.dedent(
        f"""
        import sqlalchemy as sa
        args = {{"options": "-csearch_path=designcore_test"}} if {on_postgresql} else {{}}
        engine = sa.create_engine({url!r}, connect_args=args)
        with engine.begin() as conn:
            for statement in {statements!r}:
                conn.execute(sa.text(statement))
        """
    )
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)


class TestChangesByAnotherProcess:
    def test_the_index_never_answers_for_a_catalogue_changed_elsewhere(
        self, engine: sa.Engine
    ) -> None:
        """After another process renames, removes and adds templates with plain SQL, the very
        next search (the index rebuilt in the background meanwhile) answers the changed
        catalogue, and the searches after the rebuild too."""
        database = SqlAlchemyTemplateCatalogue(engine, search_index="off")
        indexed = SqlAlchemyTemplateCatalogue(engine, search_index="background")
        templates = generated(30, 4)
        database.add_many(templates)
        indexed.refresh_search_index()
        assert _ids(database.search("lagos", PageRequest())) == _ids(
            indexed.search("lagos", PageRequest())
        )
        first, second = templates[0], templates[1]
        _change_in_another_process(
            engine,
            [
                "UPDATE design_templates SET name = 'Quokka Lagos', search_name = 'quokka lagos' "
                f"WHERE id = '{first.id}'",
                f"DELETE FROM design_templates WHERE id = '{second.id}'",
            ],
        )
        for term in ("quokka", "lagos", second.name.split()[0].lower()):
            assert _ids(database.search(term, PageRequest())) == _ids(
                indexed.search(term, PageRequest())
            )
        indexed.refresh_search_index()  # what the background build does
        for term in ("quokka", "lagos", second.name.split()[0].lower()):
            assert _ids(database.search(term, PageRequest())) == _ids(
                indexed.search(term, PageRequest())
            )
        assert [first.id] == _ids(indexed.search("quokka", PageRequest()))[0]

    def test_views_and_uses_leave_the_index_standing(self, engine: sa.Engine) -> None:
        """Counting views and uses is no change to the catalogue: the index built before
        still answers."""
        catalogue = SqlAlchemyTemplateCatalogue(engine, search_index="background")
        catalogue.add(template := make_template(name="Harvest Night"))
        catalogue.refresh_search_index()
        index = catalogue._index
        catalogue.increment_views(template.id)
        catalogue.increment_uses(template.id)
        assert [template.id] == _ids(catalogue.search("harvest", PageRequest()))[0]
        assert index is catalogue._index
        assert catalogue._indexed(("harvest",), PageRequest(), catalogue._read_pooled)


class TestSearchAtOnce:
    def test_answers_as_search_does_once_the_index_is_current(self, engine: sa.Engine) -> None:
        """On the process's own connection the index's answer is the database's; after the
        catalogue changed, it declines until the index is rebuilt."""
        database = SqlAlchemyTemplateCatalogue(engine, search_index="off")
        indexed = SqlAlchemyTemplateCatalogue(engine, search_index="background")
        database.add_many(generated(60, 5))
        indexed.refresh_search_index()
        for term in TERMS:
            found = indexed.search_at_once(term, PageRequest(2, 5))
            assert found is not None
            assert _ids(database.search(term, PageRequest(2, 5))) == _ids(found)
        database.add(make_template(name="Praise Anew"))
        assert indexed.search_at_once("praise", PageRequest()) is None
        indexed.refresh_search_index()
        found = indexed.search_at_once("praise", PageRequest())
        assert found is not None
        assert _ids(database.search("praise", PageRequest())) == _ids(found)


class TestHomeRowsKept:
    def test_kept_rows_answer_only_while_the_catalogue_is_unchanged(
        self, engine: sa.Engine
    ) -> None:
        """The home rows read at once are kept while only views change; a template renamed
        or removed by another process shows in the very next read."""
        catalogue = SqlAlchemyTemplateCatalogue(engine)
        catalogue.add_many(templates := [make_template() for _ in range(4)])
        first = catalogue.newest_in_categories_at_once(("Church",), 3)
        _change_in_another_process(
            engine, [f"UPDATE design_templates SET view_count = 7 WHERE id = '{templates[0].id}'"]
        )
        assert first is catalogue.newest_in_categories_at_once(("Church",), 3)
        _change_in_another_process(
            engine,
            [
                f"UPDATE design_templates SET name = 'Quokka' WHERE id = '{templates[0].id}'",
                f"DELETE FROM design_templates WHERE id = '{templates[1].id}'",
            ],
        )
        after = catalogue.newest_in_categories_at_once(("Church",), 3)
        assert after is not None
        expected = catalogue.newest_in_categories(("Church",), 3)["Church"]
        assert list(expected) == list(after["Church"])
        assert ["Quokka", templates[2].name, templates[3].name] == [t.name for t in after["Church"]]


class TestKeptAnswersAwaited:
    @pytest.mark.postgresql
    def test_kept_answers_confirmed_without_holding_the_loop(
        self, postgresql_engine: sa.Engine
    ) -> None:
        """On PostgreSQL the kept home rows and search pages are answered after an awaited
        version read, equal to the database's answers; after another process changes the
        catalogue, every caller, however many at once, is refused until read again."""
        engine = postgresql_engine
        database = SqlAlchemyTemplateCatalogue(engine, search_index="off")
        catalogue = SqlAlchemyTemplateCatalogue(engine, search_index="background")
        database.add_many(templates := generated(40, 6))
        catalogue.refresh_search_index()
        rows = catalogue.newest_in_categories_at_once(("Church",), 5)
        page = catalogue.search_at_once("praise", PageRequest())
        assert page is not None

        async def kept() -> list[object]:
            return list(
                await asyncio.gather(
                    *(catalogue.newest_in_categories_kept(("Church",), 5) for _ in range(10)),
                    *(catalogue.search_kept("praise", PageRequest()) for _ in range(10)),
                )
            )

        found = asyncio.run(kept())
        assert [rows] * 10 == found[:10]
        assert [_ids(database.search("praise", PageRequest()))] * 10 == [
            _ids(p)
            for p in found[10:]  # type: ignore[arg-type]
        ]
        _change_in_another_process(
            engine, [f"UPDATE design_templates SET name = 'Quokka' WHERE id = '{templates[0].id}'"]
        )
        assert [None] * 20 == asyncio.run(kept())

    def test_sqlite_answers_nothing_awaited(self, sqlite_engine: sa.Engine) -> None:
        """SQLite reads at once on the loop instead: the awaited reads decline."""
        catalogue = SqlAlchemyTemplateCatalogue(sqlite_engine)
        catalogue.add(make_template(name="Praise Night"))
        catalogue.refresh_search_index()
        assert catalogue.newest_in_categories_at_once(("Church",), 5)
        assert asyncio.run(catalogue.newest_in_categories_kept(("Church",), 5)) is None
        assert asyncio.run(catalogue.search_kept("praise", PageRequest())) is None

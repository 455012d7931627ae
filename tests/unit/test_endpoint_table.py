"""docs/security.md's endpoint table names every route of the app, and only those.

The app is built with every optional route switched on (the built web app, the development
mailbox, the payment sandbox), its routes are read from Litestar's route table, and each is
looked up in the table: a new route without a row fails, and so does a row for a route that is
gone or one whose proving test file does not exist.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from litestar import Litestar

from designcore.app import Container
from designcore.app.http import create_app
from route_table import route_methods

ROOT = Path(__file__).resolve().parents[2]
SECURITY = ROOT / "docs" / "security.md"
SECTION = "## Endpoints: who may call what"
METHODS = {"GET", "POST", "PUT", "PATCH", "DELETE", "TRACE"}


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the endpoint table (header and rule left out)."""
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| ")
    ]
    return rows[1:]


def table_routes(rows: list[list[str]]) -> list[tuple[str, str]]:
    """``(method, path)`` of every row, one per method a row names."""
    return [(method.strip(), row[1].strip("`")) for row in rows for method in row[0].split(",")]


@pytest.fixture(name="app")
def fixture_app(make_memory_container: Callable[..., Container], tmp_path: Path) -> Litestar:
    """The app with the built web app (a stand-in index.html), the mailbox and the sandbox."""
    (tmp_path / "index.html").write_text("<!doctype html>")
    container = make_memory_container(
        DESIGNCORE_WEB_DIST=str(tmp_path), DESIGNCORE_MAIL_BACKEND="outbox"
    )
    return create_app(container=container)


@pytest.fixture(name="rows")
def fixture_rows() -> list[list[str]]:
    """The endpoint table's rows as docs/security.md has them."""
    return table_rows(SECURITY.read_text())


class TestEndpointTable:
    def test_the_app_has_its_optional_routes(self, app: Litestar) -> None:
        """The app under test serves the web app, the mailbox and the sandbox, so their
        routes are checked too."""
        paths = {path for _, path in route_methods(app)}
        assert {"/", "/dev/mailbox", "/sandbox/paystack/charge"} <= paths

    def test_every_route_has_a_row(self, app: Litestar, rows: list[list[str]]) -> None:
        """Every method and path of the route table is in docs/security.md."""
        missing = sorted(route_methods(app) - set(table_routes(rows)))
        assert [] == missing, "add these routes to docs/security.md's endpoint table"

    def test_every_row_is_a_route(self, app: Litestar, rows: list[list[str]]) -> None:
        """The table names no route the app does not have."""
        gone = sorted(set(table_routes(rows)) - route_methods(app))
        assert [] == gone, "these rows of docs/security.md name no route of the app"

    def test_no_route_has_two_rows(self, rows: list[list[str]]) -> None:
        """Each method and path appears once, in a row of five filled cells."""
        twice = [r for r, n in Counter(table_routes(rows)).items() if n > 1]
        assert [] == twice
        assert [] == [r for r in rows if len(r) != 5 or not all(r)]
        assert set() == {m for m, _ in table_routes(rows)} - METHODS

    def test_the_proving_tests_exist(self, rows: list[list[str]]) -> None:
        """Each row's proof is a test file that exists (and, for a node id, holds the named
        class and test)."""
        problems = []
        for row in rows:
            proof = row[4].strip("`")
            file, *names = proof.split("::")
            path = ROOT / file
            if not re.fullmatch(r"(tests|web/e2e)/[\w/.-]+\.(py|mjs)", file) or not path.is_file():
                problems.append(f"{row[1]}: {file} does not exist")
                continue
            text = path.read_text()
            problems += [f"{row[1]}: {name} not in {file}" for name in names if name not in text]
        assert [] == problems

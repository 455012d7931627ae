"""The API document tells the truth: schemathesis sends requests generated from
``/schema/openapi.json`` to the app on SQLite and on PostgreSQL and checks every answer.

A short run is part of the test suite; ``nox -s fuzz`` runs the long one
(``DESIGNCORE_FUZZ_EXAMPLES=200``: at least 200 examples per operation)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from designcore.adapters.memory import StaticAuthenticator
from designcore.app.http import create_app
from designcore.app.seeding import migrate_database
from designcore.domain.premium import Viewer
from designcore.testing import fakes
from support import postgres_schema_settings

EXAMPLES = int(os.environ.get("DESIGNCORE_FUZZ_EXAMPLES", "4"))
"""Examples per operation: a few in the test suite, 200 or more in ``nox -s fuzz``."""

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
]
"""No 5xx; every status, media type, body and header as the document declares."""

ADMIN = Viewer(user_id="u-admin", user_role="admin")
HEADERS = {"Authorization": "Bearer admin-token"}
"""Requests come from a signed-in administrator, so the signed-in routes are reached."""


def _database(backend: str, tmp_path: Path) -> Iterator[dict[str, str]]:
    if backend == "sqlite":
        yield {"DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'fuzz.db'}"}
        return
    yield from postgres_schema_settings()


@pytest.fixture(
    name="api_schema",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_api_schema(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The app's own document, loaded by schemathesis, over the app on a migrated database
    with the default site settings and an administrator's token."""
    for environment in _database(request.param, tmp_path):
        container = fakes.memory_container(
            {
                **environment,
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_SEED_ON_START": "false",
            }
        )
        migrate_database(container)
        container.authenticator.override(StaticAuthenticator({"admin-token": ADMIN}))
        container.site_settings().ensure_defaults()
        yield schemathesis.openapi.from_asgi(
            "/schema/openapi.json", create_app(container=container)
        )


def _disagreements(operation: Any) -> list[str]:
    """Run ``EXAMPLES`` generated requests of one operation; answer what went wrong."""

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=EXAMPLES < 200,
        database=None,
    )
    def run(case: Any) -> None:
        case.call_and_validate(headers=HEADERS, checks=CHECKS)

    try:
        run()
    except Exception as error:  # every failure of every operation is reported at the end
        return [f"{operation.label}: {error}"]
    return []


class TestApiDocument:
    def test_every_answer_matches_the_document(self, api_schema: Any) -> None:
        """Every generated request of every operation gets an answer without a server error
        whose status, media type, headers and body the document declares for it."""
        operations = [result.ok() for result in api_schema.get_all_operations()]
        problems = [problem for op in operations for problem in _disagreements(op)]

        assert [] == problems, "\n\n".join(problems)
        assert len(operations) > 80

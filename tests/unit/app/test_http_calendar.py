"""``GET /api/v1/calendar`` over HTTP: the month in a time zone, the occasions with their
template counts, and refused input."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.seeding import seeded_templates

Client = TestClient  # type: ignore[type-arg]
CALENDAR = "/api/v1/calendar"


@pytest.fixture(name="stocked")
def fixture_stocked(container: Container) -> Container:
    """The container with the seed catalogue (its New Month templates among them)."""
    for template in seeded_templates():
        container.catalogue().add(template)
    return container


class TestCalendar:
    def test_this_month_in_lagos_by_default(
        self, client: Client, stocked: Container, clock: FixedClock
    ) -> None:
        """Without parameters: this month in Africa/Lagos, where 23:30 UTC on 30 September is
        already 1 October."""
        clock.current = datetime(2026, 9, 30, 23, 30, tzinfo=UTC)
        body = client.get(CALENDAR).json()
        assert ("2026-10-01", 2026, 10) == (body["today"], body["year"], body["month"])
        assert "2026-09-28" == body["weeks"][0][0]
        assert "2026-11-01" == body["weeks"][-1][-1]
        assert all(7 == len(week) for week in body["weeks"])

    def test_the_time_zone_moves_today(
        self, client: Client, stocked: Container, clock: FixedClock
    ) -> None:
        """The same instant is still 30 September in New York."""
        clock.current = datetime(2026, 9, 30, 23, 30, tzinfo=UTC)
        body = client.get(CALENDAR, params={"tz": "America/New_York"}).json()
        assert ("2026-09-30", 9) == (body["today"], body["month"])

    def test_occasions_with_template_counts(self, client: Client, stocked: Container) -> None:
        """October 2026 marks Independence Day and New Month; New Month's count is what the
        template search finds."""
        answer = client.get(CALENDAR, params={"year": 2026, "month": 10})
        assert 200 == answer.status_code
        occasions = answer.json()["occasions"]
        first = occasions[0]
        assert {
            "date": "2026-10-01",
            "name": "Independence Day",
            "kind": "public_holiday",
            "search": "independence",
        } == {k: first[k] for k in ("date", "name", "kind", "search")}
        new_month = [o for o in occasions if o["name"] == "New Month"]
        assert ["2026-10-01", "2026-11-01"] == [o["date"] for o in new_month]
        found = client.get("/api/v1/templates/search", params={"q": "new month"}).json()
        assert found["totalCount"] > 0
        assert found["totalCount"] == new_month[0]["template_count"]

    def test_easter_and_eid(self, client: Client, stocked: Container) -> None:
        """March 2026 has Eid al-Fitr on the 20th and Mother's Day on the 15th; April has the
        Easter holidays."""
        march = {
            o["name"]: o["date"]
            for o in client.get(CALENDAR, params={"year": 2026, "month": 3}).json()["occasions"]
        }
        assert "2026-03-20" == march["Eid al-Fitr"]
        assert "2026-03-15" == march["Mother's Day"]
        april = {
            o["name"]: o["date"]
            for o in client.get(CALENDAR, params={"year": 2026, "month": 4}).json()["occasions"]
        }
        assert ("2026-04-03", "2026-04-05", "2026-04-06") == (
            april["Good Friday"],
            april["Easter Sunday"],
            april["Easter Monday"],
        )

    @pytest.mark.parametrize(
        ("params", "field"),
        [
            ({"tz": "Mars/Base"}, "tz"),
            ({"tz": "../../etc/passwd"}, "tz"),
            ({"year": 2026, "month": 13}, "month"),
            ({"year": 2026, "month": 0}, "month"),
            ({"year": 99999, "month": 1}, "year"),
        ],
    )
    def test_bad_input_is_400(
        self, client: Client, stocked: Container, params: dict[str, object], field: str
    ) -> None:
        """A bad zone, month or year is a 400 naming the field."""
        answer = client.get(CALENDAR, params=params)
        assert 400 == answer.status_code
        body = answer.json()
        assert "validation_failed" == body["code"]
        assert field in str(body)

    @pytest.mark.parametrize("params", [{"year": "next"}, {"month": "May"}, {"tz": "x" * 65}])
    def test_malformed_parameters_are_400(
        self, client: Client, stocked: Container, params: dict[str, str]
    ) -> None:
        """Parameters of the wrong type or length are refused with a 400 and a message."""
        answer = client.get(CALENDAR, params=params)
        assert 400 == answer.status_code
        assert answer.json()["message"]

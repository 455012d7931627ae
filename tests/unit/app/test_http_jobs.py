"""/api/v1/jobs over HTTP, and large exports answered 202 with a job done in the background
(the in-process queue of the in-memory container)."""

from __future__ import annotations

import io
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import TestClient
from pypdf import PdfReader

from designcore.app import Container
from designcore.app.services.exports import EXPORT_JOB
from designcore.domain.exports import JOB_ABOVE
from support import flyer, make_template

Client = TestClient  # type: ignore[type-arg]


class ParkingQueue:
    """A queue whose jobs wait for ever (nobody serves it)."""

    in_process = False

    def __init__(self) -> None:
        self.parked: list[str] = []

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        self.parked.append(job_id)

    def serve(self, runner: Callable[[str], None]) -> None:
        pass

    def close(self) -> None:
        pass


FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}
ADMIN = {"Authorization": "Bearer admin-token"}


@pytest.fixture(name="long_template")
def fixture_long_template(container: Container) -> str:
    """A free template with more pages than an inline export makes."""
    template = make_template(name="Conference Programme", polotno_json=flyer(pages=12))
    container.catalogue().add(template)
    return template.id


def wait_done(client: Client, url: str, headers: dict[str, str]) -> dict[str, Any]:
    for _ in range(600):
        body: dict[str, Any] = client.get(url, headers=headers).json()
        if body["state"] in ("succeeded", "failed", "cancelled"):
            return body
        time.sleep(0.02)
    raise AssertionError(f"the job did not finish: {body}")


def export_job(client: Client, template_id: str) -> tuple[str, dict[str, Any]]:
    answer = client.post(
        "/api/v1/exports", json={"template_id": template_id, "format": "pdf"}, headers=PREMIUM
    )
    assert 202 == answer.status_code, answer.text
    return answer.headers["location"], answer.json()


class TestLargeExports:
    def test_an_export_above_the_threshold_is_a_job_whose_result_is_the_file(
        self, client: Client, long_template: str
    ) -> None:
        """A 12-page PDF answers 202 with the queued job and its Location; the job succeeds
        and its result is the 12-page PDF, as an attachment."""
        assert 12 > JOB_ABOVE.pages
        location, job = export_job(client, long_template)
        assert (f"/api/v1/jobs/{job['id']}", EXPORT_JOB) == (location, job["kind"])
        assert job["state"] in ("queued", "running", "succeeded")
        done = wait_done(client, location, PREMIUM)
        assert ("succeeded", 100) == (done["state"], done["progress"]), done
        assert f"{location}/result" == done["result_url"]
        file = client.get(done["result_url"], headers=PREMIUM)
        assert 200 == file.status_code
        assert "application/pdf" == file.headers["content-type"]
        assert (
            'attachment; filename="designcore-conference-programme.pdf"'
            == (file.headers["content-disposition"])
        )
        assert 12 == len(PdfReader(io.BytesIO(file.content)).pages)

    def test_a_small_export_is_still_answered_directly(
        self, client: Client, container: Container
    ) -> None:
        """A one-page download stays a 200 with the file."""
        template = make_template(name="Card", polotno_json=flyer())
        container.catalogue().add(template)
        answer = client.post(
            "/api/v1/exports", json={"template_id": template.id, "format": "png"}, headers=FREE
        )
        assert 200 == answer.status_code
        assert "image/png" == answer.headers["content-type"]


class TestJobRoutes:
    def test_someone_else_and_unknown_or_malformed_ids_are_404(
        self, client: Client, long_template: str
    ) -> None:
        """Another user's job, an unknown id and a malformed one all answer 404 job_not_found,
        on every job route; the admin sees the job."""
        location, job = export_job(client, long_template)
        for path in (location, f"/api/v1/jobs/{uuid.uuid4()}", "/api/v1/jobs/not-an-id"):
            for method, suffix in (("GET", ""), ("POST", "/cancel"), ("GET", "/result")):
                answer = client.request(method, path + suffix, headers=FREE)
                assert (404, "job_not_found") == (answer.status_code, answer.json()["code"])
        assert job["id"] == client.get(location, headers=ADMIN).json()["id"]

    def test_visitors_must_sign_in(self, client: Client) -> None:
        """Without a token every job route answers 401."""
        answer = client.get(f"/api/v1/jobs/{uuid.uuid4()}")
        assert (401, "sign_in_required") == (answer.status_code, answer.json()["code"])

    def test_a_result_before_success_is_409_and_a_finished_job_cannot_be_cancelled(
        self, client: Client, container: Container
    ) -> None:
        """result of a queued job is 409 job_not_finished; cancelling it answers cancelled;
        cancelling again is 409 job_finished."""
        parked = ParkingQueue()
        container.job_queue.override(providers.Object(parked))
        container.jobs.reset()
        queued = container.jobs().submit(EXPORT_JOB, "u-premium", {"format": "pdf"})
        assert [queued.id] == parked.parked
        url = f"/api/v1/jobs/{queued.id}"
        result = client.get(f"{url}/result", headers=PREMIUM)
        assert (409, "job_not_finished") == (result.status_code, result.json()["code"])
        cancelled = client.post(f"{url}/cancel", headers=PREMIUM)
        assert (200, "cancelled") == (cancelled.status_code, cancelled.json()["state"])
        again = client.post(f"{url}/cancel", headers=PREMIUM)
        assert (409, "job_finished") == (again.status_code, again.json()["code"])

    def test_bad_parameters_fail_the_job_with_a_clear_error(
        self, client: Client, container: Container
    ) -> None:
        """An export job whose parameters are not an export fails once with
        validation_failed, and nothing is retried."""
        job = container.jobs().submit(EXPORT_JOB, "u-premium", {"not": "an export"})
        body = wait_done(client, f"/api/v1/jobs/{job.id}", PREMIUM)
        if body["state"] == "cancelled":  # pragma: no cover - nobody cancels this one
            pytest.fail("cancelled")
        assert ("failed", 1) == (body["state"], body["attempts"])
        assert "validation_failed" == body["error"]["code"]

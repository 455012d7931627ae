"""``/api/v1/jobs``: a background job's status, its cancellation and its result file
(docs/api.md, "Jobs"). Only the job's owner (or an admin) sees it; everyone else, like an
unknown or malformed id, gets 404 ``job_not_found``."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec
from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath

from designcore.app.http.api_docs import ANSWERS_FILES
from designcore.app.http.dependencies import Me
from designcore.app.services.jobs import JobService
from designcore.domain.jobs import Job, JobState

Jobs = NamedDependency[JobService]
JobStateName = Literal["queued", "running", "succeeded", "failed", "cancelled"]


class JobErrorOut(msgspec.Struct, kw_only=True):
    """Why a job failed."""

    code: str
    message: str


class JobOut(msgspec.Struct, kw_only=True):
    """A job as its owner sees it. ``result_url`` is set once it succeeded."""

    id: str
    kind: str
    state: JobStateName
    """``queued``, ``running``, ``succeeded``, ``failed`` or ``cancelled``."""
    progress: int
    """0 to 100."""
    message: str
    attempts: int
    max_attempts: int
    cancel_requested: bool
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    result_url: str | None
    """``/api/v1/jobs/{id}/result`` once succeeded."""
    result_filename: str | None
    result_media_type: str | None
    error: JobErrorOut | None
    worker: str
    """Who ran the latest attempt (``host:pid``)."""


def job_url(job_id: str) -> str:
    """The status address of a job (the ``Location`` of a 202)."""
    return f"/api/v1/jobs/{job_id}"


def job_out(job: Job) -> JobOut:
    """The answer body of a job."""
    done = job.state is JobState.SUCCEEDED and job.result is not None
    return JobOut(
        id=job.id,
        kind=job.kind,
        state=job.state.value,
        progress=job.progress,
        message=job.message,
        attempts=job.attempts,
        max_attempts=job.max_attempts,
        cancel_requested=job.cancel_requested,
        created_at=job.created_at,
        updated_at=job.updated_at,
        finished_at=job.finished_at,
        result_url=f"{job_url(job.id)}/result" if done else None,
        result_filename=job.result.filename if job.result else None,
        result_media_type=job.result.media_type if job.result else None,
        error=JobErrorOut(code=job.error.code, message=job.error.message) if job.error else None,
        worker=job.worker,
    )


class JobController(Controller):
    """``/api/v1/jobs``."""

    path = "/api/v1/jobs"
    tags = ["jobs"]

    @get("/{job_id:str}", operation_id="getJob", sync_to_thread=True)
    def get_job(self, jobs: Jobs, viewer: Me, job_id: FromPath[str]) -> JobOut:
        """A job's state and progress (its owner or an admin; bearer access token).

        Errors: 401 ``sign_in_required``, 404 ``job_not_found``."""
        return job_out(jobs.status(viewer, job_id))

    @post("/{job_id:str}/cancel", operation_id="cancelJob", status_code=200, sync_to_thread=True)
    def cancel_job(self, jobs: Jobs, viewer: Me, job_id: FromPath[str]) -> JobOut:
        """Stop a job: a queued one at once (``cancelled``), a running one between its steps
        (``cancel_requested`` until then).

        Errors: 401 ``sign_in_required``, 404 ``job_not_found``, 409 ``job_finished``."""
        return job_out(jobs.cancel(viewer, job_id))

    @get(
        "/{job_id:str}/result",
        operation_id="getJobResult",
        sync_to_thread=True,
        response_description="The job's file, as an attachment.",
        opt={ANSWERS_FILES: ("*/*",)},
    )
    def get_result(self, jobs: Jobs, viewer: Me, job_id: FromPath[str]) -> Response[bytes]:
        """The file a succeeded job made (its owner or an admin).

        Errors: 401 ``sign_in_required``, 404 ``job_not_found``/``job_result_gone``,
        409 ``job_not_finished``."""
        job, stored = jobs.result(viewer, job_id)
        assert job.result is not None
        headers = {
            "Content-Disposition": f'attachment; filename="{job.result.filename}"',
            "Cache-Control": "private, no-store",
            "X-Content-Type-Options": "nosniff",
        }
        if job.result.media_type.startswith("image/svg+xml"):
            headers["Content-Security-Policy"] = (
                "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
            )
        return Response(stored.data, media_type=job.result.media_type, headers=headers)

"""Background jobs: their states, the moves between them, retries and who may see them.

A job is work asked for by one user (a large download, later previews and imports) that runs
outside the request that asked for it: in a worker thread of the app process (the embedded
default) or in a ``designcore worker`` process fed by a broker (docs/decisions.md, "Jobs on a
task queue"). Its state lives in the database, so any app process answers its status and any
worker moves it on; the queue carries only its id.

The state machine (:data:`TRANSITIONS`)::

    queued  --start-->   running
    queued  --cancel-->  cancelled
    queued  --fail-->    failed      (its lease ran out with no attempts left)
    running --succeed--> succeeded
    running --fail-->    failed
    running --retry-->   queued      (a failed attempt with attempts left, or a lost worker)
    running --cancel-->  cancelled   (the handler saw the cancel request between steps)

``succeeded``, ``failed`` and ``cancelled`` are final. Nothing here does I/O or reads a clock:
rules that depend on time take ``now``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Any, Final

import attrs

from designcore.domain.errors import FieldIssue, IllegalTransition, NotFound, ValidationFailed


class JobState(enum.Enum):
    """Where a job stands."""

    QUEUED = "queued"
    """Waiting for a worker (first attempt, or a retry after a pause)."""
    RUNNING = "running"
    """A worker holds it; its lease says until when the worker is trusted to be alive."""
    SUCCEEDED = "succeeded"
    """Done; the result is in storage."""
    FAILED = "failed"
    """Given up: every attempt failed, or the input can never work."""
    CANCELLED = "cancelled"
    """Stopped at its owner's (or an admin's) request."""

    @property
    def finished(self) -> bool:
        """Whether no move leaves this state."""
        return self in FINISHED


FINISHED: Final = frozenset({JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED})
"""The final states."""


class JobMove(enum.Enum):
    """A move of the job state machine."""

    START = "start"
    SUCCEED = "succeed"
    FAIL = "fail"
    RETRY = "retry"
    CANCEL = "cancel"


_S = JobState
_M = JobMove

TRANSITIONS: Final[Mapping[tuple[JobState, JobMove], JobState]] = MappingProxyType(
    {
        (_S.QUEUED, _M.START): _S.RUNNING,
        (_S.QUEUED, _M.CANCEL): _S.CANCELLED,
        (_S.QUEUED, _M.FAIL): _S.FAILED,
        (_S.RUNNING, _M.SUCCEED): _S.SUCCEEDED,
        (_S.RUNNING, _M.FAIL): _S.FAILED,
        (_S.RUNNING, _M.RETRY): _S.QUEUED,
        (_S.RUNNING, _M.CANCEL): _S.CANCELLED,
    }
)
"""Every legal move: (state, move) → next state. A pair not in the table is illegal."""


def transition(state: JobState, move: JobMove) -> JobState:
    """The state after ``move``; raises :class:`IllegalTransition` for a move the table lacks."""
    try:
        return TRANSITIONS[(state, move)]
    except KeyError:
        allowed = sorted(m.value for (s, m) in TRANSITIONS if s is state)
        raise IllegalTransition(
            f"{move.value} is not allowed while the job is {state.value}; "
            f"allowed: {', '.join(allowed) or 'nothing (the job is finished)'}",
            code="illegal_job_transition",
        ) from None


def legal_moves(state: JobState) -> frozenset[JobMove]:
    """The moves the table allows from ``state``."""
    return frozenset(m for (s, m) in TRANSITIONS if s is state)


# --- limits ------------------------------------------------------------------------------------

DEFAULT_MAX_ATTEMPTS: Final = 3
"""Attempts a job gets unless configured otherwise: the first and two retries."""

RETRY_BASE_DELAY: Final = timedelta(seconds=2)
"""The pause before the first retry; each further retry doubles it."""

RETRY_MAX_DELAY: Final = timedelta(minutes=5)
"""The longest pause between attempts."""

DEFAULT_LEASE: Final = timedelta(seconds=60)
"""How long a running job's worker is trusted without a heartbeat; the worker renews it a few
times per lease, so a job whose worker died is noticed at most this long after."""

MAX_MESSAGE_LENGTH: Final = 500
"""Longest progress or error message kept (longer ones are cut)."""

KIND_PATTERN: Final = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")
"""What a job kind looks like (``export``, ``design_preview``)."""

_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def is_job_id(value: str) -> bool:
    """Whether ``value`` has the shape of a job id (a lowercase UUID)."""
    return bool(_ID.match(value))


class JobNotFound(NotFound):
    """No such job, or not one the caller may see (the same answer, so ids cannot be probed)."""

    code = "job_not_found"


# --- the entity --------------------------------------------------------------------------------


def _progress(instance: object, attribute: Any, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise ValidationFailed([FieldIssue("progress", f"expected 0 to 100, got {value!r}")])


def _short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE_LENGTH else text[: MAX_MESSAGE_LENGTH - 1] + "…"


@attrs.frozen
class JobResult:
    """Where a finished job's file is kept."""

    key: str
    """The object's path in the results bucket."""
    media_type: str
    """The file's media type."""
    filename: str
    """The name the file is downloaded under."""


@attrs.frozen
class JobError:
    """Why a job failed."""

    code: str
    """A stable machine-readable code (``export_too_large``, ``worker_lost``, …)."""
    message: str = attrs.field(converter=_short)
    """What went wrong, in words a person can act on."""


@attrs.frozen
class Job:
    """One background job. Changes return new objects (:meth:`moved`, :meth:`with_progress`)."""

    id: str
    """A lowercase UUID."""
    kind: str
    """Which handler runs it (``export``)."""
    owner_id: str
    """The user who asked for it; they (and admins) may read and cancel it."""
    params: Mapping[str, Any]
    """The handler's input, JSON-able."""
    created_at: datetime
    """When it was submitted."""
    updated_at: datetime
    """When it last changed (a heartbeat counts)."""
    state: JobState = JobState.QUEUED
    """Where it stands."""
    progress: int = attrs.field(default=0, validator=_progress)
    """How far the current attempt is, 0 to 100."""
    message: str = attrs.field(default="", converter=_short)
    """A short word on the progress (``page 3 of 12``)."""
    attempts: int = 0
    """Attempts started so far."""
    max_attempts: int = DEFAULT_MAX_ATTEMPTS
    """Attempts allowed before it fails for good."""
    cancel_requested: bool = False
    """Whether its owner or an admin asked for it to stop (a running handler stops between
    steps)."""
    lease_until: datetime | None = None
    """While running: until when its worker is trusted to be alive."""
    run_after: datetime | None = None
    """While queued for a retry: not before this moment."""
    worker: str = ""
    """Who ran (or runs) the current attempt: host and process id."""
    result: JobResult | None = None
    """The result file, once succeeded."""
    error: JobError | None = None
    """Why it failed."""
    finished_at: datetime | None = None
    """When it reached a final state."""

    def __attrs_post_init__(self) -> None:
        issues: list[FieldIssue] = []
        if not is_job_id(self.id):
            issues.append(FieldIssue("id", f"expected a lowercase UUID, got {self.id!r}"))
        if not KIND_PATTERN.match(self.kind):
            issues.append(FieldIssue("kind", f"expected a job kind name, got {self.kind!r}"))
        if not self.owner_id:
            issues.append(FieldIssue("owner_id", "a job belongs to someone"))
        if not isinstance(self.max_attempts, int) or self.max_attempts < 1:
            issues.append(FieldIssue("max_attempts", "expected at least 1"))
        if issues:
            raise ValidationFailed(issues)

    @property
    def finished(self) -> bool:
        """Whether it reached a final state."""
        return self.state.finished

    def moved(self, move: JobMove, now: datetime, **changes: Any) -> Job:
        """This job after ``move`` at ``now`` (with ``changes``); raises
        :class:`IllegalTransition` for a move the table forbids."""
        state = transition(self.state, move)
        finished_at = now if state.finished else None
        return attrs.evolve(self, state=state, updated_at=now, finished_at=finished_at, **changes)

    def with_progress(self, progress: int, message: str, now: datetime) -> Job:
        """This running job having reached ``progress`` (never going back)."""
        return attrs.evolve(
            self,
            progress=max(self.progress, min(100, max(0, int(progress)))),
            message=message,
            updated_at=now,
        )


def new_job(
    job_id: str,
    kind: str,
    owner_id: str,
    params: Mapping[str, Any],
    now: datetime,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
) -> Job:
    """A job just submitted: queued, no attempt made."""
    return Job(
        id=job_id,
        kind=kind,
        owner_id=owner_id,
        params=dict(params),
        created_at=now,
        updated_at=now,
        max_attempts=max_attempts,
    )


# --- rules -------------------------------------------------------------------------------------


@attrs.frozen
class RetryDecision:
    """What to do after a failed attempt."""

    retry: bool
    """Whether another attempt is made."""
    delay: timedelta = timedelta(0)
    """The pause before it."""


def decide_retry(
    attempts: int,
    max_attempts: int,
    *,
    retryable: bool = True,
    base: timedelta = RETRY_BASE_DELAY,
    cap: timedelta = RETRY_MAX_DELAY,
) -> RetryDecision:
    """After ``attempts`` failed attempts of ``max_attempts``: retry after ``base`` doubled per
    earlier attempt (at most ``cap``) while attempts are left and the failure may pass."""
    if not retryable or attempts >= max_attempts:
        return RetryDecision(retry=False)
    delay = base * (2 ** max(0, attempts - 1))
    return RetryDecision(retry=True, delay=min(delay, cap))


def start(job: Job, now: datetime, worker: str, lease: timedelta = DEFAULT_LEASE) -> Job:
    """The job taken by ``worker``: running, one more attempt, leased until ``now + lease``."""
    return job.moved(
        JobMove.START,
        now,
        attempts=job.attempts + 1,
        progress=0,
        message="",
        lease_until=now + lease,
        run_after=None,
        worker=worker,
        error=None,
    )


def after_failure(
    job: Job, error: JobError, now: datetime, *, retryable: bool = True, **limits: Any
) -> Job:
    """A running job whose attempt failed with ``error``: queued again after the
    :func:`decide_retry` pause, or failed for good."""
    decision = decide_retry(job.attempts, job.max_attempts, retryable=retryable, **limits)
    if decision.retry:
        return job.moved(
            JobMove.RETRY, now, lease_until=None, run_after=now + decision.delay, error=error
        )
    return job.moved(JobMove.FAIL, now, lease_until=None, error=error)


WORKER_LOST = "worker_lost"
"""The error code of an attempt whose worker stopped renewing its lease."""


def is_stale(job: Job, now: datetime) -> bool:
    """Whether a running job's lease has run out (its worker died or hangs)."""
    return job.state is JobState.RUNNING and job.lease_until is not None and job.lease_until < now


def recover(job: Job, now: datetime, **limits: Any) -> Job:
    """A stale job queued for another attempt, or failed when none is left."""
    lost = JobError(WORKER_LOST, "the worker running this job stopped answering")
    return after_failure(job, lost, now, **limits)


def may_see(job: Job, user_id: str | None, *, is_admin: bool) -> bool:
    """Whether a caller may read or cancel the job: its owner, or an admin."""
    return is_admin or (user_id is not None and user_id == job.owner_id)

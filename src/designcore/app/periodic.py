"""Jobs the server runs on a timer, each also available as a CLI command for cron or a
one-off run: the signing keys (hourly), the auth clean-up (hourly), payment reconciliation
(every 5 minutes), subscription expiry (hourly), trimming the image variants (hourly) and
purging deleted designs (every minute); the list is ``_periodic_jobs`` in ``app/container.py``.

The schedule is plain and testable (:class:`Schedule`); the server drives it from a Litestar
lifespan task that wakes up every ``tick`` and runs due jobs in a worker thread, so a slow job
never blocks requests. With several workers (``serve --workers N``) the supervising process
runs the schedule once for all of them in a thread (:func:`run_in_thread`) and the workers run
none. Jobs must still be safe to run concurrently and repeatedly (they are idempotent clean-ups
and checks): a CLI command or a second server may run one at the same time.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import datetime, timedelta

import anyio
import anyio.to_thread
import attrs

from designcore.ports.clock import Clock

log = logging.getLogger(__name__)


@attrs.frozen
class Job:
    """Something to run every ``every``."""

    name: str
    every: timedelta
    run: Callable[[], object]


class Schedule:
    """When each job runs next. Every job first runs one ``every`` after the schedule starts
    (a freshly started server does not do all its housekeeping at once)."""

    def __init__(self, jobs: Sequence[Job], clock: Clock) -> None:
        self._jobs = tuple(jobs)
        self._clock = clock
        start = clock.now()
        self._next: dict[str, datetime] = {job.name: start + job.every for job in self._jobs}

    @property
    def jobs(self) -> tuple[Job, ...]:
        """The jobs, in the order they were given."""
        return self._jobs

    def run_due(self) -> list[str]:
        """Run every job whose time has come and answer their names. A failing job is logged
        and tried again at its next time; it never stops the others."""
        now = self._clock.now()
        ran: list[str] = []
        for job in self._jobs:
            if self._next[job.name] > now:
                continue
            self._next[job.name] = now + job.every
            ran.append(job.name)
            try:
                outcome = job.run()
            except Exception:
                log.exception("periodic job %s failed", job.name)
            else:
                log.info("periodic job %s: %s", job.name, outcome)
        return ran


def lifespan(
    schedule: Schedule, tick: float
) -> Callable[[object], AbstractAsyncContextManager[None]]:
    """A Litestar lifespan that checks the schedule every ``tick`` seconds while the app runs."""

    @asynccontextmanager
    async def running(_app: object) -> AsyncIterator[None]:
        stopping = anyio.Event()

        async def loop() -> None:
            while not stopping.is_set():
                with anyio.move_on_after(tick):
                    await stopping.wait()
                if not stopping.is_set():
                    await anyio.to_thread.run_sync(schedule.run_due)

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(loop)
            try:
                yield
            finally:
                stopping.set()

    return running


def run_in_thread(schedule: Schedule, tick: float) -> Callable[[], None]:
    """Check ``schedule`` every ``tick`` seconds in a daemon thread (the supervising process of
    several server workers runs the housekeeping once for all); answer a function that stops it.
    """
    stopping = threading.Event()

    def loop() -> None:
        while not stopping.wait(tick):
            schedule.run_due()

    threading.Thread(target=loop, name="designcore-housekeeping", daemon=True).start()
    return stopping.set

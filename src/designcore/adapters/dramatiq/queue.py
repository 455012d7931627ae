"""``JobQueue`` over Dramatiq: a message carrying a job id on a Redis or RabbitMQ queue.

The message holds the id and nothing else (the job's state is in the database, read by the
runner). Dramatiq's own retries are off (``max_retries=0``): a failed attempt is retried by the
job service, which counts attempts in the store, so the limit holds whichever broker or
process ran the attempt. A message whose worker died unacknowledged is delivered again by the
broker; the runner finds its job running (or finished) and leaves it, and the job's lease
decides whether it is retried.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from urllib.parse import urlsplit

import dramatiq
from dramatiq.brokers.rabbitmq import RabbitmqBroker
from dramatiq.brokers.redis import RedisBroker

from designcore.domain.errors import Unavailable

log = logging.getLogger(__name__)

ACTOR_NAME = "designcore_job"
"""The actor every job message is addressed to."""

TIME_LIMIT_MS = 60 * 60 * 1000
"""Longest one attempt may run before Dramatiq interrupts it (an hour)."""


def make_broker(url: str, queue_name: str) -> dramatiq.Broker:
    """A broker for ``url``: Redis (keys under the namespace ``queue_name``) or RabbitMQ."""
    scheme = urlsplit(url).scheme.lower()
    if scheme in ("redis", "rediss"):
        return RedisBroker(url=url, namespace=queue_name)  # type: ignore[no-untyped-call]
    if scheme in ("amqp", "amqps"):
        return RabbitmqBroker(url=url)
    raise ValueError(f"expected a redis:// or amqp:// broker URL, got {scheme}://…")


class DramatiqJobQueue:
    """Sends job ids to the queue ``queue_name`` of the broker at ``url``; the processes of
    ``designcore worker`` consume it (:meth:`worker`)."""

    in_process = False

    def __init__(self, url: str, queue_name: str = "designcore-jobs") -> None:
        self._broker = make_broker(url, queue_name)
        self._queue_name = queue_name
        self._runner: Callable[[str], None] | None = None
        self._lock = threading.Lock()
        self._actor = dramatiq.Actor(
            self._run,
            broker=self._broker,
            actor_name=ACTOR_NAME,
            queue_name=queue_name,
            priority=0,
            options={"max_retries": 0, "time_limit": TIME_LIMIT_MS},
        )

    @property
    def broker(self) -> dramatiq.Broker:
        """The Dramatiq broker (for the worker processes)."""
        return self._broker

    @property
    def queue_name(self) -> str:
        """The queue the messages go to."""
        return self._queue_name

    def _run(self, job_id: str) -> None:
        runner = self._runner
        if runner is None:
            raise RuntimeError("this process runs no jobs: start `designcore worker`")
        runner(job_id)

    def serve(self, runner: Callable[[str], None]) -> None:
        """Record the runner; :meth:`worker` consumes messages with it."""
        with self._lock:
            self._runner = runner

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        """Send a message with the id (``kind`` names it in the broker's logs only)."""
        delay = max(0, round(delay_seconds * 1000)) or None
        try:
            self._actor.send_with_options(args=(job_id,), delay=delay, kind=kind)
        except Exception as error:  # redis, pika and dramatiq errors alike
            log.error("the job broker refused job %s", job_id, exc_info=error)
            raise Unavailable(
                "the job queue could not take the job; try again in a moment",
                code="job_queue_unavailable",
            ) from None

    def worker(self, threads: int) -> dramatiq.Worker:
        """A Dramatiq worker of this process consuming the queue with ``threads`` threads
        (started by the caller)."""
        if self._runner is None:
            raise RuntimeError("serve() the job runner before starting a worker")
        return dramatiq.Worker(self._broker, queues={self._queue_name}, worker_threads=threads)

    def close(self) -> None:
        """Close the broker's connections."""
        self._broker.close()

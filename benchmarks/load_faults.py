"""Load and faults: 200 users for 60 s through nginx with 2 app processes and 2 job workers
(benchmarks/cluster.py), PostgreSQL restarted mid-load, Redis stopped mid-load, and the same
users against one ``designcore serve`` process as the reference; figures written to
docs/benchmarks-load.md.

    python benchmarks/load_faults.py [--users 200] [--seconds 60] [--only single,cluster,...]

Every run counts the saves the server acknowledged and, at the end, the saves stored in the
database (each save adds one to a design's ``version``): lost writes = acknowledged - stored.
``DESIGNCORE_AUTH_SIGNUPS_PER_HOUR`` is raised to 1,000 for the runs (each user also connects
from an address of its own, so the per-address limit is not what is measured).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs
import httpx
import sqlalchemy as sa
from cluster import ROOT, PostgresServer, free_port, running_cluster
from users import Answer, Tally, errors_by_status, figures, is_error, run_users, summary_line

DOCUMENT = ROOT / "docs" / "benchmarks-load.md"
EXTRA_ENVIRONMENT = {"DESIGNCORE_AUTH_SIGNUPS_PER_HOUR": "1000"}


@attrs.frozen
class Fault:
    """What was broken, when (seconds from the window's start), and what readiness said."""

    name: str
    stopped_at: float
    started_at: float
    recovered_at: float | None
    """When every app process's readiness answered 200 (and, for Redis, shared limits) again."""
    probes: tuple[tuple[float, str, int, str], ...]
    """(time, app, status, code or rate_limits) of each readiness probe."""


@attrs.frozen
class Run:
    """One load run's figures."""

    name: str
    description: str
    users: int
    seconds: float
    answers: tuple[Answer, ...]
    acknowledged: int
    stored: int
    designs: int
    unknown_saves: int
    wrong_last_names: int
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    fault: Fault | None = None


def _load() -> tuple[float, float, float]:
    return os.getloadavg()


def stored_saves(
    database_url: str, acknowledged: dict[str, int], last_names: dict[str, str]
) -> tuple[int, int]:
    """(saves stored, designs whose stored name is not the last acknowledged save's) for the
    designs the run saved: each save adds one to ``designs.version``."""
    if not acknowledged:
        return 0, 0
    engine = sa.create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text("SELECT id, version, name FROM designs WHERE id = ANY(:ids)"),
                {"ids": list(acknowledged)},
            ).all()
    finally:
        engine.dispose()
    stored = sum(version - 1 for _, version, _ in rows)
    wrong = sum(1 for design_id, _, name in rows if name != last_names.get(str(design_id)))
    return stored, wrong


def measure(
    name: str,
    description: str,
    base_url: str,
    database_url: str,
    *,
    users: int,
    seconds: float,
    during: Callable[[Tally], Awaitable[Fault | None]] | None = None,
) -> Run:
    """Run the users, then count what the database stored."""
    load_before = _load()
    faults: list[Fault] = []

    async def inject(tally: Tally) -> None:
        if during is not None:
            found = await during(tally)
            if found is not None:
                faults.append(found)

    tally, _ = run_users(base_url, users=users, seconds=seconds, during=inject if during else None)
    stored, wrong = stored_saves(database_url, tally.acknowledged, tally.last_name)
    run = Run(
        name=name,
        description=description,
        users=users,
        seconds=tally.seconds,
        answers=tuple(tally.answers),
        acknowledged=sum(tally.acknowledged.values()),
        stored=stored,
        designs=len(tally.acknowledged),
        unknown_saves=tally.unknown_saves,
        wrong_last_names=wrong,
        load_before=load_before,
        load_after=_load(),
        fault=faults[0] if faults else None,
    )
    print(f"{name}: {summary_line(tally)}; stored {stored}", flush=True)
    if run.fault is not None:
        inside = [a for a in run.answers if in_window(a, run)]
        outside = [a for a in run.answers if not in_window(a, run)]
        print(f"  inside the fault: {_errors(inside)}; outside: {_errors(outside)}", flush=True)
    else:
        print(f"  errors: {_errors(run.answers)}", flush=True)
    for line in _messages(run.answers):
        print(line, flush=True)
    return run


# -- the reference: one process ----------------------------------------------------------------


@contextmanager
def single_process(python: str) -> Iterator[tuple[str, str]]:
    """One ``designcore serve --workers 1`` on a PostgreSQL of its own; (base URL, database
    URL)."""
    pg_directory = Path(tempfile.mkdtemp(prefix="designcore-load-pg-"))
    data = Path(tempfile.mkdtemp(prefix="designcore-load-data-"))
    postgres = PostgresServer(pg_directory, free_port())
    port = free_port()
    server: subprocess.Popen[bytes] | None = None
    try:
        postgres.initialise()
        environment = {
            **os.environ,
            "DESIGNCORE_ENV": "development",
            "DESIGNCORE_DATA_DIR": str(data),
            "DESIGNCORE_DATABASE_URL": postgres.url,
            "DESIGNCORE_PORT": str(port),
            "DESIGNCORE_HOST": "127.0.0.1",
            "DESIGNCORE_PUBLIC_URL": f"http://127.0.0.1:{port}",
            "DESIGNCORE_WEB_DIST": "/nonexistent",
            "DESIGNCORE_KEY_ENCRYPTION_KEY": base64.urlsafe_b64encode(os.urandom(32)).decode(),
            "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
            **EXTRA_ENVIRONMENT,
        }
        with (data / "serve.log").open("ab") as log:
            server = subprocess.Popen(
                [python, "-m", "designcore.app.cli", "serve", "--workers", "1"],
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=data,
            )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise RuntimeError((data / "serve.log").read_text()[-3000:])
            try:
                if httpx.get(base + "/api/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        yield base, postgres.url
    finally:
        if server is not None and server.poll() is None:
            server.terminate()
            server.wait(timeout=30)
        postgres.stop()
        shutil.rmtree(pg_directory, ignore_errors=True)
        shutil.rmtree(data, ignore_errors=True)


# -- faults ------------------------------------------------------------------------------------


async def _probe(app_urls: Sequence[str], tally: Tally, probes: list[Any]) -> bool:
    """Ask each app process's readiness once; whether all are ready with shared limits."""
    ready = True
    async with httpx.AsyncClient(timeout=5) as client:
        for index, url in enumerate(app_urls):
            at = time.monotonic() - tally.started
            try:
                answer = await client.get(url + "/api/v1/health/ready")
            except httpx.HTTPError as error:
                probes.append((at, f"app {index}", 0, type(error).__name__))
                ready = False
                continue
            body = answer.json()
            detail = body.get("rate_limits") if answer.status_code == 200 else body.get("code")
            probes.append((at, f"app {index}", answer.status_code, str(detail)))
            ready = ready and answer.status_code == 200 and detail in ("shared", "process")
    return ready


def fault(
    name: str,
    stop: Callable[[], None],
    start: Callable[[], None],
    app_urls: Sequence[str],
    *,
    stop_at: float,
    down_for: float,
) -> Callable[[Tally], Awaitable[Fault]]:
    """A fault injected ``stop_at`` seconds into the window for ``down_for`` seconds. Each app
    process's readiness is probed every half second from the stop until all are ready again,
    beside the schedule (a probe waits its turn in a busy process; the schedule does not wait
    for it)."""

    async def inject(tally: Tally) -> Fault:
        probes: list[Any] = []
        moments: dict[str, float] = {}

        def now() -> float:
            return time.monotonic() - tally.started

        async def probing() -> float | None:
            while "started" not in moments or now() < moments["started"] + 60:
                ready = await _probe(app_urls, tally, probes)
                if ready and "started" in moments:
                    return now()
                await asyncio.sleep(0.5)
            return None

        await asyncio.sleep(stop_at)
        moments["stopped"] = now()
        await asyncio.to_thread(stop)
        prober = asyncio.create_task(probing())
        await asyncio.sleep(max(0.0, moments["stopped"] + down_for - now()))
        await asyncio.to_thread(start)
        moments["started"] = now()
        recovered_at = await prober
        return Fault(name, moments["stopped"], moments["started"], recovered_at, tuple(probes))

    return inject


def in_window(answer: Answer, run: Run, grace: float = 2.0) -> bool:
    """Whether the answer came while the fault lasted (from the stop until recovery plus
    ``grace`` seconds)."""
    if run.fault is None:
        return False
    end = (run.fault.recovered_at or run.fault.started_at + 30) + grace
    return answer.at + answer.seconds >= run.fault.stopped_at and answer.at <= end


# -- the document ------------------------------------------------------------------------------


def _machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.machine()}, {os.cpu_count()} cores ({model or 'unknown CPU'}), " + (
        f"Linux {platform.release()}, Python {platform.python_version()}"
    )


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 else f"{value:.1f}"


def _table(run: Run, reference: Run | None) -> list[str]:
    ref = {row.kind: row for row in figures(reference.answers)} if reference else {}
    lines = [
        "| kind | requests | errors | p50 ms | p95 ms | p99 ms | max ms |"
        + (" reference p99 ms (one process) |" if reference else ""),
        "|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if reference else ""),
    ]
    for row in figures(run.answers):
        cells = [
            row.kind,
            f"{row.requests:,}",
            f"{row.errors:,}",
            _fmt(row.p50_ms),
            _fmt(row.p95_ms),
            _fmt(row.p99_ms),
            _fmt(row.max_ms),
        ]
        if reference:
            other = ref.get(row.kind)
            cells.append(_fmt(other.p99_ms) if other else "—")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _errors(answers: Sequence[Answer]) -> str:
    counted = errors_by_status(answers)
    if not counted:
        return "none"
    return ", ".join(
        f"{count} x {status or 'no answer'} {code}".strip()
        for (status, code), count in counted.most_common()
    )


def _messages(answers: Sequence[Answer]) -> list[str]:
    seen = Counter((a.status, a.code, a.message) for a in answers if is_error(a) and a.message)
    return [
        f'  - {status} `{code}`: "{message}" ({count}x)'
        for (status, code, message), count in seen.most_common(4)
    ]


def _run_section(run: Run, reference: Run | None) -> list[str]:
    total = len(run.answers)
    lines = [
        f"### {run.description}",
        "",
        f"{run.users} users, {run.seconds:.1f} s: {total:,} requests "
        f"({total / run.seconds:,.0f} a second); load average "
        f"{run.load_before[0]:.1f} before, {run.load_after[0]:.1f} after.",
        "",
    ]
    lost = run.acknowledged - run.stored
    lines += [
        f"- Saves acknowledged {run.acknowledged:,} on {run.designs} designs; stored "
        f"{run.stored:,}; **lost writes {lost}**; designs whose stored name is not the last "
        f"acknowledged save's: {run.wrong_last_names}; saves without an answer (outcome "
        f"unknown): {run.unknown_saves}.",
    ]
    submitted = sum(a.kind == "export_big" and a.status == 202 for a in run.answers)
    if submitted:
        fetched = sum(a.kind == "job_result" and a.status == 200 for a in run.answers)
        failed = sum(a.kind == "job_failed" for a in run.answers)
        lines.append(
            f"- Big exports (jobs): {submitted} accepted (202), {fetched} finished and fetched, "
            f"{failed} failed, {submitted - fetched - failed} not finished within 60 s of the "
            "window's end."
        )
    if run.fault is None:
        lines.append(f"- Errors: {_errors(run.answers)}.")
    else:
        inside = [a for a in run.answers if in_window(a, run)]
        outside = [a for a in run.answers if not in_window(a, run)]
        fault = run.fault
        recovered = (
            f"{fault.recovered_at - fault.started_at:.1f} s after it was started again"
            if fault.recovered_at is not None
            else "not within 30 s"
        )
        lines += [
            f"- {fault.name} stopped at {fault.stopped_at:.1f} s, started again at "
            f"{fault.started_at:.1f} s; every app process ready again {recovered}, "
            "without restarting any.",
            f"- Errors outside the fault's window: {_errors(outside)}.",
            f"- Inside the window ({len(inside):,} answers): {_errors(inside)}.",
            *_messages(inside),
            "- Readiness while it was down: " + _readiness(fault) + ".",
        ]
    lines += ["", *_table(run, reference), ""]
    return lines


def _readiness(fault: Fault) -> str:
    down = [p for p in fault.probes if fault.stopped_at <= p[0] <= fault.started_at]
    counted = Counter((status, detail) for _, _, status, detail in down)
    return ", ".join(f"{count} x {status} {detail}" for (status, detail), count in counted.items())


def write_document(runs: Sequence[Run], started: datetime) -> None:
    by_name = {run.name: run for run in runs}
    reference = by_name.get("single")
    loads = [value for run in runs for value in (run.load_before[0], run.load_after[0])]
    low, high = (min(loads), max(loads)) if loads else (0.0, 0.0)
    lines = [
        "# Load and faults",
        "",
        "Written by `nox -s load` (benchmarks/load_faults.py, the users in benchmarks/users.py);",
        "do not edit by hand. What the users do, and why asyncio and httpx, is in the",
        "docstring of benchmarks/users.py; the degradations measured are decided in",
        'docs/decisions.md, "Load and faults".',
        "",
        f"- Date: {started:%Y-%m-%d %H:%M} UTC",
        f"- Machine: {_machine()}; shared with other work, so the load average is given",
        "  with each run.",
        "- Users think 0.5 to 1.5 s between actions; about 60 % are members signed up before the",
        "  window (a sixth sign in again in it), the rest visitors, a tenth of whom sign up in",
        "  it. `DESIGNCORE_AUTH_SIGNUPS_PER_HOUR` is raised to 1,000 for the runs, and each",
        "  user connects from a loopback address of its own.",
        "- An error is no answer or a status the request should not get (a 4xx or 5xx); p50,",
        "  p95 and p99 are per kind of request, over every answer of the run.",
        "- Lost writes = saves the server acknowledged (200) minus saves stored (each save adds",
        "  one to the design's `version`, counted in PostgreSQL after the run).",
        f"- The machine's load average moved between {low:.0f} and {high:.0f} during the session",
        "  (other work on the same two cores), so differences between runs reflect that as much",
        "  as the set-up: read the load averages beside each run.",
        "- A run lasts until every user's last action is answered (a user polls a big export's",
        "  job up to 60 s after the window), so runs are longer than the 60 s window.",
        "",
    ]
    order = ["cluster", "postgres", "redis", "single"]
    for name in order:
        run = by_name.get(name)
        if run is not None:
            lines += _run_section(run, reference if name != "single" else None)
    DOCUMENT.write_text("\n".join(lines).rstrip() + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--only", default="single,cluster,postgres,redis")
    parser.add_argument("--app-processes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-document", action="store_true")
    options = parser.parse_args(argv)
    wanted = set(options.only.split(","))
    started = datetime.now(UTC)
    runs: list[Run] = []
    python = sys.executable
    users, seconds = options.users, options.seconds
    stop_at, down_for = seconds / 3, seconds / 6
    if "single" in wanted:
        with single_process(python) as (base, database):
            runs.append(
                measure(
                    "single",
                    "Reference: one `designcore serve --workers 1` process, no nginx",
                    base,
                    database,
                    users=users,
                    seconds=seconds,
                )
            )
    if wanted & {"cluster", "postgres", "redis"}:
        with running_cluster(
            options.app_processes, options.workers, extra_environment=EXTRA_ENVIRONMENT
        ) as cluster:
            where = (
                f"nginx, {options.app_processes} app processes, {len(cluster.workers)} job workers"
            )
            if "cluster" in wanted:
                runs.append(
                    measure(
                        "cluster",
                        f"Through {where}",
                        cluster.base_url,
                        cluster.postgres_url,
                        users=users,
                        seconds=seconds,
                    )
                )
            if "postgres" in wanted:
                runs.append(
                    measure(
                        "postgres",
                        f"PostgreSQL restarted mid-load ({where})",
                        cluster.base_url,
                        cluster.postgres_url,
                        users=users,
                        seconds=seconds,
                        during=fault(
                            "PostgreSQL",
                            cluster.stop_postgres,
                            cluster.start_postgres,
                            cluster.app_urls,
                            stop_at=stop_at,
                            down_for=down_for,
                        ),
                    )
                )
            if "redis" in wanted:
                runs.append(
                    measure(
                        "redis",
                        f"Redis stopped mid-load ({where})",
                        cluster.base_url,
                        cluster.postgres_url,
                        users=users,
                        seconds=seconds,
                        during=fault(
                            "Redis",
                            cluster.stop_redis,
                            cluster.start_redis,
                            cluster.app_urls,
                            stop_at=stop_at,
                            down_for=down_for * 1.5,
                        ),
                    )
                )
    if not options.no_document:
        write_document(runs, started)
        print(f"wrote {DOCUMENT.relative_to(ROOT)}")
    print(json.dumps({run.name: run.acknowledged - run.stored for run in runs}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

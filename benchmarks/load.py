"""Concurrent load on loopback with wrk: bounded in time, one client thread, N connections.

wrk (Debian's ``wrk`` package; ``nox -s bench`` installs it when missing) keeps every
connection busy for the whole run and costs little CPU per request, so on a two-core machine
the server, not the load generator, is what runs out of time. A small Lua script cycles
through the paths to ask for and prints the run's figures as one JSON line.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

CONNECTIONS = 16
SECONDS = 10

_SCRIPT = """
local paths = {%(paths)s}
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nRESULT {"requests": %%d, "duration_us": %%d, "non_2xx": %%d, "socket_errors": %%d, '
    .. '"p50_us": %%d, "p99_us": %%d, "max_us": %%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
"""


@attrs.frozen
class LoadResult:
    """One wrk run."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    load_average: float
    """The machine's one-minute load average at the end of the run."""
    bare_requests_per_second: float | None = None
    """Bare Litestar's throughput measured just before, when the run was paired with it."""


def wrk_path() -> str:
    """The wrk binary. Raises ``RuntimeError`` when it is not installed."""
    found = shutil.which("wrk")
    if found is None:
        raise RuntimeError("wrk is needed for the concurrent benchmark (apt-get install wrk)")
    return found


def _load_average() -> float:
    return os.getloadavg()[0]


def run_wrk(
    base: str,
    paths: Sequence[str],
    *,
    headers: Mapping[str, str] | None = None,
    connections: int = CONNECTIONS,
    seconds: int = SECONDS,
) -> LoadResult:
    """``connections`` connections asking for ``paths`` in turn for ``seconds``. Raises
    ``RuntimeError`` if any answer was not a success or a socket failed."""
    script = _SCRIPT % {"paths": ", ".join(json.dumps(p) for p in paths)}
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as file:
        file.write(script)
    try:
        command = [
            wrk_path(),
            "-t1",
            f"-c{connections}",
            f"-d{seconds}s",
            "--timeout",
            "10s",
            "-s",
            file.name,
        ]
        for name, value in (headers or {}).items():
            command += ["-H", f"{name}: {value}"]
        output = subprocess.run(
            [*command, base + paths[0]], capture_output=True, text=True, check=True
        ).stdout
    finally:
        Path(file.name).unlink()
    line = next(x for x in output.splitlines() if x.startswith("RESULT "))
    figures = json.loads(line.removeprefix("RESULT "))
    if figures["non_2xx"] or figures["socket_errors"]:
        raise RuntimeError(f"wrk saw failures on {paths[0]}: {output}")
    return LoadResult(
        requests_per_second=figures["requests"] / (figures["duration_us"] / 1e6),
        p50_ms=figures["p50_us"] / 1000,
        p99_ms=figures["p99_us"] / 1000,
        max_ms=figures["max_us"] / 1000,
        load_average=_load_average(),
    )


def median_run(runs: Sequence[LoadResult]) -> LoadResult:
    """The run with the median throughput (its latencies belong to the same run)."""
    ordered = sorted(runs, key=lambda run: run.requests_per_second)
    middle = statistics.median_low(range(len(ordered)))
    return ordered[middle]

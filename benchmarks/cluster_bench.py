"""Throughput through the loopback cluster's nginx (benchmarks/cluster.py), each figure paired
with one app process asked directly in the same run; results in docs/benchmarks-cluster.md.

wrk (one thread, 16 connections) asks for: Home's rows, search (cycling the catalogue
benchmark's terms), a template page's two API calls (the template and its related ones), a
template preview image as the listings show it, the web app's main script and index.html.
Compressed requests send ``Accept-Encoding: br, gzip`` as browsers do. The reference of each
figure is the same requests sent to app process 0 directly (bypassing nginx), run just before.

    python benchmarks/cluster_bench.py [--app-processes 2] [--seconds 8] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import attrs
from cluster import ROOT, running_cluster
from load import LoadResult, median_run, run_wrk, wrk_path

BROWSER = {"Accept-Encoding": "br, gzip"}
TERMS = ["thanksgiving", "lagos party", "real estate", "happy new month", "ankara", "birthday"]
DOCUMENT = ROOT / "docs" / "benchmarks-cluster.md"


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return bytes(answer.read())


def kinds(base: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    """What is measured: paths cycled through, and headers."""
    rows = json.loads(_get(base + "/api/v1/templates/home?limit=12"))
    ids = [t["id"] for row in rows["rows"] for t in row["templates"]][:12]
    previews = re.findall(r'"(/storage/v1/render/image/public/[^"]+)"', json.dumps(rows))[:12]
    index = _get(base + "/").decode()
    script = re.search(r'src="(/assets/index-[^"]+\.js)"', index)
    if script is None:
        raise RuntimeError("no main script in index.html")
    return {
        "home rows (12 a row), br": (["/api/v1/templates/home?limit=12"], BROWSER),
        "search, br": (
            [f"/api/v1/templates/search?q={t.replace(' ', '%20')}" for t in TERMS],
            BROWSER,
        ),
        "template page API (template + related), br": (
            [p for i in ids for p in (f"/api/v1/templates/{i}", f"/api/v1/templates/{i}/related")],
            BROWSER,
        ),
        "preview image (avif, 800 px)": (previews, BROWSER),
        "main script (static, br)": ([script.group(1)], BROWSER),
        "index.html (static, br)": (["/"], BROWSER),
    }


@attrs.frozen
class Pair:
    through_nginx: LoadResult
    direct: LoadResult


def measure(base: str, direct: str, repeats: int, seconds: int) -> dict[str, Pair]:
    results: dict[str, Pair] = {}
    for kind, (paths, headers) in kinds(base).items():
        # Warm both: the answer caches, the image variants, the page cache.
        run_wrk(base, paths, headers=headers, seconds=2)
        ours, theirs = [], []
        for _ in range(repeats):
            theirs.append(run_wrk(direct, paths, headers=headers, seconds=seconds))
            ours.append(run_wrk(base, paths, headers=headers, seconds=seconds))
        results[kind] = Pair(median_run(ours), median_run(theirs))
        print(
            f"  {kind}: nginx {results[kind].through_nginx}, direct {results[kind].direct}",
            flush=True,
        )
    return results


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def report(results: dict[str, Pair], *, apps: int, seconds: int, repeats: int, took: float) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    one, five, fifteen = os.getloadavg()
    lines = [
        "# Benchmarks of the cluster on one machine (benchmarks/cluster_bench.py)",
        "",
        f"Measured {now} on {machine()}; load average at the end {one:.2f}, {five:.2f}, "
        f"{fifteen:.2f} (1, 5, 15 min; the machine is shared with other engineers' runs, so "
        "figures move with it).",
        "",
        f"The cluster of `nox -s cluster` (docs/deploy.md): nginx (1 worker process) in front of "
        f"{apps} app processes (`designcore serve --workers 1`), its own PostgreSQL, Redis, S3 "
        "(moto) and PostHog fake, the seed catalogue. wrk, one thread, 16 connections, "
        f"{seconds} s per run, the median of {repeats} runs by throughput (with that run's "
        "latencies); each figure through nginx is paired with the same requests sent to app "
        "process 0 directly, run just before it. Every request asks for `br, gzip`. Answer "
        "caches on (`DESIGNCORE_CACHE_SECONDS=60`); each kind is warmed for 2 s first. "
        f"The run took {took / 60:.0f} min.",
        "",
        "| request | through nginx req/s | p50 ms | p99 ms | one process direct req/s | p50 ms "
        "| p99 ms | nginx ÷ direct | load |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for kind, pair in results.items():
        n, d = pair.through_nginx, pair.direct
        lines.append(
            f"| {kind} | {n.requests_per_second:,.0f} | {n.p50_ms:.2f} | {n.p99_ms:.2f} "
            f"| {d.requests_per_second:,.0f} | {d.p50_ms:.2f} | {d.p99_ms:.2f} "
            f"| {n.requests_per_second / d.requests_per_second:.2f} | {n.load_average:.1f} |"
        )
    lines += [
        "",
        "On two cores, wrk, nginx, the app processes, PostgreSQL and Redis share the same two "
        "cores, so more app processes than cores cannot add throughput here; the ratio says what "
        "nginx in front costs or gains (static files: nginx's `sendfile` against a Python "
        "request). docs/sizing.md turns these figures into a deployment.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app-processes", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print, do not write the doc")
    options = parser.parse_args()
    wrk_path()
    started = time.monotonic()
    with running_cluster(app_processes=options.app_processes, workers=0) as cluster:
        results = measure(cluster.base_url, cluster.app_urls[0], options.repeats, options.seconds)
    text = report(
        results,
        apps=options.app_processes,
        seconds=options.seconds,
        repeats=options.repeats,
        took=time.monotonic() - started,
    )
    print(text)
    if not options.no_write:
        # Runs kept by hand below "## Earlier runs" stay.
        old = DOCUMENT.read_text() if DOCUMENT.exists() else ""
        marker = old.find("\n## Earlier runs")
        DOCUMENT.write_text(text + (old[marker:] if marker >= 0 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

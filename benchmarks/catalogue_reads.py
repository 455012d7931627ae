"""Catalogue reads near the framework's ceiling (issue 22, item 2): home rows, page 1000 and
search on SQLite and PostgreSQL with 100,000 templates, one worker, no answer cache, 16
connections, every run paired with a run of bare Litestar answering the same home-rows JSON
taken just before it.

Run with ``nox -s bench_reads`` (or ``python benchmarks/catalogue_reads.py``). Writes its own
section of ``docs/benchmarks.md`` and leaves the others as they are.
Targets: home rows at 0.3 of bare or more on both databases; search at 1,000 req/s or more on
both.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import attrs
import httpx
import sqlalchemy as sa
from catalogue import (
    CLI,
    HOME,
    PAGE_1000,
    PG_KEY_ENCRYPTION_KEY,
    PG_URL,
    ROOT,
    SEARCHES,
    TERMS,
    bare_server,
    fill,
    machine,
    server,
)
from load import CONNECTIONS, SECONDS, LoadResult, run_wrk, wrk_path

from designcore.adapters.sqlalchemy import create_database_engine

SECTION = "Catalogue reads near the framework's ceiling"
"""The heading of this benchmark's section of docs/benchmarks.md."""
READS = {"home rows": [HOME], "page 1000": [PAGE_1000], "search": SEARCHES}
HOME_RATIO_TARGET = 0.3
SEARCH_TARGET = 1000.0
COMMON = {
    "DESIGNCORE_SEED_ON_START": "false",
    "DESIGNCORE_WEB_DIST": "/nonexistent",
    "DESIGNCORE_LOG_LEVEL": "WARNING",
    "DESIGNCORE_STORAGE_BACKEND": "memory",
    "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
    "DESIGNCORE_CACHE_SECONDS": "0",
    "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
}


@attrs.frozen
class Paired:
    """The runs of one request kind, each after a run of bare Litestar."""

    ours: tuple[LoadResult, ...]
    bare: tuple[LoadResult, ...]

    @property
    def requests_per_second(self) -> float:
        """Median throughput of our runs."""
        return statistics.median(run.requests_per_second for run in self.ours)

    @property
    def bare_requests_per_second(self) -> float:
        """Median throughput of the bare runs."""
        return statistics.median(run.requests_per_second for run in self.bare)

    @property
    def ratio(self) -> float:
        """Median of each run's throughput over its bare run's."""
        return statistics.median(
            ours.requests_per_second / bare.requests_per_second
            for ours, bare in zip(self.ours, self.bare, strict=True)
        )

    @property
    def p50_ms(self) -> float:
        """Median of our runs' p50 latencies."""
        return statistics.median(run.p50_ms for run in self.ours)

    @property
    def p99_ms(self) -> float:
        """Median of our runs' p99 latencies."""
        return statistics.median(run.p99_ms for run in self.ours)

    @property
    def loads(self) -> tuple[float, float]:
        """The lowest and highest one-minute load average seen at the end of a run."""
        every = [run.load_average for run in (*self.ours, *self.bare)]
        return min(every), max(every)


def measure_reads(base: str, bare: str, repeats: int, seconds: int) -> dict[str, Paired]:
    """Every read kind against the server at ``base``, each run after a bare run."""
    for path in [HOME, PAGE_1000, *SEARCHES]:  # warm the server's memos, and check answers
        httpx.get(base + path, timeout=60).raise_for_status()
    results: dict[str, Paired] = {}
    for kind, paths in READS.items():
        ours: list[LoadResult] = []
        theirs: list[LoadResult] = []
        for _ in range(repeats):
            theirs.append(run_wrk(bare, ["/payload"], seconds=seconds))
            ours.append(run_wrk(base, paths, seconds=seconds))
        results[kind] = Paired(tuple(ours), tuple(theirs))
        paired = results[kind]
        print(
            f"  {kind}: {paired.requests_per_second:,.0f} req/s, bare "
            f"{paired.bare_requests_per_second:,.0f}, ratio {paired.ratio:.2f}, "
            f"load {paired.loads[0]:.1f}-{paired.loads[1]:.1f}"
        )
    return results


@contextlib.contextmanager
def postgresql_schema(templates: int) -> Iterator[str]:
    """A PostgreSQL schema of its own holding ``templates`` generated templates."""
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        engine = create_database_engine(PG_URL, schema=schema)
        fill(engine, templates)
        engine.dispose()
        yield schema
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--templates", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3, help="paired wrk runs per figure")
    parser.add_argument("--seconds", type=int, default=SECONDS, help="length of each wrk run")
    parser.add_argument(
        "--backends", default="sqlite,postgresql", help="comma-separated: sqlite, postgresql"
    )
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks.md"))
    parser.add_argument("--no-write", action="store_true", help="print, do not write the docs")
    options = parser.parse_args()
    wrk_path()
    backends = [name.strip() for name in options.backends.split(",") if name.strip()]
    loads_at_start = os.getloadavg()
    started_at = datetime.now(UTC)
    results: dict[str, dict[str, Paired]] = {}
    with contextlib.ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="designcore-")))
        payload = scratch / "home-rows.json"
        data = scratch / "sqlite"
        url = f"sqlite:///{data / 'bench.db'}"
        engine = create_database_engine(url)
        fill(engine, options.templates)
        engine.dispose()
        environments = {
            "SQLite": {
                **COMMON,
                "DESIGNCORE_DATABASE_URL": url,
                "DESIGNCORE_DATA_DIR": str(data),
            }
        }
        with server([*CLI, "--workers", "1"], environments["SQLite"], "/api/v1/health") as base:
            payload.write_bytes(httpx.get(base + HOME, timeout=30).raise_for_status().content)
        bare = stack.enter_context(bare_server(payload))
        if "postgresql" in backends:
            schema = stack.enter_context(postgresql_schema(options.templates))
            environments["PostgreSQL"] = {
                **COMMON,
                "DESIGNCORE_DATABASE_URL": PG_URL,
                "DESIGNCORE_DATABASE_SCHEMA": schema,
                "DESIGNCORE_KEY_ENCRYPTION_KEY": PG_KEY_ENCRYPTION_KEY,
                "DESIGNCORE_DATA_DIR": str(scratch / "postgresql"),
            }
        if "sqlite" not in backends:
            del environments["SQLite"]
        for backend, environment in environments.items():
            print(backend)
            with server([*CLI, "--workers", "1"], environment, "/api/v1/health") as base:
                if httpx.get(base + HOME, timeout=30).content != payload.read_bytes():
                    raise RuntimeError(f"{backend} answers other home rows than bare Litestar")
                time.sleep(1)
                results[backend] = measure_reads(base, bare, options.repeats, options.seconds)
        payload_size = len(payload.read_bytes())
    lines = report(options, results, started_at, loads_at_start, payload_size)
    print("\n".join(lines))
    if not options.no_write:
        output = Path(options.output)
        output.write_text(replace_section(output.read_text(), "\n".join(lines)))
    return 0


def replace_section(document: str, section: str) -> str:
    """``document`` with this benchmark's section replaced by ``section`` (or added at the
    end); every other section stays as it is."""
    head, *parts = document.split("\n## ")
    kept = [part for part in parts if not part.startswith(SECTION)]
    return "\n## ".join([head, *kept]).rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"


def report(
    options: argparse.Namespace,
    results: dict[str, dict[str, Paired]],
    started_at: datetime,
    loads_at_start: tuple[float, float, float],
    payload_size: int,
) -> list[str]:
    """This benchmark's section of docs/benchmarks.md."""
    lines = [
        f"## {SECTION} (benchmarks/catalogue_reads.py), {started_at:%Y-%m-%d %H:%M} UTC",
        "",
        f"Measured on {machine()}; load average {loads_at_start[0]:.2f} / "
        f"{loads_at_start[1]:.2f} / {loads_at_start[2]:.2f} (1 / 5 / 15 min) at the start, "
        "and per figure below (the machine is shared). `nox -s bench_reads`: "
        f"{options.templates:,} generated templates, `designcore serve` with one worker and "
        f"no answer cache (`DESIGNCORE_CACHE_SECONDS=0`), wrk with {CONNECTIONS} connections "
        f"for {options.seconds} s per run, {options.repeats} runs per figure, each run "
        "taken just after a run of bare Litestar (benchmarks/bare_app.py) answering the same "
        f"{payload_size:,}-byte home-rows JSON; medians of the runs, and `÷ bare` the median "
        "of each run's ratio to its bare run. Search cycles through: "
        + ", ".join(f"`{term}`" for term in TERMS)
        + ".",
        "",
        "| backend | request | req/s | p50 ms | p99 ms | bare req/s | ÷ bare | load |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for backend, kinds in results.items():
        for kind, paired in kinds.items():
            low, high = paired.loads
            lines.append(
                f"| {backend} | {kind} | {paired.requests_per_second:,.0f} | "
                f"{paired.p50_ms:.2f} | {paired.p99_ms:.2f} | "
                f"{paired.bare_requests_per_second:,.0f} | {paired.ratio:.2f} | "
                f"{low:.1f}-{high:.1f} |"
            )
    lines += ["", "Targets:", ""]
    for backend, kinds in results.items():
        home, search = kinds["home rows"], kinds["search"]
        lines.append(
            f"- {backend}: home rows ≥ {HOME_RATIO_TARGET} of bare: {home.ratio:.2f}, "
            f"{'met' if home.ratio >= HOME_RATIO_TARGET else 'not met'}; search ≥ "
            f"{SEARCH_TARGET:,.0f} req/s: {search.requests_per_second:,.0f}, "
            f"{'met' if search.requests_per_second >= SEARCH_TARGET else 'not met'}."
        )
    return [*lines, "", BEFORE_AND_WHAT_CHANGED]


BEFORE_AND_WHAT_CHANGED = """Before (issue 22's figures, same benchmark without pairing per run): PostgreSQL home rows
760 req/s (0.08 of bare), page 1000 550, search 285; SQLite home rows 2,188 (0.28), page 1000
1,008, search 341. The code before this work, measured by this script on 2026-11-29 06:27 UTC
(one run per figure, load 6.6-14.5): SQLite home rows 1,077 (0.16 of bare), page 1000 315,
search 102; PostgreSQL home rows 415 (0.05), page 1000 321, search 89.

What changed (docs/decisions.md, "Catalogue reads near the framework's ceiling"): search is
answered from an in-process search index of the catalogue's search words, checked on every
search against a catalogue version the database moves with every change (migration 0021), with
the templates it read kept beside it; home rows read on the event loop are kept with the
version read before and after them and answered again while the version is unchanged; on
PostgreSQL that version is read over an asyncio connection, shared by the requests waiting for
it, and a local server is read on the event loop; search pages are joined from each template's
kept JSON. Every request still asks the database for the version, and answers are exactly
what the database's own reads give at that moment. Page 1000 is unchanged (a deferred-join
offset read in a worker thread): it is no target here."""


if __name__ == "__main__":
    raise SystemExit(main())

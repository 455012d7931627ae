"""Catalogue benchmark: 100,000 templates on SQLite and PostgreSQL, measured over HTTP,
sequentially and under concurrent load (wrk), beside bare Litestar serving the same answer.

Run with ``./dev bench`` (or ``nox -s bench``). Writes ``docs/benchmarks.md``.
Targets: sequential home rows p95 < 15 ms, search p95 < 25 ms, page 1000 < 25 ms; under 16
connections with one worker and no answer cache, home rows at 1,000 req/s or more on SQLite;
with the cache, within 1.5x of bare Litestar and p99 under 10 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs
import httpx
import sqlalchemy as sa
from load import CONNECTIONS, SECONDS, LoadResult, median_run, run_wrk, wrk_path

from designcore.adapters.sqlalchemy import SqlAlchemyTemplateCatalogue, create_database_engine
from designcore.adapters.sqlalchemy import migrate as migrate_schema
from designcore.domain.templates import Template

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get(
    "DESIGNCORE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
PG_KEY_ENCRYPTION_KEY = "YmVuY2htYXJrcy1vbmx5LWtleS1lbmNyeXB0aW9uLTM="
"""PostgreSQL is production to the settings, which then need a key encryption key."""

SUBS = {
    "Church": ["Sunday Service", "Crusade", "Thanksgiving", "Vigil", "Youth Service", "Choir"],
    "Birthdays": ["30th", "60th", "Kids", "18th", "50th", "Surprise"],
    "Business & Industries": ["Restaurant", "Fashion", "Real Estate", "Beauty", "Logistics"],
    "Social Media Post": ["Quotes", "Announcements", "Sales", "Hiring", "Motivational"],
    "New Month": ["Happy New Month"],
    "Logos": ["Business", "Church", "Food"],
}
WORDS = [
    "praise",
    "worship",
    "glory",
    "grace",
    "lagos",
    "abuja",
    "ibadan",
    "enugu",
    "kano",
    "harvest",
    "jollof",
    "owambe",
    "party",
    "gala",
    "anniversary",
    "celebration",
    "promo",
    "discount",
    "hiring",
    "vacancy",
    "fashion",
    "ankara",
    "aso",
    "ebi",
    "salon",
    "barber",
    "estate",
    "duplex",
    "apartment",
    "logistics",
    "delivery",
    "dispatch",
    "fintech",
    "pos",
    "naira",
    "blessing",
    "favour",
    "joy",
    "thanksgiving",
    "crusade",
    "revival",
    "youth",
    "choir",
    "concert",
    "vigil",
    "night",
    "birthday",
    "surprise",
    "kids",
    "toddler",
    "golden",
    "jubilee",
    "diamond",
    "quotes",
    "motivation",
    "monday",
]
CACHE_MODES = (("no cache", "0"), ("60 s cache", "60"))
"""Every backend is measured with the server's answer cache off (every request reaches the
database) and on (the default: repeated searches and home rows come from memory)."""
TERMS = [
    "thanksgiving",
    "lagos party",
    "real estate",
    "happy new month",
    "ankara",
    "grace",
    "kid",
    "jollof owambe",
    "grac",
    "praise worship",
    "lagos",
    "naira pos",
    "60th",
    "youth revival",
    "happy birthday",
    "golden jubilee abuja",
    "ha",
    "delivery dispatch",
    "salon",
    "zebra",
]
"""Single words (about 10% of the catalogue each), pairs, three words, short prefixes and a
word nobody uses; with the answer cache off each request reaches the database."""


def generate(count: int, seed: int = 7) -> Iterator[Template]:
    """``count`` templates with realistic text, spread over the categories and two years."""
    rng = random.Random(seed)
    epoch = datetime(2026, 11, 1, tzinfo=UTC)
    categories = list(SUBS)
    for n in range(count):
        category = rng.choice(categories)
        words = rng.sample(WORDS, 6)
        created = epoch - timedelta(minutes=rng.randrange(0, 2 * 365 * 24 * 60))
        yield Template(
            id=str(uuid.UUID(int=rng.getrandbits(128))),
            name=f"{words[0].title()} {words[1].title()} {n}",
            category=category,
            sub_category=rng.choice(SUBS[category]),
            preview_url=f"/storage/v1/object/public/template-previews/{n}.png",
            template_type="premium" if rng.random() < 0.25 else "free",
            description=f"A {words[2]} {words[3]} design for {words[4]}.",
            tags=tuple(words[2:5]),
            semantic_keywords=tuple(words[3:6]),
            design_intent=f"For people planning a {words[5]} event.",
            created_at=created,
            updated_at=created,
            polotno_json={"width": 1080, "height": 1350, "pages": [{"id": "p", "children": []}]},
        )


def fill(engine: sa.Engine, count: int) -> None:
    migrate_schema(engine)
    catalogue = SqlAlchemyTemplateCatalogue(engine)
    batch: list[Template] = []
    for template in generate(count):
        batch.append(template)
        if len(batch) == 5000:
            catalogue.add_many(batch)
            batch.clear()
    catalogue.add_many(batch)
    if engine.dialect.name == "postgresql":
        # What autovacuum does to a table that has settled: statistics and the visibility map
        # (which lets PostgreSQL answer counts and deep offsets from the index alone).
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for table in ("design_templates", "design_template_search", "design_template_words"):
                conn.execute(sa.text(f"VACUUM ANALYZE {table}"))
    else:
        with engine.begin() as conn:
            conn.execute(sa.text("ANALYZE"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def server(args: list[str], env: dict[str, str], health: str) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [*args, "--port", str(port)],
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(base + health, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"server did not start: {args}")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=60)


def measure(client: httpx.Client, urls: Callable[[int], str], runs: int) -> dict[str, float]:
    for i in range(20):  # warm caches and the connection
        client.get(urls(i)).raise_for_status()
    samples = []
    for i in range(runs):
        started = time.perf_counter()
        client.get(urls(i)).raise_for_status()
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return {
        "p50": statistics.median(samples),
        "p95": samples[int(len(samples) * 0.95) - 1],
        "max": samples[-1],
    }


HOME = "/api/v1/templates/home"
PAGE_1000 = "/api/v1/templates?page=1000&size=24"
SEARCHES = [f"/api/v1/templates/search?q={term.replace(' ', '%20')}" for term in TERMS]
COMPRESSED = {"Accept-Encoding": "br, gzip"}
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}


def sign_in_header(base: str) -> dict[str, str]:
    """A new account's bearer token, for ``GET /auth/v1/user``."""
    answer = httpx.post(
        f"{base}/auth/v1/signup",
        json={
            "email": f"bench-{uuid.uuid4().hex[:12]}@example.com",
            "password": "kolanut-42-Lagos",
        },
        headers=V2024,
        timeout=30,
    )
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['access_token']}", **V2024}


Loads = dict[str, LoadResult]


def under_load(base: str, repeats: int, seconds: int, bare: str, *, full: bool) -> Loads:
    """The concurrent figures of one server: every request kind, or (not ``full``) the home
    rows and page 1000 only. Each home-rows run follows a run of bare Litestar (at ``bare``)
    taken just before it, so the two are compared under the same load on the machine."""
    kinds: dict[str, tuple[list[str], dict[str, str]]] = {
        "home rows": ([HOME], {}),
        "home rows, br": ([HOME], COMPRESSED),
        "page 1000": ([PAGE_1000], {}),
    }
    if full:
        kinds["search"] = (SEARCHES, {})
        kinds["GET /auth/v1/user"] = (["/auth/v1/user"], sign_in_header(base))
    results: Loads = {}
    for kind, (paths, headers) in kinds.items():
        ours: list[LoadResult] = []
        theirs: list[LoadResult] = []
        for _ in range(repeats):
            if kind == "home rows":
                theirs.append(run_wrk(bare, ["/payload"], seconds=seconds))
            ours.append(run_wrk(base, paths, headers=headers, seconds=seconds))
        result = median_run(ours)
        if theirs:
            result = attrs.evolve(
                result, bare_requests_per_second=median_run(theirs).requests_per_second
            )
        results[kind] = result
        print(f"  {kind}: {result}")
    return results


CLI = [str(Path(sys.executable).with_name("designcore")), "serve"]


def save_home_rows(env: dict[str, str], payload: Path) -> None:
    """A home-rows answer of the product, for bare Litestar to serve."""
    with server([*CLI, "--workers", "1"], env, "/api/v1/health") as base:
        payload.write_bytes(httpx.get(base + HOME, timeout=30).raise_for_status().content)


def run_backend(
    env: dict[str, str], runs: int, repeats: int, seconds: int, bare: str
) -> tuple[dict[str, dict[str, float]], Loads, Loads]:
    """Sequential and concurrent figures with one worker, then concurrent ones with one
    worker per core."""
    cli = CLI
    with server([*cli, "--workers", "1"], env, "/api/v1/health") as base:
        with httpx.Client(base_url=base) as client:
            sequential = {
                "home rows": measure(client, lambda i: HOME, runs),
                "search": measure(client, lambda i: SEARCHES[i % len(SEARCHES)], runs),
                "page 1000": measure(client, lambda i: PAGE_1000, runs),
            }
        one = under_load(base, repeats, seconds, bare, full=True)
    workers = str(os.cpu_count() or 1)
    with server([*cli, "--workers", workers], env, "/api/v1/health") as base:
        several = under_load(base, repeats, seconds, bare, full=False)
    return sequential, one, several


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


@contextmanager
def bare_server(payload: Path) -> Iterator[str]:
    """Bare Litestar answering the saved home rows at ``/payload``."""
    bare_cmd = [
        sys.executable,
        "-m",
        "uvicorn",
        "--app-dir",
        str(ROOT / "benchmarks"),
        "--log-level",
        "warning",
        "bare_app:app",
    ]
    with server(bare_cmd, {"BARE_PAYLOAD": str(payload)}, "/bare") as base:
        if httpx.get(base + "/payload").content != payload.read_bytes():
            raise RuntimeError("the bare app does not answer the saved home rows")
        yield base


Results = dict[str, tuple[dict[str, dict[str, float]], Loads, Loads]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--templates", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument(
        "--repeats", type=int, default=3, help="wrk runs per figure (the median is reported)"
    )
    parser.add_argument("--seconds", type=int, default=SECONDS, help="length of each wrk run")
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks.md"))
    options = parser.parse_args()
    wrk_path()  # fail early when wrk is missing

    results: Results = {}
    common = {
        "DESIGNCORE_SEED_ON_START": "false",
        "DESIGNCORE_WEB_DIST": "/nonexistent",
        "DESIGNCORE_LOG_LEVEL": "WARNING",
        "DESIGNCORE_STORAGE_BACKEND": "memory",
        "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
    }
    loads_at_start = os.getloadavg()

    with contextlib.ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="designcore-")))
        payload = scratch / "home-rows.json"
        data = str(scratch / "sqlite")
        url = f"sqlite:///{Path(data) / 'bench.db'}"
        started = time.perf_counter()
        engine = create_database_engine(url)
        fill(engine, options.templates)
        engine.dispose()
        print(f"sqlite: {options.templates} templates in {time.perf_counter() - started:.1f} s")
        sqlite_env = {**common, "DESIGNCORE_DATABASE_URL": url, "DESIGNCORE_DATA_DIR": data}
        save_home_rows({**sqlite_env, "DESIGNCORE_CACHE_SECONDS": "0"}, payload)
        payload_size = len(payload.read_bytes())
        bare_base = stack.enter_context(bare_server(payload))
        with httpx.Client(base_url=bare_base) as client:
            bare = measure(client, lambda i: "/payload", options.runs)
        bare_load = median_run(
            [run_wrk(bare_base, ["/payload"], seconds=options.seconds) for _ in range(3)]
        )
        print(f"bare: {bare_load}")
        for label, cache in CACHE_MODES:
            print(f"SQLite, {label}")
            results[f"SQLite, {label}"] = run_backend(
                {**sqlite_env, "DESIGNCORE_CACHE_SECONDS": cache},
                options.runs,
                options.repeats,
                options.seconds,
                bare_base,
            )

        schema = f"bench_{uuid.uuid4().hex[:8]}"
        admin = sa.create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        try:
            started = time.perf_counter()
            engine = create_database_engine(PG_URL, schema=schema)
            fill(engine, options.templates)
            engine.dispose()
            print(f"postgresql: {options.templates} in {time.perf_counter() - started:.1f} s")
            for label, cache in CACHE_MODES:
                print(f"PostgreSQL, {label}")
                results[f"PostgreSQL, {label}"] = run_backend(
                    {
                        **common,
                        "DESIGNCORE_DATABASE_URL": PG_URL,
                        "DESIGNCORE_DATABASE_SCHEMA": schema,
                        "DESIGNCORE_KEY_ENCRYPTION_KEY": PG_KEY_ENCRYPTION_KEY,
                        "DESIGNCORE_DATA_DIR": str(scratch / "postgresql"),
                        "DESIGNCORE_CACHE_SECONDS": cache,
                    },
                    options.runs,
                    options.repeats,
                    options.seconds,
                    bare_base,
                )
        finally:
            with admin.begin() as conn:
                conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()

    lines = report(options, results, bare, bare_load, payload_size, loads_at_start)
    output = Path(options.output)
    kept = other_sections(output.read_text() if output.exists() else "")
    output.write_text("\n".join(lines) + ("\n" + kept if kept else ""))
    print("\n".join(lines))
    return 0


OUR_SECTIONS = ("Under concurrent load", "Sequential", "Where the time goes")


def other_sections(document: str) -> str:
    """The sections of docs/benchmarks.md this benchmark does not write (the payment
    script's bundle sizes, for one), kept as they are."""
    parts = document.split("\n## ")[1:]
    return "".join(
        f"## {part.rstrip()}\n\n" for part in parts if not part.startswith(OUR_SECTIONS)
    ).rstrip("\n") + ("\n" if parts else "")


def report(
    options: argparse.Namespace,
    results: Results,
    bare: dict[str, float],
    bare_load: LoadResult,
    payload_size: int,
    loads_at_start: tuple[float, float, float],
) -> list[str]:
    """docs/benchmarks.md."""
    targets = {"home rows": 15.0, "search": 25.0, "page 1000": 25.0}
    workers = os.cpu_count() or 1
    lines = [
        "# Benchmarks",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}; load average "
        f"{loads_at_start[0]:.2f} / {loads_at_start[1]:.2f} / {loads_at_start[2]:.2f} "
        "(1 / 5 / 15 min) at the start, and per run below: the machine is shared, and "
        "figures taken under load are lower than the server can do.",
        f"{options.templates:,} generated templates; the server is `designcore serve` (uvicorn "
        "with httptools and uvloop), on loopback. Run it again with `./dev bench`.",
        "",
        "## Under concurrent load",
        "",
        f"wrk, one client thread, {CONNECTIONS} connections for {options.seconds} s per figure "
        f"(the median of {options.repeats} runs by throughput, with that run's latencies). "
        "Requests ask for no compression unless marked `br` (then `Accept-Encoding: br, "
        "gzip`). Search cycles through the terms listed below. Bare Litestar answers the same "
        f"{payload_size:,}-byte home-rows document from memory (benchmarks/bare_app.py: "
        "decoded once, encoded per request, no database, no middleware): "
        f"**{bare_load.requests_per_second:,.0f} req/s**, p50 {bare_load.p50_ms:.2f} ms, "
        f"p99 {bare_load.p99_ms:.2f} ms (load {bare_load.load_average:.2f}).",
        "",
        "Home-rows figures are paired: each run follows a run of bare Litestar taken just "
        "before it, under the same load, and `bare req/s` is the median of those (the other "
        "figures are compared with nothing: the load moves too much between runs).",
        "",
        "| backend | request | workers | req/s | p50 ms | p99 ms | bare req/s | ÷ bare | load |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for backend, (_, one, several) in results.items():
        for count, loads in ((1, one), (workers, several)):
            for request, run in loads.items():
                paired = run.bare_requests_per_second
                bare_rps = paired if paired is not None else bare_load.requests_per_second
                lines.append(
                    f"| {backend} | {request} | {count} | {run.requests_per_second:,.0f} | "
                    f"{run.p50_ms:.2f} | {run.p99_ms:.2f} | "
                    f"{'' if paired is None else f'{paired:,.0f}'} | "
                    f"{'' if paired is None else f'{run.requests_per_second / bare_rps:.2f}'} | "
                    f"{run.load_average:.2f} |"
                )
    sqlite_off = results["SQLite, no cache"][1]["home rows"]
    sqlite_on = results["SQLite, 60 s cache"][1]["home rows"]
    floor = (sqlite_on.bare_requests_per_second or bare_load.requests_per_second) / 1.5
    lines += [
        "",
        "Targets, home rows on SQLite with one worker: without the cache at least 1,000 req/s "
        f"({sqlite_off.requests_per_second:,.0f}: "
        f"{'met' if sqlite_off.requests_per_second >= 1000 else 'not met'}); with it within "
        f"1.5x of bare (paired: {floor:,.0f} req/s or more: "
        f"{sqlite_on.requests_per_second:,.0f}, "
        f"{'met' if sqlite_on.requests_per_second >= floor else 'not met'}) and p99 under "
        f"10 ms ({sqlite_on.p99_ms:.2f} ms: {'met' if sqlite_on.p99_ms < 10 else 'not met'}).",
        "",
        "## Sequential",
        "",
        f"{options.runs} sequential requests per endpoint over one keep-alive connection after "
        "20 warm-up requests, one worker. Bare Litestar answering the same home rows: "
        f"p50 {bare['p50']:.2f} ms, p95 {bare['p95']:.2f} ms.",
        "",
        "| backend | request | target p95 | p50 ms | p95 ms | max ms | p95 / bare p95 | met |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for backend, (rows, _, _) in results.items():
        for request, stats in rows.items():
            target = targets[request]
            lines.append(
                f"| {backend} | {request} | < {target:.0f} ms | {stats['p50']:.2f} | "
                f"{stats['p95']:.2f} | {stats['max']:.2f} | {stats['p95'] / bare['p95']:.1f}x | "
                f"{'yes' if stats['p95'] < target else 'no'} |"
            )
    lines += [
        "",
        "Search terms cycle through: " + ", ".join(f"`{t}`" for t in TERMS) + ".",
        "Home rows are one statement: five index ranges (category, created_at desc, id) of 12 "
        "rows each, glued with UNION ALL; "
        "search is FTS5 (SQLite) or GIN-indexed tsvectors (PostgreSQL), ranked by tier, with a "
        "separate count; "
        "page 1000 is an offset scan of the (created_at desc, id) index.",
        "",
        WHERE_THE_TIME_GOES,
    ]
    return lines


WHERE_THE_TIME_GOES = """## Where the time goes

### Home rows without the answer cache

Before this work the same benchmark (wrk, 16 connections, one worker) gave 239 req/s on SQLite
and 178 on PostgreSQL without the answer cache (p50 65 and 89 ms), 2,393 req/s with it (p99
78 ms), and 503 req/s for page 1000, against 5,247 for bare Litestar.

Profiled with py-spy on the server under wrk and with cProfile and `time.process_time` on the
same calls in one process (CPU per request, measured with the machine's load average near 9,
so every figure is inflated about alike). Before this work a request cost about 4 ms of CPU:
five statements built, hashed and compiled per request and read through SQLAlchemy's result
processing (`json.loads` for two columns of every row, date parsing, `datetime.replace`), about
two thirds of it; sixty attrs objects and sixty msgspec structs; a hop to one of forty worker
threads taking turns at the interpreter lock; and Litestar resolving two dependencies in an
anyio task group. The security headers, when they landed, added a plain-function
`before_send` hook that Litestar ran in a worker thread twice per answer.

Now, on a SQLite file, a request reads the five rows on the event loop, on a read-only
connection the process keeps for it: five prepared statements (one index range of 12 rows
each) in one read transaction, about 0.15 ms of CPU (the same ranges glued with `UNION ALL`
cost 0.27 ms: SQLite copies each range through a co-routine and merges them in temporary
b-trees for the outer `ORDER BY`); rows become domain objects through a memo of the pure row
conversion (an unchanged row gives back the object made last time: about 0.05 ms for sixty
rows, 0.3-0.45 ms without); the answer is joined from each template's JSON, kept beside the
summary object the memo hands back (0.011 ms; building msgspec structs and encoding them took
0.045 ms); Litestar, uvicorn and the middleware take about as much as bare Litestar serving the
same document (0.12-0.18 ms). Under wrk the server spends 0.42 ms of CPU per request (the
code that read in worker threads, measured alike: 0.97 ms). Before, the
read went to one of four worker threads: the hop there and back cost 0.1-0.15 ms, and the
threads' SQLite connections took turns at the interpreter lock (70 % of the threads' samples
were in running the statement, which costs 0.4 ms in one thread). When the connection is in
use or the database is locked for more than 20 ms the request reads from a worker thread as
before, so the loop never waits longer than that. PostgreSQL is a network round trip away and
its reads stay in worker threads (one `UNION ALL` statement, one round trip). Since issue 22
the rows read are kept with the catalogue version and answered again while one small read of
the version (on PostgreSQL over an asyncio connection) says nothing changed, and a local
PostgreSQL is read on the event loop too: see "Catalogue reads near the framework's ceiling".

Under heavy load from other processes the single thread has a cost of its own: the scheduler
shares the cores among runnable threads, so a server with four busy worker threads got more
of the machine than one running everything on its event loop, and when that one thread is
preempted every request waits (p99 135 ms against 48 ms for the old code at load 9-10). The
ratio to bare Litestar, which also answers from one thread, is the fairer comparison there.

With the answer cache on, a hit is a dictionary lookup and the cached bytes (or their brotli or
gzip form, made once): no database, no conversion, no encoding, no thread, so the server answers
about as fast as bare Litestar encoding the same document per request, and sometimes faster.

### Search and listings

The search generator draws words from a small vocabulary, so each single-word term matches
about 10% of the catalogue (some 10,000 templates) and the pairs and triples still match
hundreds to thousands: the worst case for search. Ranking is by tier (every word in the name,
then in the labels, then anywhere; newest first within a tier), and each tier's newest matches
come straight from an index in recency order (FTS5 keyed by `search_order`; in PostgreSQL a
walk of the newest 2,000 rows, else a sort of a sparse tier's few matches), so a first page
costs about the same whatever the term matches. What remains is the exact total: FTS5 counts
from its doclists, PostgreSQL has to visit the heap rows the GIN index points at (a narrow side
table of position-free vectors keeps that to a few thousand small pages). Since issue 22 a
search is answered from an in-process index of the search words while the catalogue's version
is the index's, and by these full-text strategies otherwise. With the answer
cache on, repeated searches come from memory, as the rows marked `60 s cache` show.

Listing totals come from per-category counts the adapter keeps in the same transaction as each
write, and pages use a deferred join (ids from the recency index, then only the page's rows),
so page 1000 skips index entries, not table rows.
"""


if __name__ == "__main__":
    raise SystemExit(main())

"""Auth benchmark: token refresh, the signed-in user and password sign-in over HTTP.

Run with ``python benchmarks/auth.py`` (from the repository root, in the project's
virtualenv). Starts ``designcore serve`` on SQLite and on PostgreSQL (like
``benchmarks/catalogue.py``), creates an account, and measures sequential requests over one
keep-alive connection. Writes ``docs/benchmarks-auth.md``.

Targets: refresh p95 < 20 ms, ``GET /auth/v1/user`` p95 < 5 ms; password sign-in is
dominated by Argon2id, whose parameters and in-process hash time are reported alongside.

The auth API rate-limits per client address (refresh: 300 per 5 minutes; password sign-in:
60 per 5 minutes per address, and 10 per e-mail and address, which a success clears), so
warm-up requests come from another loopback address (127.0.0.3) than the measured ones
(127.0.0.2), and sign-ins stay within 60.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from argon2 import extract_parameters

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogue import PG_KEY_ENCRYPTION_KEY, PG_URL, ROOT, machine, server

from designcore.adapters.argon2 import Argon2PasswordHasher

V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PASSWORD = "kolanut-42-Lagos"
TARGETS = {"token refresh": 20.0, "GET /auth/v1/user": 5.0}
MEASURED_FROM = "127.0.0.2"
WARMED_FROM = "127.0.0.3"


def client(base: str, source: str) -> httpx.Client:
    """A keep-alive client whose connections come from ``source`` (a loopback address)."""
    return httpx.Client(
        base_url=base, headers=V2024, transport=httpx.HTTPTransport(local_address=source)
    )


def stats(samples: list[float]) -> dict[str, float]:
    """p50, p95 and max of millisecond samples."""
    ordered = sorted(samples)
    return {
        "p50": statistics.median(ordered),
        "p95": ordered[int(len(ordered) * 0.95) - 1],
        "max": ordered[-1],
        "n": float(len(ordered)),
    }


def timed(call: Callable[[], httpx.Response]) -> tuple[float, httpx.Response]:
    started = time.perf_counter()
    response = call()
    elapsed = (time.perf_counter() - started) * 1000
    response.raise_for_status()
    return elapsed, response


def refresh_chain(http: httpx.Client, token: str, runs: int) -> tuple[list[float], dict[str, Any]]:
    """``runs`` refreshes, each presenting the token the previous one answered; the samples
    and the last session answered."""
    samples = []
    answer: dict[str, Any] = {"refresh_token": token}
    for _ in range(runs):
        body = {"refresh_token": token}
        elapsed, response = timed(
            lambda body=body: http.post("/auth/v1/token?grant_type=refresh_token", json=body)
        )
        answer = response.json()
        token = answer["refresh_token"]
        samples.append(elapsed)
    return samples, answer


def run_backend(env: dict[str, str], runs: int, sign_ins: int) -> dict[str, dict[str, float]]:
    cli = [str(Path(sys.executable).with_name("designcore")), "serve"]
    with server(cli, env, "/auth/v1/health") as base:
        email = f"bench-{uuid.uuid4().hex[:8]}@example.com"
        with client(base, WARMED_FROM) as warm:
            session = warm.post("/auth/v1/signup", json={"email": email, "password": PASSWORD})
            session.raise_for_status()
            _, warmed = refresh_chain(warm, session.json()["refresh_token"], 20)
            warm.post(
                "/auth/v1/token?grant_type=password", json={"email": email, "password": PASSWORD}
            ).raise_for_status()
        with client(base, MEASURED_FROM) as http:
            refresh, latest = refresh_chain(http, warmed["refresh_token"], runs)
            bearer = {"Authorization": f"Bearer {latest['access_token']}"}
            for _ in range(20):
                http.get("/auth/v1/user", headers=bearer).raise_for_status()
            user = [
                timed(lambda: http.get("/auth/v1/user", headers=bearer))[0] for _ in range(runs)
            ]
            sign_in = [
                timed(
                    lambda: http.post(
                        "/auth/v1/token?grant_type=password",
                        json={"email": email, "password": PASSWORD},
                    )
                )[0]
                for _ in range(sign_ins)
            ]
    return {
        "token refresh": stats(refresh),
        "GET /auth/v1/user": stats(user),
        "password sign-in": stats(sign_in),
    }


def argon2_report(count: int = 21) -> tuple[str, float]:
    """The production hasher's parameters and its median in-process hash time (ms)."""
    hasher = Argon2PasswordHasher()
    hasher.hash("warm-up password")
    times = []
    for n in range(count):
        started = time.perf_counter()
        stored = hasher.hash(f"benchmark password {n}")
        times.append((time.perf_counter() - started) * 1000)
    p = extract_parameters(stored)
    described = (
        f"Argon2id v={p.version}, time_cost={p.time_cost}, memory_cost={p.memory_cost} KiB "
        f"({p.memory_cost / 1024:.0f} MiB), parallelism={p.parallelism}, "
        f"hash_len={p.hash_len}, salt_len={p.salt_len}"
    )
    return described, statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--runs", type=int, default=300, help="refreshes and user reads (at most 300)"
    )
    parser.add_argument("--sign-ins", type=int, default=50, help="at most 59 (rate limit)")
    parser.add_argument("--output", default=str(ROOT / "docs" / "benchmarks-auth.md"))
    parser.add_argument("--no-postgresql", action="store_true")
    options = parser.parse_args()
    if options.runs > 300 or options.sign_ins > 59:
        parser.error("the rate limits allow at most 300 refreshes and 59 sign-ins per address")
    common = {
        "DESIGNCORE_SEED_ON_START": "false",
        "DESIGNCORE_WEB_DIST": "/nonexistent",
        "DESIGNCORE_LOG_LEVEL": "WARNING",
        "DESIGNCORE_STORAGE_BACKEND": "memory",
        "DESIGNCORE_RATE_LIMIT_BACKEND": "memory",
    }
    results: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="designcore-bench-auth-") as data:
        results["SQLite"] = run_backend(
            {
                **common,
                "DESIGNCORE_DATABASE_URL": f"sqlite:///{Path(data) / 'auth.db'}",
                "DESIGNCORE_DATA_DIR": data,
            },
            options.runs,
            options.sign_ins,
        )
    if not options.no_postgresql:
        schema = f"bench_{uuid.uuid4().hex[:8]}"
        admin = sa.create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
        try:
            with tempfile.TemporaryDirectory(prefix="designcore-bench-auth-") as data:
                results["PostgreSQL"] = run_backend(
                    {
                        **common,
                        "DESIGNCORE_DATABASE_URL": PG_URL,
                        "DESIGNCORE_DATABASE_SCHEMA": schema,
                        "DESIGNCORE_KEY_ENCRYPTION_KEY": PG_KEY_ENCRYPTION_KEY,
                        "DESIGNCORE_DATA_DIR": data,
                    },
                    options.runs,
                    options.sign_ins,
                )
        finally:
            with admin.begin() as conn:
                conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()

    argon2, hash_ms = argon2_report()
    lines = [
        "# Auth benchmarks",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}.",
        f"Sequential requests over HTTP (`designcore serve`: uvicorn, one worker, keep-alive): "
        f"{options.runs} token refreshes, each presenting the refresh token the previous one "
        f"answered (every request rotates), after 20 warm-up refreshes; {options.runs} "
        f"`GET /auth/v1/user` with the latest access token after 20 warm-ups; "
        f"{options.sign_ins} password sign-ins. Run it again with `python benchmarks/auth.py`.",
        "",
        f"Password hashing: {argon2}; median {hash_ms:.1f} ms per hash in-process (21 hashes "
        "after a warm-up). A sign-in verifies once (the same cost as a hash).",
        "",
        "| backend | request | target p95 | p50 ms | p95 ms | max ms | met |",
        "|---|---|---|---|---|---|---|",
    ]
    for backend, rows in results.items():
        for request, row in rows.items():
            target = TARGETS.get(request)
            wanted = f"< {target:.0f} ms" if target else "—"
            met = ("yes" if row["p95"] < target else "no") if target else "—"
            lines.append(
                f"| {backend} | {request} | {wanted} | {row['p50']:.2f} | {row['p95']:.2f} | "
                f"{row['max']:.2f} | {met} |"
            )
    lines += [
        "",
        "A refresh reads the presented token, the session and its latest token, marks the "
        "token used (compare-and-set), updates the session, stores the new token, signs an "
        "ES256 access token and reads the user's identities and factors for the answer, all in "
        "one transaction. `GET /auth/v1/user` verifies the access "
        "token's ES256 signature against the cached signing keys and answers the session's user "
        "from the server's signed-in cache (`DESIGNCORE_AUTH_CACHE_SECONDS`, 5 s): the first "
        "request after a write reads the session, the user, identities and factors in one "
        "read-only transaction; the following ones read no database until the next write or "
        "the time to live.",
        "",
        "Rate limits apply as in production: the warm-up requests come from 127.0.0.3 and the "
        "measured ones from 127.0.0.2, so each address stays under 300 refreshes and 60 "
        "password sign-ins per 5 minutes.",
        "",
    ]
    Path(options.output).write_text("\n".join(lines))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

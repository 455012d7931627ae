"""Concurrent users doing what people do on designcore, for a fixed time: the load generator of
the load and fault benchmarks (benchmarks/load_faults.py, docs/benchmarks-load.md).

asyncio and httpx rather than wrk: wrk replays a list of requests, while a user here follows a
path whose next request depends on the last answer (sign up, then create a design from a
template found by a search, then save it with the ETag the server gave, then export it), and
every acknowledged save is counted so lost writes can be counted in the database afterwards.
A load-testing framework (Locust) would add gevent and a web UI for the same loops; on a
two-core machine the generator's own CPU matters, and one event loop with one connection per
user costs less. Each user connects from an address of its own (127.0.0.2 and up, all
loopback), so the server and nginx see 200 clients, as they would, rather than one address
that every per-address limit would count together.

Who the users are (``plan_users``): about 40 % visitors who browse (home rows, a category's
listing, searches, a template with its related templates and its preview image), a tenth of
whom sign up along the way and go on as members; the rest members, signed up before the timed
window (their passwords are hashed then, not during it), a sixth of whom sign in again. A
member browses a little, creates a design from a template, opens it, saves it several times
(each save names the version it was made from, as the editor does), lists their designs and
exports a small PNG; some ask for a big export, which the server answers with a job (202) when
jobs exist, and poll it to the end. Each user waits ``think`` seconds (uniformly drawn) between
actions, as a person reads a page.

Every answer is recorded with its time from the start, kind, status and error code, so a fault
benchmark can tell the answers inside a fault's window from those outside it.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import attrs
import httpx

PASSWORD = "kolanut-42-Lagos"
SEARCH_TERMS = (
    "birthday",
    "thanksgiving",
    "church",
    "real estate",
    "happy new month",
    "lagos party",
    "wedding",
    "flyer",
    "sale",
    "ankara",
)
BIG_EXPORT_PIXELS = 44e6
"""A big export's output: above the job threshold (40 MP), within a free plan's limits (50 MP
a page, 200 MP an export)."""


def big_export_ratio(width: float, height: float) -> float:
    """The pixel ratio that makes a ``width`` x ``height`` page about 44 MP (no side over
    9,000 px)."""
    ratio = (BIG_EXPORT_PIXELS / (width * height)) ** 0.5
    return round(min(ratio, 9000 / max(width, height)), 2)


@attrs.frozen
class Answer:
    """One request's outcome."""

    at: float
    """Seconds from the start of the timed window when it was sent."""
    kind: str
    status: int
    """HTTP status, or 0 when no answer came (connection refused, timeout)."""
    seconds: float
    code: str = ""
    """The error body's ``code`` (or GoTrue's ``error_code``), or the transport error's name."""
    message: str = ""


@attrs.define
class Tally:
    """Everything one run saw."""

    answers: list[Answer] = attrs.field(factory=list)
    acknowledged: dict[str, int] = attrs.field(factory=lambda: defaultdict(int))
    """Design id -> saves the server acknowledged (200)."""
    last_name: dict[str, str] = attrs.field(factory=dict)
    """Design id -> the name of the last acknowledged save."""
    unknown_saves: int = 0
    """Saves whose outcome is unknown (no answer): they may or may not be stored."""
    started: float = 0.0
    seconds: float = 0.0

    def record(self, answer: Answer) -> None:
        self.answers.append(answer)


@attrs.frozen
class Plan:
    """One user's part."""

    index: int
    role: str
    """``visitor``, ``joiner`` (a visitor who signs up), ``member`` or ``returning`` (a member
    who signs in again first)."""
    email: str | None = None
    token: str | None = None


def _address(index: int) -> str:
    """A loopback address of user ``index``'s own (127.0.0.2 and up)."""
    number = index + 2
    return f"127.0.{number // 250}.{number % 250 + 1}" if number >= 250 else f"127.0.0.{number}"


def _error(response: httpx.Response) -> tuple[str, str]:
    if response.status_code < 400:
        return "", ""
    try:
        body = response.json()
    except ValueError:
        return "not_json", response.text[:120]
    if not isinstance(body, dict):
        return "", ""
    code = body.get("code") if isinstance(body.get("code"), str) else body.get("error_code")
    message = body.get("message") or body.get("msg") or ""
    return str(code or ""), str(message)[:200]


class User:
    """One user's connection and what they know."""

    def __init__(self, base_url: str, plan: Plan, tally: Tally, catalogue: Catalogue) -> None:
        self.plan = plan
        self.tally = tally
        self.catalogue = catalogue
        self.random = random.Random(plan.index)
        self.token = plan.token
        self.email = plan.email
        self.client = httpx.AsyncClient(
            base_url=base_url,
            timeout=httpx.Timeout(120.0, connect=10.0),
            transport=httpx.AsyncHTTPTransport(local_address=_address(plan.index)),
        )
        self.designs = 0
        self.big_exported = False

    async def close(self) -> None:
        await self.client.aclose()

    async def ask(self, kind: str, method: str, path: str, **options: Any) -> httpx.Response | None:
        """Send one request and record it; ``None`` when no answer came."""
        if self.token and "headers" not in options:
            options["headers"] = {"Authorization": f"Bearer {self.token}"}
        sent = time.monotonic()
        at = sent - self.tally.started
        try:
            response = await self.client.request(method, path, **options)
        except httpx.HTTPError as error:
            self.tally.record(
                Answer(at, kind, 0, time.monotonic() - sent, type(error).__name__, str(error))
            )
            return None
        code, message = _error(response)
        self.tally.record(
            Answer(at, kind, response.status_code, time.monotonic() - sent, code, message)
        )
        return response

    # -- browsing ---------------------------------------------------------------------------

    async def browse(self) -> None:
        """One visitor's action, chosen as people choose them."""
        choice = self.random.random()
        catalogue = self.catalogue
        if choice < 0.25:
            await self.ask("home", "GET", "/api/v1/templates/home", params={"limit": 12})
        elif choice < 0.45:
            category = self.random.choice(catalogue.categories)
            await self.ask(
                "listing",
                "GET",
                "/api/v1/templates",
                params={"category": category, "page": self.random.randint(1, 2), "size": 24},
            )
        elif choice < 0.65:
            term = self.random.choice(SEARCH_TERMS)
            await self.ask("search", "GET", "/api/v1/templates/search", params={"q": term})
        else:
            template = self.random.choice(catalogue.templates)
            await self.ask("template", "GET", f"/api/v1/templates/{template['id']}")
            await self.ask(
                "related",
                "GET",
                f"/api/v1/templates/{template['id']}/related",
                params={"limit": 16},
            )
            if template.get("preview_url"):
                await self.ask("preview", "GET", template["preview_url"])

    # -- signing up and in ------------------------------------------------------------------

    async def sign_up(self) -> bool:
        email = f"load-{uuid.uuid4().hex[:12]}@example.com"
        answer = await self.ask(
            "sign_up", "POST", "/auth/v1/signup", json={"email": email, "password": PASSWORD}
        )
        if answer is None or answer.status_code != 200:
            return False
        self.email, self.token = email, answer.json()["access_token"]
        return True

    async def sign_in(self) -> bool:
        answer = await self.ask(
            "sign_in",
            "POST",
            "/auth/v1/token",
            params={"grant_type": "password"},
            json={"email": self.email, "password": PASSWORD},
            headers={},
        )
        if answer is None or answer.status_code != 200:
            return False
        self.token = answer.json()["access_token"]
        return True

    # -- a member's work --------------------------------------------------------------------

    async def design_session(self, until: float, think: Callable[[], Awaitable[None]]) -> None:
        """Create a design from a template, open it, save it several times, list the
        designs, export it."""
        if self.designs >= 3:  # within a free member's allowance
            await self.browse()
            return
        template = self.random.choice(self.catalogue.customisable)
        made = await self.ask(
            "create_design", "POST", "/api/v1/designs", json={"template_id": template}
        )
        if made is None or made.status_code != 201:
            return
        self.designs += 1
        design_id = made.json()["id"]
        await think()
        opened = await self.ask("open_design", "GET", f"/api/v1/designs/{design_id}")
        if opened is None or opened.status_code != 200:
            return
        document = opened.json()["document"]
        etag = opened.headers["etag"]
        for number in range(self.random.randint(3, 6)):
            if time.monotonic() >= until:
                return
            await think()
            etag = await self.save(design_id, document, etag, number) or etag
        await think()
        await self.ask("my_designs", "GET", "/api/v1/designs")
        await think()
        await self.ask(
            "export_small",
            "POST",
            "/api/v1/exports",
            json={"design_id": design_id, "format": "png", "pixel_ratio": 0.5},
        )
        if self.catalogue.jobs and self.plan.index % 15 == 0 and not self.big_exported:
            self.big_exported = True
            size = self.catalogue.sizes.get(template, (1080, 1350))
            await self.big_export(design_id, big_export_ratio(*size), until)

    async def save(self, design_id: str, document: Any, etag: str, number: int) -> str | None:
        """One save made from ``etag``'s version; the new ETag when acknowledged. A save that
        got no answer is reloaded (its outcome is unknown)."""
        name = f"load {self.plan.index} {design_id[:8]} save {number}"
        answer = await self.ask(
            "save",
            "PUT",
            f"/api/v1/designs/{design_id}",
            json={"name": name, "document": document},
            headers={"Authorization": f"Bearer {self.token}", "If-Match": etag},
        )
        if answer is not None and answer.status_code == 200:
            self.tally.acknowledged[design_id] += 1
            self.tally.last_name[design_id] = name
            return answer.headers.get("etag")
        if answer is None or answer.status_code == 409:
            if answer is None:
                self.tally.unknown_saves += 1
            reloaded = await self.ask("open_design", "GET", f"/api/v1/designs/{design_id}")
            if reloaded is not None and reloaded.status_code == 200:
                return reloaded.headers.get("etag")
        return None

    async def big_export(self, design_id: str, ratio: float, until: float) -> None:
        """A download big enough to be a job: submit, poll, fetch the file."""
        submitted = await self.ask(
            "export_big",
            "POST",
            "/api/v1/exports",
            json={"design_id": design_id, "format": "png", "pixel_ratio": ratio},
        )
        if submitted is None or submitted.status_code != 202:
            return
        job = submitted.json()
        job_id = job.get("id") or job.get("job", {}).get("id")
        while time.monotonic() < until + 60:
            await asyncio.sleep(1.0)
            polled = await self.ask("job_status", "GET", f"/api/v1/jobs/{job_id}")
            if polled is None or polled.status_code != 200:
                continue
            state = polled.json().get("state")
            if state == "succeeded":
                await self.ask("job_result", "GET", f"/api/v1/jobs/{job_id}/result")
                return
            if state in ("failed", "cancelled"):
                self.tally.record(
                    Answer(time.monotonic() - self.tally.started, "job_failed", 0, 0.0, state)
                )
                return

    # -- the loop ---------------------------------------------------------------------------

    async def run(self, until: float, think_range: tuple[float, float]) -> None:
        async def think() -> None:
            await asyncio.sleep(self.random.uniform(*think_range))

        try:
            await think()
            role = self.plan.role
            if role == "returning":
                await self.sign_in()
            joined = False
            while time.monotonic() < until:
                if role == "joiner" and not joined and self.random.random() < 0.3:
                    joined = await self.sign_up()
                elif self.token is not None and self.random.random() < 0.5:
                    await self.design_session(until, think)
                else:
                    await self.browse()
                await think()
        finally:
            await self.close()


@attrs.define
class Catalogue:
    """What users pick from: categories, templates, templates a design can be made from."""

    categories: list[str]
    templates: list[dict[str, Any]]
    customisable: list[str]
    jobs: bool
    sizes: dict[str, tuple[float, float]] = attrs.field(factory=dict)
    """Template id -> its page's width and height in pixels."""
    """Whether the server has the jobs API (big exports are then jobs)."""


def learn_catalogue(base_url: str, token: str) -> Catalogue:
    """Read the catalogue as a browser would, and find templates a member can open."""
    with httpx.Client(base_url=base_url, timeout=60) as client:
        categories = [c["name"] for c in client.get("/api/v1/categories").json()]
        rows = client.get("/api/v1/templates/home", params={"limit": 12}).json()["rows"]
        templates = [t for row in rows for t in row["templates"]]
        listing = client.get("/api/v1/templates", params={"size": 48}).json()["templates"]
        templates += [t for t in listing if t["id"] not in {x["id"] for x in templates}]
        bearer = {"Authorization": f"Bearer {token}"}
        customisable = [
            t["id"]
            for t in templates
            if not t["is_premium"]
            and client.get(f"/api/v1/templates/{t['id']}/customisable", headers=bearer).status_code
            == 204
        ][:20]
        spec = client.get("/schema/openapi.json")
        jobs = spec.status_code == 200 and "/api/v1/jobs/{job_id}" in spec.text
    if not customisable:
        raise RuntimeError("no template a free member can open: is the catalogue seeded?")
    sizes = {t["id"]: (t["width"], t["height"]) for t in templates if t["width"] and t["height"]}
    return Catalogue(categories, templates, customisable, jobs, sizes)


async def _sign_up_members(base_url: str, count: int, concurrency: int = 6) -> list[Plan]:
    """Members signed up before the timed window (their password hashing is not measured)."""
    gate = asyncio.Semaphore(concurrency)
    plans: list[Plan] = []

    async def one(index: int) -> None:
        email = f"member-{uuid.uuid4().hex[:12]}@example.com"
        async with (
            gate,
            httpx.AsyncClient(
                base_url=base_url,
                timeout=120,
                transport=httpx.AsyncHTTPTransport(local_address=_address(index)),
            ) as client,
        ):
            answer = await client.post(
                "/auth/v1/signup", json={"email": email, "password": PASSWORD}
            )
            answer.raise_for_status()
            plans.append(Plan(index, "member", email, answer.json()["access_token"]))

    await asyncio.gather(*(one(i) for i in range(count)))
    return plans


def plan_users(users: int, members: Sequence[Plan]) -> list[Plan]:
    """The roles of ``users`` users: the signed-up ``members`` (a sixth of them signing in
    again), then visitors, a tenth of whom sign up during the run."""
    plans: list[Plan] = []
    for member in members:
        role = "returning" if member.index % 6 == 0 else "member"
        plans.append(attrs.evolve(member, role=role))
    for index in range(len(members), users):
        plans.append(Plan(index, "joiner" if index % 10 == 0 else "visitor"))
    return plans


def run_users(
    base_url: str,
    *,
    users: int = 200,
    seconds: float = 60.0,
    member_share: float = 0.6,
    think: tuple[float, float] = (0.5, 1.5),
    during: Callable[[Tally], Awaitable[None]] | None = None,
) -> tuple[Tally, Catalogue]:
    """``users`` users for ``seconds`` against ``base_url``. ``during`` runs beside them (a
    fault to inject) and gets the tally (its ``started`` is the window's start)."""

    async def main() -> tuple[Tally, Catalogue]:
        members = await _sign_up_members(base_url, round(users * member_share))
        catalogue = await asyncio.to_thread(learn_catalogue, base_url, members[0].token or "")
        tally = Tally()
        tally.started = time.monotonic()
        until = tally.started + seconds
        crowd = [User(base_url, plan, tally, catalogue) for plan in plan_users(users, members)]
        tasks = [user.run(until, think) for user in crowd]
        if during is not None:
            tasks.append(during(tally))
        await asyncio.gather(*tasks)
        tally.seconds = time.monotonic() - tally.started
        return tally, catalogue

    return asyncio.run(main())


# -- figures -----------------------------------------------------------------------------------


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile (0-100) by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, round(share / 100 * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


EXPECTED: dict[str, frozenset[int]] = {
    "create_design": frozenset({201}),
    "export_big": frozenset({200, 202}),
}
"""The statuses that are not errors, by kind (others: 200, 202, 204, 304)."""
OK = frozenset({200, 202, 204, 304})


def is_error(answer: Answer) -> bool:
    """Whether the answer is an error: no answer, or a status the kind should not get."""
    return answer.status not in EXPECTED.get(answer.kind, OK)


@attrs.frozen
class KindFigures:
    kind: str
    requests: int
    errors: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float


def figures(answers: Sequence[Answer]) -> list[KindFigures]:
    """Requests, errors and latency percentiles per kind (and ``all``)."""
    by_kind: dict[str, list[Answer]] = defaultdict(list)
    for answer in answers:
        if answer.kind != "job_failed":
            by_kind[answer.kind].append(answer)
    rows = []
    for kind, group in [
        *sorted(by_kind.items()),
        ("all", [a for g in by_kind.values() for a in g]),
    ]:
        times = [a.seconds * 1000 for a in group]
        rows.append(
            KindFigures(
                kind,
                len(group),
                sum(is_error(a) for a in group),
                percentile(times, 50),
                percentile(times, 95),
                percentile(times, 99),
                max(times) if times else float("nan"),
            )
        )
    return rows


def errors_by_status(answers: Sequence[Answer]) -> Counter[tuple[int, str]]:
    """Error answers counted by (status, code)."""
    return Counter((a.status, a.code) for a in answers if is_error(a))


def summary_line(tally: Tally) -> str:
    total = len(tally.answers)
    errors = sum(is_error(a) for a in tally.answers)
    p99 = percentile([a.seconds * 1000 for a in tally.answers], 99)
    return (
        f"{total} requests in {tally.seconds:.1f} s ({total / tally.seconds:.0f}/s), "
        f"{errors} errors, p99 {p99:.0f} ms, saves acknowledged "
        f"{sum(tally.acknowledged.values())}"
    )


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")

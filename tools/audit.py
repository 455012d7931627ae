"""Known vulnerabilities in the dependencies, judged against ``audit-allowlist.toml``.

    python tools/audit.py python        # pip-audit of the running environment
    python tools/audit.py npm web       # npm audit --omit=dev in web/ (or inline-checkout/)

Exit status: 0 when nothing unknown was found, or when the vulnerability database could not be
reached (said loudly, as ``AUDIT UNAVAILABLE``: nothing was audited); 1 for a vulnerability not
on the allow-list, an allow-list entry past its review date, or a malformed allow-list; 2 for
an unreachable database when ``DESIGNCORE_AUDIT_REQUIRE=1`` (a machine that should reach it).

pip-audit asks the package registry's JSON API (``--vulnerability-service pypi``), the only
service reachable where CI runs; npm audit asks the npm registry's advisory endpoint. Both
answers are parsed from their JSON reports. Standard library only (docs/security.md, "Audit").
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ALLOWLIST = ROOT / "audit-allowlist.toml"
ECOSYSTEMS = ("python", "npm")
REQUIRE_VARIABLE = "DESIGNCORE_AUDIT_REQUIRE"
_ADVISORY = re.compile(r"GHSA(?:-[0-9a-z]{4}){3}", re.IGNORECASE)


@dataclass(frozen=True)
class Allowance:
    """One allow-list entry: a known vulnerability let through, why, and until when."""

    id: str
    package: str
    ecosystem: str
    reason: str
    review_by: dt.date


@dataclass(frozen=True)
class Finding:
    """One vulnerability of one installed package, with every id it is known by."""

    package: str
    version: str
    ids: frozenset[str]
    summary: str


@dataclass(frozen=True)
class Report:
    """What one audit found: findings, or why the database could not be asked."""

    findings: tuple[Finding, ...] = ()
    unavailable: str | None = None
    audited: int = 0


def load_allowlist(text: str) -> tuple[list[Allowance], list[str]]:
    """The entries of an allow-list, and every problem with it (all at once)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return [], [f"audit-allowlist.toml is not TOML: {error}"]
    entries, problems = [], []
    for number, raw in enumerate(data.get("allow", []), start=1):
        where = f"allow entry {number}"
        if not isinstance(raw, dict):
            problems.append(f"{where}: not a table")
            continue
        missing = [k for k in ("id", "package", "ecosystem", "reason", "review_by") if k not in raw]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
            continue
        if raw["ecosystem"] not in ECOSYSTEMS:
            problems.append(f"{where}: ecosystem must be one of {ECOSYSTEMS}")
        if not str(raw["reason"]).strip():
            problems.append(f"{where}: the reason is empty")
        if not isinstance(raw["review_by"], dt.date) or isinstance(raw["review_by"], dt.datetime):
            problems.append(f"{where}: review_by must be a date (2027-01-31)")
            continue
        entries.append(
            Allowance(
                id=str(raw["id"]),
                package=str(raw["package"]).lower(),
                ecosystem=str(raw["ecosystem"]),
                reason=str(raw["reason"]),
                review_by=raw["review_by"],
            )
        )
    return entries, problems


def judge(
    report: Report, ecosystem: str, allowed: Iterable[Allowance], today: dt.date
) -> tuple[list[str], list[str]]:
    """Lines for the findings let through by the allow-list, and lines for the failures: a
    finding no entry covers, or one covered only by an entry past its review date."""
    passed, failed = [], []
    entries = [a for a in allowed if a.ecosystem == ecosystem]
    for finding in report.findings:
        label = f"{finding.package} {finding.version}: {', '.join(sorted(finding.ids))}"
        cover = [a for a in entries if a.package == finding.package.lower() and a.id in finding.ids]
        if not cover:
            failed.append(f"{label} ({finding.summary})")
        elif all(a.review_by < today for a in cover):
            failed.append(f"{label}: allowed until {cover[0].review_by}, review the entry")
        else:
            passed.append(f"{label}: allowed ({cover[0].reason})")
    return passed, failed


def expired(allowed: Iterable[Allowance], today: dt.date) -> list[str]:
    """Entries past their review date, whatever was found."""
    return [
        f"{a.ecosystem} {a.package} {a.id}: review date {a.review_by} has passed"
        for a in allowed
        if a.review_by < today
    ]


def read_pip_audit(report: Mapping[str, Any]) -> Report:
    """A pip-audit JSON report (``-f json``). Every package skipped means the vulnerability
    service answered for none of them: nothing was audited."""
    dependencies: Sequence[Mapping[str, Any]] = report.get("dependencies", [])
    skipped = [d for d in dependencies if d.get("skip_reason")]
    audited = [d for d in dependencies if not d.get("skip_reason")]
    if dependencies and not audited:
        return Report(
            unavailable=(
                f"pip-audit could audit none of the {len(skipped)} packages "
                f"(first reason: {skipped[0]['skip_reason']!r})"
            )
        )
    findings = [
        Finding(
            package=str(d["name"]),
            version=str(d.get("version", "?")),
            ids=frozenset([str(v["id"]), *map(str, v.get("aliases", []))]),
            summary=str(v.get("description") or "").strip().splitlines()[0][:120]
            if v.get("description")
            else "no description",
        )
        for d in audited
        for v in d.get("vulns", [])
    ]
    return Report(findings=tuple(findings), audited=len(audited))


def read_npm_audit(report: Mapping[str, Any]) -> Report:
    """An ``npm audit --json`` report. An ``error`` (the advisory endpoint refused or could
    not be reached) means nothing was audited. Each advisory counts once, on the package it
    was published for (``via`` objects), not on every package that depends on it."""
    if "error" in report or "statusCode" in report:
        message = report.get("message") or (report.get("error") or {}).get("summary")
        return Report(unavailable=f"npm audit could not ask the registry: {message}")
    findings = []
    for name, entry in (report.get("vulnerabilities") or {}).items():
        for via in entry.get("via", []):
            if not isinstance(via, dict):
                continue
            found = _ADVISORY.search(str(via.get("url", "")))
            ids = {str(via.get("source", ""))} | ({found.group(0)} if found else set())
            findings.append(
                Finding(
                    package=str(via.get("name") or name),
                    version=str(via.get("range") or entry.get("range", "?")),
                    ids=frozenset(i for i in ids if i),
                    summary=f"{via.get('severity', '?')}: {via.get('title', '')}",
                )
            )
    dependencies = (report.get("metadata") or {}).get("dependencies") or {}
    return Report(findings=tuple(findings), audited=int(dependencies.get("prod", 0)))


def run_pip_audit() -> Report:
    """pip-audit over the running environment, through the registry's JSON API."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "report.json"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip_audit",
                "--vulnerability-service",
                "pypi",
                "--skip-editable",
                "--progress-spinner",
                "off",
                "--format",
                "json",
                "--output",
                str(output),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if not output.is_file() or not output.read_text().strip():
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return Report(unavailable=f"pip-audit failed ({done.returncode}): {' / '.join(tail)}")
        return read_pip_audit(json.loads(output.read_text()))


def run_npm_audit(folder: Path) -> Report:
    """``npm audit --omit=dev`` in ``folder`` (what the built app ships, not the tools)."""
    done = subprocess.run(
        ["npm", "audit", "--omit=dev", "--json"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        report = json.loads(done.stdout)
    except ValueError:
        tail = done.stderr.strip().splitlines()[-2:]
        return Report(unavailable=f"npm audit answered no report: {' / '.join(tail)}")
    return read_npm_audit(report)


def main(argv: Sequence[str], environ: Mapping[str, str], today: dt.date) -> int:
    """Run one audit and print what it found; the exit status (see the module docstring)."""
    if not argv or argv[0] not in ECOSYSTEMS or (argv[0] == "npm") != (len(argv) == 2):
        print("usage: audit.py python | audit.py npm FOLDER", file=sys.stderr)
        return 64
    ecosystem = argv[0]
    allowed, problems = load_allowlist(ALLOWLIST.read_text() if ALLOWLIST.is_file() else "")
    label = "python environment" if ecosystem == "python" else f"npm packages of {argv[1]}/"
    report = run_pip_audit() if ecosystem == "python" else run_npm_audit(ROOT / argv[1])
    failures = problems + expired(allowed, today)
    if report.unavailable:
        print(f"AUDIT UNAVAILABLE ({label}): {report.unavailable}")
        print("  Nothing was audited: the vulnerability database cannot be reached from here.")
        if environ.get(REQUIRE_VARIABLE) == "1":
            print(f"  {REQUIRE_VARIABLE}=1: failing.")
            return 2
    passed, failed = judge(report, ecosystem, allowed, today)
    failures += failed
    if not report.unavailable:
        print(
            f"audit ({label}): {report.audited} packages asked about, {len(report.findings)} known issues"
        )
    for line in passed:
        print(f"  allowed: {line}")
    for line in failures:
        print(f"  FAIL: {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:], os.environ, dt.datetime.now(dt.UTC).date()))

"""tools/audit.py: reading pip-audit's and npm audit's reports, and judging them against the
allow-list (the nox session ``audit``)."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TODAY = dt.date(2026, 11, 28)


@pytest.fixture(name="audit", scope="module")
def fixture_audit() -> ModuleType:
    """tools/audit.py, loaded from its file (it is a script, not a package module)."""
    spec = importlib.util.spec_from_file_location(
        "designcore_audit_tool", ROOT / "tools" / "audit.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


ENTRY = """
[[allow]]
id = "GHSA-aaaa-bbbb-cccc"
package = "Jinja2"
ecosystem = "python"
reason = "the sandbox page renders no template from user input"
review_by = 2027-01-31
"""

PIP_REPORT: dict[str, Any] = {
    "dependencies": [
        {"name": "designcore", "skip_reason": "Dependency not found on PyPI (editable)"},
        {
            "name": "jinja2",
            "version": "3.1.0",
            "vulns": [
                {
                    "id": "PYSEC-2024-1",
                    "aliases": ["GHSA-aaaa-bbbb-cccc", "CVE-2024-1"],
                    "description": "Sandbox escape.\nMore words.",
                }
            ],
        },
        {"name": "attrs", "version": "25.1.0", "vulns": []},
    ]
}

NPM_REPORT: dict[str, Any] = {
    "auditReportVersion": 2,
    "vulnerabilities": {
        "nanoid": {
            "name": "nanoid",
            "range": "<3.3.8",
            "via": [
                {
                    "source": 1101163,
                    "name": "nanoid",
                    "title": "Predictable results",
                    "url": "https://github.com/advisories/GHSA-mwcw-c2x4-8c55",
                    "severity": "moderate",
                    "range": "<3.3.8",
                }
            ],
        },
        "postcss": {"name": "postcss", "range": "*", "via": ["nanoid"]},
    },
    "metadata": {"dependencies": {"prod": 12}},
}


class TestAllowList:
    def test_an_entry_is_read(self, audit: ModuleType) -> None:
        """A complete entry becomes an allowance (package names compared case-folded)."""
        entries, problems = audit.load_allowlist(ENTRY)
        assert [] == problems
        assert [("GHSA-aaaa-bbbb-cccc", "jinja2", "python", dt.date(2027, 1, 31))] == [
            (e.id, e.package, e.ecosystem, e.review_by) for e in entries
        ]

    def test_every_problem_is_reported(self, audit: ModuleType) -> None:
        """Missing fields, an unknown ecosystem, an empty reason and a review date that is not
        a date are each named."""
        text = (
            '[[allow]]\nid = "X"\n'
            '[[allow]]\nid = "Y"\npackage = "p"\necosystem = "go"\nreason = " "\n'
            "review_by = 2027-01-01\n"
            '[[allow]]\nid = "Z"\npackage = "p"\necosystem = "npm"\nreason = "r"\n'
            'review_by = "soon"\n'
        )
        _, problems = audit.load_allowlist(text)
        assert [
            "allow entry 1: missing package, ecosystem, reason, review_by",
            "allow entry 2: ecosystem must be one of ('python', 'npm')",
            "allow entry 2: the reason is empty",
            "allow entry 3: review_by must be a date (2027-01-31)",
        ] == problems

    def test_the_projects_allow_list_is_valid(self, audit: ModuleType) -> None:
        """audit-allowlist.toml parses, and no entry is past its review date."""
        entries, problems = audit.load_allowlist((ROOT / "audit-allowlist.toml").read_text())
        assert [] == problems
        assert [] == audit.expired(entries, dt.datetime.now(dt.UTC).date())


class TestPipAudit:
    def test_findings_carry_every_alias(self, audit: ModuleType) -> None:
        """A vulnerability is known by its id and its aliases; skipped packages are not
        counted as audited."""
        report = audit.read_pip_audit(PIP_REPORT)
        assert (None, 2) == (report.unavailable, report.audited)
        assert [("jinja2", "3.1.0", {"PYSEC-2024-1", "GHSA-aaaa-bbbb-cccc", "CVE-2024-1"})] == [
            (f.package, f.version, set(f.ids)) for f in report.findings
        ]

    def test_all_skipped_is_unavailable(self, audit: ModuleType) -> None:
        """When the service answered for no package, nothing was audited and the report
        says why."""
        report = audit.read_pip_audit(
            {"dependencies": [{"name": "a", "skip_reason": "Dependency not found on PyPI"}] * 3}
        )
        assert report.unavailable is not None
        assert "none of the 3 packages" in report.unavailable


class TestNpmAudit:
    def test_an_advisory_counts_on_its_own_package(self, audit: ModuleType) -> None:
        """The advisory's GHSA id is read from its URL, and packages that only depend on the
        vulnerable one add no finding."""
        report = audit.read_npm_audit(NPM_REPORT)
        assert [("nanoid", {"1101163", "GHSA-mwcw-c2x4-8c55"})] == [
            (f.package, set(f.ids)) for f in report.findings
        ]
        assert 12 == report.audited

    def test_a_refused_request_is_unavailable(self, audit: ModuleType) -> None:
        """npm's error report (the advisory endpoint refused) means nothing was audited."""
        report = audit.read_npm_audit(
            {"message": "405 Method Not Allowed - POST …/advisories/bulk", "statusCode": 405}
        )
        assert "405 Method Not Allowed" in (report.unavailable or "")
        assert () == report.findings

    def test_no_vulnerabilities(self, audit: ModuleType) -> None:
        """An empty report has no findings."""
        report = audit.read_npm_audit({"vulnerabilities": {}, "metadata": {}})
        assert ((), None) == (report.findings, report.unavailable)


class TestJudge:
    def test_an_allowed_finding_passes_by_any_alias(self, audit: ModuleType) -> None:
        """The allow-list's GHSA id matches the PYSEC-numbered finding through its aliases."""
        entries, _ = audit.load_allowlist(ENTRY)
        passed, failed = audit.judge(audit.read_pip_audit(PIP_REPORT), "python", entries, TODAY)
        assert [] == failed
        assert 1 == len(passed)

    def test_an_unlisted_finding_fails(self, audit: ModuleType) -> None:
        """A finding no entry covers fails, with its ids and summary."""
        passed, failed = audit.judge(audit.read_npm_audit(NPM_REPORT), "npm", [], TODAY)
        assert [] == passed
        assert ["nanoid <3.3.8: 1101163, GHSA-mwcw-c2x4-8c55 (moderate: Predictable results)"] == (
            failed
        )

    def test_an_entry_of_another_ecosystem_does_not_cover(self, audit: ModuleType) -> None:
        """A python entry does not let an npm finding of the same id through."""
        entries, _ = audit.load_allowlist(
            ENTRY.replace("GHSA-aaaa-bbbb-cccc", "GHSA-mwcw-c2x4-8c55").replace("Jinja2", "nanoid")
        )
        _, failed = audit.judge(audit.read_npm_audit(NPM_REPORT), "npm", entries, TODAY)
        assert 1 == len(failed)

    def test_an_expired_entry_fails(self, audit: ModuleType) -> None:
        """Past its review date an entry no longer lets its finding through, and is itself
        reported."""
        entries, _ = audit.load_allowlist(ENTRY)
        later = dt.date(2027, 2, 1)
        _, failed = audit.judge(audit.read_pip_audit(PIP_REPORT), "python", entries, later)
        assert [
            "jinja2 3.1.0: CVE-2024-1, GHSA-aaaa-bbbb-cccc, PYSEC-2024-1: allowed until "
            "2027-01-31, review the entry"
        ] == failed
        assert 1 == len(audit.expired(entries, later))


class TestRun:
    def test_a_folder_without_runtime_dependencies_passes(
        self, audit: ModuleType, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``npm audit --omit=dev`` of inline-checkout (no runtime dependencies, so no
        advisory data is needed) exits 0 and says it found nothing."""
        status = audit.main(["npm", "inline-checkout"], {}, TODAY)
        assert 0 == status
        assert "0 known issues" in capsys.readouterr().out

    def test_a_wrong_call_is_a_usage_error(self, audit: ModuleType) -> None:
        """An unknown ecosystem, or npm without a folder, is exit status 64."""
        assert 64 == audit.main(["go"], {}, TODAY)
        assert 64 == audit.main(["npm"], {}, TODAY)

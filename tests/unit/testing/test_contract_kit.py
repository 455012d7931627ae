"""designcore.testing.contracts can fail: each suite fails an adapter that breaks one of its
rules, and the example adapter of docs/library.md passes its suite."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import designcore.testing.contracts as contracts

HERE = Path(__file__).parent
ROOT = Path(__file__).parents[3]
EXAMPLE = ROOT / "examples" / "json_catalogue"


def run_pytest(tmp_path: Path, *args: str, cwd: Path) -> dict[str, str]:
    """Run pytest in a process of its own; each test's outcome (``passed``, ``failed``,
    ``error``, ``skipped``) by ``Class.test_name``."""
    report = tmp_path / "report.xml"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"--junitxml={report}",
            *args,
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    outcomes: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname', '').rsplit('.', 1)[-1]}.{case.get('name')}"
        children = {child.tag for child in case}
        outcome = next((tag for tag in ("failure", "error", "skipped") if tag in children), "")
        outcomes[name] = {"failure": "failed", "": "passed"}.get(outcome, outcome)
    return outcomes


@pytest.fixture(name="broken", scope="module")
def fixture_broken(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The outcomes of every suite on its broken adapter (one pytest run for all)."""
    tmp_path = tmp_path_factory.mktemp("broken")
    return run_pytest(
        tmp_path,
        "-o",
        "python_files=broken_suites.py",
        "--rootdir",
        str(HERE),
        "-c",
        "/dev/null",
        str(HERE / "broken_suites.py"),
        cwd=HERE,
    )


def failed(outcomes: dict[str, str], suite: str) -> set[str]:
    return {
        name.split(".", 1)[1]
        for name, outcome in outcomes.items()
        if name.startswith(suite + ".") and outcome != "passed"
    }


class TestBrokenAdapters:
    def test_the_catalogue_suite_fails_a_catalogue_ignoring_limits(
        self, broken: dict[str, str]
    ) -> None:
        """Only the rules the adapter breaks fail; the rest of the suite still passes."""
        assert {
            "test_by_category_is_newest_first_and_limited",
            "test_newest_in_categories_answers_each_row_at_once",  # compares with by_category
        } == failed(broken, "TestBrokenCatalogue")
        assert 20 < sum(name.startswith("TestBrokenCatalogue.") for name in broken)

    def test_the_storage_suite_fails_a_storage_listing_backwards(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_lists_by_prefix_in_path_order"} == failed(broken, "TestBrokenStorage")

    def test_the_outbox_suite_fails_an_outbox_showing_the_oldest_first(
        self, broken: dict[str, str]
    ) -> None:
        assert {
            "test_newest_first",
            "test_same_time_keeps_sending_order",
            "test_limit",
        } == failed(broken, "TestBrokenOutbox")

    def test_the_rate_limit_suite_fails_a_limiter_that_never_forgets(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_reset_forgets_attempts"} == failed(broken, "TestBrokenRateLimiter")

    def test_the_accounts_suite_fails_a_ledger_paying_twice(self, broken: dict[str, str]) -> None:
        assert {"test_duplicate_reason_and_reference_is_refused"} == failed(
            broken, "TestBrokenAccounts"
        )
        assert 40 < sum(name.startswith("TestBrokenAccounts.") for name in broken)

    def test_the_payment_books_suite_fails_payments_listed_oldest_first(
        self, broken: dict[str, str]
    ) -> None:
        assert {
            "test_for_user_newest_first_with_limit",
            "test_for_user_pages_with_offset_and_counts",
            "test_a_negative_limit_is_refused",  # the broken listing skips the check
        } == failed(broken, "TestBrokenPaymentBooks")

    def test_the_designs_suite_fails_designs_counting_only_live_ones(
        self, broken: dict[str, str]
    ) -> None:
        assert {
            "test_a_deleted_design_is_hidden_restorable_then_gone",
            "test_purge_removes_only_designs_deleted_before",
        } == failed(broken, "TestBrokenDesigns")
        assert 15 < sum(name.startswith("TestBrokenDesigns.") for name in broken)

    def test_the_event_store_suite_fails_a_store_counting_people(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_counts_of_the_dashboard"} == failed(broken, "TestBrokenAnalyticsEventStore")

    def test_the_analytics_suite_fails_a_sink_skipping_repeats(
        self, broken: dict[str, str]
    ) -> None:
        """Two equal events are two events: a sink that drops the repeat loses one."""
        assert {"test_flush_delivers_every_event_once"} == failed(broken, "TestBrokenAnalytics")
        assert 5 == sum(name.startswith("TestBrokenAnalytics.") for name in broken)

    def test_the_problem_reports_suite_fails_reports_ignoring_the_status(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_pages_newest_first_and_filters_by_status"} == failed(
            broken, "TestBrokenProblemReports"
        )

    def test_the_flow_state_suite_fails_flows_taken_twice(self, broken: dict[str, str]) -> None:
        assert {"test_a_flow_is_taken_once_by_its_state"} == failed(broken, "TestBrokenFlowState")

    def test_the_site_settings_suite_fails_a_history_oldest_first(
        self, broken: dict[str, str]
    ) -> None:
        assert {
            "test_changes_page_newest_first",
            "test_change_records_the_value_it_replaced",  # reads the history in order
        } == failed(broken, "TestBrokenSiteSettings")

    def test_the_prompt_log_suite_fails_searches_oldest_first(self, broken: dict[str, str]) -> None:
        assert {"test_search_prompts_get_ids_and_read_newest_first"} == failed(
            broken, "TestBrokenPromptLog"
        )

    def test_the_variant_cache_suite_fails_a_cache_trimming_the_newest(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_trim_drops_the_least_recently_used"} == failed(
            broken, "TestBrokenVariantCache"
        )

    def test_the_key_ring_suite_fails_a_ring_postponing_retirement(
        self, broken: dict[str, str]
    ) -> None:
        assert {"test_retire_keeps_the_earlier_time"} == failed(broken, "TestBrokenKeyRing")


class TestExampleAdapter:
    def test_the_json_catalogue_passes_its_suite(self, tmp_path: Path) -> None:
        """examples/json_catalogue, run as its own project would run it, passes every rule."""
        outcomes = run_pytest(tmp_path, cwd=EXAMPLE)
        assert 20 < len(outcomes)
        assert {"passed"} == set(outcomes.values())

    def test_the_guide_shows_the_example_as_it_is(self) -> None:
        """docs/library.md's copy of the example's test module is the module, word for word."""
        guide = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
        module = (EXAMPLE / "test_json_catalogue.py").read_text(encoding="utf-8")
        body = module.split('"""', 2)[2].lstrip("\n")  # the module less its docstring
        assert body in guide


class TestContractDocstrings:
    @pytest.mark.parametrize("name", sorted(contracts.__all__))
    def test_each_suite_says_which_fixture_it_needs(self, name: str) -> None:
        """Each suite's docstring is whole sentences naming the fixture a subclass gives it
        (the storage suite's once stopped mid-sentence)."""
        text = inspect.getdoc(getattr(contracts, name)) or ""
        assert text.endswith(".")
        assert re.search(r"``\w+`` fixture", text), text

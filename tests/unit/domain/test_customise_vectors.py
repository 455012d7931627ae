"""The customise decision is the one in tests/contract/vectors/customise-decisions.json, which
the web's mock API answers by (web/src/testing/mocks/customise.test.ts)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from designcore.domain.premium import ANONYMOUS, CustomiseOutcome, Viewer, decide_customise
from designcore.testing.builders import make_template
from support import VECTORS

CASES: list[dict[str, Any]] = json.loads(
    (VECTORS / "customise-decisions.json").read_text(encoding="utf-8")
)["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_decide_customise_is_the_vectors(case: dict[str, Any]) -> None:
    """Each case's template, viewer and switch give the case's outcome."""
    template = make_template(
        template_type="premium" if case["template_premium"] else "free",
        polotno_json=make_template().polotno_json if case["has_document"] else None,
    )
    viewer = (
        Viewer(
            user_id="member",
            subscription_status=case["subscription_status"],
            subscription_plan=case["subscription_plan"],
        )
        if case["signed_in"]
        else ANONYMOUS
    )

    outcome = decide_customise(
        template,
        has_document=template.has_document,
        viewer=viewer,
        premium_model_on=case["premium_model_on"],
    )

    assert CustomiseOutcome(case["outcome"]) is outcome


def test_the_vectors_reach_every_outcome() -> None:
    """The cases cover sign in, upgrade, no document and open."""
    assert {outcome.value for outcome in CustomiseOutcome} == {case["outcome"] for case in CASES}

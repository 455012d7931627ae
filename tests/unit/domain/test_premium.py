"""Premium status, the business model switch and the customise decision."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.premium import (
    ANONYMOUS,
    CustomiseOutcome,
    Viewer,
    decide_customise,
    is_premium_subscriber,
    premium_model_enabled,
)
from support import make_template


class TestPremiumSubscriber:
    @pytest.mark.parametrize("status", ["active", " Active ", "ACTIVE\n"])
    def test_active_premium(self, status: str) -> None:
        """Trimmed, lowercased status 'active' with plan 'premium' is premium."""
        assert is_premium_subscriber(status, "premium")

    @pytest.mark.parametrize(
        ("status", "plan"),
        [
            ("active", "Premium"),
            ("active", "free"),
            ("cancelled", "premium"),
            (None, "premium"),
            ("active", None),
            ("inactive", "premium"),
        ],
    )
    def test_anything_else_is_not(self, status: str | None, plan: str | None) -> None:
        """Only the exact plan name counts; the status must be active."""
        assert not is_premium_subscriber(status, plan)

    @given(st.text(), st.text())
    def test_rule_as_property(self, status: str, plan: str) -> None:
        """The rule holds for any strings."""
        expected = status.strip().lower() == "active" and plan == "premium"
        assert expected == is_premium_subscriber(status, plan)


class TestBusinessModelSwitch:
    @given(
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(),
            lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        )
    )
    def test_any_json_value_but_true_is_off(self, value: object) -> None:
        """For every JSON value, the switch is on exactly when the value is true."""
        assert (value is True) == premium_model_enabled(value)

    def test_only_exact_true_is_on(self) -> None:
        """true is on; "true", 1 and other truthy values are off."""
        assert premium_model_enabled(True)
        for value in ["true", 1, "1", "yes", [True], None, False, {"v": True}]:
            assert not premium_model_enabled(value)


SIGNED_IN_FREE = Viewer(user_id="u1")
PREMIUM = Viewer(user_id="u2", subscription_status="active", subscription_plan="premium")


class TestCustomiseDecision:
    @pytest.mark.parametrize(
        ("viewer", "premium_template", "model_on", "has_document", "expected"),
        [
            (ANONYMOUS, False, True, True, CustomiseOutcome.SIGN_IN),
            (ANONYMOUS, True, False, False, CustomiseOutcome.SIGN_IN),
            (SIGNED_IN_FREE, True, True, True, CustomiseOutcome.UPGRADE),
            (SIGNED_IN_FREE, True, False, True, CustomiseOutcome.OPEN_EDITOR),
            (SIGNED_IN_FREE, False, True, True, CustomiseOutcome.OPEN_EDITOR),
            (PREMIUM, True, True, True, CustomiseOutcome.OPEN_EDITOR),
            (SIGNED_IN_FREE, False, True, False, CustomiseOutcome.NO_DOCUMENT),
            (SIGNED_IN_FREE, True, True, False, CustomiseOutcome.UPGRADE),
            (PREMIUM, True, True, False, CustomiseOutcome.NO_DOCUMENT),
        ],
    )
    def test_table(
        self,
        viewer: Viewer,
        premium_template: bool,
        model_on: bool,
        has_document: bool,
        expected: CustomiseOutcome,
    ) -> None:
        """Sign in first, then upgrade, then the document check, then the editor."""
        template = make_template(template_type="premium" if premium_template else "free")
        assert expected == decide_customise(
            template, has_document=has_document, viewer=viewer, premium_model_on=model_on
        )

    @given(
        signed_in=st.booleans(),
        premium_viewer=st.booleans(),
        premium_template=st.booleans(),
        model_on=st.booleans(),
        has_document=st.booleans(),
    )
    def test_editor_opens_only_when_allowed(
        self,
        signed_in: bool,
        premium_viewer: bool,
        premium_template: bool,
        model_on: bool,
        has_document: bool,
    ) -> None:
        """The editor opens exactly when signed in, not gated, and a document exists."""
        viewer = Viewer(
            user_id="u" if signed_in else None,
            subscription_status="active" if premium_viewer else None,
            subscription_plan="premium" if premium_viewer else None,
        )
        template = make_template(template_type="premium" if premium_template else "free")
        outcome = decide_customise(
            template, has_document=has_document, viewer=viewer, premium_model_on=model_on
        )
        gated = model_on and premium_template and not premium_viewer
        assert (outcome is CustomiseOutcome.OPEN_EDITOR) == (
            signed_in and not gated and has_document
        )

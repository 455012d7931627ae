"""The plan and credit rules the web app holds (web/src/lib/plan-rules.ts) are the domain's:
both are held to tests/contract/vectors/plan-rules.json."""

from __future__ import annotations

import json
from typing import Any

from designcore.domain.payments import premium_plan
from designcore.domain.profiles import REFERRAL_REWARD
from support import VECTORS

RULES: dict[str, Any] = json.loads((VECTORS / "plan-rules.json").read_text(encoding="utf-8"))


class TestPlanRuleVectors:
    def test_the_premium_plan_is_the_vectors(self) -> None:
        """Id, price in kobo, currency and interval of the Premium Plan."""
        plan = premium_plan()
        premium = RULES["premium"]

        assert (
            premium["id"],
            premium["amount_kobo"],
            premium["currency"],
            premium["interval"],
        ) == (
            plan.id,
            plan.price.minor,
            plan.price.currency,
            plan.interval.value,
        )

    def test_the_referral_reward_is_the_vectors(self) -> None:
        """Credits a referral earns each side."""
        assert RULES["referral_reward_credits"] == REFERRAL_REWARD

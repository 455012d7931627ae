"""The referral award: who is rewarded, how much, and how often."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.profiles import (
    REFERRAL_REWARD,
    CreditEntry,
    CreditReason,
    ReferralAward,
    ReferralStatus,
    award_referral,
    balance,
)

NOW = datetime(2026, 11, 1, tzinfo=UTC)
USERS = [f"user-{n}" for n in range(6)]
"""A small population, so that attempts often repeat a user."""

attempts = st.lists(st.tuples(st.sampled_from(USERS), st.sampled_from([*USERS, None])), max_size=30)
"""(new user, owner of the code it signs up with; ``None`` for an unknown code)."""


def award(
    referred: str, referrer: str | None, referred_before: bool, n: int
) -> ReferralAward | None:
    return award_referral(
        code="ABCDEFGH",
        referrer_id=referrer,
        referred_id=referred,
        already_referred=referred_before,
        ids=(f"referral-{n}", f"line-{n}-a", f"line-{n}-b"),
        now=NOW,
    )


def run(sequence: list[tuple[str, str | None]]) -> tuple[list[ReferralAward], list[CreditEntry]]:
    """Apply the attempts in order as the service does: a user already referred is told so."""
    referred: set[str] = set()
    awards = []
    for n, (new_user, referrer) in enumerate(sequence):
        found = award(new_user, referrer, new_user in referred, n)
        if found is not None:
            referred.add(new_user)
            awards.append(found)
    return awards, [entry for a in awards for entry in a.entries]


class TestAwardReferral:
    def test_a_valid_code_rewards_both_sides(self) -> None:
        """The referrer's line and the new user's welcome line, each of the reward, both
        pointing at the completed referral."""
        found = award("new", "referrer", False, 1)
        assert found is not None
        assert (ReferralStatus.COMPLETED, REFERRAL_REWARD) == (
            found.referral.status,
            found.referral.credits_awarded,
        )
        assert [
            ("referrer", CreditReason.REFERRAL_REFERRER, REFERRAL_REWARD, "referral-1"),
            ("new", CreditReason.REFERRAL_WELCOME, REFERRAL_REWARD, "referral-1"),
        ] == [(e.user_id, e.reason, e.delta, e.reference) for e in found.entries]

    def test_own_unknown_and_second_codes_award_nothing(self) -> None:
        """One's own code, an unknown code and a second referral of the same user give
        nothing."""
        assert [None, None, None] == [
            award("new", "new", False, 1),
            award("new", None, False, 2),
            award("new", "referrer", True, 3),
        ]

    @given(attempts)
    def test_the_ledger_is_twice_the_reward_per_referral(
        self, sequence: list[tuple[str, str | None]]
    ) -> None:
        """Whatever the attempts, the ledger sums to twice the reward for each referral, and
        each referral pays each side exactly once."""
        awards, ledger = run(sequence)
        assert 2 * REFERRAL_REWARD * len(awards) == balance(ledger)
        for found in awards:
            sides = Counter(
                (e.user_id, e.reason) for e in ledger if e.reference == found.referral.id
            )
            assert {
                (found.referral.referrer_id, CreditReason.REFERRAL_REFERRER): 1,
                (found.referral.referred_id, CreditReason.REFERRAL_WELCOME): 1,
            } == dict(sides)

    @given(attempts)
    def test_a_user_is_welcomed_at_most_once_and_never_by_itself(
        self, sequence: list[tuple[str, str | None]]
    ) -> None:
        """No user gets a second welcome, nobody refers themselves, and a user with only
        self-referrals and unknown codes gets nothing."""
        awards, ledger = run(sequence)
        welcomed = Counter(e.user_id for e in ledger if e.reason is CreditReason.REFERRAL_WELCOME)
        assert all(count == 1 for count in welcomed.values())
        assert all(a.referral.referrer_id != a.referral.referred_id for a in awards)
        valid = {user for user, referrer in sequence if referrer not in (None, user)}
        assert valid == set(welcomed)
        assert len(ledger) == len({(e.user_id, e.reason, e.reference) for e in ledger})

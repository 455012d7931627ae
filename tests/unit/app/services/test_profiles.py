"""Profiles, referral codes, credits and roles, called on the profile service directly."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.app.services.auth import IssuedSession
from designcore.app.services.profiles import ProfileService
from designcore.domain.errors import Conflict, DesignCoreError, NotAllowed
from designcore.domain.premium import ANONYMOUS, Viewer
from designcore.domain.profiles import REFERRAL_REWARD


def viewer(session: IssuedSession) -> Viewer:
    return Viewer(user_id=session.user.id)


class TestProfile:
    def test_the_signed_in_user_reads_their_own(
        self, profiles: ProfileService, ada: IssuedSession
    ) -> None:
        """me answers the caller's profile and balance; anonymous callers must sign in."""
        me = profiles.me(viewer(ada))
        assert (ada.user.id, "ada@example.com", 0) == (me.profile.id, me.profile.email, me.credits)
        with pytest.raises(NotAllowed) as anonymous:
            profiles.me(ANONYMOUS)
        assert "sign_in_required" == anonymous.value.code

    def test_only_ones_own_referral_code(
        self,
        profiles: ProfileService,
        ada: IssuedSession,
        sign_up: Callable[..., IssuedSession],
    ) -> None:
        """The caller reads their own code; another user's is not_your_user_id."""
        kemi = sign_up("kemi@example.com")
        assert profiles.me(viewer(ada)).profile.referral_code == profiles.referral_code(
            viewer(ada), ada.user.id
        )
        with pytest.raises(NotAllowed) as other:
            profiles.referral_code(viewer(ada), kemi.user.id)
        assert "not_your_user_id" == other.value.code

    def test_referrals_newest_first(
        self,
        profiles: ProfileService,
        ada: IssuedSession,
        sign_up: Callable[..., IssuedSession],
        clock: FixedClock,
    ) -> None:
        """Each friend brought is one completed referral; the newest comes first."""
        code = profiles.me(viewer(ada)).profile.referral_code
        friends = []
        for n in range(3):
            clock.advance(timedelta(minutes=1))
            friends.append(sign_up(f"friend{n}@example.com", referral_code=code))
        referrals = profiles.referrals(viewer(ada))
        assert [f.user.id for f in reversed(friends)] == [r.referred_id for r in referrals]
        assert 3 * REFERRAL_REWARD == profiles.me(viewer(ada)).credits


class TestSpending:
    @pytest.fixture(name="rich")
    def fixture_rich(
        self, profiles: ProfileService, ada: IssuedSession, sign_up: Callable[..., IssuedSession]
    ) -> str:
        """Ada's user id, with two referrals' worth of credits."""
        code = profiles.me(viewer(ada)).profile.referral_code
        for n in range(2):
            sign_up(f"friend{n}@example.com", referral_code=code)
        return ada.user.id

    def test_a_spend_answers_the_new_balance(self, profiles: ProfileService, rich: str) -> None:
        """Spending takes credits off the ledger's balance."""
        assert 2 * REFERRAL_REWARD - 3 == profiles.spend(rich, 3, "export-1")

    def test_a_reference_is_spent_once(self, profiles: ProfileService, rich: str) -> None:
        """The same reference twice is a Conflict; the balance moved once."""
        profiles.spend(rich, 3, "export-1")
        with pytest.raises(Conflict):
            profiles.spend(rich, 3, "export-1")
        assert 2 * REFERRAL_REWARD - 3 == profiles.me(Viewer(user_id=rich)).credits

    @pytest.mark.parametrize(
        ("amount", "code"),
        [(2 * REFERRAL_REWARD + 1, "insufficient_credits"), (0, "validation_failed")],
    )
    def test_overdrafts_and_empty_spends_are_refused(
        self, profiles: ProfileService, rich: str, amount: int, code: str
    ) -> None:
        """More than the balance is insufficient_credits; nothing is validation_failed."""
        with pytest.raises(DesignCoreError) as refused:
            profiles.spend(rich, amount, "export-2")
        assert code == refused.value.code


class TestRoles:
    def test_operators_grant_admin_by_address(
        self, profiles: ProfileService, ada: IssuedSession
    ) -> None:
        """grant_admin finds the account by its address (any case); an unknown address is
        user_not_found."""
        assert "admin" == profiles.grant_admin(" ADA@example.com").user_role
        assert "admin" == profiles.me(viewer(ada)).profile.user_role
        with pytest.raises(DesignCoreError) as unknown:
            profiles.grant_admin("nobody@example.com")
        assert "user_not_found" == unknown.value.code

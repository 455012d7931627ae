"""Account rules: e-mail addresses, refresh-token rotation, metadata, referrals and credits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.accounts import (
    REFRESH_REUSE_INTERVAL,
    Aal,
    AuthSession,
    Factor,
    FactorStatus,
    RefreshDecision,
    RefreshToken,
    User,
    WeakPassword,
    check_not_banned,
    check_password,
    decide_refresh,
    merge_metadata,
    normalise_email,
    step_up_required,
    successor_of,
)
from designcore.domain.errors import NotAllowed, ValidationFailed
from designcore.domain.profiles import (
    REFERRAL_CODE_ALPHABET,
    CreditEntry,
    CreditReason,
    InsufficientCredits,
    balance,
    check_spend,
    normalise_referral_code,
    referral_allowed,
    referral_code_from,
)

T0 = datetime(2026, 11, 1, tzinfo=UTC)


def token(
    name: str,
    parent: str | None,
    *,
    revoked: bool = False,
    at: datetime = T0,
    salt: str | None = "salt",
) -> RefreshToken:
    return RefreshToken(
        token_hash=name,
        session_id="s",
        user_id="u",
        parent_hash=parent,
        revoked=revoked,
        created_at=at,
        salt=salt,
    )


class TestEmail:
    @pytest.mark.parametrize(
        ("raw", "expected"),
        [
            (" Ada@Example.COM ", "ada@example.com"),
            ("a.b+c@mail.com.ng", "a.b+c@mail.com.ng"),
        ],
    )
    def test_normalised(self, raw: str, expected: str) -> None:
        """Addresses are trimmed and lowercased."""
        assert expected == normalise_email(raw)

    @pytest.mark.parametrize(
        "raw", ["", "ada", "ada@", "@x.com", "a b@x.com", "a@x", "a@x.", "a" * 250 + "@x.com"]
    )
    def test_refused(self, raw: str) -> None:
        """Anything that is not an address is refused, naming the field."""
        with pytest.raises(ValidationFailed) as caught:
            normalise_email(raw)
        assert ["email"] == [issue.path for issue in caught.value.issues]


class TestRefreshDecision:
    def test_unused_token_rotates(self) -> None:
        """A token not used yet rotates, whether or not it is the newest."""
        assert RefreshDecision.ROTATE == decide_refresh(token("a", None), token("a", None), T0)
        assert RefreshDecision.ROTATE == decide_refresh(token("b", "a"), token("c", "a"), T0)

    def test_the_parent_of_the_active_token_within_the_window_is_answered_it(self) -> None:
        """A used token whose successor is the newest, issued within 10 s, is answered that
        successor again (it follows from the parent)."""
        used = token("a", None, revoked=True)
        newest = token("b", "a", at=T0)
        assert RefreshDecision.ANSWER_ACTIVE == decide_refresh(
            used, newest, T0 + REFRESH_REUSE_INTERVAL
        )

    def test_a_successor_drawn_at_random_is_not_handed_to_its_parent(self) -> None:
        """The token an MFA step-up drew (no salt) is never answered to the token before it:
        within the window that token is refused, without ending the session."""
        used = token("a", None, revoked=True)
        stepped_up = token("b", "a", at=T0, salt=None)
        assert RefreshDecision.REFUSE == decide_refresh(used, stepped_up, T0)

    @pytest.mark.parametrize(
        ("newest", "now"),
        [
            (token("b", "a", at=T0), T0 + REFRESH_REUSE_INTERVAL + timedelta(microseconds=1)),
            (token("c", "b", at=T0), T0),
        ],
        ids=["too-late", "older-than-the-newest-parent"],
    )
    def test_replays_revoke(self, newest: RefreshToken, now: datetime) -> None:
        """Too late, or not the parent of the newest token: a replay."""
        assert RefreshDecision.REVOKE_SESSION == decide_refresh(
            token("a", None, revoked=True), newest, now
        )


def factor(status: FactorStatus) -> Factor:
    return Factor(id="f", user_id="u", status=status, secret="S", created_at=T0, updated_at=T0)


def session(aal: Aal) -> AuthSession:
    return AuthSession(id="s", user_id="u", created_at=T0, updated_at=T0, aal=aal)


class TestStepUp:
    @pytest.mark.parametrize(
        ("aal", "statuses", "required"),
        [
            ("aal1", (), False),
            ("aal1", (FactorStatus.UNVERIFIED,), False),
            ("aal1", (FactorStatus.UNVERIFIED, FactorStatus.VERIFIED), True),
            ("aal2", (FactorStatus.VERIFIED,), False),
        ],
    )
    def test_aal1_sessions_of_users_with_a_verified_factor_must_step_up(
        self, aal: Aal, statuses: tuple[FactorStatus, ...], required: bool
    ) -> None:
        """Only a verified factor raises the bar, and only an aal2 session clears it."""
        assert required == step_up_required(session(aal), [factor(s) for s in statuses])

    def test_a_missing_session_never_clears_the_bar(self) -> None:
        """Without a session the verified factor cannot have been used."""
        assert step_up_required(None, [factor(FactorStatus.VERIFIED)])


class TestSuccessor:
    @given(st.text(min_size=1, max_size=64), st.text(min_size=1, max_size=32))
    def test_the_successor_is_fixed_by_parent_and_salt(self, parent: str, salt: str) -> None:
        """The same parent and salt always give the same 43-character URL-safe token, and it
        is never the parent itself."""
        successor = successor_of(parent, salt)
        assert successor == successor_of(parent, salt)
        assert 43 == len(successor)
        assert successor != parent
        assert set(successor) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        )

    def test_another_salt_or_parent_gives_another_successor(self) -> None:
        """Knowing a parent without its salt (or the salt without the parent) gives nothing."""
        assert 3 == len({successor_of("p", "s"), successor_of("p", "t"), successor_of("q", "s")})


class TestBans:
    @pytest.mark.parametrize(
        ("banned_until", "refused"),
        [(None, False), (T0 - timedelta(seconds=1), False), (T0, False), (T0 + timedelta(1), True)],
        ids=["never", "ended", "ends-now", "running"],
    )
    def test_a_running_ban_refuses(self, banned_until: datetime | None, refused: bool) -> None:
        """Only a ban that ends after now refuses, with user_banned."""
        user = User(id="u", email="a@b.ng", created_at=T0, updated_at=T0, banned_until=banned_until)
        if refused:
            with pytest.raises(NotAllowed) as banned:
                check_not_banned(user, T0)
            assert "user_banned" == banned.value.code
        else:
            check_not_banned(user, T0)


class TestPasswordPolicy:
    def test_a_weak_password_carries_gotrues_reasons(self) -> None:
        """A short, common password is weak_password with the reasons in GoTrue's order and
        one message for a person."""
        with pytest.raises(WeakPassword) as weak:
            check_password("abc", is_common=lambda _: True)
        assert ("weak_password", ("length", "pwned")) == (weak.value.code, weak.value.reasons)
        assert "Password should be between" in weak.value.message

    def test_a_good_password_passes(self) -> None:
        """A long, uncommon password raises nothing."""
        check_password("kolanut-42-Lagos", is_common=lambda _: False)


class TestMetadata:
    def test_merge_replaces_and_removes(self) -> None:
        """Keys are replaced one by one; None removes a key; others stay."""
        assert {"a": 1, "c": 3} == merge_metadata({"a": 0, "b": 2}, {"a": 1, "b": None, "c": 3})


class TestReferralCodes:
    @given(st.binary(min_size=8, max_size=32))
    def test_codes_are_well_formed(self, random_bytes: bytes) -> None:
        """Every drawn code uses the alphabet, has 8 characters and reads back as itself."""
        code = referral_code_from(random_bytes)
        assert 8 == len(code)
        assert set(code) <= set(REFERRAL_CODE_ALPHABET)
        assert code == normalise_referral_code(f"  {code.lower()} ")

    @pytest.mark.parametrize("raw", [None, 5, "", "ABC", "ABCDEFG0", "ABCDEFGHI", "ABCD EFG"])
    def test_malformed_codes_are_none(self, raw: object) -> None:
        """Wrong types, lengths and letters outside the alphabet are no code."""
        assert normalise_referral_code(raw) is None

    def test_self_and_unknown_referrals_do_not_count(self) -> None:
        """Only a known referrer other than the new user counts."""
        assert referral_allowed(referrer_id="r", new_user_id="n")
        assert not referral_allowed(referrer_id=None, new_user_id="n")
        assert not referral_allowed(referrer_id="n", new_user_id="n")


class TestCredits:
    @given(st.lists(st.integers(-50, 50).filter(bool), max_size=20))
    def test_balance_is_the_sum_of_the_ledger(self, deltas: list[int]) -> None:
        """The balance is the sum of the lines, in any order."""
        entries = [
            CreditEntry(
                id=str(i),
                user_id="u",
                delta=d,
                reason=CreditReason.ADJUSTMENT,
                reference=str(i),
                created_at=T0,
            )
            for i, d in enumerate(deltas)
        ]
        assert sum(deltas) == balance(entries) == balance(reversed(entries))

    @given(current=st.integers(0, 100), amount=st.integers(-5, 120))
    def test_spends_never_overdraw(self, current: int, amount: int) -> None:
        """A spend is allowed exactly when it is positive and at most the balance."""
        if 0 < amount <= current:
            check_spend(current, amount)
        elif amount <= 0:
            with pytest.raises(ValidationFailed):
                check_spend(current, amount)
        else:
            with pytest.raises(InsufficientCredits):
                check_spend(current, amount)

    def test_zero_lines_are_refused(self) -> None:
        """A ledger line must move credits."""
        with pytest.raises(ValidationFailed):
            CreditEntry(
                id="1",
                user_id="u",
                delta=0,
                reason=CreditReason.SPEND,
                reference="r",
                created_at=T0,
            )

"""Payments: money, the plan, references, the upgrade request, the verification rule and the
subscription's life."""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.payments import (
    GRACE_PERIOD,
    RECONCILE_AFTER,
    AmountMismatch,
    InvalidAmount,
    Money,
    Outcome,
    Payment,
    PaymentStanding,
    PaymentStatus,
    ProviderTransaction,
    Rejection,
    Subscription,
    SubscriptionState,
    Verdict,
    add_months,
    check_upgrade_request,
    is_reference,
    judge,
    new_reference,
    premium_plan,
    profile_status,
    renew,
    standing,
    state_at,
)
from designcore.testing import strategies as dst

PLAN = premium_plan("PLN_x")
LAGOS = timezone(timedelta(hours=1))
NOW = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
REFERENCE = "txn-1793000000000-abcd1234"
LEGACY_REFERENCE = "txn_1793000000000_abcd1234"
RANDOM_PART = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=4, max_size=32)
ZONES = st.sampled_from([UTC, LAGOS])
ANY_MOMENT = st.datetimes(
    min_value=datetime(2001, 1, 1), max_value=datetime(2200, 1, 1), timezones=ZONES
)
MONTH_END = st.builds(
    lambda moment, day: moment.replace(
        day=min(day, calendar.monthrange(moment.year, moment.month)[1])
    ),
    ANY_MOMENT,
    st.integers(min_value=28, max_value=31),
)
MOMENTS = ANY_MOMENT | MONTH_END
"""Any moment, half of them at the end of a month (where calendar arithmetic goes wrong)."""
REFERENCES = dst.references() | st.builds(new_reference, ANY_MOMENT, RANDOM_PART)


def paths(error: ValidationFailed) -> set[str]:
    return {issue.path for issue in error.issues}


class TestMoney:
    @given(st.integers(min_value=0), st.from_regex(r"[A-Z]{3}", fullmatch=True))
    def test_whole_non_negative_minor_units(self, minor: int, currency: str) -> None:
        """Any whole, non-negative number of minor units in a three-letter code is money."""
        money = Money(minor, currency)
        assert (minor, currency) == (money.minor, money.currency)

    @given(dst.naira())
    def test_major_units_for_people(self, money: Money) -> None:
        """The major amount reads back as the minor one: ``1,500.00`` is 150,000 kobo."""
        assert money.minor == int(money.major.replace(",", "").replace(".", ""))

    @given(st.integers(max_value=-1))
    def test_negative_amounts_are_refused(self, minor: int) -> None:
        """A negative amount is InvalidAmount on the amount."""
        with pytest.raises(InvalidAmount) as raised:
            Money(minor)
        assert {"amount"} == paths(raised.value)

    @given(st.floats(allow_nan=True, allow_infinity=True) | st.booleans() | st.text() | st.none())
    def test_floats_bools_and_others_are_refused(self, minor: Any) -> None:
        """Floats (even whole ones), booleans, strings and None are never an amount."""
        with pytest.raises(InvalidAmount) as raised:
            Money(minor)
        assert {"amount"} == paths(raised.value)

    @pytest.mark.parametrize("currency", ["ngn", "Ngn", "usD"])
    def test_lower_case_codes_are_refused_saying_upper_case(self, currency: str) -> None:
        """``Money(100, "ngn")`` says the code must be upper case and shows the fix."""
        with pytest.raises(InvalidAmount) as raised:
            Money(100, currency)
        (issue,) = raised.value.issues
        assert "currency" == issue.path
        assert "in upper case" in issue.message
        assert repr(currency.upper()) in issue.message

    def test_negative_is_a_range_issue_and_a_float_a_type_issue(self) -> None:
        """A negative amount is told it must be 0 or more; a float that it must be an int."""
        with pytest.raises(InvalidAmount) as negative:
            Money(-5)
        with pytest.raises(InvalidAmount) as fraction:
            Money(12.5)  # type: ignore[arg-type]
        assert "must be 0 or more minor units (kobo); got -5" == negative.value.issues[0].message
        assert "an int; got float 12.5" in fraction.value.issues[0].message

    @given(st.text() | st.from_regex(r"[A-Z]{3}", fullmatch=True).map(lambda c: c + "\n"))
    def test_currencies_are_three_capital_letters(self, currency: str) -> None:
        """Anything but exactly three capital letters is refused as the currency."""
        assume(re.fullmatch(r"[A-Z]{3}", currency) is None)
        with pytest.raises(InvalidAmount) as raised:
            Money(100, currency)
        assert {"currency"} == paths(raised.value)

    @pytest.mark.parametrize("currency", ["NGN\n", "ngn", "NG", "NGNN", " NGN", 566, None])
    def test_near_misses(self, currency: Any) -> None:
        """A trailing newline, lower case, wrong lengths and non-strings are refused."""
        with pytest.raises(InvalidAmount):
            Money(100, currency)

    def test_both_issues_at_once(self) -> None:
        """A bad amount and a bad currency are reported together."""
        with pytest.raises(InvalidAmount) as raised:
            Money(1.5, "naira")  # type: ignore[arg-type]
        assert {"amount", "currency"} == paths(raised.value)

    def test_major_unit_for_people(self) -> None:
        """150000 kobo read as 1,500.00 naira; 5 kobo as 0.05."""
        assert ("1,500.00", "0.05") == (Money(150_000).major, Money(5).major)


class TestPlan:
    def test_premium(self) -> None:
        """Premium: 1,500 naira a month in kobo, six features, the configured plan code."""
        assert ("premium", "Premium Plan", 1500) == (PLAN.id, PLAN.name, PLAN.amount)
        assert Money(150_000, "NGN") == PLAN.price
        assert ("PLN_x", 6) == (PLAN.plan_code, len(PLAN.features))
        assert None is premium_plan("").plan_code

    def test_constants(self) -> None:
        """Grace lasts three days; the reconciler waits ten minutes."""
        assert (timedelta(days=3), timedelta(minutes=10)) == (GRACE_PERIOD, RECONCILE_AFTER)


class TestReferences:
    @given(MOMENTS, RANDOM_PART)
    def test_round_trip_and_shape(self, now: datetime, random_part: str) -> None:
        """A new reference is ``txn-{milliseconds since the epoch}-{random}`` and is
        recognised as one."""
        reference = new_reference(now, random_part)
        match = re.fullmatch(r"txn-(\d+)-([a-z0-9]+)", reference)
        assert match is not None
        epoch = datetime(1970, 1, 1, tzinfo=UTC)
        assert (now - epoch) // timedelta(milliseconds=1) == int(match.group(1))
        assert random_part == match.group(2)
        assert is_reference(reference)

    @given(REFERENCES)
    def test_new_references_use_only_paystacks_alphabet(self, reference: str) -> None:
        """Paystack documents letters, digits, ``-``, ``.`` and ``=`` in a reference (at most
        100 characters): every new reference is made of those alone."""
        assert re.fullmatch(r"[A-Za-z0-9.=-]{1,100}", reference, flags=re.ASCII) is not None

    @pytest.mark.parametrize("random_part", ["abc", "ABCD", "ab_cd", "ab-cd", "a" * 33, "abcd\n"])
    def test_bad_random_parts_are_refused(self, random_part: str) -> None:
        """A random part that is short, long, upper-case or has other characters is refused."""
        with pytest.raises(ValueError):
            new_reference(NOW, random_part)

    def test_references_made_before_the_separator_changed_are_still_ours(self) -> None:
        """``txn_{milliseconds}_{random}`` (payments created before references used ``-``)
        is still recognised, so those payments can be verified."""
        assert is_reference(LEGACY_REFERENCE)

    @pytest.mark.parametrize(
        "value",
        [
            None,
            1793000000000,
            "",
            "txn-1793000000000-abcd1234\n",
            "TXN-1793000000000-abcd1234",
            "txn-179300000-abcd",
            "txn-1793000000000-ab",
            "txn-1793000000000-abcd; drop table payments",
            "xtxn-1793000000000-abcd",
            "txn-1793000000000_abcd",
            "txn_1793000000000-abcd",
        ],
    )
    def test_other_values_are_not_references(self, value: object) -> None:
        """Non-strings, other shapes, mixed separators and a trailing newline are not
        references."""
        assert not is_reference(value)

    @given(
        st.text()
        | st.integers()
        | st.none()
        | REFERENCES
        | st.builds(lambda r, t: r + t, REFERENCES, st.sampled_from(["\n", " ", "_", "A"]))
    )
    def test_is_reference_matches_the_shape_exactly(self, value: object) -> None:
        """is_reference is exactly the documented shapes, for any value."""
        expected = isinstance(value, str) and (
            re.fullmatch(r"txn-\d{10,16}-[a-z0-9]{4,32}", value, flags=re.ASCII) is not None
            or re.fullmatch(r"txn_\d{10,16}_[a-z0-9]{4,32}", value, flags=re.ASCII) is not None
        )
        assert expected == is_reference(value)


class TestUpgradeRequest:
    def test_the_plan_price_is_accepted(self) -> None:
        """Exactly 150000 kobo in NGN is accepted."""
        check_upgrade_request(150_000, "NGN", PLAN)

    @pytest.mark.parametrize(
        ("amount", "currency", "field"),
        [
            (100, "NGN", "amount"),
            (1500, "NGN", "amount"),
            ("150000", "NGN", "amount"),
            (150000.0, "NGN", "amount"),
            (True, "NGN", "amount"),
            (None, "NGN", "amount"),
            (150_000, "USD", "currency"),
            (150_000, "ngn", "currency"),
            (150_000, None, "currency"),
        ],
    )
    def test_anything_else_is_refused(self, amount: object, currency: object, field: str) -> None:
        """Another amount, a string, a float, a boolean, a missing amount or another currency
        is AmountMismatch naming the field."""
        with pytest.raises(AmountMismatch) as raised:
            check_upgrade_request(amount, currency, PLAN)
        assert {field} == paths(raised.value)
        assert "amount_mismatch" == raised.value.code

    @given(st.integers())
    def test_only_the_price_passes(self, amount: int) -> None:
        """For any integer amount the request passes exactly when it is the price."""
        try:
            check_upgrade_request(amount, "NGN", PLAN)
        except AmountMismatch:
            assert amount != PLAN.price.minor
        else:
            assert amount == PLAN.price.minor


def make_payment(**overrides: Any) -> Payment:
    fields: dict[str, Any] = {
        "reference": REFERENCE,
        "user_id": "u1",
        "email": "ada@example.com",
        "plan_id": "premium",
        "price": PLAN.price,
        "created_at": NOW,
        "updated_at": NOW,
    }
    fields.update(overrides)
    return Payment(**fields)


def answer(**overrides: Any) -> ProviderTransaction:
    fields: dict[str, Any] = {
        "reference": REFERENCE,
        "status": "success",
        "amount_minor": 150_000,
        "currency": "NGN",
        "customer_email": "ada@example.com",
        "gateway_response": "Approved",
    }
    fields.update(overrides)
    return ProviderTransaction(**fields)


PAYMENT_STATUSES = st.sampled_from(list(PaymentStatus))
PROVIDER_STATUSES = st.sampled_from(
    ["success", "failed", "abandoned", "reversed", "pending", "ongoing", "queued"]
)
SPELLED_STATUSES = PROVIDER_STATUSES.flatmap(
    lambda status: st.sampled_from([status, status.upper(), f" {status.title()}\n"])
)
"""Provider statuses in any case and spacing."""


class TestJudge:
    def test_a_matching_success_activates(self) -> None:
        """Success with the amount, currency, customer and reference created: activate."""
        assert Verdict(Outcome.ACTIVATE) == judge(make_payment(), answer())

    def test_customer_and_currency_ignore_case_and_spaces(self) -> None:
        """The customer e-mail and currency match whatever their case; the status too."""
        verdict = judge(
            make_payment(email="Ada@Example.com"),
            answer(customer_email=" ADA@example.COM ", currency="ngn", status=" Success"),
        )
        assert Verdict(Outcome.ACTIVATE) == verdict

    @pytest.mark.parametrize(
        ("changes", "reason"),
        [
            ({"amount_minor": 100}, Rejection.AMOUNT_MISMATCH),
            ({"amount_minor": 150_001}, Rejection.AMOUNT_MISMATCH),
            ({"currency": "USD"}, Rejection.CURRENCY_MISMATCH),
            ({"customer_email": "eve@example.com"}, Rejection.CUSTOMER_MISMATCH),
            ({"reference": "txn-1793000000000-other"}, Rejection.REFERENCE_MISMATCH),
        ],
    )
    def test_a_mismatching_success_is_rejected(
        self, changes: dict[str, Any], reason: Rejection
    ) -> None:
        """Paid, but not what we created: rejected with the reason."""
        assert Verdict(Outcome.REJECT, reason.value) == judge(make_payment(), answer(**changes))

    @pytest.mark.parametrize("status", ["failed", "reversed", "FAILED"])
    def test_final_failures_fail(self, status: str) -> None:
        """Failed and reversed fail the payment, with the provider's words."""
        verdict = judge(make_payment(), answer(status=status, gateway_response="Declined"))
        assert Verdict(Outcome.FAIL, "Declined") == verdict
        assert Verdict(Outcome.FAIL, "failed") == judge(
            make_payment(), answer(status="failed", gateway_response=None)
        )

    @pytest.mark.parametrize("status", ["abandoned", "pending", "ongoing", "queued", "processing"])
    def test_no_final_answer_stays_pending(self, status: str) -> None:
        """Abandoned (Paystack's word for "not paid yet"), pending, ongoing, queued and anything
        unknown leave the payment pending."""
        assert Verdict(Outcome.STILL_PENDING) == judge(make_payment(), answer(status=status))

    @given(PROVIDER_STATUSES, st.integers(min_value=0), st.sampled_from(["NGN", "USD"]))
    def test_succeeded_is_already_done_whatever_the_answer(
        self, status: str, amount: int, currency: str
    ) -> None:
        """A payment that succeeded never activates again, whatever the provider says."""
        payment = make_payment(status=PaymentStatus.SUCCEEDED)
        verdict = judge(payment, answer(status=status, amount_minor=amount, currency=currency))
        assert Verdict(Outcome.ALREADY_DONE) == verdict

    @pytest.mark.parametrize("stored", [PaymentStatus.FAILED, PaymentStatus.REJECTED])
    @pytest.mark.parametrize("status", ["pending", "failed", " queued"])
    def test_a_finished_failure_stays_failed(self, stored: PaymentStatus, status: str) -> None:
        """A failed or rejected payment without a success answer keeps its stored reason."""
        payment = make_payment(status=stored, failure="Declined")
        assert Verdict(Outcome.FAIL, "Declined") == judge(payment, answer(status=status))

    def test_a_stored_failure_is_judged_again_on_success(self) -> None:
        """A success answer (in any case or spacing) is judged on its merits even for a
        payment stored as failed."""
        payment = make_payment(status=PaymentStatus.FAILED, failure="timeout")
        assert Verdict(Outcome.ACTIVATE) == judge(payment, answer(status="SUCCESS "))
        assert Outcome.REJECT is judge(payment, answer(status="success", amount_minor=1)).outcome

    @given(
        PAYMENT_STATUSES,
        SPELLED_STATUSES,
        st.sampled_from([150_000, 100, 15_000_000]),
        st.sampled_from(["NGN", "ngn", "USD"]),
        st.sampled_from(["ada@example.com", "ADA@EXAMPLE.COM", "eve@example.com"]),
        st.sampled_from([REFERENCE, "txn-1793000000000-zzzz"]),
    )
    def test_activation_rule_as_property(
        self,
        stored: PaymentStatus,
        spelled: str,
        amount: int,
        currency: str,
        email: str,
        reference: str,
    ) -> None:
        """Activate exactly when the provider says success (in any case or spacing), amount,
        currency, customer and reference match, and the payment has not succeeded before."""
        verdict = judge(
            make_payment(status=stored),
            answer(
                status=spelled,
                amount_minor=amount,
                currency=currency,
                customer_email=email,
                reference=reference,
            ),
        )
        status = spelled.strip().lower()
        expected = (
            stored is not PaymentStatus.SUCCEEDED
            and status == "success"
            and amount == 150_000
            and currency.upper() == "NGN"
            and email.lower() == "ada@example.com"
            and reference == REFERENCE
        )
        assert expected == (Outcome.ACTIVATE is verdict.outcome)
        if stored is PaymentStatus.SUCCEEDED:
            assert Outcome.ALREADY_DONE is verdict.outcome
        elif status in ("failed", "reversed"):
            assert Outcome.FAIL is verdict.outcome
        elif status != "success":
            pending = Outcome.STILL_PENDING if stored is PaymentStatus.PENDING else Outcome.FAIL
            assert pending is verdict.outcome


class TestStanding:
    def test_a_cancelled_payment_reads_abandoned_not_pending(self) -> None:
        """A pending payment the provider last called abandoned (the customer cancelled) is
        abandoned in the history."""
        payment = make_payment(provider_status="abandoned")
        assert PaymentStanding.ABANDONED is standing(payment)

    def test_a_payment_given_up_reads_abandoned(self) -> None:
        """A payment the reconciler failed as abandoned reads abandoned, not failed."""
        payment = make_payment(status=PaymentStatus.FAILED, failure="abandoned")
        assert PaymentStanding.ABANDONED is standing(payment)

    @pytest.mark.parametrize(
        ("status", "provider_status", "expected"),
        [
            (PaymentStatus.PENDING, None, PaymentStanding.PENDING),
            (PaymentStatus.PENDING, "ongoing", PaymentStanding.PENDING),
            (PaymentStatus.SUCCEEDED, "success", PaymentStanding.SUCCEEDED),
            (PaymentStatus.FAILED, "failed", PaymentStanding.FAILED),
            (PaymentStatus.REJECTED, "success", PaymentStanding.REJECTED),
        ],
    )
    def test_other_payments_read_as_their_status(
        self, status: PaymentStatus, provider_status: str | None, expected: PaymentStanding
    ) -> None:
        """Payments that were not abandoned read as their own status."""
        payment = make_payment(status=status, provider_status=provider_status, failure=None)
        assert expected is standing(payment)


def subscription(start: datetime, end: datetime, **overrides: Any) -> Subscription:
    fields: dict[str, Any] = {
        "user_id": "u1",
        "plan_id": "premium",
        "current_period_start": start,
        "current_period_end": end,
        "last_reference": REFERENCE,
        "created_at": start,
        "updated_at": start,
    }
    fields.update(overrides)
    return Subscription(**fields)


def renewed(current: Subscription | None, now: datetime, reference: str = "r2") -> Subscription:
    return renew(current, user_id="u1", plan=PLAN, reference=reference, now=now)


def utc(year: int, month: int, day: int, hour: int = 12) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


class TestAddMonths:
    @pytest.mark.parametrize(
        ("moment", "months", "expected"),
        [
            (utc(2026, 1, 31), 1, utc(2026, 2, 28)),
            (utc(2028, 1, 31), 1, utc(2028, 2, 29)),
            (utc(2026, 3, 31), 1, utc(2026, 4, 30)),
            (utc(2026, 12, 15), 1, utc(2027, 1, 15)),
            (utc(2026, 1, 31), 13, utc(2027, 2, 28)),
            (utc(2026, 3, 31), -1, utc(2026, 2, 28)),
        ],
    )
    def test_examples(self, moment: datetime, months: int, expected: datetime) -> None:
        """The same day and time months later; a missing day becomes the month's last."""
        assert expected == add_months(moment, months)

    @given(MOMENTS, st.integers(min_value=-24, max_value=120))
    def test_calendar_months_later(self, moment: datetime, months: int) -> None:
        """The month moves by exactly ``months``, the day is clamped, the time is kept."""
        later = add_months(moment, months)
        assert moment.year * 12 + moment.month + months == later.year * 12 + later.month
        assert min(moment.day, calendar.monthrange(later.year, later.month)[1]) == later.day
        assert (moment.timetz(), moment.tzinfo) == (later.timetz(), later.tzinfo)


class TestRenew:
    def test_a_first_payment_starts_a_month_now(self) -> None:
        """Without a subscription, one month from now, created now."""
        first = renewed(None, NOW, REFERENCE)
        assert (NOW, add_months(NOW, 1), REFERENCE) == (
            first.current_period_start,
            first.current_period_end,
            first.last_reference,
        )
        assert (NOW, NOW, None, "premium") == (
            first.created_at,
            first.updated_at,
            first.expired_at,
            first.plan_id,
        )

    def test_paying_early_extends_from_the_period_end(self) -> None:
        """A renewal before the end adds a month to the end: nothing paid for is lost."""
        current = subscription(utc(2026, 11, 1), utc(2026, 12, 1))
        later = renewed(current, utc(2026, 11, 20))
        assert (utc(2026, 12, 1), utc(2027, 1, 1)) == (
            later.current_period_start,
            later.current_period_end,
        )
        assert ("r2", utc(2026, 11, 20), current.created_at) == (
            later.last_reference,
            later.updated_at,
            later.created_at,
        )

    def test_paying_late_starts_from_now(self) -> None:
        """A renewal after the end (in grace or expired) runs a month from now and clears the
        applied expiry."""
        current = subscription(utc(2026, 10, 1), utc(2026, 11, 1), expired_at=utc(2026, 11, 5))
        later = renewed(current, utc(2026, 11, 10))
        assert (utc(2026, 11, 10), utc(2026, 12, 10), None) == (
            later.current_period_start,
            later.current_period_end,
            later.expired_at,
        )

    def test_month_ends_do_not_drift(self) -> None:
        """From 31 January, on-time renewals end 28 February, 31 March, 30 April, 31 May."""
        current = renewed(None, utc(2026, 1, 31))
        ends = [current.current_period_end]
        for _ in range(3):
            current = renewed(current, current.current_period_end - timedelta(days=1))
            ends.append(current.current_period_end)
        assert [utc(2026, 2, 28), utc(2026, 3, 31), utc(2026, 4, 30), utc(2026, 5, 31)] == ends

    @given(MOMENTS, st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=30))
    def test_on_time_renewals_end_n_months_after_the_start(
        self, start: datetime, fractions: list[float]
    ) -> None:
        """Renewing n times, each payment at or before the period's end, ends the paid time
        exactly n months after the first payment (n + 1 counting the first)."""
        current = renewed(None, start)
        now = start
        for fraction in fractions:
            now = now + (current.current_period_end - now) * fraction
            assert now <= current.current_period_end
            current = renewed(current, now)
        assert add_months(start, len(fractions) + 1) == current.current_period_end

    @given(MOMENTS, st.integers(min_value=-90 * 86400, max_value=90 * 86400))
    def test_renewals_never_backdate(self, period_end: datetime, offset: int) -> None:
        """Whenever one pays, the new period starts at the later of now and the old end, ends
        a calendar month or so later, and never before the old end."""
        current = subscription(add_months(period_end, -1), period_end)
        now = period_end + timedelta(seconds=offset)
        later = renewed(current, now)
        assert max(now, period_end) == later.current_period_start
        assert later.current_period_start >= now
        assert later.current_period_end > later.current_period_start
        assert timedelta(days=28) <= later.current_period_end - later.current_period_start
        assert later.current_period_end - later.current_period_start <= timedelta(days=31)


class TestStateAt:
    END = utc(2026, 12, 1)
    CURRENT = subscription(utc(2026, 11, 1), END)

    @pytest.mark.parametrize(
        ("now", "state"),
        [
            (utc(2026, 11, 1), SubscriptionState.ACTIVE),
            (END - timedelta(microseconds=1), SubscriptionState.ACTIVE),
            (END, SubscriptionState.GRACE),
            (END + GRACE_PERIOD - timedelta(microseconds=1), SubscriptionState.GRACE),
            (END + GRACE_PERIOD, SubscriptionState.EXPIRED),
            (END + timedelta(days=400), SubscriptionState.EXPIRED),
        ],
    )
    def test_boundaries(self, now: datetime, state: SubscriptionState) -> None:
        """Active before the end, in grace for exactly three days from it, expired after."""
        assert state is state_at(self.CURRENT, now)

    def test_without_a_subscription(self) -> None:
        """No subscription: pending while a payment is pending, else none."""
        assert SubscriptionState.NONE is state_at(None, NOW)
        assert SubscriptionState.PENDING_PAYMENT is state_at(None, NOW, pending_payment=True)

    def test_a_pending_payment_does_not_change_a_subscription(self) -> None:
        """With a subscription, a pending payment does not change its state."""
        assert SubscriptionState.EXPIRED is state_at(
            self.CURRENT, self.END + timedelta(days=5), pending_payment=True
        )


class TestProfileStatus:
    @pytest.mark.parametrize(
        ("state", "expected"),
        [
            (SubscriptionState.ACTIVE, ("active", "premium")),
            (SubscriptionState.GRACE, ("active", "premium")),
            (SubscriptionState.EXPIRED, ("expired", "premium")),
            (SubscriptionState.NONE, (None, None)),
            (SubscriptionState.PENDING_PAYMENT, (None, None)),
        ],
    )
    def test_mapping(self, state: SubscriptionState, expected: tuple[str | None, str]) -> None:
        """Premium while active or in grace, expired after, untouched otherwise."""
        assert expected == profile_status(state)


def test_payments_are_frozen() -> None:
    """Payments change only through evolve."""
    payment = make_payment()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        payment.status = PaymentStatus.FAILED  # type: ignore[misc]

"""designcore.testing.strategies draws what the domain accepts, and the documented invalid
values are refused with the issue the strategy names."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

from designcore.client.convert import (
    factor_from_json,
    factor_to_json,
    identity_from_json,
    identity_to_json,
    session_from_json,
    session_to_json,
    user_from_json,
    user_to_json,
)
from designcore.domain.auth_session import (
    TRANSITIONS,
    AssuranceLevel,
    IllegalTransition,
    Session,
    SessionState,
    assurance_level,
    legal_moves,
    token_claims,
    transition,
)
from designcore.domain.checkout import (
    InvalidTransactionParameters,
    ParamIssue,
    prepare_transaction,
    validate,
)
from designcore.domain.document import ELEMENT_TYPES, GroupElement, parse_document
from designcore.domain.exports import ExportOptions
from designcore.domain.payments import Money, Plan, is_reference
from designcore.domain.profiles import (
    CreditEntry,
    CreditReason,
    Profile,
    balance,
    check_spend,
    normalise_referral_code,
)
from designcore.domain.rendering import RenderFormat
from designcore.domain.signing_keys import check_rotation_settings, plan_rotation
from designcore.domain.templates import Template, TemplateSummary
from designcore.testing import strategies as dst

LANGUAGE_MARKS = {"yoruba": "ẹọṣ", "igbo": "ụị", "hausa": "ɓɗƙƴ", "naira": "₦"}


def some(strategy: st.SearchStrategy[Any], condition: Any) -> Any:
    """An example satisfying ``condition``, not shrunk (fails when the strategy never draws
    one in 1,000 tries)."""
    return find(
        strategy,
        condition,
        settings=settings(max_examples=1000, database=None, phases=[Phase.generate]),
    )


class TestText:
    @pytest.mark.parametrize("language", sorted(LANGUAGE_MARKS))
    def test_every_language_is_drawn(self, language: str) -> None:
        """Yoruba, Igbo and Hausa letters and the naira sign all appear."""
        marks = LANGUAGE_MARKS[language]
        assert some(dst.texts(), lambda text: any(mark in text.lower() for mark in marks))

    @given(dst.texts(min_size=2, max_size=9))
    def test_sizes_are_kept(self, text: str) -> None:
        assert 2 <= len(text) <= 9


class TestTemplates:
    @given(dst.templates())
    def test_templates_are_valid_and_dated_in_order(self, template: Template) -> None:
        """Templates build (the validators pass), their documents parse, and they never
        change before they were made."""
        assert template.updated_at >= template.created_at
        assert template.created_at.tzinfo is not None
        if template.polotno_json is not None:
            parse_document(template.polotno_json)

    @given(dst.templates(premium=True, with_document=True))
    def test_options_fix_premium_and_document(self, template: Template) -> None:
        assert template.is_premium
        assert template.has_document

    @given(dst.templates(premium=False, with_document=False))
    def test_free_without_document(self, template: Template) -> None:
        assert not template.is_premium
        assert not template.has_document

    @given(dst.template_summaries())
    def test_summaries_are_light(self, summary: TemplateSummary) -> None:
        assert type(summary) is TemplateSummary


class TestDocuments:
    @given(dst.documents())
    def test_documents_parse_and_round_trip(self, raw: dict[str, Any]) -> None:
        """The model accepts every document drawn, and reading its own JSON gives it back."""
        document = parse_document(raw)
        assert document == parse_document(document.to_json())
        assert len(raw["pages"]) == len(document.pages)

    @pytest.mark.parametrize("kind", sorted(ELEMENT_TYPES))
    def test_every_element_type_is_drawn(self, kind: str) -> None:
        element = some(dst.elements(), lambda e: e["type"] == kind)
        assert (
            kind
            == parse_document(
                {"width": 10, "height": 10, "pages": [{"id": "p", "children": [element]}]}
            )
            .pages[0]
            .children[0]
            .type
        )

    def test_groups_hold_elements(self) -> None:
        raw = some(
            dst.documents(),
            lambda d: any(
                e["type"] == "group" and e["children"] for p in d["pages"] for e in p["children"]
            ),
        )
        groups = [
            e for p in parse_document(raw).pages for e in p.children if isinstance(e, GroupElement)
        ]
        assert any(group.children for group in groups)

    @given(dst.documents())
    def test_ids_are_unique(self, raw: dict[str, Any]) -> None:
        def ids(children: list[dict[str, Any]]) -> list[str]:
            found = []
            for child in children:
                found.append(child["id"])
                found += ids(child.get("children", []))
            return found

        every = [page["id"] for page in raw["pages"]] + [
            ident for page in raw["pages"] for ident in ids(page["children"])
        ]
        assert [] == [ident for ident, n in Counter(every).items() if n > 1]


class TestMoney:
    @given(dst.naira())
    def test_naira(self, amount: Money) -> None:
        assert "NGN" == amount.currency
        assert amount.major.endswith(f".{amount.minor % 100:02d}")

    @given(dst.money())
    def test_any_currency(self, amount: Money) -> None:
        assert amount == Money(amount.minor, amount.currency)

    @given(dst.plans())
    def test_plans(self, plan: Plan) -> None:
        assert (1500, "NGN") == (plan.amount, plan.price.currency)

    @given(dst.references())
    def test_references(self, reference: str) -> None:
        assert is_reference(reference)


class TestCheckout:
    @given(dst.transaction_parameters())
    def test_valid_parameters_are_prepared(self, params: dict[str, Any]) -> None:
        prepared = prepare_transaction(params, page_url="https://shop.example/pay")
        assert prepared.access_code is None
        assert params["amount"] == prepared.body["amount"]

    @given(dst.transaction_parameters_with_issue())
    def test_each_issue_is_reported(self, case: tuple[Any, ParamIssue]) -> None:
        """prepare_transaction refuses the parameters and reports the issue drawn."""
        params, expected = case
        with pytest.raises(InvalidTransactionParameters):
            prepare_transaction(params, page_url="https://shop.example/pay")
        reported = [(issue.path, issue.message) for issue in validate(params)]
        assert (expected.path, expected.message) in reported

    @pytest.mark.parametrize(
        "pattern",
        [
            r"Transaction parameters",
            r"Required",
            r"Invalid parameter type: \w+$",
            r"Invalid parameter type: channels\[\d\]",
            r"Invalid parameter type: on",
        ],
    )
    def test_every_rule_is_drawn(self, pattern: str) -> None:
        assert some(
            dst.transaction_parameters_with_issue(), lambda c: re.match(pattern, c[1].message)
        )


class TestProfilesAndCredits:
    @given(dst.profiles())
    def test_profiles(self, profile: Profile) -> None:
        assert profile.referral_code == normalise_referral_code(profile.referral_code)
        assert profile.viewer().user_id == profile.id

    @given(dst.credit_ledgers(user_id="u1"))
    def test_ledgers_never_go_below_zero(self, ledger: list[CreditEntry]) -> None:
        """Each running balance is non-negative; references are unique per reason; the
        lines are in time order and all the user's."""
        running = 0
        for entry in ledger:
            running += entry.delta
            assert running >= 0
        assert len(ledger) == len({(e.reason, e.reference) for e in ledger})
        assert [e.created_at for e in ledger] == sorted(e.created_at for e in ledger)
        assert {"u1"} >= {e.user_id for e in ledger}

    def test_ledgers_spend(self) -> None:
        ledger = some(
            dst.credit_ledgers(), lambda lines: any(e.reason is CreditReason.SPEND for e in lines)
        )
        assert any(e.delta < 0 for e in ledger)


class TestSessions:
    @given(dst.sessions())
    def test_sessions(self, session: Session) -> None:
        assert session.access_token
        assert session.refresh_token
        assert 60 <= session.expires_in == session.expires_at - session.issued_at

    @given(dst.legal_session_runs())
    def test_legal_runs_are_accepted(self, run: list[Any]) -> None:
        state = SessionState.LOADING
        for move in run:
            state = transition(state, move)

    @given(dst.illegal_session_moves())
    def test_illegal_moves_are_refused(self, case: tuple[SessionState, Any]) -> None:
        state, move = case
        assert (state, move) not in TRANSITIONS
        with pytest.raises(IllegalTransition):
            transition(state, move)


class TestAuthUsers:
    @given(dst.sessions(users=dst.auth_users()))
    def test_whole_users_round_trip_through_the_client(self, session: Session) -> None:
        """Sessions with whole users survive the client's JSON both ways."""
        assert session == session_from_json(
            session_to_json(session), datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
        )

    def test_identities_and_factors_are_drawn(self) -> None:
        user = some(dst.auth_users(), lambda u: u.identities and u.factors and u.email)
        assert user.identities[0].provider in {"email", "google"}


class TestDownloadsAndKeys:
    @given(dst.export_options())
    def test_export_options_are_accepted(self, options: ExportOptions) -> None:
        """Options rebuild equal (the checks pass) and a PDF never has a pixel ratio."""
        assert options == attrs.evolve(options)
        assert not (options.format is RenderFormat.PDF and options.pixel_ratio is not None)
        assert options.pixel_ratio is None or options.dpi is None

    def test_viewers_of_every_kind(self) -> None:
        """Visitors, premium subscribers (in any spelling), free users and admins are drawn."""
        assert None is some(dst.viewers(), lambda v: not v.signed_in).user_id
        assert some(dst.viewers(), lambda v: v.is_premium and v.signed_in).user_id
        assert "admin" == some(dst.viewers(), lambda v: v.user_role == "admin").user_role
        spelled = some(dst.viewers(), lambda v: v.is_premium and v.subscription_status != "active")
        assert "active" == (spelled.subscription_status or "").strip().lower()

    @given(dst.rotation_settings())
    def test_rotation_settings_are_accepted(self, rotation: dict[str, timedelta]) -> None:
        check_rotation_settings(**rotation)
        assert plan_rotation([], datetime(2026, 1, 1, tzinfo=UTC), **rotation)


def test_a_clear_error_without_hypothesis() -> None:
    """Without the extra, the import says what to install."""
    from designcore.testing._requires import missing

    error = missing(
        "hypothesis", "designcore.testing.strategies", ModuleNotFoundError(name="hypothesis")
    )
    assert "pip install 'designcore[testing]'" in str(error)
    other = ModuleNotFoundError(name="numpy")
    assert other is missing("hypothesis", "x", other)


def _rebuilt(value: Any) -> None:
    """The value rebuilds equal: its attrs validators and post-init checks pass again."""
    assert value == attrs.evolve(value)


def _session_accepted(session: Session) -> None:
    """The domain reads the access token's claims and assurance level, and the client's JSON
    gives the session back."""
    claims = token_claims(session.access_token)
    assert session.user.id == claims["sub"]
    levels = assurance_level(session)
    assert levels.current_level is not None
    assert levels.current_authentication_methods
    assert session == session_from_json(session_to_json(session), datetime(2026, 1, 1, tzinfo=UTC))


def _illegal_refused(case: tuple[SessionState, Any]) -> None:
    state, move = case
    with pytest.raises(IllegalTransition):
        transition(state, move)


def _legal_run(run: list[Any]) -> None:
    state = SessionState.LOADING
    for move in run:
        state = transition(state, move)


def _issue_reported(case: tuple[Any, ParamIssue]) -> None:
    params, expected = case
    with pytest.raises(InvalidTransactionParameters):
        prepare_transaction(params, page_url="https://shop.example/pay")
    assert (expected.path, expected.message) in [(i.path, i.message) for i in validate(params)]


def _ledger_balances(ledger: list[CreditEntry]) -> None:
    running = 0
    for entry in ledger:
        _rebuilt(entry)
        if entry.reason is CreditReason.SPEND:
            check_spend(running, -entry.delta)
        running += entry.delta
    assert running == balance(ledger)


def _element_parses(element: dict[str, Any]) -> None:
    parse_document({"width": 10, "height": 10, "pages": [{"id": "p", "children": [element]}]})


ACCEPTED_BY_THE_DOMAIN: dict[str, Callable[[Any], object]] = {
    "auth_users": lambda user: _rebuilt(user_from_json(user_to_json(user))),
    "credit_ledgers": _ledger_balances,
    "documents": lambda raw: parse_document(parse_document(raw).to_json()),
    "elements": _element_parses,
    "export_options": _rebuilt,
    "factors": lambda factor: _rebuilt(factor_from_json(factor_to_json(factor))),
    "field_requirements": _rebuilt,
    "identities": lambda identity: _rebuilt(identity_from_json(identity_to_json(identity))),
    "illegal_session_moves": _illegal_refused,
    "legal_session_runs": _legal_run,
    "moments": lambda moment: moment.utcoffset() is not None or pytest.fail("naive moment"),
    "money": _rebuilt,
    "naira": _rebuilt,
    "page_requests": _rebuilt,
    "plans": _rebuilt,
    "profiles": lambda profile: _rebuilt(profile) or normalise_referral_code(profile.referral_code),
    "references": lambda reference: is_reference(reference) or pytest.fail(reference),
    "rotation_settings": lambda rotation: check_rotation_settings(**rotation),
    "session_moves": lambda move: legal_moves(SessionState.SIGNED_IN) is not None,
    "session_states": lambda state: legal_moves(state) is not None,
    "sessions": _session_accepted,
    "template_summaries": _rebuilt,
    "templates": _rebuilt,
    "texts": lambda text: isinstance(text, str) or pytest.fail(repr(text)),
    "transaction_parameters": lambda params: prepare_transaction(
        params, page_url="https://shop.example/pay"
    ),
    "transaction_parameters_with_issue": _issue_reported,
    "viewers": _rebuilt,
}
"""For each public strategy, the domain's own check of what it draws (validators, parsers,
round trips through the client's JSON, the rules that refuse what a ``…_with_issue`` or
``illegal_…`` strategy promises they refuse)."""

STRATEGIES = sorted(name for name in dst.__all__ if callable(getattr(dst, name)))


class TestEveryStrategy:
    def test_every_public_strategy_has_a_domain_check(self) -> None:
        """A strategy added to ``__all__`` without a check here fails this test."""
        assert STRATEGIES == sorted(ACCEPTED_BY_THE_DOMAIN)

    @pytest.mark.parametrize("name", STRATEGIES)
    def test_every_value_drawn_is_accepted(self, name: str) -> None:
        """Every value the strategy draws passes the domain's own validation or round trip
        (or is refused with the promised issue)."""
        check = ACCEPTED_BY_THE_DOMAIN[name]

        @settings(max_examples=40, deadline=None)
        @given(getattr(dst, name)())
        def accepted(value: Any) -> None:
            check(value)

        accepted()

    @given(dst.sessions(users=dst.auth_users()))
    def test_sessions_carry_readable_tokens(self, session: Session) -> None:
        """The access token's claims match the session: its times, its user, and ``aal2``
        only for a user with a verified factor."""
        claims = token_claims(session.access_token)
        assert (session.issued_at, session.expires_at) == (claims["iat"], claims["exp"])
        assert (session.user.email or "") == claims["email"]
        if not session.user.verified_factors:
            assert "aal1" == claims["aal"]

    def test_both_assurance_levels_are_drawn(self) -> None:
        """Sessions at ``aal2`` (with ``totp`` first among the methods) come up too."""
        session = some(
            dst.sessions(users=dst.auth_users()),
            lambda s: assurance_level(s).current_level == AssuranceLevel.AAL2,
        )
        assert "totp" == assurance_level(session).current_authentication_methods[0]

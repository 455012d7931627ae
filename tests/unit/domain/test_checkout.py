"""Transaction parameter rules: the shared vectors (Jest runs the same tables) and properties."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.checkout import (
    CALLBACK_NAMES,
    FIELDS,
    REFERRER_TRIM_THRESHOLD,
    InvalidTransactionParameters,
    ParamIssue,
    PreparedTransaction,
    Problem,
    describe_value,
    js_json,
    js_number,
    normalise,
    prepare_transaction,
    read_inline_request,
    trim_url,
    type_issues,
    validate,
    with_referrer,
)
from designcore.domain.errors import ValidationFailed
from support import VECTORS

FUNCTION = "<function>"
PARAMS = json.loads((VECTORS / "checkout-params.json").read_text(encoding="utf-8"))
REFERRER = json.loads((VECTORS / "checkout-referrer.json").read_text(encoding="utf-8"))
PAGE = "https://shop.example.com/checkout"


def _callback(*_args: object) -> None:
    """Stands for a merchant callback."""


def revive(value: Any) -> Any:
    """Replaces every "<function>" with a callable."""
    if value == FUNCTION:
        return _callback
    if isinstance(value, list):
        return [revive(item) for item in value]
    if isinstance(value, dict):
        return {key: revive(item) for key, item in value.items()}
    return value


def mark(value: Any) -> Any:
    """Replaces every callable with "<function>", for comparing with a vector."""
    if callable(value):
        return FUNCTION
    if isinstance(value, list | tuple):
        return [mark(item) for item in value]
    if isinstance(value, Mapping):
        return {key: mark(item) for key, item in value.items()}
    return value


def as_json(issues: tuple[ParamIssue, ...] | list[Any]) -> list[dict[str, str]]:
    """Issues as the vectors write them."""
    out = []
    for issue in issues:
        item = {"path": issue.path, "message": issue.message}
        if isinstance(issue, ParamIssue) and issue.detail is not None:
            item["detail"] = issue.detail
        out.append(item)
    return out


CASES = PARAMS["cases"]
IDS = [case["name"] for case in CASES]


class TestSharedVectors:
    @pytest.mark.parametrize("case", CASES, ids=IDS)
    def test_normalise(self, case: dict[str, Any]) -> None:
        """Python normalises every vector input as the script does."""
        result = normalise(revive(case["input"]))
        assert case["normalised"] == mark(
            {"params": result.params, "callbacks": result.callbacks, "ignored": result.ignored}
        )

    @pytest.mark.parametrize("case", CASES, ids=IDS)
    def test_validate(self, case: dict[str, Any]) -> None:
        """Python finds the same type issues, with the same texts, in the same order."""
        assert case["issues"] == as_json(type_issues(revive(case["input"])))

    @pytest.mark.parametrize("case", CASES, ids=IDS)
    def test_prepare(self, case: dict[str, Any]) -> None:
        """Python prepares the same body and headers, or fails with the same error."""
        page = case.get("pageUrl", PARAMS["defaultPageUrl"])
        ancestors = case.get("ancestorOrigins", [])
        raw = revive(case["input"])
        if "error" in case:
            with pytest.raises(InvalidTransactionParameters) as caught:
                prepare_transaction(raw, page_url=page, ancestor_origins=ancestors)
            error = caught.value
            assert case["error"] == {"message": error.message, "issues": as_json(error.issues)}
            assert "invalid_params" == error.code
        else:
            prepared = prepare_transaction(raw, page_url=page, ancestor_origins=ancestors)
            assert case["prepared"] == mark(
                {
                    "accessCode": prepared.access_code,
                    "body": prepared.body,
                    "headers": prepared.headers,
                    "ignored": prepared.ignored,
                }
            )

    @pytest.mark.parametrize("case", REFERRER["cases"], ids=[c["name"] for c in REFERRER["cases"]])
    def test_referrer(self, case: dict[str, Any]) -> None:
        """The metadata referrer rule agrees with the script's."""
        result = with_referrer(case.get("metadata"), case["pageUrl"], case["ancestorOrigins"])
        assert case["expected"] == result

    def test_vector_count(self) -> None:
        """The shared parameter table keeps at least 150 cases."""
        assert len(CASES) >= 150


class TestPrepare:
    def test_leaves_the_merchant_objects_alone(self) -> None:
        """Preparing copies: the caller's mapping, metadata and split are unchanged."""
        metadata = {"cart": 1}
        split = {"type": "flat", "subaccounts": []}
        raw = {"key": "pk", "email": "a@b.co", "amount": 100, "metadata": metadata, "split": split}
        snapshot = json.dumps(raw)
        prepared = prepare_transaction(raw, page_url=PAGE)
        assert snapshot == json.dumps(raw)
        assert "referrer" not in metadata
        assert (
            '{"cart":1,"referrer":"https://shop.example.com/checkout"}' == prepared.body["metadata"]
        )

    def test_callbacks_are_handed_back(self) -> None:
        """The very callables given come back, apart from the body."""
        prepared = prepare_transaction(
            {"key": "pk", "email": "a@b.co", "amount": 1, "onSuccess": _callback}, page_url=PAGE
        )
        assert {"onSuccess": _callback} == prepared.callbacks
        assert "onSuccess" not in prepared.body

    def test_whole_float_amount_is_posted_as_an_integer(self) -> None:
        """500000.0 (a JSON number read by Python) is a whole amount, posted as 500000."""
        prepared = prepare_transaction(
            {"key": "pk", "email": "a@b.co", "amount": 500000.0}, page_url=PAGE
        )
        assert 500000 == prepared.body["amount"]
        assert isinstance(prepared.body["amount"], int)

    @pytest.mark.parametrize("amount", [math.nan, math.inf, 2**53, 10**400, 12.5, True])
    def test_amounts_javascript_refuses(self, amount: object) -> None:
        """NaN, infinities, unsafe integers, fractions and booleans are not amounts."""
        issues = type_issues({"amount": amount})
        assert ["Invalid parameter type: amount"] == [issue.message for issue in issues]

    def test_errors_are_validation_failures(self) -> None:
        """The error belongs to the ValidationFailed family, so the HTTP shell maps it to 400."""
        with pytest.raises(ValidationFailed):
            prepare_transaction({}, page_url=PAGE)


class TestTexts:
    @pytest.mark.parametrize(
        ("value", "text"),
        [
            (0.0, "0"),
            (5.0, "5"),
            (-1.5, "-1.5"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1e-7, "1e-7"),
            (1.5e-6, "0.0000015"),
            (123.456, "123.456"),
            (2**53, "9007199254740992"),
            (math.nan, "NaN"),
            (-math.inf, "-Infinity"),
        ],
    )
    def test_numbers_read_as_in_javascript(self, value: float, text: str) -> None:
        """Numbers in details are written as the script's String(n) writes them."""
        assert text == js_number(value)

    @pytest.mark.parametrize(
        ("value", "text"),
        [
            (None, "null"),
            ("", "an empty string"),
            ("secret@example.com", "a string"),
            (True, "the boolean true"),
            (7, "the number 7"),
            ([], "an array"),
            ({}, "an object"),
            (_callback, "a function"),
            (math.inf, "Infinity"),
        ],
    )
    def test_describe_value(self, value: object, text: str) -> None:
        """What arrived is named by kind, numbers and booleans by value, strings never echoed."""
        assert text == describe_value(value)

    def test_json_like_the_browser(self) -> None:
        """JSON text has no spaces, keeps non-ASCII text, drops functions from objects."""
        value = {"a": [1.0, 0.5, None, _callback], "b": '₦ "q"\n', "c": _callback, "d": math.nan}
        assert '{"a":[1,0.5,null,null],"b":"₦ \\"q\\"\\n","d":null}' == js_json(value)

    def test_trim_counts_utf16_units(self) -> None:
        """The threshold counts UTF-16 code units: an emoji counts twice, as in browsers."""
        url = "https://x.test/" + "😀" * 243 + "?q=1"
        assert len(url) <= REFERRER_TRIM_THRESHOLD
        assert "https://x.test/" + "😀" * 243 == trim_url(url)


PREPARED = [case for case in CASES if "prepared" in case]
POSTED = {field.name for field in FIELDS if field.wire is not None}


class TestReadInlineRequest:
    @pytest.mark.parametrize("case", PREPARED, ids=[case["name"] for case in PREPARED])
    def test_reads_back_what_the_script_posts(self, case: dict[str, Any]) -> None:
        """Every body the script posts reads back to the parameters it was prepared from (the
        referrer now inside metadata, split an object again)."""
        page = case.get("pageUrl", PARAMS["defaultPageUrl"])
        prepared = prepare_transaction(
            revive(case["input"]), page_url=page, ancestor_origins=case.get("ancestorOrigins", [])
        )
        read = read_inline_request(case["prepared"]["body"])
        expected = dict(prepared.params)
        if read.access_code is None:
            # language, connectAccount and container are never posted; metadata gained the referrer.
            expected = {name: value for name, value in expected.items() if name in POSTED}
            expected["metadata"] = json.loads(case["prepared"]["body"]["metadata"])
        assert expected == read.params
        assert prepared.access_code == read.access_code

    def test_refuses_what_the_script_refuses(self) -> None:
        """A body missing the email, with an amount as text, fails with the script's issues."""
        with pytest.raises(InvalidTransactionParameters) as caught:
            read_inline_request({"key": "pk", "amount": "100", "mode": "popup"})
        assert [
            "Required parameter missing: email",
            "Invalid parameter type: amount",
        ] == [issue.message for issue in caught.value.issues]

    def test_metadata_text_that_is_not_an_object_is_a_type_issue(self) -> None:
        """JSON text of an array, or text that is not JSON, is not metadata."""
        for text in ("[1, 2]", "{not json"):
            with pytest.raises(InvalidTransactionParameters) as caught:
                read_inline_request({"key": "pk", "email": "a@b.co", "amount": 1, "metadata": text})
            assert ["metadata"] == [issue.path for issue in caught.value.issues]

    def test_objects_and_camel_case_are_read_too(self) -> None:
        """Another client may post metadata as an object and canonical names."""
        read = read_inline_request(
            {
                "key": "pk",
                "email": "a@b.co",
                "amount": 100,
                "reference": "r-1",
                "metadata": {"a": 1},
            }
        )
        assert {
            "key": "pk",
            "email": "a@b.co",
            "amount": 100,
            "reference": "r-1",
            "metadata": {"a": 1},
        } == read.params

    def test_an_access_code_alone(self) -> None:
        """{key, accessCode} names an existing transaction; the key is not used."""
        read = read_inline_request({"key": "pk", "accessCode": "acc_1"})
        assert ("acc_1", {"accessCode": "acc_1"}, ("key",)) == (
            read.access_code,
            read.params,
            read.ignored,
        )


NAMES = [name for field in FIELDS for name in field.names] + list(CALLBACK_NAMES)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["true", "false", ""]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
VALUES = JSON_VALUES | st.just(_callback)
PARAMETERS = st.dictionaries(st.sampled_from(NAMES) | st.text(max_size=8), VALUES, max_size=12)


class TestProperties:
    @given(PARAMETERS)
    def test_normalising_twice_changes_nothing(self, raw: dict[str, object]) -> None:
        """Normalised parameters normalise to themselves, with nothing ignored."""
        once = normalise(raw)
        twice = normalise({**once.params, **once.callbacks})
        assert once.params == twice.params
        assert once.callbacks == twice.callbacks
        assert () == twice.ignored

    @given(PARAMETERS | VALUES | st.floats() | st.integers())
    def test_validation_raises_only_the_documented_error(self, raw: object) -> None:
        """Any input is either prepared or refused with InvalidTransactionParameters."""
        outcome: object
        try:
            outcome = prepare_transaction(raw, page_url=PAGE, ancestor_origins=["https://a.test"])
        except InvalidTransactionParameters as error:
            outcome = error
        if isinstance(outcome, InvalidTransactionParameters):
            # Only an object has fields to name: anything else gets the shape text alone.
            expected = (
                "Invalid transaction parameters"
                if isinstance(raw, Mapping)
                else "Transaction parameters should be a non-empty object"
            )
            assert expected == outcome.message
            assert bool(outcome.issues) == isinstance(raw, Mapping)
        else:
            assert isinstance(outcome, PreparedTransaction)
            assert "application/json" == outcome.headers["Content-Type"]

    @given(PARAMETERS)
    def test_validate_never_raises(self, raw: dict[str, object]) -> None:
        """validate reports problems; it never raises, whatever the values (NaN included)."""
        assert isinstance(validate({**raw, "extra": math.nan}), tuple)


class TestOneAnswer:
    def test_validate_reports_a_missing_key(self) -> None:
        """Parameters without a key are not "no issues": validate names the missing key, as
        prepare_transaction refuses them."""
        raw = {"amount": 150_000, "email": "ada@example.ng"}
        assert [("key", "Required parameter missing: key")] == [
            (issue.path, issue.message) for issue in validate(raw)
        ]
        with pytest.raises(InvalidTransactionParameters):
            prepare_transaction(raw, page_url=PAGE)

    @given(PARAMETERS | VALUES | st.integers())
    def test_validate_agrees_with_prepare_transaction(self, raw: object) -> None:
        """validate is empty exactly when prepare_transaction accepts, and otherwise lists the
        very issues the refusal carries."""
        refused: tuple[ParamIssue, ...] = ()
        try:
            prepare_transaction(raw, page_url=PAGE)
        except InvalidTransactionParameters as error:
            # A non-object is refused with no issues; validate names it by its shape issue.
            refused = error.issues or ((error.shape,) if error.shape else ())
        assert refused == validate(raw)


class TestProblems:
    @pytest.mark.parametrize("amount", [-500, 0, 12.5, 2**53, -1.0])
    def test_an_amount_out_of_range_is_a_range_problem(self, amount: float) -> None:
        """A number that is not a positive whole safe amount is out of range, not of the
        wrong type (the spec's text stays, as the script says it)."""
        (issue,) = type_issues({"amount": amount})
        assert Problem.RANGE is issue.problem
        assert "Invalid parameter type: amount" == issue.message

    @pytest.mark.parametrize("amount", ["1500", True, None, [1]])
    def test_an_amount_of_another_type_is_a_type_problem(self, amount: object) -> None:
        """Text, booleans and lists are of the wrong type."""
        issues = type_issues({"amount": amount, "key": "pk"})
        assert [Problem.TYPE] * len(issues) == [issue.problem for issue in issues]
        assert (amount is None) == (not issues)

    def test_missing_and_shape_problems(self) -> None:
        """Missing required fields and a non-object are told apart from type problems."""
        assert [Problem.MISSING, Problem.MISSING] == [
            issue.problem for issue in validate({"key": "pk"})
        ]
        assert [Problem.SHAPE] == [issue.problem for issue in validate([])]


class TestErrorText:
    def test_the_text_names_each_field_expected_and_got(self) -> None:
        """str() of the refusal names every field, what it expected and what it got; the
        message stays the spec's text."""
        with pytest.raises(InvalidTransactionParameters) as raised:
            prepare_transaction({"amount": -500, "email": 7}, page_url=PAGE)
        error = raised.value
        assert "Invalid transaction parameters" == error.message
        assert (
            "Invalid transaction parameters; "
            "key: missing: expected a string, got nothing; "
            "amount: out of range: expected a positive whole number of minor units (e.g. kobo),"
            " got the number -500; "
            "email: wrong type: expected a string, got the number 7"
        ) == str(error)

    def test_the_shape_text(self) -> None:
        """A non-object says what it got."""
        with pytest.raises(InvalidTransactionParameters) as raised:
            prepare_transaction("key=pk", page_url=PAGE)
        assert str(raised.value).startswith(
            "Transaction parameters should be a non-empty object; parameters: not an object: got "
        )
        assert () == raised.value.issues

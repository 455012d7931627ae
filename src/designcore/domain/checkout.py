"""Transaction parameters for the payment popup (spec checkout-auth-analytics.md sections 3 and
5): the names and aliases merchants may use, the type checks, the required fields, the
overrides, and what is finally posted to ``checkout/request_inline``.

This is the Python twin of ``inline-checkout/src/params``: the same rules with the same texts,
held to the same tables (``tests/contract/vectors/checkout-params.json`` and
``checkout-referrer.json``), so a transaction prepared in Python and one prepared by the script
in a browser are read alike, and the payment sandbox checks what the script sends with the very
rules the script applies.

Pure: the page URL and its ancestor origins are arguments; nothing here reads a clock, a
request or the network. Values are JSON-like (``str``, ``int``/``float``, ``bool``, ``None``,
``list``/``tuple``, mappings) plus callables, which stand for the script's callbacks.
"""

from __future__ import annotations

import decimal
import enum
import json
import math
from collections.abc import Callable, Mapping, Sequence

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

NON_EMPTY_OBJECT = "Transaction parameters should be a non-empty object"
"""The spec's text for parameters that are not a non-empty object."""

INVALID_PARAMS = "Invalid transaction parameters"
"""The spec's text of the aggregate error."""

REFERRER_TRIM_THRESHOLD = 500
"""A page URL longer than this loses its query in the metadata referrer (spec section 9)."""

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest amount a browser represents exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``)."""


class Kind(enum.Enum):
    """What a field accepts (the reasons are in ``inline-checkout/src/params/fields.ts``)."""

    STRING = "a string"
    STRING_OR_NUMBER = "a string or a finite number"
    AMOUNT = "a positive whole number of minor units (e.g. kobo)"
    FLAG = "true or false (or the string 'true' or 'false')"
    STRING_ARRAY = "an array of strings"
    ARRAY = "an array"
    OBJECT = "a plain object"


@attrs.frozen
class Field:
    """One transaction parameter."""

    name: str
    """The canonical camelCase name."""
    kind: Kind
    """What values it takes."""
    wire: str | None
    """The key it is posted under, or ``None`` when it is never posted."""
    names: tuple[str, ...]
    """Every accepted name in precedence order, the canonical one first."""


def _field(name: str, kind: Kind, wire: str | None, *aliases: str) -> Field:
    return Field(name, kind, wire, (name, *aliases))


FIELDS: tuple[Field, ...] = (
    _field("key", Kind.STRING, "key"),
    _field("amount", Kind.AMOUNT, "amount"),
    _field("currency", Kind.STRING, "currency"),
    _field("email", Kind.STRING, "email"),
    _field("label", Kind.STRING, "label"),
    _field("firstName", Kind.STRING, "firstname", "first_name", "firstname"),
    _field("lastName", Kind.STRING, "lastname", "last_name", "lastname"),
    _field("reference", Kind.STRING_OR_NUMBER, "ref", "ref"),
    _field("phone", Kind.STRING_OR_NUMBER, "phone"),
    _field("customerCode", Kind.STRING, "customer_code", "customer_code"),
    _field("channels", Kind.STRING_ARRAY, "channels"),
    _field("paymentRequest", Kind.STRING_OR_NUMBER, "payment_request", "payment_request"),
    _field("paymentPage", Kind.STRING_OR_NUMBER, "payment_page", "payment_page"),
    _field("hash", Kind.STRING, "hash"),
    _field("container", Kind.STRING, None),
    _field("metadata", Kind.OBJECT, "metadata"),
    _field("subaccountCode", Kind.STRING, "subaccount", "subaccount_code", "subaccount"),
    _field("bearer", Kind.STRING, "bearer"),
    _field("transactionCharge", Kind.STRING_OR_NUMBER, "transaction_charge", "transaction_charge"),
    _field("planCode", Kind.STRING, "plan", "plan_code", "plan"),
    _field(
        "subscriptionCount", Kind.STRING_OR_NUMBER, "quantity", "subscription_count", "quantity"
    ),
    _field("planInterval", Kind.STRING, "interval", "plan_interval", "interval"),
    _field(
        "subscriptionLimit",
        Kind.STRING_OR_NUMBER,
        "invoice_limit",
        "subscription_limit",
        "invoiceLimit",
        "invoice_limit",
    ),
    _field(
        "subscriptionStartDate",
        Kind.STRING,
        "start_date",
        "subscription_start_date",
        "startDate",
        "start_date",
    ),
    _field("accessCode", Kind.STRING, None, "access_code"),
    _field("orderId", Kind.STRING_OR_NUMBER, "order_id", "order_id"),
    _field("card", Kind.FLAG, None),
    _field("bank", Kind.FLAG, None),
    _field("split", Kind.OBJECT, "split"),
    _field("splitCode", Kind.STRING, "split_code", "split_code"),
    _field("transactionType", Kind.STRING, "transaction_type", "transaction_type"),
    _field("subscription", Kind.STRING_OR_NUMBER, "subscription"),
    _field("language", Kind.STRING, None),
    _field("connectAccount", Kind.STRING, None, "connect_account"),
    _field("connectSplit", Kind.ARRAY, "connect_split", "connect_split"),
)

_FIELD_OF: Mapping[str, Field] = {field.name: field for field in FIELDS}
"""Every parameter, in the order issues are reported (spec section 3)."""

CALLBACK_NAMES: tuple[str, ...] = (
    "onError",
    "onLoad",
    "onSuccess",
    "onCancel",
    "onClose",
    "callback",
    "onBankTransferConfirmationPending",
)
"""The callbacks, exactly as the spec spells them (no aliases)."""

_BY_NAME: dict[str, tuple[str, int]] = {
    name: (field.name, rank) for field in FIELDS for rank, name in enumerate(field.names)
}
_RESUME_PATHS = frozenset({"accessCode", "language", *CALLBACK_NAMES})
"""With an access code only these are checked and kept: the language still reaches the checkout
frame (``{accessCode, language}``) and ``verify_access_code`` (as ``Accept-Language``)."""
_REQUIRED = (("key", None), ("amount", "planCode"), ("email", "customerCode"))


class Problem(enum.Enum):
    """What kind of rule an issue broke."""

    SHAPE = "not an object"
    """The parameters as a whole are not an object (an empty one is refused for its missing
    required fields instead)."""
    MISSING = "missing"
    """A required field is absent or empty."""
    TYPE = "wrong type"
    """A field's value is of the wrong type (a string where a number belongs, …)."""
    RANGE = "out of range"
    """A field's value has the right type but not an allowed value (an amount of 0, -500,
    12.5 kobo or above 2**53 - 1)."""


@attrs.frozen
class ParamIssue(FieldIssue):
    """A field issue whose message is the spec's exact text, with the reason beside it.

    The message is the provider script's text, the same in the browser and here (so an amount
    out of range still reads ``Invalid parameter type: amount``, as the script says);
    ``problem`` tells a wrong type from a value out of range or a missing field."""

    detail: str | None = None
    """What was expected and what arrived (``expected a string, got the number 5``)."""
    problem: Problem = attrs.field(default=Problem.TYPE, eq=False)
    """The kind of rule broken (not compared: the spec's text and detail identify the issue)."""

    def explain(self) -> str:
        """The issue for a person: the field, the kind of problem, what was expected and what
        was got (``amount: out of range: expected a positive whole number of minor units (e.g.
        kobo), got the number -500``)."""
        field = self.path or "parameters"
        if self.detail is not None:
            return f"{field}: {self.problem.value}: {self.detail}"
        expected = _FIELD_OF[self.path].kind.value if self.path in _FIELD_OF else "a value"
        return f"{field}: {self.problem.value}: expected {expected}, got nothing"


class InvalidTransactionParameters(ValidationFailed):
    """Transaction parameters broke a rule of section 5; ``issues`` lists every one.

    ``message`` is the spec's exact text (``Invalid transaction parameters``, what the script
    throws); ``str()`` adds each issue: its field, what was expected and what was got. A value
    that is not an object is refused with no issues (the script's error names none) and its
    ``shape`` issue saying what arrived."""

    code = "invalid_params"
    issues: tuple[ParamIssue, ...]

    def __init__(
        self,
        issues: tuple[ParamIssue, ...] | list[ParamIssue],
        message: str | None = None,
        shape: ParamIssue | None = None,
    ) -> None:
        super().__init__(tuple(issues), message)
        self.shape = shape
        """For a value that is not an object: what arrived (``got a string``); else ``None``."""

    def __str__(self) -> str:
        shown = self.issues if self.shape is None else (self.shape,)
        return "; ".join([self.message, *(issue.explain() for issue in shown)])


@attrs.frozen
class Normalised:
    """Merchant parameters under their canonical names."""

    params: Mapping[str, object]
    """The data fields, values as given (not yet checked)."""
    callbacks: Mapping[str, object]
    """The callbacks, as given."""
    ignored: tuple[str, ...]
    """Keys given but not used, in input order: unknown names and lower-precedence aliases."""


@attrs.frozen
class PreparedTransaction:
    """What the popup does with valid parameters."""

    access_code: str | None
    """Set when the parameters name an existing transaction; then nothing else is used."""
    params: Mapping[str, object]
    """The canonical parameters in effect (after the overrides; card and bank applied)."""
    callbacks: Mapping[str, Callable[..., object]]
    """The merchant's callbacks."""
    ignored: tuple[str, ...]
    """Keys given but not used, in input order."""
    body: Mapping[str, object]
    """What is posted under the provider's wire names; ``{accessCode}`` for a resume."""
    headers: Mapping[str, str]
    """Request headers: Content-Type, and Accept-Language / x-connect-account when given."""


def is_plain_object(value: object) -> bool:
    """A JSON object: a mapping (JavaScript's plain object)."""
    return isinstance(value, Mapping)


def _is_array(value: object) -> bool:
    return isinstance(value, list | tuple)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_finite_number(value: object) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return _is_number(value)


def js_number(value: float) -> str:
    """A number as JavaScript's ``String(value)`` writes it, so texts match the script's."""
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    exact = decimal.Decimal(repr(abs(value))).normalize()
    _, digit_tuple, exponent = exact.as_tuple()
    digits = "".join(map(str, digit_tuple))
    assert isinstance(exponent, int)
    size, point = len(digits), len(digits) + exponent
    if size <= point <= 21:
        text = digits + "0" * (point - size)
    elif 0 < point <= 21:
        text = f"{digits[:point]}.{digits[point:]}"
    elif -6 < point <= 0:
        text = "0." + "0" * -point + digits
    else:
        mantissa = digits[0] + (f".{digits[1:]}" if size > 1 else "")
        text = f"{mantissa}e{'+' if point - 1 >= 0 else '-'}{abs(point - 1)}"
    return sign + text


def describe_value(value: object) -> str:
    """What arrived, for "expected X, got Y" details (strings are not echoed)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if _is_number(value):
        text = js_number(value)  # type: ignore[arg-type]
        return text if text in ("NaN", "Infinity", "-Infinity") else f"the number {text}"
    if isinstance(value, str):
        return "an empty string" if value == "" else "a string"
    if _is_array(value):
        return "an array"
    if callable(value):
        return "a function"
    return "an object"


def js_json(value: object) -> str:
    """``JSON.stringify(value)`` as a browser writes it: no spaces, text unescaped beyond what
    JSON needs, numbers as JavaScript writes them, functions left out of objects and ``null`` in
    arrays, non-finite numbers as ``null``."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if _is_number(value):
        return js_number(value)  # type: ignore[arg-type]
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if is_plain_object(value):
        assert isinstance(value, Mapping)
        members = [
            f"{json.dumps(str(key), ensure_ascii=False)}:{js_json(item)}"
            for key, item in value.items()
            if not callable(item)
        ]
        return "{" + ",".join(members) + "}"
    if _is_array(value):
        assert isinstance(value, list | tuple)
        return "[" + ",".join("null" if callable(item) else js_json(item) for item in value) + "]"
    return "{}"


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def trim_url(url: str) -> str:
    """A URL over the threshold (in UTF-16 code units, as browsers count) loses everything from
    its first ``?`` or ``#``; one without either is kept whole."""
    if _utf16_length(url) <= REFERRER_TRIM_THRESHOLD:
        return url
    cuts = [index for index in (url.find("?"), url.find("#")) if index != -1]
    return url[: min(cuts)] if cuts else url


def with_referrer(
    metadata: Mapping[str, object] | None, page_url: str, ancestor_origins: Sequence[str]
) -> dict[str, object]:
    """A copy of ``metadata`` whose ``referrer`` is the page URL and the ancestor origins, each
    trimmed, joined with ``,`` (a merchant's own ``referrer`` is replaced)."""
    referrer = ",".join(trim_url(url) for url in (page_url, *ancestor_origins))
    return {**(metadata or {}), "referrer": referrer}


@attrs.frozen
class _Sourced:
    params: dict[str, object]
    callbacks: dict[str, object]
    ignored: tuple[str, ...]
    sources: dict[str, str]


def _normalise_with_sources(raw: object) -> _Sourced:
    params: dict[str, object] = {}
    callbacks: dict[str, object] = {}
    sources: dict[str, str] = {}
    ranks: dict[str, int] = {}
    ignored: list[str] = []
    if not is_plain_object(raw):
        return _Sourced(params, callbacks, (), sources)
    assert isinstance(raw, Mapping)
    keys = [key if isinstance(key, str) else str(key) for key in raw]
    for key, value in zip(keys, raw.values(), strict=True):
        if key in CALLBACK_NAMES:
            if value is not None:
                callbacks[key] = value
                sources[key] = key
            continue
        known = _BY_NAME.get(key)
        if known is None:
            ignored.append(key)
            continue
        if value is None:
            continue
        field, rank = known
        previous = ranks.get(field)
        if previous is None or rank < previous:
            if field in sources:
                ignored.append(sources[field])
            params[field], sources[field], ranks[field] = value, key, rank
        else:
            ignored.append(key)
    ignored.sort(key=keys.index)
    return _Sourced(params, callbacks, tuple(ignored), sources)


def normalise(raw: object) -> Normalised:
    """Merchant parameters under their canonical camelCase names, callbacks apart. Never
    raises and never judges types; ``None`` counts as not given."""
    sourced = _normalise_with_sources(raw)
    return Normalised(sourced.params, sourced.callbacks, sourced.ignored)


def _type_issue(
    path: str, key: str, expected: str, value: object, problem: Problem = Problem.TYPE
) -> ParamIssue:
    return ParamIssue(
        path,
        f"Invalid parameter type: {key}",
        f"expected {expected}, got {describe_value(value)}",
        problem,
    )


def _check(path: str, key: str, kind: Kind, value: object) -> list[ParamIssue]:
    ok: bool
    if kind is Kind.STRING:
        ok = isinstance(value, str)
    elif kind is Kind.STRING_OR_NUMBER:
        ok = isinstance(value, str) or _is_finite_number(value)
    elif kind is Kind.AMOUNT:
        whole = (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer()
        )
        ok = whole and 0 < value <= MAX_SAFE_INTEGER  # type: ignore[operator]
        if not ok and _is_number(value):
            return [_type_issue(path, key, kind.value, value, Problem.RANGE)]
    elif kind is Kind.FLAG:
        ok = isinstance(value, bool) or value in ("true", "false")
    elif kind is Kind.ARRAY:
        ok = _is_array(value)
    elif kind is Kind.OBJECT:
        ok = is_plain_object(value)
    else:
        if not _is_array(value):
            ok = False
        else:
            assert isinstance(value, list | tuple)
            return [
                _type_issue(f"{path}[{index}]", f"{key}[{index}]", "a string", item)
                for index, item in enumerate(value)
                if not isinstance(item, str)
            ]
    return [] if ok else [_type_issue(path, key, kind.value, value)]


def _shape_issue(raw: object) -> ParamIssue | None:
    if is_plain_object(raw):
        return None
    return ParamIssue("", NON_EMPTY_OBJECT, f"got {describe_value(raw)}", Problem.SHAPE)


def type_issues(raw: object) -> tuple[ParamIssue, ...]:
    """Every type issue of the given fields and callbacks, in the caller's key order (the items
    of one list in index order); messages name the key as the merchant spelt it. Empty when every
    given value has its kind.

    The twin of the script's ``validate`` (``inline-checkout/src/params/validate.ts``); it does
    not look for missing fields: :func:`validate` does."""
    shape = _shape_issue(raw)
    if shape is not None:
        return (shape,)
    sourced = _normalise_with_sources(raw)
    issues: list[ParamIssue] = []
    for field in FIELDS:
        if field.name in sourced.params:
            key = sourced.sources[field.name]
            issues += _check(field.name, key, field.kind, sourced.params[field.name])
    for name in CALLBACK_NAMES:
        value = sourced.callbacks.get(name)
        if value is not None and not callable(value):
            issues.append(_type_issue(name, name, "a function", value))
    assert isinstance(raw, Mapping)
    order = [key if isinstance(key, str) else str(key) for key in raw]

    def position(issue: ParamIssue) -> int:
        name = issue.path.split("[")[0]
        return order.index(sourced.sources.get(name, name))

    return tuple(sorted(issues, key=position))


def _invalid(issues: Sequence[ParamIssue]) -> InvalidTransactionParameters:
    """The aggregate error; for a value that is not an object, the spec's other text with no
    issues (as the script throws it: there is no field to name)."""
    if len(issues) == 1 and issues[0].path == "":
        return InvalidTransactionParameters([], NON_EMPTY_OBJECT, shape=issues[0])
    return InvalidTransactionParameters(list(issues), INVALID_PARAMS)


def _present(value: object) -> bool:
    return value is not None and value != ""


def _is_off(flag: object) -> bool:
    return flag is False or flag == "false"


@attrs.frozen
class _Checked:
    access_code: str | None
    params: dict[str, object]
    callbacks: dict[str, Callable[..., object]]
    ignored: tuple[str, ...]


def _apply_rules(raw: object) -> _Checked:
    """The rules of section 5: shape, accessCode alone, required fields, types, overrides and
    channels. Raises :class:`InvalidTransactionParameters`."""
    shape = _shape_issue(raw)
    if shape is not None:
        raise _invalid([shape])
    assert isinstance(raw, Mapping)
    sourced = _normalise_with_sources(raw)
    params, callbacks = sourced.params, sourced.callbacks
    found = type_issues(raw)

    access_code = params.get("accessCode")
    if _present(access_code):
        issues = [issue for issue in found if issue.path in _RESUME_PATHS]
        if issues:
            raise _invalid(issues)
        assert isinstance(access_code, str)
        order = [key if isinstance(key, str) else str(key) for key in raw]
        unused = [sourced.sources[name] for name in params if name not in _RESUME_PATHS]
        ignored = sorted((*sourced.ignored, *unused), key=order.index)
        kept: dict[str, object] = {"accessCode": access_code}
        if isinstance(params.get("language"), str):
            kept["language"] = str(params["language"])
        return _Checked(access_code, kept, _callables(callbacks), tuple(ignored))

    typed = {issue.path.split("[")[0] for issue in found}
    required = [
        ParamIssue(name, f"Required parameter missing: {name}", problem=Problem.MISSING)
        for name, stand_in in _REQUIRED
        if not _present(params.get(name))
        and name not in typed
        and not (stand_in is not None and _present(params.get(stand_in)))
    ]
    if required or found:
        raise _invalid([*required, *found])

    effective = dict(params)
    if _present(effective.get("planCode")):
        effective.pop("amount", None)
    if _present(effective.get("customerCode")):
        effective.pop("email", None)
    if _is_off(effective.get("card")):
        effective["channels"] = ["bank"]
    if _is_off(effective.get("bank")):
        effective["channels"] = ["card"]
    effective.pop("card", None)
    effective.pop("bank", None)
    if "amount" in effective:
        effective["amount"] = int(effective["amount"])  # type: ignore[call-overload]
    return _Checked(None, effective, _callables(callbacks), sourced.ignored)


def validate(raw: object) -> tuple[ParamIssue, ...]:
    """Every issue :func:`prepare_transaction` would refuse ``raw`` for, in its order
    (required fields, then types); empty exactly when it would accept ``raw``. Never raises.
    A value that is not an object gives its one shape issue (the error itself names none)."""
    shape = _shape_issue(raw)
    if shape is not None:
        return (shape,)
    try:
        _apply_rules(raw)
    except InvalidTransactionParameters as error:
        return error.issues
    return ()


def prepare_transaction(
    raw: object, *, page_url: str, ancestor_origins: Sequence[str] = ()
) -> PreparedTransaction:
    """Check merchant parameters and say what to send, as the script does before it calls
    ``checkout/request_inline`` (the decisions are listed in ``inline-checkout/src/params/
    prepare.ts``).

    Raises :class:`InvalidTransactionParameters` with ``Transaction parameters should be a
    non-empty object`` and no issues for anything but an object, or ``Invalid transaction
    parameters`` and every issue: required fields first (key, amount unless a plan, email unless
    a customer code), then type issues in the caller's key order. An empty object lacks all three
    required fields. With an access code only it, the language and the callbacks are kept.
    """
    checked = _apply_rules(raw)
    if checked.access_code is not None:
        resume_headers = {"Content-Type": "application/json"}
        if "language" in checked.params:
            resume_headers["Accept-Language"] = str(checked.params["language"])
        return PreparedTransaction(
            access_code=checked.access_code,
            params=checked.params,
            callbacks=checked.callbacks,
            ignored=checked.ignored,
            body=dict(checked.params),
            headers=resume_headers,
        )
    effective = checked.params
    body: dict[str, object] = {}
    for field in FIELDS:
        if field.wire is not None and field.name in effective:
            value = effective[field.name]
            body[field.wire] = js_json(value) if field.name == "split" else value
    metadata = effective.get("metadata")
    assert metadata is None or isinstance(metadata, Mapping)
    body["metadata"] = js_json(with_referrer(metadata, page_url, ancestor_origins))
    body["mode"] = "popup"

    headers = {"Content-Type": "application/json"}
    if isinstance(effective.get("language"), str):
        headers["Accept-Language"] = str(effective["language"])
    if isinstance(effective.get("connectAccount"), str):
        headers["x-connect-account"] = str(effective["connectAccount"])

    return PreparedTransaction(
        access_code=None,
        params=effective,
        callbacks=checked.callbacks,
        ignored=checked.ignored,
        body=body,
        headers=headers,
    )


@attrs.frozen
class InlineRequest:
    """A ``checkout/request_inline`` body, read back and checked (what a server does with it)."""

    access_code: str | None
    """Set when the body names an existing transaction; then ``params`` holds only it."""
    params: Mapping[str, object]
    """The canonical parameters in effect, metadata and split as objects again."""
    ignored: tuple[str, ...]
    """Keys sent but not used (unknown names; with an access code, every other field)."""


def _decoded_object(value: object) -> object:
    """JSON text of an object, read back; anything else as it is (validation judges it)."""
    if not isinstance(value, str):
        return value
    try:
        decoded = json.loads(value)
    except ValueError:
        return value
    return decoded if isinstance(decoded, dict) else value


def read_inline_request(body: Mapping[str, object]) -> InlineRequest:
    """Reads what the script posts to ``checkout/request_inline`` — the wire names (``ref``,
    ``firstname``, ``plan``, …, all accepted aliases), ``metadata`` and ``split`` as JSON text,
    ``mode`` — and applies the same rules as :func:`prepare_transaction`, so a server refuses
    exactly what the script would have refused. Plain objects for metadata and split, and the
    camelCase names, are read too. Callbacks cannot arrive over the wire and are ignored.

    Raises :class:`InvalidTransactionParameters`.
    """
    raw = {key: value for key, value in body.items() if key != "mode" and not callable(value)}
    for key in ("metadata", "split"):
        if key in raw:
            raw[key] = _decoded_object(raw[key])
    checked = _apply_rules(raw)
    return InlineRequest(checked.access_code, checked.params, checked.ignored)


def _callables(callbacks: Mapping[str, object]) -> dict[str, Callable[..., object]]:
    return {name: value for name, value in callbacks.items() if callable(value)}


__all__ = [
    "CALLBACK_NAMES",
    "FIELDS",
    "INVALID_PARAMS",
    "NON_EMPTY_OBJECT",
    "REFERRER_TRIM_THRESHOLD",
    "Field",
    "InlineRequest",
    "InvalidTransactionParameters",
    "Kind",
    "Normalised",
    "ParamIssue",
    "PreparedTransaction",
    "Problem",
    "describe_value",
    "is_plain_object",
    "js_json",
    "js_number",
    "normalise",
    "prepare_transaction",
    "read_inline_request",
    "trim_url",
    "type_issues",
    "validate",
    "with_referrer",
]

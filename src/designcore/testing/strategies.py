"""Hypothesis strategies of designcore's public domain values (extra ``testing``).

Every strategy draws values the domain accepts unless its name says otherwise
(``transaction_parameters_with_issue``, ``illegal_session_moves``): those draw a value
together with the issue the domain reports for it. Text is drawn from English, Yoruba, Igbo
and Hausa with the naira sign, as the product's users write it::

    from hypothesis import given
    from designcore.testing import strategies as dst

    @given(dst.documents())
    def test_my_exporter_reads_every_document(document):
        my_exporter.render(parse_document(document))
"""

from __future__ import annotations

import base64
import json
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from designcore.domain import checkout
from designcore.domain.auth_session import (
    TRANSITIONS,
    AuthEvent,
    AuthUser,
    Factor,
    FactorStatus,
    FactorType,
    Identity,
    Move,
    Session,
    SessionState,
    SessionStep,
)
from designcore.domain.checkout import FIELDS, MAX_SAFE_INTEGER, Kind, ParamIssue
from designcore.domain.document import (
    ALIGNS,
    FIGURE_TYPES,
    FONT_STYLES,
    FONT_WEIGHTS,
    MAX_ELEMENTS_PER_PAGE,
    SCHEMA_VERSION,
    UNITS,
    VERTICAL_ALIGNS,
)
from designcore.domain.exports import (
    MAX_DPI,
    MAX_PIXEL_RATIO,
    MIN_DPI,
    MIN_PIXEL_RATIO,
    ExportOptions,
)
from designcore.domain.payments import CURRENCY, Money, Plan, new_reference, premium_plan
from designcore.domain.premium import Viewer
from designcore.domain.profiles import (
    REFERRAL_CODE_ALPHABET,
    REFERRAL_CODE_LENGTH,
    CreditEntry,
    CreditReason,
    Profile,
)
from designcore.domain.rendering import RenderFormat
from designcore.domain.templates import FieldRequirement, Template, TemplateSummary
from designcore.testing._requires import missing

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("hypothesis", __name__, error) from error

__all__ = [
    "CATEGORIES",
    "PHRASES",
    "auth_users",
    "credit_ledgers",
    "documents",
    "elements",
    "export_options",
    "factors",
    "field_requirements",
    "identities",
    "illegal_session_moves",
    "legal_session_runs",
    "moments",
    "money",
    "naira",
    "page_requests",
    "plans",
    "profiles",
    "references",
    "rotation_settings",
    "session_moves",
    "session_states",
    "sessions",
    "template_summaries",
    "templates",
    "texts",
    "transaction_parameters",
    "transaction_parameters_with_issue",
    "viewers",
]

PHRASES: tuple[str, ...] = (
    # Yoruba
    "Ẹ ku ọdun",
    "Ọjọ́ ìsinmi",
    "Ẹ káàbọ̀",
    "Ìsìnkú",
    # Igbo
    "Ndewo",
    "Ọ̀nwa ọhụrụ",
    "Ụbọchị ọmụmụ",
    "Ekele",
    # Hausa
    "Barka da Sallah",
    "Ƙungiyar ɗalibai",
    "Ƴan uwa",
    "Sannu da zuwa",
    # English and money
    "Thanksgiving Service",
    "Grand Opening",
    "₦1,500",
    "₦25,000 only",
)
"""Phrases of the product's languages the text strategies mix in."""

CATEGORIES: tuple[str, ...] = (
    "Church",
    "Birthdays",
    "New Month",
    "Business & Industries",
    "Logos",
    "Weddings",
)
"""Category names the template strategies draw from."""

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ẹọṣẸỌṢáàéèíìóòúùńǹụịỤỊɓɗƙƴƁƊƘƳ₦&-,.!"

_NEVER_BEFORE = datetime(2020, 1, 1)
_NEVER_AFTER = datetime(2035, 12, 31)


def texts(*, min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[str]:
    """Text as users write it: a phrase of :data:`PHRASES`, letters of English, Yoruba, Igbo
    and Hausa with ``₦``, or both joined by a space; at most ``max_size`` characters."""
    letters = st.text(_LETTERS, min_size=min_size, max_size=max_size)
    fitting = [p for p in PHRASES if min_size <= len(p) <= max_size]
    phrase = st.sampled_from(fitting) if fitting else st.nothing()
    # Cut to size rather than filtered, so that short texts do not make hypothesis give up.
    joined = st.builds(
        lambda a, b: f"{a} {b}".strip()[:max_size], st.sampled_from(PHRASES), letters
    ).filter(lambda t: min_size <= len(t))
    return st.one_of(phrase, letters, joined)


def _names(max_size: int = 60) -> st.SearchStrategy[str]:
    """Non-blank text."""
    return texts(min_size=1, max_size=max_size).filter(lambda text: text.strip() != "")


def moments(
    *, after: datetime = _NEVER_BEFORE, before: datetime = _NEVER_AFTER
) -> st.SearchStrategy[datetime]:
    """Timezone-aware moments (UTC) between ``after`` and ``before`` (naive bounds)."""
    return st.datetimes(min_value=after, max_value=before, timezones=st.just(UTC))


# ----------------------------------------------------------------------------- templates


def field_requirements() -> st.SearchStrategy[FieldRequirement]:
    """Fields a template asks to be filled."""
    return st.builds(
        FieldRequirement,
        key=st.from_regex(r"[a-z][a-z_]{0,15}", fullmatch=True),
        label=_names(30),
        element_id=st.from_regex(r"[a-z][a-z0-9]{0,7}", fullmatch=True),
        required=st.booleans(),
    )


@st.composite
def templates(
    draw: st.DrawFn, *, premium: bool | None = None, with_document: bool | None = None
) -> Template:
    """Templates with a unique id: any category of :data:`CATEGORIES`, free or premium
    (``premium`` fixes which), with an editor document from :func:`documents` or none
    (``with_document`` fixes which); ``updated_at`` is never before ``created_at``."""
    created = draw(moments())
    is_premium = draw(st.booleans()) if premium is None else premium
    has_document = draw(st.booleans()) if with_document is None else with_document
    return Template(
        id=str(uuid.UUID(int=draw(st.integers(0, 2**128 - 1)), version=4)),
        name=draw(_names()),
        category=draw(st.sampled_from(CATEGORIES)),
        sub_category=draw(st.none() | _names(30)),
        preview_url=draw(
            st.none()
            | st.from_regex(
                r"/storage/v1/object/public/template-previews/[a-z0-9]{1,12}\.png", fullmatch=True
            )
        ),
        template_type=(
            draw(st.sampled_from(["premium", "Premium", "PREMIUM"]))
            if is_premium
            else draw(st.sampled_from([None, "free", "Free"]))
        ),
        description=draw(st.none() | texts(max_size=80)),
        tags=tuple(draw(st.lists(_names(20), max_size=4))),
        semantic_keywords=tuple(draw(st.lists(_names(20), max_size=4))),
        design_intent=draw(st.none() | texts(max_size=80)),
        created_at=created,
        updated_at=created + draw(st.timedeltas(timedelta(0), timedelta(days=400))),
        polotno_json=draw(documents(max_pages=2, max_elements=4)) if has_document else None,
        field_requirements=tuple(draw(st.lists(field_requirements(), max_size=3))),
    )


def template_summaries(**options: Any) -> st.SearchStrategy[TemplateSummary]:
    """Light variants (everything but the document) of :func:`templates` (same options)."""
    return templates(**options).map(Template.summary)


# ----------------------------------------------------------------------------- documents

_SIZES = st.integers(1, 4000) | st.floats(1, 4000, allow_nan=False)
_COORDINATES = st.integers(-2000, 4000) | st.floats(-2000, 4000, allow_nan=False)
_NON_NEGATIVE = st.integers(0, 500) | st.floats(0, 500, allow_nan=False)
_UNIT = st.floats(0, 1, allow_nan=False)
_COLOURS = st.sampled_from(
    ["black", "white", "#1d3557", "#f4efe6", "rgb(0, 161, 255)", "rgba(0,0,0,0.5)", "#E63946"]
)
_PIXEL_PNG = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
    "HwAFAAH/q842iQAAAABJRU5ErkJggg=="
)
_SQUARE_SVG = (
    "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'>"
    "<rect width='10' height='10' fill='%23E63946'/></svg>"
)


def _common(draw: st.DrawFn, kind: str, ident: str) -> dict[str, Any]:
    element: dict[str, Any] = {
        "id": ident,
        "type": kind,
        "x": draw(_COORDINATES),
        "y": draw(_COORDINATES),
        "width": draw(_SIZES),
        "height": draw(_SIZES),
    }
    optional = {
        "name": texts(max_size=20),
        "rotation": st.integers(-360, 360),
        "opacity": _UNIT,
        "visible": st.booleans(),
        "shadowEnabled": st.booleans(),
        "shadowBlur": _NON_NEGATIVE,
        "shadowColor": _COLOURS,
        "blurEnabled": st.booleans(),
        "blurRadius": _NON_NEGATIVE,
        "filters": st.fixed_dictionaries(
            {"contrast": st.fixed_dictionaries({"intensity": st.floats(-1, 1)})}
        ),
    }
    for key in draw(st.sets(st.sampled_from(sorted(optional)), max_size=3)):
        element[key] = draw(optional[key])
    return element


@st.composite
def _text_element(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    element = _common(draw, "text", ident)
    element.update(
        text=draw(texts(max_size=60)),
        fontSize=draw(st.integers(6, 200)),
        fontFamily=draw(st.sampled_from(["Roboto", "Montserrat", "Noto Sans", "Playfair Display"])),
        fontStyle=draw(st.sampled_from(FONT_STYLES)),
        fontWeight=draw(st.sampled_from(FONT_WEIGHTS)),
        fill=draw(_COLOURS),
        align=draw(st.sampled_from(ALIGNS)),
        verticalAlign=draw(st.sampled_from(VERTICAL_ALIGNS)),
        lineHeight=draw(
            st.floats(0.5, 3, allow_nan=False) | st.just("auto") | st.sampled_from(["120%", "90%"])
        ),
        letterSpacing=draw(st.floats(-0.2, 1, allow_nan=False)),
    )
    return element


@st.composite
def _image_element(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    element = _common(draw, "image", ident)
    crop_x, crop_y = draw(_UNIT), draw(_UNIT)
    element.update(
        src=_PIXEL_PNG,
        cropX=crop_x,
        cropY=crop_y,
        cropWidth=draw(st.floats(0, 1 - crop_x, allow_nan=False)),
        cropHeight=draw(st.floats(0, 1 - crop_y, allow_nan=False)),
        cornerRadius=draw(_NON_NEGATIVE),
        flipX=draw(st.booleans()),
        flipY=draw(st.booleans()),
    )
    return element


@st.composite
def _svg_element(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    element = _common(draw, "svg", ident)
    element.update(
        src=_SQUARE_SVG,
        colorsReplace=draw(st.dictionaries(_COLOURS, _COLOURS, max_size=2)),
        keepRatio=draw(st.booleans()),
    )
    return element


@st.composite
def _figure_element(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    element = _common(draw, "figure", ident)
    element.update(
        subType=draw(st.sampled_from(FIGURE_TYPES)),
        fill=draw(_COLOURS),
        stroke=draw(_COLOURS),
        strokeWidth=draw(_NON_NEGATIVE),
        cornerRadius=draw(_NON_NEGATIVE),
        dash=draw(st.lists(st.integers(0, 20), max_size=4)),
    )
    return element


@st.composite
def _line_element(draw: st.DrawFn, ident: str) -> dict[str, Any]:
    element = _common(draw, "line", ident)
    heads = st.sampled_from(["", "arrow", "triangle", "circle", "square", "bar"])
    element.update(
        color=draw(_COLOURS),
        dash=draw(st.lists(st.integers(0, 20), max_size=4)),
        startHead=draw(heads),
        endHead=draw(heads),
    )
    return element


_LEAVES = {
    "text": _text_element,
    "image": _image_element,
    "svg": _svg_element,
    "figure": _figure_element,
    "line": _line_element,
}


@st.composite
def elements(draw: st.DrawFn, *, ident: str = "e1", groups: bool = True) -> dict[str, Any]:
    """One element of any type the document model knows (text, image, svg, figure, line,
    and with ``groups`` a group of up to three of the others), as editor JSON."""
    kinds = [*_LEAVES, "group"] if groups else list(_LEAVES)
    kind = draw(st.sampled_from(kinds))
    if kind != "group":
        return draw(_LEAVES[kind](ident))
    element = _common(draw, "group", ident)
    size = draw(st.integers(0, 3))
    element["children"] = [draw(elements(ident=f"{ident}-{n}", groups=False)) for n in range(size)]
    return element


@st.composite
def documents(draw: st.DrawFn, *, max_pages: int = 3, max_elements: int = 8) -> dict[str, Any]:
    """Editor documents (Polotno JSON, schema version 4) that
    :func:`designcore.domain.document.parse_document` accepts: one to ``max_pages`` pages of
    up to ``max_elements`` elements each (every type, groups included; never above
    :data:`~designcore.domain.document.MAX_ELEMENTS_PER_PAGE`), sides up to 4,000 px, text in
    English, Yoruba, Igbo and Hausa with ``₦``. Ids are unique in the document."""
    max_elements = min(max_elements, MAX_ELEMENTS_PER_PAGE // 4)
    pages = []
    for page_number in range(draw(st.integers(1, max_pages))):
        count = draw(st.integers(0, max_elements))
        children = [draw(elements(ident=f"p{page_number}e{n}")) for n in range(count)]
        page: dict[str, Any] = {
            "id": f"p{page_number}",
            "background": draw(_COLOURS | st.just("linear-gradient(#fff, #000)")),
            "children": children,
        }
        if draw(st.booleans()):
            page["width"] = draw(_SIZES | st.just("auto"))
            page["height"] = draw(_SIZES | st.just("auto"))
        pages.append(page)
    document: dict[str, Any] = {
        "width": draw(st.integers(100, 4000)),
        "height": draw(st.integers(100, 4000)),
        "pages": pages,
        "schemaVersion": SCHEMA_VERSION,
    }
    if draw(st.booleans()):
        document["unit"] = draw(st.sampled_from(UNITS))
        document["dpi"] = draw(st.sampled_from([72, 96, 150, 300]))
    return document


# ----------------------------------------------------------------------------- money and plans


def money(currency: str | None = None, *, max_minor: int = 10**12) -> st.SearchStrategy[Money]:
    """Amounts in minor units (kobo for NGN), 0 to ``max_minor``, in ``currency`` or any
    code of three upper-case letters."""
    currencies = st.just(currency) if currency else st.from_regex(r"[A-Z]{3}", fullmatch=True)
    return st.builds(Money, st.integers(0, max_minor), currencies)


def naira(*, max_minor: int = 10**12) -> st.SearchStrategy[Money]:
    """Amounts in naira (``NGN``, in kobo)."""
    return money(CURRENCY, max_minor=max_minor)


def plans() -> st.SearchStrategy[Plan]:
    """The Premium Plan, with or without a provider's plan code."""
    return st.builds(premium_plan, st.none() | st.from_regex(r"PLN_[a-z0-9]{8,14}", fullmatch=True))


def references() -> st.SearchStrategy[str]:
    """Payment references as :func:`~designcore.domain.payments.new_reference` makes them."""
    return st.builds(
        new_reference,
        moments(),
        st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=4, max_size=32),
    )


def page_requests() -> st.SearchStrategy[Any]:
    """Page requests (1-based page, size 1 to 100)."""
    from designcore.domain.pagination import PageRequest

    return st.builds(PageRequest, st.integers(1, 1000), st.integers(1, 100))


# ----------------------------------------------------------------------------- checkout

_BY_NAME = {field.name: field for field in FIELDS}
_VALUE_OF_KIND: dict[Kind, st.SearchStrategy[Any]] = {
    Kind.STRING: texts(min_size=1, max_size=20),
    Kind.STRING_OR_NUMBER: texts(min_size=1, max_size=20) | st.integers(1, 10**9),
    Kind.AMOUNT: st.integers(1, MAX_SAFE_INTEGER),
    Kind.FLAG: st.sampled_from([True, False, "true", "false"]),
    Kind.STRING_ARRAY: st.lists(st.sampled_from(["card", "bank", "ussd", "qr"]), max_size=3),
    Kind.ARRAY: st.lists(st.integers(0, 9), max_size=3),
    Kind.OBJECT: st.dictionaries(
        st.sampled_from(["order", "note", "custom_fields"]), texts(max_size=10), max_size=2
    ),
}
_WRONG_FOR_KIND: dict[Kind, st.SearchStrategy[Any]] = {
    Kind.STRING: st.integers(0, 99) | st.booleans() | st.lists(st.none(), max_size=1),
    Kind.STRING_OR_NUMBER: st.booleans() | st.lists(st.none(), max_size=1) | st.just({}),
    Kind.AMOUNT: st.sampled_from([0, -5, 12.5, MAX_SAFE_INTEGER + 1, "1500", True]),
    Kind.FLAG: st.sampled_from(["yes", 1, 0, "TRUE", "on"]),
    Kind.STRING_ARRAY: st.sampled_from(["card", 5, {"a": "card"}]),
    Kind.ARRAY: st.sampled_from(["a", 5, {"a": 1}]),
    Kind.OBJECT: st.sampled_from(["meta", 5, ["a"], True]),
}
_OPTIONAL = (
    "currency",
    "label",
    "firstName",
    "lastName",
    "reference",
    "phone",
    "channels",
    "metadata",
    "orderId",
    "language",
)


@st.composite
def transaction_parameters(draw: st.DrawFn) -> dict[str, Any]:
    """Payment-popup parameters that
    :func:`~designcore.domain.checkout.prepare_transaction` accepts: ``key``, ``amount``
    (whole kobo up to 2**53 - 1) and ``email``, with some optional fields, each under its
    canonical name or one of its aliases."""
    params: dict[str, Any] = {
        "key": "pk_test_" + draw(st.from_regex(r"[a-z0-9]{8,20}", fullmatch=True)),
        "amount": draw(_VALUE_OF_KIND[Kind.AMOUNT]),
        "email": draw(st.from_regex(r"[a-z]{1,10}@[a-z]{1,10}\.(com|ng)", fullmatch=True)),
    }
    for name in draw(st.sets(st.sampled_from(_OPTIONAL), max_size=4)):
        field = _BY_NAME[name]
        params[draw(st.sampled_from(field.names))] = draw(_VALUE_OF_KIND[field.kind])
    return params


@st.composite
def transaction_parameters_with_issue(draw: st.DrawFn) -> tuple[Any, ParamIssue]:
    """Parameters that break one documented rule, which
    :func:`~designcore.domain.checkout.prepare_transaction` refuses, with the issue
    :func:`~designcore.domain.checkout.validate` reports among its issues:
    not an object (``Transaction parameters should be a non-empty object``), a
    required field missing or empty (``Required parameter missing: key``, ``amount`` or
    ``email``), or
    a field of the wrong type (``Invalid parameter type: <name as given>``)."""
    rule = draw(st.sampled_from(["shape", "missing", "type", "channel", "callback"]))
    if rule == "shape":
        raw: Any = draw(st.sampled_from([[], "key=pk_test", 1500, None, True]))
        return raw, ParamIssue("", checkout.NON_EMPTY_OBJECT)
    params = draw(transaction_parameters())
    if rule == "missing":
        name = draw(st.sampled_from(["key", "amount", "email"]))
        del params[name]
        if name != "amount" and draw(st.booleans()):
            params[name] = ""  # an empty string counts as missing (an empty amount is mistyped)
        return params, ParamIssue(name, f"Required parameter missing: {name}")
    if rule == "channel":
        for alias in _BY_NAME["channels"].names:
            params.pop(alias, None)
        channels: list[Any] = draw(st.lists(st.sampled_from(["card", "bank"]), max_size=3))
        index = draw(st.integers(0, len(channels)))
        channels.insert(index, draw(st.integers(0, 9) | st.booleans() | st.none()))
        params["channels"] = channels
        path = f"channels[{index}]"
        return params, ParamIssue(path, f"Invalid parameter type: {path}")
    if rule == "callback":
        name = draw(st.sampled_from(checkout.CALLBACK_NAMES))
        params[name] = draw(st.sampled_from(["alert('paid')", 1, True, ["f"]]))
        return params, ParamIssue(name, f"Invalid parameter type: {name}")
    field = draw(st.sampled_from(FIELDS))
    for alias in field.names:
        params.pop(alias, None)
    given = draw(st.sampled_from(field.names))
    value = draw(_WRONG_FOR_KIND[field.kind])
    params[given] = value
    return params, ParamIssue(field.name, f"Invalid parameter type: {given}")


# ----------------------------------------------------------------------------- profiles, credits


@st.composite
def profiles(draw: st.DrawFn) -> Profile:
    """Profiles: free, premium or lapsed; some admins; names in the product's languages."""
    created = draw(moments())
    status, plan = draw(
        st.sampled_from([(None, None), ("active", "premium"), ("expired", "premium")])
    )
    return Profile(
        id=str(uuid.UUID(int=draw(st.integers(0, 2**128 - 1)), version=4)),
        email=draw(st.from_regex(r"[a-z]{1,12}@[a-z]{1,10}\.(com|ng)", fullmatch=True)),
        first_name=draw(texts(max_size=20)),
        last_name=draw(texts(max_size=20)),
        subscription_status=status,
        subscription_plan=plan,
        user_role=draw(st.sampled_from([None, None, "admin"])),
        referral_code=draw(
            st.text(
                REFERRAL_CODE_ALPHABET, min_size=REFERRAL_CODE_LENGTH, max_size=REFERRAL_CODE_LENGTH
            )
        ),
        created_at=created,
        updated_at=created,
    )


@st.composite
def credit_ledgers(
    draw: st.DrawFn, *, user_id: str | None = None, max_size: int = 20
) -> list[CreditEntry]:
    """A user's credits ledger, oldest first: referral rewards, adjustments and spends, each
    reference unique per reason, never spending below zero (the sum is the balance)."""
    owner = user_id or str(uuid.uuid4())
    at = draw(moments(before=datetime(2030, 1, 1)))
    entries: list[CreditEntry] = []
    balance = 0
    for n in range(draw(st.integers(0, max_size))):
        reason = draw(st.sampled_from(list(CreditReason)))
        if reason is CreditReason.SPEND:
            if balance == 0:
                continue
            delta = -draw(st.integers(1, balance))
        elif reason is CreditReason.ADJUSTMENT:
            delta = draw(st.integers(1, 100))
        else:
            delta = 10
        balance += delta
        at += draw(st.timedeltas(timedelta(0), timedelta(days=30)))
        entries.append(
            CreditEntry(
                id=str(uuid.uuid4()),
                user_id=owner,
                delta=delta,
                reason=reason,
                reference=f"{reason.value}-{n}",
                created_at=at,
            )
        )
    return entries


# ----------------------------------------------------------------------------- sessions

_MOVES: list[Move] = [*AuthEvent, *SessionStep]


def session_states() -> st.SearchStrategy[SessionState]:
    """Any state of the session state machine."""
    return st.sampled_from(list(SessionState))


def session_moves() -> st.SearchStrategy[Move]:
    """Any move (auth event or internal step), legal or not."""
    return st.sampled_from(_MOVES)


def illegal_session_moves() -> st.SearchStrategy[tuple[SessionState, Move]]:
    """A state and a move its transition table refuses (``IllegalTransition``)."""
    illegal = [
        (state, move)
        for state in SessionState
        for move in _MOVES
        if (state, move) not in TRANSITIONS
    ]
    return st.sampled_from(illegal)


@st.composite
def legal_session_runs(draw: st.DrawFn, *, max_moves: int = 20) -> list[Move]:
    """A run of legal moves from ``loading``: each move is in the transition table for the
    state the previous ones led to."""
    state = SessionState.LOADING
    run: list[Move] = []
    for _ in range(draw(st.integers(0, max_moves))):
        options: Sequence[Move] = sorted(
            (move for (s, move) in TRANSITIONS if s is state), key=lambda m: m.value
        )
        move = draw(st.sampled_from(options))
        run.append(move)
        state = TRANSITIONS[(state, move)]
    return run


def _json_values() -> st.SearchStrategy[Any]:
    return st.recursive(
        st.none() | st.booleans() | st.integers() | texts(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(texts(max_size=5), inner, max_size=3)
        ),
        max_leaves=6,
    )


def _metadata() -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(texts(max_size=6), _json_values(), max_size=3)


def _maybe_moments() -> st.SearchStrategy[datetime | None]:
    return st.none() | moments()


def factors() -> st.SearchStrategy[Factor]:
    """MFA factors as the auth API describes them: any type and status, a name or none."""
    return st.builds(
        Factor,
        id=st.uuids().map(str),
        factor_type=st.sampled_from(list(FactorType)),
        status=st.sampled_from(list(FactorStatus)),
        friendly_name=st.none() | texts(max_size=8),
        phone=st.none() | st.from_regex(r"\+234[0-9]{10}", fullmatch=True),
        created_at=_maybe_moments(),
        updated_at=_maybe_moments(),
    )


def identities() -> st.SearchStrategy[Identity]:
    """A user's sign-in identities (``email`` or ``google``) with JSON identity data."""
    return st.builds(
        Identity,
        identity_id=st.uuids().map(str),
        id=st.uuids().map(str),
        user_id=st.uuids().map(str),
        provider=st.sampled_from(["email", "google"]),
        identity_data=_metadata(),
        created_at=_maybe_moments(),
        last_sign_in_at=_maybe_moments(),
        updated_at=_maybe_moments(),
    )


def auth_users() -> st.SearchStrategy[AuthUser]:
    """Users as the auth API answers them: with or without an e-mail, JSON metadata in the
    product's languages, up to two identities and three factors, dates or none."""
    return st.builds(
        AuthUser,
        id=st.uuids().map(str),
        email=st.none() | st.emails(),
        email_confirmed_at=_maybe_moments(),
        phone=st.just("") | st.from_regex(r"\+234[0-9]{10}", fullmatch=True),
        app_metadata=_metadata(),
        user_metadata=_metadata(),
        identities=st.lists(identities(), max_size=2).map(tuple),
        factors=st.lists(factors(), max_size=3).map(tuple),
        created_at=_maybe_moments(),
        updated_at=_maybe_moments(),
        last_sign_in_at=_maybe_moments(),
    )


def _base64url_json(value: dict[str, Any]) -> str:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.urlsafe_b64encode(text).decode("ascii").rstrip("=")


@st.composite
def sessions(
    draw: st.DrawFn,
    *,
    now: datetime | None = None,
    users: st.SearchStrategy[AuthUser] | None = None,
) -> Session:
    """Sessions issued up to a day before ``now`` (or any moment), living 60 s to a day,
    with a user drawn from ``users`` (default: a user with only an id and an e-mail address;
    :func:`auth_users` draws whole ones).

    The access token is a JWT as the auth API issues it (ES256 header, base64url JSON
    claims, an unchecked signature): :func:`~designcore.domain.auth_session.token_claims`
    and :func:`~designcore.domain.auth_session.assurance_level` read it. Its claims are
    ``sub`` (the user's id), ``email``, ``role``, ``session_id``, ``iat`` and ``exp``
    (the session's times), ``aal`` (``aal2`` only when the user has a verified factor) and
    ``amr`` (``password``, ``otp`` or ``oauth``, then ``totp`` at ``aal2``)."""
    issued = (
        draw(moments())
        if now is None
        else now - draw(st.timedeltas(timedelta(0), timedelta(days=1)))
    )
    lifetime = draw(st.integers(60, 86_400))
    serial = draw(st.integers(1, 2**31))
    if users is None:
        user = AuthUser(
            id=str(uuid.UUID(int=serial, version=4)),
            email=draw(st.from_regex(r"[a-z]{1,12}@[a-z]{1,10}\.(com|ng)", fullmatch=True)),
        )
    else:
        user = draw(users)
    issued_at = int(issued.timestamp())
    level = "aal2" if len(user.verified_factors) > 0 and draw(st.booleans()) else "aal1"
    methods = [
        {"method": draw(st.sampled_from(["password", "otp", "oauth"])), "timestamp": issued_at}
    ]
    if level == "aal2":
        methods.insert(0, {"method": "totp", "timestamp": issued_at})
    claims: dict[str, Any] = {
        "sub": user.id,
        "email": user.email or "",
        "role": "authenticated",
        "aud": "authenticated",
        "session_id": str(uuid.UUID(int=draw(st.integers(0, 2**128 - 1)), version=4)),
        "iat": issued_at,
        "exp": issued_at + lifetime,
        "aal": level,
        "amr": methods,
    }
    header = _base64url_json({"alg": "ES256", "typ": "JWT", "kid": f"k{serial % 97}"})
    signature = base64.urlsafe_b64encode(draw(st.binary(min_size=64, max_size=64)))
    return Session(
        access_token=f"{header}.{_base64url_json(claims)}.{signature.decode().rstrip('=')}",
        refresh_token=draw(st.from_regex(r"[a-z0-9]{12,32}", fullmatch=True)),
        expires_at=issued_at + lifetime,
        expires_in=lifetime,
        user=user,
    )


def viewers() -> st.SearchStrategy[Viewer]:
    """Who may be asking for a template or a download: visitors, free and premium users
    (the status and plan spelled in any case, with spaces, or lapsed), admins; the fields
    are drawn independently, so every combination comes up."""
    return st.builds(
        Viewer,
        user_id=st.none() | st.uuids().map(str),
        subscription_status=st.none()
        | st.sampled_from(["active", " ACTIVE ", "cancelled", "", "trialing"]),
        subscription_plan=st.none() | st.sampled_from(["premium", "Premium", "free", ""]),
        user_role=st.none() | st.sampled_from(["admin", "user"]),
    )


@st.composite
def export_options(draw: st.DrawFn) -> ExportOptions:
    """Download options ``ExportOptions`` accepts: any format, a pixel ratio or a DPI (never
    both, and no pixel ratio for a PDF) or neither, some pages or all, spending a credit or
    not."""
    format = draw(st.sampled_from(list(RenderFormat)))
    ratio = (
        None
        if format is RenderFormat.PDF
        else draw(st.none() | st.floats(MIN_PIXEL_RATIO, MAX_PIXEL_RATIO))
    )
    dpi = None if ratio is not None else draw(st.none() | st.floats(MIN_DPI, MAX_DPI))
    return ExportOptions(
        format=format,
        pixel_ratio=ratio,
        dpi=dpi,
        pages=draw(st.none() | st.lists(st.integers(0, 20), min_size=1, unique=True)),
        spend_credit=draw(st.booleans()),
    )


@st.composite
def rotation_settings(draw: st.DrawFn, *, max_minutes: int = 600) -> dict[str, timedelta]:
    """Signing-key rotation settings ``plan_rotation`` accepts, as its keyword arguments:
    ``rotate_every`` of 2 to ``max_minutes`` minutes, ``publish_ahead`` shorter than it,
    ``token_lifetime`` of 1 to 900 minutes (whole minutes)."""
    rotate_every = draw(st.integers(2, max_minutes))
    return {
        "rotate_every": timedelta(minutes=rotate_every),
        "publish_ahead": timedelta(minutes=draw(st.integers(1, rotate_every - 1))),
        "token_lifetime": timedelta(minutes=draw(st.integers(1, 900))),
    }

"""The Logo Maker's rules: a brand kit (name, tagline, industry, up to two colours) and how it is
set into a logo template's document. Pure: measuring text is the caller's (a ``TextFitter``).

A logo template marks its editable texts by element id: ``…-brand_name`` and ``…-tagline`` (the
seed catalogue's field keys). Its brand colours are the fills of its shapes, biggest area first:
the first brand colour replaces the most prominent one, the second the next, everywhere they are
used (fills, strokes, line colours, text colours), so a logo keeps its design in new colours.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from designcore.domain.document import HEX_COLOUR
from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.premium import Viewer
from designcore.domain.text_layout import SMALLEST_SHARE, shrink_to_fit

LOGOS_CATEGORY = "Logos"
"""The catalogue category whose templates the Logo Maker shows."""
MAX_BRAND_NAME = 40
MAX_TAGLINE = 60
MAX_COLOURS = 2
FIELDS = ("brand_name", "tagline")
__all__ = ["SMALLEST_SHARE", "shrink_to_fit"]  # the text-fitting rules, shared with prompting


@attrs.frozen
class BrandKit:
    """What a user types into the Logo Maker."""

    brand_name: str
    tagline: str = ""
    industry: str | None = None
    colors: tuple[str, ...] = ()
    """Up to two ``#rrggbb`` colours, lower case; first the main one."""


def _text(
    raw: Mapping[str, Any],
    name: str,
    key: str,
    limit: int,
    issues: list[FieldIssue],
    *,
    required: bool,
) -> str:
    given = raw.get(key)
    if given is not None and not isinstance(given, str):
        issues.append(FieldIssue(key, "must be text"))
        return ""
    value = " ".join((given or "").split())
    if required and not value:
        issues.append(FieldIssue(key, f"give the {name}"))
    elif len(value) > limit:
        issues.append(FieldIssue(key, f"must be at most {limit} characters"))
    return value


def parse_brand_kit(raw: object, industries: tuple[str, ...] = ()) -> BrandKit:
    """A brand kit from a request body (``brand_name``, ``tagline``, ``industry``, ``colors``);
    raises ``ValidationFailed`` naming each bad field. ``industry`` must be one of
    ``industries`` when given (empty or null: any)."""
    if not isinstance(raw, Mapping):
        raise ValidationFailed([FieldIssue("body", "must be a JSON object")])
    issues: list[FieldIssue] = []
    unknown = sorted(set(raw) - {"brand_name", "tagline", "industry", "colors"})
    for key in unknown:
        issues.append(FieldIssue(str(key), "is not a field of the Logo Maker"))
    name = _text(raw, "brand name", "brand_name", MAX_BRAND_NAME, issues, required=True)
    tagline = _text(raw, "tagline", "tagline", MAX_TAGLINE, issues, required=False)
    industry = raw.get("industry") or None
    if industry is not None and (not isinstance(industry, str) or industry not in industries):
        issues.append(FieldIssue("industry", f"must be one of {', '.join(industries)}"))
    colors = raw.get("colors") or []
    if not isinstance(colors, list) or len(colors) > MAX_COLOURS:
        issues.append(FieldIssue("colors", f"must be a list of at most {MAX_COLOURS} colours"))
        colors = []
    for index, colour in enumerate(colors):
        if not isinstance(colour, str) or not HEX_COLOUR.fullmatch(colour):
            issues.append(FieldIssue(f"colors[{index}]", "must be a colour like #1a2b3c"))
    if issues:
        raise ValidationFailed(issues)
    return BrandKit(
        brand_name=name,
        tagline=tagline,
        industry=industry if isinstance(industry, str) else None,
        colors=tuple(str(c).lower() for c in colors),
    )


def _elements(children: list[Any]) -> Iterator[dict[str, Any]]:
    for child in children:
        if isinstance(child, dict):
            yield child
            if isinstance(child.get("children"), list):
                yield from _elements(child["children"])


def _all_elements(document: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    for page in document.get("pages") or []:
        if isinstance(page, dict) and isinstance(page.get("children"), list):
            yield from _elements(page["children"])


def field_of(element: Mapping[str, Any]) -> str | None:
    """The brand field a text element holds (``brand_name``, ``tagline``), or ``None``."""
    if element.get("type") != "text":
        return None
    element_id = str(element.get("id", ""))
    for field in FIELDS:
        if element_id == field or element_id.endswith(f"-{field}"):
            return field
    return None


def brand_colours(document: Mapping[str, Any]) -> list[str]:
    """The colours of a logo's shapes, the biggest total area first (lower case)."""
    areas: dict[str, float] = {}
    for element in _all_elements(document):
        if element.get("type") in {"text", "group"}:
            continue
        width = float(element.get("width") or 0)
        height = float(element.get("height") or 0)
        for key in ("fill", "stroke", "color"):
            value = element.get(key)
            if key == "stroke" and not float(element.get("strokeWidth") or 0):
                continue  # an invisible stroke is no brand colour
            if isinstance(value, str) and HEX_COLOUR.fullmatch(value):
                area = width * height if key == "fill" else width * max(height, 1) * 0.25
                areas[value.lower()] = areas.get(value.lower(), 0.0) + area
    return sorted(areas, key=lambda colour: (-areas[colour], colour))


FitText = Callable[[Mapping[str, Any], str], float]
"""The font size at which a text element holds a new text (see ``TextFitter``)."""


def brand_document(document: Mapping[str, Any], kit: BrandKit, fit: FitText) -> dict[str, Any]:
    """A copy of a logo template's ``document`` with the kit set in: the brand name and
    tagline in their elements at the size ``fit`` answers (never larger than the template's),
    and the brand colours in place of the template's most prominent shape colours. An empty
    tagline leaves its element empty (the layout keeps its place)."""
    branded = copy.deepcopy(dict(document))
    mapping = dict(zip(brand_colours(branded), kit.colors, strict=False))
    texts = {"brand_name": kit.brand_name, "tagline": kit.tagline}
    for element in _all_elements(branded):
        for key in ("fill", "stroke", "color"):
            value = element.get(key)
            if isinstance(value, str) and value.lower() in mapping:
                element[key] = mapping[value.lower()]
        field = field_of(element)
        if field is None:
            continue
        text = texts[field]
        original = float(element.get("fontSize") or 0)
        if text and original > 0:  # measured against the template's own text first
            fitted = max(fit(element, text), original * SMALLEST_SHARE)
            element["fontSize"] = round(min(original, fitted), 1)
        element["text"] = text
    return branded


def is_locked(viewer: Viewer, *, premium_model_on: bool) -> bool:
    """Whether ``viewer`` must upgrade before opening or downloading any logo: the Logo Maker is
    a premium tool (spec: "the Logo Maker tool" is part of Premium), so while the premium model
    is on every logo is locked to whoever is not premium, and the previews mark exactly these."""
    return premium_model_on and not viewer.is_premium


def check_can_open(viewer: Viewer, *, premium_model_on: bool) -> None:
    """The Logo Maker is a premium feature while the premium model is on: anyone sees the
    previews, but opening a logo in the editor (or downloading it) needs a signed-in user
    (``sign_in_required``) who is premium (``upgrade_required``) unless the model is off."""
    if not viewer.signed_in:
        raise NotAllowed("sign in to open a logo in the editor", code="sign_in_required")
    if is_locked(viewer, premium_model_on=premium_model_on):
        raise NotAllowed(
            "the Logo Maker is a premium feature: upgrade to open this logo",
            code="upgrade_required",
        )


LOGO_EXPORT_FORMATS = ("png", "svg")
"""What a logo downloads as: a PNG with a transparent background, or SVG."""


def transparent(document: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``document`` whose pages have no background (a logo to put on anything)."""
    clear = copy.deepcopy(dict(document))
    for page in clear.get("pages") or []:
        if isinstance(page, dict):
            page["background"] = "transparent"
    return clear


def parse_export_format(raw: object) -> str:
    """``png`` or ``svg``; raises ``ValidationFailed`` naming ``format``."""
    if raw not in LOGO_EXPORT_FORMATS:
        raise ValidationFailed([FieldIssue("format", "must be png or svg")])
    return str(raw)

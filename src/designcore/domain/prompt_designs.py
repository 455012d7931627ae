"""Design prompting, second half: which templates answer a prompt, and the template filled in.

:func:`rank_templates` orders candidate templates by how well they answer an
:class:`~designcore.domain.prompting.Understanding`: the category first, then the sub-category,
the format, the words the prompt shares with the template's keywords, and how many of the
template's ``field_requirements`` the prompt fills. :func:`fill_document` writes the prompt's
details into a copy of a template's document: each field the template asks for gets its value
(in capitals where the template writes in capitals, after a label such as "RSVP:" kept as it
was), and a detail the template writes inside a longer text ("Join us on Saturday, 14 March at
The Ivory Hall") is replaced where the same reading finds it. A text that grows shrinks to fit
its box by the text-layout rules the renderer and the editor share (``fit``, as the Logo Maker
does); a detail the prompt does not give keeps the template's own text.

Pure: the measuring is passed in.
"""

from __future__ import annotations

import copy
import enum
import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from designcore.domain import prompt_lexicon as lexicon
from designcore.domain.errors import DesignCoreError, NotAllowed
from designcore.domain.premium import Viewer
from designcore.domain.profiles import InsufficientCredits
from designcore.domain.prompting import FoundField, Understanding, normalised_words, understand
from designcore.domain.templates import Template, document_size, is_premium_type

RESULTS_PER_ROUND = 4
"""Designs answered per prompt, and per regeneration."""

MAX_ROUNDS = 6
"""How many rounds of four one prompt can give (the best 24 candidates)."""

FitText = Callable[[Mapping[str, Any], str], float]
"""The font size at which a text element holds a new text (the Logo Maker's ``FitText``)."""

FIELD_TARGETS: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "speaker": ("speaker",),
    "age": ("age",),
    "date": ("date",),
    "time": ("time",),
    "venue": ("venue",),
    "location": ("location",),
    "phone": ("phone",),
    "price": ("price",),
    "offer": ("offer",),
    "email": ("email",),
    "website": ("website",),
    "handle": ("handle",),
    "org": ("org",),
    "brand": ("brand", "brand_name"),
    "tagline": ("tagline",),
    "month": ("month",),
    "role": ("role",),
}
"""Which template fields each prompt detail fills."""

SUBSTITUTED_IN_TEXT = frozenset(
    {
        "date",
        "time",
        "venue",
        "location",
        "phone",
        "price",
        "email",
        "website",
        "handle",
        "speaker",
        "brand",
        "org",
    }
)
"""Details replaced where the template writes them inside a longer text."""

_FORMAT_SIZES = {(1080, 1920): "story", (1080, 1080): "square", (1080, 1350): "flyer"}


def template_format(template: Template) -> str | None:
    """The format of a template: ``logo`` for the Logos category, else by its page size."""
    if template.category == "Logos":
        return "logo"
    size = document_size(template.polotno_json)
    if size is None:
        return None
    width, height = size
    if (width, height) in _FORMAT_SIZES:
        return _FORMAT_SIZES[(width, height)]
    if height > width * 1.5:
        return "story"
    if abs(height - width) <= width * 0.05:
        return "square"
    return "flyer" if height > width else None


@attrs.frozen
class RankedTemplate:
    """A candidate and why it ranks where it does."""

    template: Template
    score: float
    filled: tuple[str, ...]
    """The template's fields the prompt fills."""


def values_for_template(understanding: Understanding, template: Template) -> dict[str, str]:
    """The template's field keys the prompt gives a value for, with the value."""
    wanted = {req.key for req in template.field_requirements if req.kind == "text"}
    values: dict[str, str] = {}
    found = understanding.as_mapping()
    for key, targets in FIELD_TARGETS.items():
        if key not in found:
            continue
        for target in targets:
            if target in wanted and target not in values:
                values[target] = found[key]
    if "venue" in values and "location" in found and "location" not in wanted:
        values["venue"] = f"{values['venue']}, {found['location']}"
    if "venue" not in values and "venue" in wanted and "location" in found:
        values["venue"] = found["location"]
    if "location" in values and "venue" in found and "venue" not in wanted:
        values["location"] = f"{found['venue']}, {values['location']}"
    if "org" in wanted and "org" not in values and "brand" in found:
        values["org"] = found["brand"]
    if "brand" in wanted and "brand" not in values and "org" in found:
        values["brand"] = found["org"]
    if "day" in wanted and "date" in found:
        weekday = _weekday_of(found["date"])
        if weekday:
            values["day"] = weekday
    if "month_number" in wanted and "month" in found:
        number = _month_number(found["month"])
        if number:
            values["month_number"] = f"{number:02d}"
    if "quote" in wanted and "tagline" in found:
        values["quote"] = found["tagline"]
    if "handle" in wanted and "handle" not in values:
        for key in ("website", "email"):
            if key in found:
                values["handle"] = found[key]
                break
    return values


def _weekday_of(date: str) -> str | None:
    for word in re.findall(r"[a-z]+", date.lower()):
        for day in lexicon.WEEKDAYS:
            if word in {day, day + "s"} or (len(word) >= 3 and day.startswith(word)):
                return day.capitalize()
    return None


def _month_number(month: str) -> int | None:
    word = month.lower().rstrip(".")
    if word in lexicon.MONTHS:
        return lexicon.MONTHS.index(word) + 1
    return lexicon.MONTH_ABBREVIATIONS.get(word)


def _template_words(template: Template) -> set[str]:
    text = " ".join(
        [
            template.name,
            template.sub_category or "",
            template.design_intent or "",
            " ".join(template.tags),
            " ".join(template.semantic_keywords),
        ]
    )
    return {w for w in normalised_words(text).split() if w not in lexicon.STOP_WORDS}


def rank_templates(
    understanding: Understanding,
    candidates: Sequence[Template],
    *,
    requested_format: str | None = None,
    allow_premium: bool = True,
) -> list[RankedTemplate]:
    """``candidates`` best first for ``understanding`` (see the module documentation); a
    premium template only when ``allow_premium``. Ties keep the newest first, then by id, so the
    order is the same every time."""
    intent = understanding.intent
    fmt = requested_format or intent.format
    prompt_words = {
        w for w in normalised_words(understanding.prompt).split() if w not in lexicon.STOP_WORDS
    }
    category_scores = dict(intent.scores)
    ranked: list[RankedTemplate] = []
    for template in candidates:
        if not allow_premium and is_premium_type(template.template_type):
            continue
        score = 0.0
        if intent.category is not None and template.category == intent.category:
            score += 10
        else:
            score += min(category_scores.get(template.category, 0.0), 6) / 2
        if intent.sub_category is not None and template.category == intent.category:
            score += 4 if template.sub_category == intent.sub_category else -1.5
        age = understanding.value("age")
        if template.sub_category == "Kids" and age and age.isdigit():
            score += 1 if int(age) <= lexicon.KIDS_AGE_LIMIT else -4
        ages = lexicon.BIRTHDAY_AGE_SUB_CATEGORIES
        if age and age.isdigit() and template.sub_category in ages.values():
            # A template written for another age ("Eighteen and free") says the wrong age.
            score += 0 if ages.get(int(age)) == template.sub_category else -5
        own = template_format(template)
        if fmt is not None:
            score += 3 if own == fmt else -2
        shared = prompt_words & _template_words(template)
        score += min(len(shared), 8) * 0.5
        values = values_for_template(understanding, template)
        text_fields = [req for req in template.field_requirements if req.kind == "text"]
        given = {f.key for f in understanding.fields}
        if given:  # how many of the prompt's details the template has room for
            held = {key for key in given if set(FIELD_TARGETS.get(key, ())) & set(values)}
            score += 3 * len(held) / len(given)
        if text_fields:
            score += 4 * len(values) / len(text_fields)
            missing = sum(1 for req in text_fields if req.required and req.key not in values)
            score -= 0.2 * missing
        ranked.append(RankedTemplate(template, round(score, 4), tuple(sorted(values))))
    ranked.sort(key=lambda r: (-r.score, -r.template.created_at.timestamp(), r.template.id))
    return ranked


def page_of_results(ranked: Sequence[RankedTemplate], round_number: int) -> list[RankedTemplate]:
    """The ``round_number``-th four (from 0); empty past :data:`MAX_ROUNDS`."""
    if round_number < 0 or round_number >= MAX_ROUNDS:
        return []
    start = round_number * RESULTS_PER_ROUND
    return list(ranked[start : start + RESULTS_PER_ROUND])


# --- filling --------------------------------------------------------------------------------


def _elements(children: object) -> Iterator[dict[str, Any]]:
    if not isinstance(children, list):
        return
    for child in children:
        if isinstance(child, dict):
            yield child
            yield from _elements(child.get("children"))


_LABEL = re.compile(r"^([A-Za-z][A-Za-z /&'’]{1,24}:\s+)")


def _as_written(value: str, original: str) -> str:
    """``value`` in capitals when the template's text is written in capitals."""
    letters = [c for c in original if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 1:
        return value.upper()
    return value


def _replace_whole(original: str, value: str) -> str:
    label = _LABEL.match(original)
    if label is not None and not _LABEL.match(value):
        rest = original[label.end() :]
        return label.group(1) + _as_written(value, rest)
    return _as_written(value, original)


@functools.lru_cache(maxsize=4096)
def _reading(text: str) -> Understanding:
    """The reading of a template's own text (the same texts come back for every prompt)."""
    return understand(text)


def _substitute(original: str, found: Mapping[str, str], keys: frozenset[str]) -> str:
    """``original`` with each detail the same reading finds in it replaced by the prompt's."""
    reading = _reading(original)
    pieces: list[str] = []
    at = 0
    for field in sorted(reading.fields, key=lambda f: f.start):
        key = _equivalent(field, found)
        if key is None or key not in keys:
            continue
        pieces.append(original[at : field.start])
        pieces.append(_as_written(found[key], original[field.start : field.end]))
        at = field.end
    pieces.append(original[at:])
    return "".join(pieces)


def _equivalent(field: FoundField, found: Mapping[str, str]) -> str | None:
    if field.key in found:
        return field.key
    if field.key == "name" and "speaker" in found:
        return None
    if field.key == "org" and "brand" in found:
        return "brand"
    if field.key == "brand" and "org" in found:
        return "org"
    return None


def _is_a_name(text: str) -> bool:
    """Whether the whole of ``text`` reads as a titled name."""
    reading = _reading(text)
    names = [f for f in reading.fields if f.key in {"name", "speaker"}]
    return len(names) == 1 and names[0].end - names[0].start >= 0.8 * len(text.strip())


def fill_document(
    template: Template, understanding: Understanding, fit: FitText
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A copy of the template's document with the prompt's details in place, and the template
    fields that were filled (see the module documentation)."""
    document = copy.deepcopy(dict(template.polotno_json or {}))
    values = values_for_template(understanding, template)
    found = understanding.as_mapping()
    by_element = {
        req.element_id: req.key for req in template.field_requirements if req.kind == "text"
    }
    filled: set[str] = set()
    for page in document.get("pages") or []:
        if not isinstance(page, dict):
            continue
        for element in _elements(page.get("children")):
            if element.get("type") != "text" or not isinstance(element.get("text"), str):
                continue
            original: str = element["text"]
            key = by_element.get(str(element.get("id")))
            if key is not None and key in values:
                text = _replace_whole(original, values[key])
                filled.add(key)
            elif key is None or key in SUBSTITUTED_IN_TEXT or key in {"message", "details"}:
                text = _substitute(original, found, SUBSTITUTED_IN_TEXT)
            elif key == "headline" and "name" in found and _is_a_name(original):
                # "Chief (Mrs) Folake Adebayo" as a birthday's headline: the celebrant.
                text = _replace_whole(original, found["name"])
                filled.add(key)
            else:
                continue
            if text == original:
                continue
            size = float(element.get("fontSize") or 0)
            if size > 0:
                element["fontSize"] = round(min(size, fit(element, text)), 1)
            element["text"] = text
    return document, tuple(sorted(filled))


# --- who may prompt, and what it costs -----------------------------------------------------

VISITOR_DAILY_PROMPTS = 3
"""Prompts (and regenerations) a signed-out visitor may try a day, counted per address."""

FREE_DAILY_PROMPTS = 5
"""Prompts and regenerations a free member gets each day before each costs a credit."""

PROMPT_CREDIT_COST = 1
"""Credits one prompt or regeneration costs a free member past the daily allowance."""

FAIR_USE_PER_HOUR = 120
"""Premium prompting is unlimited within this many prompts an hour (a person, not a script)."""


class PromptPlan(enum.Enum):
    """Which prompting allowance applies to a viewer."""

    VISITOR = "visitor"
    FREE = "free"
    UNLIMITED = "unlimited"


@attrs.frozen
class PromptQuota:
    """How many prompts a plan allows in a window before the plan's next rule applies."""

    limit: int
    window_seconds: int


DAY_SECONDS = 24 * 60 * 60
QUOTAS = {
    PromptPlan.VISITOR: PromptQuota(VISITOR_DAILY_PROMPTS, DAY_SECONDS),
    PromptPlan.FREE: PromptQuota(FREE_DAILY_PROMPTS, DAY_SECONDS),
    PromptPlan.UNLIMITED: PromptQuota(FAIR_USE_PER_HOUR, 60 * 60),
}
"""Each plan's counted allowance: a visitor's and a free member's a day (by address, by
account), a premium member's fair use an hour."""


def prompt_plan(viewer: Viewer, *, premium_model_on: bool) -> PromptPlan:
    """Visitors are counted by address; premium members and admins (and every member while the
    premium model is off) are unlimited within fair use; other members are free."""
    if not viewer.signed_in:
        return PromptPlan.VISITOR
    if viewer.is_premium or viewer.is_admin or not premium_model_on:
        return PromptPlan.UNLIMITED
    return PromptPlan.FREE


class PromptRateLimited(DesignCoreError):
    """A premium member past the hourly fair-use limit (answered 429 with Retry-After)."""

    code = "prompt_rate_limited"

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Whole seconds after which trying again may succeed."""


class PromptRefusal(enum.Enum):
    """Why a prompt is refused; the value is the error code the API answers."""

    SIGN_IN_REQUIRED = "sign_in_required"
    INSUFFICIENT_CREDITS = "insufficient_credits"
    FAIR_USE = "prompt_rate_limited"


@attrs.frozen
class PromptRefused:
    """The prompt is not run."""

    reason: PromptRefusal
    message: str
    """Why, in words the caller can act on."""

    def error(self, retry_after: int = 0) -> DesignCoreError:
        """The domain error to raise for this refusal."""
        if self.reason is PromptRefusal.INSUFFICIENT_CREDITS:
            return InsufficientCredits(self.message)
        if self.reason is PromptRefusal.FAIR_USE:
            return PromptRateLimited(self.message, retry_after=retry_after)
        return NotAllowed(self.message, code=self.reason.value)


@attrs.frozen
class PromptAllowed:
    """The prompt runs, at this cost."""

    credits: int
    """Credits to spend once the designs are made (0 or :data:`PROMPT_CREDIT_COST`)."""


PromptDecision = PromptAllowed | PromptRefused


def decide_prompt(plan: PromptPlan, *, within_quota: bool, credit_balance: int) -> PromptDecision:
    """Whether one more prompt (or regeneration) runs under ``plan``, and what it costs.

    ``within_quota`` says whether the plan's :data:`QUOTAS` allowance still had room (the
    caller counts it). Past it a visitor must sign in, a premium member waits (fair use), and a
    free member pays :data:`PROMPT_CREDIT_COST` credit from ``credit_balance``.
    """
    if within_quota:
        return PromptAllowed(credits=0)
    if plan is PromptPlan.VISITOR:
        return PromptRefused(
            PromptRefusal.SIGN_IN_REQUIRED,
            f"you have tried {VISITOR_DAILY_PROMPTS} prompts today: sign in for more",
        )
    if plan is PromptPlan.UNLIMITED:
        return PromptRefused(
            PromptRefusal.FAIR_USE,
            f"{FAIR_USE_PER_HOUR} prompts in an hour is the fair-use limit: try again "
            "in a few minutes",
        )
    if credit_balance < PROMPT_CREDIT_COST:
        return PromptRefused(
            PromptRefusal.INSUFFICIENT_CREDITS,
            f"your {FREE_DAILY_PROMPTS} free prompts for today are used and a prompt costs "
            f"{PROMPT_CREDIT_COST} credit: you have {max(credit_balance, 0)}. Upgrade to "
            "Premium for unlimited prompting",
        )
    return PromptAllowed(credits=PROMPT_CREDIT_COST)

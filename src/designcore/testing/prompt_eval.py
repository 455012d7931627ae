"""Scoring a prompt reader against an evaluation set (``tests/prompt_eval/`` holds ours).

An entry is ``{prompt, category, sub_category, format, fields}`` (the set's README). A detail
read counts as found when its key is the expected one and its value, compared without case,
surrounding white space or punctuation, equals the expected value or one contains the other
(the set's README: "allow small words around a value", so "the 3rd of October" finds
"3rd of October"). Any ``PromptUnderstanding`` can be scored, ours or another program's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from designcore.domain.prompting import Understanding


@attrs.frozen
class Evaluation:
    """How a reader did on a set."""

    prompts: int
    category_accuracy: float
    sub_category_accuracy: float
    format_accuracy: float
    field_recall: float
    """Expected details found, out of all expected."""
    field_precision: float
    """Details read that were expected, out of all read."""
    missed: Mapping[str, int]
    """Expected details not found, by key."""
    extra: Mapping[str, int]
    """Details read that were not expected, by key."""
    wrong_category: tuple[str, ...]
    """The prompts whose category was wrong."""


def _normal(value: str) -> str:
    return re.sub(r"\s+", " ", value.replace("\u2019", "'").strip().lower()).strip(" .,;:!")


def _same(expected: str, read: str) -> bool:
    return expected == read or (len(expected) > 2 and (expected in read or read in expected))


def evaluate(
    entries: Iterable[Mapping[str, Any]], understand: Callable[[str], Understanding]
) -> Evaluation:
    """Score ``understand`` over ``entries`` (see the module documentation)."""
    count = category = sub_category = shape = 0
    found = expected_total = read_total = read_right = 0
    missed: Counter[str] = Counter()
    extra: Counter[str] = Counter()
    wrong: list[str] = []
    for entry in entries:
        count += 1
        reading = understand(entry["prompt"])
        if reading.intent.category == entry["category"]:
            category += 1
        else:
            wrong.append(entry["prompt"])
        sub_category += reading.intent.sub_category == entry["sub_category"]
        shape += reading.intent.format == entry["format"]
        expected = [
            (key, _normal(value))
            for key, values in entry["fields"].items()
            for value in (values if isinstance(values, list) else [values])
        ]
        read = [(field.key, _normal(field.value)) for field in reading.fields]
        for key, value in expected:
            expected_total += 1
            if any(k == key and _same(value, v) for k, v in read):
                found += 1
            else:
                missed[key] += 1
        for key, value in read:
            read_total += 1
            if any(k == key and _same(v, value) for k, v in expected):
                read_right += 1
            else:
                extra[key] += 1
    return Evaluation(
        prompts=count,
        category_accuracy=category / count if count else 0.0,
        sub_category_accuracy=sub_category / count if count else 0.0,
        format_accuracy=shape / count if count else 0.0,
        field_recall=found / expected_total if expected_total else 1.0,
        field_precision=read_right / read_total if read_total else 1.0,
        missed=dict(missed),
        extra=dict(extra),
        wrong_category=tuple(wrong),
    )

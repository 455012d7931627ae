"""The shared text-layout vectors (docs/text-layout.md): the editor's Jest tests read the same
file, so both sides break, measure and place lines alike.

Each vector's ``font`` is synthetic: an advance in pixels per character at the vector's font
size (``default`` for the others), kerning in pixels between two adjacent characters, and the
vertical metrics. The ``element`` holds the text element's own fields, as a document stores
them.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any

import pytest

from designcore.domain.text_layout import FontMetrics, MeasureText, TextLayout, layout_text
from support import VECTORS

TOLERANCE = 1e-6

TEXT_LAYOUT = json.loads((VECTORS / "text_layout.json").read_text(encoding="utf-8"))


def synthetic_measure(font: Mapping[str, Any]) -> MeasureText:
    """``measure`` of a vector's font: advances plus kerning pairs, no letter spacing."""
    advances: Mapping[str, float] = font["advances"]
    default = float(font["default"])
    kerning: Mapping[str, float] = font.get("kerning", {})

    def measure(text: str) -> float:
        total = sum(float(advances.get(char, default)) for char in text)
        total += sum(float(kerning.get(a + b, 0.0)) for a, b in itertools.pairwise(text))
        return total

    return measure


def layout_vector(vector: Mapping[str, Any]) -> TextLayout:
    """The layout of a vector's element, as the renderer lays it out."""
    font, element = vector["font"], vector["element"]
    cut = element.get("textOverflow") == "ellipsis"
    return layout_text(
        element["text"],
        measure=synthetic_measure(font),
        font_size=element["fontSize"],
        metrics=FontMetrics(
            ascent=font["ascent"], descent=font["descent"], line_gap=font.get("lineGap", 0.0)
        ),
        width=element["width"],
        height=element.get("height", 0),
        line_height=element.get("lineHeight", 1.2),
        letter_spacing=element.get("letterSpacing", 0.0),
        ellipsis=cut,
        fixed_height=cut,
        align=element.get("align", "left"),
        vertical_align=element.get("verticalAlign", "top"),
    )


def describe(layout: TextLayout) -> dict[str, Any]:
    """A layout in the vectors' shape."""
    return {
        "boxHeight": layout.box_height,
        "lineHeight": layout.line_height,
        "lines": [
            {
                "text": line.text,
                "width": line.width,
                "x": line.x,
                "top": line.top,
                "baseline": line.baseline,
                "spaceExtra": line.space_extra,
            }
            for line in layout.lines
        ],
    }


def close(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return expected.keys() == actual.keys() and all(
            close(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return len(expected) == len(actual) and all(map(close, expected, actual))
    if isinstance(expected, float | int) and not isinstance(expected, bool):
        return abs(expected - actual) <= TOLERANCE
    return bool(expected == actual)


@pytest.mark.parametrize("vector", TEXT_LAYOUT["vectors"], ids=lambda v: v["name"])
def test_text_layout_vector(vector: dict[str, Any]) -> None:
    """The renderer's layout is the vector's expected layout."""
    actual = describe(layout_vector(vector))
    assert close(vector["expected"], actual), json.dumps(actual, ensure_ascii=False, indent=1)


def test_vector_names_are_unique() -> None:
    """Each vector can be named in a failure message."""
    names = [vector["name"] for vector in TEXT_LAYOUT["vectors"]]
    assert len(names) == len(set(names))


UPPERCASE = json.loads((VECTORS / "text_uppercase.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", UPPERCASE["cases"], ids=lambda c: c["name"])
def test_uppercase_vector(case: dict[str, str]) -> None:
    """The uppercase command's mapping is Python's str.upper (JavaScript's toUpperCase): the
    editor's Jest tests read the same cases."""
    assert case["output"] == case["input"].upper()

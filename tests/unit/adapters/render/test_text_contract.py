"""The shared text vectors with the bundled fonts (tests/contract/vectors/text_fonts.json): the
renderer's runs and lines; the editor's browser test checks the same file in Chromium."""

from __future__ import annotations

import json
from typing import Any

import pytest

from designcore.adapters.render.fonts import FontLibrary, TextShaper
from designcore.domain.text_layout import TextLayout, layout_text
from support import VECTORS

TOLERANCE = 0.5
"""Pixels: the browser's shaping and ours differ by sub-pixel amounts."""

TEXT_FONTS = json.loads((VECTORS / "text_fonts.json").read_text(encoding="utf-8"))


@pytest.fixture(name="fonts", scope="module")
def fixture_fonts() -> FontLibrary:
    """The bundled families, loaded once for the module."""
    return FontLibrary()


def _shaper(fonts: FontLibrary, element: dict[str, Any]) -> TextShaper:
    chain, known = fonts.chain(element["fontFamily"], element["fontWeight"], element["fontStyle"])
    assert known, element["fontFamily"]
    return TextShaper(chain, element["fontSize"], spaced=element.get("letterSpacing", 0.0) != 0)


def lay_out_with_fonts(fonts: FontLibrary, element: dict[str, Any]) -> TextLayout:
    """The element's lines as the renderer lays them out."""
    shaper = _shaper(fonts, element)
    return layout_text(
        element["text"],
        measure=shaper.measure,
        font_size=element["fontSize"],
        metrics=shaper.metrics,
        width=element["width"],
        line_height=element.get("lineHeight", 1.2),
        letter_spacing=element.get("letterSpacing", 0.0),
        align=element.get("align", "left"),
    )


def runs_of(fonts: FontLibrary, element: dict[str, Any]) -> list[dict[str, str]]:
    """Which family draws which characters of the element's text."""
    shaper = _shaper(fonts, element)
    names = [
        choice.typeface.getFamilyName()
        for choice in fonts.chain(
            element["fontFamily"], element["fontWeight"], element["fontStyle"]
        )[0]
    ]
    return [
        {"family": names[index], "text": part} for index, part in shaper.segments(element["text"])
    ]


@pytest.mark.parametrize("vector", TEXT_FONTS["vectors"], ids=lambda v: v["name"])
def test_text_fonts_vector(fonts: FontLibrary, vector: dict[str, Any]) -> None:
    """Runs and line texts match exactly; measures within half a pixel."""
    element, expected = vector["element"], vector["expected"]
    assert expected["runs"] == runs_of(fonts, element)
    layout = lay_out_with_fonts(fonts, element)
    assert [line["text"] for line in expected["lines"]] == [line.text for line in layout.lines]
    assert expected["boxHeight"] == pytest.approx(layout.box_height, abs=TOLERANCE)
    for wanted, line in zip(expected["lines"], layout.lines, strict=True):
        for key, actual in (
            ("width", line.width),
            ("x", line.x),
            ("top", line.top),
            ("baseline", line.baseline),
            ("spaceExtra", line.space_extra),
        ):
            assert wanted[key] == pytest.approx(actual, abs=TOLERANCE), (line.text, key)


@pytest.mark.parametrize("vector", TEXT_FONTS["vectors"], ids=lambda v: v["name"])
def test_text_fonts_vectors_are_not_on_a_knife_edge(
    fonts: FontLibrary, vector: dict[str, Any]
) -> None:
    """Every vector breaks its lines the same in a box 1.5 px narrower or wider, so the
    browser's sub-pixel differences cannot move a break."""
    element = vector["element"]
    wanted = [line["text"] for line in vector["expected"]["lines"]]
    for change in (-1.5, 1.5):
        moved = lay_out_with_fonts(fonts, {**element, "width": element["width"] + change})
        assert wanted == [line.text for line in moved.lines], change

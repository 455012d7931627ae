"""Text measured as the renderer draws it: :func:`designcore.domain.text_layout.layout_text`
over the bundled fonts, shaped with HarfBuzz by the renderer's own
:class:`~designcore.adapters.render.fonts.TextShaper`.

The seed layouts size every text with this, so a headline's box is exactly as tall as its lines
and no word is ever cut between two lines (Konva, and so the web editor, break lines the same
way from the same fonts).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from designcore.adapters.render.fonts import FontChoice, FontLibrary, TextShaper
from designcore.domain.text_layout import Align, TextLayout, layout_text


class TextMeasurer:
    """Lays out text in the bundled fonts; one per catalogue build (it caches shapers)."""

    def __init__(self, fonts: FontLibrary | None = None) -> None:
        self._fonts = fonts or FontLibrary()
        self._shapers: dict[tuple[str, str, str, float, bool], TextShaper] = {}
        self._chains: dict[tuple[str, str, str], tuple[FontChoice, ...]] = {}

    def knows(self, family: str) -> bool:
        """Whether ``family`` is bundled."""
        return self._fonts.knows(family)

    def shaper(
        self, family: str, weight: str, style: str, size: float, *, spaced: bool = False
    ) -> TextShaper:
        """The shaper of one family, weight, style and size (``spaced``: for letter-spaced
        text, without the optional ligatures)."""
        key = (family, weight, style, size, spaced)
        shaper = self._shapers.get(key)
        if shaper is None:
            chain = self._chains.get(key[:3])
            if chain is None:
                chain, _ = self._fonts.chain(family, weight, style)
                self._chains[key[:3]] = chain
            shaper = TextShaper(chain, size, spaced=spaced)
            self._shapers[key] = shaper
        return shaper

    def layout(
        self,
        text: str,
        *,
        family: str,
        size: float,
        width: float,
        weight: str = "normal",
        style: str = "normal",
        line_height: float = 1.2,
        letter_spacing: float = 0.0,
        align: Align = "left",
    ) -> TextLayout:
        """The lines of ``text`` in a box ``width`` wide, as the renderer lays them out."""
        shaper = self.shaper(family, weight, style, size, spaced=letter_spacing != 0)
        return layout_text(
            text,
            measure=shaper.measure,
            font_size=size,
            metrics=shaper.metrics,
            width=width,
            line_height=line_height,
            letter_spacing=letter_spacing,
            align=align,
        )


def keeps_words_whole(text: str, layout: TextLayout) -> bool:
    """Whether ``layout`` breaks ``text`` only between words: no word is cut, none dropped.

    A break after a hyphen counts as a cut, so ``CITY-WIDE`` must fit on one line.
    """
    lines = iter(layout.lines)
    for paragraph in text.split("\n"):
        parts: list[str] = []
        for line in lines:
            parts.append(line.text)
            if line.last_in_paragraph:
                break
        if " ".join(parts).split() != paragraph.split():
            return False
    return next(lines, None) is None


class MeasuredTextFitter:
    """The :class:`~designcore.ports.rendering.TextFitter` over :class:`TextMeasurer`: the Logo
    Maker shrinks a brand name that would overflow its box with it."""

    def __init__(self, measurer: TextMeasurer | None = None) -> None:
        self._measurer = measurer or TextMeasurer()

    def line_count(self, element: Mapping[str, Any], text: str, font_size: float) -> int | None:
        """Lines of ``text`` set as ``element`` at ``font_size``; ``None`` when a word is cut.
        An unknown family is measured in the bundled fallback, as the renderer draws it."""
        family = str(element.get("fontFamily") or "Roboto")
        align = element.get("align")
        layout = self._measurer.layout(
            text,
            family=family,
            size=font_size,
            width=float(element.get("width") or 0) or math.inf,
            weight=str(element.get("fontWeight") or "normal"),
            style=str(element.get("fontStyle") or "normal"),
            line_height=float(element.get("lineHeight") or 1.2),
            letter_spacing=float(element.get("letterSpacing") or 0),
            align=align if align in {"left", "center", "right", "justify"} else "left",
        )
        return len(layout.lines) if keeps_words_whole(text, layout) else None

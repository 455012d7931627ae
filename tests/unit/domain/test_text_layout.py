"""Text layout: Konva's line breaking, letter spacing, line height and alignment."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.text_layout import (
    ELLIPSIS,
    FontMetrics,
    layout_text,
    line_height_px,
    split_clusters,
)

METRICS = FontMetrics(ascent=8.0, descent=2.0)


def mono(text: str) -> float:
    """Every character is 10 px wide (combining marks 0)."""
    return 10.0 * len(split_clusters(text))


def texts(layout_lines: object) -> list[str]:
    return [line.text for line in layout_lines]  # type: ignore[attr-defined]


class TestWrapping:
    def test_short_text_is_one_line(self) -> None:
        """A paragraph that fits stays on one line."""
        layout = layout_text("hello", measure=mono, font_size=10, metrics=METRICS, width=100)
        assert ["hello"] == texts(layout.lines)

    def test_wraps_at_the_last_space(self) -> None:
        """Words move to the next line whole; spaces at the cut disappear."""
        layout = layout_text("aaa bbb ccc", measure=mono, font_size=10, metrics=METRICS, width=75)
        assert ["aaa bbb", "ccc"] == texts(layout.lines)

    def test_wraps_after_a_hyphen(self) -> None:
        """A hyphen is a break opportunity and stays on the first line."""
        layout = layout_text("well-known", measure=mono, font_size=10, metrics=METRICS, width=60)
        assert ["well-", "known"] == texts(layout.lines)

    def test_long_word_breaks_between_characters(self) -> None:
        """A word wider than the box is cut where it stops fitting."""
        layout = layout_text("abcdefghij", measure=mono, font_size=10, metrics=METRICS, width=40)
        assert ["abcd", "efgh", "ij"] == texts(layout.lines)

    def test_char_wrap_ignores_spaces(self) -> None:
        """wrap='char' fills each line to the width."""
        layout = layout_text(
            "ab cd ef", measure=mono, font_size=10, metrics=METRICS, width=40, wrap="char"
        )
        assert ["ab c", "d ef"] == texts(layout.lines)

    def test_none_keeps_one_line_cut_at_the_width(self) -> None:
        """wrap='none' never makes a second line from one paragraph."""
        layout = layout_text(
            "aaa bbb ccc", measure=mono, font_size=10, metrics=METRICS, width=50, wrap="none"
        )
        assert ["aaa b"] == texts(layout.lines)

    def test_explicit_newlines_make_paragraphs(self) -> None:
        """Each ``\\n`` starts a new line and ends a paragraph."""
        layout = layout_text("one\ntwo", measure=mono, font_size=10, metrics=METRICS, width=100)
        assert ["one", "two"] == texts(layout.lines)
        assert [True, True] == [line.last_in_paragraph for line in layout.lines]

    def test_ellipsis_on_fixed_height(self) -> None:
        """With a fixed height, lines past it are dropped and the last ends in an ellipsis
        (room for the ellipsis is kept while cutting, so the cut falls one word earlier)."""
        layout = layout_text(
            "aaa bbb ccc ddd",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=75,
            height=12,
            line_height=1.0,
            ellipsis=True,
            fixed_height=True,
        )
        assert ["aaa" + ELLIPSIS] == texts(layout.lines)

    def test_combining_marks_stay_with_their_letter(self) -> None:
        """A Yoruba letter with two marks is one character for wrapping."""
        word = "o\u0323\u0301" * 5
        layout = layout_text(word, measure=mono, font_size=10, metrics=METRICS, width=20)
        assert ["o\u0323\u0301" * 2, "o\u0323\u0301" * 2, "o\u0323\u0301"] == texts(layout.lines)

    def test_no_character_fits(self) -> None:
        """When not even one character fits, the paragraph is dropped as Konva does."""
        layout = layout_text("abc", measure=mono, font_size=10, metrics=METRICS, width=5)
        assert [] == texts(layout.lines)


class TestSpacingAndHeights:
    def test_letter_spacing_is_a_fraction_of_the_font_size(self) -> None:
        """0.5 at 20 px adds 10 px after every character, the last one included."""
        layout = layout_text(
            "abc", measure=mono, font_size=20, metrics=METRICS, width=None, letter_spacing=0.5
        )
        assert 10.0 == layout.letter_spacing
        assert 30.0 + 30.0 == layout.lines[0].width

    @pytest.mark.parametrize(("align", "x"), [("left", 0.0), ("center", 20.0), ("right", 40.0)])
    def test_alignment_counts_the_spacing_after_the_last_character(
        self, align: str, x: float
    ) -> None:
        """A spaced line 60 px wide (30 of letters, 3 x 10 of spacing) in a box 100 wide: centred
        it starts at 20, right-aligned at 40, as the reference editor places it."""
        layout = layout_text(
            "abc",
            measure=mono,
            font_size=20,
            metrics=METRICS,
            width=100,
            letter_spacing=0.5,
            align=align,  # type: ignore[arg-type]
        )
        assert x == layout.lines[0].x

    @pytest.mark.parametrize(
        ("value", "expected"), [(1.5, 30.0), ("150%", 30.0), ("auto", 12.0), ("bad", 24.0)]
    )
    def test_line_height_forms(self, value: float | str, expected: float) -> None:
        """Numbers and percentages scale the font size; auto uses the font's metrics."""
        assert expected == line_height_px(value, 20, FontMetrics(9.0, 3.0))

    def test_half_leading_puts_glyphs_in_the_middle(self) -> None:
        """Baseline = line box middle + (ascent - descent) / 2."""
        layout = layout_text(
            "a", measure=mono, font_size=10, metrics=METRICS, width=100, line_height=2.0
        )
        assert 10.0 + 3.0 == layout.lines[0].baseline

    def test_height_zero_means_not_measured(self) -> None:
        """A height of 0 makes the box exactly as tall as its lines."""
        layout = layout_text(
            "a\nb",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=100,
            height=0,
            line_height=1.0,
        )
        assert 20.0 == layout.box_height

    @pytest.mark.parametrize(
        ("vertical", "top"), [("top", 0.0), ("middle", 40.0), ("bottom", 80.0)]
    )
    def test_vertical_alignment_in_a_fixed_box(self, vertical: str, top: float) -> None:
        """With a fixed height, lines sit at the top, middle or bottom of the box."""
        layout = layout_text(
            "a\nb",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=100,
            height=100,
            line_height=1.0,
            fixed_height=True,
            vertical_align=vertical,  # type: ignore[arg-type]
        )
        assert top == layout.lines[0].top
        assert 100.0 == layout.box_height

    @pytest.mark.parametrize("vertical", ["top", "middle", "bottom"])
    def test_a_taller_stored_box_is_refitted_to_its_lines(self, vertical: str) -> None:
        """Without a fixed height the box is re-fitted to its lines, as the reference editor
        does on load: a stored height of 100 becomes 20 and the lines start at its top."""
        layout = layout_text(
            "a\nb",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=100,
            height=100,
            line_height=1.0,
            vertical_align=vertical,  # type: ignore[arg-type]
        )
        assert 20.0 == layout.box_height
        assert 0.0 == layout.lines[0].top

    def test_short_measured_height_grows(self) -> None:
        """Without fixed_height, lines taller than the box keep all their text."""
        layout = layout_text(
            "a\nb\nc",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=100,
            height=10,
            line_height=1.0,
        )
        assert 3 == len(layout.lines)
        assert 30.0 == layout.box_height

    @pytest.mark.parametrize(("align", "x"), [("left", 0.0), ("center", 35.0), ("right", 70.0)])
    def test_horizontal_alignment(self, align: str, x: float) -> None:
        """Each line is placed by its own width."""
        layout = layout_text(
            "abc",
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=100,
            align=align,  # type: ignore[arg-type]
        )
        assert x == layout.lines[0].x

    def test_justify_spreads_spaces_except_on_the_last_line(self) -> None:
        """Justified lines gain space at each gap; the paragraph's last line does not."""
        layout = layout_text(
            "aa bb cc dd", measure=mono, font_size=10, metrics=METRICS, width=90, align="justify"
        )
        assert ["aa bb cc", "dd"] == texts(layout.lines)
        assert 5.0 == layout.lines[0].space_extra
        assert 0.0 == layout.lines[1].space_extra


words = st.lists(st.text(alphabet="abcdefẹọṣ", min_size=1, max_size=12), min_size=1, max_size=20)


class TestCharacters:
    @pytest.mark.parametrize(
        ("text", "characters"),
        [
            ("o\u0323\u0301a", ["o\u0323\u0301", "a"]),
            ("\U0001f44b\U0001f3fd!", ["\U0001f44b\U0001f3fd", "!"]),
            (
                "\U0001f468\u200d\U0001f469\u200d\U0001f467",
                ["\U0001f468\u200d\U0001f469\u200d\U0001f467"],
            ),
            (
                "\U0001f1f3\U0001f1ec\U0001f1ec\U0001f1ed",
                ["\U0001f1f3\U0001f1ec", "\U0001f1ec\U0001f1ed"],
            ),
            ("\U0001f1f3\U0001f1ec\U0001f1f3", ["\U0001f1f3\U0001f1ec", "\U0001f1f3"]),
        ],
        ids=["marks", "skin tone", "zwj family", "two flags", "flag and a lone indicator"],
    )
    def test_user_perceived_characters(self, text: str, characters: list[str]) -> None:
        """Marks, modifiers, joined emoji and flags (two regional indicators) are one
        character each, as Intl.Segmenter splits them."""
        assert characters == split_clusters(text)


class TestProperties:
    @given(
        words=words,
        width=st.integers(min_value=10, max_value=300),
        wrap=st.sampled_from(["word", "char"]),
    )
    def test_no_character_is_lost_and_every_line_fits(
        self, words: list[str], width: int, wrap: str
    ) -> None:
        """When every character fits the box, lines hold exactly the text's non-space
        characters, in order, and none is wider than the box."""
        text = " ".join(words)
        layout = layout_text(
            text,
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=width,
            wrap=wrap,  # type: ignore[arg-type]
        )
        assert text.replace(" ", "") == "".join(texts(layout.lines)).replace(" ", "")
        assert all(line.width <= width for line in layout.lines)

    @given(words=words, width=st.integers(min_value=10, max_value=300))
    def test_word_wrap_never_splits_a_word_that_fits(self, words: list[str], width: int) -> None:
        """A word no wider than the box is never cut in two."""
        layout = layout_text(
            " ".join(words), measure=mono, font_size=10, metrics=METRICS, width=width
        )
        pieces = [piece for line in layout.lines for piece in line.text.split(" ")]
        for word in words:
            if mono(word) <= width:
                assert word in pieces

    @given(
        words=words,
        spacing=st.floats(min_value=0, max_value=1),
        line_height=st.floats(min_value=0.5, max_value=3),
    )
    def test_lines_stack_one_line_height_apart(
        self, words: list[str], spacing: float, line_height: float
    ) -> None:
        """Consecutive lines are exactly one line height apart and the box holds them all."""
        layout = layout_text(
            "\n".join(words),
            measure=mono,
            font_size=10,
            metrics=METRICS,
            width=None,
            letter_spacing=spacing,
            line_height=line_height,
        )
        tops = [line.top for line in layout.lines]
        assert len(words) == len(tops)
        for first, second in itertools.pairwise(tops):
            assert second - first == pytest.approx(layout.line_height)
        assert layout.content_height == pytest.approx(layout.box_height)

"""Text shaping: kerning, mark positioning and font fallback, measured and drawn as Konva does."""

from __future__ import annotations

import io
from typing import Any

import pytest
import skia
from PIL import Image
from pypdf import PdfReader

from designcore.adapters.render import FontLibrary, SkiaRenderer
from designcore.adapters.render.fonts import GlyphRun, TextShaper
from designcore.domain.document import parse_document
from designcore.domain.rendering import RenderFormat

SIZE = 100.0


@pytest.fixture(name="fonts", scope="module")
def fixture_fonts() -> FontLibrary:
    """The bundled families, loaded once for the module."""
    return FontLibrary()


def shaper(fonts: FontLibrary, family: str, style: str = "normal") -> TextShaper:
    chain, known = fonts.chain(family, "normal", style)
    assert known
    return TextShaper(chain, SIZE)


def xs(runs: list[GlyphRun]) -> list[float]:
    return [x for run in runs for x, _ in run.positions]


def ink_boxes(runs: list[GlyphRun]) -> list[skia.Rect]:
    """The ink rectangle of every glyph at its place."""
    boxes = []
    for run in runs:
        for bounds, (x, y) in zip(run.font.getBounds(list(run.glyphs)), run.positions, strict=True):
            boxes.append(bounds.makeOffset(x, y))
    return boxes


class TestKerning:
    @pytest.mark.parametrize("pair", ["AV", "To", "Va"])
    def test_kerned_pairs_measure_narrower_than_their_letters(
        self, fonts: FontLibrary, pair: str
    ) -> None:
        """Roboto kerns these pairs: the shaped width is below the sum of the single
        advances by more than rounding."""
        roboto = shaper(fonts, "Roboto")
        apart = roboto.cluster_width(pair[0]) + roboto.cluster_width(pair[1])
        assert roboto.measure(pair) < apart - 1.0

    def test_an_unkerned_pair_measures_the_sum_of_its_letters(self, fonts: FontLibrary) -> None:
        """Without a kerning pair the shaped width is the plain sum of the advances."""
        roboto = shaper(fonts, "Roboto")
        apart = roboto.cluster_width("H") + roboto.cluster_width("H")
        assert apart == pytest.approx(roboto.measure("HH"), abs=1e-6)

    def test_unspaced_glyphs_are_placed_with_kerning(self, fonts: FontLibrary) -> None:
        """Drawn as a whole, the V starts where the kerned A ends, left of A's own advance."""
        roboto = shaper(fonts, "Roboto")
        runs, end = roboto.glyph_runs("AV")
        assert roboto.measure("AV") == pytest.approx(end)
        assert xs(runs)[1] < roboto.cluster_width("A") - 1.0

    def test_spaced_glyphs_keep_their_kerning(self, fonts: FontLibrary) -> None:
        """With letter spacing the line is still shaped as a whole: each letter sits at its
        kerned place moved right by the spacing times its index, and the pen ends a spacing
        after the last letter (the canvas's letterSpacing)."""
        roboto = shaper(fonts, "Roboto")
        runs, end = roboto.glyph_runs("AVA", letter_spacing=5.0)
        kerned = xs(roboto.glyph_runs("AVA")[0])
        assert [kerned[0], kerned[1] + 5.0, kerned[2] + 10.0] == pytest.approx(xs(runs))
        assert roboto.measure("AVA") + 15.0 == pytest.approx(end)

    def test_spacing_counts_characters_not_code_points(self, fonts: FontLibrary) -> None:
        """A letter and its combining marks take the spacing once, and move together."""
        montserrat = shaper(fonts, "Montserrat")
        word = "o\u0323\u0301a"
        runs, end = montserrat.glyph_runs(word, letter_spacing=4.0)
        plain = xs(montserrat.glyph_runs(word)[0])
        assert [*plain[:-1], plain[-1] + 4.0] == pytest.approx(xs(runs))
        assert montserrat.measure(word) + 8.0 == pytest.approx(end)

    def test_justified_glyphs_are_placed_letter_by_letter(self, fonts: FontLibrary) -> None:
        """Justified lines are drawn letter by letter as Konva draws them: each letter
        advances by its own width plus the spacing, with no kerning between letters."""
        roboto = shaper(fonts, "Roboto")
        runs, _ = roboto.glyph_runs("AVA", per_letter=True, letter_spacing=5.0)
        a, v = roboto.cluster_width("A"), roboto.cluster_width("V")
        assert [0.0, a + 5.0, a + v + 10.0] == pytest.approx(xs(runs))

    def test_spaced_text_is_shaped_without_optional_ligatures(self, fonts: FontLibrary) -> None:
        """Browsers drop the optional ligatures of letter-spaced text (CSS Text 3): 'fi'
        shapes to one glyph unspaced in a font with the ligature, to two when spaced."""
        chain, _ = fonts.chain("Playfair Display", "normal", "normal")
        plain = TextShaper(chain, SIZE).glyph_runs("fi")[0]
        spaced = TextShaper(chain, SIZE, spaced=True).glyph_runs("fi", letter_spacing=3.0)[0]
        assert 1 == sum(len(run.glyphs) for run in plain)
        assert 2 == sum(len(run.glyphs) for run in spaced)

    def test_justified_spaces_get_the_extra_before_them(self, fonts: FontLibrary) -> None:
        """Justification widens each space by ``space_extra``, as Konva moves the pen."""
        roboto = shaper(fonts, "Roboto")
        runs, end = roboto.glyph_runs("A A", per_letter=True, space_extra=7.0)
        a, space = roboto.cluster_width("A"), roboto.cluster_width(" ")
        assert [0.0, a + 7.0, a + 7.0 + space] == pytest.approx(xs(runs))
        assert 2 * a + space + 7.0 == pytest.approx(end)


class TestMarks:
    @pytest.mark.parametrize(
        ("family", "style"),
        [("Playfair Display", "italic"), ("Noto Sans", "normal"), ("Montserrat", "normal")],
    )
    @pytest.mark.parametrize("word", ["ọ̀", "ẹ́", "ṣ"])
    def test_combining_marks_sit_on_their_base_letter(
        self, fonts: FontLibrary, family: str, style: str, word: str
    ) -> None:
        """Every mark's ink is centred within the base letter's ink (GPOS anchors), not
        after it."""
        boxes = ink_boxes(shaper(fonts, family, style).glyph_runs(word)[0])
        base = boxes[0]
        for mark in boxes[1:]:
            assert base.left() < mark.centerX() < base.right()


class TestFallback:
    def test_runs_follow_the_fallback_chain(self, fonts: FontLibrary) -> None:
        """An emoji in Roboto text is its own run in the emoji font; the letters around it
        stay in Roboto, and no glyph is missing."""
        roboto = shaper(fonts, "Roboto")
        assert [0, 2, 0] == [index for index, _ in roboto.segments("A🎉B")]
        runs, _ = roboto.glyph_runs("AV🎉VA")
        assert ["Roboto", "Noto Emoji", "Roboto"] == [
            run.font.getTypeface().getFamilyName() for run in runs
        ]
        assert all(glyph != 0 for run in runs for glyph in run.glyphs)

    @pytest.mark.parametrize("family", ["Lora", "Playfair Display", "Oswald"])
    def test_a_letter_the_family_composes_stays_in_the_family(
        self, fonts: FontLibrary, family: str
    ) -> None:
        """These families have no precomposed ṣ (U+1E63) but have s and the combining dot
        below: HarfBuzz, like the browser, decomposes it and draws it in the family itself."""
        runs, _ = shaper(fonts, family).glyph_runs("Ẹ ṣé")
        assert [family] == [run.font.getTypeface().getFamilyName() for run in runs]
        assert all(glyph != 0 for run in runs for glyph in run.glyphs)

    @pytest.mark.parametrize("family", ["Bebas Neue", "Poppins", "Playfair Display", "Lora"])
    @pytest.mark.parametrize(("weight", "style"), [("normal", "normal"), ("bold", "italic")])
    def test_the_naira_sign_falls_back_to_noto_sans_in_the_same_style(
        self, fonts: FontLibrary, family: str, weight: str, style: str
    ) -> None:
        """Families without ₦ draw it in Noto Sans, the editor's and the renderer's shared
        fallback, in the face closest to the element's weight and style."""
        chain, _ = fonts.chain(family, weight, style)
        runs, _ = TextShaper(chain, SIZE).glyph_runs("₦5")
        naira = runs[0].font
        assert "Noto Sans" == naira.getTypeface().getFamilyName()
        bold, italic = weight == "bold", style == "italic"
        assert bold == (naira.getTypeface().fontStyle().weight() >= 600 or naira.isEmbolden())
        assert italic == (
            naira.getTypeface().fontStyle().slant() != skia.FontStyle.kUpright_Slant
            or naira.getSkewX() != 0
        )
        assert 0 not in runs[0].glyphs

    def test_a_letter_the_family_lacks_comes_from_noto_sans(self, fonts: FontLibrary) -> None:
        """Bebas Neue has no hooked Hausa letters: they are drawn in Noto Sans."""
        bebas = shaper(fonts, "Bebas Neue")
        runs, _ = bebas.glyph_runs("ƁA")
        assert "Noto Sans" == runs[0].font.getTypeface().getFamilyName()
        assert "Bebas Neue" == runs[-1].font.getTypeface().getFamilyName()


def text_document(letter_spacing: float, value: str = "AVAVAVAVAV") -> dict[str, Any]:
    return {
        "width": 900,
        "height": 200,
        "schemaVersion": 4,
        "pages": [
            {
                "id": "p",
                "background": "white",
                "children": [
                    {
                        "id": "t",
                        "type": "text",
                        "x": 10,
                        "y": 10,
                        "width": 880,
                        "height": 0,
                        "text": value,
                        "fontSize": SIZE,
                        "fontFamily": "Roboto",
                        "fill": "black",
                        "letterSpacing": letter_spacing,
                    }
                ],
            }
        ],
    }


def ink_width(png: bytes) -> int:
    image = Image.open(io.BytesIO(png)).convert("L").point(lambda v: 255 if v < 128 else 0)
    box = image.getbbox()
    assert box is not None
    return box[2] - box[0]


class TestRenderedText:
    def test_letter_spaced_text_keeps_its_kerning(self, fonts: FontLibrary) -> None:
        """A letter spacing of 0.1 (10 px at 100 px) widens the kerned AVAVAVAVAV by the
        spacing between its ten letters, not by the 20-odd pixels of its nine kerning pairs
        as letter-by-letter drawing would."""
        renderer = SkiaRenderer(fonts)
        kerned = renderer.render(parse_document(text_document(0.0)), format=RenderFormat.PNG)
        spaced = renderer.render(parse_document(text_document(0.1)), format=RenderFormat.PNG)
        roboto = shaper(fonts, "Roboto")
        word = "AVAVAVAVAV"
        kerning = sum(roboto.cluster_width(c) for c in word) - roboto.measure(word)
        assert kerning > 20
        difference = ink_width(spaced.pages[0]) - ink_width(kerned.pages[0])
        assert 9 * 0.1 * SIZE == pytest.approx(difference, abs=2.5)

    def test_shaped_text_stays_text_in_pdf(self, fonts: FontLibrary) -> None:
        """Glyphs placed by the shaper still extract as their characters from a PDF."""
        export = SkiaRenderer(fonts).render(
            parse_document(text_document(0.0, "AVATAR Tobi")), format=RenderFormat.PDF
        )
        assert "AVATAR Tobi" in PdfReader(io.BytesIO(export.data)).pages[0].extract_text()

"""The stop-gap Pillow preview renderer for Polotno documents."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from designcore.adapters.pillow import PillowPreviewRenderer
from designcore.app.seed.catalogue import LOGO_CATEGORY, seed_templates

Document = dict[str, Any]

BACKGROUND = (16, 32, 48)


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> PillowPreviewRenderer:
    return PillowPreviewRenderer()


def document(*children: dict[str, Any], width: int = 1080, height: int = 1350) -> Document:
    return {
        "width": width,
        "height": height,
        "fonts": [],
        "unit": "px",
        "dpi": 72,
        "pages": [{"id": "page-1", "background": "#102030", "children": list(children)}],
    }


def rect(
    x: float, y: float, width: float, height: float, fill: str, **extra: Any
) -> dict[str, Any]:
    return {
        "id": f"rect-{x}-{y}",
        "type": "figure",
        "subType": "rect",
        "x": x,
        "y": y,
        "width": width,
        "height": height,
        "fill": fill,
        **extra,
    }


def text(value: str, **extra: Any) -> dict[str, Any]:
    element: dict[str, Any] = {
        "id": "text-1",
        "type": "text",
        "x": 100,
        "y": 300,
        "width": 880,
        "height": 200,
        "text": value,
        "fontSize": 80,
        "fill": "#FFFFFF",
        "align": "center",
        "lineHeight": 1.2,
    }
    element.update(extra)
    return element


def png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert "PNG" == image.format
    return image.convert("RGB")


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return value


def seed_document(size: tuple[int, int], *, logo: bool = False) -> Document:
    for template in seed_templates():
        found = template["polotno_json"]
        if (found["width"], found["height"]) == size and (
            template["category"] == LOGO_CATEGORY
        ) is logo:
            result: Document = found
            return result
    raise AssertionError(f"no seed template of size {size}")


class TestSeedTemplates:
    @pytest.mark.parametrize(
        ("size", "logo", "width", "expected"),
        [
            ((1080, 1350), False, 400, (400, 500)),
            ((1080, 1080), False, 300, (300, 300)),
            ((1080, 1920), False, 270, (270, 480)),
            ((1000, 1000), True, 250, (250, 250)),
        ],
    )
    def test_renders_a_png_of_the_requested_width_and_aspect(
        self,
        renderer: PillowPreviewRenderer,
        size: tuple[int, int],
        logo: bool,
        width: int,
        expected: tuple[int, int],
    ) -> None:
        """A seed flyer, post, story and logo render at the asked width, aspect kept."""
        image = png(renderer.render_png(seed_document(size, logo=logo), width=width))
        assert expected == image.size

    def test_default_width_is_800(self, renderer: PillowPreviewRenderer) -> None:
        """Without a width the preview is 800 pixels wide, as the listing requests."""
        assert (800, 1000) == png(renderer.render_png(seed_document((1080, 1350)))).size

    def test_every_seed_template_renders(self, renderer: PillowPreviewRenderer) -> None:
        """No seed document makes the renderer fail."""
        for template in seed_templates():
            assert png(renderer.render_png(template["polotno_json"], width=120)).size[0] == 120


class TestPixels:
    def test_background_colour_fills_the_corners(self, renderer: PillowPreviewRenderer) -> None:
        """The page background shows in an empty corner."""
        image = png(renderer.render_png(document(), width=200))
        assert BACKGROUND == image.getpixel((0, 0))
        assert BACKGROUND == image.getpixel((199, 249))

    def test_a_rect_paints_its_area(self, renderer: PillowPreviewRenderer) -> None:
        """A red rect at a known position makes its pixels red, and only those."""
        image = png(renderer.render_png(document(rect(100, 200, 300, 200, "#FF0000")), width=540))
        assert (255, 0, 0) == image.getpixel((125, 150))
        assert BACKGROUND == image.getpixel((300, 150))

    def test_opacity_blends_with_what_is_below(self, renderer: PillowPreviewRenderer) -> None:
        """A half-transparent white rect over black gives mid grey."""
        doc = document(
            rect(0, 0, 1080, 1350, "#000000"), rect(0, 0, 1080, 1350, "#FFFFFF", opacity=0.5)
        )
        grey = pixel(png(renderer.render_png(doc, width=100)), (50, 60))
        assert all(120 <= channel <= 136 for channel in grey)

    def test_rgba_fill_is_understood(self, renderer: PillowPreviewRenderer) -> None:
        """CSS rgba() fills with a fractional alpha are blended too."""
        doc = document(rect(0, 0, 1080, 1350, "rgba(255, 255, 255, 0.5)"))
        red = pixel(png(renderer.render_png(doc, width=100)), (50, 60))[0]
        assert 120 <= red <= 150

    def test_a_circle_leaves_its_corners_empty(self, renderer: PillowPreviewRenderer) -> None:
        """A circle figure paints its centre but not the corners of its box."""
        circle = rect(0, 0, 1080, 1080, "#00FF00") | {"subType": "circle"}
        image = png(renderer.render_png(document(circle, height=1080), width=200))
        assert (0, 255, 0) == image.getpixel((100, 100))
        assert BACKGROUND == image.getpixel((2, 2))

    def test_text_changes_pixels_in_its_box(self, renderer: PillowPreviewRenderer) -> None:
        """A text element draws inside its box."""
        plain = png(renderer.render_png(document(), width=540))
        written = png(renderer.render_png(document(text("Sunday Service")), width=540))
        box = (50, 150, 490, 250)
        assert plain.crop(box).tobytes() != written.crop(box).tobytes()
        assert (
            plain.crop((0, 400, 540, 675)).tobytes() == written.crop((0, 400, 540, 675)).tobytes()
        )

    def test_naira_and_diacritics_render(self, renderer: PillowPreviewRenderer) -> None:
        """The naira sign and Yoruba, Igbo and Hausa letters render without failing."""
        line = "₦4,500 · Ẹ kú oṣù tuntun · Ọpẹ́ ni fún Ọlọ́run · Daalụ — Barka da Sallah"
        image = png(renderer.render_png(document(text(line, fontWeight="bold")), width=540))
        assert len(image.crop((50, 150, 490, 250)).getcolors(1 << 20) or []) > 2

    def test_invisible_elements_are_skipped(self, renderer: PillowPreviewRenderer) -> None:
        """Hidden elements and unknown element types draw nothing."""
        doc = document(
            rect(0, 0, 1080, 1350, "#FF0000", visible=False),
            {"id": "s", "type": "svg", "x": 0, "y": 0, "width": 1080, "height": 1350},
            {"id": "v", "type": "video", "x": 0, "y": 0, "width": 1080, "height": 1350},
        )
        assert BACKGROUND == png(renderer.render_png(doc, width=100)).getpixel((50, 60))

    def test_rotation_moves_the_shape(self, renderer: PillowPreviewRenderer) -> None:
        """A rect rotated 90 degrees about its top-left corner swings to the left of it."""
        turned = rect(540, 100, 400, 100, "#FF0000", rotation=90)
        image = png(renderer.render_png(document(turned), width=540))
        assert (255, 0, 0) == image.getpixel((245, 150))
        assert BACKGROUND == image.getpixel((300, 75))

    def test_a_line_paints_along_its_width(self, renderer: PillowPreviewRenderer) -> None:
        """A line element is a bar of its colour, as thick as its height."""
        line = {
            "id": "l",
            "type": "line",
            "x": 100,
            "y": 600,
            "width": 800,
            "height": 20,
            "color": "#FFFF00",
        }
        assert (255, 255, 0) == png(renderer.render_png(document(line), width=540)).getpixel(
            (270, 305)
        )


class TestMalformedDocuments:
    @pytest.mark.parametrize(
        "bad",
        [
            [],
            "not a document",
            {},
            {"width": 1080, "height": 1080},
            {"width": 1080, "height": 1080, "pages": []},
            {"width": 1080, "height": 1080, "pages": "page"},
            {"width": 1080, "height": 1080, "pages": [42]},
            {"height": 1080, "pages": [{"children": []}]},
            {"width": -5, "height": 1080, "pages": [{"children": []}]},
            {"width": "wide", "height": 1080, "pages": [{"children": []}]},
            {"width": 1080, "height": float("nan"), "pages": [{"children": []}]},
            {"width": 1080, "height": 1080, "pages": [{"children": "x"}]},
            {"width": 1080, "height": 1080, "pages": [{"children": [7]}]},
            {"width": 1080, "height": 1080, "pages": [{"children": [{"type": "text", "x": "a"}]}]},
            {"width": 1080, "height": 1080, "pages": [{"children": [{"type": "text", "text": 5}]}]},
        ],
    )
    def test_raise_value_error(self, renderer: PillowPreviewRenderer, bad: Any) -> None:
        """A document the renderer cannot read raises ValueError."""
        with pytest.raises(ValueError):
            renderer.render_png(bad, width=100)

    @pytest.mark.parametrize("width", [0, -1, 5000, True])
    def test_bad_widths_raise_value_error(
        self, renderer: PillowPreviewRenderer, width: int
    ) -> None:
        """The width must be a whole number of pixels from 1 to 4096."""
        with pytest.raises(ValueError, match="width"):
            renderer.render_png(document(), width=width)

    def test_the_message_names_the_problem(self, renderer: PillowPreviewRenderer) -> None:
        """The error says what was expected."""
        with pytest.raises(ValueError, match="pages"):
            renderer.render_png({"width": 1080, "height": 1080}, width=100)


class TestProperties:
    @given(
        x=st.integers(-600, 1700),
        y=st.integers(-600, 2000),
        width=st.integers(0, 2000),
        height=st.integers(0, 2000),
        colour=st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
        opacity=st.floats(0, 1),
        rotation=st.floats(-720, 720),
        radius=st.integers(0, 400),
        sub_type=st.sampled_from(["rect", "circle", "star", "triangle", "diamond", "hexagon"]),
        out_width=st.integers(1, 300),
    )
    def test_random_figures_never_crash_and_keep_the_size(
        self,
        x: int,
        y: int,
        width: int,
        height: int,
        colour: tuple[int, int, int],
        opacity: float,
        rotation: float,
        radius: int,
        sub_type: str,
        out_width: int,
    ) -> None:
        """Any figure position, size, colour, opacity and rotation renders at the asked size."""
        figure = rect(
            x,
            y,
            width,
            height,
            "#{:02x}{:02x}{:02x}".format(*colour),
            opacity=opacity,
            rotation=rotation,
            cornerRadius=radius,
            subType=sub_type,
            stroke="#FFFFFF",
            strokeWidth=3,
        )
        data = PillowPreviewRenderer(supersample=1).render_png(document(figure), width=out_width)
        assert (out_width, max(1, round(out_width * 1350 / 1080))) == png(data).size

    @given(value=st.text(max_size=60), size=st.floats(1, 300), rotation=st.floats(-360, 360))
    def test_random_text_never_crashes(self, value: str, size: float, rotation: float) -> None:
        """Any text, including characters the font lacks, renders."""
        element = text(value, fontSize=size, rotation=rotation, letterSpacing=0.1)
        data = PillowPreviewRenderer(supersample=1).render_png(document(element), width=80)
        assert (80, 100) == png(data).size

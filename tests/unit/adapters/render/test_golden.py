"""Golden images: every element type and ten seed templates, compared pixel by pixel.

The reference PNGs live in ``tests/golden/``. After a deliberate change to the drawing, look
at the new images and regenerate them with::

    DESIGNCORE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/unit/adapters/render -q

A comparison passes when at most 0.2 % of the pixels differ by more than 48 in any channel
(anti-aliasing noise between machines), and the mean difference stays under 1.5 levels.
"""

from __future__ import annotations

import base64
import io
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from designcore.adapters.render import SkiaRenderer
from designcore.app.seed.catalogue import seed_templates
from designcore.domain.document import parse_document
from designcore.domain.rendering import RenderFormat

GOLDEN = Path(__file__).parents[4] / "tests" / "golden"
UPDATE = os.environ.get("DESIGNCORE_UPDATE_GOLDEN") == "1"
MAX_DIFFERING_SHARE = 0.002
DIFFERENCE_THRESHOLD = 48
MAX_MEAN_DIFFERENCE = 1.5


def photo_data_url() -> str:
    """A 160x120 PNG with four coloured quadrants and a white disc, as a data URL."""
    image = Image.new("RGB", (160, 120), "#1d3557")
    draw = ImageDraw.Draw(image)
    draw.rectangle((80, 0, 159, 59), fill="#e63946")
    draw.rectangle((0, 60, 79, 119), fill="#2a9d8f")
    draw.rectangle((80, 60, 159, 119), fill="#f4a261")
    draw.ellipse((20, 10, 60, 50), fill="white")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<circle cx="50" cy="50" r="45" fill="#ff0000"/>'
    '<rect x="25" y="25" width="50" height="50" fill="#00ff00" stroke="black" stroke-width="4"/>'
    "</svg>"
)
SVG_URL = "data:image/svg+xml;base64," + base64.b64encode(SVG.encode()).decode()


def page(*children: dict[str, Any], background: str = "#ffffff", **size: Any) -> dict[str, Any]:
    return {
        "width": size.get("width", 600),
        "height": size.get("height", 400),
        "schemaVersion": 4,
        "pages": [{"id": "p", "background": background, "children": list(children)}],
    }


def text(id: str, x: float, y: float, width: float, value: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": id,
        "type": "text",
        "x": x,
        "y": y,
        "width": width,
        "height": 0,
        "text": value,
        "fontSize": 28,
        "fontFamily": "Roboto",
        "fill": "#222222",
        **fields,
    }


ELEMENT_CASES: dict[str, dict[str, Any]] = {
    "text_fonts": page(
        text(
            "a", 20, 10, 560, "Montserrat bold ₦1,500", fontFamily="Montserrat", fontWeight="bold"
        ),
        text(
            "b",
            20,
            50,
            560,
            "Playfair italic — Ẹ káàbọ̀!",
            fontFamily="Playfair Display",
            fontStyle="italic",
        ),
        text(
            "c", 20, 95, 560, "Great Vibes: Happy Birthday", fontFamily="Great Vibes", fontSize=36
        ),
        text("d", 20, 145, 560, "BEBAS NEUE · ANTON", fontFamily="Bebas Neue", fontSize=40),
        text("e", 20, 195, 560, "Hausa: ɓ ɗ ƙ · Igbo: ị ụ ọ · Yoruba: ṣ ń ẹ", fontFamily="Poppins"),
        text("f", 20, 240, 560, "Unknown family falls back 🎉", fontFamily="Comic Nonexistent"),
        text("g", 20, 285, 560, "Pacifico & Dancing Script", fontFamily="Pacifico"),
        text(
            "h",
            20,
            335,
            560,
            "letter spaced",
            fontFamily="Oswald",
            letterSpacing=0.3,
            fill="#c1121f",
        ),
    ),
    "text_layout": page(
        {
            "id": "box",
            "type": "figure",
            "subType": "rect",
            "x": 20,
            "y": 20,
            "width": 260,
            "height": 360,
            "fill": "#f1faee",
            "strokeWidth": 1,
            "stroke": "#999999",
        },
        text(
            "wrap",
            20,
            20,
            260,
            "Come and worship with us this Sunday at the cathedral",
            fontFamily="Lora",
            fontSize=26,
            lineHeight=1.4,
            align="center",
            height=360,
            verticalAlign="middle",
        ),
        {
            "id": "box2",
            "type": "figure",
            "subType": "rect",
            "x": 320,
            "y": 20,
            "width": 260,
            "height": 360,
            "fill": "#fff3e0",
        },
        text(
            "right",
            320,
            20,
            260,
            "Right aligned\nwith a newline",
            align="right",
            fontFamily="Raleway",
            height=170,
            verticalAlign="bottom",
        ),
        text(
            "just",
            320,
            200,
            260,
            "Justified text spreads its words across the width",
            align="justify",
            fontFamily="Merriweather",
            fontSize=18,
            lineHeight="150%",
        ),
        text(
            "deco",
            320,
            320,
            260,
            "underlined",
            textDecoration="underline",
            stroke="#e63946",
            strokeWidth=1,
            fontFamily="Anton",
        ),
    ),
    "text_letter_spacing": page(
        {
            "id": "axis",
            "type": "figure",
            "subType": "rect",
            "x": 299,
            "y": 0,
            "width": 2,
            "height": 400,
            "fill": "#2a9d8f",
        },
        text(
            "centre",
            20,
            20,
            560,
            "CENTRED",
            align="center",
            fontFamily="Oswald",
            fontSize=56,
            letterSpacing=0.5,
        ),
        text(
            "right",
            20,
            120,
            560,
            "RIGHT",
            align="right",
            fontFamily="Oswald",
            fontSize=56,
            letterSpacing=0.5,
            fill="#c1121f",
        ),
        text(
            "wrapped",
            150,
            220,
            300,
            "spaced words wrap",
            align="center",
            fontFamily="Montserrat",
            fontSize=40,
            letterSpacing=0.3,
            fill="#1d3557",
        ),
    ),
    "text_fallback": page(
        *[
            text(
                f"n{i}",
                20,
                15 + i * 62,
                560,
                f"₦2,500 · Ẹ ṣé o · {family}",
                fontFamily=family,
                fontSize=40,
                fontWeight=weight,
                fontStyle=style,
            )
            for i, (family, weight, style) in enumerate(
                [
                    ("Bebas Neue", "normal", "normal"),
                    ("Poppins", "bold", "normal"),
                    ("Playfair Display", "normal", "italic"),
                    ("Lora", "normal", "normal"),
                    ("Lora", "bold", "italic"),
                    ("Oswald", "normal", "normal"),
                ]
            )
        ]
    ),
    "figures": page(
        *[
            {
                "id": f"f{i}",
                "type": "figure",
                "subType": sub,
                "x": 20 + (i % 5) * 115,
                "y": 30 + (i // 5) * 180,
                "width": 100,
                "height": 130,
                "fill": colour,
                "stroke": "#1d3557",
                "strokeWidth": 6 if i % 2 else 0,
                "cornerRadius": 14 if i in (0, 3) else 0,
            }
            for i, (sub, colour) in enumerate(
                [
                    ("rect", "#e63946"),
                    ("circle", "#f4a261"),
                    ("star", "#e9c46a"),
                    ("triangle", "#2a9d8f"),
                    ("diamond", "#264653"),
                    ("hexagon", "#8338ec"),
                    ("pentagon", "#ff006e"),
                    ("octagon", "#3a86ff"),
                    ("rightTriangle", "#06d6a0"),
                    ("rect", "linear-gradient(90deg, #ff0000 0%, #0000ff 100%)"),
                ]
            )
        ]
    ),
    "lines": page(
        {
            "id": "l1",
            "type": "line",
            "x": 40,
            "y": 60,
            "width": 520,
            "height": 6,
            "color": "#e63946",
        },
        {
            "id": "l2",
            "type": "line",
            "x": 40,
            "y": 140,
            "width": 520,
            "height": 4,
            "color": "#1d3557",
            "dash": [4, 2],
        },
        {
            "id": "l3",
            "type": "line",
            "x": 60,
            "y": 220,
            "width": 480,
            "height": 5,
            "color": "#2a9d8f",
            "startHead": "circle",
            "endHead": "arrow",
        },
        {
            "id": "l4",
            "type": "line",
            "x": 300,
            "y": 250,
            "width": 200,
            "height": 8,
            "color": "#8338ec",
            "rotation": 45,
            "endHead": "triangle",
        },
    ),
    "images": page(
        {
            "id": "i1",
            "type": "image",
            "src": photo_data_url(),
            "x": 20,
            "y": 20,
            "width": 260,
            "height": 180,
        },
        {
            "id": "i2",
            "type": "image",
            "src": photo_data_url(),
            "x": 320,
            "y": 20,
            "width": 260,
            "height": 180,
            "cropX": 0.5,
            "cropY": 0,
            "cropWidth": 0.5,
            "cropHeight": 0.5,
            "cornerRadius": 30,
        },
        {
            "id": "i3",
            "type": "image",
            "src": photo_data_url(),
            "x": 20,
            "y": 210,
            "width": 260,
            "height": 180,
            "flipX": True,
            "borderSize": 6,
            "borderColor": "#000000",
        },
        {
            "id": "i4",
            "type": "image",
            "src": photo_data_url(),
            "x": 320,
            "y": 210,
            "width": 260,
            "height": 180,
            "flipY": True,
            "grayscaleEnabled": True,
        },
    ),
    "svg": page(
        {"id": "s1", "type": "svg", "src": SVG_URL, "x": 40, "y": 60, "width": 240, "height": 240},
        {
            "id": "s2",
            "type": "svg",
            "src": SVG_URL,
            "x": 320,
            "y": 60,
            "width": 240,
            "height": 240,
            "colorsReplace": {"#ff0000": "#3a86ff", "rgb(0, 255, 0)": "#ffbe0b"},
        },
    ),
    "group_opacity_rotation_shadow": page(
        {
            "id": "g",
            "type": "group",
            "opacity": 0.5,
            "children": [
                {
                    "id": "g1",
                    "type": "figure",
                    "subType": "rect",
                    "x": 40,
                    "y": 40,
                    "width": 160,
                    "height": 160,
                    "fill": "#e63946",
                },
                {
                    "id": "g2",
                    "type": "figure",
                    "subType": "rect",
                    "x": 120,
                    "y": 120,
                    "width": 160,
                    "height": 160,
                    "fill": "#1d3557",
                },
            ],
        },
        {
            "id": "r",
            "type": "figure",
            "subType": "rect",
            "x": 400,
            "y": 60,
            "width": 150,
            "height": 90,
            "fill": "#2a9d8f",
            "rotation": 30,
        },
        {
            "id": "sh",
            "type": "figure",
            "subType": "circle",
            "x": 340,
            "y": 220,
            "width": 140,
            "height": 140,
            "fill": "#f4a261",
            "shadowEnabled": True,
            "shadowBlur": 12,
            "shadowOffsetX": 10,
            "shadowOffsetY": 10,
            "shadowColor": "black",
            "shadowOpacity": 0.6,
        },
        text(
            "t",
            40,
            320,
            260,
            "Shadowed text",
            shadowEnabled=True,
            shadowBlur=4,
            shadowOffsetX=3,
            shadowOffsetY=3,
            shadowColor="#888888",
            opacity=0.9,
        ),
        {"id": "v", "type": "video", "src": "movie.mp4", "x": 0, "y": 0, "width": 10, "height": 10},
    ),
    "background_gradient": page(
        text(
            "t",
            40,
            170,
            520,
            "Gradient page",
            align="center",
            fill="#ffffff",
            fontSize=44,
            fontFamily="Poppins",
            fontWeight="bold",
        ),
        background="linear-gradient(135deg, #3a0ca3 0%, #f72585 100%)",
    ),
    "background_image": page(
        text(
            "t",
            40,
            170,
            520,
            "Image page",
            align="center",
            fill="#ffffff",
            fontSize=44,
            fontFamily="Oswald",
            fontWeight="bold",
        ),
        background=photo_data_url(),
    ),
}

SEEDS = seed_templates()
SEED_IDS = (
    "5159a666",
    "804ca205",
    "8c8cefda",
    "953fd931",
    "b620f08e",
    "dd8fdb0b",
    "ec208c0f",
    "f41e90ab",
    "f8b9c15f",
    "fd333739",
)
"""The ten seed templates with a reference image, by id (ids come from the slugs, so adding
templates to the seed changes none of them)."""
SEED_CASES = {f"seed_{t.id[:8]}": t.polotno_json for t in SEEDS if t.id[:8] in SEED_IDS}
SEED_RATIO = 0.5


@pytest.fixture(name="renderer", scope="module")
def fixture_renderer() -> SkiaRenderer:
    """One renderer for the module: fonts load once."""
    return SkiaRenderer()


def compare(name: str, png: bytes) -> None:
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden image {path}; run with DESIGNCORE_UPDATE_GOLDEN=1")
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        return
    expected = Image.open(path).convert("RGBA")
    actual = Image.open(io.BytesIO(png)).convert("RGBA")
    assert expected.size == actual.size
    difference = ImageChops.difference(expected, actual)
    channels = difference.split()
    worst = channels[0]
    for channel in channels[1:]:
        worst = ImageChops.lighter(worst, channel)
    histogram = worst.histogram()
    pixels = expected.size[0] * expected.size[1]
    differing = sum(histogram[DIFFERENCE_THRESHOLD + 1 :])
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    assert differing / pixels <= MAX_DIFFERING_SHARE, f"{differing} pixels differ in {name}"
    assert mean <= MAX_MEAN_DIFFERENCE, f"mean difference {mean:.2f} in {name}"


class TestGoldenImages:
    @pytest.mark.parametrize("name", sorted(ELEMENT_CASES))
    def test_element_types(self, renderer: SkiaRenderer, name: str) -> None:
        """Each element type and field draws as in its reference image."""
        export = renderer.render(parse_document(ELEMENT_CASES[name]), format=RenderFormat.PNG)
        compare(f"element_{name}", export.data)

    @pytest.mark.parametrize("name", sorted(SEED_CASES))
    def test_seed_templates(self, renderer: SkiaRenderer, name: str) -> None:
        """Ten seed templates, at half size, draw as in their reference images."""
        export = renderer.render(
            parse_document(SEED_CASES[name]), format=RenderFormat.PNG, pixel_ratio=SEED_RATIO
        )
        assert () == export.warnings
        compare(name, export.data)

    def test_a_version_0_document_draws_as_its_migration(self, renderer: SkiaRenderer) -> None:
        """A document without schemaVersion stored letter spacing in pixels: 28 px at size 56
        draws exactly as 0.5 in a version 4 document (the golden letter-spacing case)."""
        case = ELEMENT_CASES["text_letter_spacing"]
        old = {key: value for key, value in case.items() if key != "schemaVersion"}
        old["pages"] = [
            {
                **case["pages"][0],
                "children": [
                    {**child, "letterSpacing": child["letterSpacing"] * child["fontSize"]}
                    if child["type"] == "text"
                    else child
                    for child in case["pages"][0]["children"]
                ],
            }
        ]
        export = renderer.render(parse_document(old), format=RenderFormat.PNG)
        compare("element_text_letter_spacing", export.data)

    @pytest.mark.parametrize("vertical", ["middle", "bottom"])
    def test_a_text_box_is_refitted_to_its_lines(
        self, renderer: SkiaRenderer, vertical: str
    ) -> None:
        """A text stored 300 px tall, aligned to the middle or bottom, draws exactly as the
        same text with its box re-fitted to its lines (height 0): the reference editor re-fits
        text boxes when it loads a document."""

        def drawn(**fields: Any) -> Image.Image:
            document = page(
                text(
                    "t",
                    40,
                    40,
                    300,
                    "Re-fitted to its lines",
                    align="center",
                    fontSize=36,
                    backgroundEnabled=True,
                    backgroundColor="#e9c46a",
                    **fields,
                )
            )
            export = renderer.render(parse_document(document), format=RenderFormat.PNG)
            return Image.open(io.BytesIO(export.data)).convert("RGB")

        stored = drawn(height=300, verticalAlign=vertical)
        refitted = drawn(height=0)
        assert ImageChops.difference(stored, refitted).getbbox() is None

    def test_a_changed_drawing_fails_the_comparison(self, renderer: SkiaRenderer) -> None:
        """The comparison is strict enough to notice a moved element."""
        case = ELEMENT_CASES["lines"]
        moved = {
            **case,
            "pages": [{**case["pages"][0], "children": case["pages"][0]["children"][1:]}],
        }
        export = renderer.render(parse_document(moved), format=RenderFormat.PNG)
        if UPDATE:
            pytest.skip("references are being regenerated")
        with pytest.raises(AssertionError):
            compare("element_lines", export.data)

"""The seed catalogue: enough original, well-formed Polotno templates for every home row, whose
texts fit their boxes as the renderer lays them out, built from copy files that explain
themselves when they are wrong."""

from __future__ import annotations

import base64
import io
import json
import math
import re
import shutil
import uuid
from collections import Counter
from datetime import UTC, timedelta
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from designcore.adapters.render.fonts import FontLibrary, TextShaper
from designcore.app.seed.catalogue import (
    LOGO_CATEGORY,
    MAIN_CATEGORIES,
    SEED_EPOCH,
    SEED_NAMESPACE,
    build_templates,
    seed_templates,
)
from designcore.app.seed.copy import CATEGORY_FILES, DATA, FIELDS_FILE, SeedDataError
from designcore.app.seed.placeholder import SIZE, Motif, placeholder_data_url
from designcore.domain.document import parse_document
from designcore.domain.templates import HOME_ROW_SIZE, Template
from designcore.domain.text_layout import TextLayout, layout_text

POST_SIZES = {(1080, 1350), (1080, 1080), (1080, 1920)}
LOGO_SIZE = (1000, 1000)
ELEMENT_TYPES = {"text", "figure", "line", "image"}
FIGURE_SUB_TYPES = {"rect", "circle", "star", "triangle", "diamond", "hexagon"}
SUB_CATEGORIES = {
    "Church": {
        "Sunday Service",
        "Crusade",
        "Thanksgiving",
        "Vigil/Night of Worship",
        "Youth Service",
        "Choir",
    },
    "Birthdays": {"30th", "60th", "Kids", "18th", "50th", "Surprise"},
    "Business & Industries": {
        "Restaurant",
        "Fashion",
        "Real Estate",
        "Beauty",
        "Logistics",
        "POS/Fintech",
    },
    "Social Media Post": {"Quotes", "Announcements", "Sales/Promo", "Hiring", "Motivational"},
    "New Month": {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
        "Generic",
    },
    LOGO_CATEGORY: {"Business", "Church", "Food"},
}
HEX_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
NIGERIAN_PHONE = re.compile(r"\+234 \d{3} \d{3} \d{4}")
SMALLEST_READABLE_PX = 24
"""Smallest font size on a 1000-1080 px page (a phone shows such a page about 360 px wide)."""


@pytest.fixture(name="templates", scope="module")
def fixture_templates() -> tuple[Template, ...]:
    """The bundled seed catalogue."""
    return seed_templates()


@pytest.fixture(name="fonts", scope="module")
def fixture_fonts() -> FontLibrary:
    """The bundled fonts, as the renderer loads them."""
    return FontLibrary()


@pytest.fixture(name="copy_dir")
def fixture_copy_dir(tmp_path: Path) -> Path:
    """A writable copy of the bundled copy files."""
    target = tmp_path / "data"
    target.mkdir()
    for name in (FIELDS_FILE, *CATEGORY_FILES):
        (target / name).write_text(DATA.joinpath(name).read_text(encoding="utf-8"), "utf-8")
    return target


def document(template: Template) -> dict[str, Any]:
    assert template.polotno_json is not None
    return dict(template.polotno_json)


def elements(template: Template) -> list[dict[str, Any]]:
    children: list[dict[str, Any]] = document(template)["pages"][0]["children"]
    return children


def texts(template: Template) -> list[dict[str, Any]]:
    return [element for element in elements(template) if element["type"] == "text"]


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text))


def lay_out(fonts: FontLibrary, element: dict[str, Any]) -> TextLayout:
    """The element's lines as the renderer lays them out."""
    chain, known = fonts.chain(element["fontFamily"], element["fontWeight"], element["fontStyle"])
    assert known, element["fontFamily"]
    shaper = TextShaper(chain, element["fontSize"], spaced=element["letterSpacing"] != 0)
    return layout_text(
        element["text"],
        measure=shaper.measure,
        font_size=element["fontSize"],
        metrics=shaper.metrics,
        width=element["width"],
        height=element["height"],
        line_height=element["lineHeight"],
        letter_spacing=element["letterSpacing"],
        align=element["align"],
        vertical_align=element["verticalAlign"],
    )


def ink_box(fonts: FontLibrary, element: dict[str, Any]) -> tuple[float, float, float, float]:
    """Left, top, right and bottom of the lines of an unrotated text on the page."""
    layout = lay_out(fonts, element)
    x, y = element["x"], element["y"]
    return (
        x + min(line.x for line in layout.lines),
        y + layout.lines[0].top,
        x + max(line.x + line.width for line in layout.lines),
        y + layout.lines[-1].top + layout.line_height,
    )


def corners(element: dict[str, Any]) -> list[tuple[float, float]]:
    theta = math.radians(element["rotation"])
    return [
        (
            element["x"] + u * math.cos(theta) - v * math.sin(theta),
            element["y"] + u * math.sin(theta) + v * math.cos(theta),
        )
        for u in (0, element["width"])
        for v in (0, element["height"])
    ]


def break_file(directory: Path, name: str, change: Any) -> None:
    """Rewrite the copy file ``name`` after ``change`` edits its decoded JSON."""
    path = directory / name
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")


class TestCatalogueSize:
    def test_has_the_original_73_templates(self, templates: tuple[Template, ...]) -> None:
        """The seed holds at least the 73 original templates."""
        assert len(templates) >= 73

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_each_main_category_fills_a_home_row(
        self, templates: tuple[Template, ...], category: str
    ) -> None:
        """Every home-row category has enough templates for a full row."""
        assert sum(t.category == category for t in templates) >= HOME_ROW_SIZE

    @pytest.mark.parametrize("category", sorted(SUB_CATEGORIES))
    def test_required_sub_categories_are_present(
        self, templates: tuple[Template, ...], category: str
    ) -> None:
        """Each category covers the sub-categories the product promises."""
        present = {t.sub_category for t in templates if t.category == category}
        assert set() == SUB_CATEGORIES[category] - present

    def test_only_known_categories(self, templates: tuple[Template, ...]) -> None:
        """Templates belong to the five home categories or to Logos."""
        assert {*MAIN_CATEGORIES, LOGO_CATEGORY} == {t.category for t in templates}

    def test_logos_ask_for_brand_name_and_tagline(self, templates: tuple[Template, ...]) -> None:
        """At least six 1000x1000 logos whose fields are exactly brand_name and tagline."""
        logos = [t for t in templates if t.category == LOGO_CATEGORY]
        assert len(logos) >= 6
        for logo in logos:
            assert LOGO_SIZE == (document(logo)["width"], document(logo)["height"])
            assert ["brand_name", "tagline"] == sorted(f.key for f in logo.field_requirements)

    def test_about_a_quarter_is_premium(self, templates: tuple[Template, ...]) -> None:
        """Between 20 % and 35 % of the templates are premium, the rest free."""
        types = Counter(t.template_type for t in templates)
        assert {"free", "premium"} == set(types)
        assert 0.20 <= types["premium"] / len(templates) <= 0.35

    @pytest.mark.parametrize("category", [*MAIN_CATEGORIES, LOGO_CATEGORY])
    def test_premium_is_spread_across_categories(
        self, templates: tuple[Template, ...], category: str
    ) -> None:
        """Each category has both free and premium templates."""
        assert {False, True} == {t.is_premium for t in templates if t.category == category}

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_every_format_is_used(self, templates: tuple[Template, ...], category: str) -> None:
        """Each home category mixes flyers, square posts and stories."""
        sizes = {
            (document(t)["width"], document(t)["height"])
            for t in templates
            if t.category == category
        }
        assert POST_SIZES == sizes


class TestTemplates:
    def test_ids_are_uuid5_of_the_namespace(self, templates: tuple[Template, ...]) -> None:
        """Ids are distinct version-5 UUIDs in the seed namespace."""
        ids = [uuid.UUID(t.id) for t in templates]
        assert len(ids) == len(set(ids))
        assert {5} == {value.version for value in ids}
        assert str(uuid.uuid5(SEED_NAMESPACE, "church-sunday-service-royal-flyer")) in {
            t.id for t in templates
        }

    def test_names_are_unique(self, templates: tuple[Template, ...]) -> None:
        """No two templates share a name."""
        names = [t.name for t in templates]
        assert len(names) == len(set(names))

    def test_tags_and_keywords_are_well_sized(self, templates: tuple[Template, ...]) -> None:
        """Tags are 3-8 lowercase words, semantic keywords 4-10 strings."""
        for template in templates:
            assert 3 <= len(template.tags) <= 8, template.name
            assert [tag.lower() for tag in template.tags] == list(template.tags), template.name
            assert 4 <= len(template.semantic_keywords) <= 10, template.name

    def test_copy_fields_are_short(self, templates: tuple[Template, ...]) -> None:
        """Descriptions are one or two sentences and the design intent is one."""
        for template in templates:
            assert template.description is not None
            assert template.design_intent is not None
            assert 1 <= sentences(template.description) <= 2, template.name
            assert 1 == sentences(template.design_intent), template.name

    def test_created_at_orders_every_template(self, templates: tuple[Template, ...]) -> None:
        """Creation times are distinct, no later than the seed epoch, and never updated."""
        created = [t.created_at for t in templates]
        assert len(created) == len(set(created))
        assert all(moment <= SEED_EPOCH for moment in created)
        assert created == [t.updated_at for t in templates]

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_newest_first_rows_mix_sub_categories(
        self, templates: tuple[Template, ...], category: str
    ) -> None:
        """Sorted newest first, a category's sub-categories interleave instead of clumping."""
        listed = [t for t in templates if t.category == category]
        row = sorted(listed, key=lambda t: t.created_at, reverse=True)
        runs = 1 + sum(a.sub_category != b.sub_category for a, b in pairwise(row))
        assert runs > len({t.sub_category for t in row})
        assert [t.id for t in listed] != [t.id for t in row]

    def test_epoch_is_a_fixed_utc_instant(self) -> None:
        """The seed epoch is timezone-aware UTC, so created_at values are absolute."""
        assert timedelta(0) == SEED_EPOCH.utcoffset()
        assert UTC == SEED_EPOCH.tzinfo

    def test_previews_are_left_to_the_seeder(self, templates: tuple[Template, ...]) -> None:
        """The catalogue sets no preview URL; the seeder does, where it stores the preview."""
        assert {None} == {t.preview_url for t in templates}


class TestFieldRequirements:
    def test_every_field_points_at_an_element_of_its_kind(
        self, templates: tuple[Template, ...]
    ) -> None:
        """A field's element_id names an element of the document of the matching type."""
        for template in templates:
            by_id = {element["id"]: element for element in elements(template)}
            keys = [field.key for field in template.field_requirements]
            assert len(keys) == len(set(keys)), template.name
            for field in template.field_requirements:
                assert field.element_id in by_id, (template.name, field.key)
                assert field.kind == by_id[field.element_id]["type"]
                assert field.label == by_id[field.element_id]["name"]

    def test_every_text_and_image_is_a_field(self, templates: tuple[Template, ...]) -> None:
        """Every editable text and image element has a field requirement."""
        for template in templates:
            editable = {e["id"] for e in elements(template) if e["type"] in {"text", "image"}}
            fields = {field.element_id for field in template.field_requirements}
            assert editable == fields, template.name

    def test_sample_text_fits_its_limit(self, templates: tuple[Template, ...]) -> None:
        """The sample copy of every text field is within its max_length; images have none."""
        for template in templates:
            by_id = {element["id"]: element for element in elements(template)}
            for field in template.field_requirements:
                if field.kind == "image":
                    assert field.max_length is None
                elif field.max_length is not None:
                    text = by_id[field.element_id]["text"]
                    assert len(text) <= field.max_length, (template.name, field.key)

    def test_templates_ask_for_the_usual_details(self, templates: tuple[Template, ...]) -> None:
        """Main-category templates use the conventional keys for their details."""
        keys = Counter(
            field.key
            for template in templates
            if template.category != LOGO_CATEGORY
            for field in template.field_requirements
        )
        for key in ("headline", "date", "venue", "phone", "name", "age", "price", "photo"):
            assert keys[key] > 0, key


class TestDocuments:
    def test_documents_use_the_allowed_sizes(self, templates: tuple[Template, ...]) -> None:
        """Posts are 1080 wide (flyer, square or story); logos are 1000x1000."""
        for template in templates:
            size = (document(template)["width"], document(template)["height"])
            expected = {LOGO_SIZE} if template.category == LOGO_CATEGORY else POST_SIZES
            assert size in expected, template.name

    def test_documents_are_valid_one_page_designs(self, templates: tuple[Template, ...]) -> None:
        """Each document parses as a current Polotno design of one page with a hex background,
        and writing it back gives the same JSON."""
        for template in templates:
            parsed = parse_document(document(template))
            assert 1 == len(parsed.pages)
            assert HEX_COLOUR.match(parsed.pages[0].background), template.name
            assert document(template) == parsed.to_json()

    def test_elements_are_known_and_unique(self, templates: tuple[Template, ...]) -> None:
        """Elements have unique ids, a known type, a drawn shape and a bundled font."""
        for template in templates:
            children = elements(template)
            ids = [element["id"] for element in children]
            assert len(ids) == len(set(ids)), template.name
            for element in children:
                assert element["type"] in ELEMENT_TYPES, element["id"]
                if element["type"] == "figure":
                    assert element["subType"] in FIGURE_SUB_TYPES, element["id"]
                if element["type"] == "image":
                    assert element["src"].startswith("data:image/png;base64,"), element["id"]

    def test_no_external_urls(self, templates: tuple[Template, ...]) -> None:
        """No document refers to anything over http or https."""
        for template in templates:
            dumped = json.dumps(document(template))
            assert "http://" not in dumped, template.name
            assert "https://" not in dumped, template.name

    def test_no_css_gradients(self, templates: tuple[Template, ...]) -> None:
        """Colours are plain values, never CSS gradients."""
        assert "gradient(" not in json.dumps([document(t) for t in templates])


class TestTextFit:
    """Measured as the renderer does: text_layout over the bundled fonts."""

    def test_no_text_overflows_its_box(
        self, templates: tuple[Template, ...], fonts: FontLibrary
    ) -> None:
        """Every text breaks only between words, and its lines fit its box's width and
        height."""
        problems = []
        for template in templates:
            for element in texts(template):
                layout = lay_out(fonts, element)
                paragraphs = element["text"].split("\n")
                words = [word for paragraph in paragraphs for word in paragraph.split()]
                drawn = [word for line in layout.lines for word in line.text.split()]
                if drawn != words:
                    problems.append(f"{element['id']}: a word is cut: {drawn}")
                if max(line.width for line in layout.lines) > element["width"] + 0.01:
                    problems.append(f"{element['id']}: wider than its box")
                if layout.content_height > element["height"] + 0.01:
                    problems.append(f"{element['id']}: taller than its box")
        assert [] == problems

    def test_text_boxes_are_as_tall_as_their_lines(
        self, templates: tuple[Template, ...], fonts: FontLibrary
    ) -> None:
        """Every text box stores the height its lines take, the height the editor and the
        renderer re-fit it to on load, so the seed means the same everywhere (a text meant for
        the middle of an area is moved there by its y, not by verticalAlign)."""
        wrong = [
            (element["id"], element["height"], round(lay_out(fonts, element).content_height, 2))
            for template in templates
            for element in texts(template)
            if abs(element["height"] - lay_out(fonts, element).content_height) > 0.01
        ]
        assert [] == wrong

    def test_texts_stay_on_the_page(self, templates: tuple[Template, ...]) -> None:
        """Every text box lies inside its page, rotated ones included."""
        for template in templates:
            width, height = document(template)["width"], document(template)["height"]
            for element in texts(template):
                for x, y in corners(element):
                    assert -0.01 <= x <= width + 0.01, element["id"]
                    assert -0.01 <= y <= height + 0.01, element["id"]

    def test_texts_never_overlap(self, templates: tuple[Template, ...], fonts: FontLibrary) -> None:
        """The drawn lines of two texts never cover one another."""
        overlaps = []
        for template in templates:
            boxes = [
                (element["id"], ink_box(fonts, element))
                for element in texts(template)
                if element["rotation"] == 0
            ]
            for (first, a), (second, b) in combinations(boxes, 2):
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    overlaps.append((first, second))
        assert [] == overlaps

    def test_texts_are_readable(self, templates: tuple[Template, ...]) -> None:
        """No text is set smaller than a phone can show legibly."""
        small = [
            (element["id"], element["fontSize"])
            for template in templates
            for element in texts(template)
            if element["fontSize"] < SMALLEST_READABLE_PX
        ]
        assert [] == small


class TestNigerianCopy:
    def test_prices_are_in_naira(self, templates: tuple[Template, ...]) -> None:
        """Prices use the naira sign."""
        shown = [e["text"] for t in templates for e in texts(t)]
        assert sum("₦" in text for text in shown) >= 10
        assert not any(re.search(r"(?<![A-Za-z])(NGN|N)\d", text) for text in shown)

    def test_phone_numbers_use_the_international_format(
        self, templates: tuple[Template, ...]
    ) -> None:
        """Phone numbers are written +234 803 555 0142."""
        phones = [
            e["text"]
            for t in templates
            for e in texts(t)
            if e["id"].endswith("-phone") and "+" in e["text"]
        ]
        assert len(phones) >= 20
        assert all(NIGERIAN_PHONE.search(phone) for phone in phones)

    def test_local_greetings_keep_their_diacritics(self, templates: tuple[Template, ...]) -> None:
        """Yoruba, Igbo and Hausa lines appear with their proper letters."""
        dumped = json.dumps([document(t) for t in templates], ensure_ascii=False)
        for phrase in ("Ẹ kú oṣù tuntun", "Ọpẹ́ ni fún Ọlọ́run", "Daalụ", "Barka da Sallah"):
            assert phrase in dumped, phrase


class TestDeterminism:
    def test_two_calls_are_equal(self, templates: tuple[Template, ...]) -> None:
        """The catalogue is the same on every call."""
        assert templates == seed_templates()

    def test_a_fresh_build_is_equal(self, templates: tuple[Template, ...]) -> None:
        """Building again from the bundled files gives the same catalogue."""
        assert templates == build_templates(DATA)

    def test_calls_do_not_share_state(self) -> None:
        """Changing one result's document does not leak into the next call."""
        first = seed_templates()[0]
        assert first.polotno_json is not None
        first.polotno_json["pages"][0]["children"].clear()
        assert [] != elements(seed_templates()[0])


def decode(data_url: str) -> Image.Image:
    header, payload = data_url.split(",", 1)
    assert "data:image/png;base64" == header
    return Image.open(io.BytesIO(base64.b64decode(payload)))


class TestPlaceholders:
    def test_a_placeholder_is_a_square_gradient_png(self) -> None:
        """A placeholder is a square PNG running from the top colour to the bottom one."""
        image = decode(placeholder_data_url("#102030", "#F0E0D0"))
        assert ("PNG", (SIZE, SIZE)) == (image.format, image.size)
        pixels = image.convert("RGB")
        top, bottom = pixels.getpixel((0, 0)), pixels.getpixel((0, SIZE - 1))
        assert isinstance(top, tuple)
        assert isinstance(bottom, tuple)
        assert all(abs(a - b) <= 2 for a, b in zip((0x10, 0x20, 0x30), top, strict=True))
        assert all(abs(a - b) <= 2 for a, b in zip((0xF0, 0xE0, 0xD0), bottom, strict=True))

    @pytest.mark.parametrize("motif", ["person", "house", "plate"])
    def test_a_motif_lightens_the_middle(self, motif: Motif) -> None:
        """Each motif is drawn lighter than the bare gradient, in the middle of the image."""
        plain = decode(placeholder_data_url("#222222", "#444444")).convert("L")
        drawn = decode(placeholder_data_url("#222222", "#444444", motif)).convert("L")
        middle = (SIZE // 2, SIZE * 2 // 5)
        assert plain.getpixel(middle) < drawn.getpixel(middle)


class TestCopyFiles:
    def test_the_files_are_package_data(self) -> None:
        """The copy ships inside the package, beside the code that reads it."""
        names = {entry.name for entry in DATA.iterdir()}
        assert {FIELDS_FILE, *CATEGORY_FILES} <= names

    def test_a_missing_field_names_the_file_and_path(self, copy_dir: Path) -> None:
        """A template without a name is refused with the file and the JSON path."""
        break_file(copy_dir, "church.json", lambda data: data["templates"][3].pop("name"))
        with pytest.raises(SeedDataError) as caught:
            build_templates(copy_dir)
        assert "church.json" == caught.value.file
        assert ("required field missing @ $.templates[3].name",) == caught.value.problems
        assert str(caught.value).startswith("church.json: ")

    def test_every_problem_of_a_file_is_listed(self, copy_dir: Path) -> None:
        """Wrong types, unknown keys and bad choices are all reported at once."""

        def spoil(data: dict[str, Any]) -> None:
            data["templates"][0]["premium"] = "yes"
            data["templates"][1]["colour"] = "red"
            data["templates"][2]["format"] = "poster"

        break_file(copy_dir, "social.json", spoil)
        with pytest.raises(SeedDataError) as caught:
            build_templates(copy_dir)
        assert "social.json" == caught.value.file
        assert {
            "invalid value for type, expected bool @ $.templates[0].premium",
            "extra fields found (colour) @ $.templates[1]",
            "expected one of 'flyer', 'square', 'story', 'logo' @ $.templates[2].format",
        } == set(caught.value.problems)

    @pytest.mark.parametrize(
        ("change", "problem"),
        [
            (
                lambda t: t.update(layout="logo.spiral"),
                "unknown layout 'logo.spiral' @ $.templates[1].layout",
            ),
            (
                lambda t: t.update(palette="mauve"),
                "unknown palette 'mauve' @ $.templates[1].palette",
            ),
            (
                lambda t: t["texts"].update(motto="Ever forward"),
                "unknown field key (not in fields.json) @ $.templates[1].texts.motto",
            ),
            (
                lambda t: t["texts"].update(tagline="A" * 49),
                "49 characters, at most 48 allowed @ $.templates[1].texts.tagline",
            ),
            (
                lambda t: t.update(slug="Oja Hub"),
                "expected a lowercase-hyphenated slug @ $.templates[1].slug",
            ),
        ],
    )
    def test_references_are_checked(self, copy_dir: Path, change: Any, problem: str) -> None:
        """Layouts, palettes, field keys, text lengths and slugs are checked with their path."""
        break_file(copy_dir, "logos.json", lambda data: change(data["templates"][1]))
        with pytest.raises(SeedDataError) as caught:
            build_templates(copy_dir)
        assert ("logos.json", (problem,)) == (caught.value.file, caught.value.problems)

    def test_invalid_json_names_the_file(self, copy_dir: Path) -> None:
        """A file that is not JSON is named, with where the JSON breaks."""
        (copy_dir / FIELDS_FILE).write_text('{"fields": {', "utf-8")
        with pytest.raises(SeedDataError, match=r"^fields\.json: not valid JSON: .*line 1"):
            build_templates(copy_dir)

    def test_a_text_the_layout_cannot_fit_names_the_template(self, copy_dir: Path) -> None:
        """A sample too long for its box is refused with the file and the template's path."""

        def lengthen(data: dict[str, Any]) -> None:
            data["templates"][0]["texts"]["headline"] = "W" * 40

        break_file(copy_dir, "church.json", lengthen)
        with pytest.raises(SeedDataError, match=r"^church\.json: .* @ \$\.templates\[0\]$"):
            build_templates(copy_dir)

    def test_a_text_the_layout_leaves_out_is_refused(self, copy_dir: Path) -> None:
        """A sample text the layout does not place is refused rather than silently dropped."""
        break_file(
            copy_dir, "logos.json", lambda data: data["templates"][0]["texts"].update(phone="1")
        )
        with pytest.raises(SeedDataError, match=r"does not place \['phone'\] @ \$\.templates\[0\]"):
            build_templates(copy_dir)

    def test_a_slug_used_twice_is_refused(self, copy_dir: Path) -> None:
        """Two templates may not share a slug (their ids would collide)."""

        def duplicate(data: dict[str, Any]) -> None:
            data["templates"][1]["slug"] = data["templates"][0]["slug"]

        break_file(copy_dir, "birthdays.json", duplicate)
        with pytest.raises(SeedDataError, match=r"^birthdays\.json: slug used twice"):
            build_templates(copy_dir)

    def test_an_unreadable_file_is_named(self, copy_dir: Path) -> None:
        """A missing file is named."""
        shutil.move(copy_dir / "new_month.json", copy_dir / "old_month.json")
        with pytest.raises(SeedDataError, match=r"^new_month\.json: cannot be read"):
            build_templates(copy_dir)

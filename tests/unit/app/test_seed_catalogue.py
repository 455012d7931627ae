"""The seed catalogue: enough original, well-formed Polotno templates for every home row."""

from __future__ import annotations

import json
import re
import uuid
from collections import Counter
from datetime import UTC, timedelta
from itertools import pairwise
from typing import Any

import pytest

from designcore.app.seed.catalogue import (
    LOGO_CATEGORY,
    MAIN_CATEGORIES,
    SEED_EPOCH,
    SEED_NAMESPACE,
    seed_templates,
)

Template = dict[str, Any]

ROW_KEYS = {
    "id",
    "name",
    "category",
    "sub_category",
    "template_type",
    "description",
    "tags",
    "semantic_keywords",
    "design_intent",
    "field_requirements",
    "created_at_offset_minutes",
    "polotno_json",
}
FIELD_KEYS = {"key", "label", "element_id", "kind", "required", "max_length"}
POST_SIZES = {(1080, 1350), (1080, 1080), (1080, 1920)}
LOGO_SIZE = (1000, 1000)
ELEMENT_TYPES = {"text", "figure", "line", "svg", "image"}
FIGURE_SUB_TYPES = {"rect", "circle", "star", "triangle", "rightTriangle", "diamond", "hexagon"}
FONT_FAMILIES = {
    "Montserrat",
    "Playfair Display",
    "Poppins",
    "Great Vibes",
    "Bebas Neue",
    "Lora",
    "Oswald",
    "Dancing Script",
    "Raleway",
    "Anton",
    "Roboto",
    "Merriweather",
}
COMMON_ELEMENT_KEYS = {
    "id",
    "type",
    "name",
    "x",
    "y",
    "width",
    "height",
    "rotation",
    "opacity",
    "visible",
    "selectable",
    "draggable",
    "removable",
    "resizable",
}
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


@pytest.fixture(name="templates", scope="module")
def fixture_templates() -> list[Template]:
    return seed_templates()


def elements(template: Template) -> list[dict[str, Any]]:
    children: list[dict[str, Any]] = template["polotno_json"]["pages"][0]["children"]
    return children


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text))


class TestCatalogueSize:
    def test_has_at_least_66_templates(self, templates: list[Template]) -> None:
        """The seed holds at least 66 templates."""
        assert len(templates) >= 66

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_each_main_category_fills_a_home_row(
        self, templates: list[Template], category: str
    ) -> None:
        """Every home-row category has at least 11 templates."""
        assert sum(t["category"] == category for t in templates) >= 11

    @pytest.mark.parametrize("category", sorted(SUB_CATEGORIES))
    def test_required_sub_categories_are_present(
        self, templates: list[Template], category: str
    ) -> None:
        """Each category covers the sub-categories the product promises."""
        present = {t["sub_category"] for t in templates if t["category"] == category}
        assert set() == SUB_CATEGORIES[category] - present

    def test_only_known_categories(self, templates: list[Template]) -> None:
        """Templates belong to the five home categories or to Logos."""
        assert {*MAIN_CATEGORIES, LOGO_CATEGORY} == {t["category"] for t in templates}

    def test_logos_ask_for_brand_name_and_tagline(self, templates: list[Template]) -> None:
        """At least six 1000x1000 logos whose fields are exactly brand_name and tagline."""
        logos = [t for t in templates if t["category"] == LOGO_CATEGORY]
        assert len(logos) >= 6
        for logo in logos:
            document = logo["polotno_json"]
            assert LOGO_SIZE == (document["width"], document["height"])
            assert ["brand_name", "tagline"] == sorted(f["key"] for f in logo["field_requirements"])

    def test_about_a_quarter_is_premium(self, templates: list[Template]) -> None:
        """Between 20 % and 35 % of the templates are premium, the rest free."""
        types = Counter(t["template_type"] for t in templates)
        assert {"free", "premium"} == set(types)
        assert 0.20 <= types["premium"] / len(templates) <= 0.35

    @pytest.mark.parametrize("category", [*MAIN_CATEGORIES, LOGO_CATEGORY])
    def test_premium_is_spread_across_categories(
        self, templates: list[Template], category: str
    ) -> None:
        """Each category has both free and premium templates."""
        types = {t["template_type"] for t in templates if t["category"] == category}
        assert {"free", "premium"} == types

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_every_format_is_used(self, templates: list[Template], category: str) -> None:
        """Each home category mixes flyers, square posts and stories."""
        sizes = {
            (t["polotno_json"]["width"], t["polotno_json"]["height"])
            for t in templates
            if t["category"] == category
        }
        assert POST_SIZES == sizes


class TestTemplateRows:
    def test_rows_have_exactly_the_catalogue_keys(self, templates: list[Template]) -> None:
        """Every row has exactly the keys the seeder reads."""
        assert [] == [t["name"] for t in templates if set(t) != ROW_KEYS]

    def test_ids_are_uuid5_of_the_namespace(self, templates: list[Template]) -> None:
        """Ids are distinct version-5 UUIDs in the seed namespace."""
        ids = [uuid.UUID(t["id"]) for t in templates]
        assert len(ids) == len(set(ids))
        assert {5} == {value.version for value in ids}
        assert str(uuid.uuid5(SEED_NAMESPACE, "church-sunday-service-royal-flyer")) in {
            t["id"] for t in templates
        }

    def test_names_are_unique(self, templates: list[Template]) -> None:
        """No two templates share a name."""
        names = [t["name"] for t in templates]
        assert len(names) == len(set(names))

    def test_tags_and_keywords_are_well_sized(self, templates: list[Template]) -> None:
        """Tags are 3-8 lowercase words, semantic keywords 4-10 strings."""
        for template in templates:
            tags = template["tags"]
            assert 3 <= len(tags) <= 8, template["name"]
            assert [tag.lower() for tag in tags] == tags, template["name"]
            assert 4 <= len(template["semantic_keywords"]) <= 10, template["name"]

    def test_copy_fields_are_short(self, templates: list[Template]) -> None:
        """Descriptions are one or two sentences and the design intent is one."""
        for template in templates:
            assert 1 <= sentences(template["description"]) <= 2, template["name"]
            assert 1 == sentences(template["design_intent"]), template["name"]

    def test_created_at_offsets_are_distinct(self, templates: list[Template]) -> None:
        """Offsets are non-negative and distinct, so created_at orders every template."""
        offsets = [t["created_at_offset_minutes"] for t in templates]
        assert all(isinstance(o, int) and o >= 0 for o in offsets)
        assert len(offsets) == len(set(offsets))

    @pytest.mark.parametrize("category", MAIN_CATEGORIES)
    def test_newest_first_rows_mix_sub_categories(
        self, templates: list[Template], category: str
    ) -> None:
        """Sorted newest first, a category's sub-categories interleave instead of clumping."""
        listed = [t for t in templates if t["category"] == category]
        row = sorted(listed, key=lambda t: t["created_at_offset_minutes"])
        runs = 1 + sum(a["sub_category"] != b["sub_category"] for a, b in pairwise(row))
        assert runs > len({t["sub_category"] for t in row})
        assert [t["id"] for t in listed] != [t["id"] for t in row]

    def test_epoch_is_a_fixed_utc_instant(self) -> None:
        """The seed epoch is timezone-aware UTC, so created_at values are absolute."""
        assert timedelta(0) == SEED_EPOCH.utcoffset()
        assert UTC == SEED_EPOCH.tzinfo


class TestFieldRequirements:
    def test_fields_have_the_documented_shape(self, templates: list[Template]) -> None:
        """Every field has key, label, element_id, kind, required and max_length."""
        for template in templates:
            for field in template["field_requirements"]:
                assert FIELD_KEYS == set(field), template["name"]
                assert field["kind"] in {"text", "image"}
                assert isinstance(field["required"], bool)
                assert field["max_length"] is None or field["max_length"] > 0

    def test_every_field_points_at_an_element_of_its_kind(self, templates: list[Template]) -> None:
        """A field's element_id names an element of the document of the matching type."""
        for template in templates:
            by_id = {element["id"]: element for element in elements(template)}
            keys = [field["key"] for field in template["field_requirements"]]
            assert len(keys) == len(set(keys)), template["name"]
            for field in template["field_requirements"]:
                assert field["element_id"] in by_id, (template["name"], field["key"])
                assert field["kind"] == by_id[field["element_id"]]["type"]

    def test_every_text_element_is_a_field(self, templates: list[Template]) -> None:
        """Every editable text and image element has a field requirement."""
        for template in templates:
            editable = {e["id"] for e in elements(template) if e["type"] in {"text", "image"}}
            fields = {field["element_id"] for field in template["field_requirements"]}
            assert editable == fields, template["name"]

    def test_sample_text_fits_its_limit(self, templates: list[Template]) -> None:
        """The sample copy of every text field is within its max_length."""
        for template in templates:
            by_id = {element["id"]: element for element in elements(template)}
            for field in template["field_requirements"]:
                if field["kind"] == "text" and field["max_length"] is not None:
                    text = by_id[field["element_id"]]["text"]
                    assert len(text) <= field["max_length"], (template["name"], field["key"])

    def test_templates_ask_for_the_usual_details(self, templates: list[Template]) -> None:
        """Main-category templates use the conventional keys for their details."""
        keys = Counter(
            field["key"]
            for template in templates
            if template["category"] != LOGO_CATEGORY
            for field in template["field_requirements"]
        )
        for key in ("headline", "date", "venue", "phone", "name", "age", "price"):
            assert keys[key] > 0, key


class TestDocuments:
    def test_documents_use_the_allowed_sizes(self, templates: list[Template]) -> None:
        """Posts are 1080 wide (flyer, square or story); logos are 1000x1000."""
        for template in templates:
            document = template["polotno_json"]
            size = (document["width"], document["height"])
            expected = {LOGO_SIZE} if template["category"] == LOGO_CATEGORY else POST_SIZES
            assert size in expected, template["name"]

    def test_documents_have_the_store_shape(self, templates: list[Template]) -> None:
        """Each document is a one-page Polotno store JSON with a hex background."""
        for template in templates:
            document = template["polotno_json"]
            assert ([], "px", 72) == (document["fonts"], document["unit"], document["dpi"])
            assert 1 == len(document["pages"])
            page = document["pages"][0]
            assert isinstance(page["id"], str)
            assert HEX_COLOUR.match(page["background"]), template["name"]

    def test_elements_are_valid(self, templates: list[Template]) -> None:
        """Elements have unique ids, the common attributes and a known type."""
        for template in templates:
            children = elements(template)
            ids = [element["id"] for element in children]
            assert len(ids) == len(set(ids)), template["name"]
            for element in children:
                assert set() == COMMON_ELEMENT_KEYS - set(element), element["id"]
                assert element["type"] in ELEMENT_TYPES, element["id"]
                if element["type"] == "figure":
                    assert element["subType"] in FIGURE_SUB_TYPES, element["id"]
                if element["type"] == "text":
                    assert element["fontFamily"] in FONT_FAMILIES, element["id"]
                    assert element["align"] in {"left", "center", "right"}
                if element["type"] == "image":
                    assert element["src"].startswith("data:image/png;base64,"), element["id"]

    def test_no_external_urls(self, templates: list[Template]) -> None:
        """No document refers to anything over http or https."""
        for template in templates:
            dumped = json.dumps(template["polotno_json"])
            assert "http://" not in dumped, template["name"]
            assert "https://" not in dumped, template["name"]

    def test_no_css_gradients(self, templates: list[Template]) -> None:
        """Colours are plain values, never CSS gradients Polotno cannot draw."""
        assert "gradient(" not in json.dumps([t["polotno_json"] for t in templates])

    def test_documents_are_json(self, templates: list[Template]) -> None:
        """Documents survive a JSON round trip unchanged."""
        documents = [t["polotno_json"] for t in templates]
        assert documents == json.loads(json.dumps(documents))


class TestNigerianCopy:
    def test_prices_are_in_naira(self, templates: list[Template]) -> None:
        """Prices use the naira sign."""
        texts = [e["text"] for t in templates for e in elements(t) if e["type"] == "text"]
        assert sum("₦" in text for text in texts) >= 10
        assert not any(re.search(r"(?<![A-Za-z])(NGN|N)\d", text) for text in texts)

    def test_phone_numbers_use_the_international_format(self, templates: list[Template]) -> None:
        """Phone numbers are written +234 803 555 0142."""
        phones = [
            e["text"]
            for t in templates
            for e in elements(t)
            if e["type"] == "text" and e["id"].endswith("-phone") and "+" in e["text"]
        ]
        assert len(phones) >= 20
        assert all(NIGERIAN_PHONE.search(phone) for phone in phones)

    def test_local_greetings_keep_their_diacritics(self, templates: list[Template]) -> None:
        """Yoruba, Igbo and Hausa lines appear with their proper letters."""
        dumped = json.dumps([t["polotno_json"] for t in templates], ensure_ascii=False)
        for phrase in ("Ẹ kú oṣù tuntun", "Ọpẹ́ ni fún Ọlọ́run", "Daalụ", "Barka da Sallah"):
            assert phrase in dumped, phrase


class TestDeterminism:
    def test_two_calls_are_equal(self, templates: list[Template]) -> None:
        """The catalogue is the same on every call."""
        assert templates == seed_templates()

    def test_calls_do_not_share_state(self) -> None:
        """Changing one result does not leak into the next call."""
        first = seed_templates()
        first[0]["polotno_json"]["pages"][0]["children"].clear()
        first[0]["field_requirements"].clear()
        assert [] != seed_templates()[0]["field_requirements"]

"""The Logo Maker's brand kit and how it is set into a logo's document."""

from __future__ import annotations

from typing import Any

import pytest

from designcore.domain.errors import NotAllowed, ValidationFailed
from designcore.domain.logo_maker import (
    SMALLEST_SHARE,
    BrandKit,
    brand_colours,
    brand_document,
    check_can_open,
    is_locked,
    parse_brand_kit,
    parse_export_format,
    shrink_to_fit,
    transparent,
)
from designcore.domain.premium import Viewer

INDUSTRIES = ("Business", "Church", "Food")


def logo() -> dict[str, Any]:
    return {
        "schemaVersion": 4,
        "width": 1000,
        "height": 1000,
        "pages": [
            {
                "id": "p1",
                "background": "#ffffff",
                "children": [
                    {
                        "id": "ring",
                        "type": "figure",
                        "width": 400,
                        "height": 400,
                        "fill": "#112233",
                        "stroke": "#aa8800",
                        "strokeWidth": 10,
                    },
                    {"id": "dot", "type": "figure", "width": 20, "height": 20, "fill": "#AA8800"},
                    {"id": "rule", "type": "line", "width": 300, "height": 4, "color": "#aa8800"},
                    {
                        "id": "logo-x-brand_name",
                        "type": "text",
                        "text": "ADUNNI",
                        "fontSize": 92,
                        "width": 880,
                        "fill": "#112233",
                    },
                    {
                        "id": "logo-x-tagline",
                        "type": "text",
                        "text": "TRADE",
                        "fontSize": 30,
                        "width": 800,
                        "fill": "#555555",
                    },
                    {
                        "id": "group",
                        "type": "group",
                        "children": [
                            {
                                "id": "inner",
                                "type": "figure",
                                "width": 10,
                                "height": 10,
                                "fill": "#112233",
                            },
                        ],
                    },
                ],
            }
        ],
    }


def fields(error: pytest.ExceptionInfo[ValidationFailed]) -> list[str]:
    return [issue.path for issue in error.value.issues]


class TestBrandKit:
    def test_a_full_kit(self) -> None:
        kit = parse_brand_kit(
            {
                "brand_name": "  Ada's   Kitchen ",
                "tagline": "Jollof & more",
                "industry": "Food",
                "colors": ["#FF0000", "#00aa00"],
            },
            INDUSTRIES,
        )
        assert BrandKit("Ada's Kitchen", "Jollof & more", "Food", ("#ff0000", "#00aa00")) == kit

    def test_only_the_name_is_needed(self) -> None:
        assert BrandKit("Ada") == parse_brand_kit(
            {"brand_name": "Ada", "industry": None, "colors": []}
        )

    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({}, "brand_name"),
            ({"brand_name": "   "}, "brand_name"),
            ({"brand_name": 7}, "brand_name"),
            ({"brand_name": "x" * 41}, "brand_name"),
            ({"brand_name": "Ada", "tagline": "x" * 61}, "tagline"),
            ({"brand_name": "Ada", "industry": "Mining"}, "industry"),
            ({"brand_name": "Ada", "colors": ["#fff"]}, "colors[0]"),
            ({"brand_name": "Ada", "colors": ["#ffffff", "#000000", "#111111"]}, "colors"),
            ({"brand_name": "Ada", "colors": "#ffffff"}, "colors"),
            ({"brand_name": "Ada", "font": "Lora"}, "font"),
        ],
    )
    def test_bad_fields_are_named(self, body: dict[str, Any], field: str) -> None:
        with pytest.raises(ValidationFailed) as error:
            parse_brand_kit(body, INDUSTRIES)
        assert [field] == fields(error)

    def test_not_an_object(self) -> None:
        with pytest.raises(ValidationFailed):
            parse_brand_kit(["Ada"], INDUSTRIES)


class TestBrandDocument:
    def test_colours_by_area_biggest_first(self) -> None:
        assert ["#112233", "#aa8800"] == brand_colours(logo())

    def test_an_invisible_stroke_is_no_brand_colour(self) -> None:
        document = logo()
        document["pages"][0]["children"][0]["strokeWidth"] = 0
        document["pages"][0]["children"][1]["fill"] = "#112233"
        document["pages"][0]["children"][2]["color"] = "#112233"
        assert ["#112233"] == brand_colours(document)

    def test_texts_and_colours_are_set_in_a_copy(self) -> None:
        template = logo()
        branded = brand_document(
            template,
            BrandKit("Ada's Kitchen", "Jollof", None, ("#ff0000", "#00ff00")),
            lambda element, text: float(element["fontSize"]),
        )
        children = {c["id"]: c for c in branded["pages"][0]["children"]}
        assert "Ada's Kitchen" == children["logo-x-brand_name"]["text"]
        assert "Jollof" == children["logo-x-tagline"]["text"]
        assert ("#ff0000", "#00ff00") == (children["ring"]["fill"], children["ring"]["stroke"])
        assert "#00ff00" == children["dot"]["fill"] == children["rule"]["color"]
        assert "#ff0000" == children["logo-x-brand_name"]["fill"]
        assert "#555555" == children["logo-x-tagline"]["fill"]
        assert "#ff0000" == children["group"]["children"][0]["fill"]
        assert "ADUNNI" == template["pages"][0]["children"][3]["text"]
        assert "#112233" == template["pages"][0]["children"][0]["fill"]

    def test_one_colour_changes_only_the_main_one(self) -> None:
        branded = brand_document(logo(), BrandKit("Ada", colors=("#123456",)), lambda e, t: 10.0)
        children = {c["id"]: c for c in branded["pages"][0]["children"]}
        assert ("#123456", "#aa8800") == (children["ring"]["fill"], children["ring"]["stroke"])

    def test_texts_shrink_as_the_fitter_says_within_bounds(self) -> None:
        asked: list[str] = []

        def fit(element: dict[str, Any], text: str) -> float:
            asked.append(text)
            return 20.0 if element["id"].endswith("brand_name") else 500.0

        branded = brand_document(logo(), BrandKit("A very long brand name", "Tag"), fit)
        children = {c["id"]: c for c in branded["pages"][0]["children"]}
        assert round(92 * SMALLEST_SHARE, 1) == children["logo-x-brand_name"]["fontSize"]
        assert 30 == children["logo-x-tagline"]["fontSize"]  # never larger than the template's
        assert ["A very long brand name", "Tag"] == asked

    def test_an_empty_tagline_empties_its_element(self) -> None:
        branded = brand_document(logo(), BrandKit("Ada"), lambda e, t: 1.0)
        assert "" == branded["pages"][0]["children"][4]["text"]


class TestShrink:
    def test_keeps_the_size_that_fits(self) -> None:
        assert 100 == shrink_to_fit(100, lambda size: True)

    def test_steps_down_until_it_fits(self) -> None:
        size = shrink_to_fit(100, lambda size: size <= 80)
        assert 75 < size <= 80

    def test_never_below_the_floor(self) -> None:
        assert 100 * SMALLEST_SHARE == shrink_to_fit(100, lambda size: False)


class TestOpening:
    def test_visitors_sign_in(self) -> None:
        with pytest.raises(NotAllowed) as error:
            check_can_open(Viewer(), premium_model_on=False)
        assert "sign_in_required" == error.value.code

    def test_free_users_upgrade_while_the_model_is_on(self) -> None:
        with pytest.raises(NotAllowed) as error:
            check_can_open(Viewer(user_id="u1"), premium_model_on=True)
        assert "upgrade_required" == error.value.code
        check_can_open(Viewer(user_id="u1"), premium_model_on=False)

    def test_premium_users_open(self) -> None:
        premium = Viewer(user_id="u1", subscription_status="active", subscription_plan="premium")
        check_can_open(premium, premium_model_on=True)

    def test_locked_is_exactly_when_opening_asks_for_an_upgrade(self) -> None:
        """A logo is marked locked exactly when opening it would answer upgrade_required."""
        premium = Viewer(user_id="u1", subscription_status="active", subscription_plan="premium")
        free = Viewer(user_id="u1")
        for viewer in (premium, free):
            for model_on in (True, False):
                try:
                    check_can_open(viewer, premium_model_on=model_on)
                    refused = False
                except NotAllowed as error:
                    refused = "upgrade_required" == error.code
                assert refused == is_locked(viewer, premium_model_on=model_on)
        assert is_locked(Viewer(), premium_model_on=True)
        assert not is_locked(Viewer(), premium_model_on=False)


def test_transparent_drops_every_page_background_in_a_copy() -> None:
    document = logo()
    clear = transparent(document)
    assert ["transparent"] == [page["background"] for page in clear["pages"]]
    assert "#ffffff" == document["pages"][0]["background"]


def test_logos_download_as_png_or_svg() -> None:
    assert ("png", "svg") == (parse_export_format("png"), parse_export_format("svg"))
    for bad in ("pdf", None, 1):
        with pytest.raises(ValidationFailed):
            parse_export_format(bad)

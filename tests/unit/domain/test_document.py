"""The design document model: parsing, migration, round trip and limits."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from designcore.app.seed.catalogue import seed_templates
from designcore.domain.designs import check_document
from designcore.domain.document import (
    MAX_DOCUMENT_BYTES,
    SCHEMA_VERSION,
    FigureElement,
    GroupElement,
    LimitExceeded,
    OpaqueElement,
    TextElement,
    check_export_size,
    export_scale,
    json_schema,
    load_document,
    migrate,
    parse_document,
)
from designcore.domain.errors import ValidationFailed
from support import VECTORS


def doc(*children: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "width": 1080,
        "height": 1350,
        "pages": [{"id": "p1", "children": list(children)}],
        **fields,
    }


SEEDS = {template.name: template.polotno_json for template in seed_templates()}


class TestSeedCatalogue:
    @pytest.mark.parametrize("raw", SEEDS.values(), ids=SEEDS.keys())
    def test_every_seed_template_parses_and_round_trips(self, raw: dict[str, Any]) -> None:
        """Each seed document parses, and writing it back gives the same document."""
        document = parse_document(raw)
        written = document.to_json()
        assert SCHEMA_VERSION == raw["schemaVersion"]
        assert SCHEMA_VERSION == written["schemaVersion"]
        assert document == parse_document(json.loads(json.dumps(written)))
        for page_in, page_out in zip(raw["pages"], written["pages"], strict=True):
            assert page_in["children"] == page_out["children"]


class TestParsing:
    def test_elements_get_their_types(self) -> None:
        """Known types become their classes; defaults fill missing fields."""
        document = parse_document(
            doc(
                {"id": "t", "type": "text", "text": "Hi"},
                {"id": "g", "type": "group", "children": [{"id": "f", "type": "figure"}]},
            )
        )
        text, group = document.pages[0].children
        assert isinstance(text, TextElement)
        assert 1.2 == text.line_height
        assert isinstance(group, GroupElement)
        assert isinstance(group.children[0], FigureElement)

    def test_unknown_types_are_kept_unchanged(self) -> None:
        """A video element survives the round trip exactly."""
        video = {"id": "v", "type": "video", "src": "x.mp4", "whatever": [1, 2]}
        document = parse_document(doc(video))
        assert isinstance(document.pages[0].children[0], OpaqueElement)
        assert video == document.to_json()["pages"][0]["children"][0]

    def test_unknown_keys_are_kept(self) -> None:
        """A field a later editor adds is written back."""
        document = parse_document(doc({"id": "t", "type": "text", "futureField": {"a": 1}}))
        assert {"a": 1} == document.to_json()["pages"][0]["children"][0]["futureField"]

    def test_errors_name_the_json_path(self) -> None:
        """Every bad field is reported at once, with its path."""
        with pytest.raises(ValidationFailed) as caught:
            parse_document(
                doc(
                    {"id": "t", "type": "text", "fontSize": "big", "align": "middle"},
                    {
                        "id": "g",
                        "type": "group",
                        "children": [{"id": "f", "type": "figure", "opacity": 2}],
                    },
                )
            )
        paths = {issue.path for issue in caught.value.issues}
        assert {
            "pages[0].children[0].fontSize",
            "pages[0].children[0].align",
            "pages[0].children[1].children[0].opacity",
        } == paths

    @pytest.mark.parametrize(
        "raw",
        [
            [],
            {"width": 10, "height": 10, "pages": []},
            {"width": "a", "height": 1, "pages": [{"id": "p"}]},
        ],
    )
    def test_malformed_documents_are_refused(self, raw: object) -> None:
        """Not an object, no pages, or a bad size: ValidationFailed."""
        with pytest.raises(ValidationFailed):
            parse_document(raw)

    def test_line_height_forms(self) -> None:
        """lineHeight accepts numbers, auto and percentages, and nothing else."""
        for value in (1.3, "auto", "120%"):
            parse_document(doc({"id": "t", "type": "text", "lineHeight": value}))
        with pytest.raises(ValidationFailed):
            parse_document(doc({"id": "t", "type": "text", "lineHeight": "tall"}))


class TestFilters:
    def test_contrast_is_read_from_the_filters_object_and_written_back(self) -> None:
        """``filters.contrast`` as an object with an intensity or as a bare number; other
        filters are kept as they are; no ``filters`` means no contrast and none written."""
        filters = {"contrast": {"intensity": -0.25}, "warm": {"intensity": 0.5}}
        document = parse_document(
            doc(
                {"id": "a", "type": "image", "src": "data:,", "filters": filters},
                {"id": "b", "type": "image", "src": "data:,", "filters": {"contrast": 0.5}},
                {"id": "c", "type": "image", "src": "data:,"},
            )
        )
        a, b, c = document.pages[0].children
        assert (-0.25, 0.5, 0.0) == (a.contrast, b.contrast, c.contrast)
        written = document.to_json()["pages"][0]["children"]
        assert filters == written[0]["filters"]
        assert "filters" not in written[2]

    @pytest.mark.parametrize(
        ("filters", "path"),
        [
            ({"contrast": 1.5}, "pages[0].children[0].filters.contrast"),
            ({"contrast": {"intensity": -2}}, "pages[0].children[0].filters.contrast.intensity"),
            ({"contrast": {"amount": 0.2}}, "pages[0].children[0].filters.contrast"),
            ({"contrast": "high"}, "pages[0].children[0].filters.contrast"),
            ({"contrast": True}, "pages[0].children[0].filters.contrast"),
            ([0.2], "pages[0].children[0].filters"),
        ],
    )
    def test_a_bad_contrast_is_refused_at_its_path(self, filters: object, path: str) -> None:
        """Out of -1..1, not a number, or filters that are not an object: a clear issue."""
        with pytest.raises(ValidationFailed) as caught:
            parse_document(doc({"id": "a", "type": "image", "src": "data:,", "filters": filters}))
        assert [path] == [issue.path for issue in caught.value.issues]


MIGRATIONS = json.loads((VECTORS / "schema_migration.json").read_text(encoding="utf-8"))


class TestMigration:
    @pytest.mark.parametrize("case", MIGRATIONS["cases"], ids=lambda case: case["name"])
    def test_shared_vectors(self, case: dict[str, Any]) -> None:
        """Python migrates as the shared table says (the editor reads the same table)."""
        if "error" in case:
            with pytest.raises(ValidationFailed, match=case["error"]):
                migrate(case["input"])
        else:
            assert case["migrated"] == migrate(case["input"])

    def test_a_document_without_a_version_is_version_0(self) -> None:
        """No schemaVersion means version 0: its letter spacing was in pixels (20 px at 40 px
        is half the size), as the format's reference editor reads it."""
        document = parse_document(
            doc({"id": "t", "type": "text", "fontSize": 40, "letterSpacing": 20})
        )
        text = document.pages[0].children[0]
        assert isinstance(text, TextElement)
        assert 0.5 == text.letter_spacing

    def test_every_document_written_carries_the_version(self) -> None:
        """to_json always writes schemaVersion 4, so a written document is never read as 0."""
        written = parse_document(
            doc(
                {"id": "t", "type": "text", "fontSize": 40, "letterSpacing": 0.25},
                schemaVersion=SCHEMA_VERSION,
            )
        ).to_json()
        assert SCHEMA_VERSION == written["schemaVersion"]
        again = parse_document(written).pages[0].children[0]
        assert isinstance(again, TextElement)
        assert 0.25 == again.letter_spacing

    def test_documents_without_a_version_are_migrated(self) -> None:
        """Pages get auto sizes and locked becomes the editor flags."""
        migrated = migrate(doc({"id": "t", "type": "text", "locked": True}))
        element = migrated["pages"][0]["children"][0]
        assert SCHEMA_VERSION == migrated["schemaVersion"]
        assert "auto" == migrated["pages"][0]["width"]
        assert "locked" not in element
        assert element["draggable"] is False

    def test_newer_versions_are_refused(self) -> None:
        """A document from a newer format version is not guessed at."""
        with pytest.raises(ValidationFailed, match="newer"):
            parse_document(doc(schemaVersion=SCHEMA_VERSION + 1))


class TestLimits:
    def test_too_many_elements(self) -> None:
        """More than 200 elements on a page (groups included) is refused."""
        children = [{"id": f"f{i}", "type": "figure"} for i in range(200)]
        children.append({"id": "g", "type": "group", "children": []})
        with pytest.raises(LimitExceeded):
            parse_document(doc(*children))

    def test_too_many_bytes(self) -> None:
        """A document over 5 MB is refused before it is parsed."""
        big = json.dumps(doc({"id": "t", "type": "text", "text": "x" * MAX_DOCUMENT_BYTES}))
        with pytest.raises(LimitExceeded):
            load_document(big)

    @pytest.mark.parametrize(("ratio", "ok"), [(1, True), (5, True), (8, False)])
    def test_side_limit(self, ratio: float, ok: bool) -> None:
        """10,000 px on a side at the requested pixel ratio."""
        document = parse_document(doc())
        if ok:
            check_export_size(document, ratio)
        else:
            with pytest.raises(LimitExceeded):
                check_export_size(document, ratio)

    def test_area_limit(self) -> None:
        """50 MP per page: a 9,000 px square is under the side limit but over the area."""
        document = parse_document({"width": 9000, "height": 9000, "pages": [{"id": "p"}]})
        with pytest.raises(LimitExceeded, match="MP"):
            check_export_size(document, 1)

    def test_dpi_scale(self) -> None:
        """300 DPI of a 72 DPI document is a scale of 300/72."""
        document = parse_document(doc())
        assert 300 / 72 == export_scale(document, dpi=300)


SCHEMA = jsonschema.Draft202012Validator(json_schema())
"""The document's JSON Schema (what the API document states for a design's ``document``)."""


class TestJsonSchema:
    def test_the_schema_is_valid_json_schema(self) -> None:
        """The schema itself is well-formed JSON Schema 2020-12."""
        jsonschema.Draft202012Validator.check_schema(json_schema())

    @pytest.mark.parametrize("raw", SEEDS.values(), ids=SEEDS.keys())
    def test_every_seed_template_is_valid_by_the_schema(self, raw: dict[str, Any]) -> None:
        """Each seed document, which the model and a stored design accept, the schema admits."""
        check_document(raw)
        assert [] == [error.message for error in SCHEMA.iter_errors(raw)]

    @pytest.mark.parametrize(
        "change",
        [
            {"width": 0.5},
            {"width": 10_001},
            {"height": "auto"},
            {"pages": []},
            {"pages": [{"id": "p", "width": 20_000}]},
            {"pages": [{"background": "white"}]},
            {"pages": [{"id": "p", "children": [{"type": "text"}]}]},
            {"pages": [{"id": "p", "children": [{"id": "t", "type": ""}]}]},
            {"pages": [{"id": "p", "children": [{"id": "t", "type": "text", "opacity": 2}]}]},
            {"pages": [{"id": "p", "children": [{"id": "t", "type": "text", "x": None}]}]},
            {"pages": [{"id": "p", "children": [{"id": "t", "type": "text", "lineHeight": "0%"}]}]},
            {
                "pages": [
                    {"id": "p", "children": [{"id": "t", "type": "text", "lineHeight": "1e2%"}]}
                ]
            },
            {
                "pages": [
                    {"id": "p", "children": [{"id": "t", "type": "text", "fontWeight": "heavy"}]}
                ]
            },
            {"pages": [{"id": "p", "children": [{"id": "i", "type": "image"}]}]},
            {"pages": [{"id": "p", "children": [{"id": "f", "type": "figure", "dash": [-1]}]}]},
            {
                "pages": [
                    {
                        "id": "p",
                        "children": [
                            {"id": "s", "type": "svg", "src": "x", "colorsReplace": {"a": 1}}
                        ],
                    }
                ]
            },
            {
                "pages": [
                    {
                        "id": "p",
                        "children": [
                            {"id": "i", "type": "image", "src": "x", "filters": {"contrast": 2}}
                        ],
                    }
                ]
            },
            {
                "pages": [
                    {
                        "id": "p",
                        "children": [{"id": "g", "type": "group", "children": [{"type": "line"}]}],
                    }
                ]
            },
            {"pages": [{"id": "p", "children": [{"id": "f", "type": "figure"}] * 201}]},
            {"fonts": [{"url": "https://fonts.example/a.css"}]},
            {"unit": "furlong"},
            {"schemaVersion": SCHEMA_VERSION + 1},
        ],
    )
    def test_what_the_schema_rules_out_is_refused(self, change: dict[str, Any]) -> None:
        """A document the schema rules out, a stored design refuses too, and the other way
        round for each rule the schema states."""
        raw = {**doc(), **change}
        assert not SCHEMA.is_valid(raw)
        with pytest.raises(ValidationFailed):
            check_document(raw)

    @pytest.mark.parametrize(
        "element",
        [
            {"id": "t", "type": "text", "lineHeight": "87.5%", "fontWeight": 650, "filters": None},
            {"id": "t", "type": "text", "lineHeight": "auto", "textOverflow": None, "custom": [1]},
            {"id": "i", "type": "image", "src": "x", "filters": {"contrast": {"intensity": -1}}},
            {"id": "q", "type": "qr-code", "anything": {"kept": True}},
            {"type": "video"},
            {"id": "g", "type": "group", "children": [{"id": "l", "type": "line", "dash": [2, 1]}]},
        ],
    )
    def test_what_the_schema_admits_is_accepted(self, element: dict[str, Any]) -> None:
        """A document the schema admits, a stored design accepts (nulls where the model
        takes a default, unknown element types kept as they are)."""
        raw = doc(element)
        assert SCHEMA.is_valid(raw)
        check_document(raw)

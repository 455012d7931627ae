"""The photo editor's steps: parsing every field, and sizes followed through a pipeline."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain import photo_edits
from designcore.domain.errors import ValidationFailed
from designcore.domain.photo_edits import (
    MAX_DIMENSION,
    MAX_OPERATIONS,
    Background,
    Crop,
    Enhance,
    Flip,
    FlipAxis,
    RemoveBackground,
    Resize,
    Rotate,
    aspect_crop,
    parse_operations,
    parse_source,
    plan_sizes,
    rotated_size,
)


def fields(error: pytest.ExceptionInfo[ValidationFailed]) -> list[str]:
    return [issue.path for issue in error.value.issues]


class TestParse:
    def test_every_step(self) -> None:
        steps = parse_operations(
            [
                {"op": "enhance"},
                {"op": "crop", "x": 1, "y": 2, "width": 30, "height": 40},
                {"op": "resize", "width": 20, "height": 10},
                {"op": "rotate", "degrees": -45.5},
                {"op": "flip", "axis": "vertical"},
                {"op": "background", "color": "#FFaa00"},
                {"op": "remove_background"},
            ]
        )
        assert (
            Enhance(),
            Crop(1, 2, 30, 40),
            Resize(20, 10),
            Rotate(-45.5),
            Flip(FlipAxis.VERTICAL),
            Background("#ffaa00"),
            RemoveBackground(),
        ) == steps

    def test_whole_numbers_written_with_a_point_are_whole(self) -> None:
        """JSON's ``322.0`` is the whole number 322 (the API document calls it an integer)."""
        assert (Crop(322, 0, 5, 5), Resize(408, 3)) == parse_operations(
            [
                {"op": "crop", "x": 322.0, "y": 0, "width": 5.0, "height": 5},
                {"op": "resize", "width": 408.0, "height": 3},
            ]
        )

    @pytest.mark.parametrize(
        ("step", "field"),
        [
            ({"op": "sharpen"}, "operations[0].op"),
            ({}, "operations[0].op"),
            ({"op": "crop", "x": 0, "y": 0, "width": 0, "height": 5}, "operations[0].width"),
            ({"op": "crop", "x": -1, "y": 0, "width": 5, "height": 5}, "operations[0].x"),
            ({"op": "crop", "x": "1", "y": 0, "width": 5, "height": 5}, "operations[0].x"),
            ({"op": "crop", "x": 1.5, "y": 0, "width": 5, "height": 5}, "operations[0].x"),
            ({"op": "crop", "x": True, "y": 0, "width": 5, "height": 5}, "operations[0].x"),
            ({"op": "resize", "width": MAX_DIMENSION + 1, "height": 5}, "operations[0].width"),
            ({"op": "resize", "width": 5}, "operations[0].height"),
            ({"op": "rotate", "degrees": 361}, "operations[0].degrees"),
            ({"op": "rotate", "degrees": "90"}, "operations[0].degrees"),
            ({"op": "rotate", "degrees": float("nan")}, "operations[0].degrees"),
            ({"op": "flip", "axis": "diagonal"}, "operations[0].axis"),
            ({"op": "background", "color": "red"}, "operations[0].color"),
            ({"op": "background", "color": "#12345"}, "operations[0].color"),
            ({"op": "enhance", "strength": 2}, "operations[0].strength"),
            ("enhance", "operations[0]"),
        ],
    )
    def test_bad_step_names_its_field(self, step: Any, field: str) -> None:
        with pytest.raises(ValidationFailed) as error:
            parse_operations([step])
        assert [field] == fields(error)

    def test_every_bad_step_is_named(self) -> None:
        with pytest.raises(ValidationFailed) as error:
            parse_operations([{"op": "enhance"}, {"op": "nope"}, {"op": "flip", "axis": 1}])
        assert ["operations[1].op", "operations[2].axis"] == fields(error)

    @pytest.mark.parametrize("raw", [[], "enhance", {"op": "enhance"}, None])
    def test_operations_must_be_a_non_empty_list(self, raw: Any) -> None:
        with pytest.raises(ValidationFailed) as error:
            parse_operations(raw)
        assert ["operations"] == fields(error)

    def test_at_most_the_limit(self) -> None:
        parse_operations([{"op": "enhance"}] * MAX_OPERATIONS)
        with pytest.raises(ValidationFailed):
            parse_operations([{"op": "enhance"}] * (MAX_OPERATIONS + 1))

    @pytest.mark.parametrize("raw", ["nobucket", "", "/", 7, None])
    def test_source_needs_a_bucket_and_a_path(self, raw: Any) -> None:
        with pytest.raises(ValidationFailed):
            parse_source(raw)

    def test_source_splits_at_the_first_slash(self) -> None:
        assert ("user-uploads", "u1/a/b.png") == parse_source("user-uploads/u1/a/b.png")


class TestSizes:
    def test_followed_through_the_steps(self) -> None:
        steps = parse_operations(
            [
                {"op": "crop", "x": 10, "y": 0, "width": 100, "height": 50},
                {"op": "rotate", "degrees": 90},
                {"op": "resize", "width": 25, "height": 50},
                {"op": "flip", "axis": "horizontal"},
            ]
        )
        assert [(100, 50), (50, 100), (25, 50), (25, 50)] == plan_sizes(200, 80, steps)

    def test_a_crop_outside_the_picture_is_refused_before_decoding(self) -> None:
        steps = [Resize(100, 100), Crop(50, 50, 60, 10)]
        with pytest.raises(ValidationFailed) as error:
            plan_sizes(400, 400, steps)
        assert ["operations[1]"] == fields(error)
        assert "leaves the 100x100 picture" in error.value.issues[0].message

    def test_a_result_over_the_megapixel_limit_is_refused(self) -> None:
        with pytest.raises(ValidationFailed) as error:
            plan_sizes(100, 100, [Resize(MAX_DIMENSION, MAX_DIMENSION)])
        assert ["operations[0]"] == fields(error)

    def test_a_source_over_the_limit_is_refused(self) -> None:
        with pytest.raises(ValidationFailed) as error:
            plan_sizes(MAX_DIMENSION + 1, 10, [Enhance()])
        assert ["source"] == fields(error)

    @pytest.mark.parametrize(
        ("degrees", "size"), [(0, (40, 30)), (90, (30, 40)), (-90, (30, 40)), (180, (40, 30))]
    )
    def test_right_angles_turn_exactly(self, degrees: float, size: tuple[int, int]) -> None:
        assert size == rotated_size(40, 30, degrees)

    def test_forty_five_degrees_holds_the_whole_square(self) -> None:
        assert (142, 142) == rotated_size(100, 100, 45)

    @given(
        st.integers(1, 3000),
        st.integers(1, 3000),
        st.floats(-360, 360, allow_nan=False),
    )
    def test_a_turned_picture_always_fits(self, width: int, height: int, degrees: float) -> None:
        turned = rotated_size(width, height, degrees)
        assert min(turned) >= 1
        # the canvas is never smaller than the picture's shorter side
        assert max(turned) >= min(width, height)


class TestAspectCrop:
    @pytest.mark.parametrize(
        ("size", "ratio", "crop"),
        [
            ((1000, 500), (1, 1), Crop(250, 0, 500, 500)),
            ((500, 1000), (1, 1), Crop(0, 250, 500, 500)),
            ((1080, 1920), (4, 5), Crop(0, 285, 1080, 1350)),
            ((1920, 1080), (9, 16), Crop(656, 0, 607, 1080)),
        ],
    )
    def test_largest_centred_box(
        self, size: tuple[int, int], ratio: tuple[int, int], crop: Crop
    ) -> None:
        assert crop == aspect_crop(*size, *ratio)

    @given(st.integers(1, 5000), st.integers(1, 5000), st.integers(1, 20), st.integers(1, 20))
    def test_always_inside_the_picture(self, width: int, height: int, rw: int, rh: int) -> None:
        crop = aspect_crop(width, height, rw, rh)
        assert [(crop.width, crop.height)] == plan_sizes(width, height, [crop])


def test_a_photo_page_is_the_pictures_size_scaled_down_past_the_limit() -> None:
    assert (1200, 800) == photo_edits.photo_page_size(1200, 800, 10_000)
    assert (10_000, 5_000) == photo_edits.photo_page_size(12_000, 6_000, 10_000)
    assert (1, 10_000) == photo_edits.photo_page_size(2, 30_000, 10_000)


def test_only_a_users_own_folder_is_accepted() -> None:
    assert "u1/photo-editor/a.png" == photo_edits.own_result_path(
        "user-uploads/u1/photo-editor/a.png", "u1", "user-uploads"
    )
    for bad in ("user-uploads/u2/a.png", "user-uploads/u1/", "other/u1/a.png", 3, "u1/a.png"):
        with pytest.raises(ValidationFailed):
            photo_edits.own_result_path(bad, "u1", "user-uploads")


def test_background_colours_of_a_plain_and_a_two_tone_border() -> None:
    plain = [(230 + i % 5, 128 + i % 3, 130 - i % 4) for i in range(400)]
    [colour] = photo_edits.background_colours(plain)
    assert photo_edits.lab_distance(colour, (232, 129, 128)) <= 3
    two_tone = [(240, 128, 128)] * 300 + [(60, 150, 100)] * 200
    colours = photo_edits.background_colours(two_tone)
    assert [(240, 128, 128), (60, 150, 100)] == list(colours)


def test_a_busy_border_is_not_a_plain_background() -> None:
    busy = [((i * 37) % 256, (i * 91) % 256, (i * 53) % 256) for i in range(500)]
    with pytest.raises(photo_edits.BackgroundNotPlain) as raised:
        photo_edits.background_colours(busy)
    assert "background_not_plain" == raised.value.code
    with pytest.raises(photo_edits.BackgroundNotPlain):
        photo_edits.background_colours([])


def test_a_busy_background_is_refused_in_plain_words() -> None:
    """The refusal reads as a sentence for a person: no percentages, counts or jargon."""
    busy = [((i * 37) % 256, (i * 91) % 256, (i * 53) % 256) for i in range(500)]
    with pytest.raises(photo_edits.BackgroundNotPlain) as raised:
        photo_edits.background_colours(busy)
    message = str(raised.value)
    assert photo_edits.BUSY_BACKGROUND_MESSAGE == message
    assert not any(character.isdigit() or character == "%" for character in message)
    assert message[0].isupper()
    assert message.endswith(".")
    for jargon in ("border", "model", "cover", "at least"):
        assert jargon not in message

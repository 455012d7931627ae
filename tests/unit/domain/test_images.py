"""Image rules: transform options, resize geometry, cache keys, and who may upload where."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import NotAllowed, NotFound, ValidationFailed
from designcore.domain.images import (
    MAX_DIMENSION,
    ImageFormat,
    ResizeMode,
    Transform,
    object_key,
    parse_transform,
    plan_resize,
    variant_key,
)
from designcore.domain.premium import Viewer
from designcore.domain.storage import BucketPolicy, check_prefix


class TestParseTransform:
    def test_defaults(self) -> None:
        """Nothing asked: source size, cover, the source's format, quality 80."""
        assert Transform(None, None, ResizeMode.COVER, None, 80) == parse_transform({})

    def test_everything(self) -> None:
        """Every option is read."""
        query = {"width": "800", "height": "600", "resize": "contain", "format": "avif"}
        assert Transform(800, 600, ResizeMode.CONTAIN, ImageFormat.AVIF, 55) == parse_transform(
            {**query, "quality": "55"}
        )

    def test_sizes_above_the_cap_are_capped(self) -> None:
        """Widths and heights above 2500 are served at 2500."""
        assert (MAX_DIMENSION, MAX_DIMENSION) == (
            parse_transform({"width": "10000"}).width,
            parse_transform({"height": "2501"}).height,
        )

    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("width", "0"),
            ("width", "-5"),
            ("width", "1.5"),
            ("width", "abc"),
            ("width", "\uff11\uff12"),  # full-width digits
            ("width", "9" * 40),
            ("height", "0"),
            ("height", "1e3"),
            ("quality", "0"),
            ("quality", "101"),
            ("quality", "high"),
            ("resize", "stretch"),
            ("format", "gif"),
            ("format", "svg"),
        ],
    )
    def test_bad_values_name_the_field(self, field: str, value: str) -> None:
        """Zero, negative, fractional, non-numeric and unknown values raise, naming the field."""
        with pytest.raises(ValidationFailed) as caught:
            parse_transform({field: value})
        assert [field] == [issue.path for issue in caught.value.issues]

    def test_every_bad_field_is_named(self) -> None:
        """Several bad fields are reported together."""
        with pytest.raises(ValidationFailed) as caught:
            parse_transform({"width": "0", "quality": "200", "format": "bmp"})
        assert {"width", "quality", "format"} == {i.path for i in caught.value.issues}

    def test_canonical_text_tells_options_apart(self) -> None:
        """Different options give different canonical texts; equal ones the same."""
        a = parse_transform({"width": "800", "format": "avif"})
        assert a.canonical() == parse_transform({"format": "avif", "width": "800"}).canonical()
        assert a.canonical() != parse_transform({"height": "800", "format": "avif"}).canonical()


class TestPlanResize:
    def test_width_only_keeps_the_ratio(self) -> None:
        """Only a width: the height follows the aspect ratio."""
        assert (800, 400) == plan_resize(2000, 1000, Transform(width=800)).size

    def test_contain_fits_inside(self) -> None:
        """contain fits the box without cropping."""
        plan = plan_resize(2000, 1000, Transform(800, 800, ResizeMode.CONTAIN))
        assert ((800, 400), None) == (plan.size, plan.box)

    def test_cover_crops_the_centre_of_the_source(self) -> None:
        """cover uses the centred square of a wide source."""
        plan = plan_resize(2000, 1000, Transform(500, 500, ResizeMode.COVER))
        assert ((500, 500), (500.0, 0.0, 1500.0, 1000.0)) == (plan.size, plan.box)

    def test_fill_stretches(self) -> None:
        """fill answers exactly the box."""
        assert (300, 900) == plan_resize(2000, 1000, Transform(300, 900, ResizeMode.FILL)).size

    def test_tall_strip_is_capped_on_its_long_side(self) -> None:
        """A 10 x 10000 source asked 2500 wide is not made 2,500,000 px tall."""
        assert (2, 2500) == plan_resize(10, 10000, Transform(width=2500)).size

    @given(
        sw=st.integers(1, 20000),
        sh=st.integers(1, 20000),
        w=st.none() | st.integers(1, MAX_DIMENSION),
        h=st.none() | st.integers(1, MAX_DIMENSION),
        mode=st.sampled_from(ResizeMode),
    )
    def test_outputs_are_never_empty_or_beyond_the_cap(
        self, sw: int, sh: int, w: int | None, h: int | None, mode: ResizeMode
    ) -> None:
        """Whatever the source and options, the output is 1..2500 px on each side and the
        source region lies inside the source."""
        plan = plan_resize(sw, sh, Transform(w, h, mode))
        assert all(1 <= side <= MAX_DIMENSION for side in plan.size)
        if plan.box is not None:
            left, top, right, bottom = plan.box
            assert -1e-6 <= left < right <= sw + 1e-6
            assert -1e-6 <= top < bottom <= sh + 1e-6


class TestKeys:
    def test_variant_key_changes_with_each_input(self) -> None:
        """Bucket, path, source etag, options and engine each change the key."""
        base = ("b", "p.png", "etag1", Transform(width=800), "pillow-1")
        keys = {
            variant_key(*base),
            variant_key("c", *base[1:]),
            variant_key("b", "q.png", *base[2:]),
            variant_key("b", "p.png", "etag2", *base[3:]),
            variant_key("b", "p.png", "etag1", Transform(width=801), "pillow-1"),
            variant_key(*base[:4], "pillow-2"),
        }
        assert 6 == len(keys)
        assert variant_key(*base) == variant_key(*base)

    def test_object_key_separates_bucket_and_path(self) -> None:
        """'a' + 'b/c' and 'a/b' + 'c' are different objects."""
        assert object_key("a", "b/c") != object_key("a/b", "c")


POLICY = BucketPolicy(user_buckets=("user-uploads", "designs"), admin_buckets=("previews",))
ADA = Viewer(user_id="ada")
ADMIN = Viewer(user_id="root", user_role="admin")


class TestBucketPolicy:
    @pytest.mark.parametrize(
        ("viewer", "bucket", "path"),
        [
            (ADA, "user-uploads", "ada/photo.png"),
            (ADA, "designs", "ada/a/b/c.svg"),
            (ADMIN, "previews", "x.png"),
            (ADMIN, "user-uploads", "ada/fixed.png"),
        ],
    )
    def test_allowed(self, viewer: Viewer, bucket: str, path: str) -> None:
        """Users write in their own folder of user buckets; admins anywhere known."""
        POLICY.check_write(viewer, bucket, path)

    @pytest.mark.parametrize(
        ("viewer", "bucket", "path", "error", "code"),
        [
            (Viewer(), "user-uploads", "ada/x.png", NotAllowed, "sign_in_required"),
            (ADA, "previews", "x.png", NotAllowed, "admin_only"),
            (ADA, "user-uploads", "bob/x.png", NotAllowed, "not_your_folder"),
            (ADA, "user-uploads", "ada", NotAllowed, "not_your_folder"),
            (ADA, "user-uploads", "adam/x.png", NotAllowed, "not_your_folder"),
            (ADA, "elsewhere", "ada/x.png", NotFound, "bucket_not_found"),
            (ADMIN, "elsewhere", "x.png", NotFound, "bucket_not_found"),
            (ADA, "user-uploads", "ada/../bob/x.png", ValidationFailed, "validation_failed"),
        ],
    )
    def test_refused(
        self, viewer: Viewer, bucket: str, path: str, error: type[Exception], code: str
    ) -> None:
        """Visitors, other folders, admin buckets, unknown buckets and bad names are refused."""
        with pytest.raises(error) as caught:
            POLICY.check_write(viewer, bucket, path)
        assert code == caught.value.code  # type: ignore[attr-defined]


class TestPrefix:
    @pytest.mark.parametrize("prefix", ["", "a", "a/", "a/b", "a/b/"])
    def test_valid_prefixes(self, prefix: str) -> None:
        """Empty, partial and folder prefixes are fine."""
        assert ("b1", prefix) == check_prefix("b1", prefix)

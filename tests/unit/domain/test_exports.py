"""The download rules: who may export what, with or without the watermark, at what cost."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import NotAllowed, ValidationFailed
from designcore.domain.exports import (
    DEFAULT_EXPORT_LIMITS,
    EXPORT_CREDIT_COST,
    MAX_PIXEL_RATIO,
    PRINT_DPI,
    ExportAllowed,
    ExportLimits,
    ExportMode,
    ExportOptions,
    ExportPlan,
    ExportRefused,
    ExportSize,
    ExportSource,
    ExportTooLarge,
    PaperSize,
    Refusal,
    SourceKind,
    TooManyExports,
    check_concurrent_exports,
    check_export_bounds,
    decide_export,
    decide_export_size,
    export_filename,
    export_plan,
    export_size,
    export_slug,
    place_on_paper,
    requested_pages,
)
from designcore.domain.premium import ANONYMOUS, Viewer
from designcore.domain.profiles import InsufficientCredits
from designcore.domain.rendering import RenderFormat
from designcore.testing import strategies as dst

FREE = Viewer(user_id="u-free")
PREMIUM = Viewer(user_id="u-premium", subscription_status="active", subscription_plan="premium")
ADMIN = Viewer(user_id="u-admin", user_role="admin")
LAPSED = Viewer(user_id="u-lapsed", subscription_status="cancelled", subscription_plan="premium")


def decide(
    viewer: Viewer = FREE,
    *,
    model_on: bool = True,
    premium_template: bool = False,
    balance: int = 0,
    **options: Any,
) -> ExportAllowed | ExportRefused:
    return decide_export(
        ExportOptions.parse(**{"format": "png", **options}),
        viewer=viewer,
        premium_model_on=model_on,
        premium_template=premium_template,
        credit_balance=balance,
    )


def allowed(decision: ExportAllowed | ExportRefused) -> ExportAllowed:
    assert isinstance(decision, ExportAllowed), decision
    return decision


def refused(decision: ExportAllowed | ExportRefused) -> Refusal:
    assert isinstance(decision, ExportRefused), decision
    return decision.reason


class TestFreeUsers:
    @pytest.mark.parametrize("format", ["png", "jpeg"])
    def test_png_and_jpeg_come_watermarked(self, format: str) -> None:
        """A free user's PNG or JPEG carries the watermark and costs nothing."""
        decision = allowed(decide(format=format))
        assert (True, 0) == (decision.watermark, decision.credits)

    @pytest.mark.parametrize("format", ["png", "jpeg"])
    def test_a_credit_buys_a_clean_file(self, format: str) -> None:
        """With a credit to spend, the file has no watermark and costs one credit."""
        decision = allowed(decide(format=format, spend_credit=True, balance=3))
        assert (False, EXPORT_CREDIT_COST) == (decision.watermark, decision.credits)

    def test_spending_without_credits_is_refused(self) -> None:
        """No credits: insufficient_credits (a 409 Conflict), never a clean file."""
        decision = decide(spend_credit=True, balance=0)
        assert Refusal.INSUFFICIENT_CREDITS == refused(decision)
        assert isinstance(decision, ExportRefused)
        error = decision.error()
        assert isinstance(error, InsufficientCredits)
        assert "insufficient_credits" == error.code

    @pytest.mark.parametrize("format", ["pdf", "svg"])
    @pytest.mark.parametrize("spend", [False, True])
    def test_pdf_and_svg_are_premium(self, format: str, spend: bool) -> None:
        """PDF and SVG need premium; a credit does not buy them."""
        decision = decide(format=format, spend_credit=spend, balance=5)
        assert Refusal.PREMIUM_REQUIRED == refused(decision)
        assert isinstance(decision, ExportRefused)
        error = decision.error()
        assert isinstance(error, NotAllowed)
        assert "premium_required" == error.code

    def test_premium_templates_are_refused(self) -> None:
        """A premium template is not downloadable by a free user, credit or not."""
        assert Refusal.PREMIUM_REQUIRED == refused(decide(premium_template=True))
        assert Refusal.PREMIUM_REQUIRED == refused(
            decide(premium_template=True, spend_credit=True, balance=9)
        )

    @pytest.mark.parametrize("viewer", [ADMIN, LAPSED], ids=["admin", "lapsed"])
    def test_admins_and_lapsed_subscribers_are_free_users(self, viewer: Viewer) -> None:
        """Only an active premium subscription counts; the admin role does not."""
        assert allowed(decide(viewer)).watermark
        assert Refusal.PREMIUM_REQUIRED == refused(decide(viewer, format="pdf"))


class TestPremiumUsers:
    @pytest.mark.parametrize("format", list(RenderFormat))
    def test_every_format_without_watermark(self, format: RenderFormat) -> None:
        """Premium users get every format, no watermark, and spend nothing."""
        decision = allowed(decide(PREMIUM, format=format.value, premium_template=True))
        assert (False, 0) == (decision.watermark, decision.credits)

    def test_spend_credit_is_ignored(self) -> None:
        """A premium user never spends credits, even when asking to."""
        assert 0 == allowed(decide(PREMIUM, spend_credit=True, balance=0)).credits

    def test_pdf_is_300_dpi(self) -> None:
        """PDF defaults to print quality, 300 DPI."""
        assert PRINT_DPI == allowed(decide(PREMIUM, format="pdf")).dpi
        assert 150 == allowed(decide(PREMIUM, format="pdf", dpi=150)).dpi


class TestPremiumModelOff:
    @pytest.mark.parametrize("format", list(RenderFormat))
    @pytest.mark.parametrize("premium_template", [False, True])
    def test_no_gating_at_all(self, format: RenderFormat, premium_template: bool) -> None:
        """With the premium model off every signed-in user gets every format, clean, free."""
        decision = allowed(
            decide(
                FREE,
                model_on=False,
                format=format.value,
                premium_template=premium_template,
                spend_credit=True,
            )
        )
        assert (False, 0) == (decision.watermark, decision.credits)

    def test_signing_in_is_still_required(self) -> None:
        """Downloads are for signed-in users whatever the switch says."""
        assert Refusal.SIGN_IN_REQUIRED == refused(decide(ANONYMOUS, model_on=False))


class TestOptions:
    def test_defaults(self) -> None:
        """No ratio: 1; no dpi for images; every page."""
        decision = allowed(decide(PREMIUM))
        assert (1.0, None, None) == (decision.pixel_ratio, decision.dpi, decision.pages)

    @pytest.mark.parametrize(
        ("options", "field"),
        [
            ({"format": "gif"}, "format"),
            ({"format": 3}, "format"),
            ({"pixel_ratio": 0}, "pixel_ratio"),
            ({"pixel_ratio": -2}, "pixel_ratio"),
            ({"pixel_ratio": MAX_PIXEL_RATIO * 2}, "pixel_ratio"),
            ({"pixel_ratio": math.inf}, "pixel_ratio"),
            ({"pixel_ratio": math.nan}, "pixel_ratio"),
            ({"pixel_ratio": "2"}, "pixel_ratio"),
            ({"pixel_ratio": True}, "pixel_ratio"),
            ({"dpi": 10}, "dpi"),
            ({"dpi": 5000}, "dpi"),
            ({"dpi": 300, "pixel_ratio": 2}, "dpi"),
            ({"format": "pdf", "pixel_ratio": 2}, "pixel_ratio"),
            ({"pages": []}, "pages"),
            ({"pages": [-1]}, "pages"),
            ({"pages": [0, 0]}, "pages"),
            ({"pages": ["0"]}, "pages"),
            ({"pages": [True]}, "pages"),
            ({"pages": "0"}, "pages"),
            ({"spend_credit": "true"}, "spend_credit"),
            ({"spend_credit": 1}, "spend_credit"),
            ({"format": "pdf", "paper": "b5"}, "paper"),
            ({"format": "pdf", "paper": 4}, "paper"),
            ({"paper": "a4"}, "paper"),
        ],
    )
    def test_bad_values_name_the_field(self, options: dict[str, Any], field: str) -> None:
        """Each bad value is refused with the field named as the API spells it."""
        with pytest.raises(ValidationFailed) as caught:
            ExportOptions.parse(**{"format": "png", **options})
        assert field in [issue.path for issue in caught.value.issues]

    def test_paper_names_are_case_insensitive_and_reach_the_decision(self) -> None:
        """``A4`` is read as the paper and passed on; no paper is the design's own size."""
        options = ExportOptions.parse(format="pdf", paper=" A4 ")
        assert PaperSize.A4 == options.paper
        assert PaperSize.DESIGN == ExportOptions.parse(format="pdf").paper
        assert PaperSize.A4 == ExportOptions.parse(format="pdf", paper="a4").paper

    def test_format_names_are_case_insensitive(self) -> None:
        """``PNG`` and `` jpeg `` are read as the formats."""
        assert RenderFormat.PNG == ExportOptions.parse(format="PNG").format
        assert RenderFormat.JPEG == ExportOptions.parse(format=" jpeg ").format


class TestSource:
    def test_exactly_one_source(self) -> None:
        """None or two sources are refused; one is read."""
        with pytest.raises(ValidationFailed, match="exactly one"):
            ExportSource.parse()
        with pytest.raises(ValidationFailed, match="template_id, document"):
            ExportSource.parse(template_id="t", document={})
        assert SourceKind.DESIGN == ExportSource.parse(design_id="d").kind
        assert "t" == ExportSource.parse(template_id=" t ").reference

    @pytest.mark.parametrize(
        ("fields", "field"),
        [
            ({"template_id": ""}, "template_id"),
            ({"template_id": 5}, "template_id"),
            ({"design_id": "x" * 201}, "design_id"),
            ({"document": [1]}, "document"),
        ],
    )
    def test_bad_sources(self, fields: dict[str, Any], field: str) -> None:
        """Wrong types name their field."""
        with pytest.raises(ValidationFailed) as caught:
            ExportSource.parse(**fields)
        assert [field] == [issue.path for issue in caught.value.issues]


class TestFiles:
    @pytest.mark.parametrize(
        ("name", "slug"),
        [
            ("Sunday Service Flyer", "sunday-service-flyer"),
            ("Ẹ káàbọ̀ — Ọjọ́ ìbí!", "e-kaabo-ojo-ibi"),
            ("  ", "design"),
            (None, "design"),
            ('../../etc/passwd"; x', "etc-passwd-x"),
        ],
    )
    def test_slugs(self, name: str | None, slug: str) -> None:
        """Names become ASCII slugs safe in a Content-Disposition header."""
        assert slug == export_slug(name)

    def test_filenames(self) -> None:
        """``designcore-{slug}.{ext}``, or ``.zip`` for several files."""
        assert "designcore-x.jpg" == export_filename("X", RenderFormat.JPEG, archive=False)
        assert "designcore-x.zip" == export_filename("X", RenderFormat.PNG, archive=True)

    def test_requested_pages(self) -> None:
        """Every page by default; indices beyond the document are refused."""
        assert (0, 1, 2) == requested_pages(None, 3)
        assert (2, 0) == requested_pages((2, 0), 3)
        with pytest.raises(ValidationFailed, match="pages"):
            requested_pages((3,), 3)


class TestProperties:
    @given(
        viewer=dst.viewers(),
        opts=dst.export_options(),
        model_on=st.booleans(),
        premium_template=st.booleans(),
        balance=st.integers(-5, 5),
    )
    def test_no_free_user_gets_a_clean_file_without_spending(
        self,
        viewer: Viewer,
        opts: ExportOptions,
        model_on: bool,
        premium_template: bool,
        balance: int,
    ) -> None:
        """Whatever the inputs: with the premium model on, a user who is not premium and
        spends no credit either is refused or gets the watermark; a clean file for them
        always costs exactly one credit they have."""
        decision = decide_export(
            opts,
            viewer=viewer,
            premium_model_on=model_on,
            premium_template=premium_template,
            credit_balance=balance,
        )
        if not isinstance(decision, ExportAllowed):
            return
        assert viewer.signed_in
        if model_on and not viewer.is_premium:
            assert decision.format in {RenderFormat.PNG, RenderFormat.JPEG}
            assert not premium_template
            if decision.credits == 0:
                assert decision.watermark
            else:
                assert EXPORT_CREDIT_COST == decision.credits
                assert opts.spend_credit
                assert balance >= EXPORT_CREDIT_COST
            assert decision.watermark != bool(decision.credits)
        else:
            assert (False, 0) == (decision.watermark, decision.credits)

    @given(
        viewer=dst.viewers(),
        opts=dst.export_options(),
        model_on=st.booleans(),
        balance=st.integers(-5, 5),
    )
    def test_visitors_never_download(
        self, viewer: Viewer, opts: ExportOptions, model_on: bool, balance: int
    ) -> None:
        """Signed out, every request is refused with sign_in_required."""
        anonymous = Viewer(None, viewer.subscription_status, viewer.subscription_plan)
        decision = decide_export(
            opts,
            viewer=anonymous,
            premium_model_on=model_on,
            premium_template=False,
            credit_balance=balance,
        )
        assert Refusal.SIGN_IN_REQUIRED == refused(decision)

    @given(
        fields=st.fixed_dictionaries(
            {},
            optional={
                "format": st.one_of(st.sampled_from(["png", "pdf", "PNG", "x"]), st.integers()),
                "pixel_ratio": st.one_of(st.floats(allow_nan=True), st.integers(), st.text()),
                "dpi": st.one_of(st.floats(allow_nan=True), st.integers(), st.booleans()),
                "pages": st.one_of(st.lists(st.integers(-3, 3)), st.text(), st.none()),
                "spend_credit": st.one_of(st.booleans(), st.integers(), st.none()),
            },
        )
    )
    def test_options_either_parse_cleanly_or_name_a_field(self, fields: dict[str, Any]) -> None:
        """Arbitrary values never crash the parser: valid options or a ValidationFailed
        whose issues name API fields."""
        fields.setdefault("format", "png")
        issues: tuple[Any, ...] = ()
        try:
            parsed = ExportOptions.parse(**fields)
        except ValidationFailed as refused:
            issues = refused.issues
        else:
            assert isinstance(parsed.format, RenderFormat)
            if parsed.pixel_ratio is not None:
                assert 0.1 <= parsed.pixel_ratio <= MAX_PIXEL_RATIO
            if parsed.pages is not None:
                assert all(index >= 0 for index in parsed.pages)
            return
        assert issues
        assert {i.path for i in issues} <= {"format", "pixel_ratio", "dpi", "pages", "spend_credit"}


class TestExportLimits:
    def test_the_plan_follows_the_viewer(self) -> None:
        """Admins get the admin limits, active subscribers premium, everyone else free."""
        assert [ExportPlan.ADMIN, ExportPlan.PREMIUM, ExportPlan.FREE] == [
            export_plan(ADMIN),
            export_plan(PREMIUM),
            export_plan(FREE),
        ]

    def test_the_size_counts_pages_and_scaled_pixels(self) -> None:
        """Pixels are width x height at the scale, summed over the pages, rounded up."""
        assert ExportSize(pages=2, pixels=2 * 200 * 100) == export_size(
            [(100.0, 50.0), (100.0, 50.0)], 2.0
        )
        assert ExportSize(pages=1, pixels=2 * 1) == export_size([(1.5, 0.5)], 1.0)

    def test_too_many_pages_names_the_limit_and_the_request(self) -> None:
        """Over the page limit the export is too large for inline, and the error says both
        numbers."""
        limits = DEFAULT_EXPORT_LIMITS[ExportPlan.FREE]
        size = ExportSize(pages=10_000, pixels=1)
        assert ExportMode.TOO_LARGE_FOR_INLINE == decide_export_size(size, limits)
        with pytest.raises(ExportTooLarge) as caught:
            check_export_bounds(size, limits, ExportPlan.FREE)
        assert "export_too_large" == caught.value.code
        assert "10,000 pages" in caught.value.message
        assert f"at most {limits.max_pages:,}" in caught.value.message

    def test_too_many_pixels_names_the_limit_and_the_request(self) -> None:
        """Over the pixel limit the error gives the megapixels asked and allowed."""
        limits = ExportLimits(max_pages=10, max_pixels=50_000_000, max_concurrent=1)
        with pytest.raises(ExportTooLarge) as caught:
            check_export_bounds(ExportSize(pages=2, pixels=80_000_000), limits, ExportPlan.FREE)
        assert "80.0 MP" in caught.value.message
        assert "at most 50 MP" in caught.value.message

    def test_premium_allows_more_than_free(self) -> None:
        """Premium's limits are at least free's on every axis, admin's at least premium's."""
        free, premium, admin = (DEFAULT_EXPORT_LIMITS[plan] for plan in ExportPlan)
        for low, high in ((free, premium), (premium, admin)):
            assert low.max_pages <= high.max_pages
            assert low.max_pixels <= high.max_pixels
            assert low.max_concurrent <= high.max_concurrent

    def test_concurrent_exports_are_capped_with_a_retry_hint(self) -> None:
        """At the plan's concurrent limit another export is refused with a Retry-After."""
        limits = ExportLimits(max_pages=1, max_pixels=1, max_concurrent=2)
        check_concurrent_exports(1, limits, ExportPlan.PREMIUM)
        with pytest.raises(TooManyExports) as caught:
            check_concurrent_exports(2, limits, ExportPlan.PREMIUM)
        assert "too_many_exports" == caught.value.code
        assert caught.value.retry_after > 0

    def test_limits_must_be_positive(self) -> None:
        """A limit of zero or a non-integer is refused when the limits are made."""
        with pytest.raises(ValueError, match="max_pages"):
            ExportLimits(max_pages=0, max_pixels=1, max_concurrent=1)
        with pytest.raises(ValueError, match="max_concurrent"):
            ExportLimits(max_pages=1, max_pixels=1, max_concurrent=1.5)  # type: ignore[arg-type]

    @given(
        pages=st.integers(min_value=1, max_value=500),
        pixels=st.integers(min_value=1, max_value=10**10),
        max_pages=st.integers(min_value=1, max_value=500),
        max_pixels=st.integers(min_value=1, max_value=10**10),
    )
    def test_inline_exactly_within_both_limits(
        self, pages: int, pixels: int, max_pages: int, max_pixels: int
    ) -> None:
        """An export is inline exactly when it is within both limits, and the check raises
        exactly when it is not."""
        limits = ExportLimits(max_pages=max_pages, max_pixels=max_pixels, max_concurrent=1)
        size = ExportSize(pages=pages, pixels=pixels)
        within = pages <= max_pages and pixels <= max_pixels
        assert within == (decide_export_size(size, limits) is ExportMode.INLINE)
        try:
            check_export_bounds(size, limits, ExportPlan.FREE)
            raised = False
        except ExportTooLarge:
            raised = True
        assert raised != within


class TestPaper:
    def test_a_portrait_design_is_fitted_and_centred_on_a4(self) -> None:
        """A 1080 x 1350 design (15 x 18.75 in at 72 DPI) fills A4's width, centred upright."""
        placed = place_on_paper(PaperSize.A4, 1080, 1350)
        assert (595.28, 841.89) == (round(placed.page_width, 2), round(placed.page_height, 2))
        assert placed.page_width / 1080 == pytest.approx(placed.scale)
        assert 0 == pytest.approx(placed.x)
        assert (placed.page_height - 1350 * placed.scale) / 2 == pytest.approx(placed.y)

    def test_a_landscape_design_turns_the_sheet(self) -> None:
        """A wider-than-tall design gets a landscape Letter sheet, as wide as the sheet."""
        placed = place_on_paper(PaperSize.LETTER, 600, 400)
        assert (792, 612) == (placed.page_width, placed.page_height)
        assert 792 / 600 == pytest.approx(placed.scale)
        assert (612 - 400 * placed.scale) / 2 == pytest.approx(placed.y)

    def test_design_size_keeps_the_page_as_it_is(self) -> None:
        """DESIGN answers the design's own size at scale 1."""
        placed = place_on_paper(PaperSize.DESIGN, 1080, 1350)
        assert (1080, 1350, 1.0, 0.0, 0.0) == (
            placed.page_width,
            placed.page_height,
            placed.scale,
            placed.x,
            placed.y,
        )

    @given(
        st.sampled_from([p for p in PaperSize if p is not PaperSize.DESIGN]),
        st.floats(1, 20000),
        st.floats(1, 20000),
    )
    def test_the_design_always_fits_the_sheet(
        self, paper: PaperSize, width: float, height: float
    ) -> None:
        """Fitted and centred: never past an edge, touching two opposite edges."""
        placed = place_on_paper(paper, width, height)
        right = placed.x + width * placed.scale
        bottom = placed.y + height * placed.scale
        assert placed.x >= -1e-6
        assert placed.y >= -1e-6
        assert right <= placed.page_width + 1e-6
        assert bottom <= placed.page_height + 1e-6
        assert math.isclose(placed.x, 0, abs_tol=1e-6) or math.isclose(placed.y, 0, abs_tol=1e-6)

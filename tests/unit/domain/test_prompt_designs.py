"""Design prompting's ranking, filling and allowance rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

from designcore.domain.premium import Viewer
from designcore.domain.prompt_designs import (
    FAIR_USE_PER_HOUR,
    FREE_DAILY_PROMPTS,
    PROMPT_CREDIT_COST,
    QUOTAS,
    VISITOR_DAILY_PROMPTS,
    PromptAllowed,
    PromptPlan,
    PromptRefusal,
    PromptRefused,
    decide_prompt,
    fill_document,
    page_of_results,
    prompt_plan,
    rank_templates,
    template_format,
)
from designcore.domain.prompting import understand
from designcore.domain.templates import FieldRequirement, Template
from designcore.testing.builders import make_template, text_element

PROMPT = (
    "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567"
)


def birthday(sub_category: str = "60th", **overrides: Any) -> Template:
    texts = {
        "age": "50",
        "date": "Saturday, 16 May 2026",
        "venue": "Kings Court Event Centre, Bodija, Ibadan",
        "phone": "RSVP: +234 802 555 0199",
        "name": "AMAKA",
        "message": "Join us on Saturday, 16 May at The Ivory Hall, Ikeja GRA, Lagos.",
    }
    document = {
        "width": 1080,
        "height": 1350,
        "pages": [
            {
                "id": "p1",
                "children": [
                    text_element(key, value, 60 * n) for n, (key, value) in enumerate(texts.items())
                ],
            }
        ],
    }
    fields = tuple(
        FieldRequirement(key=key, label=key, element_id=key, required=True)
        for key in ("age", "date", "venue", "phone", "name")
    )
    return make_template(
        **{
            "category": "Birthdays",
            "sub_category": sub_category,
            "polotno_json": document,
            "field_requirements": fields,
            **overrides,
        }
    )


def same_size(element: Mapping[str, Any], text: str) -> float:
    return float(element["fontSize"])


def texts(document: Mapping[str, Any]) -> dict[str, str]:
    return {e["id"]: e["text"] for e in document["pages"][0]["children"]}


class TestRank:
    def test_category_then_sub_category(self) -> None:
        """A 60th-birthday template ranks above another birthday and a church flyer."""
        sixty, fifty = birthday("60th"), birthday("50th")
        church = make_template(category="Church")
        ranked = rank_templates(understand(PROMPT), [church, fifty, sixty])
        assert [sixty.id, fifty.id, church.id] == [r.template.id for r in ranked]

    def test_another_age_ranks_below_a_general_birthday(self) -> None:
        """For a 60th, a template written for another age ranks below a general birthday."""
        eighteen, surprise = birthday("18th"), birthday("Surprise")
        ranked = rank_templates(understand(PROMPT), [eighteen, surprise])
        assert [surprise.id, eighteen.id] == [r.template.id for r in ranked]

    def test_premium_left_out_when_not_allowed(self) -> None:
        """Premium templates are not offered to those who may not open them."""
        premium = birthday(template_type="Premium")
        assert [] == rank_templates(understand(PROMPT), [premium], allow_premium=False)
        assert 1 == len(rank_templates(understand(PROMPT), [premium]))

    def test_requested_format_wins(self) -> None:
        """A requested story format puts the story template first."""
        flyer = birthday()
        story = birthday(
            polotno_json={"width": 1080, "height": 1920, "pages": [{"id": "p", "children": []}]}
        )
        ranked = rank_templates(understand(PROMPT), [flyer, story], requested_format="story")
        assert story.id == ranked[0].template.id
        assert "story" == template_format(story)

    def test_pages_of_four(self) -> None:
        """Results come four at a time, and the rounds stop."""
        ranked = rank_templates(understand(PROMPT), [birthday() for _ in range(10)])
        assert [4, 4, 2, 0] == [len(page_of_results(ranked, n)) for n in range(4)]
        assert [] == page_of_results(ranked, -1)


class TestFill:
    def test_details_in_place(self) -> None:
        """Each field the prompt gives is written in, keeping labels and capitals; the venue
        carries its town when the template has no town field."""
        document, filled = fill_document(birthday(), understand(PROMPT), same_size)
        after = texts(document)
        assert "60" == after["age"]
        assert "Saturday 14 March" == after["date"]
        assert "Eko Hotel, Lagos" == after["venue"]
        assert "RSVP: 0803 123 4567" == after["phone"]
        assert ("age", "date", "phone", "venue") == filled

    def test_unfilled_fields_keep_the_template_text(self) -> None:
        """A name the prompt does not give stays as the template wrote it."""
        document, _ = fill_document(birthday(), understand(PROMPT), same_size)
        assert "AMAKA" == texts(document)["name"]

    def test_capitals_kept(self) -> None:
        """A name written in capitals in the template is written in capitals."""
        document, _ = fill_document(
            birthday(), understand("happy birthday Chidinma, 30th"), same_size
        )
        assert "CHIDINMA" == texts(document)["name"]

    def test_details_inside_a_longer_text(self) -> None:
        """A date and venue the template writes inside its message are replaced there too."""
        document, _ = fill_document(birthday(), understand(PROMPT), same_size)
        assert "Join us on Saturday 14 March at Eko Hotel, Lagos." == texts(document)["message"]

    def test_text_shrinks_to_fit(self) -> None:
        """A longer text takes the size the fitter answers, never larger than the template's."""
        document, _ = fill_document(birthday(), understand(PROMPT), lambda e, t: 20.0)
        sizes = {e["id"]: e["fontSize"] for e in document["pages"][0]["children"]}
        assert 20.0 == sizes["venue"]
        document, _ = fill_document(birthday(), understand(PROMPT), lambda e, t: 99.0)
        assert 28 == document["pages"][0]["children"][2]["fontSize"]

    def test_template_untouched(self) -> None:
        """Filling copies: the template's own document is unchanged."""
        template = birthday()
        fill_document(template, understand(PROMPT), same_size)
        assert "50" == texts(template.polotno_json)["age"]


MEMBER = Viewer(user_id="u1")
PREMIUM = Viewer(user_id="u2", subscription_status="active", subscription_plan="premium")
ADMIN = Viewer(user_id="u3", user_role="admin")


class TestDecidePrompt:
    @pytest.mark.parametrize(
        ("viewer", "model_on", "plan"),
        [
            (Viewer(), True, PromptPlan.VISITOR),
            (Viewer(), False, PromptPlan.VISITOR),
            (MEMBER, True, PromptPlan.FREE),
            (MEMBER, False, PromptPlan.UNLIMITED),
            (PREMIUM, True, PromptPlan.UNLIMITED),
            (ADMIN, True, PromptPlan.UNLIMITED),
        ],
    )
    def test_plans(self, viewer: Viewer, model_on: bool, plan: PromptPlan) -> None:
        """Visitors are counted by address, free members get an allowance, premium members,
        admins and everyone while the premium model is off are unlimited."""
        assert plan is prompt_plan(viewer, premium_model_on=model_on)

    def test_quotas(self) -> None:
        """A visitor gets 3 a day, a free member 5 a day, premium 120 an hour."""
        assert (VISITOR_DAILY_PROMPTS, 86400) == attrs.astuple(QUOTAS[PromptPlan.VISITOR])
        assert (FREE_DAILY_PROMPTS, 86400) == attrs.astuple(QUOTAS[PromptPlan.FREE])
        assert (FAIR_USE_PER_HOUR, 3600) == attrs.astuple(QUOTAS[PromptPlan.UNLIMITED])

    @pytest.mark.parametrize("plan", list(PromptPlan))
    def test_within_quota_is_free(self, plan: PromptPlan) -> None:
        """Within its allowance every plan prompts at no cost."""
        assert PromptAllowed(0) == decide_prompt(plan, within_quota=True, credit_balance=0)

    @pytest.mark.parametrize(
        ("plan", "balance", "expected"),
        [
            (PromptPlan.VISITOR, 99, PromptRefusal.SIGN_IN_REQUIRED),
            (PromptPlan.UNLIMITED, 99, PromptRefusal.FAIR_USE),
            (PromptPlan.FREE, 0, PromptRefusal.INSUFFICIENT_CREDITS),
        ],
    )
    def test_past_the_quota(self, plan: PromptPlan, balance: int, expected: PromptRefusal) -> None:
        """Past the allowance a visitor must sign in, premium waits, a free member without
        credits is refused, each with a message."""
        refused = decide_prompt(plan, within_quota=False, credit_balance=balance)
        assert isinstance(refused, PromptRefused)
        assert expected is refused.reason
        assert refused.message

    def test_free_member_pays_a_credit(self) -> None:
        """Past the daily allowance a free member with credits pays one per prompt."""
        assert PromptAllowed(PROMPT_CREDIT_COST) == decide_prompt(
            PromptPlan.FREE, within_quota=False, credit_balance=PROMPT_CREDIT_COST
        )


def test_a_headline_that_is_a_name_takes_the_celebrant() -> None:
    """A birthday whose headline is the celebrant's titled name gets the prompt's name."""
    template = birthday()
    document = dict(template.polotno_json)
    document["pages"][0]["children"].append(
        text_element("headline", "Chief (Mrs) Folake Adebayo", 0)
    )
    template = attrs.evolve(
        template,
        polotno_json=document,
        field_requirements=(
            *template.field_requirements,
            FieldRequirement(key="headline", label="Headline", element_id="headline"),
        ),
    )
    filled, keys = fill_document(
        template, understand("60th birthday flyer for Alhaja Sidikat Balogun"), same_size
    )
    assert "Alhaja Sidikat Balogun" == texts(filled)["headline"]
    assert "headline" in keys
    kept, _ = fill_document(template, understand("60th birthday flyer"), same_size)
    assert "Chief (Mrs) Folake Adebayo" == texts(kept)["headline"]

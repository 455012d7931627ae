"""``/api/v1/prompts/designs`` over HTTP, on the seed catalogue and the real renderer."""

from __future__ import annotations

import io

import attrs
import pytest
from dependency_injector import providers
from litestar.testing import TestClient
from PIL import Image

from designcore.app import Container
from designcore.app.seeding import seeded_templates
from designcore.domain.profiles import CreditEntry, CreditReason
from designcore.domain.prompt_designs import (
    FREE_DAILY_PROMPTS,
    VISITOR_DAILY_PROMPTS,
)
from designcore.domain.prompting import Understanding, understand

Client = TestClient  # type: ignore[type-arg]
DESIGNS = "/api/v1/prompts/designs"
FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}
PROMPT = (
    "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567"
)


@pytest.fixture(name="stocked")
def fixture_stocked(container: Container) -> Container:
    for template in seeded_templates():
        container.catalogue().add(template)
    return container


def texts_of(document: dict) -> list[str]:  # type: ignore[type-arg]
    found: list[str] = []

    def walk(children: list) -> None:  # type: ignore[type-arg]
        for child in children:
            if child.get("type") == "text":
                found.append(child["text"])
            walk(child.get("children") or [])

    for page in document["pages"]:
        walk(page["children"])
    return found


class TestPrompt:
    def test_four_filled_designs(self, client: Client, stocked: Container) -> None:
        """The issue's prompt answers four birthday designs, the 60th first, with what was
        understood and card previews that are real images."""
        answer = client.post(DESIGNS, json={"prompt": PROMPT}, headers=FREE)
        assert 200 == answer.status_code, answer.text
        body = answer.json()
        assert 4 == len(body["designs"])
        assert ("Birthdays", "60th") == (
            body["understood"]["category"],
            body["understood"]["sub_category"],
        )
        assert {"Birthdays"} == {d["category"] for d in body["designs"]}
        assert not any(d["is_premium"] for d in body["designs"])  # only what they can open
        understood = {f["key"]: f for f in body["understood"]["fields"]}
        assert "0803 123 4567" == understood["phone"]["value"]
        phone = understood["phone"]
        assert "0803 123 4567" == PROMPT[phone["start"] : phone["end"]]
        assert body["matched"]
        assert body["has_more"]
        preview = client.get(body["designs"][0]["preview_url"])
        assert 200 == preview.status_code
        assert "immutable" in preview.headers["cache-control"]
        assert 400 == Image.open(io.BytesIO(preview.content)).width

    def test_best_match_first(self, client: Client, stocked: Container) -> None:
        """For a premium member the 60th-birthday templates come first."""
        body = client.post(DESIGNS, json={"prompt": PROMPT}, headers=PREMIUM).json()
        assert "60th" == body["designs"][0]["sub_category"]

    def test_the_prompt_is_recorded(self, client: Client, stocked: Container) -> None:
        """The prompt is recorded with the category and sub-category understood."""
        client.post(DESIGNS, json={"prompt": PROMPT}, headers=FREE)
        record = stocked.prompt_log().recent_design_prompts(1)[0]
        assert (PROMPT, "Birthdays", "60th") == (
            record.prompt,
            record.category,
            record.sub_category,
        )

    def test_choose_opens_a_design_with_the_details(
        self, client: Client, stocked: Container
    ) -> None:
        """Choosing a design saves it with the prompt's details (and the corrections) in
        place."""
        body = client.post(DESIGNS, json={"prompt": PROMPT}, headers=FREE).json()
        chosen = client.post(
            f"{DESIGNS}/{body['id']}/choose",
            json={
                "template_id": next(
                    d["template_id"] for d in body["designs"] if "phone" in d["filled"]
                ),
                "fields": {"name": "Mama Bisi"},
            },
            headers=FREE,
        )
        assert 201 == chosen.status_code, chosen.text
        design = chosen.json()
        written = " | ".join(texts_of(design["document"]))
        assert "0803 123 4567" in written
        assert "Eko Hotel" in written
        assert "mama bisi" in written.lower()

    def test_regenerate_gives_the_next_four(self, client: Client, stocked: Container) -> None:
        """Each regeneration answers four designs not shown before, until there are none."""
        body = client.post(DESIGNS, json={"prompt": PROMPT}, headers=PREMIUM).json()
        seen = {d["template_id"] for d in body["designs"]}
        for _ in range(3):
            more = client.post(f"{DESIGNS}/{body['id']}/regenerate", headers=PREMIUM)
            assert 200 == more.status_code, more.text
            again = {d["template_id"] for d in more.json()["designs"]}
            assert not (again & seen)
            seen |= again
            if not more.json()["has_more"]:
                break

    def test_nothing_matches(self, client: Client, stocked: Container) -> None:
        """A prompt that points at no category answers general templates and says so."""
        body = client.post(DESIGNS, json={"prompt": "zxqv plmk"}, headers=FREE).json()
        assert not body["matched"]
        assert body["message"]
        assert 4 == len(body["designs"])

    @pytest.mark.parametrize(
        "payload",
        [
            {"prompt": ""},
            {"prompt": "   "},
            {"prompt": "x" * 2000},
            {"prompt": "church\x00flyer"},
            {"prompt": "church flyer", "format": "banner"},
            {"prompt": "church flyer", "fields": {"colour": "red"}},
            {"prompt": 5},
            {},
        ],
    )
    def test_bad_prompts(self, client: Client, stocked: Container, payload: object) -> None:
        """Blank, over-long, NUL-holding and mistyped prompts are 400 and record nothing."""
        answer = client.post(DESIGNS, json=payload, headers=FREE)
        assert 400 == answer.status_code, answer.text
        assert [] == list(stocked.prompt_log().recent_design_prompts(5))

    def test_someone_elses_run(self, client: Client, stocked: Container) -> None:
        """Another member's prompt is not found, nor is a made-up one."""
        body = client.post(DESIGNS, json={"prompt": PROMPT}, headers=FREE).json()
        other = client.post(f"{DESIGNS}/{body['id']}/regenerate", headers=PREMIUM)
        assert 404 == other.status_code
        assert 404 == client.post(f"{DESIGNS}/not-a-run-at-all-xx/regenerate").status_code
        assert 404 == client.get("/api/v1/prompts/previews/../../etc").status_code


class TestAllowance:
    def test_visitors_get_a_few_a_day(self, client: Client, stocked: Container) -> None:
        """A visitor's prompts past the daily few answer 401 asking to sign in."""
        for _ in range(VISITOR_DAILY_PROMPTS):
            assert 200 == client.post(DESIGNS, json={"prompt": "church flyer"}).status_code
        answer = client.post(DESIGNS, json={"prompt": "church flyer"})
        assert 401 == answer.status_code
        assert "sign_in_required" == answer.json()["code"]

    def test_free_members_then_pay_credits(self, client: Client, stocked: Container) -> None:
        """A free member's prompts past the allowance cost a credit each, then are refused."""
        for _ in range(FREE_DAILY_PROMPTS):
            body = client.post(DESIGNS, json={"prompt": "church flyer"}, headers=FREE).json()
            assert 0 == body["credits_spent"]
        refused = client.post(DESIGNS, json={"prompt": "church flyer"}, headers=FREE)
        assert 409 == refused.status_code
        assert "insufficient_credits" == refused.json()["code"]
        with stocked.accounts()() as uow:
            uow.credits.append(
                CreditEntry(
                    id="c1",
                    user_id="u-free",
                    delta=1,
                    reason=CreditReason.ADJUSTMENT,
                    reference="test",
                    created_at=stocked.clock().now(),
                )
            )
            uow.commit()
        paid = client.post(DESIGNS, json={"prompt": "church flyer"}, headers=FREE).json()
        assert 1 == paid["credits_spent"]
        assert 0 == stocked.profiles().balance("u-free")

    def test_premium_is_unlimited(self, client: Client, stocked: Container) -> None:
        """A premium member prompts past the free allowance without spending."""
        for _ in range(FREE_DAILY_PROMPTS + 2):
            answer = client.post(DESIGNS, json={"prompt": "church flyer"}, headers=PREMIUM)
            assert 200 == answer.status_code
            assert 0 == answer.json()["credits_spent"]


class _DownModel:
    """A reader whose language model failed: it answers the rules' reading, marked so."""

    def understand(self, prompt: str) -> Understanding:
        return attrs.evolve(understand(prompt), source="rules-fallback")


def test_a_model_that_failed_is_said(client: Client, stocked: Container) -> None:
    """When the model did not answer, the designs still come and the message says the prompt
    was read by the rules."""
    stocked.prompt_understanding.override(providers.Object(_DownModel()))
    body = client.post(DESIGNS, json={"prompt": PROMPT}, headers=FREE).json()
    assert 4 == len(body["designs"])
    assert "rules-fallback" == body["understood"]["source"]
    assert "did not answer" in body["message"]

"""The prompt interpreter: intent and details, each with its span."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.prompting import (
    FIELD_KEYS,
    MAX_PROMPT_LENGTH,
    check_format,
    check_prompt,
    sub_categories,
    understand,
)

ISSUE_PROMPT = (
    "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567"
)


class TestUnderstand:
    def test_the_issue_prompt(self) -> None:
        """The issue's example reads as a 60th-birthday flyer with its date, venue, town and
        phone."""
        reading = understand(ISSUE_PROMPT)
        assert ("Birthdays", "60th", "flyer") == (
            reading.intent.category,
            reading.intent.sub_category,
            reading.intent.format,
        )
        assert {
            "age": "60",
            "date": "Saturday 14 March",
            "venue": "Eko Hotel",
            "location": "Lagos",
            "phone": "0803 123 4567",
        } == reading.as_mapping()

    def test_spans_point_at_the_text_read(self) -> None:
        """Every detail's span is the text of the prompt it was read from."""
        reading = understand(ISSUE_PROMPT)
        for field in reading.fields:
            if field.key != "age":
                assert field.value == ISSUE_PROMPT[field.start : field.end]
        assert "60th" == ISSUE_PROMPT[reading.fields[0].start : reading.fields[0].end]

    @pytest.mark.parametrize(
        ("prompt", "key", "value"),
        [
            ("call 08031234567", "phone", "08031234567"),
            ("call +234 803 123 4567 now", "phone", "+234 803 123 4567"),
            ("whatsapp 234-803-123-4567", "phone", "234-803-123-4567"),
            ("rice now N2,500 per plate", "price", "N2,500"),
            ("only ₦1,500 a month", "price", "₦1,500"),
            ("land for 4.5 million naira", "price", "4.5 million naira"),
            ("20% off all shoes", "offer", "20% off"),
            ("mail hello@glowbytolu.com", "email", "hello@glowbytolu.com"),
            ("visit www.glowbytolu.ng today", "website", "www.glowbytolu.ng"),
            ("follow @glowbytolu", "handle", "@glowbytolu"),
            ("service starts 7pm", "time", "7pm"),
            ("from 6:30pm till 9pm", "time", "6:30pm till 9pm"),
            ("on 5th June", "date", "5th June"),
            ("crossover 1st to 7th January", "date", "1st to 7th January"),
            ("bible study every Wednesday", "date", "every Wednesday"),
            ("my sister wey dey turn 30", "age", "30"),
            ("Tolu turns 30 this year", "age", "30"),
            ("Ministering: Rev. Dr. Sam Oye at the crusade", "speaker", "Rev. Dr. Sam Oye"),
            ("Logo for Glow by Tolu", "brand", "Glow by Tolu"),
            ("slogan 'Taste of home'", "tagline", "Taste of home"),
            ("hiring an experienced chef in Yaba", "role", "experienced chef"),
            ("Sunday service at RCCG Jesus House, Ikeja", "location", "Ikeja"),
        ],
    )
    def test_details(self, prompt: str, key: str, value: str) -> None:
        """Each kind of detail is read in its common Nigerian spellings."""
        assert value in understand(prompt).values(key)

    @pytest.mark.parametrize(
        ("prompt", "category", "sub_category"),
        [
            ("church flyer", "Church", None),
            ("abeg make me flyer for my pikin 5th birthday", "Birthdays", "Kids"),
            ("happy new month post for april", "New Month", "April"),
            ("e ku osu tuntun o", "New Month", None),
            ("generic new month design I can reuse", "New Month", "Generic"),
            ("logo for my salon", "Logos", "Beauty"),
            ("we are hiring sales reps", "Social Media Post", "Hiring"),
            ("Black Friday sale, 20% off", "Social Media Post", "Sales/Promo"),
            ("plots of land for sale in Ibadan", "Business & Industries", "Real Estate"),
            ("night vigil this friday", "Church", "Vigil/Night of Worship"),
        ],
    )
    def test_intent(self, prompt: str, category: str, sub_category: str | None) -> None:
        """The category and sub-category come from words in English, Pidgin and Yoruba."""
        intent = understand(prompt).intent
        assert (category, sub_category) == (intent.category, intent.sub_category)

    def test_nothing_to_go_on(self) -> None:
        """A prompt with no word of any category has no category."""
        assert None is understand("zxqv plmk").intent.category

    def test_a_date_is_not_an_age(self) -> None:
        """'5th June' is a date, not a fifth birthday."""
        reading = understand("party on 5th June")
        assert ("5th June", None) == (reading.value("date"), reading.value("age"))

    def test_a_sunday_service_is_not_a_date(self) -> None:
        """'Sunday service' names the service, not the date."""
        assert None is understand("Sunday service flyer").value("date")

    @given(st.text(max_size=300))
    def test_any_text(self, text: str) -> None:
        """Any text is read without error, into known keys and spans inside the prompt that
        do not overlap."""
        reading = understand(text)
        spans = sorted((f.start, f.end) for f in reading.fields)
        for field in reading.fields:
            assert field.key in FIELD_KEYS
            assert 0 <= field.start < field.end <= len(reading.prompt)
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert end <= start


class TestSubCategories:
    def test_each_categorys_own(self) -> None:
        """Birthdays has its ages and its named ones, New Month its months and Generic, a name
        that is no category none."""
        assert ("18th", "30th", "50th", "60th", "Kids", "Surprise") == sub_categories("Birthdays")
        assert ("January", "Generic") == sub_categories("New Month")[::12]
        assert () == sub_categories("Weddings")

    @given(st.text(max_size=200))
    def test_the_reading_answers_only_these(self, text: str) -> None:
        """Whatever the prompt, the reading's sub-category is one of its category's."""
        intent = understand(text).intent
        if intent.sub_category is not None:
            assert intent.category is not None
            assert intent.sub_category in sub_categories(intent.category)


class TestCheckPrompt:
    @pytest.mark.parametrize(
        "prompt", ["", "   ", "a\x00b", "x" * (MAX_PROMPT_LENGTH + 1), "x" * 2000, None, 12]
    )
    def test_refused(self, prompt: object) -> None:
        """Blank, NUL-holding, over-long and non-text prompts are refused."""
        with pytest.raises(ValidationFailed):
            check_prompt(prompt)

    def test_stripped(self) -> None:
        """A prompt is answered stripped of surrounding white space."""
        assert "church flyer" == check_prompt("  church flyer \n")

    def test_format(self) -> None:
        """Only the four formats are accepted."""
        assert "story" == check_format("story")
        assert None is check_format(None)
        with pytest.raises(ValidationFailed):
            check_format("banner")

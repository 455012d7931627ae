"""The PromptUnderstanding contract: the embedded rules and a model behind a chat-completions
API (the adapter against the local fake, tests/fakes/chat_completions_api.py) read prompts
into the catalogue's categories and details whose spans are in the prompt; then what the
chat-completions adapter alone does: use the model's answer, locate its details, and fall back
to the rules whenever the service fails or answers nonsense."""

from __future__ import annotations

import itertools
import logging
import socket
from collections.abc import Iterator
from typing import Any

import attrs
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designcore.adapters.openai_compatible import ChatCompletionsPromptUnderstanding
from designcore.adapters.openai_compatible.prompt_understanding import (
    FIELD_MEANINGS,
    MAX_FIELDS,
    MAX_VALUE_CHARS,
)
from designcore.adapters.rules.prompt_understanding import RuleBasedPromptUnderstanding
from designcore.domain import prompt_lexicon as lexicon
from designcore.domain.errors import ValidationFailed
from designcore.domain.prompting import (
    FIELD_KEYS,
    Understanding,
    check_prompt,
    sub_categories,
    understand,
)
from designcore.ports.prompt_understanding import PromptUnderstanding
from fakes.chat_completions_api import (
    API_KEY,
    MODEL,
    Behaviour,
    FakeChatCompletions,
    answer,
    chat_completions_server,
    content,
    reading_of,
    refuse,
    slow,
    status,
    truncate,
)

ISSUE_PROMPT = (
    "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos, RSVP 0803 123 4567"
)
PROMPTS = [
    ISSUE_PROMPT,
    "abeg make me flyer for my pikin 5th birthday",
    "happy new month post for april",
    "e ku osu tuntun o",
    "logo for my salon, Glow by Tolu, follow @glowbytolu",
    "we are hiring sales reps in Yaba, call 08031234567",
    "Black Friday sale, 20% off all shoes, only ₦1,500, visit www.glowbytolu.ng",
    "Crossover service 1st to 7th January, 6:30pm till 9pm. Ministering: Rev. Dr. Sam Oye",
    "plots of land for sale in Ibadan for 4.5 million naira, mail hello@land.ng",
    "zxqv plmk",
    "Tolu turns thirty! Party on 5th June at the Civic Centre, VI",
]
TIMEOUT = 0.5
"""The adapter's timeout in these tests (seconds): the fake answers in milliseconds."""

IMPLEMENTATIONS = ["rules", "chat-completions"]


@pytest.fixture(name="understanding", params=IMPLEMENTATIONS)
def fixture_understanding(request: pytest.FixtureRequest) -> Iterator[PromptUnderstanding]:
    """Every implementation of the port, the chat-completions one answered by the fake."""
    if request.param == "rules":
        yield RuleBasedPromptUnderstanding()
        return
    with chat_completions_server() as fake, httpx.Client() as client:
        yield adapter_for(fake, client)


def adapter_for(
    fake: FakeChatCompletions, client: httpx.Client, **changes: Any
) -> ChatCompletionsPromptUnderstanding:
    """The adapter pointed at ``fake``, with ``changes`` to its arguments."""
    arguments: dict[str, Any] = {
        "base_url": fake.base_url,
        "api_key": API_KEY,
        "model": MODEL,
        "timeout": TIMEOUT,
        "fallback": RuleBasedPromptUnderstanding(),
    }
    return ChatCompletionsPromptUnderstanding(client, **(arguments | changes))


def assert_well_formed(reading: Understanding, prompt: str) -> None:
    """The port's promises: known keys, spans in the prompt holding the value (an age's
    digits aside), none overlapping; the catalogue's category, sub-category and format; a
    score for every category."""
    assert prompt == reading.prompt
    for field in reading.fields:
        assert field.key in FIELD_KEYS
        assert 0 <= field.start < field.end <= len(prompt)
        if field.key == "age":
            assert field.value.isdigit()
        else:
            assert field.value == prompt[field.start : field.end]
    spans = sorted((f.start, f.end) for f in reading.fields)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert end <= start
    intent = reading.intent
    assert intent.category is None or intent.category in lexicon.CATEGORIES
    if intent.sub_category is not None:
        assert intent.category is not None
        assert intent.sub_category in sub_categories(intent.category)
    assert intent.format is None or intent.format in lexicon.FORMATS
    assert sorted(lexicon.CATEGORIES) == sorted(name for name, _ in intent.scores)


class TestPromptUnderstanding:
    """The contract, the same for every implementation."""

    def test_the_issue_prompt(self, understanding: PromptUnderstanding) -> None:
        """The issue's example reads as a 60th-birthday flyer with its date, venue, town and
        phone."""
        reading = understanding.understand(ISSUE_PROMPT)
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
        age = next(f for f in reading.fields if f.key == "age")
        assert "60th" == ISSUE_PROMPT[age.start : age.end]

    @pytest.mark.parametrize("prompt", PROMPTS)
    def test_readings_are_well_formed(
        self, understanding: PromptUnderstanding, prompt: str
    ) -> None:
        """Each reading keeps the port's promises (spans, catalogue names, scores), read by
        whoever the implementation says, not by a fallback."""
        reading = understanding.understand(prompt)
        assert_well_formed(reading, prompt)
        assert reading.source in {"rules", "model"}

    @settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.text(min_size=1, max_size=200))
    def test_any_checked_text(self, understanding: PromptUnderstanding, text: str) -> None:
        """Any prompt that passes ``check_prompt`` is read without error into a well-formed
        reading."""
        try:
            prompt = check_prompt(text)
        except ValidationFailed:
            return
        assert_well_formed(understanding.understand(prompt), understand(prompt).prompt)

    def test_categories_of_the_catalogue(self, understanding: PromptUnderstanding) -> None:
        """Prompts of each category are read into that category."""
        read = [
            understanding.understand(prompt).intent.category
            for prompt in (
                "church flyer",
                "birthday flyer",
                "happy new month",
                "logo for my salon",
                "we are hiring sales reps",
                "plots of land for sale in Ibadan",
            )
        ]
        assert [
            "Church",
            "Birthdays",
            "New Month",
            "Logos",
            "Social Media Post",
            "Business & Industries",
        ] == read


# --- the chat-completions adapter alone ---------------------------------------------------


@pytest.fixture(name="fake")
def fixture_fake() -> Iterator[FakeChatCompletions]:
    """The chat-completions fake, listening for the test."""
    with chat_completions_server() as fake:
        yield fake


@pytest.fixture(name="client")
def fixture_client() -> Iterator[httpx.Client]:
    """An HTTP client, closed after the test."""
    with httpx.Client() as client:
        yield client


@pytest.fixture(name="model")
def fixture_model(
    fake: FakeChatCompletions, client: httpx.Client
) -> ChatCompletionsPromptUnderstanding:
    """The adapter against the fake."""
    return adapter_for(fake, client)


def with_changes(prompt: str, **changes: Any) -> dict[str, Any]:
    """The domain's reading of ``prompt`` as the model's answer, with ``changes``."""
    return reading_of(prompt) | changes


class TestTheModelsAnswer:
    def test_the_answer_is_used(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """A model that reads differently from the rules (a surprise party, a name the rules
        miss) is believed, with the rules' category scores."""
        prompt = "Surprise party for Adaeze, she turns 30 on Friday"
        fake.next_answer(
            answer(
                {
                    "category": "Birthdays",
                    "sub_category": "Surprise",
                    "format": "square",
                    "fields": [
                        {"key": "name", "value": "adaeze"},
                        {"key": "age", "value": "30"},
                        {"key": "date", "value": "Friday"},
                    ],
                }
            )
        )
        reading = model.understand(prompt)
        assert ("model", "Birthdays", "Surprise", "square") == (
            reading.source,
            reading.intent.category,
            reading.intent.sub_category,
            reading.intent.format,
        )
        assert understand(prompt).intent.scores == reading.intent.scores
        assert [("name", "Adaeze"), ("age", "30"), ("date", "Friday")] == [
            (f.key, prompt[f.start : f.end]) for f in reading.fields
        ]
        assert_well_formed(reading, prompt)

    def test_the_request(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """The adapter posts the prompt alone as the user message, after instructions naming
        every category, sub-category, format and key, at temperature 0 with a strict schema."""
        model.understand(ISSUE_PROMPT)
        [sent] = fake.requests
        body = sent["body"]
        assert ("/v1/chat/completions", f"Bearer {API_KEY}") == (
            sent["path"],
            sent["authorization"],
        )
        assert ["messages", "model", "response_format", "temperature"] == sorted(body)
        assert (MODEL, 0) == (body["model"], body["temperature"])
        system, user = body["messages"]
        assert ("system", {"role": "user", "content": ISSUE_PROMPT}) == (system["role"], user)
        named = [*lexicon.CATEGORIES, *lexicon.FORMATS, *FIELD_KEYS]
        named += [sub for category in lexicon.CATEGORIES for sub in sub_categories(category)]
        assert [] == [word for word in named if word not in system["content"]]
        assert sorted(FIELD_KEYS) == sorted(FIELD_MEANINGS)
        assert "json_schema" == body["response_format"]["type"]
        assert True is body["response_format"]["json_schema"]["strict"]

    def test_values_not_in_the_prompt_are_dropped(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """A value the model made up or reworded is dropped; one written in another case or
        spacing is kept as the prompt writes it; a piece of a longer word is not a match."""
        prompt = "Grand opening of Ekoland Stores, Ikeja.  Call 0803 123   4567"
        fake.next_answer(
            answer(
                with_changes(
                    prompt,
                    fields=[
                        {"key": "brand", "value": "ekoland stores"},
                        {"key": "venue", "value": "Eko"},
                        {"key": "location", "value": "Lagos"},
                        {"key": "phone", "value": "0803 123 4567"},
                        {"key": "phone", "value": "08031234567"},
                    ],
                )
            )
        )
        reading = model.understand(prompt)
        assert "model" == reading.source
        assert [("brand", "Ekoland Stores"), ("phone", "0803 123   4567")] == [
            (f.key, f.value) for f in reading.fields
        ]
        assert_well_formed(reading, prompt)

    def test_the_same_value_twice_takes_two_places(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """Two details of the same text take its two places; a third, with no place left,
        is dropped, so no two details share text."""
        prompt = "Lagos Lagos party"
        fields = [{"key": "location", "value": "Lagos"}] * 3
        fake.next_answer(answer(with_changes(prompt, fields=fields)))
        reading = model.understand(prompt)
        assert [(0, 5), (6, 11)] == [(f.start, f.end) for f in reading.fields]

    @pytest.mark.parametrize(
        ("prompt", "value", "span"),
        [
            (ISSUE_PROMPT, "60", "60th"),
            ("Mum turns sixty on Saturday, come celebrate", "60", "sixty"),
            ("her sixtieth birthday party", "sixty", "sixtieth"),
            ("Tobi is 7 years old! party at 4pm", "7", "7"),
        ],
    )
    def test_an_age_is_found_as_digits_or_words(
        self,
        fake: FakeChatCompletions,
        model: ChatCompletionsPromptUnderstanding,
        prompt: str,
        value: str,
        span: str,
    ) -> None:
        """An age is answered as digits, its span where the prompt writes the number."""
        fields = [{"key": "age", "value": value}]
        fake.next_answer(answer(with_changes(prompt, category="Birthdays", fields=fields)))
        [age] = model.understand(prompt).fields
        assert (str(int(lexicon.NUMBER_WORDS.get(value, 0) or value)), span) == (
            age.value,
            prompt[age.start : age.end],
        )

    def test_an_age_not_in_the_prompt_is_dropped(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """An age written nowhere in the prompt, or not a number, is dropped (not the whole
        answer)."""
        prompt = "Birthday party at 4pm for Tolu"
        fields = [
            {"key": "age", "value": "40"},
            {"key": "age", "value": "old"},
            {"key": "name", "value": "Tolu"},
        ]
        fake.next_answer(answer(with_changes(prompt, fields=fields)))
        reading = model.understand(prompt)
        assert ("model", [("name", "Tolu")]) == (
            reading.source,
            [(f.key, f.value) for f in reading.fields],
        )

    def test_a_model_served_without_a_key(self, client: httpx.Client) -> None:
        """With no API key the adapter sends no Authorization header."""
        with chat_completions_server(api_key="") as fake:
            reading = adapter_for(fake, client, api_key="").understand(ISSUE_PROMPT)
        assert ("model", "") == (reading.source, fake.requests[0]["authorization"])

    @pytest.mark.parametrize(
        "arguments",
        [
            {"base_url": "ftp://host/v1"},
            {"base_url": "not a url"},
            {"model": " "},
            {"timeout": 0},
        ],
    )
    def test_bad_arguments_are_refused(
        self, fake: FakeChatCompletions, client: httpx.Client, arguments: dict[str, Any]
    ) -> None:
        """A base URL that is not http(s), a blank model or a timeout that is not positive is
        refused when the adapter is built."""
        with pytest.raises(ValueError):
            adapter_for(fake, client, **arguments)


def _out_of_schema() -> list[Any]:
    base = with_changes(ISSUE_PROMPT)
    field = {"key": "venue", "value": "Eko Hotel"}
    return [
        pytest.param(base | {"category": "Weddings"}, id="unknown category"),
        pytest.param(base | {"sub_category": "April"}, id="another category's sub-category"),
        pytest.param(base | {"category": None, "sub_category": None}, id="no category"),
        pytest.param(base | {"format": "poster"}, id="unknown format"),
        pytest.param(base | {"colour": "red"}, id="an extra property"),
        pytest.param({k: v for k, v in base.items() if k != "format"}, id="a missing property"),
        pytest.param(base | {"fields": "Eko Hotel"}, id="fields not a list"),
        pytest.param(base | {"fields": [field] * (MAX_FIELDS + 1)}, id="too many fields"),
        pytest.param(base | {"fields": [{"key": "colour", "value": "red"}]}, id="unknown key"),
        pytest.param(base | {"fields": [{"key": "venue", "value": "  "}]}, id="blank value"),
        pytest.param(base | {"fields": [{"key": "venue", "value": 5}]}, id="value not text"),
        pytest.param(
            base | {"fields": [{"key": "venue", "value": "E" * (MAX_VALUE_CHARS + 1)}]},
            id="value too long",
        ),
        pytest.param(base | {"fields": [field | {"start": 0}]}, id="an extra field property"),
        pytest.param(base | {"fields": [{"key": "venue", "value": "Eko\x07"}]}, id="control"),
        pytest.param(["Birthdays"], id="not an object"),
    ]


FAILURES: list[Any] = [
    pytest.param(slow(3 * TIMEOUT), "no answer in time", id="slower than the timeout"),
    pytest.param(status(500), "HTTP 500 (server_error", id="500"),
    pytest.param(status(429), "HTTP 429 (rate_limit_error", id="429"),
    pytest.param(status(503), "HTTP 503", id="503"),
    pytest.param(refuse(), "the model refused", id="refusal"),
    pytest.param(truncate(), "ended by 'length'", id="truncated"),
    pytest.param(
        content('{"category": "Birthdays", "sub_category"'), "not JSON", id="malformed JSON"
    ),
    pytest.param(content("Sure! Here is the JSON you asked for."), "not JSON", id="prose"),
    pytest.param(content("x" * 9000), "an answer of 9000 characters", id="too large"),
    *(
        pytest.param(answer(s), "", id=p.id)  # each says what is wrong in its own words
        for p in _out_of_schema()
        for s in p.values
    ),
]


class TestFallback:
    """Whatever goes wrong, the rules answer, marked ``rules-fallback``, with a warning."""

    @pytest.mark.parametrize(("behaviour", "reason"), FAILURES)
    def test_a_failure_answers_the_rules_reading(
        self,
        fake: FakeChatCompletions,
        model: ChatCompletionsPromptUnderstanding,
        behaviour: Behaviour,
        reason: str,
        caplog: pytest.LogCaptureFixture,
    ) -> None:
        """The fallback's reading is answered, marked ``rules-fallback``, and a warning says
        why the model could not be used."""
        fake.next_answer(behaviour)
        with caplog.at_level(logging.WARNING):
            reading = model.understand(ISSUE_PROMPT)
        assert attrs.evolve(understand(ISSUE_PROMPT), source="rules-fallback") == reading
        assert ["WARNING"] == [record.levelname for record in caplog.records]
        assert "could not be used" in caplog.text
        assert reason in caplog.text

    def test_a_service_that_is_not_there(
        self, client: httpx.Client, caplog: pytest.LogCaptureFixture
    ) -> None:
        """A refused connection falls back."""
        with socket.socket() as closed:
            closed.bind(("127.0.0.1", 0))
            port = closed.getsockname()[1]
        with chat_completions_server() as fake:
            adapter = adapter_for(fake, client, base_url=f"http://127.0.0.1:{port}/v1")
        with caplog.at_level(logging.WARNING):
            reading = adapter.understand(ISSUE_PROMPT)
        assert "rules-fallback" == reading.source
        assert "ConnectError" in caplog.text

    def test_the_wrong_path_falls_back(
        self, fake: FakeChatCompletions, client: httpx.Client
    ) -> None:
        """A base URL that misses the API (404) falls back."""
        adapter = adapter_for(fake, client, base_url=fake.base_url.removesuffix("/v1") + "/v2")
        assert "rules-fallback" == adapter.understand(ISSUE_PROMPT).source

    def test_no_category_is_believed_when_the_rules_find_none(
        self, fake: FakeChatCompletions, model: ChatCompletionsPromptUnderstanding
    ) -> None:
        """A model that names no category where the rules find none either is believed."""
        fake.next_answer(answer(with_changes("zxqv plmk", category=None)))
        assert ("model", None) == (
            (reading := model.understand("zxqv plmk")).source,
            reading.intent.category,
        )

    @pytest.mark.parametrize("behaviour", [status(401), status(500), status(429)])
    def test_the_key_is_never_logged(
        self,
        fake: FakeChatCompletions,
        client: httpx.Client,
        behaviour: Behaviour,
        caplog: pytest.LogCaptureFixture,
    ) -> None:
        """A provider that repeats the Authorization header in its error messages does not
        get the key into the log, nor does a wrong key."""
        fake.echo_authorization = True
        fake.next_answer(behaviour)
        wrong = adapter_for(fake, client, api_key="sk-wrong-key-0123456789")
        right = adapter_for(fake, client)
        with caplog.at_level(logging.DEBUG):
            readings = [right.understand(ISSUE_PROMPT), wrong.understand(ISSUE_PROMPT)]
        assert ["rules-fallback", "rules-fallback"] == [r.source for r in readings]
        assert "you sent" in caplog.text  # the provider's message was logged, redacted
        assert API_KEY not in caplog.text
        assert "sk-wrong-key-0123456789" not in caplog.text
        assert API_KEY not in repr(right)

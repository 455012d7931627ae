"""``ChatCompletionsPromptUnderstanding``: the ``PromptUnderstanding`` port over any service
that speaks the chat-completions API (a hosted model, or one served on one's own machines),
through an injected ``httpx.Client``.

What it sends: ``POST {base_url}/chat/completions`` with ``Authorization: Bearer <key>``, a
system message that explains the task (the catalogue's categories, sub-categories and formats,
and what each detail key means), the person's prompt as the only user message, ``temperature:
0`` and a strict JSON-schema ``response_format``, so the model answers exactly
``{category, sub_category, format, fields: [{key, value}]}``. Nothing else leaves the process:
no account, no address, no earlier prompts.

What it believes: the answer is read strictly. The category, sub-category and format must be
the catalogue's own (the sub-category one of its category's), every key one of
``FIELD_KEYS``, every value short non-empty text, the whole answer small. A detail is kept only
where its value is written in the prompt (case and runs of spaces aside): its span is found
there, so a person can see where it was read, and a value the model made up is dropped. An age
is digits; its span is the local reading's when that read the same age, else the number in
the prompt as digits (``60``, ``60th``) or as a word (``sixtieth``), else it is dropped. The
category scores (ranking uses them) are the local reading's.

When the model cannot be believed, the fallback (the rule-based reading) answers, marked
``rules-fallback``, and a warning is logged: a timeout or connection error, an HTTP error
status (429 and 5xx included: a person is waiting, so there is no retry), a body that is not
the API's shape, a refusal, an answer cut short (``finish_reason`` other than ``stop``),
content that is not JSON or breaks the schema, or no category where the local reading found
one. No httpx exception leaves this module, and the API key is never in a log line.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import unicodedata
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import attrs
import httpx

from designcore.domain import prompt_lexicon as lexicon
from designcore.domain.prompting import (
    FIELD_KEYS,
    FoundField,
    Intent,
    Understanding,
    sub_categories,
)
from designcore.ports.prompt_understanding import PromptUnderstanding

_log = logging.getLogger(__name__)

SCHEMA_NAME = "design_prompt_reading"
MAX_ANSWER_BYTES = 64 * 1024
"""The largest HTTP body read as an answer (the content itself is far smaller)."""
MAX_CONTENT_CHARS = 8000
"""The largest answer content believed: a reading of a 1,000-character prompt fits many times."""
MAX_FIELDS = 40
"""The most details believed in one answer."""
MAX_VALUE_CHARS = 200
"""The longest value believed for one detail."""
_MESSAGE_LIMIT = 200

FIELD_MEANINGS = {
    "name": "the person or people the design is for or about (the celebrant, the couple, the "
    "person hired as a name), as written",
    "speaker": "a minister, guest speaker or performer named with their title "
    "(Pastor, Rev., Bishop, Evang., Dr.)",
    "age": "the age being celebrated, as digits only (60 for '60th' or 'sixtieth')",
    "date": "the date or day of the event as written (Saturday 14 March, every Sunday, tomorrow)",
    "time": "the time as written (4pm, 10am - 2pm)",
    "venue": "the place the event holds: a hall, hotel, church building, street address",
    "location": "the town, city, area or state (Lagos, Ikeja, Abuja, PH)",
    "phone": "a phone or WhatsApp number as written",
    "price": "a price or fee in naira as written (₦5,000, 5k)",
    "offer": "a discount or promotion (20% off, buy one get one free, free delivery)",
    "email": "an e-mail address",
    "website": "a web address",
    "handle": "a social media handle starting with @",
    "org": "a church, ministry, school or other organisation",
    "brand": "a business or brand name",
    "tagline": "a slogan, theme or quoted line",
    "month": "the month a New Month greeting is for",
    "role": "the job or position being hired for",
}
"""What each detail key means, as the model is told (one entry per ``FIELD_KEYS``)."""


def _all_sub_categories() -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for category in lexicon.CATEGORIES:
        seen.update(dict.fromkeys(sub_categories(category)))
    return tuple(seen)


@functools.cache
def answer_schema() -> dict[str, Any]:
    """The JSON schema of the answer (strict structured output: every property required, no
    other properties, ``null`` where nothing applies). Made once; not to be changed."""
    return {
        "type": "object",
        "properties": {
            "category": {"type": ["string", "null"], "enum": [*lexicon.CATEGORIES, None]},
            "sub_category": {"type": ["string", "null"], "enum": [*_all_sub_categories(), None]},
            "format": {"type": ["string", "null"], "enum": [*lexicon.FORMATS, None]},
            "fields": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "key": {"type": "string", "enum": list(FIELD_KEYS)},
                        "value": {"type": "string"},
                    },
                    "required": ["key", "value"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["category", "sub_category", "format", "fields"],
        "additionalProperties": False,
    }


@functools.cache
def system_message() -> str:
    """The instructions sent before the prompt: the task, the catalogue and the keys."""
    catalogue = "\n".join(
        f"- {category}: sub-categories {', '.join(sub_categories(category))}"
        for category in lexicon.CATEGORIES
    )
    keys = "\n".join(f"- {key}: {FIELD_MEANINGS[key]}" for key in FIELD_KEYS)
    return (
        "You read a request for a graphic design (a flyer, a social media post, a logo), "
        "written by someone in Nigeria in English, Pidgin, Yoruba, Igbo or Hausa, and say "
        "what it asks for. Answer only with JSON in the given schema.\n\n"
        "category: the one catalogue category the design belongs to, or null when nothing "
        "points at one. Categories and their sub-categories:\n"
        f"{catalogue}\n"
        "sub_category: one of the chosen category's sub-categories when the request says "
        "(a Birthdays age that has its own sub-category, a New Month's month, a trade), "
        "else null.\n"
        f"format: {', '.join(lexicon.FORMATS)} when the request names the shape (a portrait "
        "flyer, a square post, a story or status, a logo), else null.\n"
        "fields: every detail written in the request, each once, with its key and its value "
        "copied exactly as written in the request (never reworded, translated or invented; "
        "leave out what is not written). Keys:\n"
        f"{keys}"
    )


class _Unbelievable(Exception):
    """The model's answer cannot be used; the message says why (never the key)."""


@attrs.frozen
class _Answer:
    category: str | None
    sub_category: str | None
    format: str | None
    fields: tuple[tuple[str, str], ...]


class ChatCompletionsPromptUnderstanding:
    """Reads prompts with a language model behind a chat-completions API, falling back to
    ``fallback`` (see the module documentation)."""

    def __init__(
        self,
        client: httpx.Client,
        *,
        base_url: str,
        api_key: str,
        model: str,
        timeout: float,
        fallback: PromptUnderstanding,
    ) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("the model's base URL must be an http(s) URL, such as https://host/v1")
        if not model.strip():
            raise ValueError("a model name is required")
        if timeout <= 0:
            raise ValueError("the timeout must be a positive number of seconds")
        self._client = client
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._model = model
        self._timeout = httpx.Timeout(timeout)
        self._fallback = fallback
        self._instructions = system_message()
        self._schema = answer_schema()

    def __repr__(self) -> str:
        return f"ChatCompletionsPromptUnderstanding(url={self._url!r}, model={self._model!r})"

    def understand(self, prompt: str) -> Understanding:
        """See :class:`~designcore.ports.prompt_understanding.PromptUnderstanding`."""
        local = self._fallback.understand(prompt)
        try:
            answer = self._ask(prompt)
            if answer.category is None and local.intent.category is not None:
                raise _Unbelievable(
                    f"the model named no category where the rules read {local.intent.category}"
                )
        except _Unbelievable as problem:
            _log.warning(
                "prompt model %s at %s could not be used (%s); answering the rule-based reading",
                self._model,
                self._url,
                self._redact(str(problem)),
            )
            return attrs.evolve(local, source="rules-fallback")
        return Understanding(
            prompt=local.prompt,
            intent=Intent(
                category=answer.category,
                sub_category=answer.sub_category,
                format=answer.format,
                scores=local.intent.scores,
            ),
            fields=located(answer.fields, local),
            source="model",
        )

    def _ask(self, prompt: str) -> _Answer:
        body = {
            "model": self._model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": self._instructions},
                {"role": "user", "content": prompt},
            ],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": SCHEMA_NAME, "strict": True, "schema": self._schema},
            },
        }
        headers = {"Accept": "application/json"}
        if self._api_key:  # a model served on one's own machines may need none
            headers["Authorization"] = f"Bearer {self._api_key}"
        try:
            response = self._client.post(
                self._url, json=body, headers=headers, timeout=self._timeout
            )
        except httpx.TimeoutException as error:
            raise _Unbelievable(f"no answer in time ({type(error).__name__})") from None
        except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError) as error:
            raise _Unbelievable(f"{type(error).__name__}: {error}") from None
        if not 200 <= response.status_code < 300:
            raise _Unbelievable(f"HTTP {response.status_code}{_error_of(response)}")
        if len(response.content) > MAX_ANSWER_BYTES:
            raise _Unbelievable(f"an answer of {len(response.content)} bytes")
        return _read_completion(response.content)

    def _redact(self, text: str) -> str:
        return text.replace(self._api_key, "[api key]") if self._api_key else text


def _error_of(response: httpx.Response) -> str:
    """The API's ``error`` object, shortened: `` (type, code: message)``, or nothing."""
    try:
        document = response.json()
    except (ValueError, RecursionError):
        return ""
    error = document.get("error") if isinstance(document, dict) else None
    if not isinstance(error, dict):
        return ""
    said = [str(error.get(name)) for name in ("type", "code") if error.get(name) is not None]
    message = error.get("message")
    text = ", ".join(said)
    if isinstance(message, str) and message.strip():
        text += (": " if text else "") + message.strip()[:_MESSAGE_LIMIT]
    return f" ({text})" if text else ""


def _read_completion(raw: bytes) -> _Answer:
    """The answer in a chat completion's body; raises ``_Unbelievable`` saying what is wrong."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError):
        raise _Unbelievable("the body is not JSON") from None
    choices = document.get("choices") if isinstance(document, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise _Unbelievable("the body has no choices")
    choice = choices[0]
    message = choice.get("message")
    if not isinstance(message, dict):
        raise _Unbelievable("the choice has no message")
    refusal = message.get("refusal")
    if refusal:
        raise _Unbelievable("the model refused")
    finish = choice.get("finish_reason")
    if finish not in (None, "stop"):
        raise _Unbelievable(f"the answer ended by {str(finish)[:40]!r}")
    content = message.get("content")
    if not isinstance(content, str):
        raise _Unbelievable("the message has no content")
    if len(content) > MAX_CONTENT_CHARS:
        raise _Unbelievable(f"an answer of {len(content)} characters")
    try:
        answer = json.loads(content)
    except (ValueError, RecursionError):
        raise _Unbelievable("the content is not JSON") from None
    return _read_answer(answer)


def _read_answer(answer: object) -> _Answer:
    """The answer's category, sub-category, format and details, checked against the schema
    and the catalogue; raises ``_Unbelievable`` naming the first thing wrong."""
    expected = {"category", "sub_category", "format", "fields"}
    if not isinstance(answer, dict) or set(answer) != expected:
        raise _Unbelievable(
            "the content is not an object of exactly " + ", ".join(sorted(expected))
        )
    category, sub_category, fmt = answer["category"], answer["sub_category"], answer["format"]
    if category is not None and category not in lexicon.CATEGORIES:
        raise _Unbelievable(f"unknown category {str(category)[:40]!r}")
    if sub_category is not None and (
        category is None or sub_category not in sub_categories(category)
    ):
        raise _Unbelievable(f"sub-category {str(sub_category)[:40]!r} is not one of the category's")
    if fmt is not None and fmt not in lexicon.FORMATS:
        raise _Unbelievable(f"unknown format {str(fmt)[:40]!r}")
    fields = answer["fields"]
    if not isinstance(fields, list) or len(fields) > MAX_FIELDS:
        raise _Unbelievable(f"fields must be a list of at most {MAX_FIELDS}")
    read: list[tuple[str, str]] = []
    for index, field in enumerate(fields):
        if not isinstance(field, dict) or set(field) != {"key", "value"}:
            raise _Unbelievable(f"field {index} is not an object of exactly key and value")
        key, value = field["key"], field["value"]
        if key not in FIELD_KEYS:
            raise _Unbelievable(f"field {index} has an unknown key {str(key)[:40]!r}")
        if not isinstance(value, str) or not value.strip():
            raise _Unbelievable(f"field {index} ({key}) has no text")
        if len(value) > MAX_VALUE_CHARS or any(
            unicodedata.category(ch) == "Cc" and ch not in "\t\n" for ch in value
        ):
            raise _Unbelievable(f"field {index} ({key}) is too long or holds control characters")
        read.append((key, value.strip()))
    return _Answer(category, sub_category, fmt, tuple(read))


# --- where each detail is in the prompt -----------------------------------------------------

_APOSTROPHES = "'\u2019\u2018`"
"""Apostrophes people and models write for one another: straight, curly (both) and grave."""


def _pattern_of(value: str) -> re.Pattern[str]:
    """``value`` as written, in any case, with any run of spaces and either apostrophe."""
    parts = []
    for token in re.findall(r"\s+|.", unicodedata.normalize("NFC", value), re.S):
        if token.isspace():
            parts.append(r"\s+")
        elif token in _APOSTROPHES:
            parts.append("[" + re.escape(_APOSTROPHES) + "]")
        else:
            parts.append(re.escape(token))
    # A value that starts or ends with a letter or digit is not a piece of a longer word.
    before = r"(?<!\w)" if re.match(r"\w", value) else ""
    after = r"(?!\w)" if re.search(r"\w$", value) else ""
    return re.compile(before + "".join(parts) + after, re.IGNORECASE)


def _number_of(value: str) -> int | None:
    """An age the model wrote: digits (``60``, ``60th``) or a number word (``sixty``)."""
    text = value.strip().lower()
    digits = re.fullmatch(r"0*(\d{1,3})(?:st|nd|rd|th)?", text)
    number = int(digits.group(1)) if digits else None
    if number is None:
        number = lexicon.ORDINAL_WORDS.get(text) or lexicon.NUMBER_WORDS.get(text)
    return number if number is not None and 0 < number <= 120 else None


def _age_spans(prompt: str, number: int) -> Iterator[tuple[int, int]]:
    """Where ``number`` is written in ``prompt``: as digits (an ordinal's suffix with them),
    then as an ordinal or number word."""
    for match in re.finditer(
        rf"(?<![\d.,:₦#]){number}(?:st|nd|rd|th)?(?![\d]|[.,:]\d)", prompt, re.IGNORECASE
    ):
        yield match.start(), match.end()
    words = {**lexicon.NUMBER_WORDS, **lexicon.ORDINAL_WORDS}
    for word in sorted((w for w, n in words.items() if n == number), key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", prompt, re.I):
            yield match.start(), match.end()


def located(fields: tuple[tuple[str, str], ...], local: Understanding) -> tuple[FoundField, ...]:
    """The model's details that are written in the prompt, each with its span (the first free
    place its value is written; an age as in the module documentation), in prompt order; two
    details never share text, and a detail not found is dropped."""
    prompt = local.prompt
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return start < end and all(end <= s or start >= e for s, e in taken)

    found: list[FoundField] = []
    for key, value in fields:
        if key == "age":
            number = _number_of(value)
            if number is None:
                continue
            candidates: list[tuple[int, int]] = [
                (f.start, f.end) for f in local.fields if f.key == "age" and f.value == str(number)
            ]
            candidates.extend(_age_spans(prompt, number))
            span = next((s for s in candidates if free(*s)), None)
            if span is not None:
                taken.append(span)
                found.append(FoundField("age", str(number), *span))
            continue
        for match in _pattern_of(value).finditer(prompt):
            if free(match.start(), match.end()):
                taken.append((match.start(), match.end()))
                found.append(FoundField(key, match.group(), match.start(), match.end()))
                break
    return tuple(sorted(found, key=lambda f: (f.start, f.key)))

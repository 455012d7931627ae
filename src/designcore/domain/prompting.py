"""Design prompting, first half: what a prompt asks for.

:func:`understand` reads a sentence such as "Flyer for my mum's 60th birthday, Saturday 14 March
at Eko Hotel, Lagos, RSVP 0803 123 4567" and answers an :class:`Understanding`: the intent
(category, sub-category, format) and every detail found, each with the span of the prompt it
came from, so a person can see (and correct) what was read where.

The reading is by rules, in a fixed order, each claiming the characters it reads so that no
two details share text: addresses and handles first (the most certain shapes), then phones,
prices, offers and quoted slogans, then times, dates and ages, then people (a title before a
name, or a name after "my mum", "happy birthday", a possessive), churches and businesses,
venues and towns, a hiring post's role and a New Month's month. The intent is scored from words
(:mod:`designcore.domain.prompt_lexicon`, English, Pidgin and the greetings of Yoruba, Igbo and
Hausa) and from the details found (an age means a birthday). Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator

import attrs

from designcore.domain import prompt_lexicon as lexicon
from designcore.domain.errors import FieldIssue, ValidationFailed

MAX_PROMPT_LENGTH = 1000
"""The longest prompt read, in characters (a flyer's details fit many times over)."""

FIELD_KEYS = (
    "name",
    "speaker",
    "age",
    "date",
    "time",
    "venue",
    "location",
    "phone",
    "price",
    "offer",
    "email",
    "website",
    "handle",
    "org",
    "brand",
    "tagline",
    "month",
    "role",
)
"""Every detail design prompting reads, in the order it shows them."""

FIELD_LABELS = {
    "name": "Name",
    "speaker": "Minister or speaker",
    "age": "Age",
    "date": "Date",
    "time": "Time",
    "venue": "Venue",
    "location": "Town",
    "phone": "Phone",
    "price": "Price",
    "offer": "Offer",
    "email": "E-mail",
    "website": "Website",
    "handle": "Social handle",
    "org": "Church or organisation",
    "brand": "Business name",
    "tagline": "Slogan",
    "month": "Month",
    "role": "Role",
}
"""What each detail is called where people see it."""


@attrs.frozen
class FoundField:
    """One detail read from a prompt."""

    key: str
    """Which detail (one of :data:`FIELD_KEYS`)."""
    value: str
    """The value, as written in the prompt (an age as digits)."""
    start: int
    """Offset of the first character of the prompt it came from."""
    end: int
    """Offset just past the last character it came from."""


@attrs.frozen
class Intent:
    """What kind of design a prompt asks for."""

    category: str | None
    """The catalogue category, or ``None`` when nothing in the prompt points at one."""
    sub_category: str | None
    """The sub-category when the prompt says (an age, a month, a trade), else ``None``."""
    format: str | None
    """``flyer``, ``square``, ``story`` or ``logo`` when the prompt names one, else ``None``."""
    scores: tuple[tuple[str, float], ...] = ()
    """Each category's score, highest first (for ranking and for explaining)."""


@attrs.frozen
class Understanding:
    """What a prompt asks for and the details in it."""

    prompt: str
    intent: Intent
    fields: tuple[FoundField, ...]
    source: str = "rules"
    """Who read it: ``rules`` (this module), ``model`` (a language model), or
    ``rules-fallback`` (the model was asked and failed, so these rules answered)."""

    def value(self, key: str) -> str | None:
        """The first value of ``key``, or ``None``."""
        return next((field.value for field in self.fields if field.key == key), None)

    def values(self, key: str) -> tuple[str, ...]:
        """Every value of ``key``, in prompt order."""
        return tuple(field.value for field in self.fields if field.key == key)

    def as_mapping(self) -> dict[str, str]:
        """The first value of each detail found."""
        found: dict[str, str] = {}
        for field in self.fields:
            found.setdefault(field.key, field.value)
        return found


def check_prompt(prompt: object) -> str:
    """The prompt, stripped; raises ``ValidationFailed`` when it is not text, is blank, holds
    a NUL character or is longer than :data:`MAX_PROMPT_LENGTH`."""
    if not isinstance(prompt, str):
        raise ValidationFailed((FieldIssue("prompt", "must be text"),))
    if "\x00" in prompt:
        raise ValidationFailed((FieldIssue("prompt", "must not contain NUL characters"),))
    if len(prompt) > MAX_PROMPT_LENGTH:
        raise ValidationFailed(
            (FieldIssue("prompt", f"must be at most {MAX_PROMPT_LENGTH} characters"),)
        )
    stripped = prompt.strip()
    if not stripped:
        raise ValidationFailed((FieldIssue("prompt", "describe the design you want"),))
    return stripped


def check_format(value: object) -> str | None:
    """A requested format, or ``None``; raises ``ValidationFailed`` for an unknown one."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in lexicon.FORMATS:
        raise ValidationFailed(
            (FieldIssue("format", "must be one of " + ", ".join(lexicon.FORMATS)),)
        )
    return value


def sub_categories(category: str) -> tuple[str, ...]:
    """The sub-categories the reading may answer for ``category`` (a catalogue category):
    Birthdays' ages and its word-named ones, New Month's twelve months and ``Generic``, the
    others' from :data:`~designcore.domain.prompt_lexicon.SUB_CATEGORY_WORDS`; empty for a
    name that is no category."""
    named = tuple(lexicon.SUB_CATEGORY_WORDS.get(category, {}))
    if category == "Birthdays":
        return (*lexicon.BIRTHDAY_AGE_SUB_CATEGORIES.values(), *named)
    if category == "New Month":
        return (*(month.capitalize() for month in lexicon.MONTHS), "Generic")
    return named


# --- patterns -------------------------------------------------------------------------------

_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
)
_WEEKDAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)s?\.?"
)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?:19|20)\d{2})"
_RANGE = r"\s*(?:-|–|—|to|till|til|until|and|&)\s*"

_EMAIL = re.compile(r"[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+", re.UNICODE)
_WEBSITE = re.compile(
    r"(?<![\w@.])(?:https?://)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*"
    r"\.(?:com\.ng|org\.ng|gov\.ng|edu\.ng|com|ng|org|net|co|io|africa|shop|store|biz|info|me"
    r"|church|online|site)(?![\w-])(?:/[^\s,;]*)?",
    re.IGNORECASE,
)
_HANDLE = re.compile(r"(?<![\w@])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?")
_PHONE = re.compile(r"(?<![\d+])(?:\+?\(?234\)?[\s.-]?\(?0?\)?|0)[789][01]\d(?:[\s.-]?\d){7}(?!\d)")
_AMOUNT = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = r"(?:\s?(?:k|m|b|million|thousand|billion|mill|milli)\b)"
_PRICE = re.compile(
    r"(?:(?<![A-Za-z0-9])(?:₦|ngn\s?|n(?=\d)|#(?=\d))\s?(?:" + _AMOUNT + r")" + _SCALE + r"?"
    r"|(?<![\w.,])(?:" + _AMOUNT + r")" + _SCALE + r"?\s?naira\b"
    r"|(?<![\w.,#₦])\d+(?:\.\d+)?\s?[km]\b"
    r")(?:\s+only\b)?",
    re.IGNORECASE,
)
_OFFER = re.compile(
    r"(?:up\s+to\s+)?\d{1,2}(?:\.\d)?\s?%\s?(?:off|discount)\b"
    r"|buy\s+(?:\d+|one|two|three)\s+get\s+(?:\d+|one|two|three)(?:\s+free)?"
    r"|free\s+delivery|half\s+price",
    re.IGNORECASE,
)
_QUOTED = re.compile(
    r"(?:(?<=[\s:(\[])|^)(?:\"([^\"\n]{2,140})\"|“([^”\n]{2,140})”|‘([^’\n]{2,140})’"
    r"|'([^'\n]{2,140})')(?=$|[\s.,;:!?)\]])"
)
_TIME_ONE = (
    r"(?:(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?\s?(?:am|pm|a\.m\.?|p\.m\.?)(?![a-z])"
    r"|(?:[01]?\d)\s?o'?\s?clock|12\s?noon|noon(?:time)?|midnight|(?:[01]?\d|2[0-3])[:][0-5]\d)"
)
_TIME = re.compile(
    r"(?<![\w.:])(?:(?:[01]?\d)(?:[:.][0-5]\d)?"
    + _RANGE
    + _TIME_ONE
    + r"|"
    + _TIME_ONE
    + r"(?:"
    + _RANGE
    + _TIME_ONE
    + r")?)(?:\s+prompt(?:ly)?\b)?",
    re.IGNORECASE,
)
_DATE = re.compile(
    r"(?<![\w/])(?:"
    # Saturday, 14th (to 16th) of March 2026; 1st - 7th January; 14 March - 2 April
    r"(?:" + _WEEKDAY + r",?\s+)?(?:the\s+)?" + _DAY + r"(?:" + _RANGE + _DAY + r")?"
    r"(?:\s+of)?\s+"
    + _MONTH
    + r"(?:"
    + _RANGE
    + _DAY
    + r"(?:\s+of)?\s+"
    + _MONTH
    + r")?"
    + _YEAR
    + r"?"
    # Saturday, March 14th (- 16th) 2026
    r"|(?:" + _WEEKDAY + r",?\s+)?" + _MONTH + r"\s+" + _DAY + r"(?![\d:])"
    r"(?:" + _RANGE + _DAY + r"(?![\d:]))?" + _YEAR + r"?"
    # 14/03/2026, 14-3-26
    r"|(?:[12]\d|3[01]|0?[1-9])[/.-](?:1[0-2]|0?[1-9])[/.-](?:\d{4}|\d{2})"
    # every Wednesday, this Sunday, next weekend, every last Friday
    r"|(?:every|each|this|next|coming|this\s+coming|every\s+last|last)\s+(?:"
    + _WEEKDAY
    + r"|weekend|week|month)"
    r"|(?:from\s+)?" + _WEEKDAY + r"(?:" + _RANGE + _WEEKDAY + r")(?=\W|$)"
    r"|(?:first|second|third|fourth|1st|2nd|3rd|4th|last)\s+"
    + _WEEKDAY
    + r"\s+(?:of\s+)?(?:the|every|each)\s+month"
    r"|(?:easter|palm|mothering|father'?s|mother'?s|children'?s|thanksgiving|harvest)\s+sunday"
    r"|(?:the\s+)?(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)(?=\s*(?:$|[!.,;]|\s+(?:at|from|by)\b))"
    r"|tomorrow|today|tonight|next\s+week|this\s+week|new\s+year'?s\s+eve|christmas\s+eve"
    r"|christmas\s+day|boxing\s+day"
    r")(?![\w/])",
    re.IGNORECASE,
)
_ON_WEEKDAY = re.compile(
    r"\b(?:on|every|by|dis|this|for|next|coming)\s+(" + _WEEKDAY + r")(?=\W|$)", re.I
)
_WEEKDAY_BEFORE_TIME = re.compile(r"\b(" + _WEEKDAY + r")(?=,?\s+(?:by\s+|at\s+|from\s+)?\d)", re.I)
_BIRTHDAY_WORDS = re.compile(r"birthday|bday|b-day|b'day|ojo ibi|turn|sweet|celebrant")
_AGE_IN_A_BIRTHDAY = re.compile(
    r"\b(?:she'?s|he'?s|i'?m|i\s+am|is|reach(?:es|ing)?|don\s+reach|sweet)\s+(\d{1,3})\b"
    r"(?!\s?(?:%|k\b|am\b|pm\b|[:.]\d|o'?clock|naira|minutes?|hours?|days?|weeks?|months?))",
    re.IGNORECASE,
)
_ORDINAL = re.compile(r"(?<![\w.,/])(\d{1,3})(?:st|nd|rd|th)(?![\w])", re.IGNORECASE)
_AGE_PHRASES = re.compile(
    r"(?:\b(?:turn(?:s|ing|ed)?|clock(?:s|ing|ed)?|dey\s+turn|aged?|at)\s+|@\s*)(\d{1,3})\b"
    r"(?!\s?(?:%|k\b|am\b|pm\b|[:.]\d|o'?clock|naira|years?\s+in))"
    r"|\b(\d{1,3})\s?(?:years?\s+old|yrs?\s+old|years?\b|yrs?\b|yo\b)(?!\s+(?:in|of\s+(?:service|marriage|ministry)))",
    re.IGNORECASE,
)
_AGE_WORD = re.compile(
    r"\b("
    + "|".join(sorted(map(re.escape, lexicon.ORDINAL_WORDS), key=len, reverse=True))
    + r")\s+(?:birthday|bday|b-day|anniversary|celebration)"
    r"|\b(?:turn(?:s|ing)?|clock(?:s|ing)?|dey\s+turn|at|reach(?:es|ing)?)\s+("
    + "|".join(sorted(map(re.escape, lexicon.NUMBER_WORDS), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)

_TITLE = (
    r"(?:"
    + "|".join(sorted((re.escape(t) for t in lexicon.TITLES), key=len, reverse=True))
    + r")\.?"
)
_TITLES = re.compile(
    r"(?<![\w'])("
    + _TITLE
    + r"(?:\s*(?:\(\s*"
    + _TITLE
    + r"\s*\)|&\s*"
    + _TITLE
    + r"|"
    + _TITLE
    + r"))*)\s+",
    re.IGNORECASE,
)

_NOT_NAME = frozenset(
    set(lexicon.STOP_WORDS)
    | set(lexicon.MONTHS)
    | set(lexicon.WEEKDAYS)
    | set(lexicon.WEEKDAY_ABBREVIATIONS)
    | set(lexicon.RELATIONS)
    | {
        "birthday",
        "bday",
        "party",
        "service",
        "church",
        "crusade",
        "vigil",
        "thanksgiving",
        "flyer",
        "new",
        "month",
        "happy",
        "at",
        "on",
        "the",
        "who",
        "wey",
        "will",
        "is",
        "ministering",
        "minister",
        "preaching",
        "celebration",
        "celebrating",
        "anniversary",
        "surprise",
        "dinner",
        "send",
        "forth",
        "sendforth",
        "naming",
        "ceremony",
        "wedding",
        "burial",
        "and",
        "with",
        "as",
        "from",
        "logo",
        "post",
        "status",
        "story",
        "pls",
        "please",
        "abeg",
        "inside",
        "today",
        "tomorrow",
        "tonight",
        "this",
        "next",
        "coming",
        "day",
        "night",
        "evening",
        "morning",
        "afternoon",
        "guest",
        "speaker",
        "special",
        "grand",
        "in",
        "of",
        "for",
        "to",
        "by",
        "venue",
        "time",
        "date",
        "rsvp",
        "call",
        "contact",
        "free",
        "all",
        "are",
        "welcome",
        "invited",
        "invite",
        "program",
        "programme",
        "event",
        "theme",
        "its",
        "it's",
        "her",
        "his",
        "their",
        "she",
        "he",
        "they",
        "we",
        "our",
        "us",
        "turns",
        "turning",
        "clocks",
        "clocking",
        "dey",
        "make",
        "e",
        "o",
        "na",
        "go",
        "be",
        "don",
        "jollof",
        "food",
        "rice",
        "cake",
        "kids",
        "youth",
        "worship",
        "praise",
        "prayer",
        "god",
        "jesus",
        "lord",
        "baby",
        "sweet",
        "sunday",
        "years",
        "year",
        "old",
        "th",
        "st",
        "nd",
        "rd",
        "pm",
        "am",
    }
)
"""Words that are never part of a name."""

_NOT_PLACE_WORD = frozenset(
    (set(lexicon.STOP_WORDS) - {"of", "the", "and", "by"})
    | set(lexicon.WEEKDAYS)
    | set(lexicon.MONTHS)
    | {
        "happy",
        "birthday",
        "logo",
        "post",
        "flyer",
        "at",
        "on",
        "for",
        "in",
        "call",
        "rsvp",
        "join",
        "visit",
        "venue",
        "theme",
        "date",
        "time",
        "dm",
        "whatsapp",
        "contact",
    }
)
"""Words that are never part of a place's, a church's or a business's name."""


@attrs.define
class _Reader:
    """The prompt and what has been claimed of it."""

    text: str
    lower: str
    claimed: list[tuple[int, int]] = attrs.field(factory=list)
    found: list[FoundField] = attrs.field(factory=list)

    def free(self, start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in self.claimed)

    def claim(self, key: str, start: int, end: int, value: str | None = None) -> bool:
        """Record a detail at ``text[start:end]`` (trimmed) unless that text is taken."""
        while start < end and self.text[start] in " \t\n,;:":
            start += 1
        while end > start and self.text[end - 1] in " \t\n,;:.!?-–—":
            if self.text[end - 1] == "." and _ends_with_abbreviation(self.text[start:end]):
                break
            end -= 1
        if start >= end or not self.free(start, end):
            return False
        self.claimed.append((start, end))
        self.found.append(FoundField(key, value or self.text[start:end], start, end))
        return True

    def has(self, key: str) -> bool:
        return any(field.key == key for field in self.found)


def _ends_with_abbreviation(text: str) -> bool:
    words = text.split()
    return bool(words) and (
        (len(words[-1]) <= 3 and words[-1][:1].isupper()) or "." in words[-1][:-1]
    )


def understand(prompt: str) -> Understanding:
    """What ``prompt`` asks for (see the module documentation). ``prompt`` is read as given:
    call :func:`check_prompt` first for what a person typed."""
    text = unicodedata.normalize("NFC", prompt)
    reader = _Reader(text, text.lower())
    for step in (
        _read_contacts,
        _read_phones,
        _read_prices_and_offers,
        _read_quoted,
        _read_times,
        _read_dates,
        _read_ages,
        _read_orgs,
        _read_brands,
        _read_people,
        _read_venues,
        _read_towns,
        _read_role,
    ):
        step(reader)
    intent = _intent(reader)
    if intent.category == "Church":
        _clergy_speak(reader)
    if intent.category in {"Birthdays", "Social Media Post"} and not reader.has("name"):
        _read_name_after_for(reader)
    if intent.category == "New Month":
        _read_month(reader)
        if intent.sub_category is None and reader.has("month"):
            month = next(f.value for f in reader.found if f.key == "month")
            intent = attrs.evolve(intent, sub_category=_month_name(month))
    fields = tuple(sorted(reader.found, key=lambda f: (f.start, f.key)))
    return Understanding(prompt=text, intent=intent, fields=fields)


# --- the readers ----------------------------------------------------------------------------


def _read_contacts(reader: _Reader) -> None:
    for match in _EMAIL.finditer(reader.text):
        reader.claim("email", match.start(), match.end())
    for match in _WEBSITE.finditer(reader.text):
        if reader.free(match.start(), match.end()) and not _is_decimal(match.group()):
            reader.claim("website", match.start(), match.end())
    for match in _HANDLE.finditer(reader.text):
        reader.claim("handle", match.start(), match.end())


def _is_decimal(text: str) -> bool:
    return bool(re.fullmatch(r"[\d.]+", text))


def _read_phones(reader: _Reader) -> None:
    for match in _PHONE.finditer(reader.text):
        reader.claim("phone", match.start(), match.end())


def _read_prices_and_offers(reader: _Reader) -> None:
    for match in _OFFER.finditer(reader.text):
        reader.claim("offer", match.start(), match.end())
    for match in _PRICE.finditer(reader.text):
        start, end = match.start(), match.end()
        reader.claim("price", start, end)


def _read_quoted(reader: _Reader) -> None:
    for match in _QUOTED.finditer(reader.text):
        group = next(i for i in range(1, 5) if match.group(i) is not None)
        start, end = match.start(group), match.end(group)
        inner = match.group(group).strip()
        if len(inner.split()) < 2 and not inner[:1].isupper():
            continue
        if reader.free(match.start(), match.end()):
            reader.claim("tagline", start, end)
            reader.claimed.append((match.start(), match.end()))


def _read_times(reader: _Reader) -> None:
    for match in _TIME.finditer(reader.text):
        reader.claim("time", match.start(), match.end())


def _read_dates(reader: _Reader) -> None:
    for match in _DATE.finditer(reader.text):
        value = match.group()
        if value.lower().startswith("may ") and not re.match(r"may\s+\d", value, re.I):
            continue
        reader.claim("date", match.start(), match.end())
    if reader.has("date"):
        return
    for pattern in (_ON_WEEKDAY, _WEEKDAY_BEFORE_TIME):
        for match in pattern.finditer(reader.text):
            start = match.start(1)
            word = reader.lower[match.start() : match.start(1)].strip()
            if word in {"every", "this", "dis", "next", "coming"}:
                start = match.start()
            if _is_service_name(reader, match.end(1)):
                continue
            if reader.claim("date", start, match.end(1)):
                return


def _is_service_name(reader: _Reader, end: int) -> bool:
    """Whether the weekday at ``end`` names a service ("Sunday service", "Sunday school")."""
    after = reader.lower[end : end + 12]
    return bool(re.match(r"\s+(service|school|best|special|worship)", after))


def _read_ages(reader: _Reader) -> None:
    for match in _AGE_WORD.finditer(reader.text):
        word = (match.group(1) or match.group(2)).lower()
        number = lexicon.ORDINAL_WORDS.get(word) or lexicon.NUMBER_WORDS.get(word)
        group = 1 if match.group(1) else 2
        if number and reader.claim("age", match.start(group), match.end(group), str(number)):
            return
    for match in _ORDINAL.finditer(reader.text):
        after = reader.lower[match.end() : match.end() + 25]
        before = reader.lower[max(0, match.start() - 12) : match.start()]
        if re.match(r"\W*(service|sunday|edition|anniversary of|year of|annual)", after):
            continue
        age = match.group(1).lstrip("0") or "0"
        if _ordinal_is_age(before, after) and reader.claim("age", match.start(), match.end(), age):
            return
    if _BIRTHDAY_WORDS.search(reader.lower):
        for match in _AGE_IN_A_BIRTHDAY.finditer(reader.text):
            digits = match.group(1)
            if 0 < int(digits) <= 120 and reader.claim(
                "age", match.start(1), match.end(1), str(int(digits))
            ):
                return
    for match in _AGE_PHRASES.finditer(reader.text):
        group = 1 if match.group(1) else 2
        digits = match.group(group)
        if group == 1 and reader.lower[match.start() : match.start() + 2] in {"at", "@ ", "@"}:
            after = reader.lower[match.end() : match.end() + 3]
            if not re.match(r"\s*($|!|\.|,)", after):
                continue
        if 0 < int(digits) <= 120 and reader.free(match.start(group), match.end(group)):
            reader.claim("age", match.start(group), match.end(group), str(int(digits)))
            return


def _ordinal_is_age(before: str, after: str) -> bool:
    """Whether an ordinal ("60th") between ``before`` and ``after`` is a birthday's age."""
    return bool(
        "happy" in before
        or "surprise" in before
        or re.match(r"\s+for\s+\w", after)
        or re.match(
            r"\W*(birthday|bday|b-day|b'day|bdy|birth|party|celebration|anniversary|"
            r"jubilee|surprise|thanksgiving|$|!|,|\.)",
            after,
        )
        or re.match(r"\W*\w+\W+(birthday|bday|b-day|party)", after)
    )


def _words(reader: _Reader, start: int, *, limit: int = 4) -> tuple[int, int] | None:
    """The name that starts at ``start``: capitalised words and initials (or, in a prompt
    typed in lower case, words that are no common word), at most ``limit``."""
    text = reader.text
    position = start
    end = start
    count = 0
    lower_case_prompt = not any(ch.isupper() for ch in text)
    while count < limit:
        match = re.compile(r"\s*").match(text, position)
        assert match is not None
        at = match.end()
        if count and at == position and text[position - 1 : position] not in {"."}:
            break
        word = re.compile(r"(?:[A-Z]\.\s?)+|[^\W\d_][\w'’-]*", re.UNICODE).match(text, at)
        if word is None:
            break
        token = word.group()
        plain = token.lower().rstrip(".")
        base = re.sub(r"['’]s$", "", plain)
        if base in _NOT_NAME or plain in _NOT_NAME:
            break
        if not reader.free(at, word.end()):
            break
        if lower_case_prompt:
            if len(base) < 2:
                break
        elif not (token[:1].isupper()):
            break
        count += 1
        end = word.end()
        position = word.end()
        if re.search(r"['’]s$", token):
            end -= 2
            break
    if count == 0:
        return None
    return (start, end)


def _read_people(reader: _Reader) -> None:
    # A title before a name: "Pastor (Mrs) Funke Adeyemi", "Rev. Dr. Sam Oye", "Alhaji Musa".
    for match in _TITLES.finditer(reader.text):
        if not reader.free(match.start(), match.end()):
            continue
        title_words = re.findall(r"[a-z]+", match.group(1).lower())
        if not title_words:
            continue
        if title_words[0] in lexicon.RELATIONS and reader.lower[
            max(0, match.start() - 3) : match.start()
        ].strip() in {
            "my",
            "our",
            "mi",
        }:
            continue
        span = _words(reader, match.end(), limit=3)
        if span is None:
            continue
        role = "speaker" if _introduces_speaker(reader, match.start()) else "name"
        reader.claim(role, match.start(), span[1])
    # "my mum, Mrs Ade" was read above; "my daughter Amaka", "my husband Tunde".
    relation = "|".join(sorted(map(re.escape, lexicon.RELATIONS), key=len, reverse=True))
    for match in re.finditer(
        r"\b(?:my|our|mi|ma)\s+(?:" + relation + r")(?:['’]s)?\s*,?\s+", reader.text, re.I
    ):
        span = _words(reader, match.end(), limit=3)
        if span is not None:
            reader.claim("name", *span)
    patterns = (
        r"\b(?:happy\s+(?:\d+\w*\s+)?(?:birthday|bday|b-day|b'day)|hbd|celebrating|celebrate|"
        r"celebrant(?:['’]s\s+name)?\s*(?:is|:)?|name\s*(?:is|:)|for|to|honouring|honoring)"
        r"\s*(?:to\s+)?(?:our\s+|my\s+|dear\s+)?",
        r"(?:^|[.!,]\s*)",
    )
    for pattern in patterns:
        for match in re.finditer(pattern, reader.text, re.I):
            span = _words(reader, match.end(), limit=3)
            if span is None:
                continue
            after = reader.lower[span[1] : span[1] + 40]
            tail = reader.text[span[1] : span[1] + 2]
            if (
                (
                    tail in {"'s", "’s"}
                    and re.match(
                        r"['’]s\s+(?:\d+\w*\s+|\w+\s+)?(?:birthday|bday|b-day|party|celebration|"
                        r"surprise|big day|day|naming|thanksgiving)",
                        after,
                    )
                )
                or re.match(
                    r"\s*(?:is|wey|who|go|don)?\s*(?:dey\s+)?(?:turn|turning|turns|clock|clocking|"
                    r"clocks|celebrat|birthday|bday|b-day|at\s+\d|\d+\w*\s+(?:birthday|bday))",
                    after,
                )
                or (
                    pattern.startswith(r"\b(?:happy")
                    and "for" not in reader.lower[match.start() : match.start() + 4]
                    and reader.lower[match.start() : match.start() + 3] != "to "
                )
            ):
                reader.claim("name", *span)


def _read_name_after_for(reader: _Reader) -> None:
    """On a birthday (or a greeting, a quote) "for Daniella", "baby Chidubem", "a quote from
    Chinua Achebe" name the person the design is about."""
    for match in re.finditer(
        r"\b(?:for|baby|from|by|to|celebrating|honouring|honoring)\s+", reader.text, re.I
    ):
        start = match.end()
        if not reader.text[start : start + 1].isupper():
            continue
        span = _words(reader, start, limit=3)
        if span is None:
            continue
        value = reader.text[span[0] : span[1]].lower()
        if value in lexicon.TOWNS or any(w in lexicon.BRAND_WORDS for w in value.split()[1:]):
            continue
        reader.claim("name", *span)
        return


def _introduces_speaker(reader: _Reader, start: int) -> bool:
    before = reader.lower[max(0, start - 40) : start]
    return bool(
        re.search(
            r"(minister(?:ing)?|speaker|preacher|preaching|guest|host|with|featuring|ft\.?|"
            r"special guest|officiating|by|anchored by|led by)\s*:?\s*$",
            before,
        )
    )


def _clergy_speak(reader: _Reader) -> None:
    """On a church design a minister named with a title is the speaker, not a celebrant."""
    for index, field in enumerate(reader.found):
        if field.key != "name":
            continue
        first = re.findall(r"[a-z]+", field.value.lower())
        if first and first[0] in {t.split()[0] for t in lexicon.CLERGY_TITLES}:
            reader.found[index] = attrs.evolve(field, key="speaker")


_CHURCH_NAME = re.compile(
    r"(?<![\w])(?:"
    + "|".join(sorted(map(re.escape, lexicon.CHURCH_NAMES), key=len, reverse=True))
    + r")(?![\w])",
    re.IGNORECASE,
)
_ORG_END = re.compile(
    r"(?<![\w])(?:"
    + "|".join(sorted(map(re.escape, lexicon.ORG_WORDS), key=len, reverse=True))
    + r")(?![\w])",
    re.IGNORECASE,
)


def _capitalised_before(reader: _Reader, end: int, *, limit: int = 5) -> int:
    """Where the run of capitalised words (with "of", "the", "St.") ending at ``end`` starts."""
    text = reader.text
    start = end
    for words, match in enumerate(reversed(list(re.finditer(r"[\w'’.&-]+", text[:end])))):
        gap = text[match.end() : start]
        if gap.strip() not in {"", "&"} or match.end() > start:
            break
        token = match.group()
        if not (token[:1].isupper() or (token.lower() in {"of", "the", "&", "and"} and words)):
            break
        if token.lower() in _NOT_PLACE_WORD:
            break
        if not reader.free(match.start(), match.end()):
            break
        start = match.start()
        if words + 1 >= limit:
            break
    while start < end and reader.text[start:end].split()[0].lower() in {"of", "the", "and", "&"}:
        first = reader.text[start:end].split()[0]
        start = reader.text.index(first, start) + len(first)
        while start < end and reader.text[start] == " ":
            start += 1
    return start


def _read_orgs(reader: _Reader) -> None:
    for match in _CHURCH_NAME.finditer(reader.text):
        if not reader.free(match.start(), match.end()):
            continue
        reader.claim("org", match.start(), _capitalised_after(reader, match.end()))
    for match in _ORG_END.finditer(reader.text):
        if not reader.free(match.start(), match.end()) or not match.group()[:1].isupper():
            continue
        start = _capitalised_before(reader, match.start())
        if start == match.start() and not match.group().lower().startswith("house of"):
            continue
        end = match.end()
        tail = _words(reader, end, limit=3)
        if match.group().lower() == "house of" and tail is not None:
            end = tail[1]
        reader.claim("org", start, end)


def _capitalised_after(reader: _Reader, end: int, *, limit: int = 4) -> int:
    """Where the run of capitalised words that follows ``end`` (a church's branch, "Jesus
    House", "Ota") ends; ``end`` when none follows."""
    pattern = re.compile(r"[ \t]+((?:[A-Z][\w'’.-]*|of|the|&)(?=\W|$))")
    for _ in range(limit):
        match = pattern.match(reader.text, end)
        if match is None or not reader.free(match.start(1), match.end(1)):
            break
        word = match.group(1).lower().rstrip(".")
        if word in lexicon.WEEKDAYS or word in lexicon.MONTHS or word in _NOT_ORG_TAIL:
            break
        if match.group(1).endswith(".") and len(word) > 3:  # the sentence ends here
            end = match.end(1) - 1
            break
        end = match.end(1)
    while reader.text[:end].split()[-1].lower() in {"of", "the", "&"}:
        end = reader.text.rindex(reader.text[:end].split()[-1], 0, end)
        end = len(reader.text[:end].rstrip())
    return end


_NOT_ORG_TAIL = frozenset(
    {
        "service",
        "youth",
        "vigil",
        "crusade",
        "choir",
        "thanksgiving",
        "flyer",
        "church",
        "at",
        "on",
        "for",
        "is",
        "will",
        "presents",
        "invites",
        "holds",
        "program",
        "programme",
    }
)


_BRAND_END = re.compile(
    r"(?<![\w])(?:"
    + "|".join(sorted(map(re.escape, lexicon.BRAND_WORDS), key=len, reverse=True))
    + r")(?![\w])",
    re.IGNORECASE,
)
_BRAND_INTRO = re.compile(
    r"\b(?:called|named|name(?:d)?\s+(?:is|:)|brand(?:\s+name)?\s*(?:is|:)|business\s+name\s*"
    r"(?:is|:)|company\s+name\s*(?:is|:)|shop\s+name\s*(?:is|:)|logo\s+for|brand\s+called|"
    r"my\s+(?:business|shop|store|brand|company|salon|restaurant|boutique|bakery)\s*,?)\s*:?\s*",
    re.IGNORECASE,
)


def _read_brands(reader: _Reader) -> None:
    for match in _BRAND_INTRO.finditer(reader.text):
        start = match.end()
        if start < len(reader.text) and reader.text[start] in "\"'“‘":
            continue
        span = _brand_span(reader, start)
        if span is not None:
            reader.claim("brand", *span)
    # "Ada's Closet", "SwiftDrop Logistics", "Glow by Tolu"
    for match in _BRAND_END.finditer(reader.text):
        if not reader.free(match.start(), match.end()) or not match.group()[:1].isupper():
            continue
        if match.group().lower() == "by":
            continue
        start = _capitalised_before(reader, match.start(), limit=4)
        if start == match.start():
            continue
        reader.claim("brand", start, match.end())
    for match in re.finditer(r"\b([A-Z][\w]+)\s+by\s+([A-Z][\w]+)\b", reader.text):
        reader.claim("brand", match.start(), match.end())


def _brand_span(reader: _Reader, start: int) -> tuple[int, int] | None:
    text = reader.text
    match = re.compile(
        r"([A-Z0-9][\w'’&.-]*(?:\s+(?:&\s+|by\s+|and\s+|of\s+)?[A-Z0-9][\w'’&.-]*){0,4})"
    ).match(text, start)
    if match is None:
        return None
    end = match.end()
    value = text[start:end].rstrip(".")
    if value.lower() in _NOT_NAME:
        return None
    return (start, start + len(value))


_PLACE = re.compile(
    r"(?:\d{1,4}[a-z]?,?\s+)?(?:(?:[A-Z][\w'’.-]*|of|the|de|&|and)\s+){0,5}[A-Z][\w'’.-]*"
)


def _read_venues(reader: _Reader) -> None:
    intro = re.compile(
        r"(?:\bat|\bvenue\s*(?:is|:)?|(?<!\w)@|\bholding\s+(?:at|in)|\blocated\s+at|"
        r"\baddress\s*(?:is|:)?|\binside|\bvisit\s+us\s+at|\bcome\s+to|\bhappening\s+at|"
        r"\bwhere\s*:|\blocation\s*:|\bin(?=\s+(?:the|our|my|his|her|their)\s))\s+",
        re.IGNORECASE,
    )
    for match in intro.finditer(reader.text):
        start = match.end()
        if not reader.free(start, start + 1):
            continue
        place = _PLACE.match(reader.text, start)
        if place is not None and place.group().strip():
            end = place.end()
            value = reader.text[start:end]
            if value.split()[0].lower() in _NOT_NAME and value.split()[0].lower() not in {"the"}:
                continue
            if _is_town(value):
                reader.claim("location", start, end)
                continue
            end = _without_trailing_town(reader, start, end)
            if reader.claim("venue", start, end):
                _town_after(reader, end)
            continue
        lower = re.compile(
            r"(?:our|the|my|his|her|their)\s+(?:[\w'’-]+\s+){0,2}(?:"
            + "|".join(lexicon.VENUE_WORDS)
            + r")\b",
            re.IGNORECASE,
        ).match(reader.text, start)
        if lower is not None and reader.claim("venue", start, lower.end()):
            _town_after(reader, lower.end())
    if reader.has("venue"):
        return
    venue_words = set(lexicon.VENUE_WORDS)
    for run in _CAPITALISED_RUN.finditer(reader.text):
        words = list(re.finditer(r"[^\s]+", run.group()))
        while words and words[-1].group().lower().rstrip(".,") not in venue_words:
            words.pop()
        if len(words) < 2:
            continue
        start, end = run.start(), run.start() + words[-1].end()
        if reader.free(start, end) and reader.claim("venue", start, end):
            _town_after(reader, end)
            return


_CAPITALISED_RUN = re.compile(
    r"(?<![\w'’])(?:\d{1,4}[A-Za-z]?,?\s+)?[A-Z][\w'’.-]*(?:\s+(?:of|the|&|[A-Z][\w'’.-]*))*"
)


def _without_trailing_town(reader: _Reader, start: int, end: int) -> int:
    """``end`` moved before a town the place's name ends with ("Balmoral Hall Ikeja")."""
    words = list(re.finditer(r"\S+", reader.text[start:end]))
    for count in (2, 1):
        if len(words) > count + 1 and any(
            True for _ in _towns_at(reader, start + words[-count].start())
        ):
            return start + words[-count - 1].end()
    return end


def _town_after(reader: _Reader, end: int) -> None:
    match = re.compile(r"\s*(?:,|\bin\b)\s*").match(reader.text, end)
    if match is None:
        return
    for town in _towns_at(reader, match.end()):
        end = town
        while True:  # "Bodija, Ibadan", "Ikeja GRA, Lagos": the whole tail of the address
            more = re.compile(r",?\s+").match(reader.text, end)
            if more is None:
                break
            nxt = next(_towns_at(reader, more.end()), None)
            if nxt is None:
                break
            end = nxt
        reader.claim("location", match.end(), end)
        return
    place = re.compile(r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?").match(reader.text, match.end())
    if (
        place is not None
        and place.group().lower() not in _NOT_NAME
        and not re.match(r"\s*\d", reader.text[place.end() :])
        and not any(w in lexicon.VENUE_WORDS for w in place.group().lower().split())
    ):
        reader.claim("location", match.end(), place.end())


_CASE_SENSITIVE_TOWNS = frozenset(
    {
        "ph",
        "vi",
        "v.i",
        "gra",
        "fct",
        "rivers",
        "delta",
        "plateau",
        "imo",
        "edo",
        "ondo",
        "oyo",
        "ogun",
        "ota",
        "ojo",
        "ife",
        "aba",
        "abia",
        "benue",
        "kogi",
        "osun",
        "kwara",
        "anambra",
        "place",
    }
)


def _towns_at(reader: _Reader, start: int) -> Iterator[int]:
    """Ends of towns named at ``start``, longest first."""
    for town in sorted(lexicon.TOWNS, key=len, reverse=True):
        end = start + len(town)
        if reader.lower[start:end] != town:
            continue
        if end < len(reader.text) and (reader.text[end].isalnum()):
            continue
        written = reader.text[start:end]
        if town in _CASE_SENSITIVE_TOWNS and not written[:1].isupper():
            continue
        yield end


def _is_town(value: str) -> bool:
    return value.strip().lower().rstrip(".") in lexicon.TOWNS


def _read_towns(reader: _Reader) -> None:
    if reader.has("location"):
        return
    for match in re.finditer(r"(?<![\w.])[\w.]", reader.text):
        start = match.start()
        for end in _towns_at(reader, start):
            if start > 0 and reader.text[start - 1] in "@#":
                continue
            if reader.claim("location", start, end):
                return


_HIRING = re.compile(
    r"hiring|vacanc|recruit|\bjobs?\b|\bapply\b|wanted|needed|\bposition|join our team|"
    r"\bstaff\b|\bcv\b|\bsalary\b|dey find"
)
"""Words that make a prompt a hiring post (only then does "we need…" name a role)."""


def _read_role(reader: _Reader) -> None:
    if re.search(r"\b(hiring|vacanc|recruit)", reader.lower):
        match = re.compile(r"\b(?:hiring\s+(?:post|flyer)\s+for|post\s+for)\s+", re.I).search(
            reader.text
        )
        if match is not None:
            words = re.compile(r"[^\W\d_][\w'’/-]*(?:\s+[^\W\d_][\w'’/-]*){0,2}").match(
                reader.text, match.end()
            )
            if words is not None and reader.claim("role", match.end(), words.end()):
                return
    intro = re.compile(
        r"\b(?:we(?:'re|\s+are)?\s+hiring|hiring|recruiting|vacancy\s+for|vacancies\s+for|"
        r"vacancy|we\s+need|urgently\s+need|need|needs|dey\s+find|looking\s+for|wanted\s*:?|"
        r"position\s+of|role\s*:)(?!\w)\s*:?\s*(?:an?\s+|some\s+|two\s+|\d+\s+)?",
        re.IGNORECASE,
    )
    hiring = bool(_HIRING.search(reader.lower))
    for match in intro.finditer(reader.text):
        if not hiring:
            return
        start = match.end()
        words = re.compile(
            r"(?:[^\W\d_][\w'’/-]*)(?:\s+(?!(?:in|at|for|with|to|who|that|and|apply|now|"
            r"asap|urgently|near|around|on|by|from|please|pls|o|abeg|wey|send|call|dm)\b)"
            r"[^\W\d_][\w'’/-]*){0,3}",
            re.UNICODE,
        ).match(reader.text, start)
        if words is None:
            continue
        value = words.group()
        first = value.split()[0].lower()
        if (
            first
            in {
                "a",
                "an",
                "the",
                "flyer",
                "post",
                "design",
                "to",
                "you",
                "me",
                "it",
                "hiring",
                "now",
                "urgently",
                "staff",
            }
            and len(value.split()) == 1
        ):
            continue
        if first in {"flyer", "post", "design", "template", "logo", "a", "the", "to", "me"}:
            continue
        reader.claim("role", start, start + len(value))
        more = re.compile(
            r"\s+(?:and|&)\s+(?:an?\s+)?([^\W\d_][\w'’/-]*(?:\s+(?!(?:in|at|for|with|to|who|"
            r"that|apply|now|near|on|by|from|to)\b)[^\W\d_][\w'’/-]*){0,2})",
            re.UNICODE,
        ).match(reader.text, start + len(value))
        if more is not None:
            reader.claim("role", more.start(1), more.end(1))
        return
    for match in re.finditer(
        r"\b((?:[^\W\d_][\w'’-]*\s+){0,2}[^\W\d_][\w'’-]*?s?)\s+(?:needed|wanted)\b",
        reader.text,
        re.IGNORECASE,
    ):
        reader.claim("role", match.start(1), match.end(1))
        return


def _read_month(reader: _Reader) -> None:
    month_re = re.compile(
        r"(?<![\w])("
        + "|".join(lexicon.MONTHS)
        + r"|"
        + "|".join(k for k in lexicon.MONTH_ABBREVIATIONS if k != "may")
        + r")\.?(?![\w])",
        re.IGNORECASE,
    )
    for match in month_re.finditer(reader.text):
        if match.group(1).lower() == "may" and not re.search(
            r"(month|welcome|of|happy|hnm|new)\W*$", reader.lower[: match.start()]
        ):
            continue
        if reader.claim("month", match.start(1), match.end(1)):
            return


def _month_name(value: str) -> str | None:
    word = value.lower().rstrip(".")
    for index, name in enumerate(lexicon.MONTHS, start=1):
        if word == name or lexicon.MONTH_ABBREVIATIONS.get(word) == index:
            return name.capitalize()
    return None


# --- the intent -----------------------------------------------------------------------------


def normalised_words(text: str) -> str:
    """``text`` in lower case with every run of non-word characters made one space, padded
    with a space each side (so a phrase matches as `` phrase ``)."""
    lowered = unicodedata.normalize("NFC", text).lower().replace("’", "'")
    return " " + " ".join(re.findall(r"[\w'&.-]+", lowered)).replace(" .", " ") + " "


def _phrases_in(words: str, phrases: Iterable[str]) -> Iterator[str]:
    for phrase in phrases:
        if f" {phrase} " in words or f" {phrase}s " in words:
            yield phrase


def _intent(reader: _Reader) -> Intent:
    written = _LOGO_AS_ELEMENT.sub(r" \1 ", normalised_words(reader.text))
    words = _corrected(written)
    scores: dict[str, float] = dict.fromkeys(lexicon.CATEGORIES, 0.0)
    for name, weights in lexicon.CATEGORY_WORDS.items():
        for phrase in _phrases_in(words, weights):
            scores[name] += weights[phrase]
    fmt = _format(written)
    if reader.has("age"):
        scores["Birthdays"] += 3
    if reader.has("speaker") or reader.has("org"):
        scores["Church"] += 1.5
    if reader.has("role"):
        scores["Social Media Post"] += 2
    if reader.has("offer"):
        scores["Social Media Post"] += 3
    month_named = re.search(r" (" + _MONTH_WORDS + r") ", words)
    if re.search(r" welcome to (" + _MONTH_WORDS + r") ", words):
        scores["New Month"] += 6
    elif scores["New Month"] and month_named:
        scores["New Month"] += 4
    if reader.has("brand"):
        scores["Business & Industries"] += 1
    if fmt == "logo":
        scores["Logos"] += 4
        if re.match(r" (?:\S+ ){0,3}logos? ", written):  # "logo for…", "design a logo…"
            scores["Logos"] += 6
    # A greeting of the season on its own is a post.
    if any(
        g in words
        for g in (
            " merry christmas ",
            " happy easter ",
            " barka da sallah ",
            " eid mubarak ",
            " happy sunday ",
            " happy independence ",
        )
    ):
        scores["Social Media Post"] += 3
    ranked = sorted(scores.items(), key=lambda item: (-item[1], lexicon.CATEGORIES.index(item[0])))
    category: str | None = ranked[0][0] if ranked[0][1] > 0 else None
    sub_category = _sub_category(category, words, reader) if category else None
    if category == "Logos" and fmt is None:
        fmt = "logo"
    return Intent(
        category=category,
        sub_category=sub_category,
        format=fmt,
        scores=tuple((name, float(score)) for name, score in ranked),
    )


_MONTH_WORDS = "|".join([*lexicon.MONTHS, *lexicon.MONTH_ABBREVIATIONS])

_LOGO_AS_ELEMENT = re.compile(
    r" ((?:add|with|put|include|insert|space for|plus|and|beside)(?: my| our| the| a)?) logos? "
)
"""A logo placed on a design ("add my logo") is not a logo asked for."""


def _vocabulary() -> dict[int, set[str]]:
    words: set[str] = set()
    for table in (*lexicon.CATEGORY_WORDS.values(), *lexicon.FORMAT_WORDS.values()):
        for phrase in table:
            words.update(phrase.split())
    for options in lexicon.SUB_CATEGORY_WORDS.values():
        for phrases in options.values():
            for phrase in phrases:
                words.update(phrase.split())
    words.update(lexicon.MONTHS)
    words.update(lexicon.WEEKDAYS)
    by_length: dict[int, set[str]] = {}
    for word in words:
        if len(word) >= 4 and word.isalpha():
            by_length.setdefault(len(word), set()).add(word)
    return by_length


_VOCABULARY = _vocabulary()
_TOWN_WORDS = frozenset(word for town in lexicon.TOWNS for word in town.split())
_KNOWN = frozenset(w for group in _VOCABULARY.values() for w in group)


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one deletion, insertion, substitution or swap."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _corrected(words: str) -> str:
    """``words`` (:func:`normalised_words`) with each unknown word of four letters or more
    that is one typing slip from exactly one word of the lexicon replaced by it ("servce",
    "mnth", "hapy")."""
    out = []
    for word in words.split():
        if len(word) >= 4 and word.isalpha() and word not in _KNOWN and word not in _TOWN_WORDS:
            near = {
                known
                for size in (len(word) - 1, len(word), len(word) + 1)
                for known in _VOCABULARY.get(size, ())
                if known[0] == word[0] and _one_edit(word, known)
            }
            if len(near) == 1:
                word = near.pop()
        out.append(word)
    return " " + " ".join(out) + " "


def _format(words: str) -> str | None:
    for fmt in ("story", "logo", "flyer", "square"):
        if any(True for _ in _phrases_in(words, lexicon.FORMAT_WORDS[fmt])):
            return fmt
    return None


_FALLBACK_SUB_CATEGORIES = frozenset({"Sunday Service"})
"""Sub-categories chosen only when no other of their category is named (a thanksgiving service
on a Sunday is a thanksgiving)."""


def _sub_category(category: str, words: str, reader: _Reader) -> str | None:
    if category == "Birthdays":
        if " surprise " in words:
            return "Surprise"
        age = next((f.value for f in reader.found if f.key == "age"), None)
        if age is not None and age.isdigit():
            exact = lexicon.BIRTHDAY_AGE_SUB_CATEGORIES.get(int(age))
            if exact:
                return exact
            if int(age) <= lexicon.KIDS_AGE_LIMIT:
                return "Kids"
    if category == "New Month":
        month = re.search(r" (" + _MONTH_WORDS + r") ", words)
        if month and (month.group(1) != "may" or " new month " in words):
            return _month_name(month.group(1))
        if " new year " in words:
            return "January"
        if any(f" {w} " in words for w in ("generic", "any month", "every month", "reuse")):
            return "Generic"
        return None
    options = lexicon.SUB_CATEGORY_WORDS.get(category, {})
    best: tuple[int, str] | None = None
    for sub_category, phrases in options.items():
        if sub_category in _FALLBACK_SUB_CATEGORIES and best is not None:
            continue
        hits = sum(1 for _ in _phrases_in(words, phrases))
        if hits and (best is None or hits > best[0]):
            best = (hits, sub_category)
    return best[1] if best else None

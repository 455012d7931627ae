"""The design-prompting evaluation data (tests/prompt_eval/*.json) keeps the rules of
tests/prompt_eval/README.md: its shape, catalogue names, substrings, counts and language mix."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from designcore.domain import prompt_lexicon as lexicon
from designcore.domain.prompting import FIELD_KEYS, sub_categories

TESTS = Path(__file__).parents[2]
DATA = TESTS / "prompt_eval"
SEED = TESTS.parent / "src" / "designcore" / "app" / "seed" / "data"

MONTHS = tuple(month.capitalize() for month in lexicon.MONTHS)
SUB_CATEGORIES: dict[str, frozenset[str]] = {
    category: frozenset(sub_categories(category)) for category in lexicon.CATEGORIES
}
"""The reader's lists; a test below holds them to the seed catalogue's."""
FORMATS = frozenset(lexicon.FORMATS)
FIELDS = frozenset(FIELD_KEYS)
NOT_SUBSTRINGS = frozenset({"age"})
"""Fields whose value is normalised rather than copied from the prompt."""
LANGUAGES = frozenset({"pcm", "yo", "ig", "ha"})
REQUIRED_KEYS = ("prompt", "category", "sub_category", "format", "fields")
OPTIONAL_KEYS = frozenset({"note", "lang"})
AGE_SUB_CATEGORIES = {"18th": "18", "30th": "30", "50th": "50", "60th": "60"}
MINIMUM_ENTRIES = {"dev": 130, "held_out": 60}
MINIMUM_PER_CATEGORY = {"dev": 18, "held_out": 8}
MINIMUM_PIDGIN = 25
MINIMUM_YORUBA_IGBO_HAUSA = 15


def problems(entry: Any) -> list[str]:
    """Every way in which one entry breaks the README's rules (empty when it keeps them)."""
    if not isinstance(entry, dict):
        return [f"an entry is an object, not {type(entry).__name__}"]
    found = [f"missing key {key!r}" for key in REQUIRED_KEYS if key not in entry]
    found += [
        f"unknown key {key!r}" for key in sorted(set(entry) - set(REQUIRED_KEYS) - OPTIONAL_KEYS)
    ]
    if found:
        return found
    prompt, category, sub_category = entry["prompt"], entry["category"], entry["sub_category"]
    if not isinstance(prompt, str) or not prompt.strip() or prompt != prompt.strip():
        return [f"prompt must be a non-empty string without outer spaces, not {prompt!r}"]
    if category not in SUB_CATEGORIES:
        found.append(f"category {category!r} is not one of {sorted(SUB_CATEGORIES)}")
    elif sub_category is not None and sub_category not in SUB_CATEGORIES[category]:
        found.append(f"sub_category {sub_category!r} is not one of {category!r}'s")
    if entry["format"] is not None and entry["format"] not in FORMATS:
        found.append(f"format {entry['format']!r} is not one of {sorted(FORMATS)} or null")
    if (entry["format"] == "logo") != (category == "Logos") and entry["format"] is not None:
        found.append(
            f"format 'logo' and the category Logos go together ({category!r}, {entry['format']!r})"
        )
    if "note" in entry and (not isinstance(entry["note"], str) or not entry["note"].strip()):
        found.append("note must be a non-empty string")
    if "lang" in entry:
        lang = entry["lang"]
        if not isinstance(lang, list) or not lang or not set(lang) <= LANGUAGES:
            found.append(f"lang must be a non-empty list drawn from {sorted(LANGUAGES)}")
        elif len(set(lang)) != len(lang):
            found.append("lang repeats a language")
    found += field_problems(entry)
    return found


def field_problems(entry: dict[str, Any]) -> list[str]:
    """The problems of an entry's fields: names, value shapes, substrings, age and month."""
    fields, prompt = entry["fields"], entry["prompt"]
    if not isinstance(fields, dict):
        return [f"fields must be an object, not {type(fields).__name__}"]
    found: list[str] = []
    for key, value in fields.items():
        if key not in FIELDS:
            found.append(f"unknown field {key!r}")
            continue
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, str) and v and v == v.strip() for v in values):
            found.append(f"field {key!r} must be a non-empty string or list of them, not {value!r}")
            continue
        if len(set(values)) != len(values):
            found.append(f"field {key!r} repeats a value")
        if key not in NOT_SUBSTRINGS:
            found += [
                f"field {key!r} value {v!r} is not a substring of the prompt"
                for v in values
                if v not in prompt
            ]
    age = fields.get("age")
    if age is not None and not (isinstance(age, str) and re.fullmatch(r"[1-9][0-9]{0,2}", age)):
        found.append(f"age must be digits only, not {age!r}")
    wanted_age = AGE_SUB_CATEGORIES.get(entry["sub_category"] or "")
    if entry["category"] == "Birthdays" and wanted_age is not None and age != wanted_age:
        found.append(
            f"sub_category {entry['sub_category']!r} needs age {wanted_age!r}, not {age!r}"
        )
    month = fields.get("month")
    if isinstance(month, str):
        named = [m for m in MONTHS if len(month) >= 3 and m.casefold().startswith(month.casefold())]
        if entry["category"] != "New Month":
            found.append("a month field belongs to a New Month entry")
        elif named != [entry["sub_category"]]:
            found.append(
                f"month {month!r} does not name the sub_category {entry['sub_category']!r}"
            )
    return found


def same_prompt(prompt: str) -> str:
    """The form in which two prompts count as the same: case and spacing ignored."""
    return " ".join(prompt.casefold().split())


def load(name: str) -> list[Any]:
    entries = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(entries, list), f"{name}.json must hold a list of entries"
    return entries


SETS = {name: load(name) for name in MINIMUM_ENTRIES}


class TestEntries:
    @pytest.mark.parametrize("name", sorted(SETS))
    def test_every_entry_keeps_the_rules(self, name: str) -> None:
        """Every entry of the set has the README's shape, names and substrings."""
        broken = {
            entry["prompt"] if isinstance(entry, dict) else repr(entry): found
            for entry in SETS[name]
            if (found := problems(entry))
        }

        assert {} == broken

    def test_no_prompt_appears_twice(self) -> None:
        """No prompt is repeated within a set or between the dev and held-out sets."""
        counts = Counter(same_prompt(e["prompt"]) for entries in SETS.values() for e in entries)

        assert [] == [prompt for prompt, count in counts.items() if count > 1]


class TestMix:
    @pytest.mark.parametrize("name", sorted(SETS))
    def test_each_set_has_its_minimum_size(self, name: str) -> None:
        """Each set has at least its minimum number of entries and of entries per category."""
        per_category = Counter(entry["category"] for entry in SETS[name])
        short = {
            category: per_category[category]
            for category in SUB_CATEGORIES
            if per_category[category] < MINIMUM_PER_CATEGORY[name]
        }

        assert len(SETS[name]) >= MINIMUM_ENTRIES[name]
        assert {} == short

    def test_the_languages_are_mixed(self) -> None:
        """The two sets hold enough prompts in Pidgin and with Yoruba, Igbo or Hausa."""
        entries = [entry for entries in SETS.values() for entry in entries]
        pidgin = sum("pcm" in entry.get("lang", []) for entry in entries)
        local = sum(bool({"yo", "ig", "ha"} & set(entry.get("lang", []))) for entry in entries)

        assert pidgin >= MINIMUM_PIDGIN
        assert local >= MINIMUM_YORUBA_IGBO_HAUSA

    def test_every_month_is_asked_for(self) -> None:
        """Every New Month sub-category, Generic included, appears in the dev set."""
        asked = {e["sub_category"] for e in SETS["dev"] if e["category"] == "New Month"}

        assert SUB_CATEGORIES["New Month"] <= asked

    def test_the_readme_counts_are_the_files(self) -> None:
        """The README's table gives each file's number of entries."""
        readme = (DATA / "README.md").read_text(encoding="utf-8")
        stated = {
            name: int(count)
            for name, count in re.findall(r"^\| `(\w+)\.json` \| (\d+) \|", readme, re.M)
        }

        assert {name: len(entries) for name, entries in SETS.items()} == stated


class TestCatalogue:
    def test_the_names_are_the_seed_catalogue(self) -> None:
        """The categories, sub-categories and formats allowed are those of the seed catalogue."""
        categories: dict[str, set[str]] = {}
        formats: set[str] = set()
        for path in sorted(SEED.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if "templates" in data:
                subs = categories.setdefault(data["category"], set())
                subs.update(t["sub_category"] for t in data["templates"] if t["sub_category"])
                formats.update(t["format"] for t in data["templates"])

        assert {k: set(v) for k, v in SUB_CATEGORIES.items()} == categories
        assert set(FORMATS) == formats


class TestProblems:
    GOOD: dict[str, Any] = {
        "prompt": "Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos",
        "category": "Birthdays",
        "sub_category": "60th",
        "format": "flyer",
        "fields": {"age": "60", "date": "Saturday 14 March", "venue": "Eko Hotel"},
    }

    def test_a_good_entry_has_none(self) -> None:
        """An entry that keeps the rules has no problems."""
        assert [] == problems(self.GOOD)

    @pytest.mark.parametrize(
        ("change", "expected"),
        [
            ({"category": "Weddings"}, "category 'Weddings' is not one of"),
            ({"sub_category": "Kids party"}, "sub_category 'Kids party' is not one of"),
            ({"format": "banner"}, "format 'banner' is not one of"),
            ({"format": "logo"}, "format 'logo' and the category Logos go together"),
            (
                {"category": "Logos", "sub_category": None, "fields": {}},
                "format 'logo' and the category Logos go together",
            ),
            ({"fields": {"venue": "eko hotel", "age": "60"}}, "'eko hotel' is not a substring"),
            ({"fields": {"age": "60th"}}, "age must be digits only"),
            ({"fields": {"age": "61"}}, "sub_category '60th' needs age '60'"),
            ({"fields": {"age": "60", "colour": "gold"}}, "unknown field 'colour'"),
            ({"fields": {"age": "60", "phone": []}}, "field 'phone' must be a non-empty"),
            ({"fields": {"age": "60", "month": "March"}}, "a month field belongs to a New Month"),
            ({"lang": ["fr"]}, "lang must be a non-empty list"),
            ({"note": ""}, "note must be a non-empty string"),
            ({"prompt": " flyer"}, "prompt must be a non-empty string"),
            ({"extra": 1}, "unknown key 'extra'"),
        ],
    )
    def test_each_broken_rule_is_named(self, change: dict[str, Any], expected: str) -> None:
        """An entry that breaks one rule gets a problem that names that rule."""
        found = problems({**self.GOOD, **change})

        assert any(expected in problem for problem in found), found

    def test_a_month_must_name_the_sub_category(self) -> None:
        """A New Month entry whose month field names another month is a problem."""
        entry = {
            "prompt": "sept new month post",
            "category": "New Month",
            "sub_category": "October",
            "format": "square",
            "fields": {"month": "sept"},
        }

        assert ["month 'sept' does not name the sub_category 'October'"] == problems(entry)

    def test_a_missing_key_is_named(self) -> None:
        """An entry without its fields key gets a problem naming the key."""
        entry = {key: value for key, value in self.GOOD.items() if key != "fields"}

        assert ["missing key 'fields'"] == problems(entry)

"""Search rules: what a search term is and how it splits into words."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs

_T = TypeVar("_T")

MAX_TERM_LENGTH = 200
"""Longer terms are cut to this many characters (nobody types more into the box)."""

MAX_TOKENS = 8
"""Further words are ignored: they would only narrow a match that is already specific."""

_WORD = re.compile(r"\w+", re.UNICODE)


def normalise_search_term(raw: str | None) -> str | None:
    """The term to search for, or ``None`` when a blank term must do nothing.

    The term is trimmed (spec, validation rules) and cut to :data:`MAX_TERM_LENGTH`.
    """
    if raw is None:
        return None
    term = raw.strip()[:MAX_TERM_LENGTH].strip()
    return term or None


def fold(text: str) -> str:
    """Lowercase and strip diacritics so ``Ẹ̀kọ́`` matches ``ekọ`` and ``eko``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """Every folded word of a text, in order: runs of letters and digits."""
    return [word for word in (w.replace("_", "") for w in _WORD.findall(fold(text))) if word]


def search_tokens(term: str) -> tuple[str, ...]:
    """The words of a term, folded, in order, without repeats, at most :data:`MAX_TOKENS`.

    Each token matches words that start with it, and every token must match (AND).
    """
    return tuple(dict.fromkeys(words(term)))[:MAX_TOKENS]


def filter_text(name: str, category: str, description: str | None, tags: tuple[str, ...]) -> str:
    """The text the plain listing filter looks in: name, category, description and tags,
    case-folded, one per line (so a term never matches across two fields)."""
    return "\n".join(part.casefold() for part in (name, category, description or "", *tags))


def filter_needle(term: str) -> str:
    """A listing filter term as it is compared with :func:`filter_text`."""
    return term.casefold().replace("\n", " ")


# Ranking. A match falls in one of three tiers, best first; within a tier the newest template
# comes first. The tiers are what a person searching expects (the words are in the title, then
# in the labels, then somewhere in the description), they are cheap for every backend to answer
# from its full-text index, and they page stably, unlike scores that change as the catalogue grows.

TIER_NAME = 1
"""Every search word starts a word of the name."""
TIER_LABELS = 2
"""Every search word starts a word of the name, sub-category, tags or keywords."""
TIER_ANYWHERE = 3
"""Every search word starts a word somewhere searched, the description and intent included."""

ORDER_EPOCH = 946_684_800
"""2000-01-01T00:00:00Z in Unix seconds: the origin of :func:`search_order`."""

_SECONDS_BITS = 32
_SECOND_RANGE = (-(2**31), 2**31 - 1)


def _prefixes_all(tokens: tuple[str, ...], found: list[str]) -> bool:
    return all(any(word.startswith(token) for word in found) for token in tokens)


def search_tier(
    tokens: tuple[str, ...], name: list[str], labels: list[str], prose: list[str]
) -> int | None:
    """The tier of a template whose searched fields hold these folded words, or ``None`` when
    the template does not match (some token starts no word at all)."""
    if not tokens:
        return None
    if _prefixes_all(tokens, name):
        return TIER_NAME
    if _prefixes_all(tokens, name + labels):
        return TIER_LABELS
    if _prefixes_all(tokens, name + labels + prose):
        return TIER_ANYWHERE
    return None


def search_order(created_unix_seconds: int, sequence: int) -> int:
    """The recency key of a template within a tier: larger is newer.

    Creation time to the second first, then the order in which templates were added (the
    ``sequence``, a non-negative integer below 2**32). The key fits a signed 64-bit integer so
    that a database can keep it in an index (and SQLite FTS5 as the row id); times outside
    1932-2068 count as those years' limits.
    """
    seconds = min(max(created_unix_seconds - ORDER_EPOCH, _SECOND_RANGE[0]), _SECOND_RANGE[1])
    return (seconds << _SECONDS_BITS) + sequence


@attrs.frozen
class TierSlice:
    """Part of a results page taken from one tier: ``limit`` matches after skipping ``offset``
    of that tier's matches in recency order."""

    tier: int
    offset: int
    limit: int


def tier_slices(tier_counts: tuple[int, int, int], offset: int, limit: int) -> list[TierSlice]:
    """Which parts of which tiers make up the page ``[offset, offset + limit)`` of the results,
    given how many matches each tier holds (name, labels, anywhere)."""
    slices: list[TierSlice] = []
    start = 0
    for tier, count in zip((TIER_NAME, TIER_LABELS, TIER_ANYWHERE), tier_counts, strict=True):
        end = start + count
        first, last = max(offset, start), min(offset + limit, end)
        if first < last:
            slices.append(TierSlice(tier, first - start, last - first))
        start = end
    return slices


def page_by_tier(
    offset: int,
    limit: int,
    total: int,
    fetch: Callable[[int, bool, int, int], Sequence[_T]],
    count: Callable[[int], int],
) -> list[_T]:
    """The results ``[offset, offset + limit)`` of a search with ``total`` matches, read tier
    by tier through two primitives a backend answers from its index:

    - ``fetch(tier, exclude_earlier, limit, offset)``: that tier's matches, newest first; with
      ``exclude_earlier`` false the backend may skip excluding the earlier tiers' matches
      (they are known to be empty), which is cheaper;
    - ``count(level)``: how many matches tiers 1 to ``level`` hold together.

    The first page (the common case) needs no count: a tier that ends within the page tells its
    size by ending. Deeper pages count the levels they must skip.
    """
    items: list[_T] = []
    if offset == 0:
        before = 0  # matches in the tiers already read, known exactly
        for tier in (TIER_NAME, TIER_LABELS, TIER_ANYWHERE):
            want = limit - len(items)
            if want <= 0 or before >= total:
                break
            found = fetch(tier, before > 0, want, 0)
            items.extend(found)
            before += len(found)
        return items
    named = count(TIER_NAME)
    if offset + limit <= named:  # the page ends within the first tier
        counts = (named, 0, 0)
    else:
        labelled = count(TIER_LABELS)
        counts = (named, labelled - named, total - labelled)
    for part in tier_slices(counts, offset, limit):
        items.extend(fetch(part.tier, sum(counts[: part.tier - 1]) > 0, part.limit, part.offset))
    return items
